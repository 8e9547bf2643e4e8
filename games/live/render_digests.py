"""Render digests: for each live partial that can be skipped, a digest of everything its
template reads besides ``version``. While a page's digest of a partial is unchanged, a push need
not render that partial at all (games.live.push_diff); tests/web/test_pushes.py checks that a page
skipping them shows what a page rendering all shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import translation

from games.page.kept_renders import FACTS_PARTS, facts_keys, trick_facts_shown
from games.page.partials import has_centre
from games.page.render_inputs import digest, inputs_digest
from tarokk_site.bounded import Bounded


def stable_inputs(context: Mapping[str, Any]) -> dict[str, bytes]:
    """The live partials that change only when a hand ends or a seat changes hands, each with
    a digest of everything it reads besides ``version`` (tests/web/test_pushes.py renders them
    from these alone). While that is unchanged a push need not render them at all; the
    scoreboard grows by a row a hand and was the dearest partial late in a match."""
    seats = [(row["index"], row["label"], row["is_me"]) for row in context["seat_rows"]]
    oob = context.get("oob", False)
    result = (context["view"] or {}).get("result")
    review = (context["view"] or {}).get("review")
    language = translation.get_language()
    return {
        "result": digest(repr((result, seats, oob, context.get("hand_paths"), language))),
        "review": digest(repr((review, seats, oob, language))),
        "scoreboard": digest(repr((match_digest(context["match"]), seats, oob, language))),
    }


# The digests of the matches the pages show lately, by the match itself: games.tables.seating
# keeps one match for all the moves of a hand, and a long match's rows are the dearest input of
# a push to digest. A match is never changed once built (games.page.table.match_of).
_match_digests: Bounded[int, tuple[Any, bytes]] = Bounded(512)


def match_digest(match: dict[str, Any] | None) -> bytes | None:
    if match is None:
        return None
    known = _match_digests.get(id(match))
    if known is not None and known[0] is match:
        return known[1]
    made = digest(repr(match))
    _match_digests.put(id(match), (match, made))
    return made


def moving_inputs(context: Mapping[str, Any]) -> dict[str, bytes]:
    """The live partials that change with some moves only, each with a digest of everything its
    template reads besides ``version`` (tests/web/test_pushes.py checks after every move of whole
    hands that a page skipping them shows what a page rendering all shows). ``hand``: the
    viewer's cards, and ``seq`` only while one of them may be played; ``controls``: the viewer's
    decisions, and ``seq`` only while there is one; ``board``, ``seats``, ``log``: all of each
    but the parts a push sends alone (the board's centre, once it has one, and its facts of the
    tricks; each seat; the log's lines); ``guide``: at the tables without a guide."""
    view, controls, hand, match = context["view"], context["controls"], context["hand"], context["match"]
    me, oob, variant = context["me"], context.get("oob", False), context["variant_key"]
    cards = context["hand_cards"]
    language = translation.get_language()  # read once for the three digests
    inputs: dict[str, bytes | None] = {}
    # live/hand.html
    playing = any(c["play"] for c in cards)
    sitter = view.get("sitter") if view else None
    seq = context["seq"] if playing else None
    inputs["hand"] = inputs_digest(
        variant, oob, me, bool(view), sitter, bool(controls["discard"]), cards, seq, language=language
    )
    # live/controls.html (and live/_bridge_prompt.html)
    deciding = any(controls[k] for k in ("announce", "kontra", "talon", "buttons", "cut", "discard"))
    user = context["user"]
    inputs["controls"] = inputs_digest(
        variant,
        oob,
        me,
        controls,
        context.get("bridge"),
        context["seq"] if deciding else None,
        _controls_view(view, me, context.get("bridge")),
        (hand.number, hand.is_over) if hand is not None else None,
        (context["room"].code, context["room"].variant, context["room"].fixed_seed, context["room"].tutorial),
        match.get("over") if match else None,
        context.get("can_end_match"),
        bool(getattr(user, "is_authenticated", False)),
        context.get("has_free_seat"),
        context.get("hint"),  # the robot's hint button, at its move number (games.page.hint)
        language=language,
    )
    # The shells of the partials whose parts are pushed alone (games.page.partials.PIECES): what
    # they read but those parts. live/board.html but its centre (live/centre.html), once it has one:
    rows = context["seat_rows"]
    if has_centre(context):
        names = [(row["index"], row["label"], row["is_me"]) for row in rows]
        # Of the facts of the tricks, which there are: they are pushed alone too.
        facts = None
        if "stack" not in view:
            keys = facts_keys(context)
            facts = [keys[FACTS_PARTS[0]], trick_facts_shown(view), keys[FACTS_PARTS[2]]]
        folded = (view["phase"] in ("play", "over"), bool(view.get("contract")), "stack" in view)
        inputs["board"] = inputs_digest("board", variant, oob, me, names, folded, facts, language=language)
    # live/seats.html but its seats (live/_seat.html); live/log.html but its lines
    inputs["seats"] = inputs_digest("seats", oob, [row["index"] for row in rows], language=language)
    inputs["log"] = inputs_digest("log", oob, bool(view), language=language)
    # live/guide.html: an empty, hidden section at every table but a guided hand's
    if not context.get("guide"):
        inputs["guide"] = inputs_digest(oob, "no-guide", language=language)
    return {name: value for name, value in inputs.items() if value is not None}


def _controls_view(view: dict[str, Any] | None, me: int | None, bridge: Any) -> Any:
    """What live/controls.html reads of the view besides being there: whether this seat waits
    for the others' discards, and Bridge's top card (its prompt). Whose turn it is changes
    with every move and is not shown there: the controls of the seats not asked are not
    rendered again at every card."""
    if not view:
        return None
    waiting = view["phase"] == "discard" and me is not None and me not in view["to_act"]
    return (waiting, view.get("top") if bridge else None)
