"""The basic robot for Czech Taroky: plain rules of thumb for every decision (czech.md §3–§8).

It reads only its seat's view and picks from the legal actions; the engine's legal lists
already hold the rules (what may be discarded, the call's choices, who may contra, the I kept
for trick 12), so the robot only chooses well among them.

- Shuffle: pass. Cut: at 32, knocking now and then with a random style. Piles: any.
- Prever: only with a strong hand (``hand.strength``: trumps, the Skyz and Mund, the I in a
  long hand, high trumps, kings, voids) at or above ``PREVER_AT``.
- Partner-game talon: take card 5 / accept an offer when the card will help: the seat holds
  T19 (it will be povinnost's partner, so the other seat is an opponent) or has a suit card
  it can discard to make a void; otherwise offer / refuse it.
- The prever's talon: keep the top set when it is worth at least ``KEEP_TOP`` (``set_worth``),
  else look at the bottom set; keep that one unless the top set was clearly better.
- Discards: the set that makes the most voids (with trumps to ruff), banks points (a discard
  counts for the own side) and keeps short suits short, one card at a time.
- Partner call: the alternative (a partner) unless the hand is very strong (``ALONE_AT``):
  then T19, alone.
- Money cards: povinnost declines its Uni or Bida (no weakness shown) unless its suits are
  strong anyway (two kings or more).
- Valat: only with a sure one (top trumps enough to draw every other trump, the rest kings);
  measured, a valat call on merely long trumps loses about 200 chips. I on the end: with the I and a long
  trump hand. Contra / rhea-contra / supra-contra: with a strong hand for the caller's side.
- Card play: ``games.bots.czech.play``.
"""

from __future__ import annotations

import itertools
import random

from games.rules.cards import KINGS, TRUMP

from ..phases import PhaseRules, card_play
from ..shape import discard_value, suit_lengths, trumps
from ..tricks import english
from ..view import CzechView, present, seat_of
from .hand import set_worth, strength
from .knowledge import DECLARER, OPPONENTS, PREVER, T1, Knowledge, known_sides
from .play import choose_card

KNOCK_CHANCE = 0.05
KNOCK_STYLES = ("ones", "twos", "threes", "fours", "sixes", "twelve", "345", "twelves")
PREVER_AT = 12.0  # strength of the 12 dealt cards
ALONE_AT = 15.5  # strength of povinnost's 12 cards after the discards
KEEP_TOP = 1.2  # set_worth of the top set worth keeping
BACK_TO_TOP = 2.0  # the top set beats the bottom one by this much: go back to it (multiplier 4)
IOTE_TRUMPS = 9  # trumps (the I included) for I on the end
CONTRA_AT = 12.0  # strength for contra against the declaring side
RHEA_AT = 14.5
SUPRA_AT = 16.0


def cut(legal: list[str], rng: random.Random) -> str:
    if rng.random() < KNOCK_CHANCE:
        return "knock:" + rng.choice(KNOCK_STYLES)
    return "cut:32"


def wants_talon_card(hand: list[str]) -> bool:
    """Whether an unseen talon card would help: the seat will be the partner (it holds T19),
    or it has a lone suit card to discard (a void), or a long trump hand to ruff with."""
    if "T19" in hand:
        return True
    lengths = suit_lengths(hand)
    lone = any(lengths[c[0]] == 1 and c not in KINGS for c in hand if c[0] != TRUMP)
    return lone or len(trumps(hand)) >= 6


def talon(view: CzechView, legal: list[str], hand: list[str]) -> str:
    if "keep" in legal:
        return prever_talon(view, hand)
    if "take" in legal:
        return "take" if wants_talon_card(hand) else "offer"
    return "accept" if wants_talon_card(hand) else "refuse"


def prever_talon(view: CzechView, hand: list[str]) -> str:
    talon_view = present(view["prever_talon"])
    seeing = list(talon_view["seeing"] or ())
    if talon_view["stage"] == "top":
        return "keep" if set_worth(seeing) >= KEEP_TOP else "reject"
    top = list(talon_view["rejected"][0])
    return "reject" if set_worth(top) - set_worth(seeing) >= BACK_TO_TOP else "keep"


def choose_discard(view: CzechView, legal: list[str], hand: list[str]) -> str:
    options = [a[8:] for a in legal]
    to_go = len(hand) - 12
    ruffing = len(trumps(hand)) >= 2
    count = max(1, min(to_go, len(options)))
    best = max(
        itertools.combinations(options, count),
        key=lambda cards: discard_value(hand, list(cards), ruffing),
    )
    return "discard:" + min(best, key=lambda c: (c[0] == TRUMP, -len(c)))


def call(legal: list[str], hand: list[str]) -> str:
    """T19 while not holding it (the only choice); holding it, the alternative, unless the hand
    is strong enough to play alone."""
    if "call:T19" in legal and strength(hand) >= ALONE_AT:
        return "call:T19"
    others = [a for a in legal if a != "call:T19"]
    return others[0] if others else legal[0]


def wants_valat(view: CzechView, hand: list[str]) -> bool:
    """All 12 tricks, for a seat on the declaring side, only when they are sure: every other
    card a king, and an unbroken run of top trumps (from the Skyz down) at least as long as
    the trumps held elsewhere, so that even one opponent holding all of them is drawn."""
    if known_sides(view)[seat_of(view)] != DECLARER:
        return False
    if any(c[0] != TRUMP and c not in KINGS for c in hand):
        return False
    mine = {int(c[1:]) for c in trumps(hand)}
    run = 0
    while 22 - run in mine:
        run += 1
    return run >= 22 - len(mine)


def wants_iote(hand: list[str]) -> bool:
    mine = trumps(hand)
    return T1 in hand and len(mine) >= IOTE_TRUMPS


def contra(view: CzechView, legal: list[str], hand: list[str]) -> str:
    call_word = next(a for a in legal if a != "pass")
    value = strength(hand)
    # Opponents of a prever face one hand; in a partner game povinnost has the talon's four.
    prever = view["contract"] == PREVER
    threshold = {"contra": CONTRA_AT, "rhea-contra": RHEA_AT, "supra-contra": SUPRA_AT}[call_word]
    if call_word != "rhea-contra" and prever:
        threshold -= 0.5
    if view.get("valat") is not None:
        threshold += 3.0  # a called valat is rarely wrong about itself
    sides = known_sides(view)
    if call_word == "contra" and sides[seat_of(view)] == OPPONENTS and _weakness_shown(view):
        threshold -= 2.0
    return call_word if value >= threshold else "pass"


def _weakness_shown(view: CzechView) -> bool:
    """The declarer declared Uni or Bida."""
    return any(
        m["seat"] == view["declarer"]
        and english(m["name"]) in ("Uni", "Bida")  # untranslated: the rules' names
        for m in view.get("money") or ()
    )


class BasicPolicy(PhaseRules[CzechView]):
    def __init__(self) -> None:
        super().__init__(
            "Czech",  # untranslated: a name, in a programmer error
            {
                "shuffle": lambda view, legal, hand, rng: "pass",
                "cut": lambda view, legal, hand, rng: cut(legal, rng),
                "piles": lambda view, legal, hand, rng: rng.choice(legal),
                "prever": lambda view, legal, hand, rng: "prever" if strength(hand) >= PREVER_AT else "pass",
                "talon": lambda view, legal, hand, rng: talon(view, legal, hand),
                "discard": lambda view, legal, hand, rng: choose_discard(view, legal, hand),
                "call": lambda view, legal, hand, rng: call(legal, hand),
                "money": lambda view, legal, hand, rng: (
                    "declare" if sum(1 for c in hand if c in KINGS) >= 2 else "decline"
                ),
                "valat": lambda view, legal, hand, rng: "valat" if wants_valat(view, hand) else "pass",
                "iote": lambda view, legal, hand, rng: "iote" if wants_iote(hand) else "pass",
                "contra": lambda view, legal, hand, rng: contra(view, legal, hand),
                "play": card_play(Knowledge.from_view, choose_card),
            },
        )
