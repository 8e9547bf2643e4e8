"""``/learn/``: the four games; ``/learn/<game>/``: one game's rules, for players;
``/learn/robots/``: the robot levels and how strong each measured."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import cardfaces
from games.page.live_templates import render_live_template
from games.rules import VARIANTS

from .examples import WorkedExample, examples_for
from .options import option_entries
from .robots import ladder

# The pack each game plays with (games.cardfaces.PACKS).
PACK_OF = {"hungarian": 0, "czech": 1, "slovenian3": 1, "bridge": 2}

# The page's sections in order, its table of contents: (anchor, title). The game's template
# writes the prose sections; the layout writes the pack, the examples, the options.
TAROT_SECTIONS = (
    ("pack", gettext_lazy("The pack")),
    ("deal", gettext_lazy("The deal")),
    ("bidding", gettext_lazy("The auction")),
    ("talon", gettext_lazy("The talon")),
    ("play", gettext_lazy("Play")),
    ("scoring", gettext_lazy("Scoring")),
    ("examples", gettext_lazy("Worked examples")),
    ("options", gettext_lazy("Table options")),
    ("glossary", gettext_lazy("Glossary")),
)
SECTIONS = {
    "hungarian": TAROT_SECTIONS,
    "czech": tuple(
        (key, gettext_lazy("Prever or partner game") if key == "bidding" else title)
        for key, title in TAROT_SECTIONS
    ),
    "slovenian3": TAROT_SECTIONS,
    "bridge": (
        ("pack", gettext_lazy("The pack")),
        ("deal", gettext_lazy("The deal")),
        ("play", gettext_lazy("Play")),
        ("special-cards", gettext_lazy("Special cards")),
        ("scoring", gettext_lazy("Scoring")),
        ("examples", gettext_lazy("Worked examples")),
        ("options", gettext_lazy("Table options")),
        ("glossary", gettext_lazy("Glossary")),
    ),
}


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "learn/index.html", {"variants": list(VARIANTS.values())})


def robots_page(request: HttpRequest) -> HttpResponse:
    """The robot levels of each game: what each does and how strong it measured."""
    return render(request, "learn/robots.html", {"games": [ladder(key) for key in VARIANTS]})


def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    variant = VARIANTS.get(game)
    if variant is None:
        raise Http404(_("There is no game called “%(game)s”.") % {"game": game})
    context = {
        "variant": variant,
        "game": game,
        "sections": SECTIONS[game],
        "pack": cardfaces.PACKS[PACK_OF[game]],
        "examples": [example_context(game, e) for e in examples_for(game)],
        "options": option_entries(game),
    }
    return render(request, f"learn/{game}.html", context)


def example_context(game: str, example: WorkedExample) -> dict[str, Any]:
    """An example as the page shows it: the story, the receipt the table would show for that
    result (Bridge has its own round table), and what each player wins or pays."""
    result = example.result
    seat_rows = [{"index": i, "label": name, "is_me": False} for i, name in enumerate(example.seats)]
    receipt = ""
    if game != "bridge":
        receipt = render_live_template(
            "_receipt.html",
            {
                "r": result.view(),
                "zero_sum": example.zero_sum,
                "seat_rows": seat_rows,
                "variant_key": game,
                "receipt_label": _("Receipt: %(title)s") % {"title": example.title},
            },
        )
    return {
        "example": example,
        "receipt": receipt,
        "lines": [(example.seats[item.seat] if item.seat is not None else "", item) for item in result.items],
        "payments": list(zip(example.seats, result.payments, strict=True)),
    }
