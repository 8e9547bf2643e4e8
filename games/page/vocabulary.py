"""The words a page uses for one game's cards and calls, as a table by variant.

Card ids and canonical actions are the same strings in every game (``T21``, ``kontra:game``,
``announce:ultimo``), but a game calls them by its own names: the Hungarian XXI is the
Slovenian mond, the Hungarian pagát ultimó is the Slovenian pagat ultimo, and Slovenian
kontra goes up to mortkontra. A variant without its own entry here reads the Hungarian words
(Bridge has no trumps). The filters of ``games.templatetags.tarokk`` take the variant
key; the live partials get it from their context (``tarokk_site.jinja2``).

The Slovenian words come from the rules core itself where it names them (contracts, kontra
levels, announcement items), so the buttons say what the rules' messages say.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.utils import translation
from django.utils.translation import gettext, pgettext, pgettext_lazy

from games.rules.slovenian3.announce import ITEM_NAMES as SLOVENIAN_ITEMS
from games.rules.slovenian3.state import CONTRACTS as SLOVENIAN_CONTRACTS
from games.rules.slovenian3.state import KONTRA_NAMES as SLOVENIAN_KONTRA_NAMES
from games.rules.slovenian3.state import KONTRA_WORDS as SLOVENIAN_KONTRA

# Every word below is said in the viewer's language when it is shown (``str()``): lazy
# translations for the Hungarian table, the rules core's messages (``Msg``) for the Slovenian.
Word = Any


@dataclass(frozen=True)
class Vocabulary:
    trump_names: Mapping[int, Word]  # the honours' names, shown on the card (others: roman numerals)
    trump_word: Word  # a trump card's title: "Tarokk XXI"
    bids: Mapping[str, Word]  # ``bid:<key>`` → the button's text
    items: Mapping[str, Word]  # announcement and kontra items: "Announce <item>", "Kontra <item>"
    kontra_words: tuple[str, ...]  # the kontra chain's action words, level 1 first (keys)
    kontra_names: tuple[Word, ...] = ()  # the same levels as players read them


HUNGARIAN = Vocabulary(
    trump_names={22: pgettext_lazy("card", "Skíz"), 21: "XXI", 1: pgettext_lazy("card", "Pagát")},
    trump_word=pgettext_lazy("card", "Tarokk"),
    bids={
        "three": pgettext_lazy("bid", "Three"),
        "two": pgettext_lazy("bid", "Two"),
        "one": pgettext_lazy("bid", "One"),
        "solo": pgettext_lazy("bid", "Solo"),
    },
    # hungarian.md §7.2
    items={
        "game": pgettext_lazy("item", "the game"),
        "trull": pgettext_lazy("item", "trull"),
        "four-kings": pgettext_lazy("item", "four kings"),
        "ultimo": pgettext_lazy("item", "pagát ultimó"),
        "xxi-catch": pgettext_lazy("item", "XXI-catch"),
        "double-game": pgettext_lazy("item", "double game"),
        "volat": pgettext_lazy("item", "volát"),
        "8-tarokks": pgettext_lazy("item", "8 tarokks"),
        "9-tarokks": pgettext_lazy("item", "9 tarokks"),
    },
    kontra_words=("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra"),
    kontra_names=(
        pgettext_lazy("kontra level", "kontra"),
        pgettext_lazy("kontra level", "rekontra"),
        pgettext_lazy("kontra level", "szubkontra"),
        pgettext_lazy("kontra level", "hirskontra"),
        pgettext_lazy("kontra level", "mordkontra"),
    ),
)

SLOVENIAN = Vocabulary(
    trump_names={
        22: pgettext_lazy("card", "Škis"),
        21: pgettext_lazy("card", "Mond"),
        1: pgettext_lazy("card", "Pagat"),
    },
    trump_word=pgettext_lazy("card", "Tarok"),
    bids={c.key: c.name for c in SLOVENIAN_CONTRACTS},
    items={**SLOVENIAN_ITEMS, "game": pgettext_lazy("item", "the game")},
    kontra_words=SLOVENIAN_KONTRA,
    kontra_names=SLOVENIAN_KONTRA_NAMES,
)

# Czech Taroky names its honours as its rules page does (czech.md §1, templates/learn/czech.html):
# the škýz, the mund and the I, which is its own number; its calls are the Hungarian table's.
CZECH = replace(
    HUNGARIAN,
    trump_names={22: pgettext_lazy("czech card", "Škýz"), 21: pgettext_lazy("czech card", "Mund")},
    trump_word=pgettext_lazy("czech card", "Tarok"),
)

VOCABULARIES: dict[str, Vocabulary] = {"slovenian3": SLOVENIAN, "czech": CZECH}


# The phase in the status line and the replay, in words (Bridge: games.page.bridge_page). A hand that
# is over has none: the status line says "Hand over".
PHASE_LABELS = {
    "announce": pgettext_lazy("phase", "Announce"),
    "auction": pgettext_lazy("phase", "Auction"),
    "call": pgettext_lazy("phase", "Call"),
    "contra": pgettext_lazy("phase", "Contra"),
    "cut": pgettext_lazy("phase", "Cut"),
    "discard": pgettext_lazy("phase", "Discard"),
    "iote": pgettext_lazy("phase", "I on the end"),
    "money": pgettext_lazy("phase", "Money cards"),
    "over": "",
    "piles": pgettext_lazy("phase", "Piles"),
    "play": pgettext_lazy("phase", "Play"),
    "prever": pgettext_lazy("phase", "Prever"),
    "raise": pgettext_lazy("phase", "Raise"),
    "shuffle": pgettext_lazy("phase", "Shuffle"),
    "talon": pgettext_lazy("phase", "Talon"),
    "valat": pgettext_lazy("phase", "Valat"),
}

# Bridge's phases (its own game: no talon, no tricks).
BRIDGE_PHASE_LABELS = {
    "play": pgettext_lazy("bridge phase", "Play"),
    "bridge": pgettext_lazy("bridge phase", "Bridge?"),
    "wish": pgettext_lazy("bridge phase", "Wish a suit"),
    "eights": pgettext_lazy("bridge phase", "8s: next or spread"),
    "jpoints": pgettext_lazy("bridge phase", "J points"),
    "over": "",  # the status line says "Round over"
}


def phase_label(phase: str, variant: str | None = None) -> str:
    """A rules core phase key in the viewer's language: "" for one without a name (never the
    key itself: a player does not read "iote")."""
    if variant == "bridge":
        return str(BRIDGE_PHASE_LABELS.get(phase, ""))
    return str(PHASE_LABELS.get(phase, ""))


def vocabulary(variant: str | None) -> Vocabulary:
    """The words of ``variant`` (a variant key; None or an unknown key: the Hungarian words)."""
    return VOCABULARIES.get(variant or "", HUNGARIAN)


# A line about the viewer's own seat says "You" (``games.page.labels.seat_name``), and in
# English its verb must agree ("You cut", "Anna cuts"): ``agree`` and ``conjugate`` do that for
# English text only. Other languages say such a line as a whole message of its own (or name
# the seat), never by changing a translated verb.


def you() -> str:
    """ "You", as a line about the viewer's own seat names them, in the active language."""
    return gettext("You")


def english() -> bool:
    return (translation.get_language() or "en").split("-")[0] == "en"


# Third-person forms whose "you" form is not the word less its -s.
IRREGULAR_VERBS = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_ES_ENDINGS = ("sses", "shes", "ches", "xes", "zes", "oes")


def you_form(verb: str) -> str:
    """The form of a third-person ``verb`` that goes with "you": cuts → cut, is → are,
    passes → pass, wishes → wish, carries → carry. A word that is no such form is kept."""
    if verb in IRREGULAR_VERBS:
        return IRREGULAR_VERBS[verb]
    if verb.endswith(_ES_ENDINGS):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith(("ss", "us", "is")) and len(verb) > 2:
        return verb[:-1]
    return verb


def agree(subject: str, phrase: str) -> str:
    """``phrase`` (its first word a third-person verb: "cuts", "is announcing") as ``subject``
    says it, without the subject: "cut" / "are announcing" for "You", unchanged for others
    (and unchanged in any language but English, whose grammar this is)."""
    if subject != you() or not english():
        return phrase
    verb, space, rest = phrase.partition(" ")
    return you_form(verb) + space + rest


def conjugate(subject: str, phrase: str) -> str:
    """``subject`` and ``phrase`` in agreement: "You cut", "Anna cuts", "You are announcing"."""
    return f"{subject} {agree(subject, phrase)}"


# The values of the table options (``Option.choices``), as the opening form and the rules list
# name them; a number shows as itself.
OPTION_VALUES = {
    "ace_high": pgettext_lazy("option value", "ace high"),
    "after_first_trick": pgettext_lazy("option value", "after first trick"),
    "all": pgettext_lazy("option value", "all"),
    "always_minus": pgettext_lazy("option value", "always minus"),
    "always_next": pgettext_lazy("option value", "always next"),
    "always_plus": pgettext_lazy("option value", "always plus"),
    "always_spread": pgettext_lazy("option value", "always spread"),
    "automatic": pgettext_lazy("option value", "automatic"),
    "before_first_lead": pgettext_lazy("option value", "before first lead"),
    "each_other_player": pgettext_lazy("option value", "each other player"),
    "full": pgettext_lazy("option value", "full"),
    "host": pgettext_lazy("option value", "host"),
    "last": pgettext_lazy("option value", "last"),
    "last_dealt": pgettext_lazy("option value", "last dealt"),
    "machtarok": pgettext_lazy("option value", "machtarok"),
    "minus": pgettext_lazy("option value", "minus"),
    "off": pgettext_lazy("option value", "off"),
    "opposing_team": pgettext_lazy("option value", "opposing team"),
    "player_choice": pgettext_lazy("option value", "player choice"),
    "plus": pgettext_lazy("option value", "plus"),
    "random": pgettext_lazy("option value", "random"),
    "simple": pgettext_lazy("option value", "simple"),
    "starter_choice": pgettext_lazy("option value", "starter choice"),
    "traditional": pgettext_lazy("option value", "traditional"),
    "winner_choice": pgettext_lazy("option value", "winner choice"),
}


def option_value_label(value: object, variant: str | None = None) -> str:
    """An option's value for reading: yes/no, the value's words, a contract or bid in the words
    of ``variant`` (a Hungarian lowest bid "two", a Slovenian "open-beggar"), or the number."""
    if isinstance(value, bool):
        return pgettext("option", "yes") if value else pgettext("option", "no")
    if not isinstance(value, str):
        return str(value)
    if value in OPTION_VALUES:
        return str(OPTION_VALUES[value])
    return str(vocabulary(variant).bids.get(value, value))
