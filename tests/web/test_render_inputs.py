"""The digests of what a template reads (games.page.render_inputs): equal inputs, equal digests;
inputs a template could show differently, different digests; whether they go through marshal
whole, are taken apart around a rules message inside them, or hold something opaque."""

from __future__ import annotations

from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from games.page.render_inputs import inputs_digest
from games.rules.words import Msg


def digest(*inputs):
    return inputs_digest(*inputs, language="en")


def test_equal_inputs_have_equal_digests_by_either_way():
    plain = [("phase", True, "play"), ("tricks", True, [[1, 2], [3, 4]])]
    assert digest(plain) == digest([("phase", True, "play"), ("tricks", True, [[1, 2], [3, 4]])])
    # A message among plain data: the plain parts by marshal, the message by what it says.
    mixed = [("phase", True, "play"), ("contract", True, Msg("three")), ("tricks", True, [[1, 2]])]
    again = [("phase", True, "play"), ("contract", True, Msg("three")), ("tricks", True, [[1, 2]])]
    assert digest(mixed) == digest(again) is not None


def test_inputs_a_template_shows_differently_have_different_digests():
    base = [("phase", True, "play"), ("contract", True, Msg("three")), ("tricks", True, [[1, 2]])]
    others = [
        [("phase", True, "play"), ("contract", True, Msg("two")), ("tricks", True, [[1, 2]])],
        [("phase", True, "play"), ("contract", True, Msg("three")), ("tricks", True, [[2, 1]])],
        [("phase", True, "over"), ("contract", True, Msg("three")), ("tricks", True, [[1, 2]])],
        [("phase", True, "play"), ("contract", True, Msg("three")), ("tricks", True, ((1, 2),))],
        [("phase", True, "play"), ("contract", True, "three"), ("tricks", True, [[1, 2]])],
        [("phase", True, "play"), ("contract", False, Msg("three")), ("tricks", True, [[1, 2]])],
        [("phase", True, "play"), ("contract", True, Msg("three", {"n": 1})), ("tricks", True, [[1, 2]])],
    ]
    digests = {digest(base)} | {digest(other) for other in others}
    assert len(digests) == 1 + len(others) and None not in digests
    # Safe text is not plain text, a lazy text is said in the language, a language is its own.
    assert digest(mark_safe("<b>")) != digest("<b>")
    assert digest(gettext_lazy("Log")) != digest("Log")
    assert inputs_digest([Msg("three")], language="en") != inputs_digest([Msg("three")], language="hu")
    assert digest({"a": 1, "b": 2}) != digest({"b": 2, "a": 1})  # a template may loop in order


def test_an_opaque_input_has_no_digest():
    assert digest([1, object()]) is None
