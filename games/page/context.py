"""What a page shows: the context for one viewer, built only from ``observe()``.

The full state never leaves this module's callers' hands: a template gets the viewer's
``View`` plus the legal actions of the viewer's own seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypedDict, cast

from django.utils import translation

from games import services
from games.bots import LEVELS
from games.models import ROBOT_LEVEL_NAMES, Hand, Room
from games.page import bridge_page, room_access, why_not
from games.page.cards import cards_named
from games.page.controls import controls_for, hand_cards, hint_offer
from games.page.seat_rows import seat_rows_of
from games.page.table import Table, Viewer, load_table, viewer_for
from games.page.table_rules import rules_shown
from games.page.vocabulary import phase_label
from games.rules import Termination, Variant, View, get_variant
from games.rules.hungarian.outcome import FAILED_TRIAL
from games.rules.match import RADELCI
from games.services import replay


class RoomContext(TypedDict, total=False):
    """What the room page's templates read of one viewer's render (``room_context``): a key
    missing or misspelt here is a type error where the context is built or read."""

    user: Any  # pushes render without a request: the template still reads who it is for
    room: Room
    variant: Variant
    variant_key: str  # the game's words for cards and calls (games.page.vocabulary)
    language: str | None  # the page's, as the partials name cards in it
    me: int | None  # the viewer's seat; None: the audience
    bottom: int  # the seat drawn at the bottom when it is not ``me``'s (a replay, games.history)
    replay: bool  # a finished hand's replay (games.history): the table without its buttons
    hand: Hand | None
    view: View | None  # the viewer's View (observe()), None before the first deal
    legal: list[str]
    legal_set: set[str]
    why_not: dict[str, str]  # card → why it may not be played now (games.page.why_not)
    only_pass: str | None  # why the seat may only pass, when that is all it may do
    seq: int  # the moves the players may know of (Hand.public_seq)
    version: int  # the table's version the fragments carry (hand number and seq)
    can_sit: bool
    hand_paths: dict[str, str]  # the finished hand's replay and file (games.history)
    match: dict[str, Any] | None  # Table.match
    automatic_lines: dict[int, str]  # Table.automatic
    rules: list[tuple[str, str, str]]  # table_rules
    zero_sum: bool
    seat_rows: list[dict[str, Any]]  # games.page.seat_rows
    is_host: bool
    robot_levels: list[str]
    robot_level_names: dict[str, Any]
    result_codes: dict[str, Termination | str]
    has_free_seat: bool
    can_end_match: bool
    phase_label: Any
    trick_no: int
    trick_total: int
    controls: dict[str, Any]  # games.page.controls (Bridge: worded by games.page.bridge_page)
    hint: dict[str, Any] | None  # the robot's hint button (games.page.controls.hint_offer), or None
    hand_cards: list[dict[str, Any]]
    guide: Any  # a guided hand's panel (games.tutorial), else None
    # games.page.room_access
    share_path: str | None
    privacy: Any
    can_change_privacy: bool
    removed_me: bool
    removable: set[int]
    # Bridge only (games.page.bridge_page)
    bridge: dict[str, Any]
    # Added by the render (games.page.partials, games.page.kept_renders)
    oob: bool
    board_facts: str
    centre: str  # live/centre.html, inside the board
    trick_facts: list[tuple[str, str]]  # the board's facts of the tricks by id (kept_renders)
    log_lines: list[str]  # the log's <li> items, oldest first (games.page.log_lines)
    log_items: str  # the same, newest first, as live/log.html shows them
    seat_items: list[str]
    hand_items: list[str]  # the hand's cards as kept_renders.hand_items renders them
    score_rows: list[str]
    # The whole room page only (games.views.room_page)
    live: dict[str, str]  # the live partials, rendered as a push renders them
    chat: Any
    trick_pause: Any
    trick_pauses: Any
    trick_pause_ms: int | None
    robot_pace: Any
    tournament_note: Any  # a tournament's table: its note (games.tournaments.page.table_note)


# The codes the result and the scoreboard pick out (the rules core's values, not text).
RESULT_CODES: dict[str, Termination | str] = {
    "failed_trial": FAILED_TRIAL,
    "ended_early": Termination.ENDED_EARLY,
    "bridge": Termination.BRIDGE,
    "radelci": RADELCI,
}


def table_view(hand: Hand, viewer: Viewer) -> tuple[View, list[str], dict[str, str], str | None]:
    """The viewer's View of the current state, the legal actions of the viewer's seat, why
    each other card of its hand cannot be pressed now, and why it may only pass when that is
    all it may do (``games.page.why_not``; none for a watcher)."""
    variant = get_variant(hand.variant)
    state = replay.current(hand)
    view = variant.observe(state, viewer.rules_viewer)
    if viewer.seat is None:
        return view, [], {}, None
    legal = variant.legal_actions(state, viewer.seat)
    language = translation.get_language()  # read once for the hand's reasons
    reasons = {
        card: cards_named(why, hand.variant, language)
        for card, why in why_not.card_reasons(variant, state, viewer.seat, view["hand"], legal).items()
    }
    only_pass = why_not.only_pass(variant, state, viewer.seat, legal, view["phase"])
    return view, legal, reasons, cards_named(only_pass, hand.variant) if only_pass else None


def room_context(room: Room, user: Any, table: Table | None = None) -> RoomContext:
    table = table or load_table(room)
    hand, seats = table.hand, table.seats
    viewer = viewer_for(room, user, seats)
    context: RoomContext = {
        "user": user,  # pushes render without a request: the template still reads who it is for
        "room": room,
        "variant": get_variant(room.variant),
        "variant_key": room.variant,  # the game's words for cards and calls (games.page.vocabulary)
        "language": translation.get_language(),  # the page's, as the partials name cards in it
        "me": viewer.seat,
        "hand": hand,
        "view": None,
        "legal": [],
        "why_not": {},
        "seq": 0,
        "can_sit": bool(user is not None and user.is_authenticated and viewer.seat is None),
    }
    if hand is not None:
        view, legal, reasons, only_pass = table_view(hand, viewer)
        context["view"], context["legal"], context["why_not"] = view, legal, reasons
        context["only_pass"], context["seq"] = only_pass, hand.public_seq
        # The result panel's links to this hand's replay and file (games.history).
        context["hand_paths"] = {
            "replay": f"/hands/{hand.pk}/",
            "file": f"/hands/{hand.pk}.json",
            "download": f"hand-{room.code}-{hand.number}.json",
        }
    context["match"] = table.match
    context["automatic_lines"] = table.automatic
    # The room's rules as people read them, and whether the receipt settles to zero.
    context["rules"], context["zero_sum"] = rules_shown(room.variant, room.options)
    context["seat_rows"] = seat_rows_of(seats, context["view"], viewer.seat, table.deadlines)
    user_id = getattr(user, "pk", None) if user is not None and user.is_authenticated else None
    context["is_host"] = user_id is not None and room.created_by_id == user_id and hand is None
    context["robot_levels"] = [level for level in LEVELS if services.robot_plays(level, room.variant)]
    context["robot_level_names"] = ROBOT_LEVEL_NAMES
    context["result_codes"] = RESULT_CODES
    # The host (or, without a seated host, any player) may free the seat of a player who keeps
    # the table waiting (services.release says when); only seated players see it, so the
    # audience's shared render (``audience_key``) does not change.
    can_release = services.may_release(room, seats, user_id)
    for row, seat in zip(context["seat_rows"], seats, strict=True):
        row["kept_for_me"] = user_id is not None and seat.kept_for_id == user_id and viewer.seat is None
        row["kept"] = seat.kept_for_id is not None
        row["releasable"] = (
            can_release
            and seat.user_id is not None
            and not row["is_me"]
            and (hand is None or seat.away or (row["to_act"] and not room.turn_clock))
        )
    context["has_free_seat"] = any(s.is_free for s in seats)
    context.update(cast(RoomContext, room_access.context(room, user, seats, hand is None, viewer.seat)))
    context["can_end_match"] = _can_end_match(room, table, viewer.seat, user_id)
    # Fragments carry the version of the table they show, so that a page never swaps in an
    # older render that arrives late (a POST reply overtaken by a push, or the reverse).
    context["version"] = (hand.number * 1_000_000 + hand.public_seq) if hand is not None else 0
    if context["view"] is not None:
        phase = context["view"]["phase"]
        context["phase_label"] = phase_label(phase, context["view"].get("variant"))
        context["trick_no"] = sum(context["view"]["tricks_won"] or []) + 1
        context["trick_total"] = trick_total_of(context["view"])
    context["legal_set"] = set(context["legal"])
    context["controls"] = controls_for(
        context["view"], context["legal"], viewer.seat, context.get("only_pass")
    )
    context["hint"] = hint_offer(room, hand, context["view"], context["legal"], viewer.seat, context["seq"])
    context["hand_cards"] = hand_cards(context["view"], context["legal_set"], context["why_not"])
    shown = context["view"]
    if shown is not None and bridge_page.shows(shown):  # Bridge: the stack, the move, its own words
        bridge = bridge_page.context(
            shown, context["legal"], viewer.seat, context["seat_rows"], context["controls"]
        )
        context.update(cast(RoomContext, bridge))
    context["guide"] = _guide(room, hand, viewer.seat, context["controls"]["buttons"])
    return context


# A guided table's panel (games.tutorial.tables.guide_panel): the tutorial is a feature above the
# page layer, so it installs its panel here (GamesConfig.ready), as it installs its move check in
# the writer (games.services.moves.install_guided_refusal).
GuidePanel = Callable[[Room, "Hand | None", "int | None", Any], Any]
_guide_panel: GuidePanel | None = None


def install_guide_panel(panel: GuidePanel) -> None:
    global _guide_panel
    _guide_panel = panel


def _guide(room: Room, hand: Hand | None, seat: int | None, buttons: Any) -> Any:
    if not room.tutorial:
        return None
    if _guide_panel is None:  # a guided table is never shown without its guide
        raise RuntimeError(
            "No guide panel is installed: games.tutorial installs it"  # untranslated: programmer error
        )
    return _guide_panel(room, hand, seat, buttons)


def _can_end_match(room: Room, table: Table, seat: int | None, user_id: int | None) -> bool:
    """The host (or, when the host has no seat, any player) may end a match without a set
    length between two hands; ``services.end_match`` checks the same."""
    match, hand = table.match, table.hand
    if seat is None or hand is None or not hand.is_over or match is None or match["over"]:
        return False
    if match["ends_by_itself"]:
        return False
    host_seated = any(s.user_id == room.created_by_id for s in table.seats if s.user_id is not None)
    return user_id == room.created_by_id or not host_seated


def trick_total_of(view: Mapping[str, Any] | None) -> int:
    """Tricks in the hand: those completed plus the cards the fullest hand still holds."""
    if not view:
        return 0
    return sum(view.get("tricks_won") or []) + max(view.get("hand_counts") or [0])


def audience_key(table: Table, user: Any) -> tuple[Any, ...] | None:
    """None for a seated player; for anyone else, everything about the user that
    ``room_context`` reads (keep the two in step): watchers with equal keys see the same
    live partials, so the pushes render them once (games.live)."""
    authenticated = bool(user is not None and user.is_authenticated)
    user_id = getattr(user, "pk", None) if authenticated else None
    if user_id is not None and any(s.user_id == user_id for s in table.seats):
        return None
    is_host = user_id is not None and table.room.created_by_id == user_id and table.hand is None
    kept = tuple(user_id is not None and s.kept_for_id == user_id for s in table.seats)
    return (authenticated, is_host, kept, *room_access.audience_part(table.room, user))
