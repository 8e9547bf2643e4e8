"""``manage.py update_catalogues`` reads the Jinja2 partials' messages with Babel and Jinja2's
own extractor (games/management/commands/update_catalogues.py), as the site's environment
parses them, and adds them to makemessages' template with their own templates' places."""

from __future__ import annotations

import shutil

import pytest
from django.core.management import CommandError

from games.management.commands import update_catalogues
from tests.i18n.catalogues import read

# The catalogues against the sources: nothing of the stack, so the embedded phase only.
pytestmark = pytest.mark.catalogues

TEMPLATE = """\
<p>{{ _("Your turn") }}</p>
<p>{{ pgettext("bridge phase", "J points") }}</p>
{% trans count=cards|length %}{{ count }} card{% pluralize %}{{ count }} cards{% endtrans %}
<p>{{ _(said) }}</p>
{% trans %}Hand {{ number }}{% endtrans %}
"""

# xgettext's header, as makemessages' template has it.
HEADER = (
    '# SOME DESCRIPTIVE TITLE.\n#, fuzzy\nmsgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"\n'
)


@pytest.fixture
def project(tmp_path, settings):
    settings.BASE_DIR = tmp_path
    live = tmp_path / "templates" / "jinja2" / "live"
    live.mkdir(parents=True)
    (live / "status.html").write_text(TEMPLATE, encoding="utf-8")
    return tmp_path


def test_the_messages_of_a_template_are_found_with_their_context_plural_and_line(project):
    found = list(update_catalogues.jinja_messages(project / "templates" / "jinja2"))
    where = "templates/jinja2/live/status.html"
    assert found == [
        (where, 1, "Your turn", None),
        (where, 2, "J points", "bridge phase"),
        (where, 3, ("%(count)s card", "%(count)s cards"), None),
        (where, 5, "Hand %(number)s", None),
    ]


def test_a_template_that_does_not_parse_is_named(project):
    (project / "templates" / "jinja2" / "live" / "broken.html").write_text(
        "<p>\n{% trans %}Hand {{ number }}\n", encoding="utf-8"
    )
    with pytest.raises(CommandError, match=r"^templates/jinja2/live/broken\.html:\d+: "):
        list(update_catalogues.jinja_messages(project / "templates" / "jinja2"))


@pytest.mark.skipif(shutil.which("msgcat") is None, reason="GNU gettext is missing: run bin/setup")
def test_the_messages_join_makemessages_template_each_once_with_every_place(project):
    pot = project / "django.pot"
    pot.write_text(
        f'{HEADER}\n#: games/views.py:3\nmsgid "Your turn"\nmsgstr ""\n\n'
        '#: games/pages.py:9\n#, python-format\nmsgid "seat %(seat)s"\nmsgstr ""\n',
        encoding="utf-8",
    )
    update_catalogues.add_jinja_messages(pot, project / "templates" / "jinja2")
    text = pot.read_text(encoding="utf-8")
    assert text.startswith(HEADER) and "#-#-#" not in text  # the template's header, unmerged
    entries = {entry.key: entry for entry in read(pot)[1:]}
    assert list(entries) == [
        (None, "Your turn", None),
        (None, "seat %(seat)s", None),
        ("bridge phase", "J points", None),
        (None, "%(count)s card", "%(count)s cards"),
        (None, "Hand %(number)s", None),
    ]
    assert "python-format" in entries[(None, "Hand %(number)s", None)].flags
    assert "#: games/views.py:3 templates/jinja2/live/status.html:1\n" in text
    assert "#: templates/jinja2/live/status.html:3\n" in text
