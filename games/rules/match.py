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
0, then ``close``). Slovenian Tarok (slovenian3.md §10.6, §11) is not zero-sum and carries
radelci from hand to hand (``HandContext.radelci``), each unused one costing
``radelci_penalty`` at the end (a last row of the scoreboard). Hungarian at five
(``five_player``) lets the dealer sit each hand out (``dealer_sits_out``) and doubles five.
Bridge (bridge.md §2, §10, §11) adds penalty points (the lowest total wins), sends a total of
exactly ``reset_at`` back to 0, ends once a total passes ``end_above``, and lets the highest
total start the next round.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .base import HandContext, HandResult, Termination
from .words import Msg

ROTATE = "rotate"  # the next seat deals (unless the hand names its next dealer)
HIGHEST_TOTAL = "highest_total"  # the highest total; ties: the first from the last dealer on
HAND = "hand"
RADELCI = Termination.UNUSED_RADELCI  # a row's reason and kind


@dataclass(frozen=True)
class MatchRules:
    seats: int
    length: int  # scored hands in a match; 0: no limit (the host ends the match with ``close``)
    doubling_period: int = 0  # scored hands doubled after a throw-in; 0: no doubling
    redeal_after_throw_in: bool = True  # a thrown-in hand is dealt again by the same dealer
    start_total: int = 0  # every seat's total before the first hand (Czech: starting chips)
    first_dealer: str = "random"  # "host": the room's host deals first (read by the web layer)
    zero_sum: bool = True  # every hand's payments add up to zero (not Slovenian, not Bridge)
    lowest_wins: bool = False  # penalty points: the lowest total wins (Bridge)
    end_above: int | None = None  # the match ends after a hand that leaves a total above this
    reset_at: int | None = None  # a total that lands exactly here goes back to 0 (Bridge)
    next_dealer_rule: str = ROTATE  # or HIGHEST_TOTAL: the highest total deals/starts next (Bridge)
    radelci_penalty: int | None = None  # radelci are kept; each unused one costs this at the end
    dealer_sits_out: bool = False  # the dealer has no part in the hand (Hungarian at five, §2)

    @property
    def ends_by_itself(self) -> bool:
        """False for a match that runs until the host ends it (``close``)."""
        return bool(self.length) or self.end_above is not None


@dataclass(frozen=True)
class MatchRow:
    """One scoreboard line: a hand, what it paid each seat, and the totals after it."""

    number: int  # the hand's position in the match, 1-based, thrown-in hands included
    dealer: int
    doubled: bool
    thrown_in: bool
    reason: Termination | Msg | str  # the hand's ``HandResult.reason``, or RADELCI
    contract: str | None
    declarer: int | None
    payments: tuple[int, ...]
    totals: tuple[int, ...]
    kind: str = HAND  # or RADELCI: the end-of-match cost of unused radelci, not a hand
    resets: tuple[int, ...] = ()  # seats whose total landed on ``reset_at`` and went back to 0


@dataclass(frozen=True)
class Match:
    rules: MatchRules
    dealer: int  # who deals the next hand
    doubled_left: int = 0  # scored hands still doubled (§10.6)
    scored: int = 0
    totals: tuple[int, ...] = ()
    rows: tuple[MatchRow, ...] = ()
    closed: bool = False  # the host ended the match
    radelci: tuple[int, ...] = ()  # per seat, held now (when ``rules.radelci_penalty`` is set)

    @property
    def over(self) -> bool:
        if self.closed:
            return True
        rules = self.rules
        if rules.end_above is not None and any(t > rules.end_above for t in self.totals):
            return True
        return bool(rules.length) and self.scored >= rules.length

    @property
    def hands_left(self) -> int | None:
        """Scored hands still to play; None in a match without a set length."""
        if self.over:
            return 0
        if not self.rules.length:
            return None
        return max(0, self.rules.length - self.scored)

    @property
    def next_doubled(self) -> bool:
        return self.doubled_left > 0

    def next_context(self, options: dict[str, object]) -> HandContext:
        if self.over:
            raise ValueError("The match is over")  # untranslated: programmer error
        return HandContext(
            dealer=self.dealer,
            options=dict(options),
            doubled=self.next_doubled,
            opening=not self.rows,
            radelci=self.radelci,
        )

    def standings(self) -> list[tuple[int, int, int]]:
        """(place, seat, total), best first (lowest first with penalty points); equal totals
        share the place (§11)."""
        sign = 1 if self.rules.lowest_wins else -1
        order = sorted(range(self.rules.seats), key=lambda s: (sign * self.totals[s], s))
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
        raise ValueError(f"No seat {first_dealer} to deal")  # untranslated: programmer error
    radelci = (0,) * rules.seats if rules.radelci_penalty is not None else ()
    return Match(rules=rules, dealer=first_dealer, totals=(rules.start_total,) * rules.seats, radelci=radelci)


def close(match: Match) -> Match:
    """The host ended the match: it is over from now on, whatever its length."""
    return _settle_radelci(replace(match, closed=True))


def _settle_radelci(match: Match) -> Match:
    """At the end of a match each unused radelc costs ``radelci_penalty`` (slovenian3.md §10.6):
    one last scoreboard row, not a hand."""
    penalty = match.rules.radelci_penalty
    if not penalty or not any(match.radelci):
        return match
    payments = tuple(-penalty * n for n in match.radelci)
    totals = tuple(t + p for t, p in zip(match.totals, payments, strict=True))
    row = MatchRow(
        number=len(match.rows) + 1,
        dealer=match.dealer,
        doubled=False,
        thrown_in=False,
        reason=RADELCI,
        contract=None,
        declarer=None,
        payments=payments,
        totals=totals,
        kind=RADELCI,
    )
    return replace(match, totals=totals, rows=match.rows + (row,), radelci=(0,) * len(match.radelci))


def _highest_total(totals: tuple[int, ...], last: int) -> int:
    """bridge.md §2: the highest total; among equals the first reached from ``last`` on."""
    seats = len(totals)
    best = max(totals)
    return next(s for s in ((last + i) % seats for i in range(seats)) if totals[s] == best)


def record(match: Match, result: HandResult, doubled: bool) -> Match:
    """Fold one finished hand (dealt by ``match.dealer``, ``doubled`` or not) into the match."""
    if match.over:
        raise ValueError("The match is over")  # untranslated: programmer error
    rules = match.rules
    if len(result.payments) != rules.seats:
        raise ValueError(
            f"A hand's payments must be {rules.seats} amounts"  # untranslated: programmer error
        )
    if rules.zero_sum and sum(result.payments) != 0:
        raise ValueError(
            f"A hand's payments must be {rules.seats} amounts"  # untranslated: programmer error
            " adding up to zero"  # untranslated: programmer error
        )
    if rules.dealer_sits_out and result.payments[match.dealer] != 0:
        raise ValueError(
            "The dealer sat the hand out: it pays and receives nothing"  # untranslated: programmer error
        )
    totals = tuple(t + p for t, p in zip(match.totals, result.payments, strict=True))
    resets: tuple[int, ...] = ()
    if rules.reset_at is not None:
        resets = tuple(s for s, t in enumerate(totals) if t == rules.reset_at)
        totals = tuple(0 if s in resets else t for s, t in enumerate(totals))
    radelci = match.radelci
    if rules.radelci_penalty is not None and result.radelci:
        radelci = tuple(n + d for n, d in zip(radelci, result.radelci, strict=True))
        if min(radelci) < 0:
            raise ValueError(
                "A seat cannot use up a radelc it does not hold"  # untranslated: programmer error
            )
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
        resets=resets,
    )
    if result.thrown_in:
        # §4.5/§10.6: the same dealer deals again; a throw-in (re)starts the doubling period
        # at full length, and periods never stack.
        dealer = match.dealer if rules.redeal_after_throw_in else (match.dealer + 1) % rules.seats
        return replace(
            match,
            dealer=dealer,
            doubled_left=rules.doubling_period,
            totals=totals,
            rows=match.rows + (row,),
            radelci=radelci,
        )
    if result.next_dealer is not None:
        dealer = result.next_dealer
    elif rules.next_dealer_rule == HIGHEST_TOTAL:
        dealer = _highest_total(totals, match.dealer)
    else:
        dealer = (match.dealer + 1) % rules.seats
    match = replace(
        match,
        dealer=dealer,
        doubled_left=max(0, match.doubled_left - 1),
        scored=match.scored + 1,
        totals=totals,
        rows=match.rows + (row,),
        radelci=radelci,
    )
    return _settle_radelci(match) if match.over else match
