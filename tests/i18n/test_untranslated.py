"""No text a player reads is outside the translation functions (tests/i18n/untranslated.py)."""

from __future__ import annotations

import textwrap

import pytest

from tests.i18n import untranslated

# The catalogues against the sources: nothing of the stack, so the embedded phase only.
pytestmark = pytest.mark.catalogues


def test_no_template_python_source_or_script_holds_untranslated_text():
    found = list(untranslated.findings())
    assert not found, f"{len(found)} untranslated texts, e.g.:\n" + "\n".join(found[:30])


def test_the_check_finds_text_in_python_outside_the_translation_functions(tmp_path):
    source = tmp_path / "view.py"
    source.write_text(
        textwrap.dedent(
            '''
            """A docstring is not shown."""
            from django.utils.translation import gettext as _
            logger.info("Robot moved at table %s", 1)
            ok = _("You must follow suit")
            css = "card gone"  # untranslated: a CSS class list
            shown = "You must follow suit"
            word = "Pass"
            joined = f"{seat} plays {card}"
            '''
        )
    )
    found = [text for _line, text in untranslated.python_findings(source)]
    assert found == ["You must follow suit", "Pass", "X plays X"]


def test_the_check_finds_text_in_templates_and_attributes(tmp_path):
    template = tmp_path / "page.html"
    template.write_text(
        '{% load i18n %}<h1>{% translate "My games" %}</h1>\n'
        '<button title="Copy the link">{{ _("Copy") }}</button>\n'
        "<p>Your turn</p>{# a comment is not shown #}\n"
        "{% blocktranslate %}Dealer: {{ name }}{% endblocktranslate %}\n"
        '{% include "x.html" with title="Chat" %}\n'
    )
    found = [text for _line, text in untranslated.template_findings(template)]
    assert 'title="Copy the link"' in found and "Your turn" in found and "Chat" in found
    assert not any("My games" in text or "Dealer" in text or "comment" in text for text in found)
