"""The words a page uses for one game's cards and calls, as a table by variant.

Card ids and canonical actions are the same strings in every game (``T21``, ``kontra:game``,
``announce:ultimo``), but a game calls them by its own names: the Hungarian XXI is the
Slovenian mond, the Hungarian pagát ultimó is the Slovenian pagat ultimo, and Slovenian
kontra goes up to mortkontra. A variant without its own entry here reads the Hungarian words
(Czech does, as it always has). The filters of ``games.templatetags.tarokk`` take the variant
key; the live partials get it from their context (``tarokk_site.jinja2``).

The Slovenian words come from the rules core itself where it names them (contracts, kontra
levels, announcement items), so the buttons say what the rules' messages say.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.rules.slovenian3.announce import ITEM_NAMES as SLOVENIAN_ITEMS
from games.rules.slovenian3.state import CONTRACTS as SLOVENIAN_CONTRACTS
from games.rules.slovenian3.state import KONTRA_WORDS as SLOVENIAN_KONTRA
from games.rules.words import plural  # noqa: F401  (one helper for the rules and the pages)


@dataclass(frozen=True)
class Vocabulary:
    trump_names: Mapping[int, str]  # the honours' names, shown on the card (others: roman numerals)
    trump_word: str  # a trump card's title: "Tarokk XXI"
    bids: Mapping[str, str]  # ``bid:<key>`` → the button's text
    items: Mapping[str, str]  # announcement and kontra items: "Announce <item>", "Kontra <item>"
    kontra_words: tuple[str, ...]  # the kontra chain's words, level 1 first
    trump_plural: str = "tarokks"


HUNGARIAN = Vocabulary(
    trump_names={22: "Skíz", 21: "XXI", 1: "Pagát"},
    trump_word="Tarokk",
    bids={"three": "Three", "two": "Two", "one": "One", "solo": "Solo"},
    # hungarian.md §7.2
    items={
        "game": "the game",
        "trull": "trull",
        "four-kings": "four kings",
        "ultimo": "pagát ultimó",
        "xxi-catch": "XXI-catch",
        "double-game": "double game",
        "volat": "volát",
        "8-tarokks": "8 tarokks",
        "9-tarokks": "9 tarokks",
    },
    kontra_words=("kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra"),
)

SLOVENIAN = Vocabulary(
    trump_names={22: "Škis", 21: "Mond", 1: "Pagat"},
    trump_word="Tarok",
    bids={c.key: c.name for c in SLOVENIAN_CONTRACTS},
    items={**SLOVENIAN_ITEMS, "game": "the game"},
    kontra_words=SLOVENIAN_KONTRA,
    trump_plural="taroks",
)

VOCABULARIES: dict[str, Vocabulary] = {"slovenian3": SLOVENIAN}


def vocabulary(variant: str | None) -> Vocabulary:
    """The words of ``variant`` (a variant key; None or an unknown key: the Hungarian words)."""
    return VOCABULARIES.get(variant or "", HUNGARIAN)


# Words about people and numbers, for every game: a line about the viewer's own seat says
# "You" (``templatetags.tarokk.seat_name``), and its verb must agree ("You cut", "Anna cuts");
# a count agrees with its noun ("1 card", "2 cards"). One place for both, used by the partials'
# filters (``conjugate``, ``plural``) and the log (``log_text``).

YOU = "You"
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
    says it, without the subject: "cut" / "are announcing" for "You", unchanged for others."""
    if subject != YOU:
        return phrase
    verb, space, rest = phrase.partition(" ")
    return you_form(verb) + space + rest


def conjugate(subject: str, phrase: str) -> str:
    """``subject`` and ``phrase`` in agreement: "You cut", "Anna cuts", "You are announcing"."""
    return f"{subject} {agree(subject, phrase)}"
