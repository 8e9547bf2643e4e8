"""What a page shows: the context for one viewer, built only from ``observe()``.

The full state never leaves this module's callers' hands: a template gets the viewer's
``View`` plus the legal actions of the viewer's own seat.
"""

from __future__ import annotations

import functools
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.template import engines
from django.utils import timezone, translation
from django.utils.functional import Promise
from django.utils.safestring import mark_safe

from games import bridge_page, matches, replay, services, turn_clock, why_not
from games.automatic import automatic_lines
from games.bots import LEVELS
from games.controls import controls_for, hand_cards
from games.models import ROBOT_LEVEL_NAMES, Hand, Room, Seat
from games.render_inputs import inputs_digest
from games.rules import AUDIENCE, Termination, get_variant
from games.rules.hungarian.outcome import FAILED_TRIAL
from games.rules.match import RADELCI
from games.tables import room_page
from games.templatetags.tarokk import cards_named
from games.tutorial.tables import guide_panel
from games.view_reads import view_keys, view_part
from games.vocabulary import option_value_label, phase_label
from tarokk_site.jinja2 import in_active_language
from tarokk_site.languages import said

# The partials of the room page that change with the game, in page order.
# ``review``: the finished hand for everyone, shown from its end until the next deal.
# ``guide``: a guided hand's explanations (games.tutorial); empty at every other table.
LIVE_PARTIALS = (
    "status",
    "seats",
    "board",
    "hand",
    "guide",
    "controls",
    "result",
    "review",
    "scoreboard",
    "log",
)


@dataclass
class Viewer:
    seat: int | None  # None: audience (or staff, who watch as audience at a live table)
    is_staff: bool = False

    @property
    def rules_viewer(self) -> int | str:
        return AUDIENCE if self.seat is None else self.seat


@dataclass
class Table:
    """What every viewer's render of a room shares, loaded once: the room, its current hand
    and its seats. Only viewer-independent rows: the cards a viewer sees still come from
    ``observe()`` for that viewer alone."""

    room: Room
    hand: Hand | None
    seats: list[Seat]
    match: dict[str, Any] | None  # the match so far (public: totals and rows), as match_json
    deadlines: dict[int, datetime] = field(default_factory=dict)  # turn clocks running: {seat: deadline}
    # The log lines a robot made for a person (their clock ran out, or they are away): {index: why}.
    automatic: dict[int, str] = field(default_factory=dict)


# The codes the result and the scoreboard pick out (the rules core's values, not text).
RESULT_CODES = {
    "failed_trial": FAILED_TRIAL,
    "ended_early": Termination.ENDED_EARLY,
    "bridge": Termination.BRIDGE,
    "radelci": RADELCI,
}


def load_table(room: Room) -> Table:
    hand = room.current_hand()
    return Table(
        room=room,
        hand=hand,
        seats=list(room.seats.select_related("user")),
        match=None if hand is None else match_of(room, hand),
        deadlines=turn_deadlines(room, hand),
        automatic=automatic_lines(hand, timed=bool(room.turn_clock)),
    )


def match_of(room: Room, hand: Hand) -> dict[str, Any] | None:
    """The match ``hand`` belongs to as the scoreboard shows it (``Table.match``)."""
    match = matches.match_json(matches.shown_match(room, hand), hand.match_no)
    if match is not None:
        # The scoreboard's rows link to their hands' replays (games.history): a match's hands
        # are numbered in a row and each finished one is a row, so row k is hand first + k - 1.
        scored = sum(1 for row in match["rows"] if row["kind"] != RADELCI)
        match["first_hand"] = hand.number - scored + (1 if hand.is_over else 0)
        match["table"] = room.code
    return match


def turn_deadlines(room: Room, hand: Hand | None) -> dict[int, datetime]:
    if not room.turn_clock or hand is None or hand.is_over:
        return {}
    return turn_clock.deadlines(hand.pk)


def viewer_for(room: Room, user: Any, seats: list[Seat] | None = None) -> Viewer:
    seat = None
    if user is not None and user.is_authenticated:
        if seats is not None:
            seat = next((s.index for s in seats if s.user_id == user.pk), None)
        else:
            seat = room.seats.filter(user=user).values_list("index", flat=True).first()
    return Viewer(seat=seat, is_staff=bool(user is not None and getattr(user, "is_staff", False)))


def table_view(hand: Hand, viewer: Viewer) -> tuple[dict[str, Any], list[str], dict[str, str], str | None]:
    """The viewer's View of the current state, the legal actions of the viewer's seat, why
    each other card of its hand cannot be pressed now, and why it may only pass when that is
    all it may do (``games.why_not``; none for a watcher)."""
    variant = get_variant(hand.variant)
    state = replay.current(hand)
    view = variant.observe(state, viewer.rules_viewer)
    if viewer.seat is None:
        return view, [], {}, None
    legal = variant.legal_actions(state, viewer.seat)
    reasons = {
        card: cards_named(why, hand.variant)
        for card, why in why_not.card_reasons(variant, state, viewer.seat, view["hand"], legal).items()
    }
    only_pass = why_not.only_pass(variant, state, viewer.seat, legal, view["phase"])
    return view, legal, reasons, cards_named(only_pass, hand.variant) if only_pass else None


def api_view(room: Room, user: Any) -> dict[str, Any]:
    """``GET /r/<code>/view.json``: the caller's view plus the envelope the pages use."""
    rows = list(room.seats.select_related("user"))
    viewer = viewer_for(room, user, rows)
    hand = room.current_hand()
    deadlines = turn_deadlines(room, hand)
    view, legal, _why, _only = table_view(hand, viewer) if hand is not None else (None, [], {}, None)
    # Clocks of a private decision show only to the deciding seat, as the public to_act does.
    shown = set(view["to_act"]) if view is not None else set()
    seats = [_seat_json(s, deadlines.get(s.index) if s.index in shown else None) for s in rows]
    if hand is None or view is None:
        return {
            "room": room.code,
            "variant": room.variant,
            "hand_no": None,
            "seq": 0,
            "phase": "waiting",
            "seat": viewer.seat,
            "to_act": [],
            "legal": [],
            "cards": [],
            "seats_info": seats,
            "result": None,
            "match": None,
            "view": None,
        }
    return said(
        {  # JSON: the rules' messages said in the viewer's language
            "room": room.code,
            "variant": room.variant,
            "hand_no": hand.number,
            "seq": hand.public_seq,  # the moves the players may know of (Hand.public_seq)
            "phase": view["phase"],
            "seat": viewer.seat,
            "to_act": view["to_act"],
            "legal": legal,
            "cards": view["hand"],
            "seats_info": seats,
            "result": view["result"],
            # The finished hand's review (games.rules.review): only once it is over, for everyone.
            **({"review": view["review"]} if view.get("review") is not None else {}),
            "match": matches.match_json(matches.shown_match(room, hand), hand.match_no),
            "view": view,
        }
    )


def _seat_json(seat: Any, deadline: datetime | None) -> dict[str, Any]:
    return {
        "index": seat.index,
        "name": seat.label,
        "robot": seat.robot or None,
        "free": seat.is_free,
        "away": seat.away,
        "deadline": deadline.isoformat() if deadline else None,
    }


def room_context(room: Room, user: Any, table: Table | None = None) -> dict[str, Any]:
    table = table or load_table(room)
    hand, seats = table.hand, table.seats
    viewer = viewer_for(room, user, seats)
    context: dict[str, Any] = {
        "user": user,  # pushes render without a request: the template still reads who it is for
        "room": room,
        "variant": get_variant(room.variant),
        "variant_key": room.variant,  # the game's words for cards and calls (games.vocabulary)
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
        context.update(view=view, legal=legal, why_not=reasons, only_pass=only_pass, seq=hand.public_seq)
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
    context.update(room_page.context(room, user, seats, hand is None, viewer.seat))
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
    context["hand_cards"] = hand_cards(context["view"], context["legal_set"], context["why_not"])
    if bridge_page.shows(context["view"]):  # Bridge: the stack, the move, its own words
        context.update(
            bridge_page.context(
                context["view"], context["legal"], viewer.seat, context["seat_rows"], context["controls"]
            )
        )
    context["guide"] = guide_panel(room, hand, viewer.seat, context["controls"]["buttons"])
    return context


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


def trick_total_of(view: dict[str, Any] | None) -> int:
    """Tricks in the hand: those completed plus the cards the fullest hand still holds."""
    if not view:
        return 0
    return sum(view.get("tricks_won") or []) + max(view.get("hand_counts") or [0])


def audience_key(table: Table, user: Any) -> tuple[Any, ...] | None:
    """None for a seated player; for anyone else, everything about the user that
    ``room_context`` reads (keep the two in step): watchers with equal keys see the same
    live partials, so the pushes render them once (games.consumers)."""
    authenticated = bool(user is not None and user.is_authenticated)
    user_id = getattr(user, "pk", None) if authenticated else None
    if user_id is not None and any(s.user_id == user_id for s in table.seats):
        return None
    is_host = user_id is not None and table.room.created_by_id == user_id and table.hand is None
    kept = tuple(user_id is not None and s.kept_for_id == user_id for s in table.seats)
    return (authenticated, is_host, kept, *room_page.audience_part(table.room, user))


def rules_shown(variant_key: str, options: dict[str, Any]) -> tuple[list[tuple[str, str, str]], bool]:
    """``table_rules`` of the room's game and options, and whether its match is zero-sum: the
    same for every push of a room, so worked out once for each game, options and language."""
    return _rules_shown(variant_key, json.dumps(options, sort_keys=True), translation.get_language())


@functools.lru_cache(maxsize=256)
def _rules_shown(
    variant_key: str, options: str, language: str | None
) -> tuple[list[tuple[str, str, str]], bool]:
    variant, given = get_variant(variant_key), json.loads(options)
    return table_rules(variant, given), variant.match_rules(given).zero_sum


def table_rules(variant: Any, options: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The room's rule options as (label, value, option name) for people to read; the name is
    the option's anchor on the game's rules page (games.learn)."""
    rows = []
    for option in variant.options:
        value = options.get(option.name, option.default)
        rows.append((option.label or option.name, option_value_label(value, variant.key), option.name))
    return rows


def seat_rows_of(
    seats: list[Any],
    view: dict[str, Any] | None,
    me: int | None,
    deadlines: dict[int, datetime] | None = None,
) -> list[dict[str, Any]]:
    now = timezone.now()
    rows = []
    for seat in seats:
        i = seat.index
        # A private decision (a Czech contra offer) names nobody: its clock is shown to the
        # deciding seat only, as the public ``to_act`` is.
        deadline = (deadlines or {}).get(i) if view and i in view["to_act"] else None
        sitting_out = bool(view and view.get("sitter") == i)  # Hungarian at five: the dealer
        row = {
            "index": i,
            "number": i + 1,
            "label": seat.label,
            "robot": seat.robot,
            "free": seat.is_free,
            "is_me": i == me,
            "to_act": bool(view and i in view["to_act"]),
            "dealer": bool(view and view["dealer"] == i),
            "sitting_out": sitting_out,
            "povinnost": bool(view and view.get("povinnost") == i),
            "declarer": bool(view and view.get("declarer") == i),
            "partner": bool(view and view.get("partner") == i),
            "cards": view["hand_counts"][i] if view and not sitting_out else None,
            "tricks": view["tricks_won"][i] if view and view.get("tricks_won") else 0,
            "payment": view["result"]["payments"][i] if view and view.get("result") else None,
            "radelci": _radelci(view, i),
            "away": seat.away,
            # The page counts down from the epoch milliseconds; the text is right at render time.
            "deadline_ms": int(deadline.timestamp() * 1000) if deadline else None,
            "time_left": _clock_text(deadline - now) if deadline else "",
        }
        rows.append(row)
    return rows


def _radelci(view: dict[str, Any] | None, seat: int) -> int | None:
    """The radelci ``seat`` holds now (slovenian3.md §10.6): those held before this hand, and
    once it is over the change it made; None where the table plays without them."""
    held = (view or {}).get("radelci")
    if held is None:
        return None
    change = ((view or {}).get("result") or {}).get("radelci") or [0] * len(held)
    return held[seat] + change[seat]


def _clock_text(left: Any) -> str:
    seconds = max(0, int(left.total_seconds() + 0.999))
    return f"{seconds // 60}:{seconds % 60:02d}"


def render_live(room: Room, user: Any, oob: bool = False, table: Table | None = None) -> str:
    """Every live partial for this viewer, concatenated (websocket push and POST replies)."""
    context = room_context(table.room if table else room, user, table)
    context["oob"] = oob
    return "".join(render_partials(context).values())


def render_partials(context: dict[str, Any], names: Iterable[str] = LIVE_PARTIALS) -> dict[str, str]:
    """The live partials ``names`` rendered from one ``room_context``, by name, in that order.

    They are Jinja2 templates (``templates/jinja2/live/``, tarokk_site/jinja2.py says why);
    the room page (``live`` in its context) and every push use this one function.
    """
    names = list(names)
    if "board" in names or "seats" in names:
        context = {**context}
        if "board" in names:
            context["board_facts"] = board_facts(context)
        if "seats" in names:
            context["seat_items"] = seat_items(context)
    if "scoreboard" in names:
        context = {**context, "score_rows": score_rows(context)}
    return {
        name: status(context) if name == "status" else render_live_template(f"{name}.html", context)
        for name in names
    }


class _Kept:
    """Parts of the live partials this process rendered, by a digest of all they read
    (games.render_inputs): a move changes a few of them, and the others are not rendered again."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.parts: OrderedDict[bytes, str] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: bytes | None, render: Callable[[], str]) -> str:
        if key is None:  # an input without a faithful digest: rendered every time
            return render()
        with self.lock:
            html = self.parts.get(key)
            if html is not None:
                self.parts.move_to_end(key)
                return html
        html = render()
        with self.lock:
            self.parts[key] = html
            while len(self.parts) > self.size:
                self.parts.popitem(last=False)
        return html


# The board's facts (live/_board_facts.html) in their three parts: the facts settled before play,
# the tricks played, the talon's after them. Each is kept by the keys of the view it reads
# (games.view_reads): during play the first, the dearest, stays as it is from trick to trick.
FACTS_PARTS = ("_facts_settled.html", "_facts_tricks.html", "_facts_after.html")
_facts = _Kept(1024)
_seats = _Kept(4096)


def board_facts(context: dict[str, Any]) -> str:
    """The board's facts (live/_board_facts.html) for ``context``: each of its parts rendered
    once for each distinct set of what it reads (the view's keys it reads, the seats' names, the
    viewer's seat, the game's words, the language) and kept in this process; "" where the board
    has none (no hand yet, and Bridge's board is its stack)."""
    view = context.get("view")
    if not view or "stack" in view:
        return ""
    variant, me = context.get("variant_key"), context.get("me")
    names = [(row["index"], row["label"], row["is_me"]) for row in context.get("seat_rows") or []]
    parts = []
    for part in FACTS_PARTS:
        key = inputs_digest("facts", part, variant, me, names, view_part(view, view_keys(part)))
        parts.append(_facts.get(key, lambda part=part: render_live_template(part, context)))
    return mark_safe("".join(parts))


# Stand-ins for the move number and the version in a kept render of the status line: no table
# shows a number this far out, and each is put back as the page's own.
_SEQ_MARK, _VERSION_MARK = "-918273645500001", "-918273645500002"
_statuses = _Kept(2048)


def status(context: dict[str, Any]) -> str:
    """The status line (live/status.html) for ``context``: rendered once for each distinct set of
    what it reads but the move number and the version (the viewer's seat, the view's keys it
    reads, the hand's number, the seats' names, the match's next dealer, the game's phase words,
    the language) and kept in this process, the two numbers then put in. During play it shows
    whose turn it is: a few lines a hand, each seen again at every trick. Rendered every time
    while the table waits for players (its sharing panel reads the room)."""
    hand, view = context.get("hand"), context.get("view")
    if hand is None or not view:
        return render_live_template("status.html", context)
    match, bridge = context.get("match"), context.get("bridge")
    key = inputs_digest(
        "status",
        context.get("variant_key"),
        context.get("me"),
        context.get("oob", False),
        context.get("removed_me"),
        hand.number,
        view_part(view, view_keys("status.html")),
        [(row["index"], row["label"], row["is_me"]) for row in context.get("seat_rows") or []],
        (match.get("over"), match.get("next_dealer")) if match else None,
        (True, _said(bridge.get("phase_label"))) if bridge else None,
        _said(context.get("phase_label")),
    )
    numbers = {"seq": _SEQ_MARK, "version": _VERSION_MARK}
    html = _statuses.get(key, lambda: render_live_template("status.html", {**context, **numbers}))
    seq, version = str(context.get("seq")), str(context.get("version"))
    return mark_safe(html.replace(_SEQ_MARK, seq, 1).replace(_VERSION_MARK, version, 1))


def _said(text: Any) -> Any:
    """Lazy text as the current language says it (plain text digests by the quick way)."""
    return str(text) if isinstance(text, Promise) else text


def seat_items(context: dict[str, Any]) -> list[str]:
    """Each seat of live/seats.html (live/_seat.html), in order: rendered once for each distinct
    set of what it reads (its row, its place, the bidding while it goes on, the room's code and
    the viewer's buttons, the language) and kept in this process. A move changes one or two."""
    # Every room_context has these; a test may give a template only what it reads.
    rows, me, view, room = (context.get(name) for name in ("seat_rows", "me", "view", "room"))
    rows = rows or []
    base = me if me is not None else 0
    bidding = (view.get("auction"), view.get("contract"), view.get("phase")) if view else None
    code = room.get("code") if isinstance(room, dict) else getattr(room, "code", None)
    buttons = tuple(context.get(name) for name in ("is_host", "can_sit", "robot_levels"))
    removable = context.get("removable") or ()
    items = []
    for row in rows:
        pos = (row["index"] - base) % len(rows)
        # Kept without its cards and tricks, which change with every card played: they are put
        # in afterwards, themselves kept by the two numbers (live/_seat_counts.html).
        counted = row["cards"] is not None
        bare = {**row, "cards": counted, "tricks": None} if counted else row
        key = inputs_digest("seat", bare, pos, row["index"] in removable, code, buttons, bidding)
        html = _seats.get(key, lambda row=row, pos=pos: _render_seat(context, row, pos, _COUNTS_MARK))
        if counted:
            key = inputs_digest("seat-counts", row["cards"], row["tricks"])
            counts = _seat_counts.get(key, lambda row=row: _render_counts(row))
            html = html.replace(_COUNTS_MARK, counts, 1)
        items.append(mark_safe(html))
    return items


# Stands in for a seat's counts in its kept render (no seat's HTML holds this text otherwise).
_COUNTS_MARK = mark_safe("<!--seat-counts-918273645500003-->")
_seat_counts = _Kept(1024)


_score_rows = _Kept(4096)


def score_rows(context: dict[str, Any]) -> list[str]:
    """Each row of the scoreboard (live/_score_row.html), in order: rendered once for each
    distinct set of what it reads (the row, its place in the match, the match's links and
    columns, the seats' names, the game's words, the language) and kept in this process. A
    match grows by a row a hand; a long one's rows were the dearest part of its scoreboard."""
    match = context.get("match")
    if not match:
        return []
    names = [(row["index"], row["label"], row["is_me"]) for row in context.get("seat_rows") or []]
    shared = (
        context.get("variant_key"),
        bool(context.get("bridge")),
        names,
        match.get("first_hand"),
        match.get("table"),
        match.get("dealer_sits_out"),
        match.get("reset_at"),
    )
    items = []
    for index, row in enumerate(match["rows"]):
        key = inputs_digest("score-row", shared, index, row)
        render = functools.partial(_render_score_row, context, row, index)
        items.append(_score_rows.get(key, render))
    return items


def _render_score_row(context: dict[str, Any], row: dict[str, Any], index: int) -> str:
    return render_live_template("_score_row.html", {**context, "row": row, "index": index})


def _render_seat(context: dict[str, Any], row: dict[str, Any], pos: int, counts: str | None = None) -> str:
    """A seat as live/_seat.html renders it; with ``counts``, that HTML in place of its cards
    and tricks."""
    seat = {**context, "s": row, "pos": pos}
    if counts is not None:
        seat["counts"] = counts
    return render_live_template("_seat.html", seat)


def _render_counts(row: dict[str, Any]) -> str:
    return render_live_template("_seat_counts.html", {"s": row})


def render_live_template(name: str, context: dict[str, Any]) -> str:
    """``templates/jinja2/live/<name>`` rendered from ``context``, as safe HTML."""
    # In the active language: its texts translated once (render() copies the context anyway).
    env, said = in_active_language(engines["jinja2"].env)  # type: ignore[attr-defined]
    return mark_safe(env.get_template(f"live/{name}").render(context, **said))  # autoescaped
