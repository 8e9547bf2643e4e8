"""The render cache of the live partials: parts this process rendered, kept by a digest of all
they read (games.page.render_inputs), so a move renders again only the parts it changed: the
board's facts, the status line (its move number and version put back in), each seat (its
counts put back in) and each row of the scoreboard."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils import translation
from django.utils.functional import Promise
from django.utils.safestring import mark_safe

from games.page.live_templates import render_live_template
from games.page.render_inputs import inputs_digest
from games.page.view_reads import view_keys, view_part
from tarokk_site.bounded import Bounded


class _Kept:
    """Parts of the live partials this process rendered, by a digest of all they read
    (games.page.render_inputs): a move changes a few of them, and the others are not rendered again."""

    def __init__(self, size: int) -> None:
        self.parts: Bounded[bytes, str] = Bounded(size)

    def get(self, key: bytes | None, render: Callable[[], str]) -> str:
        if key is None:  # an input without a faithful digest: rendered every time
            return render()
        return self.parts.get_or_make(key, render)


# The board's facts (live/_board_facts.html) in their three parts: the facts settled before play,
# the tricks played, the talon's after them. Each is kept by the keys of the view it reads
# (games.page.view_reads): during play the first, the dearest, stays as it is from trick to trick.
FACTS_PARTS = ("_facts_settled.html", "_facts_tricks.html", "_facts_after.html")
_facts = _Kept(1024)
_seats = _Kept(4096)


def board_facts(context: Mapping[str, Any]) -> str:
    """The board's facts (live/_board_facts.html) for ``context``: each of its parts rendered
    once for each distinct set of what it reads (the view's keys it reads, the seats' names, the
    viewer's seat, the game's words, the language) and kept in this process; "" where the board
    has none (no hand yet, and Bridge's board is its stack)."""
    view = context.get("view")
    if not view or "stack" in view:
        return ""
    return mark_safe("".join(facts_part(context, part) for part in FACTS_PARTS))


def facts_part(context: Mapping[str, Any], part: str) -> str:
    """One of the FACTS_PARTS of the board's facts for ``context``, kept as board_facts says."""
    return _facts.get(facts_keys(context)[part], functools.partial(render_live_template, part, context))


# The keys of the facts' parts for the view last asked about: a push reads them for the board's
# shell (games.live.render_digests) and again if it renders the board.
_last_facts_keys: tuple[Any, Any, dict[str, bytes | None]] = (None, None, {})


def facts_keys(context: Mapping[str, Any]) -> dict[str, bytes | None]:
    """The key of each of the FACTS_PARTS for ``context``: a digest of all it reads."""
    global _last_facts_keys
    view = context["view"]
    variant, me, language = context.get("variant_key"), context.get("me"), translation.get_language()
    names = [(row["index"], row["label"], row["is_me"]) for row in context.get("seat_rows") or []]
    reads = (variant, me, names, language)
    last_view, last_reads, keys = _last_facts_keys
    if last_view is view and last_reads == reads:
        return keys
    keys = {
        part: inputs_digest(
            "facts", part, variant, me, names, view_part(view, view_keys(part)), language=language
        )
        for part in FACTS_PARTS
    }
    _last_facts_keys = (view, reads, keys)
    return keys


# The facts of the tricks (live/_facts_tricks.html), each a <details> of its own, none within another.
_TRICK_FACT = re.compile(r'<details class="[^"]*" id="([\w-]+)".*?</details>', re.S)


def trick_facts(context: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The board's facts of the tricks played (the last trick, all of them), each by its id: a
    push sends them alone when a trick is won and the other facts stay as they are."""
    view = context.get("view")
    if not view or "stack" in view:
        return []
    html = facts_part(context, "_facts_tricks.html")
    return [(found.group(1), mark_safe(found.group(0))) for found in _TRICK_FACT.finditer(html)]


def trick_facts_shown(view: Mapping[str, Any]) -> tuple[bool, bool]:
    """Which facts of the tricks the board shows (live/_facts_tricks.html): the last trick, and
    all the tricks (from the second one on)."""
    return bool(view.get("last_trick")), len(view.get("tricks") or ()) > 1


# Stand-ins for the move number and the version in a kept render of the status line: no table
# shows a number this far out, and each is put back as the page's own.
_SEQ_MARK, _VERSION_MARK = "-918273645500001", "-918273645500002"
_statuses = _Kept(2048)


def status(context: Mapping[str, Any]) -> str:
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


def seat_items(context: Mapping[str, Any]) -> list[str]:
    """Each seat of live/seats.html (live/_seat.html), in order: rendered once for each distinct
    set of what it reads (its row, its place, its last call while the bidding shows, the room's
    code and the viewer's buttons or none in a replay, the language) and kept in this process. A
    move changes one or two."""
    # Every room_context has these; a test may give a template only what it reads.
    rows, me, view, room = (context.get(name) for name in ("seat_rows", "me", "view", "room"))
    rows = rows or []
    bottom = context.get("bottom")  # the replay's seat at the bottom, when it is not the viewer's
    base = bottom if bottom is not None else me if me is not None else 0
    # What a seat reads of the view: its phase (the Leave button once the hand is over) and,
    # while the bidding shows beside the seats, the seat's own last call; not the whole
    # auction, so that a bid renders again only the seat that made it.
    phase = view.get("phase") if view else None
    auction = view.get("auction") if view else None
    contract = view.get("contract") if view else None
    calling = bool(auction and not contract and phase not in ("play", "over"))
    last_calls = _last_calls(auction) if calling and auction else {}
    code = room.get("code") if isinstance(room, dict) else getattr(room, "code", None)
    buttons = tuple(context.get(name) for name in ("is_host", "can_sit", "robot_levels", "replay"))
    removable = context.get("removable") or ()
    language = translation.get_language()
    items: list[str] = []
    for row in rows:
        pos = (row["index"] - base) % len(rows)
        # Kept without its cards and tricks, which change with every card played: they are put
        # in afterwards, themselves kept by the two numbers (live/_seat_counts.html).
        counted = row["cards"] is not None
        bare = {**row, "cards": counted, "tricks": None} if counted else row
        said = (bool(view), phase, last_calls.get(row["index"]))
        key = inputs_digest(
            "seat", bare, pos, row["index"] in removable, code, buttons, said, language=language
        )
        html = _seats.get(key, functools.partial(_render_seat, context, row, pos, _COUNTS_MARK))
        if counted:
            key = inputs_digest("seat-counts", row["cards"], row["tricks"], language=language)
            counts = _seat_counts.get(key, functools.partial(_render_counts, row))
            html = html.replace(_COUNTS_MARK, counts, 1)
        items.append(mark_safe(html))
    return items


def _last_calls(auction: list[dict[str, Any]]) -> dict[int, str]:
    """Each seat's last call in ``auction``, as live/_seat.html shows it."""
    return {call["seat"]: call["call"] for call in auction}


# Stands in for a seat's counts in its kept render (no seat's HTML holds this text otherwise).
_COUNTS_MARK = mark_safe("<!--seat-counts-918273645500003-->")
_seat_counts = _Kept(1024)


_score_rows = _Kept(4096)


def score_rows(context: Mapping[str, Any]) -> list[str]:
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
    items, language = [], translation.get_language()
    for index, row in enumerate(match["rows"]):
        key = inputs_digest("score-row", shared, index, row, language=language)
        render = functools.partial(_render_score_row, context, row, index)
        items.append(_score_rows.get(key, render))
    return items


def _render_score_row(context: Mapping[str, Any], row: dict[str, Any], index: int) -> str:
    return render_live_template("_score_row.html", {**context, "row": row, "index": index})


def _render_seat(context: Mapping[str, Any], row: dict[str, Any], pos: int, counts: str | None = None) -> str:
    """A seat as live/_seat.html renders it; with ``counts``, that HTML in place of its cards
    and tricks."""
    seat = {**context, "s": row, "pos": pos}
    if counts is not None:
        seat["counts"] = counts
    return render_live_template("_seat.html", seat)


def _render_counts(row: dict[str, Any]) -> str:
    return render_live_template("_seat_counts.html", {"s": row})


_hand_cards = _Kept(4096)


def hand_items(context: Mapping[str, Any]) -> list[str]:
    """Each card of the viewer's hand (live/_hand_card.html), in order: rendered once for each
    distinct set of what it reads (the card's row of ``hand_cards``, whether the seat is choosing
    a discard, the game's words, the language) and kept in this process, the move number put in
    afterwards. A hand is rendered again whenever the cards it may play change; most of its
    buttons are the same as the last time."""
    discarding = bool((context.get("controls") or {}).get("discard"))
    variant, language = context.get("variant_key"), translation.get_language()
    seq = str(context.get("seq"))
    items: list[str] = []
    for card in context.get("hand_cards") or []:
        key = inputs_digest("hand-card", card, discarding, variant, language=language)
        html = _hand_cards.get(key, functools.partial(_render_hand_card, context, card))
        items.append(mark_safe(html.replace(_SEQ_MARK, seq)))
    return items


def _render_hand_card(context: Mapping[str, Any], card: dict[str, Any]) -> str:
    # The status line's stand-in for the move number, as a number: a card writes it into JSON.
    return render_live_template("_hand_card.html", {**context, "c": card, "seq": int(_SEQ_MARK)})
