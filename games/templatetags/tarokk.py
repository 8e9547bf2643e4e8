"""Display names of cards and actions. Card ids follow shared/rules/cards.md."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe

from games import vocabulary as words
from games.rules.czech.deal import STYLE_NAMES
from games.vocabulary import vocabulary

register = template.Library()

ROMAN = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
SUITS = {
    "H": ("♥", "hearts", "red"),
    "D": ("♦", "diamonds", "red"),
    "S": ("♠", "spades", "black"),
    "C": ("♣", "clubs", "black"),
}
RANKS = {"K": "K", "Q": "Q", "R": "R", "J": "J"}
# Single-word actions of Czech Taroky (czech.md §3–§7).
WORDS = {
    "shuffle": "Shuffle",
    "prever": "Prever",
    "take": "Take",
    "offer": "Offer",
    "accept": "Accept",
    "refuse": "Refuse",
    "reject": "Reject",
    "declare": "Declare",
    "decline": "Decline",
    "valat": "Valat",
    "contra": "Contra",
    "rhea-contra": "Rhea-contra",
    "supra-contra": "Supra-contra",
}


def roman(n: int) -> str:
    out = ""
    for value, letters in ROMAN:
        while n >= value:
            out += letters
            n -= value
    return out


# The filters that name cards and calls take the variant key last (None: the Hungarian words,
# games.vocabulary); the live partials pass it from their context (tarokk_site.jinja2).


@register.filter
def card_label(card: str, variant: str | None = None) -> str:
    return _card_label(card, variant)


@functools.lru_cache(maxsize=1024)
def _card_label(card: str, variant: str | None) -> str:
    if card.startswith("T"):
        n = int(card[1:])
        return vocabulary(variant).trump_names.get(n, roman(n))
    symbol = SUITS[card[0]][0]
    return f"{RANKS.get(card[1:], card[1:])}{symbol}"


@register.filter
def card_html(card: str, variant: str | None = None) -> str:
    """A card face up, as every page shows one (shared/rules/cards.md ids), followed by a
    line break: a row of cards may wrap between any two on a narrow screen."""
    if not isinstance(card, str):
        return ""
    return _card_html(card, variant)


@functools.lru_cache(maxsize=512)
def _card_html(card: str, variant: str | None) -> str:
    return format_html(
        '<span class="card {}" data-card="{}" title="{}">{}</span>\n',
        card_class(card),
        card,
        card_title(card, variant),
        card_label(card, variant),
    )


@register.filter
@functools.lru_cache(maxsize=512)
def card_class(card: str) -> str:
    if card.startswith("T"):
        return "trump"
    return SUITS[card[0]][2]


@register.filter
def card_title(card: str, variant: str | None = None) -> str:
    return _card_title(card, variant)


@functools.lru_cache(maxsize=1024)
def _card_title(card: str, variant: str | None) -> str:
    if card.startswith("T"):
        n = int(card[1:])
        words = vocabulary(variant)
        name = words.trump_names.get(n)
        return f"{words.trump_word} {roman(n)}" + (f" ({name})" if name else "")
    names = {"K": "King", "Q": "Queen", "R": "Rider", "J": "Jack", "1": "Ace", "A": "Ace", "10": "Ten"}
    rank = card[1:]
    return f"{names.get(rank, rank)} of {SUITS[card[0]][1]}"


@register.filter
def action_label(action: str, variant: str | None = None) -> str:
    return _action_label(action, variant)


@functools.lru_cache(maxsize=1024)
def _action_label(action: str, variant: str | None) -> str:
    words = vocabulary(variant)
    kind, _, arg = action.partition(":")
    if kind == "pass":
        return "Pass"
    if kind == "hold":
        return "Hold"
    if kind == "keep":
        return "Keep three"
    if kind == "annul":
        return "Annul the hand"
    if kind == "bid":
        return words.bids.get(arg, arg.replace("-", " ").capitalize())
    if kind == "raise":
        return f"Raise to {words.bids.get(arg, arg).lower()}"
    if kind == "call":
        return f"Call {card_label(arg, variant)}"
    if kind == "play":
        return f"Play {card_label(arg, variant)}"
    if kind == "discard":
        return "Discard " + " ".join(card_label(c, variant) for c in arg.split(","))
    if kind == "announce":
        return f"Announce {words.items.get(arg, arg)}"
    if kind in words.kontra_words:
        return f"{kind.capitalize()} {words.items.get(arg, arg)}"
    if kind == "take" and arg:
        return f"Take group {arg}"
    if kind == "cut":
        return f"Cut at {arg}"
    if kind == "knock":
        return f"Knock ({arg})"
    if kind == "pile":
        return f"Take pile {arg}"
    if kind == "iote":
        return "I on the end"
    if not arg and kind in WORDS:
        return WORDS[kind]
    return action


@register.filter
def item_label(item: str, variant: str | None = None) -> str:
    return vocabulary(variant).items.get(item, item.replace("-", " "))


@register.filter
def kontra_word(level: int, variant: str | None = None) -> str:
    """0 → "", 1 → "kontra", 2 → "rekontra", ..."""
    words = vocabulary(variant).kontra_words
    return words[level - 1] if level and 0 < level <= len(words) else ""


@register.filter
def vals(action: str, seq: int) -> str:
    return json.dumps({"action": action, "seq": seq})


@register.filter
def seat_name(index: Any, rows: list[dict[str, Any]]) -> str:
    if index is None:
        return ""
    for row in rows:
        if row["index"] == index:
            return "You" if row["is_me"] else row["label"]
    return f"Seat {int(index) + 1}"


@register.filter
def conjugate(subject: Any, phrase: str) -> str:
    """``{{ seat|seat_name(rows)|conjugate("cuts") }}``: "You cut", "Anna cuts"
    (games.vocabulary.conjugate)."""
    return words.conjugate(str(subject or ""), phrase)


@register.filter
def agree(subject: Any, phrase: str) -> str:
    """``{{ who|agree("knocks") }}``: the phrase alone, as ``who`` says it ("knock" for You)."""
    return words.agree(str(subject or ""), phrase)


@register.filter
def plural(count: Any, noun: str) -> str:
    """``{{ n|plural("card") }}``: "1 card", "2 cards" (games.vocabulary.plural)."""
    try:
        return words.plural(int(count), noun)
    except (TypeError, ValueError):
        return ""


@register.filter
def log_items(
    log: Any, rows: list[dict[str, Any]], automatic: dict[int, str] | None = None, variant: str | None = None
) -> str:
    """The log's entries, newest first, as the log partial's ``<li>`` items: the HTML of a
    template loop over them (the seat's name, then the text), built in Python because the log
    is re-rendered with every push and grows through the hand (the loop was a third of a push).
    ``automatic``: the lines a robot made for a person, by index (games.automatic)."""
    names = {row["index"]: "You" if row["is_me"] else row["label"] for row in rows}
    automatic = automatic or {}
    items = []
    entries = list(log or [])
    for index in range(len(entries) - 1, -1, -1):
        entry = entries[index]
        if not isinstance(entry, dict):  # as the template looked them up: key, else attribute
            entry = {"seat": getattr(entry, "seat", None), "text": getattr(entry, "text", "")}
        seat = entry.get("seat")
        name = None if seat is None else names.get(seat) or seat_name(seat, rows)
        why = automatic.get(index)
        if why is not None and name is not None:
            items.append(_automatic_item(name, entry.get("text", ""), why, variant))
            continue
        items.append(_log_item(name, entry.get("text", ""), variant))
    return mark_safe("".join(items))  # every value in it is escaped above


@functools.lru_cache(maxsize=4096)
def _log_item(name: str | None, text: str, variant: str | None = None) -> str:
    """One ``<li>`` of the log (the same lines come back with every push of a hand)."""
    if name is None:
        return f"<li>{conditional_escape(log_text(text, '', variant))}</li>"
    line = conditional_escape(log_text(text, name, variant))
    return f'<li><span class="who">{conditional_escape(name)}</span> {line}</li>'


# Who moved for a person, and why (games.automatic): "The clock plays XXI for Anna (time ran out)".
AUTOMATIC_WORDS = {"clock": ("The clock", "time ran out"), "away": ("A robot", "away")}


def _automatic_item(name: str, text: str, why: str, variant: str | None) -> str:
    who, reason = AUTOMATIC_WORDS.get(why, ("A robot", why))
    line = conditional_escape(log_text(text, who, variant))
    whom = "you" if name == words.YOU else name
    return (
        f'<li class="automatic" data-automatic="{conditional_escape(why)}"><span class="who">{who}</span> '
        f"{line} for {conditional_escape(whom)} <small>({reason})</small></li>"
    )


@register.filter
def at(seq: Any, index: Any) -> Any:
    if seq is None or index is None:
        return None
    try:
        return seq[index]
    except (IndexError, KeyError, TypeError):
        return None


@register.filter
def signed(n: Any) -> str:
    if n is None:
        return ""
    return f"+{n}" if n > 0 else str(n)


@register.filter
def mul(a: Any, b: Any) -> Any:
    try:
        return int(a) * int(b)
    except (TypeError, ValueError):
        return ""


TALON_EVENTS = {"take": "took", "offer": "offered", "accept": "accepted", "refuse": "refused"}
KEPT_SETS = {
    "top": "the top three",
    "bottom": "the bottom three",
    "back": "the top three again, after rejecting both",
}


@register.filter
def talon_event(event: str) -> str:
    """A Czech partner-game talon step: take, offer, accept, refuse (czech.md §5.1)."""
    return TALON_EVENTS.get(event, event)


@register.filter
def kept_set(kept: str) -> str:
    return KEPT_SETS.get(kept, kept)


@register.filter
def knock_style(style: str) -> str:
    return STYLE_NAMES.get(style, style)


@register.filter
def pow2(n: Any) -> int:
    try:
        return 2 ** int(n)
    except (TypeError, ValueError):
        return 1


@register.filter
def field(data: Any, key: str) -> Any:
    """``data[key]``, or None: unlike ``data.key`` in a template, never a dict method
    (``view.items`` on a view without an ``items`` key would be ``dict.items``)."""
    return data.get(key) if isinstance(data, dict) else None


CARD_ID = re.compile(r"\b(T(?:2[0-2]|1[0-9]|[1-9])|[HSDC](?:10|[AKQRJ1-9]))\b")  # A: Bridge's aces
# Later in a line about the viewer's own seat (Bridge: "draws 2 cards ... and loses a turn").
YOU_PHRASES = ((" and loses a turn", " and lose a turn"), ("their own score", "your own score"))


@register.filter
def log_text(text: str, who: str = "", variant: str | None = None) -> str:
    """A public log line for reading: card ids as card names, and "You win" rather than
    "You wins" when the line is about the viewer's own seat."""
    text = CARD_ID.sub(lambda m: card_label(m.group(1), variant), text)
    if who == words.YOU:
        text = words.agree(who, text)
        for theirs, yours in YOU_PHRASES:
            text = text.replace(theirs, yours)
    return text
