"""Random playouts: 2,000 Czech hands from ``variant.deal`` with a random policy (seeded).

Every hand starts at the dealer's shuffle: the policy shuffles a few times, cuts or knocks
with every deal style (twelves choice included), goes prever now and then, offers, accepts
and refuses talon cards, keeps and rejects the prever's sets, declares and declines
povinnost's Uni/Bida, calls valat, I on the end and contra up to supra-contra, and plays
random legal cards. The options vary by hand (all red pip orders, ``iote_with_valat``,
trick review, I-on-the-end values, opening hands).

After every action:
- replay: the hand folded from its stored deal and context (JSON round-tripped) over the
  logged actions equals the state played incrementally (carried along one action at a
  time; every 20th hand also redone from scratch with ``games.rules.replay``, and every
  hand at its end);
- every listed legal action of the seat to act applies, other seats have none and every
  action of theirs is refused; actions outside the legal list are refused (a sample of a
  fixed universe of actions, the whole universe every 10th hand);
- observe() for every seat and the audience shows no card the viewer cannot know (checked
  on the view's structure and by scanning its JSON for card ids), hides the seat to act in
  the private turns, and no private decline reaches the log.
At the end: card points total 106, payments sum to 0, receipt lines add up to V.

The run asserts that every kind of decision occurred. The hands are split between two
worker processes; each hand has its own seed, so a failure names a hand that can be
replayed alone with ``play_hand``.
"""

from __future__ import annotations

import random

from games.rules import AUDIENCE, Deal, HandContext
from games.rules.cards import PACK_54
from games.rules.czech import CZECH, CzechState, Phase
from games.rules.czech.observe import called_card_public
from tests.rules.english import english
from tests.rules.playout_checks import (
    CARD_TOKEN,
    ENCODE,
    Replayed,
    check_actions,
    kinds_in_workers,
    tarot_played_cards,
)

HANDS = 2000
SEED = 20240917
ORDERS = ("machtarok", "ace_high", "traditional")
PRIVATE = {Phase.IOTE, Phase.CONTRA}  # the money step is public (every partner game has it)
WORDS = (
    "pass shuffle prever take offer accept refuse keep reject declare decline valat iote contra "
    "rhea-contra supra-contra cut:6 cut:48 cut:x knock:fives pile:0 pile:5 dance discard: play:"
).split()
SOME_CARDS = ("T22", "T19", "T16", "T1", "HK", "H1", "H4", "S10", "D2", "CJ")
UNIVERSE = WORDS + [f"{w}:{c}" for w in ("discard", "play", "call") for c in SOME_CARDS]


def hand_setup(index: int) -> tuple[random.Random, Deal, HandContext]:
    rng = random.Random(SEED * 10_000 + index)
    dealer = index % 4
    options = {
        "red_pip_order": ORDERS[index % 3],
        "iote_with_valat": index % 3 == 1,
        "trick_review": "all" if index % 2 else "last",
        "iote_called_value": 4 + index % 5,
        "iote_silent_value": 1 + index % 3,
    }
    deal = CZECH.deal(rng, 4, options, dealer=dealer)
    context = HandContext(dealer=dealer, options=options, opening=index % 4 == 0)
    return rng, deal, context


def choose(state: CzechState, legal: list[str], rng: random.Random) -> str:
    """The random policy: uniform, except where that would make a kind of decision rare or a
    hand silly (a table that always calls valat)."""
    phase = state.phase

    def maybe(action: str, chance: float) -> str:
        others = [a for a in legal if a != action]
        return action if action in legal and rng.random() < chance else rng.choice(others)

    if phase is Phase.SHUFFLE:
        return maybe("shuffle", 0.4)
    if phase is Phase.CUT:
        knocks = [a for a in legal if a.startswith("knock:")]
        return rng.choice(knocks) if rng.random() < 0.5 else rng.choice([a for a in legal if a not in knocks])
    if phase is Phase.PREVER:
        return maybe("prever", 0.1)
    if phase is Phase.VALAT:
        return maybe("valat", 0.03)
    if phase is Phase.IOTE:
        return maybe("iote", 0.3)
    if phase is Phase.CONTRA:
        return rng.choice(legal) if rng.random() < 0.7 else "pass"
    return rng.choice(legal)


def public_cards(state: CzechState) -> set[str]:
    """Played cards, discarded trumps, rejected prever sets and the called card's name."""
    known = tarot_played_cards(state) | {card for _, card in state.discarded_trumps}
    for rejected in state.prever_rejected:
        known |= set(rejected)
    if state.called_card is not None:
        known.add(state.called_card)
    return known


def own_cards(state: CzechState, seat: int) -> set[str]:
    own = set(state.hands[seat]) | set(state.dealt[seat] if state.dealt else ())
    if state.talon_received is not None:
        own |= set(state.talon_received[seat])
    if state.discards is not None:
        own |= set(state.discards[seat])
    if seat == state.prever and state.prever_stage is not None:
        own |= set(state.talon[:3])  # the prever saw the top set
        if state.prever_rejected:
            own |= set(state.talon[3:])  # and the bottom set after a rejection
    return own


def check_views(state: CzechState, logged: int) -> None:
    """``logged``: how many log entries were checked already (the log only grows, and what
    was public once stays public, so each entry is scanned once, against the public cards)."""
    if state.phase is Phase.OVER:
        return  # everyone sees everything then
    public = public_cards(state)
    new_entries = ENCODE(state.log[logged:])
    leaked = set(CARD_TOKEN.findall(new_entries)) & (PACK_54 - public)
    assert not leaked, ("log", sorted(leaked))
    log = None
    for viewer in (0, 1, 2, 3, AUDIENCE):
        view = CZECH.observe(state, viewer)
        # The log is public: the same for every viewer.
        log = log or view["log"]
        assert view.pop("log") == log
        seat = viewer if isinstance(viewer, int) else None
        own = own_cards(state, seat) if seat is not None else set()
        assert view["talon"] is None and view["deal"] is None
        for s in range(4):
            if s != seat:
                assert view["hands"][s] is None
                if view["talon_received"] is not None:
                    assert view["talon_received"][s] is None
                if view["discards"] is not None:
                    assert view["discards"][s] is None
        if view["prever_talon"] is not None and seat != state.prever:
            assert view["prever_talon"]["seeing"] is None
        if state.contract == "partner game" and (view["partner"] is not None or view["alone"] is not None):
            assert called_card_public(state) or state.called_card in own
        if state.phase in PRIVATE:
            if seat in state.to_act:
                assert view["to_act"] == [seat] and view["waiting"] is None
            else:
                assert view["to_act"] == [] and view["waiting"]
                assert view["phase"] == "contra"  # the I-on-the-end offer looks like a contra offer
        else:
            assert view["to_act"] == sorted(state.to_act) and view["waiting"] is None
        leaked = set(CARD_TOKEN.findall(ENCODE(view))) & (PACK_54 - own - public)
        assert not leaked, (viewer, sorted(leaked))


def check_result(state: CzechState) -> None:
    result = CZECH.result(state)
    assert result is not None and not result.thrown_in and result.reason == "played out"
    assert sum(result.payments) == 0 and len(result.payments) == 4
    assert sum(result.card_points) == 106
    assert result.value == sum(item.amount for item in result.items if item.paid_to is None)
    for item in result.items:
        assert abs(item.amount) == item.base * item.multiplier, item
    named = [item.name for item in result.items if item.paid_to is None]
    assert named[0] in ("game", "valat") and set(named[1:]) <= {"I on the end"}
    assert result.next_dealer == state.povinnost and result.declarer == state.declarer
    money = [0] * 4
    for item in result.items:
        if item.paid_to is not None:
            money = [m + 4 * item.amount * (s == item.paid_to) - item.amount for s, m in enumerate(money)]
    assert tuple(money) == state.money_payments


def kinds(state: CzechState, log: list[tuple[int, str]]) -> set[str]:
    """The kinds of decision and situation a finished hand went through."""
    seen = {action.partition(":")[0] for _, action in log}
    seen |= {action for _, action in log if action.startswith("knock:")}
    seen.add(f"order {state.setup.red_pip_order}")
    if state.pile_owners is not None:
        seen.add("piles")
    if state.prever_kept:
        seen.add(f"prever kept {state.prever_kept}")
    if state.contract == "partner game":
        seen.add("alone" if state.partner is None else "with a partner")
        if state.called_card != "T19":
            seen.add("alternative call")
    if state.discarded_trumps:
        seen.add("trump discarded")
    if state.valat is not None and state.iote is not None:
        seen.add("valat and iote")
    if state.setup.opening:
        seen.add("opening")
    assert state.result is not None
    if any(item.name == "I on the end" for item in state.result.items):
        seen.add("I on the end scored")
    if any(item.name == "valat" for item in state.result.items):
        seen.add("valat scored")
    return seen


def play_hand(index: int) -> tuple[CzechState, list[tuple[int, str]]]:
    rng, deal, context = hand_setup(index)
    state = CZECH.new_hand(deal, context)
    replayed = Replayed(CZECH, deal, context)
    thorough = index % 10 == 0
    check_views(state, 0)
    while not CZECH.is_over(state):
        check_actions(CZECH, state, UNIVERSE, rng, thorough)
        (seat,) = state.to_act
        action = choose(state, CZECH.legal_actions(state, seat), rng)
        before = state
        state = CZECH.apply(state, seat, action)
        if before.phase in PRIVATE and action in ("pass", "decline"):
            # A private decline is never announced.
            new_entries = english(state.log[len(before.log) :])
            assert all("declin" not in text and "pass" not in text for _, text in new_entries)
        replayed.after(state, seat, action, fold=index % 20 == 0)
        check_views(state, len(before.log))
    replayed.finish(state)
    check_result(state)
    return state, replayed.log


def test_random_playouts():
    seen = kinds_in_workers(play_hand, HANDS, kinds)
    print(f"situations in {HANDS} Czech hands: {dict(sorted(seen.items()))}")
    wanted = {
        "shuffle",
        "cut",
        *(
            f"knock:{style}"
            for style in ("ones", "twos", "threes", "fours", "sixes", "twelve", "345", "twelves")
        ),
        "pile",
        "piles",
        "prever",
        "take",
        "offer",
        "accept",
        "refuse",
        "keep",
        "reject",
        "prever kept top",
        "prever kept bottom",
        "prever kept back",
        "discard",
        "trump discarded",
        "call",
        "alternative call",
        "alone",
        "with a partner",
        "declare",
        "decline",
        "valat",
        "iote",
        "valat and iote",
        "contra",
        "rhea-contra",
        "supra-contra",
        "play",
        "opening",
        "I on the end scored",
        "valat scored",
        *(f"order {order}" for order in ORDERS),
    }
    assert wanted <= set(seen), sorted(wanted - set(seen))
