"""Who sees which of a hand's analysed decisions (docs/analysis.md, "Who sees what").

Only for a hand the caller may replay (``games.history.access.may_replay``; anything else is a
404 before this is asked). Then: staff see every decision; everyone sees every decision of a
hand that is public to all (an open table's, a past day's daily deal: ``access.public_to_all``);
otherwise (a private table, a closed audience, today's daily deal, a guided hand) a player sees
the decisions they made themselves, and nobody else's.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from games.analysis.models import AnalysedDecision, HandAnalysis
from games.history import access
from games.models import Hand
from games.services.access import user_id


def sees_everything(hand: Hand, user: Any) -> bool:
    return access.is_staff(user) or Hand.objects.filter(access.public_to_all(), pk=hand.pk).exists()


def own_decisions(hand: Hand, user: Any) -> bool:
    """Whether ``user`` made any decision in ``hand`` themselves."""
    uid = user_id(user)
    return uid is not None and hand.actions.filter(actor_id=uid, robot="").exists()


def may_request(hand: Hand, user: Any) -> bool:
    """Whether ``user`` may ask for ``hand``'s analysis (they may replay it): a finished hand, a
    signed-in user (a guest too), who would see some of it."""
    if user_id(user) is None or not hand.is_over:
        return False
    return sees_everything(hand, user) or own_decisions(hand, user)


def visible(analysis: HandAnalysis, user: Any, everything: bool) -> QuerySet[AnalysedDecision]:
    """The decisions of ``analysis`` that ``user`` may see (``everything``: ``sees_everything``)."""
    decisions = analysis.decisions.select_related("actor").order_by("seq")
    if everything:
        return decisions
    uid = user_id(user)
    if uid is None:
        return decisions.none()
    return decisions.filter(actor_id=uid)
