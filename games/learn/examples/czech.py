"""Czech Taroky: one worked example per kind of game (czech.md §10): a partner game, a prever
game, and a valat; scored by ``games.rules.czech.scoring`` exactly as a played hand is."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.rules.base import HandResult, Termination
from games.rules.czech.scoring import Outcome, score, settle
from games.rules.czech.state import DECLARER, PARTNER_GAME
from games.rules.czech.state import PREVER as PREVER_CONTRACT

from .worked import WorkedExample

PACK_POINTS = 106


def played(contract: str, outcome: Outcome, declarer_side: tuple[int, ...]) -> HandResult:
    """The result a finished hand has, povinnost (or the prever) at seat 0."""
    scored = score(outcome)
    return HandResult(
        thrown_in=False,
        payments=settle(scored.value, declarer_side),
        contract=contract,
        declarer=0,
        partner=declarer_side[1] if len(declarer_side) > 1 else None,
        declarer_side=declarer_side,
        card_points=outcome.card_points,
        game_winner=scored.game_winner,
        items=scored.items,
        value=scored.value,
        reason=Termination.PLAYED_OUT,
    )


def _points(declaring: int) -> tuple[int, int]:
    return (declaring, PACK_POINTS - declaring)


# Povinnost and the partner win; the I alone in trick 12, not called.
PARTNER_GAME_OUTCOME = Outcome(prever=False, card_points=_points(61), t1_side=DECLARER, t1_alone=True)
# The prever rejects the top set and keeps the bottom one (× 2 if lost), is contra'd once, and loses.
PREVER = Outcome(prever=True, card_points=_points(48), pm=2, contra=1)
# Povinnost's side calls valat and takes all twelve tricks.
VALAT = Outcome(prever=False, card_points=_points(106), tricks=(12, 0), valat=DECLARER)


def examples() -> tuple[WorkedExample, ...]:
    partners = (_("Povinnost"), _("Partner"), _("Opponent 1"), _("Opponent 2"))
    return (
        WorkedExample(
            "partner-game",
            _("Partner game: a win and a silent I on the end"),
            _(
                "Nobody says prever. Povinnost calls the XIX and its holder is the partner. Their "
                "side takes %(points)d card points of 106 and wins; in trick 12 the partner plays "
                "the I as the only trump in the trick, without having called it."
            )
            % {"points": PARTNER_GAME_OUTCOME.card_points[0]},
            partners,
            played(PARTNER_GAME, PARTNER_GAME_OUTCOME, (0, 1)),
        ),
        WorkedExample(
            "prever",
            _("Prever: lost after the bottom set, with a contra"),
            _(
                "The prever rejects the top three talon cards and keeps the bottom three, so a lost "
                "game counts × %(pm)d. An opponent says contra. The prever takes %(points)d card "
                "points: 54 are needed, so the prever loses and pays each of the three others."
            )
            % {"pm": PREVER.pm, "points": PREVER.card_points[0]},
            (_("Prever"), _("Opponent 1"), _("Opponent 2"), _("Opponent 3")),
            played(PREVER_CONTRACT, PREVER, (0,)),
        ),
        WorkedExample(
            "valat",
            _("Valat: called and made"),
            _(
                "In a partner game povinnost calls valat before play and their side takes all %(tricks)d "
                "tricks. A valat replaces the game; the I on the end is not scored with it."
            )
            % {"tricks": VALAT.tricks[0]},
            partners,
            played(PARTNER_GAME, VALAT, (0, 1)),
        ),
    )
