"""Judging a Slovenian hand (slovenian3.md §4–§7): a rough strength for the positive contracts,
the risk of taking a trick for the beggars and klop, sure valats, a talon group's worth and the
value of a discard. Pure functions of card lists; the thresholds that use them live in
``basic``."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from games.rules.cards import KINGS, PACK_54, SUITS, TRUMP, card_points
from games.rules.slovenian3.state import RANK, T1, T21, T22, TRULA

from .. import shape
from ..shape import number, suit_lengths
from ..shape import trumps as taroks

SUIT_SIZE = 8
TAROKS = 22


def strength(hand: list[str]) -> float:
    """About one per tarok, more for the škis, the mond, the pagat and high taroks, two per
    king, a little for queens and, with taroks to ruff, for voids and singletons. The weights
    are a least-squares fit of the declarer's score in three, two and one to these features,
    over basic-robot playouts, in taroks' worth."""
    mine = taroks(hand)
    n = len(mine)
    value = float(n)
    value += 4.0 * (T22 in hand) + 2.3 * (T21 in hand)
    if T1 in hand:
        value += 1.0 + (1.5 if n >= 8 else 0.0)
    value += 0.6 * sum(1 for c in mine if 16 <= number(c) <= 20)
    value += 0.25 * sum(1 for c in mine if 11 <= number(c) <= 15)
    value += 2.0 * sum(1 for c in hand if c in KINGS)
    value += sum(0.3 if c[0] + "K" not in hand else 0.2 for c in hand if c[1:] == "Q")
    if n >= 5:
        lengths = suit_lengths(hand)
        value += 1.2 * sum(1 for s in SUITS if lengths[s] == 0)
        value += 0.4 * sum(1 for s in SUITS if lengths[s] == 1)
    return value


def _forced(card: str, hand: set[str]) -> float:
    """How likely a card is to be forced to win a trick when everyone must beat (§8.2): never
    when no card of its suit lies below it outside the hand (nothing led can make it beat);
    the fewer higher cards outside to take it back, the likelier."""
    lower = higher = 0
    for other in PACK_54:
        if other[0] != card[0] or other in hand:
            continue
        if RANK[other] < RANK[card]:
            lower += 1
        else:
            higher += 1
    if not lower:
        return 0.0
    return 1.0 / (1 + higher) ** 2


def trick_risk(hand: list[str]) -> float:
    """The risk of having to take a trick, summed over the cards: taroks weigh more (they are
    played to every trick of a suit the hand lacks); a void or singleton beside taroks is a
    trick waiting to be won; the pagat alone is played on the first suit the hand lacks."""
    held = set(hand)
    mine = taroks(hand)
    lengths = suit_lengths(hand)
    risk = 0.0
    for card in hand:
        if card == T1:
            continue
        risk += _forced(card, held) * (1.5 if card[0] == TRUMP else 1.0)
    if mine:
        risk += sum(1.0 if lengths[s] == 0 else 0.35 if lengths[s] == 1 else 0.0 for s in SUITS)
        if mine == [T1]:
            risk += 0.3
    return risk


def klop_trouble(hand: list[str]) -> float:
    """Roughly the card points a hand expects to take in klop: each card's risk of winning a
    trick times what such a trick holds (its own points and the others' two cards)."""
    held = set(hand)
    lengths = suit_lengths(hand)
    trouble = 0.0
    for card in hand:
        forced = _forced(card, held) if card != T1 else 0.1
        trouble += forced * (card_points(card) + 4) * (1.5 if card[0] == TRUMP else 1.0)
    if taroks(hand):
        trouble += 4.0 * sum(1 for s in SUITS if lengths[s] == 0)
    return trouble


def top_run(mine: set[str], suit: str, out: set[str]) -> tuple[int, int]:
    """(the unbroken run of the own cards from the top of ``suit``, skipping cards known to be
    out of play; the cards of the suit others may hold)."""
    cards = sorted((c for c in PACK_54 if c[0] == suit), key=RANK.__getitem__, reverse=True)
    run = 0
    for card in cards:
        if card in out:
            continue
        if card not in mine:
            break
        run += 1
    others = sum(1 for c in cards if c not in mine and c not in out)
    return run, others


def _suits_sure(mine: set[str], out: set[str]) -> bool:
    """Every suit card wins when led from the top: each suit held is a top run, or a run at
    least as long as the cards others hold in it (drawn out by then)."""
    for suit in SUITS:
        held = sum(1 for c in mine if c[0] == suit)
        if not held:
            continue
        run, others = top_run(mine, suit, out)
        if run < held and run < others:
            return False
    return True


def _taroks_sure(mine: set[str], out: set[str]) -> bool:
    held = sum(1 for c in mine if c[0] == TRUMP)
    if not held:
        return True
    run, others = top_run(mine, TRUMP, out)
    if run < held and run < others:
        return False
    # Leading the škis, the mond and the pagat held elsewhere would make an emperor trick.
    return not (T22 in mine and T21 not in mine | out and T1 not in mine | out)


def sure_valat(hand: list[str], out: Iterable[str] = ()) -> bool:
    """All 16 tricks with the lead from the first: the top taroks draw every other tarok, then
    every suit card wins (``out``: cards known to be out of play)."""
    mine, gone = set(hand), set(out)
    if not _taroks_sure(mine, gone):
        return False
    run, others = top_run(mine, TRUMP, gone)
    if others and run < others:
        return False  # taroks left outside would ruff
    return _suits_sure(mine, gone)


def sure_colour_valat(hand: list[str]) -> bool:
    """Colour valat (taroks win only a tarok lead): every suit card a winner from the top, and
    the taroks winners once led."""
    mine = set(hand)
    return _suits_sure(mine, set()) and _taroks_sure(mine, set())


def discard_value(hand: list[str], cards: list[str]) -> float:
    """Voids made (worth most with taroks to ruff), points banked (the discard counts for the
    declarer, §9), suit cards kept short; a tarok only when nothing else may go."""
    gone = set(cards)
    rest = [c for c in hand if c not in gone]
    return shape.discard_value(hand, cards, ruffing=len(taroks(rest)) >= 3)


def best_discard(hand: list[str], count: int) -> list[str]:
    """The best ``count`` cards to discard by ``discard_value`` (kings and the trula never;
    taroks only when the suit cards run out, §5.1)."""
    suits = [c for c in hand if c[0] != TRUMP and c not in KINGS]
    if len(suits) >= count:
        pool = suits
    else:
        spare = sorted((c for c in taroks(hand) if c not in TRULA), key=RANK.__getitem__)
        return suits + spare[: count - len(suits)]
    return list(max(combinations(pool, count), key=lambda cs: discard_value(hand, list(cs))))


def group_worth(hand: list[str], group: list[str], untaken: list[str]) -> float:
    """What taking ``group`` is worth: the hand's strength after the best discard, the points
    the discard banks, less the points (and a mond, §10.5) the groups left give away."""
    whole = hand + group
    discard = best_discard(whole, len(group))
    rest = [c for c in whole if c not in discard]
    value = strength(rest) + 0.15 * sum(card_points(c) for c in discard)
    value -= 0.15 * sum(card_points(c) for c in untaken)
    if T21 in untaken:
        value -= 4.0
    return value
