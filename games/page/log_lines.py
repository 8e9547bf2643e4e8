"""The table's log and the board's review of tricks as HTML items, and one log line or rules
message for reading: card ids named, "You" for the viewer's own seat in English. Built in Python
and cached line by line, as the log is rendered again with every push."""

from __future__ import annotations

import functools
from typing import Any

from django.utils import translation
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from markupsafe import escape as markup_escape

from games.page import vocabulary as words
from games.page.action_labels import action_label
from games.page.bridge_page import move_words
from games.page.cards import CARD_ID, card_html, card_label
from games.page.labels import seat_name
from games.rules.words import Msg


def move_label(action: str, variant: str | None = None) -> str:
    """A logged action in words, for any game (the replay's log and its steps)."""
    if variant == "bridge":
        return move_words(action)
    return action_label(action, variant)


def log_lines(
    log: Any, rows: list[dict[str, Any]], automatic: dict[int, str] | None = None, variant: str | None = None
) -> list[str]:
    """The log's entries as ``<li>`` items, oldest first: the HTML of a template loop over them
    (the seat's name, then the text), built in Python because the log is re-rendered with every
    push and grows through the hand; ``automatic``: the lines a robot made for a person, by index
    (games.autoplay.automatic). live/log.html shows them newest first; a push sends a page only
    the lines it lacks or that changed (games.live.push_diff).

    A line about the viewer's own seat says "You" in English, its verb agreeing ("You play");
    other languages name the seat, marked as the viewer's, and keep the line as it is."""
    language = translation.get_language()
    english = words.english()
    names = {}
    for row in rows:
        if row["is_me"]:
            names[row["index"]] = (
                words.you() if english else pgettext("log", "%(name)s (you)") % {"name": row["label"]}
            )
        else:
            names[row["index"]] = row["label"]
    automatic = automatic or {}
    items = []
    for index, entry in enumerate(log or []):
        if not isinstance(entry, dict):  # as the template looked them up: key, else attribute
            entry = {"seat": getattr(entry, "seat", None), "text": getattr(entry, "text", "")}
        seat = entry.get("seat")
        name = None if seat is None else names.get(seat) or seat_name(seat, rows)
        why = automatic.get(index)
        text = entry.get("text", "")
        if why is not None and name is not None:
            mine = any(row["is_me"] and row["index"] == seat for row in rows)
            items.append(_automatic_item(index, name if not mine else words.you(), text, why, variant))
            continue
        items.append(_log_item(index, name, text, variant, language))
    return items  # every value in them is escaped above


@functools.lru_cache(maxsize=4096)
def _log_item(
    index: int, name: str | None, text: Msg | str, variant: str | None, language: str | None
) -> str:
    """The ``<li>`` of the log's line ``index`` (the same lines come back with every push of a
    hand, in the viewer's ``language``; a push may replace one line by its id)."""
    if name is None:
        return f'<li id="log-{index}">{conditional_escape(log_text(text, "", variant))}</li>'
    line = conditional_escape(log_text(text, name, variant))
    return f'<li id="log-{index}"><span class="who">{conditional_escape(name)}</span> {line}</li>'


def _automatic_item(index: int, name: str, text: Msg | str, why: str, variant: str | None) -> str:
    """Who moved for a person, and why (games.autoplay.automatic): "The clock plays XXI for Anna
    (time ran out)"."""
    if why == "clock":
        who, reason = _("The clock"), _("time ran out")
    elif why == "away":
        who, reason = _("A robot"), pgettext("a seat's player is", "away")
    else:
        who, reason = _("A robot"), why
    whom = pgettext("for whom", "you") if name == words.you() else name
    line = _("%(who)s %(move)s for %(name)s %(why)s") % {
        "who": f'<span class="who">{conditional_escape(who)}</span>',
        "move": conditional_escape(log_text(text, who, variant)),
        "name": conditional_escape(whom),
        "why": f"<small>({conditional_escape(reason)})</small>",
    }
    return f'<li id="log-{index}" class="automatic" data-automatic="{conditional_escape(why)}">{line}</li>'


def trick_items(tricks: Any, rows: list[dict[str, Any]]) -> str:
    """The completed tricks of the board's review, first to last, as ``<li>`` items: who played
    which card, and who won it. Built in Python, each trick once (the review is rendered again
    with every trick and holds them all)."""
    names = tuple((row["index"], seat_name(row["index"], rows)) for row in rows)
    language = translation.get_language()
    items = []
    for number, trick in enumerate(tricks or [], start=1):
        cards = tuple((p["seat"], p["card"]) for p in trick["cards"])
        items.append(_trick_item(number, cards, trick["winner"], names, language))
    return mark_safe("".join(items))  # every value in it is escaped below (as Jinja2 escapes)


@functools.lru_cache(maxsize=2048)
def _trick_item(
    number: int,
    cards: tuple[tuple[int, str], ...],
    winner: int,
    names: tuple[tuple[int, str], ...],
    language: str,
) -> str:
    by_seat = dict(names)
    played = "".join(
        f'<span class="who small">{markup_escape(by_seat.get(seat) or _seat_number(seat))}</span>'
        f"{card_html(card, language=language)}"
        for seat, card in cards
    )
    who = markup_escape(by_seat.get(winner) or _seat_number(winner))
    won = _("won by %(who)s") % {"who": who}
    return f'<li data-review-trick="{number}">{played}<small>{won}</small></li>'


def _seat_number(index: int) -> str:
    return _("Seat %(number)s") % {"number": int(index) + 1}


# Later in a line about the viewer's own seat, in English (Bridge: "draws 2 cards ... and loses a turn").
YOU_PHRASES = (
    (" and loses a turn", " and lose a turn"),  # untranslated: English grammar (see log_text)
    ("their own score", "your own score"),  # untranslated: English grammar (see log_text)
)


def log_text(text: Msg | str, who: str = "", variant: str | None = None) -> str:
    """A public log line for reading, in the viewer's language: a message's cards (its
    ``card``, ``cards`` and any other parameter that is a card id) as card names; text from
    before messages (a stored hand) with its card ids as names. In English, "You win" rather
    than "You wins" when the line is about the viewer's own seat."""
    # A card id written in a message's own words ("T21 captured by T22") is named too.
    said = str(_with_card_names(text, variant)) if isinstance(text, Msg) else str(text or "")
    said = CARD_ID.sub(lambda m: card_label(m.group(1), variant), said)
    if who and who == words.you() and words.english():
        said = words.agree(who, said)
        for theirs, yours in YOU_PHRASES:
            said = said.replace(theirs, yours)
    return said


def _with_card_names(msg: Msg, variant: str | None) -> Msg:
    """``msg`` with each card id among its parameters as the card's name (for this variant)."""
    return Msg(
        msg.text,
        {name: _card_param(value, variant) for name, value in msg.params.items()},
        plural=msg.plural,
        count=msg.count,
        context=msg.context,
    )


def _card_param(value: Any, variant: str | None) -> Any:
    if isinstance(value, Msg):
        return _with_card_names(value, variant)
    if isinstance(value, str) and CARD_ID.fullmatch(value):
        return card_label(value, variant)
    if isinstance(value, tuple | list):
        return tuple(_card_param(item, variant) for item in value)
    return value
