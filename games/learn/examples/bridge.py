"""Bridge: a round's count (bridge.md §10), for each way of scoring the J points, by
``games.rules.bridge.scoring`` exactly as a finished round is counted."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from games.page.cards import card_label
from games.rules.base import HandResult
from games.rules.bridge.scoring import MINUS, PLUS, score
from games.rules.bridge.state import WENT_OUT

from .worked import WorkedExample


@dataclass(frozen=True)
class Round:
    """The end of a round: what each seat holds, who went out, the Js of the last move."""

    hands: tuple[tuple[str, ...], ...]
    winner: int
    jacks: int
    multiplier: int  # 1 + the reshuffles of the blind
    choice: str | None


def counted(round_: Round) -> HandResult:
    payments, items = score(round_.hands, round_.winner, round_.jacks, round_.multiplier, round_.choice)
    return HandResult(
        thrown_in=False,
        payments=payments,
        contract=None,
        declarer=round_.winner,
        items=items,
        reason=WENT_OUT,
    )


# bridge.md §14 example 5: P1 goes out with HJ SJ after one reshuffle.
OUT_ON_JACKS = Round(hands=((), ("S7",), ("C10", "HQ")), winner=0, jacks=2, multiplier=2, choice=PLUS)
OUT_ON_JACKS_MINUS = replace(OUT_ON_JACKS, choice=MINUS)


def examples() -> tuple[WorkedExample, ...]:
    seats = ("Anna", "Bela", "Cili")  # untranslated: the story's people, by name as its messages say
    story = _(
        "Three players; the blind was reshuffled once, so every amount counts × %(m)d. Anna's last "
        "move is two Js and she goes out. Bela holds %(bela)s, Cili holds %(cili)s."
    ) % {
        "m": OUT_ON_JACKS.multiplier,
        "bela": " ".join(card_label(card, "bridge") for card in OUT_ON_JACKS.hands[1]),
        "cili": " ".join(card_label(card, "bridge") for card in OUT_ON_JACKS.hands[2]),
    }
    return (
        WorkedExample(
            "plus",
            _("Going out on Js: the others take the J points"),
            story + " " + _("Anna chooses plus: each other player adds the J points."),
            seats,
            counted(OUT_ON_JACKS),
            zero_sum=False,
        ),
        WorkedExample(
            "minus",
            _("Going out on Js: the winner takes them off"),
            story + " " + _("Anna chooses minus: the J points come off her own total."),
            seats,
            counted(OUT_ON_JACKS_MINUS),
            zero_sum=False,
        ),
    )
