"""Random playouts: 2,000 Slovenian hands from ``variant.deal`` with a seeded random policy.

The policy bids so that every contract is played (klop, three, two, one, beggar, solo without,
open beggar, colour valat, valat; the simple auction now and then), takes and discards at
random (every 13th deal gives forehand many taroks and few suit cards, so that taroks are
discarded too), announces every bonus, raises kontra chains to mortkontra,
kontras klops, and plays random legal cards. The options vary by hand so that every value of
every §12 option is played (radelci held before the hand included).

After every action:
- replay: the hand folded from its stored deal and context (JSON round-tripped) over the
  logged actions equals the state played incrementally (carried along one action at a time;
  every 20th hand also redone from scratch with ``games.rules.replay``, and every hand at its
  end);
- every listed legal action of the seat to act applies, other seats have none and are refused;
  actions outside the legal list are refused (a sample of a fixed universe of actions, the whole
  universe every 10th hand);
- observe() for every seat and the audience shows no card the viewer cannot know (checked on
  the view's structure and by scanning its JSON for card ids), and the log (public) names only
  public cards.
At the end: card points of the two sides total 70 (klop: each pile counted alone), the receipt
lines add up to the value and to every seat's payment, each line is ``base × multiplier``.

The run asserts that every kind of decision occurred. The hands are split between two worker
processes; each hand has its own seed, so a failure names a hand that can be replayed alone with
``play_hand``.
"""

from __future__ import annotations

import random

from games.rules import AUDIENCE, Deal, HandContext
from games.rules.cards import KINGS, PACK_54
from games.rules.slovenian3 import OPTIONS, SLOVENIAN3, Phase, SlovenianState
from games.rules.slovenian3.announce import KONTRA_WORDS
from tests.rules.english import english
from tests.rules.playout_checks import (
    CARD_TOKEN,
    ENCODE,
    Replayed,
    check_actions,
    kinds_in_workers,
    slovenian_own_cards,
    slovenian_public_cards,
)

HANDS = 2000
SEED = 20250612
SOME_CARDS = ("T22", "T21", "T1", "T14", "HK", "H4", "S10", "D1", "CJ", "C7")
UNIVERSE = [
    "pass",
    "bid:klop",
    "bid:three",
    "bid:two",
    "bid:valat",
    "bid:solo",
    "take:1",
    "take:3",
    "take:7",
    "discard:",
    "discard:HK,T22,T1",
    "announce:trula",
    "announce:kings",
    "announce:ultimo",
    "announce:valat",
    "announce:king-ultimo",
    "kontra:game",
    "rekontra:game",
    "kontra:trula",
    "subkontra:kings",
    "mortkontra:ultimo",
    "rekontra:valat",
    "kontra:klop",
    "rekontra:klop",
    "hold",
    *(f"{word}:{card}" for word in ("play", "discard") for card in SOME_CARDS),
]
CHOICES = {option.name: option.choices or (option.default, option.default + 10) for option in OPTIONS}


def hand_setup(index: int) -> tuple[random.Random, Deal, HandContext]:
    """Each option's value from its own digit of ``index``, so that every value is played."""
    rng = random.Random(SEED * 10_000 + index)
    options = {}
    for k, (name, choices) in enumerate(sorted(CHOICES.items())):
        options[name] = choices[(index // (k % 4 + 1) + k) % len(choices)]
    options["auction_style"] = "simple" if index % 7 == 3 else "full"
    options["no_tarok_redeal"] = "off" if index % 11 == 5 else "automatic"
    dealer = index % 3
    radelci = tuple(rng.choice((0, 0, 1, 2)) for _ in range(3)) if options["radelci"] else ()
    deal = SLOVENIAN3.deal(rng, 3, options, dealer=dealer)
    if index % 13 == 6:
        deal = few_suit_cards(deal, (dealer + 1) % 3, rng)
    return rng, deal, HandContext(dealer=dealer, options=options, radelci=radelci)


def few_suit_cards(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """The deal with ``seat``'s non-king suit cards but one swapped for the others' taroks, so
    that its talon exchange has to discard taroks (a discard rare at random)."""
    hands = [list(hand) for hand in deal.hands]
    extra = [card for card in hands[seat] if card[0] != "T" and card not in KINGS][1:]
    taroks = [(s, card) for s in range(3) if s != seat for card in hands[s] if card[0] == "T"]
    rng.shuffle(taroks)
    for card, (other, tarok) in zip(extra, taroks, strict=False):
        hands[seat][hands[seat].index(card)] = tarok
        hands[other][hands[other].index(tarok)] = card
    return Deal(hands=tuple(tuple(hand) for hand in hands), talon=deal.talon)


def choose(state: SlovenianState, legal: list[str], rng: random.Random) -> str:
    """The random policy: uniform, except where that would make a decision rare or every hand
    a valat."""
    if state.phase is Phase.AUCTION:
        bids = [action for action in legal if action.startswith("bid:")]
        if "bid:three" in bids and "bid:klop" in bids and rng.random() < 0.3:
            return "bid:three"
        if "pass" in legal and (not bids or rng.random() < 0.65):
            return "pass"
        if "bid:klop" in bids and rng.random() < 0.5:
            return "bid:klop"
        return rng.choice(bids[:2] if rng.random() < 0.5 else bids)
    if state.phase is Phase.ANNOUNCE:
        calls = [action for action in legal if action != "pass"]
        if "announce:valat" in calls and rng.random() < 0.9:
            calls.remove("announce:valat")
        kontras = [action for action in calls if action.partition(":")[0] in KONTRA_WORDS[1:]]
        if kontras and rng.random() < 0.6:
            return rng.choice(kontras)  # carry chains up
        return rng.choice(calls) if calls and rng.random() < 0.45 else "pass"
    return rng.choice(legal)


def check_views(state: SlovenianState, logged: int) -> None:
    """``logged``: how many log entries were checked already (the log only grows, and what
    was public once stays public, so each entry is scanned once, against the public cards)."""
    if state.phase is Phase.OVER:
        return  # everyone sees everything then
    public = slovenian_public_cards(state)
    leaked = set(CARD_TOKEN.findall(ENCODE(state.log[logged:]))) & (PACK_54 - public)
    assert not leaked, ("log", sorted(leaked))
    log = None
    for viewer in (0, 1, 2, AUDIENCE):
        view = SLOVENIAN3.observe(state, viewer)
        log = log or view["log"]
        assert view.pop("log") == log  # the same public log for every viewer
        seat = viewer if isinstance(viewer, int) else None
        own = slovenian_own_cards(state, seat) if seat is not None else set()
        assert view["deal"] is None and view["result"] is None
        for s in range(3):
            if s != seat and not (state.exposed and s == state.declarer):
                assert view["hands"][s] is None
        if view["discards"] is not None and seat != state.declarer:
            assert view["discards"][state.declarer] is None
        assert view["to_act"] == sorted(state.to_act)
        leaked = set(CARD_TOKEN.findall(ENCODE(view))) & (PACK_54 - own - public)
        assert not leaked, (viewer, sorted(leaked))


def check_result(state: SlovenianState) -> None:
    result = SLOVENIAN3.result(state)
    assert result is not None and not result.thrown_in
    assert result.reason in ("played out", "ended early") and len(result.payments) == 3
    assert result.contract == english(state.contract.name) and result.declarer == state.declarer
    for item in result.items:
        assert abs(item.amount) == item.base * item.multiplier, item
    assert result.value == sum(item.amount for item in result.items if item.seat is None)
    for seat in range(3):
        own = sum(item.amount for item in result.items if item.seat == seat)
        assert result.payments[seat] == own + (result.value if seat == result.declarer else 0)
    if state.declarer is None:
        assert result.card_points == (0, 0) and result.value == 0
    else:
        assert sum(result.card_points) == 70
    if state.setup.option("radelci"):
        assert len(result.radelci) == 3 and min(result.radelci) >= -1
    else:
        assert result.radelci == ()


def kinds(state: SlovenianState, log: list[tuple[int, str]]) -> set[str]:
    """The kinds of decision and situation a finished hand went through."""
    seen = {action.partition(":")[0] for _, action in log}
    seen |= {action for _, action in log if action.startswith(("announce:", "bid:"))}
    seen |= {action for _, action in log if action.endswith(":klop")}
    seen |= {f"{name}={value}" for name, value in state.setup.options}
    assert state.result is not None and state.contract is not None
    seen.add(f"contract {state.contract.name}")
    seen.add(state.result.reason)
    seen |= {f"line {item.name}" for item in state.result.items}
    seen |= {f"announced {item.name}" for item in state.result.items if item.announced}
    if any(card[0] == "T" for card in state.discard or ()):
        seen.add("tarok discarded")
    if state.exposed:
        seen.add("open beggar exposed")
    if state.setup.option("auction_style") == "simple" and state.contract.key == "klop":
        seen.add("simple klop")
    if any(m and any(r < 0 for r in state.result.radelci) for m in state.setup.radelci):
        seen.add("radelc used")
    return seen


def play_hand(index: int) -> tuple[SlovenianState, list[tuple[int, str]]]:
    rng, deal, context = hand_setup(index)
    state = SLOVENIAN3.new_hand(deal, context)
    replayed = Replayed(SLOVENIAN3, deal, context)
    thorough = index % 10 == 0
    check_views(state, 0)
    while not SLOVENIAN3.is_over(state):
        # A discard of three lists up to a thousand sets: a sample of them, all every 10th hand.
        legal = check_actions(SLOVENIAN3, state, UNIVERSE, rng, thorough, tried=24)
        if "pass" in legal:
            assert legal[0] == "pass"
        (seat,) = state.to_act
        action = choose(state, SLOVENIAN3.legal_actions(state, seat), rng)
        before = state
        state = SLOVENIAN3.apply(state, seat, action)
        replayed.after(state, seat, action, fold=index % 20 == 0)
        check_views(state, len(before.log))
    replayed.finish(state)
    check_result(state)
    return state, replayed.log


def test_random_playouts():
    seen = kinds_in_workers(play_hand, HANDS, kinds)
    print(f"situations in {HANDS} Slovenian hands: {dict(sorted(seen.items()))}")
    contracts = (
        "klop",
        "three",
        "two",
        "one",
        "beggar",
        "solo without",
        "open beggar",
        "colour valat",
        "valat",
    )
    wanted = {
        "pass",
        "bid",
        "take",
        "discard",
        "play",
        "tarok discarded",
        *(f"bid:{key}" for key in ("klop", "three", "two", "one", "beggar", "solo-without", "open-beggar")),
        "bid:colour-valat",
        "bid:valat",
        *(f"announce:{bonus}" for bonus in ("trula", "kings", "ultimo", "valat")),
        *KONTRA_WORDS,
        "kontra:klop",
        "simple klop",
        *(f"contract {name}" for name in contracts),
        "played out",
        "ended early",
        "open beggar exposed",
        *(f"line {name}" for name in ("game", "difference", "trula", "kings", "pagat ultimo", "valat")),
        *(f"line {name}" for name in ("mond penalty", "škisfang", "radelc", "klop")),
        *(f"announced {name}" for name in ("trula", "kings", "pagat ultimo", "valat")),
        "radelc used",
        *(f"{option.name}={value}" for option in OPTIONS for value in CHOICES[option.name]),
    }
    assert wanted <= set(seen), sorted(wanted - set(seen))
