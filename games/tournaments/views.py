"""``/tournaments/``: the public tournaments and the form to host one; ``/t/<code>/``: one
tournament (entries, rounds, tables, standings: pushed as they change, ``live.consumers``), its
entry and the host's buttons; ``/t/<code>/tournament.json``: every table's match file in one."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games import services
from games.bots import LEVELS
from games.learn.robots import level_notes
from games.page import rule_options
from games.requests import posted_number
from games.rules import VARIANTS
from games.tournaments import boards, entries, page, results
from games.tournaments.export import tournament_document
from games.tournaments.models import Tournament
from tarokk_site.htmx import client_redirect, htmx_of


def tournament_or_404(code: str) -> Tournament:
    found = Tournament.objects.filter(code=code).select_related("created_by").first()
    if found is None:
        raise Http404(_("There is no tournament “%(code)s”.") % {"code": code})
    return found


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    """The tournaments' list and the form to host one; ``?player=<name>``: the tournaments that
    player entered (those a visitor may find: public ones, and private ones they entered too),
    with their place in each."""
    name = request.GET.get("player")
    if name is not None:
        return _of_player(request, name)
    return render(request, "tournaments/index.html", _index_context(request))


def _of_player(request: HttpRequest, name: str) -> HttpResponse:
    player = get_user_model().objects.filter(username=name).first()
    if player is None:
        raise Http404(_("Nobody here is called %(names)s") % {"names": name})
    entered = Tournament.objects.filter(entries__user=player).order_by("-starts_at")
    if not (request.user.is_authenticated and (request.user.pk == player.pk or request.user.is_staff)):
        viewer_id = request.user.pk if request.user.is_authenticated else None
        entered = entered.filter(Q(public=True) | Q(entries__user_id=viewer_id)).distinct()
    lines = []
    for tournament in entered[:50]:
        place = None
        if tournament.state in (Tournament.RUNNING, Tournament.FINISHED):
            place = next((r for r in results.standings(tournament) if r.entry.user_id == player.pk), None)
        lines.append({"tournament": tournament, "place": place})
    return render(request, "tournaments/player.html", {"player": player, "lines": lines})


def _index_context(request: HttpRequest, error: str = "", posted: Any = None) -> dict[str, Any]:
    listed = Tournament.objects.filter(public=True).select_related("created_by")
    coming = listed.filter(state__in=[Tournament.REGISTERING, Tournament.RUNNING]).order_by(
        "-featured", "starts_at"
    )
    ended = listed.filter(state=Tournament.FINISHED).order_by("-finished")[:20]
    user = request.user
    mine = []
    if user.is_authenticated:
        mine = list(Tournament.objects.filter(entries__user=user).order_by("-starts_at")[:20])
    return {
        "coming": list(coming[:50]),
        "ended": list(ended),
        "mine": mine,
        "variants": list(VARIANTS.values()),
        "option_forms": [{"variant": v, "fields": rule_options.option_fields(v)} for v in VARIANTS.values()],
        # The games each robot level plays (the form offers only those of the chosen game).
        "level_variants": {
            level: " ".join(v.key for v in VARIANTS.values() if services.robot_plays(level, v.key))
            for level in LEVELS
        },
        # What each level does and how strong it measured, for the chosen game (the form's default: strong).
        "level_notes": level_notes(["strong", "basic"], "strong"),
        "may_host": user.is_authenticated and not getattr(user, "is_guest", False),
        "error": error,
        "posted": posted or {"starts_at": _default_start()},
    }


def _default_start() -> str:
    """The form's start time: half an hour from now, on a five-minute mark (local time)."""
    soon = timezone.localtime() + timedelta(minutes=30)
    soon = soon.replace(minute=soon.minute - soon.minute % 5, second=0, microsecond=0)
    return soon.strftime("%Y-%m-%dT%H:%M")


@require_POST
def new(request: HttpRequest) -> HttpResponse:
    try:
        plan = entries.Plan(
            name=request.POST.get("name", ""),
            variant=request.POST.get("variant", ""),
            rounds=posted_number(request, "rounds"),
            hands_per_round=posted_number(request, "hands_per_round"),
            starts_at=_start_time(request.POST.get("starts_at", "")),
            turn_clock=posted_number(request, "turn_clock"),
            robot_level=request.POST.get("robot_level", "strong"),
            scoring=request.POST.get("scoring", Tournament.DUPLICATE),
            rated=_switch(request, "rated"),
            public=request.POST.get("listing", "public") != "private",
            invited_only=_switch(request, "invited_only"),
            invited=tuple(request.POST.get("invited", "").replace(",", " ").split()),
            options=_options(request),
        )
        tournament = entries.create(request.user, plan)
    except services.Refused as refusal:
        return _refused(
            request, refusal, "tournaments/index.html", _index_context(request, refusal.message, request.POST)
        )
    return _to(request, tournament)


def _switch(request: HttpRequest, name: str) -> bool:
    raw = str(request.POST.get(name, "")).strip().lower()
    if raw in ("", "off", "no", "false", "0"):
        return False
    if raw in ("on", "yes", "true", "1"):
        return True
    raise services.Illegal(_("%(name)s must be on or off, not %(value)r") % {"name": name, "value": raw})


def _options(request: HttpRequest) -> dict[str, Any]:
    """The chosen game's rule options as posted (the lobby's table form's fields: a number left
    blank whose default follows another option takes that default)."""
    variant = VARIANTS.get(request.POST.get("variant", ""))
    if variant is None:
        return {}
    return {
        o.name: rule_options.option_value(o, request.POST[o.name])
        for o in variant.options
        if o.name in request.POST and not (o.default_if and not request.POST[o.name].strip())
    }


def _start_time(raw: str) -> datetime:
    """The form's local date and time (``datetime-local``), in the site's time zone."""
    raw = raw.strip()
    if not raw:
        raise services.Illegal(_("Give the start time"))
    found = parse_datetime(raw)
    if found is None:
        raise services.Illegal(_("The start time %(value)r is not a date and time") % {"value": raw})
    if timezone.is_naive(found):
        found = timezone.make_aware(found)
    return found


@require_GET
def tournament_page(request: HttpRequest, code: str) -> HttpResponse:
    tournament = tournament_or_404(code)
    return render(request, "tournaments/tournament.html", page.context(tournament, request.user))


def _change(request: HttpRequest, code: str, change: Any) -> HttpResponse:
    tournament = tournament_or_404(code)
    try:
        change(tournament)
    except services.Refused as refusal:
        context = page.context(tournament, request.user)
        context["error"] = refusal.message
        return _refused(request, refusal, "tournaments/tournament.html", context)
    return _to(request, tournament)


@require_POST
def join(request: HttpRequest, code: str) -> HttpResponse:
    return _change(request, code, lambda t: entries.join(t, request.user))


@require_POST
def leave(request: HttpRequest, code: str) -> HttpResponse:
    return _change(request, code, lambda t: entries.leave(t, _signed_in(request)))


@require_POST
def invite(request: HttpRequest, code: str) -> HttpResponse:
    names = tuple(request.POST.get("invited", "").replace(",", " ").split())
    return _change(request, code, lambda t: entries.invite(t, _signed_in(request), names))


@require_POST
def start(request: HttpRequest, code: str) -> HttpResponse:
    return _change(request, code, lambda t: entries.start_now(t, _signed_in(request)))


@require_POST
def cancel(request: HttpRequest, code: str) -> HttpResponse:
    return _change(request, code, lambda t: entries.cancel(t, _signed_in(request)))


def _signed_in(request: HttpRequest) -> Any:
    """The request's user, who must be signed in (a guest is)."""
    if not request.user.is_authenticated:
        raise services.Forbidden(_("Log in or play as a guest first"))
    return request.user


@require_GET
def board_page(request: HttpRequest, code: str, round_no: int, number: int) -> HttpResponse:
    """One deal of a round as every table played it, side by side (``boards.board``)."""
    tournament = tournament_or_404(code)
    context = boards.board(tournament, round_no, number, request.user)
    if context is None:
        raise Http404(_("This tournament has no such deal"))
    return render(request, "tournaments/board.html", context)


@require_GET
def export(request: HttpRequest, code: str) -> HttpResponse:
    """Every table's match file in one document, once the tournament is over (while it runs, a
    table's cards are secret: the same deals are still being played at other tables)."""
    tournament = tournament_or_404(code)
    if tournament.state != Tournament.FINISHED:
        return JsonResponse({"error": _("The tournament's file is ready once it is over")}, status=409)
    response = HttpResponse(
        json.dumps(tournament_document(tournament), ensure_ascii=False, indent=1),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="tournament-{tournament.code}.json"'
    return response


def _refused(
    request: HttpRequest, refusal: services.Refused, template: str, context: dict[str, Any]
) -> HttpResponse:
    """The refusal's words: in the flash box for the page's own (htmx) forms, else the page again
    with the words above its form, nothing changed."""
    if htmx_of(request):
        return HttpResponse(refusal.message, status=refusal.status, content_type="text/plain; charset=utf-8")
    context["error"] = refusal.message
    return render(request, template, context, status=refusal.status)


def _to(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    url = f"/t/{tournament.code}/"
    return client_redirect(url) if htmx_of(request) else redirect(url)
