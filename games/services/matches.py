"""A room's match, rebuilt by folding its hands' stored results (``games.rules.match``).

Read-only: ``games.services`` decides from it who deals next and whether the hand is doubled;
the pages read the scoreboard and the standing from it. Both take it through ``shown_match``,
which folds on from the finished hands this process has folded before: a finished hand's result
never changes, so the fold carried on is the fold from the start (tests/web/test_match.py).
"""

from __future__ import annotations

from typing import Any

from games.models import Hand, Room
from games.rules import HandResult, get_variant
from games.rules.match import Match, close, record, start
from tarokk_site.bounded import Bounded


def match_of(room: Room, match_no: int, last: Hand | None = None) -> Match | None:
    """The match ``match_no`` of ``room`` as far as its hands are finished; None before its first hand.

    With ``last`` (a hand of that match): no hand after it, and ``last`` itself only if it
    was finished when it was read, so that the result depends on finished hands alone.
    """
    query = room.hands.filter(match_no=match_no)
    if last is not None:
        query = query.filter(number__lte=last.number)
    # "room" too: the related manager sets each hand's room from its room_id, which would
    # otherwise be one more query per hand.
    hands = list(query.order_by("number").only("room", "result", "context", "finished"))
    if not hands:
        return None
    variant = get_variant(room.variant)
    match = start(variant.match_rules(room.options), hands[0].context_value().dealer)
    for hand in hands:
        if hand.result is None or hand.finished is None:
            break
        if last is not None and hand.pk == last.pk and last.finished is None:
            break
        match = record(match, HandResult.from_json(hand.result), hand.context_value().doubled)
    if room.ended_match >= match_no:
        match = close(match)  # the host ended it (a match without a set length)
    return match


# The pages read the match with every push and every view.json, and it changes only when one
# of its hands finishes: for them it is kept per process by room, current hand and whether
# that hand had finished. match_of(..., last=hand) folds finished hands only, and a finished
# hand's result never changes, so an entry is never out of date.
_shown: Bounded[tuple[int, int, bool, bool], Match | None] = Bounded(1024)
# And when an entry is missing (a hand began or finished), the fold of the match's first
# hands, all finished, is carried on from where it stopped: per room and match, the number of
# the last hand folded and the fold without the host's ending. A long match was read whole
# twice a hand, its every result decoded again.
_prefixes: Bounded[tuple[int, int], tuple[int, Match]] = Bounded(1024)


def shown_match(room: Room, hand: Hand) -> Match | None:
    """``match_of(room, hand.match_no, last=hand)``: the match as of ``hand``, as the pages show
    it and, ``hand`` being the room's last and finished, as ``services.next_hand`` deals from it
    (``room`` read with the hand: the host's ending of the match is in its ``ended_match``)."""
    # What can change a match's folded value: a hand finishing, and the host ending the match.
    key = (room.pk, hand.pk, hand.finished is not None, room.ended_match >= hand.match_no)
    return _shown.get_or_make(key, lambda: _folded_on(room, hand))


def _folded_on(room: Room, last: Hand) -> Match | None:
    """``match_of(room, last.match_no, last=last)``, reading only the hands after the kept fold
    of the match's first finished hands (all of them when none is kept, or the fold kept has
    gone past ``last``)."""
    where = (room.pk, last.match_no)
    kept = _prefixes.get(where)
    if kept is not None and (kept[0] > last.number or (kept[0] == last.number and last.finished is None)):
        return match_of(room, last.match_no, last=last)  # a page behind the fold kept
    query = room.hands.filter(match_no=last.match_no, number__lte=last.number)
    if kept is not None:
        query = query.filter(number__gt=kept[0])
    hands = list(query.order_by("number").only("room", "number", "result", "context", "finished"))
    if kept is not None:
        through, match = kept
    elif not hands:
        return None
    else:
        rules = get_variant(room.variant).match_rules(room.options)
        through, match = hands[0].number - 1, start(rules, hands[0].context_value().dealer)
    for hand in hands:
        if hand.result is None or hand.finished is None or (hand.pk == last.pk and last.finished is None):
            break
        match = record(match, HandResult.from_json(hand.result), hand.context_value().doubled)
        through = hand.number
    folded = (through, match)
    _prefixes.update(where, lambda held: held if held is not None and held[0] >= through else folded)
    return close(match) if room.ended_match >= last.match_no else match


def forget_all() -> None:
    _shown.clear()
    _prefixes.clear()


def current_match(room: Room, hand: Hand | None = None) -> Match | None:
    hand = hand if hand is not None else room.current_hand()
    return None if hand is None else match_of(room, hand.match_no)


def match_json(match: Match | None, match_no: int | None) -> dict[str, Any] | None:
    """The match as data for ``view.json`` and the scoreboard partial."""
    if match is None:
        return None
    return {
        "match_no": match_no,
        "length": match.rules.length,  # 0: no set length (the host ends it, or ``end_above``)
        "ends_by_itself": match.rules.ends_by_itself,  # False: the host ends the match
        "end_above": match.rules.end_above,  # Bridge: the match ends once a total passes this
        "lowest_wins": match.rules.lowest_wins,  # penalty points (Bridge)
        "reset_at": match.rules.reset_at,  # Bridge: a total landing exactly here goes back to 0
        "dealer_sits_out": match.rules.dealer_sits_out,  # Hungarian at five: the dealer plays no hand
        "radelci": list(match.radelci) if match.rules.radelci_penalty is not None else None,
        "closed": match.closed,
        "start_total": match.rules.start_total,
        "scored": match.scored,
        "hands_left": match.hands_left,
        "over": match.over,
        "totals": list(match.totals),
        "next_dealer": match.dealer,
        "next_doubled": match.next_doubled,
        "doubled_left": match.doubled_left,
        "rows": [
            {
                "number": row.number,
                "dealer": row.dealer,
                "doubled": row.doubled,
                "thrown_in": row.thrown_in,
                "reason": row.reason,
                "contract": row.contract,
                "declarer": row.declarer,
                "payments": list(row.payments),
                "totals": list(row.totals),
                "kind": row.kind,
                "resets": list(row.resets),
            }
            for row in match.rows
        ],
        "standings": [{"place": p, "seat": s, "total": t} for p, s, t in match.standings()],
    }
