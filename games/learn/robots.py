"""The robot levels as players read them where they pick one (the lobby's and the tournament's
forms, the table's seat menu) and on ``/learn/robots/``: what each level does and how strong it
measured (games.bots.ladder), in the page's language."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.bots.appraisal.scores import UNITS
from games.bots.ladder import LADDER, MACH, OPENSPIEL, Measure, below, outside
from games.models import ROBOT_LEVEL_NAMES
from games.page.amounts import amount, quantity
from games.rules import VARIANTS
from games.rules.base import resolve_options

# What each level does, in a line (the same for every game).
DOES = {
    "random": gettext_lazy("Plays any legal card or call, at random: for learning the rules."),
    "basic": gettext_lazy("Plays by sound rules of thumb, for every decision, at once."),
    "strong": gettext_lazy(
        "Searches: deals the cards it cannot see in many ways that fit what it has seen, and plays"
        " each choice out; it thinks up to a second."
    ),
}

# Whom a figure is measured against, as its sentence opens (a level below, or another site's robot).
AGAINST = {
    "random": gettext_lazy("Against random:"),
    "basic": gettext_lazy("Against basic:"),
    MACH: gettext_lazy("Against machtarok.com’s robot:"),
    OPENSPIEL: gettext_lazy("Against OpenSpiel’s robot, which sees every card:"),
}


def measured(measure: Measure, variant_key: str) -> str:
    """ "Against basic: +0.6 chips a hand (± 0.1; 480 deals in duplicate)." and the like: the
    level's gain a hand at one seat in the game's unit, with its sign (Bridge counts penalty
    points, so a level that takes fewer shows a minus)."""
    unit = UNITS[variant_key]
    variant = VARIANTS[variant_key]
    lowest_wins = variant.match_rules(resolve_options(variant.options, {})).lowest_wins
    gain = -measure.margin if lowest_wins else measure.margin
    count = formats.number_format(measure.deals, force_grouping=True)
    if measure.cards_only:
        deals = ngettext(
            "card play only, %(deals)s deal", "card play only, %(deals)s deals", measure.deals
        ) % {"deals": count}
    else:
        deals = ngettext("%(deals)s deal in duplicate", "%(deals)s deals in duplicate", measure.deals) % {
            "deals": count
        }
    if measure.players is not None:  # a game played at several table sizes: at which
        players = ngettext("%(count)s player", "%(count)s players", measure.players) % {
            "count": measure.players
        }
        deals = _("%(players)s, %(deals)s") % {"players": players, "deals": deals}
    how = _("± %(se)s; %(deals)s") % {"se": amount(measure.se), "deals": deals}
    return _("%(against)s %(gain)s a hand (%(how)s).") % {
        "against": AGAINST[measure.rival],
        "gain": quantity(gain, unit, signed=True),
        "how": how,
    }


def level_note(variant_key: str, level: str) -> str:
    """What the lobby says under the chosen level for the chosen game: what it does and how it
    measured against the level below (and another site's robot, where it was)."""
    parts = [str(DOES[level])]
    for measure in (below(variant_key, level), outside(variant_key, level)):
        if measure is not None:
            parts.append(measured(measure, variant_key))
    return " ".join(parts)


def level_notes(levels: list[str], chosen: str) -> list[dict[str, Any]]:
    """Every (game, level) note of ``levels`` for a form whose level ``chosen`` is chosen at
    first: the page's script shows the one of the chosen game and level; without it, the first
    game's note of ``chosen`` shows (``shown``)."""
    first = next(iter(VARIANTS))
    return [
        {
            "variant": key,
            "level": level,
            "text": level_note(key, level),
            "shown": key == first and level == chosen,
        }
        for key in VARIANTS
        for level in levels
    ]


@dataclass(frozen=True)
class LadderRow:
    level: str
    name: str
    does: str
    figures: list[str]


def ladder(variant_key: str) -> dict[str, Any]:
    """One game's section of ``/learn/robots/``: a row a level (weakest first), with every
    figure measured for it, and the dates of the runs."""
    measures = LADDER.get(variant_key, ())
    rows = []
    for level in ("random", "basic", "strong"):
        figures = [measured(measure, variant_key) for measure in measures if measure.level == level]
        rows.append(LadderRow(level, str(ROBOT_LEVEL_NAMES[level]), str(DOES[level]), figures))
    dates = sorted({m.measured for m in measures})
    return {
        "variant": VARIANTS[variant_key],
        "rows": rows,
        "dates": [formats.date_format(date.fromisoformat(d), "DATE_FORMAT") for d in dates],
    }
