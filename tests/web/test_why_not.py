"""Why not (issue 21, item 3): each card of a seat's hand that it cannot press now carries the
rules core's own refusal, the message of the ``IllegalAction`` that ``variant.apply`` raises for
that card, and names no card the seat may not see. Checked on the rendered hand partial, for
every seat, on positions of seeded random hands of every game."""

from __future__ import annotations

import random
import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest

from games.page.controls import controls_for, hand_cards
from games.page.live_templates import render_live_template
from games.page.why_not import card_reasons
from games.rules import EVERYONE, IllegalAction, get_variant
from games.rules.base import HandContext
from tests.web.helpers import json_strings

GAMES = ["hungarian", "czech", "slovenian3", "bridge"]
HANDS = 6  # seeded random hands per game; every 3rd position and every discard are checked
# A rule's fixed wording that names cards whoever holds them (czech.md §5): no position in it.
FIXED_WORDING = {"The I, the mund and the škýz may not be discarded"}


class HandMarkup(HTMLParser):
    """The card buttons of a rendered hand (their attributes) and the text of each element with
    an id (where ``aria-describedby`` points)."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, str]] = []
        self.texts: dict[str, str] = {}
        self._open: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "button" and "data-card" in found:
            self.cards.append(found)
        if tag not in ("br", "img", "use", "path"):
            self._open.append(found.get("id"))
            if found.get("id"):
                self.texts[found["id"]] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag not in ("br", "img", "use", "path") and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for element in self._open:
            if element:
                self.texts[element] += data


def positions(key: str):
    """``(variant, seats, state)`` on the way through seeded random hands of ``key``: every
    third state, every state in which some seat may discard, and the end."""
    variant = get_variant(key)
    options = {o.name: o.default for o in variant.options}
    seats = variant.seat_count(options)
    for seed in range(HANDS):
        rng = random.Random(f"why-not {key} {seed}")
        state = variant.new_hand(variant.deal(rng, seats, options), HandContext(dealer=seed % seats))
        step = 0
        while True:
            discarding = any(
                a.startswith("discard:") for s in range(seats) for a in variant.legal_actions(state, s)
            )
            if step % 3 == 0 or discarding or not variant.to_act(state):
                yield variant, seats, state
            if not variant.to_act(state):
                break
            seat = min(variant.to_act(state))
            legal = variant.legal_actions(state, seat)
            # Half the time the first choice (the lowest bid, a pass): contracts with a talon.
            state = variant.apply(state, seat, legal[0] if rng.random() < 0.5 else rng.choice(legal))
            step += 1


def rendered_hand(variant: Any, state: Any, seat: int) -> tuple[dict[str, Any], list[str], HandMarkup]:
    view = variant.observe(state, seat)
    legal = variant.legal_actions(state, seat)
    context = {
        "me": seat,
        "view": view,
        "room": {"code": "WHYNOT"},
        "seq": 0,
        "version": 1,
        "controls": controls_for(view, legal, seat),
        "hand_cards": hand_cards(view, set(legal), card_reasons(variant, state, seat, view["hand"], legal)),
    }
    markup = HandMarkup()
    markup.feed(render_live_template("hand.html", context))
    return view, legal, markup


def discardable(legal: list[str]) -> set[str]:
    """The cards of any legal discard."""
    return {card for a in legal if a.startswith("discard:") for card in a.partition(":")[2].split(",")}


def pressed(card: str, legal: list[str]) -> str:
    """What pressing ``card`` would ask for: to play it, or in a discard, to discard it with the
    rest of the first legal discard (whose other cards may go)."""
    discards = [a.partition(":")[2].split(",") for a in legal if a.startswith("discard:")]
    if not discards:
        return f"play:{card}"
    return "discard:" + ",".join(discards[0][:-1] + [card])


@pytest.mark.parametrize("key", GAMES)
def test_it_shows_the_rules_own_refusal_on_every_card_that_cannot_be_pressed(key):
    seen: set[str] = set()
    checked = 0
    for variant, seats, state in positions(key):
        for seat in range(seats):
            view, legal, markup = rendered_hand(variant, state, seat)
            assert [c["data-card"] for c in markup.cards] == view["hand"]
            for button in markup.cards:
                card = button["data-card"]
                discardable = any(
                    card in a.partition(":")[2].split(",") for a in legal if a.startswith("discard:")
                )
                if f"play:{card}" in legal or discardable:
                    assert "aria-disabled" not in button and "data-why" not in button
                    continue
                with pytest.raises(IllegalAction) as refused:
                    variant.apply(state, seat, pressed(card, legal))
                message = str(refused.value)
                assert "disabled" not in button  # focusable, so that it can say why
                assert button["aria-disabled"] == "true"
                assert button["data-why"] == message
                assert markup.texts[button["aria-describedby"]] == message
                assert unescape(button["title"]).endswith("\n" + message)
                seen.add(message)
                checked += 1
    # The positions reach the turns and the rules this test is about.
    assert checked > 500
    assert {"It is not your turn", "You cannot play a card now"} <= seen
    assert any(m.startswith(("You must follow", "You must play a", "Play a ")) for m in seen), seen
    if key != "bridge":
        assert any("may not be discarded" in m or "You may discard" in m for m in seen), seen


@pytest.mark.parametrize("key", GAMES)
def test_its_reasons_name_no_card_the_seat_may_not_see(key):
    for variant, seats, state in positions(key):
        everything = variant.observe(state, EVERYONE)
        pack = set(json_strings(everything["hands"])) | set(json_strings(everything.get("talon") or []))
        for seat in range(seats):
            view = variant.observe(state, seat)
            seen = json_strings(view)
            reasons = card_reasons(variant, state, seat, view["hand"], variant.legal_actions(state, seat))
            for reason in set(reasons.values()) - FIXED_WORDING:
                named = set(re.findall(r"[A-Z0-9]+", reason)) & pack
                assert named <= seen, (reason, named - seen)


def test_a_watcher_gets_no_reasons():
    variant = get_variant("hungarian")
    state = next(state for _, _, state in positions("hungarian"))
    view = variant.observe(state, "audience")
    context = {"me": None, "view": view, "room": {"code": "WHYNOT"}, "seq": 0, "version": 1}
    context.update(controls=controls_for(view, [], None), hand_cards=hand_cards(view, set()))
    html = render_live_template("hand.html", context)
    assert "You are watching this table." in html
    assert "data-why" not in html and "aria-disabled" not in html
