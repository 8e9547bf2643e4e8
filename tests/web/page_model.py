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
    def __init__(self, tag: str, attrs: dict[str, str | None], start: int, inner: int) -> None:
        self.tag, self.attrs, self.start, self.inner = tag, attrs, start, inner
        self.end = self.inner_end = -1


class _Done(Exception):
    """The first element is closed: no need to read on."""


class _TopLevel(HTMLParser):
    """The elements at the top of ``html`` with their extent: where each starts, where its
    content starts and ends, where it ends (only the first, if ``first``)."""

    def __init__(self, html: str, first: bool = False) -> None:
        super().__init__(convert_charrefs=False)
        self.html, self.first = html, first
        self.depth = 0
        self.found: list[Element] = []
        self._lines = [0]
        try:
            self.feed(html)
            self.close()
        except _Done:
            return
        assert self.depth == 0, "an element is not closed"

    def _at(self) -> int:
        """The offset in ``html`` of the tag being read (the parser says its line and column)."""
        line, column = self.getpos()
        lines = self._lines
        while len(lines) < line:  # where each line starts, found as far as needed
            lines.append(self.html.index("\n", lines[-1]) + 1)
        return lines[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        if self.depth == 0:
            start = self._at()
            self.found.append(Element(tag, dict(attrs), start, self.html.index(">", start) + 1))
        self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        self.depth -= 1
        assert self.depth >= 0, f"</{tag}> closes nothing"
        if self.depth == 0:
            element = self.found[-1]
            assert element.tag == tag, f"<{element.tag}> closed by </{tag}>"
            element.inner_end = self._at()
            element.end = self.html.index(">", element.inner_end) + 1
            if self.first:
                raise _Done


def top_level(html: str) -> list[tuple[Element, str]]:
    """The elements at the top of ``html``, each with its HTML, in order."""
    return [(e, html[e.start : e.end]) for e in _TopLevel(html).found]


def _one(html: str, ident: str) -> Element:
    """The element of id ``ident`` in ``html`` (at any depth; ids are unique), its extent in it."""
    at = html.find(f' id="{ident}"')
    assert at >= 0 and html.find(f' id="{ident}"', at + 1) < 0, f"not one element of id {ident}"
    start = html.rfind("<", 0, at)
    (element,) = _TopLevel(html[start:], first=True).found
    for name in ("start", "inner", "inner_end", "end"):
        setattr(element, name, getattr(element, name) + start)
    assert element.attrs.get("id") == ident
    return element


def replace_inside(html: str, ident: str, new: str) -> str:
    """``html`` with its element of id ``ident`` (at any depth) replaced by ``new``."""
    element = _one(html, ident)
    return html[: element.start] + new + html[element.end :]


def apply(page: dict[str, str], push: str) -> list[Element]:
    """Change ``page`` (its partials by name, versions aside) as the message ``push`` does; the
    elements at the top of the message."""
    elements = top_level(push)
    for element, whole in elements:
        html = DATA_VERSION.sub("", whole).strip()
        ident, oob = element.attrs.get("id"), element.attrs.get("hx-swap-oob")
        if oob and oob.startswith("afterbegin:#"):
            target = oob.removeprefix("afterbegin:#")
            (name,) = [n for n, held in page.items() if f'id="{target}"' in held]
            inside = _one(page[name], target).inner
            children = whole[element.inner - element.start : element.inner_end - element.start]
            page[name] = page[name][:inside] + DATA_VERSION.sub("", children) + page[name][inside:]
        elif ident in LIVE_PARTIALS or ident in page:
            page[ident] = html
        else:
            holders = [n for n, held in page.items() if f'id="{ident}"' in held]
            if holders:  # a part of a partial the page holds
                (name,) = holders
                page[name] = replace_inside(page[name], ident, html)
            else:  # an element of its own (the chat's)
                page[ident] = html
    return [element for element, _whole in elements]


def shell(name: str, html: str) -> str:
    """Partial ``name``'s ``html`` without the parts a push sends alone (what its inputs say):
    the board without its centre and its facts of the tricks, the seats without their seats,
    the log without its lines."""
    if name == "board":
        for part in ("centre", "trick-last", "tricks-review"):
            if f'id="{part}"' in html:
                html = replace_inside(html, part, "")
        return html
    if name == "seats":  # <ol id="seats" ...>, then nothing but its seats
        return html[: html.index(">") + 1] + html[html.rindex("</ol>") :]
    if name == "log" and f'id="{LOG_LINES}"' in html:  # its lines' texts are escaped: no </ol>
        opened = html.index(">", html.index(f' id="{LOG_LINES}"')) + 1
        return html[:opened] + html[html.rindex("</ol>") :]
    return html


WHOLE = re.compile(r'<(?:div|ol|section) id="(' + "|".join(LIVE_PARTIALS) + ')"')


def apply_whole(page: dict[str, str], push: str) -> dict[str, str]:
    """``page`` after ``push``, a message of whole partials only (each begins with its id, as its
    template writes it; none holds another): the quick way, for a page that renders every one."""
    starts = [(found.start(), found.group(1)) for found in WHOLE.finditer(push)]
    ends = [at for at, _name in starts[1:]] + [len(push)] * bool(starts)
    for (at, name), end in zip(starts, ends, strict=True):
        page[name] = DATA_VERSION.sub("", push[at:end]).strip()
    return page
