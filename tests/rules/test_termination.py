"""How a hand ended is a ``Termination`` (a str enum whose values are the texts stored before
it), kept apart from the words that say more (an annulment's): stored results read the same."""

from __future__ import annotations

import json

from games.rules import HandResult, Termination
from games.rules.words import _


def test_a_termination_is_stored_as_the_text_it_always_was():
    result = HandResult(thrown_in=True, payments=(0, 0, 0, 0), reason=Termination.ALL_PASSED)
    data = result.to_json()
    assert data["reason"] == "all passed" and type(data["reason"]) is str
    assert json.dumps(data["reason"]) == '"all passed"'
    again = HandResult.from_json(json.loads(json.dumps(data)))
    assert again.reason is Termination.ALL_PASSED
    assert (again.termination, again.words) == (Termination.ALL_PASSED, None)
    assert again == result


def test_an_annulment_keeps_its_words_apart_from_its_termination():
    words = _("annulled by seat {number}: {condition}", number=2, condition="four kings")
    result = HandResult(thrown_in=True, payments=(0, 0, 0, 0), reason=words)
    assert (result.termination, result.words) == (Termination.ANNULLED, words)
    assert HandResult.from_json(result.to_json()).words == words


def test_text_stored_before_terminations_reads_back_as_it_was():
    stored = HandResult(thrown_in=True, payments=(0, 0, 0, 0), reason="annulled by seat 2").to_json()
    again = HandResult.from_json(stored)
    assert (again.reason, again.termination, again.words) == ("annulled by seat 2", None, None)


def test_every_value_is_a_text_some_page_or_stored_hand_compares():
    assert {t.value for t in Termination} == {
        "played out",
        "ended early",
        "all passed",
        "annulled",
        "failed trial bid",
        "went out",
        "Bridge",
        "unused radelci",
    }
