"""Czech Taroky robots: every level plays only legal actions and sees only its own seat's view;
hidden cards do not change a choice; the basic robot makes every kind of decision; the strong
robot's worlds agree with the truth and it answers in time; the duel harness plays Czech."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from games.bots import BasicRobot, RandomRobot, StrongRobot, UnknownRobotVariant, get_robot, seat_view
from games.bots.czech.basic import BasicPolicy
from games.bots.czech.knowledge import DECLARER, OPPONENTS, Facts, Knowledge, known_sides
from games.bots.czech.play import choose_card
from games.bots.czech.sampler import DISCARD, HAND, Sampler
from games.bots.czech.strong import candidates
from games.bots.duel import duplicate_deal, run_duel
from games.rules import Deal, HandContext
from games.rules.cards import PACK_54, TRUMP, rank_table
from games.rules.czech import CZECH, CzechState, Phase
from games.rules.czech.state import evolve
from tests.rules.robot_checks import (
    Watched,
    assert_hidden_cards_do_not_matter,
    assert_strong_answers_in_time,
    duel_output,
    unlimited_strong,
)

RANK = rank_table("machtarok")

Chooser = Callable[[CzechState, int, list[str], random.Random], str]


def play_hand(index: int, choose: Chooser, deal: Deal | None = None) -> CzechState:
    """One Czech hand from seed ``index`` (the table shuffles and cuts unless ``deal`` is
    given), every decision made by ``choose(state, seat, legal, rng)``; the final state."""
    rng = random.Random(index)
    dealer = index % 4
    deal = deal or CZECH.deal(rng, 4, {}, dealer=dealer)
    state = CZECH.new_hand(deal, HandContext(dealer=dealer, opening=index % 7 == 0))
    while not CZECH.is_over(state):
        seat = min(CZECH.to_act(state))
        legal = CZECH.legal_actions(state, seat)
        action = choose(state, seat, legal, rng)
        assert action in legal, (action, legal)
        state = CZECH.apply(state, seat, action)
    assert sum(CZECH.result(state).payments) == 0
    return state


def by_robots(robots: list[Any]) -> Chooser:
    """The runner's call: the seat's own view and its legal actions, nothing else."""

    def choose(state: CzechState, seat: int, legal: list[str], rng: random.Random) -> str:
        return robots[seat].choose(seat_view(CZECH, state, seat), legal, rng)

    return choose


def test_each_level_dispatches_on_the_variant_and_refuses_an_unknown_one():
    view = {"variant": "skat", "phase": "play"}
    for level in ("random", "basic", "strong"):
        with pytest.raises(UnknownRobotVariant, match=f"The {level} robot cannot play variant 'skat'"):
            get_robot(level).choose(view, ["pass"], random.Random(1))
    with pytest.raises(UnknownRobotVariant):
        get_robot("basic").choose({"phase": "play"}, ["pass"], random.Random(1))
    assert isinstance(get_robot("basic"), BasicRobot)


# -- nothing but the seat's own view ------------------------------------------------------------


def visible_cards(state: CzechState, seat: int) -> set[str]:
    """What the seat may know: its own cards (hand, talon cards, discard), what it sees as the
    prever, every public card (played, discarded trumps, rejected talon sets), the called card,
    and T1 once I on the end is called (its holder is public, and the log names it)."""
    known = set(state.hands[seat])
    if state.talon_received is not None:
        known |= set(state.talon_received[seat])
    if state.discards is not None:
        known |= set(state.discards[seat])
    known |= {card for _, card in state.discarded_trumps}
    known |= {card for cards in state.prever_rejected for card in cards}
    if state.prever == seat and state.prever_stage in ("top", "bottom"):
        known |= set(state.talon[:3] if state.prever_stage == "top" else state.talon[3:])
    known |= {card for trick in state.tricks for _, card in trick.cards}
    if state.trick is not None:
        known |= {card for _, card in state.trick.cards}
    if state.called_card is not None:
        known.add(state.called_card)
    if state.iote is not None:
        known.add("T1")
    return known


class CzechWatched(Watched):
    variant = CZECH

    def hidden(self, state: CzechState, seat: int, legal: list[str]) -> set[str]:
        hidden = PACK_54 - visible_cards(state, seat)
        if state.phase is Phase.CALL:
            hidden -= {action[5:] for action in legal}  # names of cards to call, not cards seen
        return hidden

    def note(self, state: CzechState, seat: int, hidden: set[str]) -> None:
        if state.opponents_pile and state.prever_kept == "top" and seat != state.prever:
            self.hidden_kinds["untaken talon"] += 1
        if state.prever == seat and state.prever_kept == "top" and state.phase is Phase.PLAY:
            self.hidden_kinds["prever's unseen bottom set"] += 1
        others = [c for s in range(4) if s != seat for c in (state.discards or ((),) * 4)[s] if c[0] != TRUMP]
        if others:
            self.hidden_kinds["others' discards"] += 1


SEARCHED_HANDS = 40


def test_every_level_plays_only_legal_actions_and_sees_no_hidden_card():
    robots = CzechWatched.levels()
    order = ("random", "basic", "strong", "basic")
    contracts: Counter[str] = Counter()
    for index in range(300):
        if index == SEARCHED_HANDS:
            # The decisions before the card play searched in the first hands only: each search
            # rebuilds worlds from the view (slow for Czech's talon and prever); the card search
            # and every level's inputs are watched in all 300.
            robots["strong"].robot = StrongRobot(playout_budget=1, decisions=False)
        levels = [order[(seat + index) % 4] for seat in range(4)]

        def choose(
            state: CzechState, seat: int, legal: list[str], rng: random.Random, levels: list[str] = levels
        ) -> str:
            return robots[levels[seat]].choose(state, seat, legal, rng)

        state = play_hand(index, choose)
        contracts[state.contract] += 1
    assert all(robot.checked > 3000 for robot in robots.values())
    assert contracts["prever"] >= 15 and contracts["partner game"] >= 150
    kinds = sum((robot.hidden_kinds for robot in robots.values()), Counter())
    assert kinds["untaken talon"] and kinds["prever's unseen bottom set"] and kinds["others' discards"]


def test_a_table_of_one_level_plays_legal_hands():
    for level in ("random", "basic"):
        robot = get_robot(level)
        for index in range(60):
            play_hand(1000 + index, by_robots([robot] * 4))


# -- hidden cards do not matter -------------------------------------------------------------------


def play_to_cards(seed: int, tricks: int) -> CzechState:
    """A basic-robot hand stopped after ``tricks`` tricks at a card with several legal plays."""
    basic = get_robot("basic")
    for index in range(seed, seed + 50):
        rng = random.Random(index)
        state = CZECH.new_hand(duplicate_deal(CZECH, 5, index, 3), HandContext(dealer=3))
        while not CZECH.is_over(state):
            seat = min(CZECH.to_act(state))
            legal = CZECH.legal_actions(state, seat)
            if state.phase is Phase.PLAY and len(state.tricks) >= tricks and len(legal) > 2:
                return state
            state = CZECH.apply(state, seat, basic.choose(seat_view(CZECH, state, seat), legal, rng))
    raise AssertionError("no such position")


def swap_hidden(state: CzechState, seat: int) -> CzechState:
    """The same position for ``seat`` with one card exchanged between two other seats' hands:
    plain cards of one suit (so every void, money card and the call stay true)."""
    others = [s for s in range(4) if s != seat]
    special = {"T1", "T21", "T22", "HK", "SK", "DK", "CK", state.called_card}
    hands = [list(h) for h in state.hands]
    for a in others:
        for b in others:
            for x in hands[a]:
                for y in hands[b]:
                    if a < b and x[0] == y[0] and x not in special and y not in special:
                        hands[a][hands[a].index(x)], hands[b][hands[b].index(y)] = y, x
                        sort = state.setup.sort
                        return evolve(state, hands=tuple(sort(h) for h in hands))
    raise AssertionError("nothing to swap")


def test_a_robot_decides_the_same_whatever_the_hidden_cards_are():
    for seed, tricks in ((3, 1), (5, 4), (8, 7)):
        state = play_to_cards(seed, tricks)
        (seat,) = state.to_act
        other = swap_hidden(state, seat)
        assert_hidden_cards_do_not_matter(
            CZECH, state, other, seat, (get_robot("basic"), unlimited_strong(60))
        )


# -- the basic robot ---------------------------------------------------------------------------


def count_decisions(deals: list[tuple[int, Deal | None]]) -> Counter[str]:
    basic = get_robot("basic")
    made: Counter[str] = Counter()

    def choose(state: CzechState, seat: int, legal: list[str], rng: random.Random) -> str:
        action = basic.choose(seat_view(CZECH, state, seat), legal, rng)
        if len(legal) > 1:
            made[action.partition(":")[0]] += 1
        return action

    for index, deal in deals:
        play_hand(index, choose, deal)
    return made


def stacked(index: int, wants: Callable[[list[list[str]], list[str], int], bool]) -> Deal:
    """A random Czech deal (dealer ``index % 4``) that ``wants(hands, talon, povinnost)``."""
    rng = random.Random(f"stacked:{index}")
    cards = sorted(PACK_54)
    while True:
        rng.shuffle(cards)
        hands = [cards[6 + 12 * k : 18 + 12 * k] for k in range(4)]
        if wants(hands, cards[:6], (index % 4 + 1) % 4):
            return Deal(hands=tuple(tuple(h) for h in hands), talon=tuple(cards[:6]))


def top_trumps_for_povinnost(index: int) -> Deal:
    """A random deal whose povinnost (dealer ``index % 4``) holds T22 down to T11: a sure valat."""
    rng = random.Random(f"top:{index}")
    top = [f"T{n}" for n in range(22, 10, -1)]
    rest = sorted(PACK_54 - set(top))
    rng.shuffle(rest)
    hands = [rest[6 + 12 * k : 18 + 12 * k] for k in range(3)]
    hands.insert((index % 4 + 1) % 4, top)
    return Deal(hands=tuple(tuple(h) for h in hands), talon=tuple(rest[:6]))


def trump_count(cards: list[str]) -> int:
    return sum(1 for c in cards if c[0] == TRUMP)


def test_the_basic_robot_makes_every_kind_of_decision():
    # Ordinary deals (the table shuffles and cuts); then deals with a povinnost weak in trumps
    # (the money choice), with a seat long in trumps (I on the end) and with a sure valat.
    deals: list[tuple[int, Deal | None]] = [(index, None) for index in range(600)]
    weak = [
        (i, stacked(i, lambda hands, talon, p: trump_count(hands[p] + talon[:4]) <= 2)) for i in range(60)
    ]
    strong = [(i, stacked(i, lambda hands, talon, p: max(map(trump_count, hands)) >= 10)) for i in range(80)]
    sure = [(i, top_trumps_for_povinnost(i)) for i in range(4)]
    made = count_decisions(deals + weak + strong + sure)
    for kind in (
        "pass",
        "cut",
        "prever",
        "take",
        "offer",
        "accept",
        "refuse",
        "keep",
        "reject",
        "discard",
        "call",
        "declare",
        "decline",
        "valat",
        "iote",
        "contra",
        "play",
    ):
        assert made[kind] > 0, (kind, made)
    # Rules of thumb, not coin flips: prever, valat and contra stay the exception.
    assert made["prever"] < made["pass"] / 5 and made["contra"] < 200


def view_for(hand: str, **fields: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "variant": "czech",
        "viewer": 1,
        "hand": hand.split(),
        "options": {"red_pip_order": "machtarok"},
    }
    view.update(fields)
    return view


def test_basic_rules_of_thumb_in_written_out_spots():
    robot = BasicPolicy()
    rng = random.Random(1)
    strong = "T22 T21 T20 T19 T18 T16 T12 T9 T4 HK SK C7"
    weak = "T14 T6 T3 HQ H1 S10 S8 DJ D2 CR C9 C7"
    assert robot.choose(view_for("", phase="shuffle", shuffles=0), ["pass", "shuffle"], rng) == "pass"
    assert robot.choose(view_for(strong, phase="prever"), ["pass", "prever"], rng) == "prever"
    assert robot.choose(view_for(weak, phase="prever"), ["pass", "prever"], rng) == "pass"
    # Holding T19 the seat will be the partner: it takes the talon card.
    assert robot.choose(view_for("T19 " + weak, phase="talon"), ["take", "offer"], rng) == "take"
    # Povinnost's four discards empty the spades (banking the queen) and never throw a king.
    hand = "T20 T11 T7 T5 T2 HK H3 SQ S9 DK D4 D2 CJ C10 C9 C8".split()
    discarded = []
    for _ in range(4):
        legal = [f"discard:{c}" for c in hand if c[0] != "T" and c[1] != "K"]
        card = robot.choose(view_for(" ".join(hand), phase="discard"), legal, rng)[8:]
        hand.remove(card)
        discarded.append(card)
    assert {"SQ", "S9"} <= set(discarded), discarded
    # Valat only when it is sure: top trumps enough to draw all the others, kings besides.
    top = "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 HK"
    prever = {"phase": "valat", "contract": "prever", "declarer": 1}
    assert robot.choose(view_for(top, **prever), ["pass", "valat"], rng) == "valat"
    assert robot.choose(view_for(strong, **prever), ["pass", "valat"], rng) == "pass"
    assert robot.choose(view_for(top, **{**prever, "declarer": 0}), ["pass", "valat"], rng) == "pass"
    # I on the end with the I and a long trump hand only.
    long_hand = "T22 T20 T18 T15 T13 T10 T8 T5 T1 HK C8 C7"
    assert robot.choose(view_for(long_hand, phase="iote"), ["pass", "iote"], rng) == "iote"
    assert (
        robot.choose(
            view_for("T1 T5 T9 " + "HK HQ SK SQ DK DQ CK CQ CR", phase="iote"), ["pass", "iote"], rng
        )
        == "pass"
    )


SIDES = [DECLARER, OPPONENTS, DECLARER, OPPONENTS]


def knowledge(
    hand: str, trick: list[tuple[int, str]], seat: int = 3, played: str = "", **extra: Any
) -> Knowledge:
    gone = set(played.split()) | {card for _, card in trick}
    fields: dict[str, Any] = {
        "seat": seat,
        "hand": hand.split(),
        "trick": trick,
        "trick_no": 3,
        "declarer": 0,
        "gone": gone,
        "voids": [set() for _ in range(4)],
        "sides": SIDES,
        "iote": None,
        "called_card": "T19",
        "rank": RANK,
    }
    fields.update(extra)
    return Knowledge(**fields)


def test_basic_card_play():
    # Seat 3's teammate is seat 1. Last to play, the teammate wins with the king: smear the
    # queen, not the pip.
    k = knowledge("HQ H1 T9", [(0, "HJ"), (1, "HK"), (2, "H2")])
    assert choose_card(k, ["HQ", "H1"]) == "HQ"
    # Last to play, void in spades, the opponent's T5 wins: beat it with the cheapest trump.
    k = knowledge(
        "T8 T12 T20 HK", [(0, "S10"), (1, "T5"), (2, "S7")], sides=[DECLARER, DECLARER, OPPONENTS, OPPONENTS]
    )
    assert choose_card(k, ["T8", "T12", "T20"]) == "T8"
    # The Skyz catches an opposing Mund.
    k = knowledge("T22 T4 T6", [(0, "T21"), (1, "T3"), (2, "T7")])
    assert choose_card(k, ["T22", "T4", "T6"]) == "T22"
    # The I-on-the-end caller (the core keeps T1 out of its legal cards) loses cheaply.
    k = knowledge("T1 T2 T9", [(0, "T15"), (1, "T10"), (2, "T3")], iote=3)
    assert choose_card(k, ["T2", "T9"]) == "T2"
    # A trick lost to the opponents' king gets the cheapest card (machtarok: H1 is the lowest).
    k = knowledge("HQ H1 H3", [(0, "HK"), (1, "H2"), (2, "H4")])
    assert choose_card(k, ["HQ", "H1", "H3"]) == "H1"


def test_what_the_view_tells_about_sides_and_holdings():
    base: dict[str, Any] = {
        "viewer": 3,
        "declarer": 0,
        "povinnost": 0,
        "contract": "partner game",
        "partner": None,
        "alone": None,
        "called_card": "T17",
        "public_sides": [DECLARER, OPPONENTS, None, None],
        "money": [{"seat": 1, "name": "Taroky", "a": 4}, {"seat": 2, "name": "Trul", "a": 2}],
        "iote": None,
        "discarded_trumps": [{"seat": 1, "card": "T3"}],
    }
    # Seat 3 is an opponent; seat 1 said contra (public); povinnost called an alternative, so it
    # is not alone: seat 2 is the partner.
    assert known_sides(base) == [DECLARER, OPPONENTS, DECLARER, OPPONENTS]
    # Called T19 instead: povinnost may hold it itself, seat 2 stays unknown.
    assert known_sides({**base, "called_card": "T19"}) == [DECLARER, OPPONENTS, None, OPPONENTS]
    facts = Facts(base)
    assert facts.trumps[1] == (10, 12) and facts.trumps[3] == (3, 7) and facts.trumps[0] == (0, 7)
    assert {"T1", "T21", "T22"} <= facts.holds[2]
    assert {"T19", "T18"} <= facts.holds[0] and "T17" in facts.lacks[0]
    assert facts.only_trumps[1] and not facts.only_trumps[2]


# -- the strong robot ----------------------------------------------------------------------------


def test_the_sampler_never_rules_out_the_true_deal():
    """Every constraint the sampler reads from a view holds for the real cards."""
    checked = 0
    for index in range(40):
        basic = get_robot("basic")
        levels = [basic, RandomRobot(), basic, basic]

        def choose(
            state: CzechState, seat: int, legal: list[str], rng: random.Random, levels: list[Any] = levels
        ) -> str:
            nonlocal checked
            view = seat_view(CZECH, state, seat)
            if state.phase is Phase.PLAY and len(state.tricks) % 3 == 0:
                check_truth(state, Sampler(view))
                checked += 1
            return levels[seat].choose(view, legal, rng)

        play_hand(2000 + index, choose)
    assert checked > 300


def check_truth(state: CzechState, sampler: Sampler) -> None:
    public = {card for _, card in state.discarded_trumps}
    truth = []
    for slot in sampler.slots:
        if slot.kind == HAND:
            truth.append(list(state.hands[slot.seat]))
        elif slot.kind == DISCARD:
            truth.append([c for c in state.discards[slot.seat] if c not in public])
        else:
            truth.append([c for c in state.opponents_pile if c not in sampler.known_pile])
    assert sorted(c for cards in truth for c in cards) == sorted(sampler.pool)
    for index, (slot, cards) in enumerate(zip(sampler.slots, truth, strict=True)):
        assert len(cards) == slot.cap
        for card in cards:
            assert index in sampler.eligible(card, strict=True), (slot.kind, slot.seat, card)
    split = tuple(sum(1 for c in cards if c[0] == TRUMP) for cards in truth)
    assert split in set(sampler.splits)
    assert sampler._money_ok(truth)


def test_equivalent_cards_are_one_candidate():
    # T5 and T7 touch once T6 is played; T9 does not (T8 is out); honours and the called card
    # stay apart; S9 and S8 touch, S7 too once nothing lies between; the queen stands alone.
    gone = {"T6"}
    hand = ["T22", "T9", "T7", "T5", "T1", "T18", "T17", "SQ", "S9", "S8", "S7"]
    assert candidates(hand, hand, gone, "T18", RANK) == ["S7", "SQ", "T1", "T5", "T9", "T17", "T18", "T22"]


def test_the_strong_robot_answers_legally_within_its_cap():
    spots = ((11, 0), (12, 2), (13, 4), (14, 6), (15, 8))
    assert_strong_answers_in_time(CZECH, (play_to_cards(seed, tricks) for seed, tricks in spots))


# -- the duel harness -----------------------------------------------------------------------------


def test_a_small_czech_duel_runs_and_prints():
    result = run_duel("basic", "random", 6, seed=2, workers=1, variant="czech")
    assert result.deals == 6 and result.times["basic"]
    # basic and random: the strong robot's searches, a count of playouts under the duel's seed, are
    # exercised by the other robot tests; the Hungarian duel test runs the command with it.
    text = duel_output(*"--variant czech --a basic --b random --hands 1 --workers 1".split())
    assert text.startswith("czech: basic (A) against random (B), 1 deals × 2 hands")
    assert "s.e." in text and "p95 ms" in text


def test_duplicate_deals_give_both_seatings_the_same_cards():
    first = duplicate_deal(CZECH, 3, 7, 2)
    assert first == duplicate_deal(CZECH, 3, 7, 2)
    assert len(first.hands) == 4 and all(len(h) == 12 for h in first.hands) and len(first.talon) == 6
