"""The committed catalogues (locale/<code>/LC_MESSAGES/django.po), read without a library, and
the English words a page in another language must not show (tests/i18n, tests/browser)."""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "hu", "cs", "sl")
PLURAL_FORMS = {"en": 2, "hu": 2, "cs": 3, "sl": 4}


def catalogue_path(code: str, root: Path = ROOT) -> Path:
    return root / "locale" / code / "LC_MESSAGES" / "django.po"


@dataclass
class Entry:
    context: str | None = None
    msgid: str = ""
    plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        return (self.context, self.msgid, self.plural)


def _string(line: str) -> str:
    return ast.literal_eval(line)


def read(path: Path) -> list[Entry]:
    """Every entry of a .po file, the header (msgid "") first."""
    entries: list[Entry] = []
    entry = Entry()
    target: tuple[str, int | None] | None = None
    started = False

    def finish() -> None:
        nonlocal entry, started
        if started:
            entries.append(entry)
        entry, started = Entry(), False

    for raw in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if not line:
            finish()
            target = None
            continue
        if line.startswith("#~"):
            entry.obsolete = started = True
            continue
        if line.startswith("#,"):
            entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            continue
        if line.startswith("#"):
            continue
        match = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")$", line)
        if match:
            keyword, index, text = match.group(1), match.group(2), _string(match.group(3))
            if keyword == "msgid" and started and entry.msgstr:
                finish()
            started = True
            if keyword == "msgctxt":
                entry.context, target = text, ("context", None)
            elif keyword == "msgid":
                entry.msgid, target = text, ("msgid", None)
            elif keyword == "msgid_plural":
                entry.plural, target = text, ("plural", None)
            else:
                number = int(index) if index is not None else 0
                entry.msgstr[number] = text
                target = ("msgstr", number)
            continue
        if line.startswith('"') and target is not None:
            text = _string(line)
            name, number = target
            if name == "context":
                entry.context = (entry.context or "") + text
            elif name == "msgid":
                entry.msgid += text
            elif name == "plural":
                entry.plural = (entry.plural or "") + text
            else:
                entry.msgstr[number] += text
    return entries


def messages(code: str, root: Path = ROOT) -> list[Entry]:
    """The catalogue's messages (not its header, not obsolete entries)."""
    return [e for e in read(catalogue_path(code, root)) if e.msgid and not e.obsolete]


def header(code: str, root: Path = ROOT) -> dict[str, str]:
    first = read(catalogue_path(code, root))[0]
    assert first.msgid == "", "a catalogue starts with its header"
    lines = [line.split(":", 1) for line in first.msgstr.get(0, "").splitlines() if ":" in line]
    return {name.strip(): value.strip() for name, value in lines}


# --- English words on a page in another language -------------------------------------------

# A whole word: letters with no letter or digit beside them (a table's code such as "add6qz" is
# not the word "add").
WORD = re.compile(r"(?<![0-9A-Za-zÀ-ž])[A-Za-zÀ-ž]{3,}(?![0-9A-Za-zÀ-ž])")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|\{[a-z_]*\}|<[^>]*>")


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", unescape(text)))}


EXAMPLE_NAMES = {"anna", "bela", "cili"}


@functools.cache
def english_only_words(code: str) -> frozenset[str]:
    """Words of the English messages that the language's catalogue never uses: seeing one on a
    page in ``code`` means English leaked through (a name is not a message, and is not here)."""
    english: set[str] = set()
    native: set[str] = set()
    for entry in messages(code):
        english |= _words(entry.msgid) | _words(entry.plural or "")
        for text in entry.msgstr.values():
            native |= _words(text)
    # The players of the rules pages' worked examples are names, not words (games/learn).
    return frozenset(english - native - EXAMPLE_NAMES)


def english_on_page(text: str, code: str, names: set[str] = frozenset()) -> set[str]:
    """The English-only words in a page's visible ``text`` (minus the players' ``names``)."""
    allowed = {n.lower() for name in names for n in WORD.findall(name)}
    return (_words(text) & english_only_words(code)) - allowed


def readable_text(html: str) -> str:
    """What a person reads of an HTML fragment: its text, and the titles, labels, placeholders
    and alternative texts of its elements (not its markup, classes or data)."""
    from html.parser import HTMLParser

    parts: list[str] = []

    class Reader(HTMLParser):
        skip = 0

        def handle_starttag(self, tag, attrs):
            if tag in ("script", "style", "template"):
                self.skip += 1
            parts.extend(v for k, v in attrs if k in ("title", "aria-label", "placeholder", "alt") and v)

        def handle_endtag(self, tag):
            if tag in ("script", "style", "template"):
                self.skip = max(0, self.skip - 1)

        def handle_data(self, data):
            if not self.skip:
                parts.append(data)

    Reader(convert_charrefs=True).feed(html)
    return "\n".join(parts)
