"""The ``tarokk`` template library: the filters and tags of the pages' templates, registered
here and written in games.page (cards, action labels, the game's terms, the log, small value
helpers). tarokk_site.jinja2 gives the live partials the same filters from this library."""

from __future__ import annotations

from typing import Any

from django import template

from games.page import receipt_words
from games.page.action_labels import action_label
from games.page.amounts import amount
from games.page.cards import (
    card_back_html,
    card_class,
    card_face,
    card_html,
    card_label,
    card_title,
    cards_named,
    icon,
    suit_icon,
)
from games.page.labels import (
    agree,
    conjugate,
    contract_label,
    czech_word,
    item_label,
    kept_set,
    knock_style,
    kontra_word,
    phase_label,
    plural,
    reason_label,
    seat_name,
    talon_event,
    value_words,
)
from games.page.log_lines import log_text, move_label, trick_items
from games.page.template_values import at, field, mul, pow2, signed, vals

register = template.Library()

FILTERS = (
    card_label,
    card_face,
    card_html,
    suit_icon,
    card_class,
    card_title,
    action_label,
    move_label,
    value_words,
    phase_label,
    item_label,
    kontra_word,
    vals,
    seat_name,
    conjugate,
    agree,
    plural,
    reason_label,
    trick_items,
    at,
    signed,
    mul,
    talon_event,
    kept_set,
    knock_style,
    pow2,
    field,
    log_text,
    cards_named,
    contract_label,
    czech_word,
    amount,
)
for _filter in FILTERS:
    register.filter(_filter.__name__, _filter)
register.simple_tag(card_back_html)
register.simple_tag(icon)


# The receipt's filters: games.page.receipt_words's functions with their arguments in the
# order a template passes them.


@register.filter
def receipt_sentences(
    r: Any, rows: list[dict[str, Any]], sitter: int | None = None, variant: str | None = None
) -> list[str]:
    """``{% set said = r|receipt_sentences(seat_rows, view.sitter) %}``: each receipt line in
    words (games.page.receipt_words), "you" for the viewer's own seat and side; ``sitter``, a seat
    that sat the hand out (Hungarian at five), is on neither side."""
    return receipt_words.receipt_sentences(r, rows or [], variant, sitter)


@register.filter
def receipt_amounts(
    r: Any, rows: list[dict[str, Any]], sitter: int | None = None, zero_sum: bool = True
) -> receipt_words.ReceiptAmounts:
    """``{% set amounts = r|receipt_amounts(seat_rows, view.sitter, zero_sum) %}``: the Amount
    column from the viewer's side, a watcher's from the declarer side's (games.page.receipt_words)."""
    return receipt_words.receipt_amounts(r, rows or [], sitter, zero_sum)


@register.filter
def bridge_round_sentences(r: Any, hands: Any, rows: list[dict[str, Any]]) -> list[str]:
    """Bridge: per seat, what the round's count charges it, in words (games.page.receipt_words)."""
    return receipt_words.bridge_round_sentences(r, hands or [], rows or [])
