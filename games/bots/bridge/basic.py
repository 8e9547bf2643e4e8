"""The basic robot for Bridge: plain rules of thumb for every decision (bridge.md §8, §10).

It reads only its seat's view (``table.from_view``, with what the public log shows about the
others: ``knowledge``) and picks among the legal actions, so it handles every position a
player can reach, with 2, 3 or 4 players and every option; the turn clocks use it.

- Cards (first card, cover for a 6, adding): ``play``.
- A drawn card that may be played (``must_play_drawn_card`` off): play it.
- Bridge: declare when the own hand points are at most what each other player is expected to
  hold (its cards × the mean value of an unseen card), counting the J points a Bridge of Js
  brings and the draws a Bridge of 6s saves when the robot holds no cover.
- J wish: ``play.wish`` (the longest suit; a suit the next player has shown it lacks).
- 8s next or spread: the choice that does the most harm, each card drawn weighing more on a
  player the closer it is to going out (``play.threat``), plus a turn of its own at once when
  spreading brings play back to the robot. At the round's end the draws only count points,
  the same total either way: next.
- J points minus or plus: see ``jpoints``.
"""

from __future__ import annotations

import random

from games.rules.bridge.pack import EIGHT, JACK, SIX, hand_points
from games.rules.bridge.scoring import trailing_jacks

from ..view import BridgeView
from .knowledge import read
from .play import choose_add, choose_card, threat, wish
from .table import Table, from_view

AGAIN = 6.0  # worth of moving again at once after spreading the 8s


class BasicPolicy:
    def choose(self, view: BridgeView, legal: list[str], rng: random.Random) -> str:
        if len(legal) == 1:
            return legal[0]
        knowledge = read(view)
        table = from_view(view, [record.lacks_mostly() for record in knowledge.seats])
        return decide(table, legal)


def decide(table: Table, legal: list[str]) -> str:
    """The basic action at ``table`` among ``legal`` (more than one)."""
    phase = table.phase
    if phase == "play":
        return play_action(table, legal)
    if phase == "bridge":
        return "bridge" if declare_bridge(table) else "no-bridge"
    if phase == "wish":
        return "wish:" + wish(table)
    if phase == "eights":
        return "eights:" + eights(table)
    if phase == "jpoints":
        return "jpoints:" + jpoints(table)
    return legal[0]


def play_action(table: Table, legal: list[str]) -> str:
    cards = [a[5:] for a in legal if a.startswith("play:")]
    stage = table.stage
    if stage == "add":
        card = choose_add(table, cards)
        return "stop" if card is None else "play:" + card
    if stage == "drawn":
        return "play:" + cards[0] if cards else "stop"
    if not cards:
        return legal[0]  # draw
    return "play:" + choose_card(table, cards)


def others_expected(table: Table) -> float:
    """What each other player is expected to hold, in points (before the multiplier)."""
    others = table.others()
    return sum(table.counts[s] for s in others) / len(others) * table.card_worth


def declare_bridge(table: Table) -> bool:
    mine = hand_points(table.hand)
    gain = others_expected(table)
    top = table.top
    assert top is not None
    if top[1:] == JACK:
        gain += 20 * trailing_jacks(table.move_cards)
    if top[1:] == SIX and not any(c[0] == top[0] or c[1:] in (SIX, JACK) for c in table.hand):
        gain += 1.5 * table.card_worth  # playing on means drawing for a cover
    return mine <= gain


def following(seat: int, players: int, count: int) -> list[int]:
    others = [(seat + i) % players for i in range(1, players)]
    return [others[i % len(others)] for i in range(count)]


def eights(table: Table) -> str:
    if table.winner is not None:
        return "next"
    k = sum(1 for c in table.move_cards if c[1:] == EIGHT)
    counts = table.counts
    nxt = table.next_seat
    harm_next = 2 * k * threat(counts[nxt])
    spread = following(table.seat, table.players, k)
    harm_spread = sum(2 * threat(counts[s]) for s in spread)
    if table.after(spread[-1]) == table.seat:
        harm_spread += AGAIN
    return "spread" if harm_spread > harm_next else "next"


def jpoints(table: Table) -> str:
    """Minus takes 20·j·M off the winner; plus adds it to every other player. Measured against
    each other seat the two are the same: the winner's lead over every other player grows by
    20·j·M either way (and so does the duel score, "own penalty minus the others'"). What
    differs is the totals themselves, which the view does not show: plus brings the game's end
    (a total above the threshold; lowest wins) nearer, and may land another player on exactly
    125, which sends it back to 0 (§10.4); minus does neither. Ending the game sooner is good
    only for a player who is ahead, and the one hint a round gives is its starter, who (after
    the first round) had the highest total, the worst.

    So: plus with two players when the robot did not start the round: the other player started,
    so its total is at least the robot's, and pushing it up can only end the game in the
    robot's favour (it ends the game in about one round in five where minus would not, against
    a few per cent for an exact 125). With three or four players the robot not starting says
    only that someone else is last, not that the robot leads: minus, which keeps every chance
    and risks no reset."""
    if table.players == 2 and table.seat != table.starter:
        return "plus"
    return "minus"
