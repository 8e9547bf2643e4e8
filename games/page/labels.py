"""The game's terms as a page says them: contracts, phases, items, kontra levels, how a hand
ended, Czech's money cards and talon steps, a seat's name ("You" for the viewer's own), and the
nouns the partials count. Each takes the variant key where the games' words differ
(games.page.vocabulary holds them)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from games.page import vocabulary as words
from games.page.vocabulary import vocabulary
from games.rules import Termination
from games.rules.czech.announce import CONTRA_NAMES, CONTRA_WORDS
from games.rules.czech.deal import STYLE_NAMES
from games.rules.czech.money import MONEY_NAMES
from games.rules.czech.state import PARTNER_GAME, PREVER
from games.rules.hungarian.state import CONTRACT_WORDS
from games.rules.slovenian3.state import CONTRACTS as SLOVENIAN_CONTRACTS
from games.rules.words import Msg


def value_words(value: Any, variant: str | None = None) -> str:
    """An option's value or a contract's key in the game's words ("solo-without" → "solo
    without", Bridge's "plus"), never the key (games.page.vocabulary.option_value_label)."""
    if variant == "czech" and isinstance(value, str):  # its contracts: "partner-game", "prever"
        named = contract_label(value.replace("-", " "), variant)
        if named != value.replace("-", " "):
            return named
    return words.option_value_label(value, variant)


def phase_label(phase: str, variant: str | None = None) -> str:
    return words.phase_label(phase, variant)


def item_label(item: str, variant: str | None = None) -> str:
    """An announcement's or bonus's key in the reader's words (a Czech money card by its name:
    a profile's bonuses list them too)."""
    if variant == "czech" and item in MONEY_NAMES:
        return str(MONEY_NAMES[item])
    return str(vocabulary(variant).items.get(item, item.replace("-", " ")))


def kontra_word(level: int, variant: str | None = None) -> str:
    """0 → "", 1 → "kontra", 2 → "rekontra", ... (as the viewer's language says them)"""
    words = vocabulary(variant).kontra_names
    return str(words[level - 1]) if level and 0 < level <= len(words) else ""


def seat_name(index: Any, rows: list[dict[str, Any]]) -> str:
    if index is None:
        return ""
    for row in rows:
        if row["index"] == index:
            return words.you() if row["is_me"] else row["label"]
    return _("Seat %(number)s") % {"number": int(index) + 1}


def conjugate(subject: Any, phrase: str) -> str:
    """``{{ seat|seat_name(rows)|conjugate("cuts") }}``: "You cut", "Anna cuts"
    (games.page.vocabulary.conjugate; English grammar: other languages write whole messages)."""
    return words.conjugate(str(subject or ""), phrase)


def agree(subject: Any, phrase: str) -> str:
    """``{{ who|agree("knocks") }}``: the phrase alone, as ``who`` says it ("knock" for You)."""
    return words.agree(str(subject or ""), phrase)


# The nouns the partials count (``{{ n|plural("card") }}``), each a whole translated phrase.
PLURALS = {
    "card": lambda n: ngettext("%(count)s card", "%(count)s cards", n),
    "trick": lambda n: ngettext("%(count)s trick", "%(count)s tricks", n),
    "move": lambda n: ngettext("%(count)s move", "%(count)s moves", n),
    "tarokk": lambda n: ngettext("%(count)s tarokk", "%(count)s tarokks", n),
    "tarok": lambda n: ngettext("%(count)s tarok", "%(count)s taroks", n),
    "talon card": lambda n: ngettext(  # untranslated: a key
        "%(count)s talon card", "%(count)s talon cards", n
    ),
    "radelc": lambda n: ngettext("%(count)s radelc", "%(count)s radelci", n),
    "point": lambda n: ngettext("%(count)s point", "%(count)s points", n),
    "round": lambda n: ngettext("%(count)s round", "%(count)s rounds", n),
    "hand": lambda n: ngettext("%(count)s hand", "%(count)s hands", n),
}


def plural(count: Any, noun: str) -> str:
    """``{{ n|plural("card") }}``: "1 card", "2 cards", in the viewer's language (the nouns
    of ``PLURALS``; a template should rather say its whole sentence with a plural message)."""
    try:
        n = int(count)
    except (TypeError, ValueError):
        return ""
    if noun not in PLURALS:
        message = f"No plural message for {noun!r}: add it to PLURALS"  # untranslated: for programmers
        raise ValueError(message)
    return PLURALS[noun](n) % {"count": n}


# How a hand or round ended (``HandResult.reason``, a match row's ``kind``, Bridge's
# ``ended_by``): keys the pages compare, worded here.
REASONS: dict[str, Any] = {
    Termination.PLAYED_OUT: pgettext_lazy("hand ended", "played out"),
    Termination.ALL_PASSED: pgettext_lazy("hand ended", "all passed"),
    Termination.FAILED_TRIAL_BID: pgettext_lazy("hand ended", "failed trial bid"),
    Termination.UNUSED_RADELCI: pgettext_lazy("hand ended", "unused radelci"),
    Termination.ENDED_EARLY: pgettext_lazy("hand ended", "ended early"),
    Termination.WENT_OUT: pgettext_lazy("hand ended", "went out"),
    Termination.BRIDGE: pgettext_lazy("hand ended", "Bridge"),
}


def reason_label(reason: Any) -> str:
    """A result's reason for reading: a key (``REASONS``) worded, a message said, other text
    (a hand stored before messages) as it is."""
    if reason is None:
        return ""
    if isinstance(reason, Msg):
        return str(reason)
    return str(REASONS.get(reason, reason))


TALON_EVENTS = {
    "take": pgettext_lazy("talon event", "took"),
    "offer": pgettext_lazy("talon event", "offered"),
    "accept": pgettext_lazy("talon event", "accepted"),
    "refuse": pgettext_lazy("talon event", "refused"),
}
KEPT_SETS = {
    "top": pgettext_lazy("kept talon", "the top three"),
    "bottom": pgettext_lazy("kept talon", "the bottom three"),
    "back": pgettext_lazy("kept talon", "the top three again, after rejecting both"),
}


def talon_event(event: str) -> str:
    """A Czech partner-game talon step: take, offer, accept, refuse (czech.md §5.1)."""
    return str(TALON_EVENTS.get(event, event))


def kept_set(kept: str) -> str:
    return str(KEPT_SETS.get(kept, kept))


def knock_style(style: str) -> str:
    return str(STYLE_NAMES.get(style, style))


def contract_label(contract: Any, variant: str | None = None) -> str:
    """A result's contract for reading, as a word in a sentence ("three", "klop"): the game's
    word for the stored key, a message said, other text as it is (``|capfirst`` to start a
    sentence with it)."""
    if contract is None or contract == "":
        return ""
    if isinstance(contract, Msg):
        return str(contract)
    if variant == "czech" and contract == PARTNER_GAME:
        return pgettext("contract", "Partner game")
    if variant == "czech" and contract == PREVER:
        return pgettext("phase", "Prever")
    if variant == "slovenian3":
        named = next((c.name for c in SLOVENIAN_CONTRACTS if c.name.english() == contract), None)
        return str(named) if named is not None else str(contract)
    if contract in CONTRACT_WORDS:
        return str(CONTRACT_WORDS[contract])
    return str(contract)


def czech_word(key: Any) -> str:
    """A Czech money card or contra level, stored as its key ("Tarocky", "rhea-contra"), in
    the reader's language."""
    if key in MONEY_NAMES:
        return str(MONEY_NAMES[key])
    if key in CONTRA_WORDS:
        return str(CONTRA_NAMES[CONTRA_WORDS.index(key)])
    return "" if key is None else str(key)
