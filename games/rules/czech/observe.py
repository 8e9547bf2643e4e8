"""``observe(state, viewer)``: the only door to hidden cards (czech.md §13).

A seat sees its own cards, its own talon cards and discard, what it privately looks at as
the prever, and everything public: the shuffle count, the cut or knock, every answer, talon
offers (not the cards), rejected talon sets, discarded trumps, the called card, money cards,
calls, played cards. The audience sees only what is public. ``EVERYONE`` (staff) sees
everything, and so does every viewer once the hand is over.

Keys, all present in every view (None where not visible or not yet known):
variant, viewer, phase, seats, dealer, cutter, povinnost, to_act, waiting, options, hand,
hands, hand_counts, shuffles, cut, piles, auction, contract, declarer, talon,
talon_received, talon_counts, talon_events, prever_talon, discards, discarded_trumps,
called_card, partner, alone, public_sides, money, valat, iote, contra, trick, last_trick,
tricks, tricks_won, log, result, deal, review (the finished hand for every viewer,
``games.rules.review``; None until over).

Private turns (the I-on-the-end offer and contra offers, both shown as "contra"): ``to_act``
is ``[]`` for every viewer but the acting seat and ``EVERYONE``, and ``waiting`` names the
hidden turn in public words instead.
"""

from __future__ import annotations

from typing import Any

from ..base import EVERYONE, Viewer
from ..base import check_viewer as _check_viewer
from ..observing import hands_view, own_entry, seat_view, trick_play_view
from ..review import hand_review
from ..views import CzechView
from ..words import Msg, _
from .announce import CONTRA_WORDS, contra_item
from .state import DECLARER, OPPONENTS, PREVER, SEATS, CzechState, Phase
from .talon import prever_seeing

# The private turns, as the others see them. The I-on-the-end offer and the contra offers
# look the same from outside (phase "contra", one "waiting" text): an offer step that showed
# only when somebody holds T1 would tell, in a prever game, that T1 lies in the untaken talon.
# Povinnost's money step is public: every partner game has it (``money``).
WAITING = {
    Phase.IOTE: _("The players decide in private whether to call I on the end or contra"),
    Phase.CONTRA: _("The players decide in private whether to call I on the end or contra"),
}
PUBLIC_PHASE = {Phase.IOTE: Phase.CONTRA}


def check_viewer(viewer: Viewer) -> int | None:
    return _check_viewer(viewer, SEATS)


def called_card_played(state: CzechState) -> bool:
    card = state.called_card
    if card is None:
        return False
    if state.trick is not None and any(c == card for _, c in state.trick.cards):
        return True
    return any(c == card for trick in state.tricks for _, c in trick.cards)


def called_card_public(state: CzechState) -> bool:
    """The called card has been played, or was discarded (every discarded trump is public):
    then everyone knows the teams."""
    card = state.called_card
    if card is None:
        return False
    return called_card_played(state) or any(c == card for _, c in state.discarded_trumps)


def knows_partner(state: CzechState, seat: int | None, everything: bool, public: bool) -> bool:
    """Prever game: everyone. Partner game: the holder of the called card (in hand or own
    discard), and everyone once it is played or publicly discarded (``public``), or the hand
    is over."""
    if state.contract == PREVER:
        return True
    if state.called_card is None:
        return False
    if everything or public:
        return True
    if seat is None:
        return False
    own_discard = state.discards[seat] if state.discards is not None else ()
    return state.called_card in state.hands[seat] or state.called_card in own_discard


def public_sides(state: CzechState, called_public: bool) -> list[str | None]:
    """Per seat, its side once made public: everyone in a prever game; in a partner game
    povinnost, everyone once the called card is played (or was publicly discarded) or the
    hand is over, and anyone whose side follows from the valat and contra calls (callers of
    contra and supra-contra are not on the owning side X, rhea-contra callers and the valat
    caller are on it; X is known when valat was not called or povinnost's place is known)."""
    if state.contract is None:
        return [None] * SEATS
    if state.contract == PREVER or state.phase is Phase.OVER or called_public:
        return [state.side_of(s) for s in range(SEATS)]
    assert state.povinnost is not None
    sides: list[str | None] = [None] * SEATS
    sides[state.povinnost] = DECLARER
    on_x: dict[int, bool] = {}
    if state.valat is not None:
        on_x[state.valat] = True
    for level, (seat, _word) in enumerate(state.contra_calls, start=1):
        on_x[seat] = level == 2
    if state.valat is None:
        x: str | None = DECLARER
    elif state.povinnost in on_x:
        x = DECLARER if on_x[state.povinnost] else OPPONENTS
    else:
        x = None
    if x is not None:
        other = OPPONENTS if x == DECLARER else DECLARER
        for seat, on in on_x.items():
            sides[seat] = x if on else other
    return sides


def _prever_talon(state: CzechState, visible_prever: bool) -> dict[str, Any] | None:
    if state.prever_stage is None:
        return None
    seeing = prever_seeing(state)
    return {
        "stage": state.prever_stage,
        "rejected": [list(cards) for cards in state.prever_rejected],
        "kept": state.prever_kept,
        "multiplier": state.pm,
        "seeing": list(seeing) if seeing is not None and visible_prever else None,
    }


def _contra_json(state: CzechState) -> dict[str, Any]:
    level = len(state.contra_calls)
    return {
        "item": contra_item(state),
        "level": level,
        "name": CONTRA_WORDS[level - 1] if level else None,
        "calls": [{"seat": s, "call": call} for s, call in state.contra_calls],
    }


def review_of(state: CzechState) -> dict[str, Any] | None:
    """The finished hand for everyone (``games.rules.review``); None while it runs (and for a
    hand over before the deal, if one ever is: nothing was dealt to review)."""
    if state.phase is not Phase.OVER or state.dealt is None:
        return None
    return hand_review(
        hands=state.dealt,
        talon=state.talon,
        talon_received=state.talon_received,
        discards=state.discards,
        tricks=state.tricks,
    )


def public_phase(state: CzechState) -> str:
    """The phase the audience sees (``observe(state, "audience")["phase"]``)."""
    return _hidden_phase(state.phase).value if state.phase in WAITING else state.phase.value


def _hidden_phase(phase: Phase) -> Phase:
    """The phase shown to those not asked while the asked decide in private."""
    return PUBLIC_PHASE.get(phase, phase)


def observe(state: CzechState, viewer: Viewer) -> CzechView:
    """``viewer``'s view: the shared one (``observing.seat_view``) with what a seat sees besides
    the audience: its own cards, talon cards and discard, the prever's view of the talon, its own
    private turn, and its partner if it holds the card. Read-only below its top level."""
    seat = check_viewer(viewer)
    everything = state.phase is Phase.OVER or viewer == EVERYONE
    view = seat_view(state, viewer, seat, everything, _view)
    if seat is None or everything:
        return view
    if state.phase in WAITING and seat in state.to_act:
        view["phase"] = state.phase.value
        view["to_act"] = sorted(state.to_act)
        view["waiting"] = None
    received = state.talon_received
    if received is not None:
        own_entry(view, "talon_received", seat, list(received[seat]))
    if state.prever is not None and state.prever == seat:
        view["prever_talon"] = _prever_talon(state, True)
    discards = state.discards
    if discards is not None:
        own_entry(view, "discards", seat, list(discards[seat]))
    if knows_partner(state, seat, False, called_card_public(state)):
        view["partner"] = state.partner if state.contract != PREVER else None
        view["alone"] = state.alone
    return view


def _view(state: CzechState, viewer: Viewer, seat: int | None, everything: bool) -> CzechView:
    setup = state.setup

    def visible(s: int) -> bool:
        return everything or s == seat

    phase = state.phase
    if state.phase in WAITING and not everything and seat not in state.to_act:
        to_act: list[int] = []
        waiting: Msg | None = WAITING[state.phase]
        phase = _hidden_phase(phase)
    else:
        to_act = sorted(state.to_act)
        waiting = None

    cut: dict[str, Any] | None = None
    if state.cut is not None:
        kind, value = state.cut
        cut = {"kind": "cut", "position": value} if kind == "cut" else {"kind": "knock", "style": value}

    received = state.talon_received
    discards = state.discards
    called_public = called_card_public(state)
    knows = knows_partner(state, seat, everything, called_public)
    review_all = everything or setup.option("trick_review") == "all"
    is_dealt = state.dealt is not None

    return {
        "variant": "czech",
        "viewer": viewer,
        "phase": phase.value,
        "seats": SEATS,
        "dealer": setup.dealer,
        "cutter": setup.cutter,
        "povinnost": state.povinnost,
        "to_act": to_act,
        "waiting": waiting,
        "options": dict(setup.options),
        **hands_view(state.hands, seat, visible),
        "shuffles": state.shuffles,
        "cut": cut,
        "piles": None if state.pile_owners is None else list(state.pile_owners),
        "auction": [{"seat": s, "call": call} for s, call in state.auction],
        "contract": state.contract,
        "declarer": state.declarer,
        "talon": list(state.talon) if everything and is_dealt else None,
        "talon_received": (
            None if received is None else [list(r) if visible(s) else None for s, r in enumerate(received)]
        ),
        "talon_counts": None if received is None else [len(r) for r in received],
        "talon_events": [{"seat": s, "event": e, "card_no": n} for s, e, n in state.talon_events],
        "prever_talon": _prever_talon(state, state.prever is not None and visible(state.prever)),
        "discards": (
            None if discards is None else [list(d) if visible(s) else None for s, d in enumerate(discards)]
        ),
        "discarded_trumps": [{"seat": s, "card": card} for s, card in state.discarded_trumps],
        "called_card": state.called_card,
        "partner": state.partner if knows and state.contract != PREVER else None,
        "alone": state.alone if knows else None,
        "public_sides": public_sides(state, called_public),
        "money": [{"seat": s, "name": name, "a": a} for s, name, a in state.money],
        "valat": None if state.valat is None else {"seat": state.valat},
        "iote": None if state.iote is None else {"seat": state.iote},
        "contra": _contra_json(state),
        **trick_play_view(state, SEATS, review_all),
        "deal": (
            {"hands": [list(h) for h in state.dealt or ()], "talon": list(state.talon)}
            if everything and is_dealt
            else None
        ),
        "review": review_of(state),
    }
