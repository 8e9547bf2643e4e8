"""Hungarian Tarokk: one worked example per contract (hungarian.md §10), scored by
``games.rules.hungarian.scoring`` exactly as a played hand is."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.rules.base import HandResult, Termination
from games.rules.hungarian.scoring import (
    DECLARER,
    OPPONENTS,
    TRULL,
    VOLAT,
    Outcome,
    score,
    settle_hand,
)

from .worked import WorkedExample


def _alone() -> tuple[str, ...]:
    return (_("Declarer"), _("Opponent 1"), _("Opponent 2"), _("Opponent 3"))


def _partners() -> tuple[str, ...]:
    return (_("Declarer"), _("Partner"), _("Opponent 1"), _("Opponent 2"))


def played(contract: str, outcome: Outcome, partner: int | None) -> HandResult:
    """The result a finished hand of ``contract`` has, declarer seat 0 (and partner seat 1)."""
    scored = score(outcome)
    declarer_side = (0,) if partner is None else (0, partner)
    return HandResult(
        thrown_in=False,
        payments=settle_hand(scored, 0, partner),
        contract=contract,
        declarer=0,
        partner=partner,
        declarer_side=declarer_side,
        card_points=outcome.card_points,
        game_winner=scored.game_winner,
        items=scored.items,
        value=scored.value,
        reason=Termination.PLAYED_OUT,
    )


def _points(declarer: int) -> tuple[int, int]:
    return (declarer, 94 - declarer)


# hungarian.md §14 example 3: kontra chains, the declarer alone.
THREE = Outcome(
    game_value=1,
    card_points=_points(44),
    tricks=(4, 5),
    trull=DECLARER,
    announced=frozenset({(DECLARER, TRULL)}),
    kontra=((DECLARER, TRULL, 2),),
    game_kontra=1,
)
# §14 example 2: silent bonuses both ways.
TWO = Outcome(game_value=2, card_points=_points(58), tricks=(5, 4), four_kings=OPPONENTS, ultimo=DECLARER)
# §14 example 4: an announced volát that just fails.
ONE = Outcome(game_value=3, card_points=_points(80), tricks=(8, 1), announced=frozenset({(DECLARER, VOLAT)}))
# A silent double game, and an opponent's 8 tarokks paid by each other player (§10.5).
SOLO = Outcome(game_value=4, card_points=_points(75), tricks=(7, 2), tarokk_counts=((2, OPPONENTS, 8),))


def examples() -> tuple[WorkedExample, ...]:
    return (
        WorkedExample(
            "three",
            _("Three: the declarer alone, with kontras"),
            _(
                "The declarer bids three (game value %(g)d), holds the XX and calls it, so plays "
                "alone against three. The declarer announces tuletroá (trull); an opponent says "
                "kontra on the game and on the trull; the declarer answers rekontra on the trull. "
                "The declarer takes %(points)d card points, short of 48, but wins all three honours."
            )
            % {"g": THREE.game_value, "points": THREE.card_points[0]},
            _alone(),
            played("three", THREE, None),
        ),
        WorkedExample(
            "two",
            _("Two: silent bonuses both ways"),
            _(
                "Two (game value %(g)d), declarer and partner against two, nothing announced. The "
                "declarer's side takes %(points)d card points. The opponents win all four kings; "
                "the declarer wins the last trick with the pagát: a silent pagát ultimó."
            )
            % {"g": TWO.game_value, "points": TWO.card_points[0]},
            _partners(),
            played("two", TWO, 1),
        ),
        WorkedExample(
            "one",
            _("One: an announced volát that just fails"),
            _(
                "One (game value %(g)d). The declarer's side announces volát (all nine tricks) and "
                "takes %(points)d card points in %(tricks)d tricks: one trick short. An announced "
                "volát replaces the game and the double game, so only the failed volát counts."
            )
            % {"g": ONE.game_value, "points": ONE.card_points[0], "tricks": ONE.tricks[0]},
            _partners(),
            played("one", ONE, 1),
        ),
        WorkedExample(
            "solo",
            _("Solo: a silent double game and 8 tarokks"),
            _(
                "Solo (game value %(g)d): the declarer takes no talon card. Opponent 1 holds 8 "
                "tarokks and says so. The declarer's side takes %(points)d card points, 71 or more: "
                "a silent double game, which replaces the simple game. The 8 tarokks are paid "
                "apart: each other player pays their holder."
            )
            % {"g": SOLO.game_value, "points": SOLO.card_points[0]},
            _partners(),
            played("solo", SOLO, 1),
        ),
    )
