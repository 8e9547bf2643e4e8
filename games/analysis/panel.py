"""What the replay shows of a hand's analysis to one viewer: its state (a button, a progress
mark, or the results), each player's summary, the marks of the move list and the decision at
the current step. Built from ``visibility.visible`` only: a viewer is never given a decision
they may not see."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from games.analysis import visibility
from games.analysis.models import AnalysedDecision, HandAnalysis
from games.models import Hand
from games.page.action_labels import action_label
from games.page.amounts import amount, quantity
from games.rules import words

# The marks of the engine (games.bots.appraisal.MARKS), worst first for the summaries; their
# signs in the move list, as chess sites write them, and their words.
WORST_FIRST = ("blunder", "mistake", "inaccuracy")  # untranslated: the engine's mark keys
SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}  # untranslated: chess notation
MARK_WORDS = {
    "good": pgettext_lazy("analysis mark", "good"),
    "inaccuracy": pgettext_lazy("analysis mark", "inaccuracy"),
    "mistake": pgettext_lazy("analysis mark", "mistake"),
    "blunder": pgettext_lazy("analysis mark", "blunder"),
}


def loss_words(loss: float, unit: Any) -> str:
    """ "−14 points expected": a loss in the game's unit (``unit``: the engine's message)."""
    return _("%(quantity)s expected") % {"quantity": _lost(loss, unit)}


def loss_amount(loss: float, unit: Any) -> str:
    """ "−1.1 chips": a loss in the game's unit, under a label that already says "expected"."""
    return _lost(loss, unit)


def _lost(loss: float, unit: Any) -> str:
    """A loss as a negative quantity (0, never −0, when it rounds to nothing)."""
    return quantity(-loss if round(loss, 1) else 0.0, unit)


def counts_words(counts: dict[str, int]) -> str:
    """ "1 blunder, 2 mistakes" (worst first), or "no mistakes"."""
    said = []
    for mark in WORST_FIRST:
        n = counts.get(mark, 0)
        if not n:
            continue
        if mark == "blunder":
            said.append(ngettext("%(count)s blunder", "%(count)s blunders", n) % {"count": n})
        elif mark == "mistake":
            said.append(ngettext("%(count)s mistake", "%(count)s mistakes", n) % {"count": n})
        else:
            said.append(ngettext("%(count)s inaccuracy", "%(count)s inaccuracies", n) % {"count": n})
    return ", ".join(said) if said else _("no mistakes")


def summaries(decisions: list[AnalysedDecision], unit: Any) -> list[dict[str, Any]]:
    """Per seat (in seat order) of the decisions given: who, how many of each mark, the sum of
    the expected losses."""
    by_seat: dict[int, list[AnalysedDecision]] = defaultdict(list)
    for decision in decisions:
        by_seat[decision.seat].append(decision)
    rows = []
    for seat in sorted(by_seat):
        mine = by_seat[seat]
        counts: dict[str, int] = defaultdict(int)
        for decision in mine:
            counts[decision.mark] += 1
        names = sorted({d.actor.username for d in mine if d.actor is not None})
        loss = sum(d.loss for d in mine)
        rows.append(
            {
                "seat": seat,
                "number": seat + 1,
                "names": ", ".join(names),
                "decisions": len(mine),
                "counts": counts_words(counts),
                "loss": loss_words(loss, unit),
                "worst": next((m for m in WORST_FIRST if counts.get(m)), "good"),
            }
        )
    return rows


def decision_words(decision: AnalysedDecision, variant: str, unit: Any) -> dict[str, Any]:
    values = decision.values or {}
    return {
        "seq": decision.seq,
        "seat": decision.seat + 1,
        "made": action_label(decision.made, variant),
        "made_action": decision.made,
        "best": action_label(decision.best, variant),
        "best_action": decision.best,
        "was_best": decision.made == decision.best or decision.loss == 0,
        "loss": loss_amount(decision.loss, unit),
        "mark": decision.mark,
        "mark_words": MARK_WORDS.get(decision.mark, decision.mark),
        "sign": SIGNS.get(decision.mark, ""),
        "choices": [
            {
                "label": action_label(action, variant),
                "action": action,
                "value": amount(value),
                "best": action == decision.best,
                "made": action == decision.made,
            }
            for action, value in sorted(values.items(), key=lambda item: -item[1])
        ],
        "worlds": decision.worlds,
    }


def panel(hand: Hand, user: Any, step: int | None) -> dict[str, Any]:
    """The analysis panel's context for ``user`` at ``step`` (the hand may be replayed by them)."""
    analysis = HandAnalysis.objects.filter(hand=hand).first()
    everything = visibility.sees_everything(hand, user)
    allowed = visibility.may_request(hand, user)
    context: dict[str, Any] = {
        "hand": hand,
        "analysis": analysis,
        "step": step,
        "can_request": allowed and (analysis is None or analysis.state == HandAnalysis.FAILED),
        "signed_in": getattr(user, "is_authenticated", False),
        "marks": {},
        "summaries": [],
        "current": None,
        "sees_everything": everything,
    }
    if analysis is None:
        return context
    context["percent"] = round(100 * analysis.done / analysis.total) if analysis.total else 0
    if analysis.state != HandAnalysis.DONE:
        return context
    decisions = list(visibility.visible(analysis, user, everything))
    unit = words.from_json(analysis.unit) if analysis.unit else None
    context["marks"] = {d.seq: d.mark for d in decisions}
    context["summaries"] = summaries(decisions, unit)
    context["seen"] = len(decisions)
    current = next((d for d in decisions if d.seq == step), None)
    if current is not None:
        context["current"] = decision_words(current, hand.variant, unit)
    return context
