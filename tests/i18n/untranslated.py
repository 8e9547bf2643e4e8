"""Find text a player would read that is not inside a translation function (issue 17).

Used by tests/i18n/test_untranslated.py, and by hand: ``python -m tests.i18n.untranslated``
lists every finding as ``path:line: text``.

What counts as text: a string with two words ("You must", "X plays X" for an f-string), or a
whole string that is one capitalised word ("Pass", "Dealer:"), after markup is taken out.
What is exempt:
- Python: docstrings; the arguments of the translation functions (Django's, and the rules
  core's ``_``/``ngettext``/``pgettext`` of games.rules.words); logging calls; a line (or any
  line of a multi-line string) marked ``# untranslated: <why>`` (a CSS class list, a header).
- Templates: a line marked ``{# untranslated: <why> #}``; what ``{% translate %}``,
  ``{% blocktranslate %}``, Jinja2's ``{% trans %}`` and
  ``_()``/``gettext()``/``ngettext()``/``pgettext()`` hold; comments; a template's tag names,
  paths and variable names. Text between tags and the ``title``, ``aria-label``, ``alt``,
  ``placeholder`` and ``value`` attributes must be translated.
- JavaScript (static/js): a string literal with two words, unless its line says
  ``// untranslated: <why>``: scripts read their words from the page (data- attributes).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON_DIRS = ("games", "accounts", "tarokk_site")
PYTHON_SKIP = ("migrations", "management", "__pycache__")
PYTHON_SKIP_FILES = ("tarokk_site/settings.py",)
TEMPLATE_DIR = "templates"
JS_DIR = "static/js"

TRANSLATORS = {
    "_",
    "gettext",
    "gettext_lazy",
    "gettext_noop",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
    "npgettext_lazy",
}
LOGGING = {"debug", "info", "warning", "error", "exception", "critical", "log"}
PRAGMA = "untranslated:"

MARKUP = re.compile(r"<[^>]*>|&[a-z]+;|&#\d+;")
TWO_WORDS = re.compile(r"\b[A-Za-z][A-Za-z'’]* [a-z][a-z'’]+\b")
ONE_WORD = re.compile(r"^\W*[A-Z][a-z]{2,}\W*$")


def is_text(value: str) -> bool:
    plain = MARKUP.sub(" ", value)
    return bool(TWO_WORDS.search(plain) or ONE_WORD.match(plain.strip()))


# --- Python ---------------------------------------------------------------------------


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _is_logging(node: ast.Call) -> bool:
    """``log.info(...)``, ``logger.warning(...)``, ``logging.error(...)``: not ``messages.info``."""
    func = node.func
    if not isinstance(func, ast.Attribute) or func.attr not in LOGGING:
        return False
    receiver = func.value
    name = receiver.id if isinstance(receiver, ast.Name) else getattr(receiver, "attr", "")
    return name.lower().endswith(("log", "logger", "logging"))


def python_findings(path: Path) -> Iterator[tuple[int, str]]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    exempt: set[int] = set()  # ids of string nodes that need no translation
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and body:
            first = body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                exempt.add(id(first.value))
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if name in TRANSLATORS or _is_logging(node):
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Constant | ast.JoinedStr):
                        exempt.add(id(sub))
    for node in ast.walk(tree):
        if id(node) in exempt:
            continue
        if isinstance(node, ast.JoinedStr):
            for part in node.values:
                exempt.add(id(part))
            text = "".join(p.value if isinstance(p, ast.Constant) else "X" for p in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if not is_text(text):
            continue
        span = range(node.lineno - 1, (node.end_lineno or node.lineno))
        if any(PRAGMA in lines[i] for i in span if i < len(lines)):
            continue
        yield node.lineno, text


def python_files() -> Iterator[Path]:
    for top in PYTHON_DIRS:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if any(part in PYTHON_SKIP for part in path.relative_to(ROOT).parts) or rel in PYTHON_SKIP_FILES:
                continue
            yield path


# --- Templates ------------------------------------------------------------------------

BLOCKS = re.compile(
    r"{%-?\s*(blocktranslate|blocktrans|trans|comment)\b.*?%}.*?{%-?\s*end(blocktranslate|blocktrans|trans|comment)\s*-?%}",
    re.S,
)
COMMENT = re.compile(r"{#.*?#}", re.S)
TAG = re.compile(r"{%.*?%}|{{.*?}}", re.S)
TRANSLATED_CALL = re.compile(
    r"""\b(?:_|gettext|ngettext|pgettext|npgettext)\((?:[^()"']|"[^"]*"|'[^']*')*\)"""
)
LITERAL = re.compile(r""""([^"]*)"|'([^']*)'""")
QUIET_TAGS = re.compile(r"^{%-?\s*(translate|trans|static|load|block|import|from)\b")
PATH_TAGS = re.compile(r"^{%-?\s*(url|include|extends)\b")  # their first literal is a path or a name
ATTRIBUTES = ("title", "aria-label", "alt", "placeholder", "value")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in ATTRIBUTES and value and is_text(value):
                self.found.append((self.getpos()[0], f'{name}="{value}"'))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip = max(0, self._skip - 1)

    def handle_data(self, data: str) -> None:
        if not self._skip and re.search(r"[A-Za-z]{2,}", data):
            self.found.append((self.getpos()[0], data.strip()))


def _blank(match: re.Match[str]) -> str:
    """The match as spaces and its newlines, so line numbers stay."""
    return re.sub(r"[^\n]", " ", match.group(0))


def template_findings(path: Path) -> Iterator[tuple[int, str]]:
    original = path.read_text(encoding="utf-8").splitlines()
    source = "\n".join(original)
    source = COMMENT.sub(_blank, BLOCKS.sub(_blank, source))
    found: list[tuple[int, str]] = []
    for match in TAG.finditer(source):
        tag = match.group(0)
        if QUIET_TAGS.match(tag):
            continue
        bare = TRANSLATED_CALL.sub("", tag)
        if PATH_TAGS.match(tag):
            bare = LITERAL.sub("", bare, count=1)
        for literal in LITERAL.finditer(bare):
            value = literal.group(1) if literal.group(1) is not None else literal.group(2)
            if is_text(value):
                found.append((source.count("\n", 0, match.start()) + 1, value))
    parser = _Text()
    parser.feed(TAG.sub(lambda m: "x" * 0 + re.sub(r"[^\n]", "", m.group(0)) + "\u2022", source))
    found.extend(parser.found)
    # A line marked {# untranslated: <why> #} (CSS classes in a macro call) is exempt.
    yield from sorted(f for f in found if PRAGMA not in original[min(f[0], len(original)) - 1])


def template_files() -> Iterator[Path]:
    yield from sorted((ROOT / TEMPLATE_DIR).rglob("*.html"))
    yield from sorted((ROOT / TEMPLATE_DIR).rglob("*.txt"))


# --- JavaScript -----------------------------------------------------------------------

JS_STRING = re.compile(r""""((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`""")


def js_findings(path: Path) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("//", 1)[0] if "://" not in line else line
        if "// " + PRAGMA in line or line.lstrip().startswith(("//", "*", "/*")):
            continue
        for match in JS_STRING.finditer(code):
            value = next(g for g in match.groups() if g is not None)
            value = re.sub(r"\$\{[^}]*\}", "X", value)
            selector = re.search(r"[#.\[\]=]|^\s*[a-z-]+ [a-z-]+$", value)  # CSS: ".card.gone", "a b"
            if TWO_WORDS.search(MARKUP.sub(" ", value)) and not selector:
                yield number, value


def js_files() -> Iterator[Path]:
    yield from sorted((ROOT / JS_DIR).glob("*.js"))


def findings() -> Iterator[str]:
    kinds = ((python_files, python_findings), (template_files, template_findings), (js_files, js_findings))
    for files, find in kinds:
        for path in files():
            for line, text in find(path):
                yield f"{path.relative_to(ROOT).as_posix()}:{line}: {text[:100]!r}"


if __name__ == "__main__":
    only = sys.argv[1:]
    shown = [f for f in findings() if not only or any(f.startswith(o) for o in only)]
    print("\n".join(shown))
    print(f"{len(shown)} untranslated", file=sys.stderr)
