"""The talon exchange of three, two and one (slovenian3.md §5.1).

The six talon cards are turned face up for everyone and split in dealt order into groups
(three: {1–3} {4–6}; two: {1–2} {3–4} {5–6}; one: six single cards). The declarer takes one
group, ``take:<n>`` (n from 1, in dealt order), then discards as many cards at once,
``discard:<card>,<card>,...`` (any order accepted; the legal list gives each set in display
order, the sets in display order). Kings and the trula (T1, T21, T22) are never discarded;
another tarok only when no other card may be discarded (a discard holding a tarok holds every
non-king suit card of the hand). Discarded taroks are shown face up (log and
``observe``); the rest of the discard stays hidden until the hand is over. The groups not taken
count for the opponents (``outcome``).
"""

from __future__ import annotations

from itertools import combinations

from ..base import IllegalAction
from ..cards import KINGS, PACK_54, display_index
from ..discard import check_discard_cards
from ..words import _, ngettext
from .announce import start_announcements
from .state import TALON_SIZE, TRULA, Phase, SlovenianState, evolve, groups, logged

_DISPLAY = display_index("traditional")


def start_exchange(state: SlovenianState) -> SlovenianState:
    assert state.contract is not None and state.declarer is not None
    shown = " | ".join(
        " ".join(group) for group in groups(state.talon, state.contract.talon_group)
    )  # untranslated: card codes
    return evolve(
        state,
        phase=Phase.TALON,
        to_act=frozenset({state.declarer}),
        log=logged(state, (None, _("The talon is turned face up: {groups}", groups=shown))),
    )


def legal_takes(state: SlovenianState, seat: int) -> list[str]:
    assert state.contract is not None
    return [f"take:{n}" for n in range(1, TALON_SIZE // state.contract.talon_group + 1)]


def apply_take(state: SlovenianState, seat: int, action: str) -> SlovenianState:
    assert state.contract is not None
    choices = legal_takes(state, seat)
    if action not in choices:
        raise IllegalAction(_("Choose a talon group from 1 to {count}", count=len(choices)))
    number = int(action.partition(":")[2])
    group = groups(state.talon, state.contract.talon_group)[number - 1]
    hands = list(state.hands)
    hands[seat] = state.setup.sort(hands[seat] + group)
    return evolve(
        state,
        phase=Phase.DISCARD,
        hands=tuple(hands),
        talon_taken=number,
        log=logged(
            state, (seat, _("takes talon group {number}: {cards}", number=number, cards=" ".join(group)))
        ),
    )


def _suit_discardable(hand: tuple[str, ...]) -> list[str]:
    return [card for card in hand if card[0] != "T" and card not in KINGS]


def legal_discards(state: SlovenianState, seat: int) -> list[str]:
    """Every allowed discard: only non-king suit cards while there are enough of them, else
    all of them and the rest in taroks other than the trula."""
    assert state.contract is not None
    count = state.contract.talon_group
    hand = state.hands[seat]
    suits = _suit_discardable(hand)
    if len(suits) >= count:
        sets = [list(combo) for combo in combinations(suits, count)]
    else:
        taroks = [card for card in hand if card[0] == "T" and card not in TRULA]
        sets = [list(combo) + suits for combo in combinations(taroks, count - len(suits))]
    ordered = sorted(
        (sorted(s, key=_DISPLAY.__getitem__) for s in sets), key=lambda s: [_DISPLAY[c] for c in s]
    )
    return ["discard:" + ",".join(s) for s in ordered]


def _check_discard(state: SlovenianState, seat: int, cards: list[str]) -> None:
    assert state.contract is not None
    count = state.contract.talon_group
    hand = state.hands[seat]
    check_discard_cards(cards, hand, count, PACK_54)
    if any(card in KINGS for card in cards):
        raise IllegalAction(_("Kings may not be discarded"))
    if any(card in TRULA for card in cards):
        raise IllegalAction(_("The trula (škis, mond and pagat) may not be discarded"))
    if any(card[0] == "T" for card in cards) and not set(_suit_discardable(hand)) <= set(cards):
        raise IllegalAction(_("You may discard a tarok only when you have no other card to discard"))


def apply_discard(state: SlovenianState, seat: int, action: str) -> SlovenianState:
    cards = action[len("discard:") :].split(",") if action != "discard:" else []
    _check_discard(state, seat, cards)
    gone = set(cards)
    hands = list(state.hands)
    hands[seat] = tuple(card for card in hands[seat] if card not in gone)
    discard = state.setup.sort(cards)
    taroks = [card for card in discard if card[0] == "T"]
    discarded = ngettext("{count} card", "{count} cards", len(cards), count=len(cards))
    text = _("discards {discarded}", discarded=discarded)
    if taroks:
        shown = ngettext("{count} tarok", "{count} taroks", len(taroks), count=len(taroks))
        text = _(
            "discards {discarded}, {shown} face up: {cards}",
            discarded=discarded,
            shown=shown,
            cards=" ".join(taroks),
        )
    state = evolve(state, hands=tuple(hands), discard=discard, log=logged(state, (seat, text)))
    return start_announcements(state)
