"""The basic robot: plain rules of thumb for every decision of Hungarian Tarokk.

It reads only its seat's view and picks from the legal actions, so every rule the engine
enforces (honours to bid, invitations only with the promised card, the yield, what may be
discarded, the forced partner call, side presumption) is already in ``legal``; the robot only
chooses well among them.

- Auction: a hand strength (tarokks, honours, high tarokks, kings) sets the highest level the
  robot will play; it bids the lowest legal level up to that, holds when it may, passes
  otherwise (at the yield spot, passing is a yield and only offered with T20 + a high honour).
- Raise (sole bidder): to the level the hand is worth.
- Annul only a hand with at most one tarokk; discard suit cards to make voids, keep tarokks.
- Partner call: the own XX (playing alone) only with a very strong hand.
- Announcements: tarokk counts always; trull with all three honours (or two and nine
  tarokks); ultimó with the pagát and seven tarokks; four kings with all four; kontra the game
  as an opponent with a strong hand; otherwise pass.
- Play: ``games.bots.hungarian.play``.
"""

from __future__ import annotations

from games.rules.cards import KINGS, TRUMP, card_points
from games.rules.hungarian.state import RANK

from ..phases import PhaseRules, card_play
from ..view import HungarianView, seat_of
from .knowledge import OPPONENTS, PAGAT, SKIZ, XXI, Knowledge, known_sides
from .play import choose_card

LEVELS = ("three", "two", "one", "solo")


def tarokks(hand: list[str]) -> list[str]:
    return [c for c in hand if c[0] == TRUMP]


def strength(hand: list[str]) -> float:
    """A rough worth of a hand: about one per tarokk, more for honours and high tarokks."""
    trumps = tarokks(hand)
    value = float(len(trumps))
    value += 2.0 * (SKIZ in hand) + 1.5 * (XXI in hand) + 0.5 * (PAGAT in hand)
    value += 0.4 * sum(1 for c in trumps if 15 <= RANK[c] - 100 <= 20)
    value += 0.6 * sum(1 for c in hand if c in KINGS)
    return value


def wanted_level(hand: list[str]) -> int:
    """-1: do not play; 0 three ... 3 solo."""
    s = strength(hand)
    if s < 8.0:
        return -1
    if s < 10.5:
        return 0
    if s < 12.5:
        return 1
    if s < 14.5:
        return 2
    return 3


def _auction(view: HungarianView, legal: list[str], hand: list[str]) -> str:
    want = wanted_level(hand)
    bids = [a for a in legal if a.startswith("bid:")]
    if "hold" in legal:
        current = max(LEVELS.index(c["call"][4:]) for c in view["auction"] if c["call"].startswith("bid:"))
        if current <= want:
            return "hold"
    affordable = [a for a in bids if LEVELS.index(a[4:]) <= want]
    if affordable:
        return affordable[0]
    if "pass" in legal:
        return "pass"
    # The yield spot without T20 and a high honour: the cheapest way to stay in.
    return "hold" if "hold" in legal else bids[0]


def _raise(legal: list[str], hand: list[str]) -> str:
    # The talon's three cards are in hand now: judge the hand as it is.
    want = wanted_level(hand)
    raises = [a for a in legal if a.startswith("raise:") and LEVELS.index(a[6:]) <= want]
    return raises[-1] if raises and want >= 2 else "keep"


def choose_discard(view: HungarianView, legal: list[str], hand: list[str]) -> str:
    if "annul" in legal and len(tarokks(hand)) <= 1:
        return "annul"
    options = [a for a in legal if a != "annul"]
    declarer = view.get("declarer") == view.get("viewer")
    return max(options, key=lambda a: discard_value(hand, a[8:].split(","), declarer))


def discard_value(hand: list[str], cards: list[str], declarer: bool) -> float:
    """Voids made, suit cards shed and tarokks kept; banked points for the declarer, whose
    discard counts for his side (the others' count for the opponents, §9)."""
    gone = set(cards)
    rest = [c for c in hand if c not in gone]
    # Each suit the hand holds, with its cards left after the discard (one pass each).
    left = {c[0]: 0 for c in hand if c[0] != TRUMP}
    for card in rest:
        if card[0] in left:
            left[card[0]] += 1
    voids = sum(1 for n in left.values() if not n)
    value = 10.0 * voids
    for card in cards:
        if card[0] == TRUMP:
            value -= 8.0 + RANK[card] / 100
        else:
            value += 0.5 * card_points(card) if declarer else -0.2 * card_points(card)
    # Short suits left behind are better than long ones: fewer cards in the shortest suits.
    lengths = sorted(left.values())
    value -= 0.5 * sum(n for n in lengths[:2] if n)
    return value


def _call(legal: list[str], hand: list[str]) -> str:
    alone = "call:T20"
    if alone in legal and strength(hand) >= 16.0:
        return alone
    others = [a for a in legal if a != alone]
    return others[0] if others else legal[0]


def _announce(view: HungarianView, legal: list[str], hand: list[str]) -> str:
    made = set((view.get("announce_turn") or {}).get("calls") or ())
    for action in _wanted_calls(view, hand):
        if action in legal and action not in made:
            return action
    if "pass" in legal:
        return "pass"
    return legal[0]  # a compulsory call (the bound inviter's ultimó)


def _wanted_calls(view: HungarianView, hand: list[str]) -> list[str]:
    wanted = ["announce:8-tarokks", "announce:9-tarokks"]
    me = seat_of(view)
    side = known_sides(view)(me)
    trumps = tarokks(hand)
    honours = sum(1 for c in (PAGAT, XXI, SKIZ) if c in hand)
    first_turn = not any(t["seat"] == me for t in view.get("announce_turns") or ())
    if first_turn:
        if honours == 3 or (honours == 2 and len(trumps) >= 9):
            wanted.append("announce:trull")
        if PAGAT in hand and len(trumps) >= 7 and SKIZ in hand:
            wanted.append("announce:ultimo")
        if KINGS <= set(hand):
            wanted.append("announce:four-kings")
    if side == OPPONENTS and len(trumps) >= 7 and SKIZ in hand and XXI in hand:
        wanted.append("kontra:game")
    if side != OPPONENTS and strength(hand) >= 15.0:
        wanted.append("rekontra:game")
    return wanted


class BasicPolicy(PhaseRules[HungarianView]):
    def __init__(self) -> None:
        super().__init__(
            "Hungarian",  # untranslated: a name, in a programmer error
            {
                "auction": lambda view, legal, hand, rng: _auction(view, legal, hand),
                "raise": lambda view, legal, hand, rng: _raise(legal, hand),
                "discard": lambda view, legal, hand, rng: choose_discard(view, legal, hand),
                "call": lambda view, legal, hand, rng: _call(legal, hand),
                "announce": lambda view, legal, hand, rng: _announce(view, legal, hand),
                "play": card_play(lambda view: Knowledge.from_view(view, pagat_plan=False), choose_card),
            },
        )
