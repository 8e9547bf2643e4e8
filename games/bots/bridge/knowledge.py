"""What a Bridge seat knows beyond its own cards, read from the public log of its own view
(bridge.md §13): the stack's history, the cards the last reshuffle put into the blind, how many
cards each seat drew since, and what each forced draw proved a seat did not hold.

A forced draw is a confession. A mover who draws for want of a first card (§8.2) held no card of
the top card's suit or rank and no J (onto a J: none of the wished suit and no J); one who draws
to cover a 6 (§8.3) held none of the 6's suit, no 6 and no J. When a playable drawn card must be
played (``must_play_drawn_card``) and the move then ends, the drawn card failed the same test.

Such a fact covers the cards the seat held at that moment, so it is kept as a *group*: at least
``n`` of the seat's cards lack every feature in ``lacks`` (suits and ranks, a J's rank ``J``).
A later confession adds its features to every group (every card held then lacks them) and makes
the cards drawn since a new group. A played card that a group admits is taken from that group
(the weakest reading: the constraint only ever loosens), one that no group admits from the cards
drawn since; should neither fit (never, if the log is read right) the seat's groups are dropped.
So the groups never rule out the true hands.

After a reshuffle (§5) the blind held exactly the stack below its top card, and every other
unseen card was in some hand (a reshuffle happens only when the blind is empty): the blind can
only hold cards of that set, and a seat holds no more of them than it drew since.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.rules.bridge.pack import JACK, PACK_36, SIX, SUIT_NAMES
from games.rules.words import Msg

from ..view import BridgeView, seat_of

# The log is read by its messages' ids and parameters (games.rules.bridge), whatever language
# the page speaks: a play names its ``card``, a draw its ``count`` (``got`` when the blind ran
# out), a wish its ``suit`` (the suit's name, a message).
PLAYS = "plays {card}"  # not "plays on without declaring Bridge"
DRAWS = "draws "  # every draw: "draws a card", "draws {count} card for {cause}", ...
DRAWS_A_CARD = "draws a card"  # untranslated: a message id
WISHES = "wishes {suit}"
RESHUFFLE = "shuffles the stack "  # untranslated: the start of the reshuffles' message ids
SUIT_LETTER = {name: letter for letter, name in SUIT_NAMES.items()}


def lacks_for_first(top: str | None, wish: str | None) -> frozenset[str]:
    """What a mover who must draw for want of a first card (§8.1) cannot hold."""
    if top is None:
        return frozenset()
    if top[1:] == JACK and wish is not None:
        return frozenset({wish, JACK})
    return frozenset({top[0], top[1:], JACK})


def lacks_for_cover(six: str) -> frozenset[str]:
    """What a mover who must draw to cover ``six`` (§8.3) cannot hold."""
    return frozenset({six[0], SIX, JACK})


def admits(lacks: frozenset[str], card: str) -> bool:
    return card[0] not in lacks and card[1:] not in lacks


@dataclass
class Group:
    lacks: frozenset[str]
    n: int  # at least this many of the seat's cards lack every feature in ``lacks``


@dataclass
class SeatRecord:
    count: int  # cards held now
    groups: list[Group] = field(default_factory=list)
    fresh: int = 0  # cards drawn since the last confession
    drawn_since_reshuffle: int = 0  # an upper bound: a draw split by a reshuffle counts whole

    def confess(self, lacks: frozenset[str]) -> None:
        """Every card held now lacks ``lacks``."""
        for group in self.groups:
            group.lacks |= lacks
        rest = self.count - sum(g.n for g in self.groups)
        if rest > 0:
            self.groups.append(Group(lacks, rest))
        self.fresh = 0

    def draw(self, n: int) -> None:
        self.count += n
        self.fresh += n
        self.drawn_since_reshuffle += n

    def play(self, card: str) -> None:
        self.count -= 1
        fitting = [g for g in self.groups if g.n > 0 and admits(g.lacks, card)]
        if fitting:
            group = max(fitting, key=lambda g: len(g.lacks))
            group.n -= 1
            self.groups = [g for g in self.groups if g.n > 0]
        elif self.fresh > 0:
            self.fresh -= 1
        else:
            self.groups = []
        excess = sum(g.n for g in self.groups) - self.count
        while excess > 0 and self.groups:  # never more constrained cards than cards
            cut = min(excess, self.groups[-1].n)
            self.groups[-1].n -= cut
            excess -= cut
            self.groups = [g for g in self.groups if g.n > 0]

    def lacks_mostly(self) -> frozenset[str]:
        """Features missing from all but at most one of the seat's cards (basic's "void")."""
        out: set[str] = set()
        for feature in {f for g in self.groups for f in g.lacks}:
            if sum(g.n for g in self.groups if feature in g.lacks) >= self.count - 1 and self.count > 0:
                out.add(feature)
        return frozenset(out)


@dataclass
class Knowledge:
    seats: list[SeatRecord]
    reshuffled: frozenset[str] | None  # the last reshuffle's blind (None: no reshuffle yet)
    played: frozenset[str]  # every card ever played, wherever it lies now
    unseen: frozenset[str]  # neither in the own hand nor on the stack now


def message_id(text: Msg | str) -> str:
    """A log entry's message id ("" for text that is no message: no line this module reads)."""
    return text.text if isinstance(text, Msg) else ""


def played_card(text: Msg | str) -> str | None:
    """The card a log line plays, if it is a play."""
    if message_id(text) != PLAYS:
        return None
    assert isinstance(text, Msg)
    return str(text.params["card"])


def draw_count(text: Msg | str) -> int:
    """Cards drawn by a log line (0 for a line that draws none)."""
    if not message_id(text).startswith(DRAWS):
        return 0
    assert isinstance(text, Msg)
    return int(text.params.get("got", text.params.get("count", 1)))


def read(view: BridgeView) -> Knowledge:
    """Everything the seat's own view (``observe(state, seat)``) tells about the unseen cards."""
    me = seat_of(view)
    players = view["seats"]
    log: list[tuple[int | None, Msg | str]] = [(entry["seat"], entry["text"]) for entry in view["log"]]
    must_play = bool(view["options"].get("must_play_drawn_card", True))
    # The counts at the deal: now, less what was drawn since, plus what was played.
    start = list(view["hand_counts"])
    plays = [played_card(text) for _, text in log]
    for (seat, text), play in zip(log, plays, strict=True):
        if seat is None:
            continue
        if play is not None:
            start[seat] += 1
        else:
            start[seat] -= draw_count(text)
    records = [SeatRecord(count=n) for n in start]
    stack: list[str] = []
    played: set[str] = set()
    reshuffled: frozenset[str] | None = None
    wish: str | None = None
    mover: int | None = None  # the seat whose consecutive lines are being read
    moved: list[str] = []  # the cards it played in those lines
    pending: tuple[int, frozenset[str]] | None = None  # a first draw whose card may prove unplayable
    for (seat, text), play in zip(log, plays, strict=True):
        if pending is not None and not (seat == pending[0] and play is not None):
            drawer, lacks = pending
            if must_play:  # the drawn card was not played, so it was not playable
                records[drawer].confess(lacks)
            pending = None
        elif pending is not None:
            pending = None
        if seat != mover:
            mover, moved = seat, []
        if seat is None:
            continue
        record = records[seat]
        line = message_id(text)
        if play is not None:
            card = play
            stack.append(card)
            played.add(card)
            moved.append(card)
            wish = None
            record.play(card)
        elif line == DRAWS_A_CARD:
            top = stack[-1] if stack else None
            if moved and moved[-1][1:] == SIX:
                record.confess(lacks_for_cover(moved[-1]))
                record.draw(1)
            else:
                lacks = lacks_for_first(top, wish)
                record.confess(lacks)
                record.draw(1)
                pending = (seat, lacks)
        elif line == WISHES:
            assert isinstance(text, Msg)
            wish = SUIT_LETTER.get(text.params["suit"])
        elif line.startswith(RESHUFFLE):
            reshuffled = frozenset(stack[:-1])
            stack = stack[-1:]
            for other in records:
                other.drawn_since_reshuffle = 0
        else:
            record.draw(draw_count(text))
    move = view["move"] or {}
    waiting = move.get("seat") == pending[0] and move.get("stage") == "drawn" if pending else False
    if pending is not None and must_play and not waiting:  # the round moved on: not playable
        records[pending[0]].confess(pending[1])
    own = set(view["hand"])
    unseen = frozenset(PACK_36) - own - set(view["stack"])
    records[me] = SeatRecord(count=len(own))
    assert len(records) == players
    return Knowledge(seats=records, reshuffled=reshuffled, played=frozenset(played), unseen=unseen)
