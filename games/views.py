"""Short views behind small access helpers; every write goes through ``games.services``."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext
from django.views.decorators.http import require_GET, require_POST

from accounts import trick_pause
from accounts.models import TRICK_PAUSES
from games import cardfaces, services
from games.autoplay import runner
from games.bots import LEVELS
from games.chat import live as chat
from games.history import viewer
from games.learn.first_visit import games_to_learn
from games.learn.robots import level_notes
from games.models import Hand
from games.page import hint as robot_hint
from games.page import rule_options
from games.page.context import room_context
from games.page.live_templates import render_live_template
from games.page.partials import render_partials
from games.page.view_json import api_view
from games.requests import back_to_room, posted_number, pushed, refused, room_change, room_or_404
from games.rules import VARIANTS, get_variant
from games.rules.base import resolve_options
from games.services import access, robot_pace
from games.services import chat as chat_options
from games.tables import doors, moves_in, presence
from games.tables import lobby as tables
from games.tables.quota import open_tables_full
from games.tournaments import page as tournament_page
from tarokk_site import limits
from tarokk_site.htmx import htmx_of


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    tables.sweep_if_due()
    game, game_error = tables.game_filter(request.GET.get("game"))
    context = lobby_context(game)
    context.update(game_error=game_error, online=presence.online_count(viewer=request.user))
    context["learn"] = games_to_learn(request.user, context["variants"])
    context["privacy_fields"] = render_live_template("_privacy_fields.html", {"privacy": access.Privacy()})
    context["option_forms"] = [
        {"variant": v, "fields": rule_options.option_fields(v)} for v in context["variants"]
    ]
    context["robot_paces"], context["robot_pace_default"] = robot_pace.CHOICES, robot_pace.DEFAULT
    # Seats at a table with the default options (Bridge's ``players`` choice changes it; the
    # page's script follows that choice); the robots choice offers 0 to seats - 1.
    context["variant_seats"] = [
        (v, v.seat_count(resolve_options(v.options, {}))) for v in context["variants"]
    ]
    # The games each robot level plays (the page offers only those of the chosen game).
    context["level_variants"] = {
        level: " ".join(v.key for v in context["variants"] if services.robot_plays(level, v.key))
        for level in LEVELS
    }
    # What each level does and how strong it measured, for the chosen game (the form's default: basic).
    context["level_notes"] = level_notes(["strong", "basic", "random"], "basic")
    first = context["variant_seats"][0][1]
    context["robot_choices"] = robot_choices(first)
    # The same choices for every table size, in the viewer's language, for the page's script
    # (it rebuilds the choice when the game or a seats option changes).
    most = max([seats for _v, seats in context["variant_seats"]] + [MOST_SEATS])
    context["robot_choices_json"] = json.dumps(
        {seats: robot_choices(seats) for seats in range(2, most + 1)}, ensure_ascii=False
    )
    return render(request, "games/lobby.html", context, status=400 if game_error else 200)


@require_GET
def cards(request: HttpRequest) -> HttpResponse:
    """Every face of the three packs and the back: a reference for players learning a pack."""
    return render(request, "games/cards.html", {"packs": cardfaces.PACKS})


# The largest table any option makes (Hungarian with five players): the script's choices go so far.
MOST_SEATS = 5


def robot_choices(seats: int) -> list[tuple[int, str]]:
    """The lobby's robots choice for a table of ``seats``: every other seat a robot first."""
    choices = []
    for robots in range(seats - 1, -1, -1):
        friends = seats - 1 - robots
        if friends == 0:
            text = ngettext("%(count)s robot (play now)", "%(count)s robots (play now)", robots) % {
                "count": robots
            }
        elif robots == 0:
            text = ngettext("no robots, %(count)s friend", "no robots, %(count)s friends", friends) % {
                "count": friends
            }
        else:
            text = pgettext("robots and friends at a new table", "%(robots)s, %(friends)s") % {
                "robots": ngettext("%(count)s robot", "%(count)s robots", robots) % {"count": robots},
                "friends": ngettext("%(count)s friend", "%(count)s friends", friends) % {"count": friends},
            }
        choices.append((robots, text))
    return choices


def lobby_context(game: str | None = None) -> dict[str, Any]:
    return {**tables.lobby_tables(game), "variants": list(VARIANTS.values())}


@require_POST
def new_room(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return refused(request, services.Forbidden(_("Log in or play as a guest to open a table")))
    limited = open_tables_full(request.user) or limits.hit_request(request, "room")
    if limited is not None:
        return limits.too_many(request, limited)
    variant_key = request.POST.get("variant", "")
    try:
        robots = posted_number(request, "robots")
        try:
            variant = get_variant(variant_key)
        except KeyError as exc:
            raise services.Illegal(str(exc)) from None
        # A number whose default follows another option (Hungarian's match length with five
        # players) is left blank on the form: blank, it takes that default. Other blanks are errors.
        options = {
            o.name: rule_options.option_value(o, request.POST[o.name])
            for o in variant.options
            if o.name in request.POST and not (o.default_if and not request.POST[o.name].strip())
        }
        level = request.POST.get("robot_level", services.DEFAULT_ROBOT)
        turn_clock = posted_number(request, "turn_clock") if request.POST.get("turn_clock") else 0
        try:
            privacy = access.Privacy.from_form(request.POST)
            chat_settings = chat_options.ChatSettings.from_form(request.POST)
        except ValueError as exc:
            raise services.Illegal(str(exc)) from None
        pace = request.POST.get("robot_pace") or robot_pace.DEFAULT
        rated = str(request.POST.get("rated", "")).strip().lower()
        if rated not in access.YES | access.NO:
            raise services.Illegal(
                _("rated must be on or off, not %(value)r") % {"value": request.POST.get("rated")}
            )
        room = services.create_room(
            request.user,
            variant_key,
            robots,
            options,
            robot_level=level,
            turn_clock=turn_clock,
            robot_pace=pace,
            privacy=privacy,
            rated=rated in access.YES,
            chat=chat_settings,
        )
    except services.Refused as refusal:
        return refused(request, refusal)
    return back_to_room(request, room)


@require_GET
def room_page(request: HttpRequest, code: str) -> HttpResponse:
    room = room_or_404(code)
    why_not = access.watch_refusal(room, request.user, list(room.seats.all()))
    if why_not is not None:
        free = room.seats.filter(user=None, robot="").exists()
        page = {"room": room, "message": why_not, "offer_seat": free}
        return render(request, "games/join.html", page, status=403)
    hand = room.current_hand()
    if hand is not None and not hand.is_over:
        runner.schedule(hand.pk)  # resumes robots after a restart; a duplicate is harmless
    context = room_context(room, request.user)
    context["live"] = render_partials(context)  # the same HTML the pushes send
    context["chat"] = chat.page(room, context["hand"], request.user)
    # The viewer's trick pause (the tools' choice, static/js/pace.js) and the robots' pace.
    context["trick_pause"], context["trick_pauses"] = trick_pause.of(request.user), TRICK_PAUSES
    context["trick_pause_ms"] = trick_pause.operator_ms()
    context["robot_pace"] = robot_pace.label(room.robot_pace)
    # A tournament's table says which, and where its player's next round is (games.tournaments).
    context["tournament_note"] = tournament_page.table_note(room.pk, request.user) if room.set_deals else None
    return render(request, "games/room.html", context)


@require_GET
def view_json(request: HttpRequest, code: str) -> HttpResponse:
    room = room_or_404(code)
    why_not = access.watch_refusal(room, request.user, list(room.seats.all()))
    if why_not is not None:
        return JsonResponse({"error": why_not}, status=403)
    return JsonResponse({**api_view(room, request.user), "chat": chat.api(room, request.user)})


@require_POST
@limits.limited("act")
def act(request: HttpRequest, code: str) -> HttpResponse:
    """A seat's move posted by a script or an outside robot (the pages send theirs over the
    room's socket); either way games.tables.moves_in reads it."""
    room = room_or_404(code)
    sent = moves_in.Sent(action=request.POST.get("action"), seq=request.POST.get("seq"))
    try:
        made = moves_in.make_move(room.pk, request.user, sent)
    except services.Refused as refusal:
        return refused(request, refusal)
    if htmx_of(request):
        return pushed()
    return JsonResponse({"ok": True, "seq": made.submitted.public_seq, "action": made.action})


@require_POST
def hint(request: HttpRequest, code: str) -> HttpResponse:
    """ "What would the robot play?": the robot's choice for the asker's decision and why, as
    a small fragment next to the controls (games.page.hint). Refused (403, 409), nothing
    computed, where the button is not offered; past the asker's rate, 429."""
    room = room_or_404(code)
    try:
        asked = robot_hint.question(room, request.user, posted_number(request, "seq", minimum=0))
        too_many = limits.hit_request(request, "hint")
        if too_many is not None:
            return limits.too_many(request, too_many)
        answer = robot_hint.answer(asked)
    except services.Refused as refusal:
        return refused(request, refusal)
    return HttpResponse(render_live_template("hint.html", {"hint": answer}))


@require_POST
@limits.limited("act")
def next_hand(request: HttpRequest, code: str) -> HttpResponse:
    room = room_or_404(code)
    try:
        hand = services.next_hand(room, request.user, posted_number(request, "hand_no"))
    except services.Refused as refusal:
        return refused(request, refusal)
    if htmx_of(request):
        return pushed()
    return JsonResponse({"ok": True, "hand_no": hand.number})


@require_POST
@doors.only(doors.may_end_match, gettext_lazy("Only the player who opened the table can end the match"))
def end_match(request: HttpRequest, code: str) -> HttpResponse:
    room = room_or_404(code)
    try:
        if not request.user.is_authenticated:
            raise services.Forbidden(_("Only the player who opened the table can end the match"))
        services.end_match(room, request.user, posted_number(request, "hand_no"))
    except services.Refused as refusal:
        return refused(request, refusal)
    if htmx_of(request):
        return pushed()
    return JsonResponse({"ok": True})


@require_POST
@login_required
def sit(request: HttpRequest, code: str) -> HttpResponse:
    room = room_or_404(code)
    try:
        services.sit(room, request.user, posted_number(request, "seat"))
    except services.Refused as refusal:
        return refused(request, refusal)
    return back_to_room(request, room)


@require_POST
@doors.only(doors.is_host, gettext_lazy("Only the player who opened the table can seat robots"))
def set_robot(request: HttpRequest, code: str) -> HttpResponse:
    room = room_or_404(code)
    try:
        if not request.user.is_authenticated:
            raise services.Forbidden(_("Only the player who opened the table can seat robots"))
        services.set_robot(
            room, request.user, posted_number(request, "seat"), request.POST.get("level", "").strip()
        )
    except services.Refused as refusal:
        return refused(request, refusal)
    return back_to_room(request, room)


@require_POST
@doors.only(doors.may_release, gettext_lazy("Only the player who opened the table can free a seat"))
def release(request: HttpRequest, code: str) -> HttpResponse:
    """The host frees the seat of a player who abandoned the table (services.release)."""
    return room_change(
        request,
        code,
        lambda room: services.release(room, request.user, posted_number(request, "seat", minimum=0)),
        gettext_lazy("Only the player who opened the table can free a seat"),
    )


@require_POST
def leave(request: HttpRequest, code: str) -> HttpResponse:
    return room_change(request, code, lambda room: services.leave(room, request.user))


@require_POST
def back(request: HttpRequest, code: str) -> HttpResponse:
    return room_change(request, code, lambda room: services.back(room, request.user))


@staff_member_required
@require_GET
def inspect_hand(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = get_object_or_404(Hand.objects.select_related("room"), pk=hand_id)
    try:
        step = viewer.parse_step(request.GET.get("step"))
    except ValueError:
        raise Http404(_("No such step")) from None
    context = viewer.viewer_context(hand, step, inspector=True)
    if request.GET.get("part") == "table":  # one step's felt (static/js/replay.js)
        return render(request, "games/_replay_table.html", context)
    context["seat_query"] = ""
    return render(request, "games/inspect.html", context)
