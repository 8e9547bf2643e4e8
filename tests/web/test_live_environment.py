"""The live partials' Jinja2 environment (tarokk_site/jinja2.py) keeps each template's globals
in one dict: the environment's, overlaid by the template's own, without changing the
environment's or another template's."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.template import engines


def test_a_templates_globals_are_one_dict_overlaying_the_environments():
    env = engines["jinja2"].env
    text = "{{ x }}|{{ icon is defined }}|{{ _('Pass') }}"
    own = env.from_string(text, globals={"x": "mine", "icon": "over"})
    other = env.from_string("{{ x is defined }}|{{ icon is defined }}")
    assert type(own.globals) is dict  # a ChainMap is copied in Python at every render
    assert own.render() == "mine|True|Pass"
    assert own.globals["icon"] == "over" and env.globals["icon"] is not own.globals["icon"]
    assert other.render() == "False|True" and "x" not in env.globals


def test_a_macro_imported_by_a_partial_sees_the_environments_globals():
    env = engines["jinja2"].env
    template = env.from_string(
        '{% from "live/_fact.html" import fact %}'
        '{% call fact("k", _("Contract"), "", false) %}{{ icon("pass") is string }}{% endcall %}'
    )
    assert template.render() == '<div class="" id="k"><h2>Contract</h2>True</div>'


def test_a_partial_names_its_cards_in_its_contexts_language():
    """The live partials name cards in their context's ``language`` (room_context's, the
    viewer's), read once a render; without one, in the active one. A card first named in a
    language other than the active one is named in it too (and so kept for later renders)."""
    from django.utils import translation

    from games.page.cards import _card_html

    _card_html.cache_clear()
    template = engines["jinja2"].env.from_string("{{ 'T21'|card_html }}{{ 'HK'|card_html }}")
    with translation.override("en"):
        told = template.render(variant_key="hungarian", language="hu")
    with translation.override("hu"):
        hungarian = template.render(variant_key="hungarian")
    with translation.override("en"):
        english = template.render(variant_key="hungarian")
        assert template.render(variant_key="hungarian", language="hu") == hungarian != english
    assert told == hungarian
    assert 'data-card="T21"' in hungarian


# --- the texts in the viewer's language (tarokk_site.jinja2.in_active_language) ---------------


def _contexts_of_a_hand(variant: str, seed: int) -> list[dict]:
    """room_context after every move of a hand played at random by a person and robots, for the
    person and for the audience (each with the parts a push gives the partials)."""
    import random

    from django.contrib.auth.models import AnonymousUser

    from games import services
    from games.page.context import room_context
    from games.page.table import load_table
    from games.rules import get_variant
    from games.services import replay
    from tests.factories import UserFactory

    person = UserFactory()
    rules = get_variant(variant)
    room = services.create_room(person, variant, robots=rules.seat_count({}) - 1)
    rng = random.Random(seed)
    contexts = []
    hand = room.current_hand()
    while True:
        table = load_table(room)
        for user in (person, AnonymousUser()):
            context = room_context(table.room, user, table)
            context["seat_items"] = []
            contexts.append(context)
        if hand.is_over:
            return contexts
        state = replay.current(hand)
        seat = min(rules.to_act(state))
        action = rng.choice(rules.legal_actions(state, seat))
        services.submit_action(hand.pk, seat, action, hand.seq, actor=person if seat == 0 else None)
        hand = room.current_hand()


LIVE_TEMPLATES = (
    "status",
    "seats",
    "board",
    "hand",
    "controls",
    "result",
    "review",
    "scoreboard",
    "log",
    "guide",
    "_facts_settled",
    "_facts_tricks",
    "_facts_after",
    "_table_facts",
    "_announcements",
)


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["hungarian", "czech", "slovenian3", "bridge"])
def test_the_partials_say_in_every_language_what_djangos_translations_say(variant):
    """Rendered in a language's environment, its texts translated when each template is
    compiled and the rest by the functions bound to it, every live partial (and every part of
    one) at every move of a hand, for a player and for the audience, is what the environment
    Django's backend makes renders with Django's own translation functions; and the same with
    no language active (``deactivate_all``: the base environment, the bound functions)."""
    from django.utils import translation

    from games.page.live_templates import render_live_template
    from tarokk_site import jinja2 as live

    for attempt in range(6):  # a random deal that everybody passed has no play: another one
        contexts = _contexts_of_a_hand(variant, seed=len(variant) + attempt)
        if "play" in {c["view"]["phase"] for c in contexts if c["view"]}:
            break
    assert {"play", "over"} <= {c["view"]["phase"] for c in contexts if c["view"]}
    base = engines["jinja2"].env
    compared = 0
    for language in [code for code, _name in settings.LANGUAGES] + [None]:
        with translation.override(language):  # None: deactivate_all
            env, said = live.in_active_language(base)
            assert (env is not base) == (language is not None) and said["_"]("Pass")
            for context in contexts:
                for pos, row in enumerate(context["seat_rows"]):
                    seat = {**context, "s": row, "pos": pos}
                    ours = render_live_template("_seat.html", seat)
                    assert ours == base.get_template("live/_seat.html").render(seat), language
                    context["seat_items"].append(ours)
                for name in LIVE_TEMPLATES:
                    ours = render_live_template(f"{name}.html", context)
                    theirs = base.get_template(f"live/{name}.html").render(context)
                    assert ours == theirs, (language, name)
                    compared += 1
                context["seat_items"] = []
    assert compared == len(contexts) * len(LIVE_TEMPLATES) * (len(settings.LANGUAGES) + 1)


def test_a_languages_environment_compiles_its_texts_translated():
    """In a language's environment ``_("...")``, ``pgettext`` and a ``{% trans %}`` block
    without a count are constants of the compiled template (nothing asked for at a render),
    escaped as at a render; texts with a count or a variable are still translated at the
    render, by the functions bound to the language."""
    from django.utils import translation

    from tarokk_site import jinja2 as live

    source = (
        '{{ _("Contract") }}|{{ pgettext("badge", "dealer") }}|{% trans %}I\'m back{% endtrans %}|'
        "{% trans count=n %}{{ count }} card{% pluralize %}{{ count }} cards{% endtrans %}|{{ _(word) }}"
    )
    with translation.override("hu"):
        env, said = live.in_active_language(engines["jinja2"].env)
        code = env.compile(source, raw=True)
        assert "Játék" in code and "Contract" not in code and "dealer" not in code
        assert "card" in code  # plural: asked for at the render
        hungarian = env.from_string(source).render(n=3, word="Contract", **said)
        assert hungarian == engines["jinja2"].env.from_string(source).render(n=3, word="Contract")
        assert hungarian.startswith("Játék|osztó|") and hungarian.endswith("|Játék")
    with translation.override("en"):
        english = (
            live.in_active_language(engines["jinja2"].env)[0].from_string(source).render(n=1, word="Contract")
        )
        assert english == "Contract|dealer|I'm back|1 card|Contract"  # a block is marked safe, as at a render
