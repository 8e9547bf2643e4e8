"""``manage.py update_catalogues``: gather every text the site shows into locale/*/django.po.

Django's ``makemessages`` reads the Python sources and the Django templates. The live partials
are Jinja2 templates (tarokk_site/jinja2.py), whose ``{{ _("...") }}`` calls and ``{% trans %}``
blocks Babel reads with Jinja2's own extractor (``jinja2.ext.babel_extract``, given the options
of the site's environment), and adds them to the template (.pot) that ``makemessages`` builds,
before it merges that into each language's catalogue: both kinds of message are merged alike.
The English catalogue is the message ids themselves (``msgen``); the others keep their
translations, and new or changed messages come in untranslated (tests/i18n fails until they
are done).

A developer's tool: Babel is a dev dependency (``bin/setup --dev``), and GNU gettext's programs
(msguniq, msgmerge, msgcat, msgen, msgattrib) must be installed.
"""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract
from babel.messages.pofile import write_po
from django.conf import settings
from django.core.management import BaseCommand, CommandError, call_command
from django.core.management.commands import makemessages
from django.template import engines
from jinja2 import Environment, TemplateSyntaxError
from jinja2.ext import GETTEXT_FUNCTIONS, babel_extract

JINJA2_TEMPLATES = Path(settings.BASE_DIR) / "templates" / "jinja2"
IGNORED = [".venv/*", "tests/*", "bench/*", "staticfiles/*", "templates/jinja2/*", "node_modules/*"]
# The functions a template's texts are written with, as Jinja2 knows them, with Babel's reading
# of their arguments (``pgettext``: the context, then the message).
KEYWORDS = {name: DEFAULT_KEYWORDS[name] for name in GETTEXT_FUNCTIONS}
# A message where it stands: (path from the project, line, text or (singular, plural), context).
Found = tuple[str, int, str | tuple[str, ...], str | None]


def extraction_options(env: Environment) -> dict[str, str]:
    """``babel_extract``'s options (strings, as in a Babel configuration) that parse a template
    as ``env`` does: its extensions, syntax and i18n policy; a template it cannot parse fails."""
    options = {
        "extensions": ",".join(env.extensions),
        "block_start_string": env.block_start_string,
        "block_end_string": env.block_end_string,
        "variable_start_string": env.variable_start_string,
        "variable_end_string": env.variable_end_string,
        "comment_start_string": env.comment_start_string,
        "comment_end_string": env.comment_end_string,
        "line_statement_prefix": env.line_statement_prefix,
        "line_comment_prefix": env.line_comment_prefix,
        "trim_blocks": env.trim_blocks,
        "lstrip_blocks": env.lstrip_blocks,
        "keep_trailing_newline": env.keep_trailing_newline,
        "trimmed": env.policies.get("ext.i18n.trimmed", False),
        "newstyle_gettext": getattr(env, "newstyle_gettext", False),
        "silent": False,
    }
    return {name: str(value) for name, value in options.items() if value is not None}


def jinja_messages(root: Path = JINJA2_TEMPLATES) -> Iterator[Found]:
    """Every message of the Jinja2 templates under ``root``, in the order of their files; a
    template that does not parse stops it with its name."""
    options = extraction_options(engines["jinja2"].env)  # type: ignore[attr-defined]  # Jinja2's backend
    for path in sorted(root.rglob("*.html")):
        where = path.relative_to(settings.BASE_DIR).as_posix()
        with path.open("rb") as source:
            try:
                found = list(extract(babel_extract, source, KEYWORDS, (), options))  # type: ignore[arg-type]
            except TemplateSyntaxError as exc:
                failed = f"{where}:{exc.lineno}: {exc.message}"  # untranslated: a developer's tool
                raise CommandError(failed) from exc
        for lineno, message, _comments, context in found:
            yield where, lineno, message, context


def add_jinja_messages(potfile: Path, root: Path = JINJA2_TEMPLATES) -> None:
    """The Jinja2 templates' messages added to the gettext template (.pot) at ``potfile`` by
    ``msgcat``: a message it has already gets the templates' places besides its own; a new one
    comes after the others. They are written under the template's own header (its first entry),
    which ``msgcat`` then finds the same in both."""
    catalog = Catalog()
    for where, lineno, message, context in jinja_messages(root):
        catalog.add(message, locations=[(where, lineno)], context=context)
    header = potfile.read_text(encoding="utf-8").split("\n\n", 1)[0]
    with tempfile.TemporaryDirectory() as scratch:
        jinja = Path(scratch) / "jinja2.pot"
        with jinja.open("wb") as out:
            out.write(f"{header}\n\n".encode())
            write_po(out, catalog, width=0, omit_header=True)
        subprocess.run(["msgcat", "-o", str(potfile), str(potfile), str(jinja)], check=True)


class _MakeMessages(makemessages.Command):
    # A new message comes in empty, never as a fuzzy guess from a similar one: the tests
    # (tests/i18n) then name it as missing, and no guess reaches a page.
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]

    def build_potfiles(self) -> list[str]:
        """makemessages' templates (of the Python sources and Django templates), each followed
        by the Jinja2 templates' messages: a message in both gets both places."""
        potfiles = super().build_potfiles()
        for potfile in potfiles:
            add_jinja_messages(Path(potfile))
        return potfiles


class Command(BaseCommand):
    help = "Gather the site's messages into locale/<language>/LC_MESSAGES/django.po"

    def handle(self, *args, **options) -> None:
        call_command(
            _MakeMessages(),
            locale=[code for code, _name in settings.LANGUAGES],
            ignore_patterns=IGNORED,
            no_obsolete=True,
            add_location="file",
            verbosity=0,
        )
        english = Path(settings.BASE_DIR) / "locale" / "en" / "LC_MESSAGES" / "django.po"
        subprocess.run(["msgen", "--no-wrap", "-o", str(english), str(english)], check=True)
        subprocess.run(
            ["msgattrib", "--clear-fuzzy", "--no-wrap", "-o", str(english), str(english)], check=True
        )
        self.stdout.write("Catalogues updated: " + ", ".join(code for code, _name in settings.LANGUAGES))
