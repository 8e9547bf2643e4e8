"""The Czech phases and action words, behind the shared gate (``games.rules.gate``).

``legal_actions`` lists ``pass`` first wherever it exists; cuts from 7 to 47 then the knocks;
piles by number; cards in display order.
"""

from __future__ import annotations

from ..gate import Apply, Gate, Legal
from ..words import _, pgettext
from . import announce, auction, deal, money, partner, play, talon
from .state import SEATS, CzechState, Phase

# Phase → (the action words it accepts, legal actions, apply).
PHASES: dict[Phase, tuple[frozenset[str], Legal[CzechState], Apply[CzechState]]] = {
    Phase.SHUFFLE: (frozenset({"shuffle", "pass"}), deal.legal_shuffle, deal.apply_shuffle),
    Phase.CUT: (frozenset({"cut", "knock"}), deal.legal_cuts, deal.apply_cut),
    Phase.PILES: (frozenset({"pile"}), deal.legal_piles, deal.apply_pile),
    Phase.PREVER: (frozenset({"prever", "pass"}), auction.legal_choices, auction.apply_choice),
    Phase.TALON: (
        frozenset({"take", "offer", "accept", "refuse", "keep", "reject"}),
        talon.legal_talon,
        talon.apply_talon,
    ),
    Phase.DISCARD: (frozenset({"discard"}), talon.legal_discards, talon.apply_discard),
    Phase.CALL: (frozenset({"call"}), partner.legal_calls, partner.apply_call),
    Phase.MONEY: (frozenset({"declare", "decline"}), money.legal_money, money.apply_money),
    Phase.VALAT: (frozenset({"valat", "pass"}), announce.legal_valat, announce.apply_valat),
    Phase.IOTE: (frozenset({"iote", "pass"}), announce.legal_iote, announce.apply_iote),
    Phase.CONTRA: (frozenset({*announce.CONTRA_WORDS, "pass"}), announce.legal_contra, announce.apply_contra),
    Phase.PLAY: (frozenset({"play"}), play.legal_plays, play.apply_play),
}

VERBS = {
    "shuffle": pgettext("verb", "shuffle"),
    "pass": pgettext("verb", "pass"),
    "cut": pgettext("verb", "cut"),
    "knock": pgettext("verb", "knock"),
    "pile": _("pick a pile"),
    "prever": _("go prever"),
    "take": _("take a talon card"),
    "offer": _("offer a talon card"),
    "accept": _("accept a talon card"),
    "refuse": _("refuse a talon card"),
    "keep": _("keep talon cards"),
    "reject": _("reject talon cards"),
    "discard": pgettext("verb", "discard"),
    "call": _("call a partner"),
    "declare": _("declare money cards"),
    "decline": _("decline money cards"),
    "valat": _("call valat"),
    "iote": _("call I on the end"),
    "play": _("play a card"),
    **{
        word: _("say {word}", word=name)
        for word, name in zip(announce.CONTRA_WORDS, announce.CONTRA_NAMES, strict=True)
    },
}
WITH_ARGUMENT = frozenset({"cut", "knock", "pile", "discard", "call", "play"})


GATE = Gate(seats=SEATS, phases=PHASES, verbs=VERBS, with_argument=WITH_ARGUMENT)


def legal_actions(state: CzechState, seat: int) -> list[str]:
    return GATE.legal_actions(state, seat)


def apply(state: CzechState, seat: int, action: str) -> CzechState:
    return GATE.apply(state, seat, action, over=state.phase is Phase.OVER)
