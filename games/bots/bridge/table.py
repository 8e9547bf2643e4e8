"""``Table``: everything a Bridge seat knows at a decision, the one input of the basic policy.

Built from a seat's own view (``from_view``, with the public log read by ``knowledge``), or,
inside the strong robot's playouts, from a simulated state (``from_state``), where the seat
still only learns what it would at the table: its own hand and draw, the counts, the stack, the
wish, the run, the move in progress, and what the others' forced draws showed (``lacks``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.bridge.pack import PACK, hand_points
from games.rules.bridge.state import BridgeState

from ..view import BridgeView, seat_of


@dataclass(frozen=True)
class Table:
    seat: int
    players: int
    phase: str  # "play", "bridge", "wish", "eights", "jpoints"
    stage: str | None  # the move's stage in phase "play": "first", "drawn", "add", "cover"
    hand: tuple[str, ...]
    counts: tuple[int, ...]  # cards per seat
    top: str | None
    wish: str | None
    run: tuple[str, ...]  # the same-rank cards at the top of the stack
    move_cards: tuple[str, ...]  # the cards played in the move in progress
    opening: bool
    starter: int
    multiplier: int
    unseen: frozenset[str]  # neither in the own hand nor on the stack: in other hands or the blind
    lacks: tuple[frozenset[str], ...]  # per seat, features (suits, ranks) it seems not to hold
    eights_rule: str
    winner: int | None  # set once the round is over (an 8s choice or the J points at the end)

    def after(self, seat: int, k: int = 1) -> int:
        """The seat ``k`` places after ``seat`` in playing order."""
        return (seat + k) % self.players

    @property
    def next_seat(self) -> int:
        return self.after(self.seat)

    @property
    def card_worth(self) -> float:
        """The mean value of an unseen card: what another seat's card is expected to count."""
        return hand_points(self.unseen) / len(self.unseen) if self.unseen else 0.0

    def others(self) -> list[int]:
        return [s for s in range(self.players) if s != self.seat]


def from_view(view: BridgeView, lacks: Sequence[frozenset[str]]) -> Table:
    hand = tuple(view["hand"])
    stack = view["stack"]
    move = view["move"] or {}
    options = view["options"]
    return Table(
        seat=seat_of(view),
        players=view["seats"],
        phase=view["phase"],
        stage=move.get("stage"),
        hand=hand,
        counts=tuple(view["hand_counts"]),
        top=view["top"],
        wish=view["wish"],
        run=tuple(view["run_cards"]),
        move_cards=tuple(move.get("cards") or ()),
        opening=bool(move.get("opening")),
        starter=view["starter"],
        multiplier=view["multiplier"],
        unseen=PACK.difference(hand, stack),
        lacks=tuple(lacks),
        eights_rule=options.get("eights_rule", "player_choice"),
        winner=view["winner"],
    )


def from_state(state: BridgeState, seat: int, lacks: Sequence[frozenset[str]]) -> Table:
    """What ``seat`` knows in a simulated ``state`` (its own cards and the public facts only)."""
    hand = state.hands[seat]
    move = state.move
    stack = state.stack
    return Table(
        seat=seat,
        players=state.setup.players,
        phase=state.phase.value,
        stage=move.stage.value if move is not None else None,
        hand=hand,
        counts=tuple(len(h) for h in state.hands),
        top=stack[-1] if stack else None,
        wish=state.wish,
        run=state.run,
        move_cards=move.cards if move is not None else (),
        opening=move.opening if move is not None else False,
        starter=state.setup.starter,
        multiplier=state.multiplier,
        unseen=PACK.difference(hand, stack),
        lacks=tuple(lacks),
        eights_rule=state.setup.eights_rule,
        winner=state.winner,
    )
