"""The basic robot's card play in Bridge: which first card, which cover for a 6, what to add.

Each candidate card is judged by the whole move it starts (``lines``): the same-rank cards the
robot would add after it (all of them, in every order of the last one, since the last card is
the new top; Js only when they empty the hand), and for a 6 every chain of covers the hand
allows (a covering 6 is covered in turn; a 6 left uncovered means drawing). ``worth`` scores a
finished move in rough penalty points:

- every card shed brings going out nearer (``CARD``), and its value no longer risks counting
  (``VALUE`` per point: the A's 15, the J's 20, 10 for a 10, Q or K);
- going out wins the round (``OUT``), with the J points besides when it ends on Js;
- 7s, 8s and As hurt the next player (the 8 most: two cards and a lost turn; with two players
  an A is a second move at once), the more the fewer cards that player holds;
- a J is the one card that always fits: spending it costs ``SPEND_J`` unless it ends the round,
  but it lets the robot name the suit the next player must play;
- the cards kept should fit what comes back: more suits kept (``SUITS_KEPT``), cards of the new
  top's suit kept (``FOLLOW``), a J kept (``KEEP_J``); a top whose suit, rank and J the next
  player has shown it lacks (a forced draw) will likely make it draw again (``BLOCK``);
- a run of three of a rank whose fourth card is unseen invites the next player to declare
  Bridge while the robot still holds its points (``BRIDGE_RISK``); making the run four itself
  gives it that choice (``BRIDGE_OWN``).

The weights are set by hand and checked in duels of variations against the unchanged robot
(1,000 deals each at three players, each weight lowered and raised, some to 0): none did
better; ``CARD`` 4 or 12 and ``SPEND_J`` 0 did worse (−0.4 to −0.9 points a hand, outside their
95 % intervals), every other change moved the result by less than its interval.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.rules.bridge.pack import ACE, EIGHT, JACK, SEVEN, SIX, SUITS, hand_points
from games.rules.bridge.scoring import trailing_jacks

from .table import Table

CARD = 8.0
VALUE = 0.4
OUT = 100.0
SPEND_J = 10.0
SUITS_KEPT = 2.0
KEEP_J = 3.0
FOLLOW = 2.0
SEVEN_HIT = 4.0
EIGHT_HIT = 9.0
ACE_SKIP = 5.0
ACE_AGAIN = 12.0  # two players: the ace gives the robot the next move
BLOCK = 6.0
WISH = 4.0
UNCOVERED = 10.0
BRIDGE_RISK = 1.0
BRIDGE_OWN = 0.5

Line = tuple[tuple[str, ...], tuple[str, ...]]  # (the cards of the move, the hand left)


def without(hand: tuple[str, ...], cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    gone = set(cards)
    return tuple(c for c in hand if c not in gone)


def lines(card: str, rest: tuple[str, ...]) -> Iterator[Line]:
    """Every move the robot would make after playing ``card`` from a hand that keeps ``rest``."""
    rank = card[1:]
    if rank == SIX:
        covers = [c for c in rest if c[0] == card[0] or c[1:] in (SIX, JACK)]
        if not covers:
            yield (card,), rest
            return
        for cover in covers:
            for cards, left in lines(cover, without(rest, (cover,))):
                yield (card, *cards), left
        return
    if rank == JACK:
        if rest and all(c[1:] == JACK for c in rest):
            yield (card, *rest), ()
        else:
            yield (card,), rest
        return
    same = [c for c in rest if c[1:] == rank]
    if not same:
        yield (card,), rest
        return
    left = without(rest, same)
    for last in same:
        yield (card, *(c for c in same if c != last), last), left


def run_after(run: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    for card in cards:
        run = run + (card,) if run and run[-1][1:] == card[1:] else (card,)
    return run


def threat(count: int) -> float:
    """How much hurting a player is worth: more the closer it is to going out."""
    return 1.0 + 2.0 / max(1, count)


def worth(table: Table, cards: tuple[str, ...], rest: tuple[str, ...]) -> float:
    last = cards[-1]
    score = CARD * len(cards) + VALUE * hand_points(cards)
    uncovered = last[1:] == SIX
    if not rest and not uncovered:
        return score + OUT + 20 * trailing_jacks(cards) * table.multiplier
    nxt = table.next_seat
    hit = threat(table.counts[nxt])
    ranks = [c[1:] for c in cards]
    score += SEVEN_HIT * ranks.count(SEVEN) * hit + EIGHT_HIT * ranks.count(EIGHT) * hit
    aces = ranks.count(ACE)
    if aces:
        score += ACE_AGAIN if table.players == 2 else ACE_SKIP * aces * hit
    if uncovered:
        score -= UNCOVERED
    jacks = ranks.count(JACK)
    score -= SPEND_J * jacks
    if last[1:] == JACK:
        score += WISH
    kept = {c[0] for c in rest if c[1:] != JACK}
    score += SUITS_KEPT * len(kept) + KEEP_J * any(c[1:] == JACK for c in rest)
    score += FOLLOW * min(2, sum(1 for c in rest if c[0] == last[0] and c[1:] != JACK))
    lacks = table.lacks[nxt] if table.lacks else frozenset()
    if last[1:] != JACK and last[0] in lacks and last[1:] in lacks and JACK in lacks:
        score += BLOCK
    run = run_after(table.run, cards)
    held = hand_points(rest) * table.multiplier
    if len(run) == 3 and not uncovered:
        fourth = [c for c in table.unseen if c[1:] == last[1:] and c not in run]
        if fourth:
            chance = table.counts[nxt] / len(table.unseen)
            score -= BRIDGE_RISK * chance * held
    elif len(run) == 4 and table.run[-1:] != run[-1:]:
        others = sum(table.counts[s] for s in table.others()) / (table.players - 1)
        score += BRIDGE_OWN * max(0.0, others * table.card_worth * table.multiplier - held)
    return score


def best_line(table: Table, card: str) -> tuple[float, Line]:
    rest = without(table.hand, (card,))
    return max(((worth(table, cards, left), (cards, left)) for cards, left in lines(card, rest)))


def choose_card(table: Table, cards: list[str]) -> str:
    """The first card, or the cover for a 6, whose best move scores highest."""
    return max(cards, key=lambda card: (best_line(table, card)[0], card))


def choose_add(table: Table, cards: list[str]) -> str | None:
    """Stage ``add``: the card to add next, or None to stop. Js are added only to go out; other
    cards are added, the one that should end up on top last."""
    top = table.top
    assert top is not None
    if top[1:] == JACK:
        if cards and len(cards) == len(table.hand):
            return cards[0]
        return None
    if not cards:
        return None
    # Every order of the cards to add: add first what should not end up on top.
    rest = without(table.hand, cards)

    def order(last: str) -> tuple[float, str]:
        return worth(table, (*(c for c in cards if c != last), last), rest), last

    best = max(cards, key=order)
    others = [c for c in cards if c != best]
    return others[0] if others else best


def wish(table: Table) -> str:
    """The suit the robot holds most of (its Js aside); a suit the next player has shown it lacks
    (with the J) counts as one and a half cards more; ties go to spades, hearts, diamonds, clubs
    in that order."""
    nxt = table.next_seat
    lacks = table.lacks[nxt] if table.lacks else frozenset()

    def score(suit: str) -> tuple[float, str]:
        mine = sum(1 for c in table.hand if c[0] == suit and c[1:] != JACK)
        return (2.0 * mine + 3.0 * (suit in lacks and JACK in lacks), suit)

    return max(SUITS, key=score)
