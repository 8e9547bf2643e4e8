"""The analysis's doors: asking for a hand's analysis (POST), and its panel (GET: the fragment
the replay polls while the analysis is queued or running). A hand the caller may not replay is
a 404, as everywhere in the history (``games.history.access``)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_htmx.http import HttpResponseClientRefresh

from games.analysis import jobs, panel, visibility
from games.analysis.models import HandAnalysis
from games.history import access, parts, viewer
from games.models import Hand
from tarokk_site import limits
from tarokk_site.htmx import htmx_of

TEMPLATE = "games/_analysis_panel.html"  # untranslated: a template's name


def replay_part(hand: Hand, user: Any, step: int) -> dict[str, Any]:
    """The replay page's part (``games.history.parts``): the panel and the move list's marks."""
    context = panel.panel(hand, user, step)
    return {"analysis": context, parts.MOVE_MARKS: context["marks"]}


def _hand(request: HttpRequest, hand_id: int) -> Hand:
    hand = get_object_or_404(Hand.objects.select_related("room"), pk=hand_id)
    if not access.may_replay(hand, request.user):
        raise Http404(access.NOT_FOUND)
    return hand


def _step(request: HttpRequest, hand: Hand) -> int:
    try:
        step = viewer.parse_step(request.GET.get("step") or request.POST.get("step"))
    except ValueError:
        raise Http404(_("No such step or seat")) from None
    return hand.seq if step is None else max(0, min(step, hand.seq))


def _text(message: str, status: int) -> HttpResponse:
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")


@require_http_methods(["GET", "POST"])
def analysis(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = _hand(request, hand_id)
    step = _step(request, hand)
    if request.method == "POST":
        refused = _ask(request, hand)
        if refused is not None:
            return refused
        if not htmx_of(request):
            return redirect(f"/hands/{hand.pk}/?step={step}")
    context = panel.panel(hand, request.user, step)
    analysis = context["analysis"]
    polled = request.GET.get("poll") or (request.method == "POST" and htmx_of(request))
    if polled and analysis is not None and analysis.state == HandAnalysis.DONE:
        # The page was polling (or its request was done at once): the move list's marks and the
        # step's appraisal come with the whole page.
        return HttpResponseClientRefresh()
    return HttpResponse(render_to_string(TEMPLATE, {"analysis": context}, request=request))


def _ask(request: HttpRequest, hand: Hand) -> HttpResponse | None:
    """Queue the hand's analysis for the caller, or say why not (nothing changed then)."""
    user = request.user
    if not user.is_authenticated:
        return _text(_("Sign in (or play as a guest) to ask for an analysis."), 403)
    if not hand.is_over:
        return _text(_("The hand is still being played: it can be analysed once it is over."), 409)
    if not visibility.may_request(hand, user):
        nothing = _("None of this hand's decisions are yours to see: there is nothing to analyse for you.")
        return _text(nothing, 403)
    existing = HandAnalysis.objects.filter(hand=hand).only("state").first()
    if existing is not None and existing.state != HandAnalysis.FAILED:
        return None  # queued, running or done already: asked once is enough
    refused = limits.hit_request(request, "analysis")  # untranslated: a door's name
    if refused is not None:
        return limits.too_many(request, refused)
    jobs.request(hand, user)
    return None
