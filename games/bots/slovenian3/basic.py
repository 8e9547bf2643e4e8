"""The basic robot for Slovenian Tarok: plain rules of thumb for every decision (slovenian3.md
§4–§8).

It reads only its seat's view and picks from the legal actions; the engine's legal lists hold
the rules (who may bid what, the discard restrictions, who may announce or say which kontra),
so the robot only chooses well among them.

- **Auction.** The contracts the hand will play (``playable``): two and one by ``strength`` at or
  above ``TWO_AT``, ``ONE_AT``, solo without at ``SOLO_AT``; beggar and open beggar by
  ``trick_risk`` at or below ``BEGGAR_RISK`` / ``OPEN_BEGGAR_RISK`` (low cards, few and low
  taroks, no voids); colour valat and valat only when sure (top runs in every suit, the top
  taroks drawing all the others). In an open turn it bids the lowest legal contract it will
  play, else passes. Free to name any contract (forehand's special turn, a final call) it names
  a sure valat, an open beggar over its beggar, else the positive contract its strength
  prefers (``PREFER``: where each paid more than the one below in playouts), at least what it
  bid. Forehand's special turn below ``KLOP_BELOW`` is klop (a weak hand, even a sure beggar,
  scores more there), else three or higher; the simple auction's opener standing at three
  passes into klop the same way.
- **Talon:** the group with the best ``group_worth`` (strength after the best discard, points
  banked, less the points and the mond left to the opponents).
- **Discard:** the allowed set with the best ``discard_value`` (voids with taroks to ruff,
  points banked, short suits kept short, a tarok only when nothing else may go).
- **Announcements** (the declarer of three/two/one): valat when sure; trula holding all three
  with ``TRULA_TAROKS`` taroks; kings holding all four with ``KINGS_TAROKS``; pagat ultimo with
  the pagat and ``ULTIMO_TAROKS``.
- **Kontra chain:** kontra on the game by an opponent whose own strength says the declarer is
  short (``KONTRA_AT``, by contract: in playouts the declarer of basic's contracts wins against
  all but very strong opponents), subkontra at ``SUBKONTRA_MORE`` above; rekontra and
  mortkontra by a declarer this much above its contract's threshold (a sure valat: always);
  kontra on an announced bonus the seat can spoil (the škis against trula, a king against
  kings, a long tarok hand against pagat ultimo); kontra on a klop with a hand of low cards.
- **Card play:** ``games.bots.slovenian3.play``.

The strength weights (``hand.strength``) are a least-squares fit of the declarer's score to the
hand's features in basic-robot playouts; ``KLOP_BELOW`` and ``TWO_AT`` were then set in duels of
basic against itself with one threshold moved (``docs/robots.md``).
"""

from __future__ import annotations

from games.rules.cards import KINGS
from games.rules.slovenian3.state import T1, T21, T22

from ..phases import PhaseRules, card_play
from ..shape import trumps as taroks
from ..view import SlovenianView, present, seat_of
from .hand import (
    best_discard,
    discard_value,
    group_worth,
    klop_trouble,
    strength,
    sure_colour_valat,
    sure_valat,
    trick_risk,
)
from .knowledge import Knowledge, public_out
from .play import choose_card

KLOP_BELOW = 13.3  # forehand's special turn: klop below this strength (of the 16 dealt cards)
THREE_AT = KLOP_BELOW  # three is only ever named in that turn (or opens the simple auction)
TWO_AT = 15.0
ONE_AT = 18.5
SOLO_AT = 23.5
PREFER = (("solo-without", 25.0), ("one", 21.5), ("two", 18.5), ("three", 0.0))  # free to choose
BEGGAR_RISK = 0.3  # trick_risk
OPEN_BEGGAR_RISK = 0.1
KLOP_KONTRA_TROUBLE = 8.0  # klop_trouble at or below which a klop is kontra'd
TRULA_TAROKS = 11
KINGS_TAROKS = 10
ULTIMO_TAROKS = 10
KONTRA_AT = {"three": 16.5, "two": 17.0, "one": 14.5, "solo-without": 17.0}
SUBKONTRA_MORE = 4.0
REKONTRA_MORE = 5.0
MORTKONTRA_MORE = 8.0
KONTRA_ULTIMO_TAROKS = 7
THRESHOLDS = {"three": THREE_AT, "two": TWO_AT, "one": ONE_AT, "solo-without": SOLO_AT}
ORDER = ("klop", "three", "two", "one", "beggar", "solo-without", "open-beggar", "colour-valat", "valat")


def playable(contract: str, hand: list[str]) -> bool:
    """Whether the hand will play ``contract`` as declarer (klop is nobody's contract)."""
    if contract in THRESHOLDS:
        return strength(hand) >= THRESHOLDS[contract]
    if contract == "beggar":
        return trick_risk(hand) <= BEGGAR_RISK
    if contract == "open-beggar":
        return trick_risk(hand) <= OPEN_BEGGAR_RISK
    if contract == "colour-valat":
        return sure_colour_valat(hand)
    if contract == "valat":
        return sure_valat(hand)
    return False


def auction(view: SlovenianView, legal: list[str], hand: list[str]) -> str:
    bids = [a[4:] for a in legal if a.startswith("bid:")]
    if "klop" in bids:  # forehand's special turn: klop is worth more than a beggar here
        if strength(hand) < KLOP_BELOW:
            special = [c for c in bids if c in ("colour-valat", "valat") and playable(c, hand)]
            return "bid:" + (special[-1] if special else "klop")
        return "bid:" + choice(bids, hand, floor="three")
    if "pass" in legal:
        if "three" in bids:  # simple auction: the opener standing at three, final call
            return "bid:" + choice(bids, hand, floor="three") if strength(hand) >= KLOP_BELOW else "pass"
        will = [c for c in bids if playable(c, hand)]
        return "bid:" + min(will, key=ORDER.index) if will else "pass"
    # The final call (or the simple auction's opening): the best contract the hand will play.
    return "bid:" + choice(bids, hand, floor=bids[0])


def choice(bids: list[str], hand: list[str], floor: str) -> str:
    """Free to name any of ``bids`` (a special turn, a final call): a sure valat, an open
    beggar over a beggar, else the positive contract the strength prefers; at least ``floor``."""
    for contract in ("valat", "colour-valat", "open-beggar"):
        if contract in bids and playable(contract, hand):
            return contract
    if floor == "beggar":
        return floor
    value = strength(hand)
    for contract, at in PREFER:
        if contract in bids and value >= at:
            return contract
    return floor


def talon(view: SlovenianView, legal: list[str], hand: list[str]) -> str:
    groups = [list(g) for g in present(view["talon_groups"])]

    def worth(action: str) -> float:
        n = int(action.partition(":")[2])
        untaken = [c for i, g in enumerate(groups, start=1) if i != n for c in g]
        return group_worth(hand, groups[n - 1], untaken)

    return max(legal, key=worth)


def discard(legal: list[str], hand: list[str]) -> str:
    best = set(best_discard(hand, len(legal[0][8:].split(","))))
    for action in legal:
        if set(action[8:].split(",")) == best:
            return action
    return max(legal, key=lambda a: discard_value(hand, a[8:].split(",")))


def announce(view: SlovenianView, legal: list[str], hand: list[str]) -> str:
    me = seat_of(view)
    declarer = view["declarer"]
    contract = present(view["contract_key"])
    mine = taroks(hand)
    for action in legal:
        if action == "pass":
            continue
        word, _, item = action.partition(":")
        if word == "announce" and wants_announcement(view, item, hand):
            return action
        if word != "announce" and wants_kontra(contract, word, item, hand, me == declarer, len(mine)):
            return action
    return "pass"


def wants_announcement(view: SlovenianView, bonus: str, hand: list[str]) -> bool:
    """The declarer's announcements; the opponents announce nothing."""
    if seat_of(view) != view["declarer"]:
        return False
    n = len(taroks(hand))
    if bonus == "valat":
        return sure_valat(hand, public_out(view))
    if bonus == "trula":
        return {T1, T21, T22} <= set(hand) and n >= TRULA_TAROKS
    if bonus == "kings":
        return KINGS <= set(hand) and n >= KINGS_TAROKS
    if bonus == "ultimo":
        return T1 in hand and n >= ULTIMO_TAROKS
    return False


def wants_kontra(contract: str, word: str, item: str, hand: list[str], declarer: bool, n: int) -> bool:
    if item == "klop":
        return klop_trouble(hand) <= KLOP_KONTRA_TROUBLE
    if item in ("game", "valat"):
        if contract in ("colour-valat", "valat") or item == "valat":
            return declarer and word in ("rekontra", "mortkontra")  # the valat was sure
        if declarer:
            threshold = THRESHOLDS.get(contract)
            if threshold is None:  # the beggars: rekontra a very safe one
                return word == "rekontra" and trick_risk(hand) <= OPEN_BEGGAR_RISK / 2
            more = REKONTRA_MORE if word == "rekontra" else MORTKONTRA_MORE
            return strength(hand) >= threshold + more
        threshold = KONTRA_AT.get(contract)
        if threshold is None:
            return False
        more = 0.0 if word == "kontra" else SUBKONTRA_MORE
        return strength(hand) >= threshold + more
    if word != "kontra":
        return False  # a bonus's later levels: not worth the risk
    if item == "trula":
        return T22 in hand  # the other side can never win the škis
    if item == "kings":
        return any(c in KINGS for c in hand)
    if item == "ultimo":
        return n >= KONTRA_ULTIMO_TAROKS
    return False


class BasicPolicy(PhaseRules[SlovenianView]):
    def __init__(self) -> None:
        super().__init__(
            "Slovenian",  # untranslated: a name, in a programmer error
            {
                "auction": lambda view, legal, hand, rng: auction(view, legal, hand),
                "talon": lambda view, legal, hand, rng: talon(view, legal, hand),
                "discard": lambda view, legal, hand, rng: discard(legal, hand),
                "announce": lambda view, legal, hand, rng: announce(view, legal, hand),
                "play": card_play(Knowledge.from_view, choose_card),
            },
        )
