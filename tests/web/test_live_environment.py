"""The live partials' Jinja2 environment (tarokk_site/jinja2.py) keeps each template's globals
in one dict: the environment's, overlaid by the template's own, without changing the
environment's or another template's."""

from __future__ import annotations

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
    viewer's), read once a render; without one, in the active language."""
    from django.utils import translation

    template = engines["jinja2"].env.from_string("{{ 'T21'|card_html }}{{ 'HK'|card_html }}")
    with translation.override("hu"):
        hungarian = template.render(variant_key="hungarian")
    with translation.override("en"):
        english = template.render(variant_key="hungarian")
        assert template.render(variant_key="hungarian", language="hu") == hungarian != english
    assert 'data-card="T21"' in hungarian
