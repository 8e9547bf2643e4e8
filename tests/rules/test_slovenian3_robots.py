"""Slovenian Tarok robots: every level plays only legal actions and sees only its own seat's
view, under every option and both auction styles; hidden cards do not change a choice; the
basic robot makes every kind of decision; the duel harness plays Slovenian."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from typing import Any

from games.bots import RandomRobot, get_robot, seat_view
from games.bots.duel import duplicate_deal, run_duel
from games.bots.slovenian3.basic import BasicPolicy
from games.bots.slovenian3.hand import sure_colour_valat, sure_valat, trick_risk
from games.bots.slovenian3.knowledge import Knowledge, read_plays
from games.bots.slovenian3.play import choose_card
from games.bots.slovenian3.sampler import DISCARD, HAND, Sampler
from games.rules import Deal, HandContext
from games.rules.cards import KINGS, PACK_54
from games.rules.slovenian3 import OPTIONS, SLOVENIAN3, Phase, SlovenianState
from games.rules.slovenian3.state import evolve
from tests.rules.playout_checks import slovenian_visible_cards
from tests.rules.robot_checks import (
    Watched,
    assert_hidden_cards_do_not_matter,
    assert_strong_answers_in_time,
    duel_output,
    unlimited_strong,
)

CHOICES = {option.name: option.choices or (option.default,) for option in OPTIONS}

Chooser = Callable[[SlovenianState, int, list[str], random.Random], str]


def options_for(index: int) -> dict[str, Any]:
    """Each option's value from its own digit of ``index``, so that every value is played."""
    options = {}
    for k, (name, choices) in enumerate(sorted(CHOICES.items())):
        options[name] = choices[(index // (k % 4 + 1) + k) % len(choices)]
    options["auction_style"] = "simple" if index % 5 == 3 else "full"
    return options


def play_hand(
    index: int, choose: Chooser, deal: Deal | None = None, options: dict[str, Any] | None = None
) -> SlovenianState:
    """One Slovenian hand from seed ``index`` (dealer ``index % 3``), every decision made by
    ``choose(state, seat, legal, rng)``; the final state."""
    rng = random.Random(index)
    dealer = index % 3
    options = options_for(index) if options is None else options
    deal = deal or SLOVENIAN3.deal(rng, 3, options, dealer=dealer)
    radelci = (index % 2, 0, 1) if options.get("radelci") else ()
    state = SLOVENIAN3.new_hand(deal, HandContext(dealer=dealer, options=options, radelci=radelci))
    while not SLOVENIAN3.is_over(state):
        (seat,) = state.to_act
        legal = SLOVENIAN3.legal_actions(state, seat)
        action = choose(state, seat, legal, rng)
        assert action in legal, (action, legal)
        state = SLOVENIAN3.apply(state, seat, action)
    return state


def by_robots(robots: list[Any]) -> Chooser:
    """The runner's call: the seat's own view and its legal actions, nothing else."""

    def choose(state: SlovenianState, seat: int, legal: list[str], rng: random.Random) -> str:
        return robots[seat].choose(seat_view(SLOVENIAN3, state, seat), legal, rng)

    return choose


# -- nothing but the seat's own view ------------------------------------------------------------


class SlovenianWatched(Watched):
    variant = SLOVENIAN3

    def hidden(self, state: SlovenianState, seat: int, legal: list[str]) -> set[str]:
        return PACK_54 - slovenian_visible_cards(state, seat)

    def note(self, state: SlovenianState, seat: int, hidden: set[str]) -> None:
        contract = state.contract
        if contract is not None and not contract.talon_group and hidden & set(state.talon):
            self.hidden_kinds["hidden talon"] += 1
        if state.discard and seat != state.declarer and any(c[0] != "T" for c in state.discard):
            self.hidden_kinds["declarer's discard"] += 1
        if state.exposed and seat != state.declarer:
            self.hidden_kinds["open beggar's hand"] += 1


def test_every_level_plays_only_legal_actions_and_sees_no_hidden_card():
    robots = SlovenianWatched.levels()
    contracts: Counter[str] = Counter()
    for index in range(240):
        # The strong robot (slow even with its tiny budget) sits in one hand in four.
        order = ("random", "basic", "strong" if index % 4 == 0 else "basic")
        levels = [order[(seat + index) % 3] for seat in range(3)]

        def choose(
            state: SlovenianState, seat: int, legal: list[str], rng: random.Random, levels=levels
        ) -> str:
            return robots[levels[seat]].choose(state, seat, legal, rng)

        state = play_hand(index, choose)
        contracts[state.contract.key] += 1
    assert robots["random"].checked > 2500 and robots["basic"].checked > 5000
    assert robots["strong"].checked > 500
    assert {"klop", "three", "two", "one"} <= set(contracts), contracts
    kinds = sum((robot.hidden_kinds for robot in robots.values()), Counter())
    assert kinds["hidden talon"] and kinds["declarer's discard"] and kinds["open beggar's hand"], kinds


def test_a_table_of_one_level_plays_legal_hands():
    for level in ("random", "basic"):
        robot = get_robot(level)
        for index in range(60):
            play_hand(1000 + index, by_robots([robot] * 3))


# -- hidden cards do not matter -------------------------------------------------------------------


def play_to(seed: int, stop: Callable[[SlovenianState, list[str]], bool]) -> SlovenianState:
    """A basic-robot hand stopped at the first decision where ``stop(state, legal)``."""
    basic = get_robot("basic")
    for index in range(seed, seed + 80):
        rng = random.Random(index)
        deal = duplicate_deal(SLOVENIAN3, 5, index, index % 3)
        state = SLOVENIAN3.new_hand(deal, HandContext(dealer=index % 3))
        while not SLOVENIAN3.is_over(state):
            (seat,) = state.to_act
            legal = SLOVENIAN3.legal_actions(state, seat)
            if stop(state, legal):
                return state
            state = SLOVENIAN3.apply(
                state, seat, basic.choose(seat_view(SLOVENIAN3, state, seat), legal, rng)
            )
    raise AssertionError("no such position")


def swap_hidden(state: SlovenianState, seat: int) -> SlovenianState:
    """The same position for ``seat`` with one card exchanged between the two other seats'
    hands (plain cards of one suit, not the exposed open beggar's)."""
    a, b = (s for s in range(3) if s != seat)
    hands = [list(h) for h in state.hands]
    for x in hands[a]:
        for y in hands[b]:
            if x[0] == y[0] and x != y and {x, y}.isdisjoint({"T1", "T21", "T22", *KINGS}):
                hands[a][hands[a].index(x)], hands[b][hands[b].index(y)] = y, x
                return evolve(state, hands=tuple(state.setup.sort(h) for h in hands))
    raise AssertionError("nothing to swap")


def test_a_robot_decides_the_same_whatever_the_hidden_cards_are():
    spots = [
        (3, lambda s, legal: s.phase is Phase.AUCTION and len(legal) > 1),
        (4, lambda s, legal: s.phase is Phase.DISCARD and len(legal) > 1),
        (5, lambda s, legal: s.phase is Phase.ANNOUNCE and len(legal) > 1),
        (6, lambda s, legal: s.phase is Phase.PLAY and len(s.tricks) >= 1 and len(legal) > 2),
        (7, lambda s, legal: s.phase is Phase.PLAY and len(s.tricks) >= 6 and len(legal) > 2),
        (8, lambda s, legal: s.phase is Phase.PLAY and s.contract.key == "klop" and len(legal) > 2),
    ]
    for seed, stop in spots:
        state = play_to(seed, stop)
        (seat,) = state.to_act
        if state.exposed and seat == state.declarer:
            continue
        other = swap_hidden(state, seat)
        robots = (get_robot("random"), get_robot("basic"), unlimited_strong(40))
        assert_hidden_cards_do_not_matter(SLOVENIAN3, state, other, seat, robots)


# -- the basic robot ---------------------------------------------------------------------------


def stacked(index: int, seat: int, cards: str, dealer: int = 2) -> Deal:
    """A random deal in which ``seat`` holds ``cards`` (16, written out)."""
    mine = cards.split()
    rng = random.Random(f"stacked:{index}")
    rest = sorted(PACK_54 - set(mine))
    rng.shuffle(rest)
    others = iter([rest[:16], rest[16:32]])
    hands = tuple(tuple(mine) if s == seat else tuple(next(others)) for s in range(3))
    return Deal(hands=hands, talon=tuple(rest[32:]))


# Dealer 2: forehand is seat 0, middlehand (who opens the full auction) seat 1.
SURE_VALAT = "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 HK"
SURE_COLOUR_VALAT = "HK HQ HR HJ H1 H2 H3 H4 SK SQ SR SJ S10 S9 S8 S7"
OPEN_BEGGAR = "T2 T3 H4 H3 H2 H1 S7 S8 S9 D4 D3 D2 C7 C8 C9 C10"
BEGGAR = "T2 T5 H4 H3 H2 H1 S7 S8 S10 D4 D3 D1 C7 C8 C9 CR"
SOLO = "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T1 HK SK DK CK C7"
BONUSES = "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T1 HK SK DK CK"


def count_decisions(hands: list[tuple[int, Deal | None, dict[str, Any] | None]]) -> Counter[str]:
    """Every decision the basic robot makes in these hands, by kind (``bid:two``,
    ``announce:trula``, ``kontra:game``, ``take:1``, ``discard``, ``play``, ...)."""
    basic = get_robot("basic")
    made: Counter[str] = Counter()

    def choose(state: SlovenianState, seat: int, legal: list[str], rng: random.Random) -> str:
        action = basic.choose(seat_view(SLOVENIAN3, state, seat), legal, rng)
        if len(legal) > 1:
            word = action.partition(":")[0]
            made[word if word in ("discard", "play") else action] += 1
            if word == "discard" and any(c[0] == "T" for c in action[8:].split(",")):
                made["tarok discarded"] += 1
        return action

    for index, deal, options in hands:
        state = play_hand(index, choose, deal, options)
        made[f"contract {state.contract.key}"] += 1
    return made


def test_the_basic_robot_makes_every_kind_of_decision():
    # Ordinary deals under every option; then stacked hands for the rare contracts and the
    # bonuses (announced by a declarer of one in the simple auction, where solo is not bid).
    full = {"auction_style": "full"}
    simple = {"auction_style": "simple"}
    klop_kontra = {"kontra_on_klop": True}
    hands: list[tuple[int, Deal | None, dict[str, Any] | None]] = [(i, None, None) for i in range(300)]
    hands += [(i, None, klop_kontra) for i in range(300, 360)]
    # Stacked deals have dealer 2 (seed index ≡ 2 mod 3): forehand seat 0, middlehand seat 1.
    for seat, cards, options in (
        (0, SURE_VALAT, full),
        (0, SURE_COLOUR_VALAT, full),
        (1, OPEN_BEGGAR, full),
        (1, BEGGAR, full),
        (1, SOLO, full),
        (0, BONUSES, simple),
    ):
        hands += [(3 * i + 2, stacked(i, seat, cards), options) for i in range(3)]
    made = count_decisions(hands)
    contracts = (
        *("klop", "three", "two", "one", "beggar"),
        *("solo-without", "open-beggar", "colour-valat", "valat"),
    )
    wanted = [f"contract {c}" for c in contracts]
    wanted += ["pass", *(f"bid:{c}" for c in contracts)]
    wanted += ["take:1", "take:2", "take:3", "discard", "play"]
    wanted += [f"announce:{b}" for b in ("trula", "kings", "ultimo", "valat")]
    wanted += ["kontra:game", "kontra:klop"]
    missing = [kind for kind in wanted if not made[kind]]
    assert not missing, (missing, made)
    # Rules of thumb, not coin flips: kontra and the rare contracts stay the exception.
    assert made["kontra:game"] < made["contract two"] + made["contract three"] + made["contract one"]


def view_for(hand: str, **fields: Any) -> dict[str, Any]:
    view: dict[str, Any] = {"variant": "slovenian3", "viewer": 1, "hand": hand.split(), "options": {}}
    view.update(fields)
    return view


STRONG = "T22 T21 T20 T19 T18 T16 T14 T12 T9 HK SK D4 D3 C7 C8 H2"
WEAK = "T14 T6 T3 HQ H1 H4 S10 S8 S7 DJ D2 D3 CR C9 C7 C10"


def test_basic_bidding_in_written_out_spots():
    robot = BasicPolicy()
    rng = random.Random(1)
    open_turn = [
        "pass",
        "bid:two",
        "bid:one",
        "bid:beggar",
        "bid:solo-without",
        "bid:open-beggar",
        "bid:colour-valat",
        "bid:valat",
    ]
    assert robot.choose(view_for(WEAK, phase="auction"), open_turn, rng) == "pass"
    assert robot.choose(view_for(STRONG, phase="auction"), open_turn, rng) == "bid:two"
    assert robot.choose(view_for(BEGGAR, phase="auction"), open_turn, rng) == "bid:beggar"
    # Forehand's special turn: klop with a weak hand, and never a beggar (klop pays it better).
    special = ["bid:klop", "bid:three", *open_turn[1:]]
    assert robot.choose(view_for(WEAK, phase="auction"), special, rng) == "bid:klop"
    assert robot.choose(view_for(OPEN_BEGGAR, phase="auction"), special, rng) == "bid:klop"
    assert robot.choose(view_for(STRONG, phase="auction"), special, rng) == "bid:one"
    assert robot.choose(view_for(SURE_VALAT, phase="auction"), special, rng) == "bid:valat"
    # Final calls: raise to what the hand is worth, or repeat.
    assert robot.choose(view_for(SOLO, phase="auction"), open_turn[1:], rng) == "bid:solo-without"
    assert robot.choose(view_for(OPEN_BEGGAR, phase="auction"), open_turn[3:], rng) == "bid:open-beggar"
    # The simple auction's opener at three passes a weak hand into klop.
    simple_final = ["pass", "bid:three", "bid:two", "bid:one"]
    assert robot.choose(view_for(WEAK, phase="auction"), simple_final, rng) == "pass"
    assert robot.choose(view_for(STRONG, phase="auction"), simple_final, rng) == "bid:one"
    assert trick_risk(OPEN_BEGGAR.split()) < trick_risk(BEGGAR.split()) < trick_risk(WEAK.split())
    assert sure_valat(SURE_VALAT.split()) and not sure_valat(SOLO.split())
    assert sure_colour_valat(SURE_COLOUR_VALAT.split()) and not sure_colour_valat(SOLO.split())


def test_basic_talon_and_discard_in_written_out_spots():
    robot = BasicPolicy()
    rng = random.Random(1)
    # Contract two: group 2 holds the mond: leaving it would cost the mond penalty.
    hand = "T20 T18 T15 T11 T7 T5 T2 HK HQ H3 SK S9 D1 D2 C8 C7"
    groups = [["HR", "S8"], ["T21", "D3"], ["CK", "T4"]]
    view = view_for(hand, phase="talon", talon_groups=groups)
    assert robot.choose(view, ["take:1", "take:2", "take:3"], rng) == "take:2"
    # The discard empties clubs (a void to ruff) and never throws a king or a tarok.
    hand = "T21 T20 T18 T15 T11 T7 T5 T2 HK HQ H3 SK S9 D1 D2 C8 C7 D3"
    legal = suit_discards(hand, 2)
    choice = robot.choose(view_for(hand, phase="discard"), legal, rng)
    assert choice == "discard:C8,C7", choice


def suit_discards(hand: str, count: int) -> list[str]:
    """The legal discards of ``count`` cards from ``hand`` (non-king suit cards)."""
    suits = [c for c in hand.split() if c[0] != "T" and c not in KINGS]
    return ["discard:" + ",".join(combo) for combo in combinations(suits, count)]


def test_basic_announcements_and_kontra_in_written_out_spots():
    robot = BasicPolicy()
    rng = random.Random(1)
    declarer = {"phase": "announce", "declarer": 1, "contract_key": "one", "talon_groups": None}
    legal = ["pass", "announce:trula", "announce:kings", "announce:ultimo", "announce:valat", "kontra:game"]
    assert robot.choose(view_for(BONUSES, **declarer), legal[:5], rng) == "announce:trula"
    assert robot.choose(view_for(BONUSES, **declarer), ["pass", "announce:kings"], rng) == "announce:kings"
    assert robot.choose(view_for(BONUSES, **declarer), ["pass", "announce:ultimo"], rng) == "announce:ultimo"
    assert robot.choose(view_for(STRONG, **declarer), legal[:5], rng) == "pass"
    # Every level of the kontra chain, each by the side allowed it, when the hand says so.
    opponent = {**declarer, "declarer": 0}
    assert robot.choose(view_for(STRONG, **opponent), ["pass", "kontra:game"], rng) == "kontra:game"
    assert robot.choose(view_for(WEAK, **opponent), ["pass", "kontra:game"], rng) == "pass"
    assert robot.choose(view_for(SOLO, **opponent), ["pass", "subkontra:game"], rng) == "subkontra:game"
    assert robot.choose(view_for(WEAK, **opponent), ["pass", "subkontra:game"], rng) == "pass"
    assert robot.choose(view_for(SOLO, **declarer), ["pass", "rekontra:game"], rng) == "rekontra:game"
    assert robot.choose(view_for(SOLO, **declarer), ["pass", "mortkontra:game"], rng) == "mortkontra:game"
    assert robot.choose(view_for(WEAK, **declarer), ["pass", "rekontra:game"], rng) == "pass"
    valat = {**declarer, "contract_key": "valat"}
    assert robot.choose(view_for(SURE_VALAT, **valat), ["pass", "rekontra:valat"], rng) == "rekontra:valat"
    # A bonus the other side cannot make: the škis spoils the trula.
    assert robot.choose(view_for(STRONG, **opponent), ["pass", "kontra:trula"], rng) == "kontra:trula"
    klop = {"phase": "announce", "declarer": None, "contract_key": "klop"}
    assert robot.choose(view_for(OPEN_BEGGAR, **klop), ["pass", "kontra:klop"], rng) == "kontra:klop"
    assert robot.choose(view_for(STRONG, **klop), ["pass", "kontra:klop"], rng) == "pass"


def knowledge(
    hand: str,
    trick: list[tuple[int, str]],
    contract: str,
    seat: int = 2,
    declarer: int | None = 0,
    played: str = "",
    **extra: Any,
) -> Knowledge:
    gone = set(played.split()) | {card for _, card in trick}
    fields: dict[str, Any] = {
        "seat": seat,
        "hand": hand.split(),
        "trick": trick,
        "trick_no": 3,
        "declarer": declarer,
        "gone": gone,
        "voids": [set() for _ in range(3)],
        "contract": contract,
    }
    fields.update(extra)
    return Knowledge(**fields)


def test_basic_card_play():
    # Three: seat 2's partner (seat 1) wins with the king, nobody to follow: smear the queen.
    k = knowledge("HQ H1 T9", [(0, "HJ"), (1, "HK")], "three")
    assert choose_card(k, ["HQ", "H1"]) == "HQ"
    # The škis catches the declarer's mond.
    k = knowledge("T22 T4 T6", [(0, "T21"), (1, "T3")], "two")
    assert choose_card(k, ["T22", "T4", "T6"]) == "T22"
    # The emperor trick: škis and mond in the trick, the pagat takes it.
    k = knowledge("T1 T4 T6", [(0, "T22"), (1, "T21")], "one")
    assert choose_card(k, ["T1", "T4", "T6"]) == "T1"
    # The mond stays home while the škis is out and could fall on it.
    k = knowledge("T21 T4 HK", [(0, "T2"), (1, "T3")], "three", seat=2, declarer=2)
    assert choose_card(k, ["T21", "T4"]) == "T4"
    # Klop: the trick is lost to seat 0's king: add the queen (points to another's trick).
    k = knowledge("HQ H3 H4 T5", [(0, "HK"), (1, "H2")], "klop", declarer=None)
    assert choose_card(k, ["HQ", "H3", "H4"]) == "HQ"
    # Klop, forced to beat the jack with seat 0 still to play: the lowest winner.
    k = knowledge("HK HQ HR T5", [(1, "HJ")], "klop", declarer=None)
    assert choose_card(k, ["HK", "HQ", "HR"]) == "HR"
    # Beggar: the declarer (seat 0) leads the king of hearts; play under it.
    k = knowledge("H1 H2 HQ", [(0, "HR")], "beggar", seat=1)
    assert choose_card(k, ["H1", "H2", "HQ"]) == "H1"
    # Valat: an opponent beats the declarer whenever it can.
    k = knowledge("HK H4 T9", [(0, "HQ")], "valat", seat=1)
    assert choose_card(k, ["HK", "H4"]) == "HK"


def test_must_beat_tells_what_a_seat_lacks_in_klop():
    # Seat 1 followed H3 under the queen with no tarok in the trick: it holds nothing above HQ;
    # seat 2 threw a spade on hearts: no hearts, no taroks.
    plays = [(0, "HQ"), (1, "H3"), (2, "S7")]
    voids, ceilings = read_plays(plays, negative=True)
    assert voids[2] == {"H", "T"} and ceilings[1] == {"H": 13}
    assert read_plays(plays, negative=False)[1] == [{}, {}, {}]


# -- the strong robot ----------------------------------------------------------------------------


def test_the_sampler_never_rules_out_the_true_deal():
    """Every constraint the sampler reads from a view holds for the real cards, in every
    contract the robots reach (klop's and the beggars' must-beat ceilings included); at a table
    of basic robots the auction's soft bounds hold too."""
    checked: Counter[str] = Counter()
    for index in range(90):
        all_basic = index % 3 == 0
        levels = [get_robot("basic") if all_basic or (index + s) % 3 else RandomRobot() for s in range(3)]

        def choose(
            state: SlovenianState, seat: int, legal: list[str], rng: random.Random, levels=levels
        ) -> str:
            view = seat_view(SLOVENIAN3, state, seat)
            if state.phase is Phase.PLAY and len(state.tricks) % 4 == 1:
                sampler = Sampler(view)
                truth = check_truth(state, sampler)
                if levels.count(levels[0]) == 3:
                    assert sampler.fits_auction(truth), (view["auction"], sampler.bounds)
                checked[state.contract.key] += 1
            return levels[seat].choose(view, legal, rng)

        play_hand(3000 + index, choose)
    assert sum(checked.values()) > 500 and {"klop", "three", "two", "one"} <= set(checked), checked


def check_truth(state: SlovenianState, sampler: Sampler) -> list[list[str]]:
    """The true cards of each slot, checked against the slot's size and every card's places."""
    truth = []
    for slot in sampler.slots:
        if slot.kind == HAND:
            truth.append(list(state.hands[slot.seat]))
        elif slot.kind == DISCARD:
            truth.append([c for c in state.discard if c[0] != "T"])
        else:
            truth.append(list(state.talon[len(state.gifts) :]))
    assert sorted(c for cards in truth for c in cards) == sorted(sampler.pool)
    for index, (slot, cards) in enumerate(zip(sampler.slots, truth, strict=True)):
        assert len(cards) == slot.cap
        for card in cards:
            assert index in sampler.eligible(card, strict=True), (slot.kind, slot.seat, card)
    return truth


def test_the_strong_robot_answers_legally_within_its_cap():
    def at_trick(tricks: int) -> Callable[[SlovenianState, list[str]], bool]:
        return lambda s, legal: s.phase is Phase.PLAY and len(s.tricks) >= tricks and len(legal) > 2

    spots = ((11, 0), (12, 2), (13, 5), (14, 8), (15, 11))
    assert_strong_answers_in_time(SLOVENIAN3, (play_to(seed, at_trick(tricks)) for seed, tricks in spots))


# -- the duel harness -----------------------------------------------------------------------------


def test_a_small_slovenian_duel_runs_and_prints():
    result = run_duel("basic", "random", 4, seed=2, workers=1, variant="slovenian3")
    assert result.deals == 4 and result.times["basic"] and result.hands_per_deal == 6
    arguments = (
        "--variant slovenian3 --a basic --b random --hands 2 --workers 1 --option auction_style=simple"
    )
    text = duel_output(*arguments.split())
    assert text.startswith("slovenian3: basic (A) against random (B), 2 deals × 6 hands")
    assert "s.e." in text and "p95 ms" in text
