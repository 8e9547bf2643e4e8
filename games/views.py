"""Short views behind small access helpers; every write goes through ``games.services``."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_POST

from games import cardfaces, pages, services
from games.bots import LEVELS, runner
from games.chat import live as chat
from games.history import viewer
from games.models import Hand, Room
from games.rules import VARIANTS, get_variant
from games.rules.base import resolve_options, whole_number
from games.tables import access, presence
from games.tables import lobby as tables
from tarokk_site import limits


def _room(code: str) -> Room:
    return get_object_or_404(Room, code=code)


def _is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def _refused(request: HttpRequest, refusal: services.Refused) -> HttpResponse:
    if _is_htmx(request):
        return HttpResponse(refusal.message, status=refusal.status, content_type="text/plain; charset=utf-8")
    return JsonResponse({"error": refusal.message}, status=refusal.status)


# No number a form posts comes near this; past it a database column would overflow (a 500).
LARGEST = 2**31 - 1


def _int(request: HttpRequest, name: str, minimum: int | None = None) -> int:
    raw = request.POST.get(name)
    if raw is None or raw == "":
        raise services.Illegal(f"{name} is required")
    number = whole_number(raw.strip())
    if number is None:
        raise services.Illegal(f"{name} must be a whole number, not {raw!r}")
    if minimum is not None and number < minimum:
        raise services.Illegal(f"{name} must be at least {minimum}, not {number}")
    if abs(number) > LARGEST:
        raise services.Illegal(f"{name} is too large: {number}")
    return number


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    tables.sweep_if_due()
    game, game_error = tables.game_filter(request.GET.get("game"))
    context = lobby_context(game)
    context.update(game_error=game_error, online=presence.online_count())
    context["privacy_fields"] = pages.render_live_template(
        "_privacy_fields.html", {"privacy": access.Privacy()}
    )
    context["option_forms"] = [{"variant": v, "fields": _option_fields(v)} for v in context["variants"]]
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
    first = context["variant_seats"][0][1]
    context["robot_choices"] = robot_choices(first)
    return render(request, "games/lobby.html", context, status=400 if game_error else 200)


@require_GET
def cards(request: HttpRequest) -> HttpResponse:
    """Every face of the three packs and the back: a reference for players learning a pack."""
    return render(request, "games/cards.html", {"packs": cardfaces.PACKS})


def robot_choices(seats: int) -> list[tuple[int, str]]:
    """The lobby's robots choice for a table of ``seats``: every other seat a robot first."""
    choices = []
    for robots in range(seats - 1, -1, -1):
        friends = seats - 1 - robots
        if friends == 0:
            text = f"{robots} robot{'s' if robots != 1 else ''} (play now)"
        elif robots == 0:
            text = f"no robots, {friends} friend{'s' if friends != 1 else ''}"
        else:
            text = (
                f"{robots} robot{'s' if robots != 1 else ''}, {friends} friend{'s' if friends != 1 else ''}"
            )
        choices.append((robots, text))
    return choices


def lobby_context(game: str | None = None) -> dict[str, Any]:
    return {**tables.lobby_tables(game), "variants": list(VARIANTS.values())}


def _option_fields(variant: Any) -> list[dict[str, Any]]:
    """The room form's inputs for a variant's rule options (one choice only: not shown)."""
    fields = []
    for option in variant.options:
        if option.choices is not None and len(option.choices) < 2:
            continue
        field: dict[str, Any] = {"name": option.name, "label": option.label or option.name}
        if option.choices is not None:
            field["choices"] = [
                (_option_text(c), choice_label(c), c == option.default) for c in option.choices
            ]
        else:
            field.update(number=True, default=option.default, minimum=option.minimum, maximum=option.maximum)
        fields.append(field)
    return fields


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def choice_label(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


@require_POST
def new_room(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return _refused(request, services.Forbidden("Log in or play as a guest to open a table"))
    refused = open_tables_full(request.user) or limits.hit_request(request, "room")
    if refused is not None:
        return limits.too_many(request, refused)
    variant_key = request.POST.get("variant", "")
    try:
        robots = _int(request, "robots")
        try:
            variant = get_variant(variant_key)
        except KeyError as exc:
            raise services.Illegal(str(exc)) from None
        options = {
            o.name: _option_value(o, request.POST[o.name]) for o in variant.options if o.name in request.POST
        }
        level = request.POST.get("robot_level", services.DEFAULT_ROBOT)
        turn_clock = _int(request, "turn_clock") if request.POST.get("turn_clock") else 0
        try:
            privacy = access.Privacy.from_form(request.POST)
        except ValueError as exc:
            raise services.Illegal(str(exc)) from None
        room = services.create_room(
            request.user,
            variant_key,
            robots,
            options,
            robot_level=level,
            turn_clock=turn_clock,
            privacy=privacy,
        )
    except services.Refused as refusal:
        return _refused(request, refusal)
    url = f"/r/{room.code}/"
    if _is_htmx(request):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


def open_tables_full(user: Any) -> limits.Limited | None:
    """Refuses one more table to a user already seated at ``OPEN_TABLES_PER_USER`` open ones
    (a quota: leaving one frees a place, waiting does not)."""
    most = settings.OPEN_TABLES_PER_USER
    if not most or Room.objects.filter(closed=False, seats__user=user).distinct().count() < most:
        return None
    return limits.Limited(
        "room", None, f"You are seated at {most} open tables: leave one before opening another."
    )


def _option_value(option: Any, raw: str) -> Any:
    """The value a form or a script posted for ``option``: one of its choices as the form
    writes it (Slovenian ``no_tarok_redeal`` has a choice called "off", which is no boolean),
    else yes/no words for a yes-or-no option, else a whole number; anything else is left as
    posted, for the option to refuse by name."""
    lowered = raw.strip().lower()
    for choice in option.choices or ():
        if lowered == _option_text(choice).lower():
            return choice
    if isinstance(option.default, bool):
        if lowered in {"true", "on", "yes"}:
            return True
        if lowered in {"false", "off", "no"}:
            return False
    number = whole_number(raw.strip())
    return raw if number is None else number


@require_GET
def room_page(request: HttpRequest, code: str) -> HttpResponse:
    room = _room(code)
    if not access.may_watch(room, request.user, list(room.seats.all())):
        free = room.seats.filter(user=None, robot="").exists()
        page = {"room": room, "message": access.AUDIENCE_CLOSED, "offer_seat": free}
        return render(request, "games/join.html", page, status=403)
    hand = room.current_hand()
    if hand is not None and not hand.is_over:
        runner.schedule(hand.pk)  # resumes robots after a restart; a duplicate is harmless
    context = pages.room_context(room, request.user)
    context["live"] = pages.render_partials(context)  # the same HTML the pushes send
    context["chat"] = chat.page(room, context["hand"], context["me"], request.user)
    return render(request, "games/room.html", context)


@require_GET
def view_json(request: HttpRequest, code: str) -> HttpResponse:
    room = _room(code)
    if not access.may_watch(room, request.user, list(room.seats.all())):
        return JsonResponse({"error": access.AUDIENCE_CLOSED}, status=403)
    return JsonResponse({**pages.api_view(room, request.user), "chat": chat.api(room, request.user)})


@require_POST
@limits.limited("act")
def act(request: HttpRequest, code: str) -> HttpResponse:
    room = _room(code)
    try:
        seat = pages.viewer_for(room, request.user).seat
        if seat is None:
            raise services.Forbidden("You have no seat at this table")
        action = request.POST.get("action", "").strip()
        if not action:
            raise services.Illegal("action is required")
        seq = _int(request, "seq", minimum=0)  # a move number: never negative
        hand = room.current_hand()
        if hand is None:
            raise services.Illegal("The table is waiting for players")
        action = _normalise(hand.variant, action, hand.context_value().options)
        # Pages number the moves they know of (``Hand.public_seq``); the writer wants the log's.
        done = services.submit_action(hand.pk, seat, action, services.seq_seen(hand, seq), actor=request.user)
    except services.Refused as refusal:
        return _refused(request, refusal)
    if _is_htmx(request):
        return _pushed()
    return JsonResponse({"ok": True, "seq": done.public_seq, "action": action})


def _pushed() -> HttpResponse:
    """A page's move went through: its fragments come by the room's websocket, as everyone
    else's do (games.consumers sends each page only what changed since its last push, so a
    reply that swapped fragments in besides would leave the two out of step)."""
    return HttpResponse(status=204)


def _normalise(variant_key: str, action: str, options: Any) -> str:
    """Cards of a multi-card action in display order, so the log holds one spelling."""
    kind, sep, rest = action.partition(":")
    if sep and "," in rest:
        cards = [c.strip() for c in rest.split(",") if c.strip()]
        try:
            ordered = get_variant(variant_key).sort_cards(cards, options)
        except (KeyError, ValueError):
            return action  # an unknown card: left for the rules to refuse, in the player's words
        return f"{kind}:{','.join(ordered)}"
    return action


@require_POST
@limits.limited("act")
def next_hand(request: HttpRequest, code: str) -> HttpResponse:
    room = _room(code)
    try:
        hand = services.next_hand(room, request.user, _int(request, "hand_no"))
    except services.Refused as refusal:
        return _refused(request, refusal)
    if _is_htmx(request):
        return _pushed()
    return JsonResponse({"ok": True, "hand_no": hand.number})


@require_POST
def end_match(request: HttpRequest, code: str) -> HttpResponse:
    room = _room(code)
    try:
        if not request.user.is_authenticated:
            raise services.Forbidden("Only the player who opened the table can end the match")
        services.end_match(room, request.user, _int(request, "hand_no"))
    except services.Refused as refusal:
        return _refused(request, refusal)
    if _is_htmx(request):
        return _pushed()
    return JsonResponse({"ok": True})


@require_POST
@login_required
def sit(request: HttpRequest, code: str) -> HttpResponse:
    room = _room(code)
    try:
        services.sit(room, request.user, _int(request, "seat"))
    except services.Refused as refusal:
        return _refused(request, refusal)
    return _back_to_room(request, room)


@require_POST
def set_robot(request: HttpRequest, code: str) -> HttpResponse:
    room = _room(code)
    try:
        if not request.user.is_authenticated:
            raise services.Forbidden("Only the player who opened the table can seat robots")
        services.set_robot(room, request.user, _int(request, "seat"), request.POST.get("level", "").strip())
    except services.Refused as refusal:
        return _refused(request, refusal)
    return _back_to_room(request, room)


def _seat_change(request: HttpRequest, code: str, change: Any) -> HttpResponse:
    """Run ``change(room)`` for a logged-in player; refusals answer as usual, success goes back
    to the room."""
    room = _room(code)
    try:
        if not request.user.is_authenticated:
            raise services.Forbidden("You have no seat at this table")
        change(room)
    except services.Refused as refusal:
        return _refused(request, refusal)
    return _back_to_room(request, room)


@require_POST
def release(request: HttpRequest, code: str) -> HttpResponse:
    """The host frees the seat of a player who abandoned the table (services.release)."""
    room = _room(code)
    try:
        if not request.user.is_authenticated:
            raise services.Forbidden("Only the player who opened the table can free a seat")
        services.release(room, request.user, _int(request, "seat", minimum=0))
    except services.Refused as refusal:
        return _refused(request, refusal)
    return _back_to_room(request, room)


@require_POST
def leave(request: HttpRequest, code: str) -> HttpResponse:
    return _seat_change(request, code, lambda room: services.leave(room, request.user))


@require_POST
def back(request: HttpRequest, code: str) -> HttpResponse:
    return _seat_change(request, code, lambda room: services.back(room, request.user))


def _back_to_room(request: HttpRequest, room: Room) -> HttpResponse:
    url = f"/r/{room.code}/"
    if _is_htmx(request):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = url
        return response
    return redirect(url)


@staff_member_required
@require_GET
def inspect_hand(request: HttpRequest, hand_id: int) -> HttpResponse:
    hand = get_object_or_404(Hand.objects.select_related("room"), pk=hand_id)
    try:
        step = viewer.parse_step(request.GET.get("step"))
    except ValueError:
        raise Http404("No such step") from None
    return render(request, "games/inspect.html", viewer.viewer_context(hand, step))
