"""Money cards (czech.md §7.1): evaluated by the server, published in playing order from
povinnost, each paid at once (holder +3a, each other player −a), never multiplied.

The one decision: in a partner game, povinnost with 0–2 trumps privately chooses to
``declare`` or ``decline`` their Uni/Bida (only that card; their other money cards are always
declared). So that the step itself shows nothing, every partner game has a ``money`` step in
which povinnost announces the money cards: ``declare`` only, or ``declare`` / ``decline``
when povinnost has the choice (a step that existed only with the choice would tell everybody
that povinnost holds at most two trumps). A prever game has no such step.
"""

from __future__ import annotations

from .. import seats
from ..base import IllegalAction
from ..cards import HONOURS, KINGS
from ..words import _, pgettext
from .announce import start_valat
from .state import PARTNER_GAME, SEATS, CzechState, Phase, evolve, logged, trump_count

FIVE_POINT = HONOURS | KINGS
UNI, BIDA, TAROCKY, TAROKY = "Uni", "Bida", "Tarocky", "Taroky"  # untranslated: the game's own names
TRUL, PANE, ROSA_PANE, ROSA_PANE_PLUS = (  # untranslated: the game's own names
    "Trul",  # untranslated: the game's own name
    "Pane",  # untranslated: the game's own name
    "Rosa-Pane",
    "Rosa-Pane+",
)  # untranslated: the game's own names
WEAKNESS = frozenset({UNI, BIDA})
# The names as players read them: the Czech game's own words, as each language writes them.
MONEY_NAMES = {
    UNI: pgettext("money card", "Uni"),
    BIDA: pgettext("money card", "Bida"),
    TAROCKY: pgettext("money card", "Tarocky"),
    TAROKY: pgettext("money card", "Taroky"),
    TRUL: pgettext("money card", "Trul"),
    PANE: pgettext("money card", "Pane"),
    ROSA_PANE: pgettext("money card", "Rosa-Pane"),
    ROSA_PANE_PLUS: pgettext("money card", "Rosa-Pane+"),
}


def money_cards(hand: tuple[str, ...] | list[str]) -> list[tuple[str, int]]:
    """§7.1 table, in table order: (name, a) for every money card of a 12-card hand."""
    found: list[tuple[str, int]] = []
    trumps = trump_count(hand)
    if trumps == 0:
        found.append((UNI, 4))
    elif trumps <= 2:
        found.append((BIDA, 2))
    elif trumps in (8, 9):
        found.append((TAROCKY, 2))
    elif trumps >= 10:
        found.append((TAROKY, 4))
    if HONOURS <= set(hand):
        found.append((TRUL, 2))
    five = [card for card in hand if card in FIVE_POINT]
    kings = KINGS <= set(hand)
    if kings and len(five) > len(KINGS):
        found.append((ROSA_PANE_PLUS, 6))
    elif kings:
        found.append((ROSA_PANE, 4))
    elif len(five) >= 4:
        found.append((PANE, 2))
    return found


def pay(payments: tuple[int, ...], seat: int, a: int) -> tuple[int, ...]:
    """The holder receives a from each of the three others."""
    return tuple(p + (SEATS - 1) * a if s == seat else p - a for s, p in enumerate(payments))


def has_choice(state: CzechState) -> bool:
    assert state.povinnost is not None
    return state.contract == PARTNER_GAME and trump_count(state.hands[state.povinnost]) <= 2


def start_money(state: CzechState) -> CzechState:
    if state.contract == PARTNER_GAME:
        assert state.povinnost is not None
        return evolve(state, phase=Phase.MONEY, to_act=frozenset({state.povinnost}))
    return publish(state, declare=True)


def legal_money(state: CzechState, seat: int) -> list[str]:
    return ["declare", "decline"] if has_choice(state) else ["declare"]


def apply_money(state: CzechState, seat: int, action: str) -> CzechState:
    if action == "decline" and not has_choice(state):
        raise IllegalAction(_("Only a povinnost with no more than two tarokks may keep money cards secret"))
    return publish(state, declare=action == "declare")


def publish(state: CzechState, declare: bool) -> CzechState:
    """Every money card, in playing order from povinnost, paid at once; then the valat call."""
    assert state.povinnost is not None
    money = state.money
    payments = state.money_payments
    entries = []
    for seat in seats.in_order(state.povinnost, SEATS):
        for name, a in money_cards(state.hands[seat]):
            if seat == state.povinnost and name in WEAKNESS and not declare:
                continue
            money += ((seat, name, a),)
            payments = pay(payments, seat, a)
            entries.append(
                (seat, _("has {name}: {amount} from each other player", name=MONEY_NAMES[name], amount=a))
            )
    choice = declare if has_choice(state) else None
    state = evolve(
        state, money_choice=choice, money=money, money_payments=payments, log=logged(state, *entries)
    )
    return start_valat(state)
