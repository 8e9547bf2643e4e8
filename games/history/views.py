"""My games, profiles, the replay of a hand, the hand file (export, import) and a new table on
a given deal. Short views behind ``games.history.access``: a hand the caller may not replay is
a 404, whether it exists or not."""

from __future__ import annotations

import json
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotFound, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import services
from games.history import access, again, lists, moves, parts, transfer, viewer
from games.models import Hand
from games.requests import posted_number
from games.rules import EVERYONE
from games.standings.profile import profile_sections
from games.tables.quota import open_tables_full
from tarokk_site import limits


def _list_page(
    request: HttpRequest, player: Any, template: str, public: bool, extra: dict[str, Any] | None = None
) -> HttpResponse:
    try:
        game = lists.game_filter(request.GET.get("game"))
    except ValueError as exc:
        raise Http404(str(exc)) from None
    hands = lists.hands_of(player, request.user, game, public=public)
    page = Paginator(hands, lists.PAGE).get_page(request.GET.get("page"))
    context = {
        "player": player,
        "game": game,
        "games": lists.GAMES,
        "page": page,
        "matches": lists.match_rows(player, request.user, list(page.object_list)),
        **(extra or {}),
    }
    return render(request, template, context)


@login_required
@require_GET
def my_games(request: HttpRequest) -> HttpResponse:
    return _list_page(request, request.user, "games/history.html", public=False)


@require_GET
def profile(request: HttpRequest, name: str) -> HttpResponse:
    player = get_object_or_404(get_user_model(), username=name)
    # Statistics and ratings (games.standings) above the hands.
    return _list_page(request, player, "games/profile.html", public=True, extra=profile_sections(player))


def _replayable_hand(request: HttpRequest, hand_id: int) -> Hand:
    hand = get_object_or_404(Hand.objects.select_related("room"), pk=hand_id)
    if not access.may_replay(hand, request.user):
        raise Http404(access.NOT_FOUND)
    return hand


@require_GET
def replay(request: HttpRequest, hand_id: int) -> HttpResponse:
    """A hand on the felt, step by step, from a seat's point of view or everyone's: any hand the
    caller may replay (games.history.access), and a player's own unfinished guided hand from their
    own seat only. ``?part=table`` sends the felt of that step alone (static/js/replay.js)."""
    hand = get_object_or_404(Hand.objects.select_related("room"), pk=hand_id)
    own = lists.seat_of(request.user, hand) if request.user.is_authenticated else None
    if access.may_replay(hand, request.user):
        only = None
    elif own is not None and access.own_guided_hand(hand, request.user):
        only = own  # their own seat's view of what they played so far, no other
    else:
        raise Http404(access.NOT_FOUND)
    seats = hand.room.seats.count()
    try:
        raw_step = request.GET.get("step")
        # A replay starts at the deal; ``end`` opens it at its last step (the guided table's link
        # to the hand so far: its player's steps are not the table's move number).
        step = None if raw_step == "end" else viewer.parse_step(raw_step) or 0
        raw_seat = request.GET.get("seat")
        if raw_seat is None:
            seen_by = EVERYONE if own is None else own
        else:
            seen_by = viewer.parse_seat(raw_seat, seats)
        if only is not None and seen_by != only:
            raise ValueError(_("a hand still being played is shown from your own seat only"))
    except ValueError as exc:
        # Words, and nothing of the hand: the step or seat asked for is not one to show.
        said = _("No such step or seat: %(why)s") % {"why": exc}
        return HttpResponseNotFound(said, content_type="text/plain; charset=utf-8")
    context = viewer.viewer_context(hand, step, seen_by, own_seat=own)
    # What the features above the history add (the analysis: games.history.parts), the felt of
    # one step included (the analysis of its move); their marks go on the move list's rows.
    added = parts.context_of(hand, request.user, context["step"])
    context["move_rows"] = moves.marked(context["move_rows"], added.pop(parts.MOVE_MARKS, {}))
    context.update(added)
    if request.GET.get("part") == "table":
        return render(request, "games/_replay_table.html", context)
    rows = context["seat_rows"]
    context["seat_choices"] = [
        (str(i + 1), _("Seat %(seat)s · %(label)s") % {"seat": i + 1, "label": row["label"]})
        for i, row in enumerate(rows)
        if only is None or i == only
    ]
    context["everyone_may_be_shown"] = only is None
    context["seat_param"] = str(seen_by + 1) if isinstance(seen_by, int) else "all"
    context["seat_query"] = f"&seat={context['seat_param']}"
    return render(request, "games/replay.html", context)


@require_GET
def table_hand(request: HttpRequest, code: str, number: int) -> HttpResponse:
    """A table's hand by its number (the scoreboard's links): its replay, if the caller may see it."""
    hand = get_object_or_404(Hand.objects.select_related("room"), room__code=code, number=number)
    if not access.may_replay(hand, request.user):
        raise Http404(access.NOT_FOUND)
    return redirect(f"/hands/{hand.pk}/")


@require_GET
def hand_file(request: HttpRequest, hand_id: int) -> JsonResponse:
    hand = _replayable_hand(request, hand_id)
    return _download(transfer.hand_document(hand), f"hand-{hand.room.code}-{hand.number}.json")


@require_GET
def match_file(request: HttpRequest, hand_id: int) -> JsonResponse:
    """The match of this hand: those of its hands the caller may replay (the finished ones)."""
    hand = _replayable_hand(request, hand_id)
    hands = access.replayable(hand.room.hands.filter(match_no=hand.match_no), request.user)
    document = transfer.match_document(hands.select_related("room"))
    return _download(document, f"match-{hand.room.code}-{hand.match_no}.json")


def _download(document: dict[str, Any], filename: str) -> JsonResponse:
    response = JsonResponse(document, json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@login_required
@require_http_methods(["GET", "POST"])
@limits.limited("import")
def import_hand(request: HttpRequest) -> HttpResponse:
    """Read a hand or match file (uploaded, or pasted), replay it, and offer each of its hands
    to be played again. A bad file: 400 and the rules' message naming the first bad action."""
    if request.method == "GET":
        return render(request, "games/import.html", {})
    try:
        text = _posted_file(request)
        hands = transfer.read_document(transfer.parse(text))
    except transfer.BadFile as exc:
        context = {"error": str(exc), "text": request.POST.get("text", "")}
        return render(request, "games/import.html", context, status=400)
    documents = [json.dumps(_hand_json(h)) for h in hands]
    return render(request, "games/import.html", {"hands": list(zip(hands, documents, strict=True))})


def _posted_file(request: HttpRequest) -> str:
    upload = request.FILES.get("file")
    if upload is not None:
        transfer.check_size(cast(int, upload.size))  # refused unread (an upload knows its size)
        try:
            return upload.read().decode("utf-8")
        except UnicodeDecodeError:
            raise transfer.BadFile(_("The file is not UTF-8 text")) from None
    text = request.POST.get("text", "")
    if not text.strip():
        raise transfer.BadFile(_("Choose a hand file or paste one"))
    return text


def _hand_json(hand: transfer.CheckedHand) -> dict[str, Any]:
    """The smallest hand file for a new table on this deal: no actions."""
    return transfer.write_hand(hand.game, hand.context, hand.deal, [], None)


@login_required
@require_POST
@limits.limited("play")
def play_deal(request: HttpRequest) -> HttpResponse:
    """A new table on a deal: a finished hand's (``hand``) or a hand file's (``document``); the
    caller sits at seat 1 and robots take the others."""
    refused = open_tables_full(request.user) or limits.hit_request(request, "room")
    if refused is not None:
        return limits.too_many(request, refused)
    try:
        if request.POST.get("hand"):
            hand_id = posted_number(request, "hand", minimum=1)
            checked = transfer.read_hand(transfer.hand_document(_replayable_hand(request, hand_id)))
        else:
            checked = transfer.read_hand(transfer.parse(request.POST.get("document", "")))
        room = again.open_table(request.user, checked)
    except transfer.BadFile as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain; charset=utf-8")
    except services.Refused as refusal:
        return HttpResponse(refusal.message, status=refusal.status, content_type="text/plain; charset=utf-8")
    return redirect(f"/r/{room.code}/")
