"""A legal action in words, as a button or a log line names it ("bid:three" → "Three",
"play:T21" → "Play XXI"): one labeller per kind of action, in a table, the game's own words
(bids, items, kontra levels) taken from its vocabulary (games.page.vocabulary)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.utils import translation
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from games.page.cards import card_label
from games.page.vocabulary import Vocabulary, vocabulary
from games.rules.czech.deal import STYLE_NAMES

# Single-word actions of Czech Taroky (czech.md §3–§7).
WORDS = {
    "shuffle": pgettext_lazy("czech action", "Shuffle"),
    "prever": pgettext_lazy("czech action", "Prever"),
    "take": pgettext_lazy("czech action", "Take"),
    "offer": pgettext_lazy("czech action", "Offer"),
    "accept": pgettext_lazy("czech action", "Accept"),
    "refuse": pgettext_lazy("czech action", "Refuse"),
    "reject": pgettext_lazy("czech action", "Reject"),
    "declare": pgettext_lazy("czech action", "Declare"),
    "decline": pgettext_lazy("czech action", "Decline"),
    "valat": pgettext_lazy("czech action", "Valat"),
    "contra": pgettext_lazy("czech action", "Contra"),
    "rhea-contra": pgettext_lazy("czech action", "Rhea-contra"),
    "supra-contra": pgettext_lazy("czech action", "Supra-contra"),
}

# A labeller: (the action's argument, the game's words, the variant key) → the words.
Labeller = Callable[[str, Vocabulary, "str | None"], str]


def _discard(arg: str, words: Vocabulary, variant: str | None) -> str:
    cards = " ".join(card_label(c, variant) for c in arg.split(","))
    return _("Discard %(cards)s") % {"cards": cards}


# The kinds named before a kontra level is looked for, in the order they were once tried.
BEFORE_KONTRA: dict[str, Labeller] = {
    "pass": lambda arg, words, variant: pgettext("bid", "Pass"),
    "hold": lambda arg, words, variant: pgettext("bid", "Hold"),
    "keep": lambda arg, words, variant: _("Keep three"),
    "annul": lambda arg, words, variant: _("Annul the hand"),
    "bid": lambda arg, words, variant: capfirst(str(words.bids.get(arg, arg.replace("-", " ")))),
    "raise": lambda arg, words, variant: (
        _("Raise to %(bid)s") % {"bid": str(words.bids.get(arg, arg)).lower()}
    ),
    "call": lambda arg, words, variant: _("Call %(card)s") % {"card": card_label(arg, variant)},
    "play": lambda arg, words, variant: _("Play %(card)s") % {"card": card_label(arg, variant)},
    "discard": _discard,
    "announce": lambda arg, words, variant: _("Announce %(item)s") % {"item": words.items.get(arg, arg)},
}
# The kinds named after a kontra level is looked for; ``take`` only with a group (a bare
# ``take`` is one of Czech's single words, ``WORDS``).
AFTER_KONTRA: dict[str, Labeller] = {
    "take": lambda arg, words, variant: _("Take group %(group)s") % {"group": arg},
    "cut": lambda arg, words, variant: _("Cut at %(position)s") % {"position": arg},
    "knock": lambda arg, words, variant: _("Knock (%(style)s)") % {"style": STYLE_NAMES.get(arg, arg)},
    "pile": lambda arg, words, variant: _("Take pile %(pile)s") % {"pile": arg},
    "iote": lambda arg, words, variant: _("I on the end"),
}


def action_label(action: str, variant: str | None = None) -> str:
    return _action_label(action, variant, translation.get_language())


@functools.lru_cache(maxsize=2048)
def _action_label(action: str, variant: str | None, language: str | None) -> str:
    words = vocabulary(variant)
    kind, _sep, arg = action.partition(":")
    labeller = BEFORE_KONTRA.get(kind)
    if labeller is not None:
        return labeller(arg, words, variant)
    if kind in words.kontra_words:
        level = words.kontra_words.index(kind)
        name = words.kontra_names[level] if level < len(words.kontra_names) else kind
        # The kontra level's word, then the item it doubles: "Kontra the game".
        return pgettext("say kontra", "%(kontra)s %(item)s") % {
            "kontra": capfirst(str(name)),
            "item": words.items.get(arg, arg),
        }
    labeller = AFTER_KONTRA.get(kind)
    if labeller is not None and (arg or kind not in WORDS):
        return labeller(arg, words, variant)
    if not arg and kind in WORDS:
        return str(WORDS[kind])
    return action
