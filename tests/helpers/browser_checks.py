"""What the browser tests check on any page: no serious axe violation (``violations``), nothing
a player reads cut (``assert_nothing_cut``)."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

AXE = Axe()
SERIOUS = ("serious", "critical")


def violations(page, where: str) -> list[str]:
    """The serious and critical axe violations on the page once it is still (a card in motion is
    transparent for a moment), one line each with where they are."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
    found = []
    for v in AXE.run(page).response["violations"]:
        if v["impact"] in SERIOUS:
            targets = ", ".join(" ".join(n["target"]) for n in v["nodes"][:5])
            found.append(f"{where}: {v['id']} ({v['impact']}) {v['help']}: {targets}")
    return found


# What a player reads on the table and nothing may cut (issue 35: "the phone cuts"): the status
# line and its parts, the facts' chips, the seats' names, the names over the trick's cards, the
# talon's cards, Bridge's piles. Each must show whole: its text no wider or taller than its box
# (a name may take two lines), its box inside the screen's width and inside every box round it
# that would cut it (the felt's centre scrolls: a talon card below its edge hides behind your seat).
# CLIPPED lists [the part, why it is cut] for each.
READABLE = (
    "#status, #status > *, .fact > summary, .fact-title, .fact-summary, .seat .name, "
    ".trick-cards .who, .talon-groups .card, .klop-gifts .card, .facts-inline > div, .bridge-centre > div"
)
CLIPPED = """(selector) => {
  const cut = [];
  const describe = el => (el.id ? '#' + el.id : el.className || el.tagName) + ' "'
    + el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40) + '"';
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    // Not shown (a folded fact's body: Chromium lays out a closed disclosure's content all the same).
    if (!r.width || !r.height || !el.checkVisibility()) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      cut.push([describe(el), `its text (${el.scrollWidth}x${el.scrollHeight}) overflows its box `
        + `(${el.clientWidth}x${el.clientHeight})`]);
      continue;
    }
    if (r.left < -0.5 || r.right > innerWidth + 0.5) {
      cut.push([describe(el), `off the screen's side (${Math.round(r.left)}..${Math.round(r.right)})`]);
      continue;
    }
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const q = a.getBoundingClientRect();
      const left = q.left + a.clientLeft, top = q.top + a.clientTop;
      const inside = r.left >= left - 0.5 && r.right <= left + a.clientWidth + 0.5
        && r.top >= top - 0.5 && r.bottom <= top + a.clientHeight + 0.5;
      if (!inside) { cut.push([describe(el), 'cut by ' + describe(a)]); break; }
    }
  }
  return cut;
}"""


def assert_nothing_cut(page, where: str) -> None:
    """Every part of the table a player reads shows whole (READABLE), once no card is in motion
    (a swept trick flies out of the Last trick's body): looked at again after the motion only when
    something seemed cut, which keeps the look at every decision to one call."""
    cut = page.evaluate(CLIPPED, READABLE)
    if cut:
        page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')")
        cut = page.evaluate(CLIPPED, READABLE)
    assert cut == [], f"{where}: cut: {cut}"
