"""A page held as its live partials (and the other elements pushed to it), and a push applied to
it as the page's htmx applies one (htmx-ext-ws swaps each top-level element of a message out of
band): an element with an id replaces the element of that id wherever it is on the page (a whole
partial, or a part of one sent alone: the board's centre, a seat, a line of the log); an element
whose ``hx-swap-oob`` is ``afterbegin:#<id>`` puts its children at the start of that element (the
log's new lines). Elements are found by an HTML parser, not by patterns, so that a part nested in a partial is
told apart from a partial at the top."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from games.page.partials import LIVE_PARTIALS, LOG_LINES

DATA_VERSION = re.compile(r' data-version="\d+"')
# Elements without an end tag (HTML's void elements).
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Element:
    def __init__(self, tag: str, attrs: dict[str, str | None], start: int, inner: int, depth: int) -> None:
        self.tag, self.attrs, self.start, self.inner, self.depth = tag, attrs, start, inner, depth
        self.end = self.inner_end = -1


class _Elements(HTMLParser):
    """Every element of ``html`` with its extent: where it starts, where its content starts and
    ends, where it ends; and how deep it lies."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=False)
        self.html = html
        self.lines = [0]
        for line in html.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.open: list[Element] = []
        self.found: list[Element] = []
        self.feed(html)
        self.close()
        assert not self.open, f"unclosed elements: {[e.tag for e in self.open]}"

    def _at(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        start = self._at()
        inner = self.html.index(">", start) + 1
        element = Element(tag, dict(attrs), start, inner, len(self.open))
        self.open.append(element)
        self.found.append(element)

    def handle_endtag(self, tag: str) -> None:
        element = self.open.pop()
        assert element.tag == tag, f"<{element.tag}> closed by </{tag}>"
        element.inner_end = self._at()
        element.end = self.html.index(">", element.inner_end) + 1


def elements(html: str) -> list[Element]:
    return _Elements(html).found


def top_level(html: str) -> list[tuple[Element, str]]:
    """The elements at the top of ``html``, each with its HTML, in order."""
    return [(e, html[e.start : e.end]) for e in elements(html) if e.depth == 0]


def _one(html: str, ident: str) -> Element:
    (element,) = [e for e in elements(html) if e.attrs.get("id") == ident]
    return element


def replace_inside(html: str, ident: str, new: str) -> str:
    """``html`` with its element of id ``ident`` (at any depth) replaced by ``new``."""
    element = _one(html, ident)
    return html[: element.start] + new + html[element.end :]


def empty_inside(html: str, ident: str) -> str:
    """``html`` with the element of id ``ident`` emptied."""
    element = _one(html, ident)
    return html[: element.inner] + html[element.inner_end :]


def apply(page: dict[str, str], push: str) -> dict[str, str]:
    """``page`` (its partials by name, versions aside) after the message ``push``."""
    for element, html in top_level(push):
        html = DATA_VERSION.sub("", html).strip()
        ident, oob = element.attrs.get("id"), element.attrs.get("hx-swap-oob")
        if oob and oob.startswith("afterbegin:#"):
            target = oob.removeprefix("afterbegin:#")
            (name,) = [n for n, held in page.items() if f'id="{target}"' in held]
            inside = _one(page[name], target).inner
            children = html[element.inner - element.start : element.inner_end - element.start]
            page[name] = page[name][:inside] + children + page[name][inside:]
        elif ident in LIVE_PARTIALS or ident in page:
            page[ident] = html
        else:
            holders = [n for n, held in page.items() if f'id="{ident}"' in held]
            if holders:  # a part of a partial the page holds
                (name,) = holders
                page[name] = replace_inside(page[name], ident, html)
            else:  # an element of its own (the chat's)
                page[ident] = html
    return page


def shell(name: str, html: str) -> str:
    """Partial ``name``'s ``html`` without the parts a push sends alone (what its inputs say):
    the board without its centre and its facts of the tricks, the seats without their seats,
    the log without its lines."""
    if name == "board":
        for part in ("centre", "trick-last", "tricks-review"):
            if f'id="{part}"' in html:
                html = replace_inside(html, part, "")
        return html
    if name == "seats":
        return empty_inside(html, "seats")
    if name == "log" and f'id="{LOG_LINES}"' in html:
        return empty_inside(html, LOG_LINES)
    return html
