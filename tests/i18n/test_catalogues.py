"""The four catalogues are complete: every message the site's sources and templates hold is in
each, translated (every plural form the language has), never fuzzy, and well-formed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from tests.i18n.catalogues import LANGUAGES, PLURAL_FORMS, ROOT, catalogue_path, header, messages

# The catalogues against the sources: nothing of the stack, so the embedded phase only.
pytestmark = pytest.mark.catalogues

SOURCES = ("manage.py", "tarokk_site", "games", "accounts", "templates", "locale")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> dict[str, set]:
    """The messages of today's sources, gathered by ``manage.py update_catalogues`` run on a
    copy of the project (so the committed catalogues are compared, not rewritten)."""
    copy = tmp_path_factory.mktemp("project")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo")
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, copy / name, ignore=ignore)
        else:
            shutil.copy(source, copy / name)
    env = {**os.environ, "PYTHONPATH": str(copy)}
    subprocess.run(
        [sys.executable, "manage.py", "update_catalogues"], cwd=copy, env=env, check=True, capture_output=True
    )
    return {code: {e.key for e in messages(code, copy)} for code in LANGUAGES}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_catalogue_holds_every_message_of_the_sources_and_no_other(code, extracted):
    committed = {e.key for e in messages(code)}
    missing = sorted(extracted[code] - committed, key=str)
    stale = sorted(committed - extracted[code], key=str)
    assert not missing, (
        f"{len(missing)} messages missing from {code} (manage.py update_catalogues): {missing[:5]}"
    )
    assert not stale, f"{len(stale)} messages of {code} no longer in the sources: {stale[:5]}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated_in_every_plural_form_and_none_is_fuzzy(code):
    forms = PLURAL_FORMS[code]
    assert f"nplurals={forms};" in header(code)["Plural-Forms"].replace(" ", "")
    assert header(code)["Language"] == code
    entries = messages(code)
    assert entries
    fuzzy = [e.msgid for e in entries if "fuzzy" in e.flags]
    assert not fuzzy, f"fuzzy in {code}: {fuzzy[:5]}"
    for entry in entries:
        wanted = range(forms) if entry.plural is not None else range(1)
        empty = [n for n in wanted if not entry.msgstr.get(n, "").strip()]
        assert not empty, f"{code}: {entry.msgid!r} has no translation (form {empty})"


@pytest.mark.parametrize("code", LANGUAGES)
def test_msgfmt_accepts_the_catalogue_with_its_placeholders(code):
    """``msgfmt --check``: the header, plural forms, and the same %(name)s / {name}
    placeholders in every translation as in its message."""
    if shutil.which("msgfmt") is None:  # bin/setup installs gettext
        pytest.fail("msgfmt is missing: run bin/setup")
    result = subprocess.run(
        ["msgfmt", "--check", "-o", os.devnull, str(catalogue_path(code))], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr[-2000:]


def test_a_missing_or_fuzzy_message_is_caught(tmp_path):
    """The checks above can fail: an entry left untranslated, or fuzzy, is seen."""
    from tests.i18n.catalogues import read

    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: hu\\n"\n\n'
        '#, fuzzy\nmsgid "Your turn"\nmsgstr "Te jössz"\n\n'
        'msgid "{count} card"\nmsgid_plural "{count} cards"\nmsgstr[0] "{count} lap"\nmsgstr[1] ""\n',
        encoding="utf-8",
    )
    entries = read(po)
    assert "fuzzy" in entries[1].flags
    assert entries[2].plural == "{count} cards" and entries[2].msgstr == {0: "{count} lap", 1: ""}
