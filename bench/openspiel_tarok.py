"""OpenSpiel's Slovenian tarok beside our core: how a deal, a card, a bid and a contract of one
are written in the other (``open-spiel==2.0.2``, test-only: never imported at run time).

Shared by the differential test (tests/rules/test_slovenian3_openspiel.py) and the yardstick
against OpenSpiel's robots (bench/yardstick_openspiel.py). OpenSpiel's game ``tarok`` with
``players=3`` deals itself (its chance node's one outcome, 0, shuffles with the game's own
``rng_seed`` and redeals hands without taroks); ``our_deal`` writes that deal as our explicit
``Deal`` and ``our_hand`` starts our hand from it with our dealer at seat 2, so that OpenSpiel's
player p is our seat p (its player 0 is forehand, 1 middlehand, 2 the dealer). ``OPTIONS`` make
the two engines agree where they can: no rounding to 5 (OpenSpiel never rounds); the defaults
for the rest (mond penalty 20, no radelci, no škisfang, no klop kontra: OpenSpiel has none of
them). OpenSpiel has no announcements and no kontra: our announcement phase is passed through.

The talon: OpenSpiel's declarer chooses a group with actions 0.. (our ``take:<n+1>``) and then
discards one card per action (the card's index, suit cards first); ours discards all at once
(``discard:<cards>``). This module imports no ``pyspiel``: its callers load the game.
"""

from __future__ import annotations

from typing import Any

from games.rules import Deal, HandContext
from games.rules.slovenian3 import SLOVENIAN3

DEALER = 2  # OpenSpiel's player p is our seat p: 0 forehand, 1 middlehand, 2 dealer
OPTIONS: dict[str, Any] = {"round_to_5": False}

# OpenSpiel's card actions 0..53 in order: the taroks I..XXI and the škis, then per suit
# hearts, diamonds (4 3 2 1 J R Q K), spades, clubs (7 8 9 10 J R Q K).
_RANKS = {"H": "4 3 2 1 J R Q K", "D": "4 3 2 1 J R Q K", "S": "7 8 9 10 J R Q K", "C": "7 8 9 10 J R Q K"}
CARDS = [f"T{n}" for n in range(1, 23)] + [suit + rank for suit in "HDSC" for rank in _RANKS[suit].split()]
INDEX = {card: i for i, card in enumerate(CARDS)}

# OpenSpiel's bidding actions and ours (5–7 are the four-player contracts).
BIDS = {
    0: "pass",
    1: "bid:klop",
    2: "bid:three",
    3: "bid:two",
    4: "bid:one",
    8: "bid:beggar",
    9: "bid:solo-without",
    10: "bid:open-beggar",
    11: "bid:colour-valat",
    12: "bid:valat",
}
ACTIONS = {action: bid for bid, action in BIDS.items()}

# OpenSpiel's ``TarokContract`` names and our contract keys (``Contract.key``).
CONTRACT_KEYS = {
    "KLOP": "klop",
    "THREE": "three",
    "TWO": "two",
    "ONE": "one",
    "BEGGAR": "beggar",
    "SOLO_WITHOUT": "solo-without",
    "OPEN_BEGGAR": "open-beggar",
    "COLOUR_VALAT_WITHOUT": "colour-valat",
    "VALAT_WITHOUT": "valat",
}


def our_deal(theirs: Any) -> Deal:
    """The cards of OpenSpiel's state ``theirs`` (after its deal) as our ``Deal``."""
    return Deal(
        hands=tuple(tuple(CARDS[i] for i in theirs.player_cards(p)) for p in range(3)),
        talon=tuple(CARDS[i] for i in theirs.talon()),
    )


def our_hand(deal: Deal) -> Any:
    """Our hand of ``deal`` as OpenSpiel plays it: dealer seat 2, ``OPTIONS``."""
    return SLOVENIAN3.new_hand(deal, HandContext(dealer=DEALER, options=OPTIONS))


def take_action(their_action: int) -> str:
    """OpenSpiel's choice of a talon group (0..) as our action."""
    return f"take:{their_action + 1}"


def play_action(their_action: int) -> str:
    """OpenSpiel's card action as our action."""
    return "play:" + CARDS[their_action]


def card_of(our_action: str) -> int:
    """Our ``play:<card>`` as OpenSpiel's card action."""
    return INDEX[our_action.partition(":")[2]]
