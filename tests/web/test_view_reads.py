"""games.page.view_reads: the keys of the view a live template reads, found in its source."""

from __future__ import annotations

import pytest
from jinja2 import DictLoader

from games.page import view_reads


@pytest.fixture
def templates(monkeypatch):
    """Templates of our own under ``live/``, parsed by the site's Jinja2 environment."""
    from django.template import engines

    env = engines["jinja2"].env
    sources: dict[str, str] = {}
    monkeypatch.setattr(env, "loader", DictLoader(sources))
    view_reads.view_keys.cache_clear()
    yield sources
    view_reads.view_keys.cache_clear()


def test_keys_read_as_attributes_items_and_membership_are_found_with_those_of_includes(templates):
    templates["live/a.html"] = (
        '{% if view %}{{ view.phase }}{{ view["items"] }}{% if "sitter" in view %}x{% endif %}{% endif %}'
        '{% include "live/b.html" %}{% from "live/c.html" import m %}{{ m() }}'
    )
    templates["live/b.html"] = "{% for t in view.tricks %}{{ t.winner }}{% endfor %}{{ 1 if view else 2 }}"
    templates["live/c.html"] = "{% macro m() %}{{ view.contract|upper }}{% endmacro %}"
    assert view_reads.view_keys("a.html") == ("contract", "items", "phase", "sitter", "tricks")


@pytest.mark.parametrize(
    "source",
    [
        "{{ view|tojson }}",  # given whole to a filter
        "{% set v = view %}{{ v.phase }}",  # under another name
        "{{ view[name] }}",  # a key known only when rendering
        "{% include name %}",  # a template known only when rendering
        "{% if view is mapping %}x{% endif %}",
    ],
)
def test_a_template_that_could_read_any_key_reads_the_whole_view(templates, source):
    templates["live/a.html"] = source
    assert view_reads.view_keys("a.html") is None


def test_a_part_tells_apart_a_missing_key_from_none_and_ignores_the_keys_not_read():
    keys = ("phase", "sitter")
    part = view_reads.view_part({"phase": "play", "trick": [1]}, keys)
    assert part == view_reads.view_part({"phase": "play", "trick": [2]}, keys)
    assert part != view_reads.view_part({"phase": "play", "sitter": None}, keys)
    assert part != view_reads.view_part({"phase": "over"}, keys)
    assert view_reads.view_part({"phase": "play"}, None) == {"phase": "play"}
