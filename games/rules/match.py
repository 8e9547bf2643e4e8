"""A match: several hands at one table, as a fold over their results (DESIGN.md, "The match").

``start(rules, first_dealer)`` opens a match; ``record(match, result)`` folds one finished
hand into it; ``match.next_context(options)`` is what the next hand is dealt under (its
dealer, whether it is doubled). The scoreboard rows, running totals and final standing are
all read off the folded value, so the database keeps only hands and their results.

Each variant says how its matches run with a ``MatchRules`` record (flags, not
``if variant == ...``): Hungarian Tarokk (hungarian.md §2, §4.5, §10.6, §11) plays
``match_hands`` scored hands, passes the deal on after a scored hand, keeps the dealer after
a throw-in, and doubles the next four scored hands after a throw-in. Czech Taroky (czech.md §2,
§11) starts everyone at ``starting_chips``, lets the hand name the next dealer (the previous
povinnost, ``HandResult.next_dealer``), and by default runs until the host ends it (``length``
0, then ``close``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .base import HandContext, HandResult


@dataclass(frozen=True)
class MatchRules:
    seats: int
    length: int  # scored hands in a match; 0: no limit (the host ends the match with ``close``)
    doubling_period: int = 0  # scored hands doubled after a throw-in; 0: no doubling
    redeal_after_throw_in: bool = True  # a thrown-in hand is dealt again by the same dealer
    start_total: int = 0  # every seat's total before the first hand (Czech: starting chips)
    first_dealer: str = "random"  # "host": the room's host deals first (read by the web layer)


@dataclass(frozen=True)
class MatchRow:
    """One scoreboard line: a hand, what it paid each seat, and the totals after it."""

    number: int  # the hand's position in the match, 1-based, thrown-in hands included
    dealer: int
    doubled: bool
    thrown_in: bool
    reason: str
    contract: str | None
    declarer: int | None
    payments: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class Match:
    rules: MatchRules
    dealer: int  # who deals the next hand
    doubled_left: int = 0  # scored hands still doubled (§10.6)
    scored: int = 0
    totals: tuple[int, ...] = ()
    rows: tuple[MatchRow, ...] = ()
    closed: bool = False  # the host ended the match

    @property
    def over(self) -> bool:
        if self.closed:
            return True
        return bool(self.rules.length) and self.scored >= self.rules.length

    @property
    def hands_left(self) -> int | None:
        """Scored hands still to play; None in a match without a set length."""
        if not self.rules.length:
            return 0 if self.closed else None
        if self.closed:
            return 0
        return max(0, self.rules.length - self.scored)

    @property
    def next_doubled(self) -> bool:
        return self.doubled_left > 0

    def next_context(self, options: dict[str, object]) -> HandContext:
        if self.over:
            raise ValueError("The match is over")
        return HandContext(
            dealer=self.dealer, options=dict(options), doubled=self.next_doubled, opening=not self.rows
        )

    def standings(self) -> list[tuple[int, int, int]]:
        """(place, seat, total), best first; equal totals share the place (§11)."""
        order = sorted(range(self.rules.seats), key=lambda s: (-self.totals[s], s))
        places: list[tuple[int, int, int]] = []
        for position, seat in enumerate(order):
            if position and self.totals[seat] == self.totals[order[position - 1]]:
                place = places[-1][0]
            else:
                place = position + 1
            places.append((place, seat, self.totals[seat]))
        return places


def start(rules: MatchRules, first_dealer: int) -> Match:
    if not 0 <= first_dealer < rules.seats:
        raise ValueError(f"No seat {first_dealer} to deal")
    return Match(rules=rules, dealer=first_dealer, totals=(rules.start_total,) * rules.seats)


def close(match: Match) -> Match:
    """The host ended the match: it is over from now on, whatever its length."""
    return replace(match, closed=True)


def record(match: Match, result: HandResult, doubled: bool) -> Match:
    """Fold one finished hand (dealt by ``match.dealer``, ``doubled`` or not) into the match."""
    if match.over:
        raise ValueError("The match is over")
    rules = match.rules
    if len(result.payments) != rules.seats or sum(result.payments) != 0:
        raise ValueError(f"A hand's payments must be {rules.seats} amounts adding up to zero")
    totals = tuple(t + p for t, p in zip(match.totals, result.payments, strict=True))
    row = MatchRow(
        number=len(match.rows) + 1,
        dealer=match.dealer,
        doubled=doubled,
        thrown_in=result.thrown_in,
        reason=result.reason,
        contract=result.contract,
        declarer=result.declarer,
        payments=tuple(result.payments),
        totals=totals,
    )
    if result.thrown_in:
        # §4.5/§10.6: the same dealer deals again; a throw-in (re)starts the doubling period
        # at full length, and periods never stack.
        dealer = match.dealer if rules.redeal_after_throw_in else (match.dealer + 1) % rules.seats
        return replace(
            match, dealer=dealer, doubled_left=rules.doubling_period, totals=totals, rows=match.rows + (row,)
        )
    dealer = (match.dealer + 1) % rules.seats if result.next_dealer is None else result.next_dealer
    return replace(
        match,
        dealer=dealer,
        doubled_left=max(0, match.doubled_left - 1),
        scored=match.scored + 1,
        totals=totals,
        rows=match.rows + (row,),
    )
