"""What would the robot play? (issue 38, part 3): at an unrated table or a guided hand, the
robot's choice for the viewer's current decision and its reason, in the table's own words.

``question`` checks who asks and when (``controls.hint_offer`` draws the button in the same cases,
and nothing is computed for anyone else): a seated player of an unrated table that is not a
fixed deal's (the daily deal), to act now, at the move number the page shows. Then it gives the
appraisal engine (``games.bots.appraisal``) the hand's true deal, its whole log up to now and
the viewer's own seat: the engine reduces them to what that seat knows (its own cards, the
public log, its view) before it deals the unseen cards again, ``settings.HINT_WORLDS`` times,
under a seed fixed by the hand, the public move number and the seat. The answer names only
the seat's legal actions (its own cards, the buttons it sees) and the values the engine
expects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games import services
from games.bots.appraisal import CHANCE, Appraisal, appraise
from games.models import Room
from games.page.action_labels import action_label
from games.page.amounts import amount, quantity
from games.page.cards import card_title
from games.page.context import RoomContext, room_context

# A difference smaller than this is shown as none (the values are shown with one decimal).
SAME = 0.05


@dataclass(frozen=True)
class Hint:
    """A hint as the page shows it: the robot's action, and the words that say it and why."""

    action: str
    choice: str  # "The robot would play the King of hearts."
    reason: str  # "Over the 24 deals it tried it expects +2.4 points, 1.1 more than with ..."


@dataclass(frozen=True)
class Question:
    """A hint asked for where one may be given: the asker's seat and the page's context."""

    seat: int
    context: RoomContext


def question(room: Room, user: Any, seq: int) -> Question:
    """``user``'s question at ``room``, whose page shows public move number ``seq``. Raises
    ``services.Forbidden`` (403: a rated table, the daily deal, no seat of the user's) or
    ``services.Stale`` (409: no hand being played, the table moved on, not the user's turn)."""
    if room.rated:
        raise services.Forbidden(_("The robot's hints are for unrated tables: this one is rated."))
    if room.fixed_seed:
        raise services.Forbidden(_("The robot gives no hints in the daily deal."))
    context = room_context(room, user)
    me, hand, view = context["me"], context["hand"], context["view"]
    if me is None:
        raise services.Forbidden(_("The robot's hints are for the players at this table."))
    if hand is None or hand.is_over or view is None:
        raise services.Stale(_("No hand is being played at this table."))
    if seq != context["seq"]:
        raise services.Stale(_("The table has moved on since you asked: ask again."))
    if me not in view["to_act"] or not context["legal"]:
        raise services.Stale(_("It is not your turn: the robot's hint is for your own decisions."))
    if view["phase"] in CHANCE:
        raise services.Stale(_("Chance decides this (a shuffle, a cut or a pile): the robot has no hint."))
    return Question(seat=me, context=context)


def answer(asked: Question) -> Hint:
    """The robot's hint: ``appraise`` over ``settings.HINT_WORLDS`` worlds (CPU: call it only
    for a question the asker's rate lets through)."""
    context, me = asked.context, asked.seat
    hand, legal = context["hand"], context["legal"]
    assert hand is not None  # ``question`` checked it
    if len(legal) == 1:
        return Hint(legal[0], choice_sentence(legal[0], context), _("It is your only choice."))
    # The log the state shown was folded from (``replay.current``: every action up to hand.seq),
    # the private ones included: the engine keeps of them only what this seat may know.
    actions = list(hand.actions.filter(seq__lte=hand.seq).order_by("seq").values_list("seat", "action"))
    appraisal = appraise(
        hand.variant,
        hand.deal_value(),
        hand.context_value(),
        actions,
        me,
        None,
        seed=f"hint:{hand.pk}:{hand.public_seq}:{me}",  # untranslated: a seed
        worlds=settings.HINT_WORLDS,
    )
    if appraisal is None:
        return Hint(
            "",
            _("The robot has no advice here."),
            _("It found no deal of the unseen cards that fits everything you have seen."),
        )
    return Hint(appraisal.best, choice_sentence(appraisal.best, context), reason(appraisal, context))


def choice_name(action: str, context: RoomContext) -> str:
    """An action as the hint names it: a card by its whole name ("the Queen of hearts"), a
    discard by its cards, any other choice by the words on its button, quoted."""
    variant = context["variant_key"]
    kind, _sep, arg = action.partition(":")
    if kind in ("play", "discard") and arg:
        return ", ".join(
            pgettext("a card named in a sentence", "the %(card)s") % {"card": card_title(card, variant)}
            for card in arg.split(",")
        )
    label = next((b["label"] for b in context["controls"]["buttons"] if b["action"] == action), None)
    if label is None:
        label = action_label(action, variant)
    return pgettext("a button's words, quoted", "“%(label)s”") % {"label": label}


def choice_sentence(action: str, context: RoomContext) -> str:
    kind = action.partition(":")[0]
    name = choice_name(action, context)
    if kind == "play":
        return _("The robot would play %(card)s.") % {"card": name}
    if kind == "discard":
        return _("The robot would discard %(cards)s.") % {"cards": name}
    return _("The robot would choose %(choice)s.") % {"choice": name}


def expected(value: float, appraisal: Appraisal, variant: str) -> str:
    """What the robot expects of a choice: "+2.4 points". Bridge counts penalty points, which
    the engine scores as the seat's lead over the others' mean (``games.bots.appraisal.scores``):
    "a lead of 2.4 penalty points over the others"."""
    if variant != "bridge":
        return quantity(value, appraisal.unit, signed=True)
    shown = quantity(abs(value), appraisal.unit)
    if round(value, 1) == 0:
        return _("no lead over the others")
    if value > 0:
        return _("a lead of %(quantity)s over the others") % {"quantity": shown}
    return _("%(quantity)s behind the others") % {"quantity": shown}


def reason(appraisal: Appraisal, context: RoomContext) -> str:
    """Why: the deals tried, the value the robot expects of its choice, and how much more
    than the next best choice (or that another is as good)."""
    best = appraisal.values[appraisal.best]
    others = sorted(
        ((value, action) for action, value in appraisal.values.items() if action != appraisal.best),
        key=lambda item: (-item[0], item[1]),
    )
    count = appraisal.worlds
    words = {"count": count, "expected": expected(best, appraisal, context["variant_key"])}
    if not others:
        return (
            ngettext(
                "Over the %(count)s deal it tried it expects %(expected)s.",
                "Over the %(count)s deals it tried it expects %(expected)s.",
                count,
            )
            % words
        )
    value, other = others[0]
    words["other"] = choice_name(other, context)
    if best - value < SAME:
        return (
            ngettext(
                "Over the %(count)s deal it tried it expects %(expected)s; %(other)s is as good.",
                "Over the %(count)s deals it tried it expects %(expected)s; %(other)s is as good.",
                count,
            )
            % words
        )
    words["margin"] = amount(best - value)
    return (
        ngettext(
            "Over the %(count)s deal it tried it expects %(expected)s, "
            "%(margin)s more than with %(other)s, the next best.",
            "Over the %(count)s deals it tried it expects %(expected)s, "
            "%(margin)s more than with %(other)s, the next best.",
            count,
        )
        % words
    )
