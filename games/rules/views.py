"""What ``observe`` returns, per game: the one shape that robots, templates and ``view.json``
read. Each is a ``TypedDict``: at run time a plain dict (JSON-serialisable but for its messages),
so nothing that reads a view changes; to mypy, a dict whose keys and values are known.

A view is read-only below its top level: ``observe`` builds what every viewer of a state shares
once per state and gives each caller its own top-level dict over it (``records.memo``), so a
nested list or dict of one view may be another view's too. The keys are documented in each
game's ``observe`` module; the parts that several games build alike are
``games.rules.observing``'s. Nested records (a trick, a log line, a call) stay
``dict[str, Any]`` here: their keys are the tricks' and the logs' own (``tricks.trick_json``).
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from .words import Msg

Record = dict[str, Any]  # a nested record of a view: a trick, a log line, a call, a result


class HandsPart(TypedDict):
    """The hands as the viewer may see them (``observing.hands_view``)."""

    hand: list[str]  # the viewer's own cards; [] for the audience and everyone
    hands: list[list[str] | None]  # each seat's cards where the viewer may see them, else None
    hand_counts: list[int]


class TrickPlayPart(TypedDict):
    """The trick play, its review and log (``observing.trick_play_view``)."""

    trick: Record | None  # the trick in progress
    last_trick: Record | None
    tricks: list[Record]  # the tricks the viewer may review
    tricks_won: list[int]
    log: list[Record]  # [{"seat", "text"}]
    result: Record | None  # ``HandResult.view()`` once the hand is over


class TableView(TypedDict):
    """The keys every game's view has (and ``variant``: each game's own, which tells them apart)."""

    viewer: int | str  # a seat, "audience" or "everyone"
    phase: str
    seats: int
    dealer: int
    to_act: list[int]
    options: dict[str, Any]
    hand: list[str]
    hands: list[list[str] | None]
    hand_counts: list[int]
    auction: list[Record]
    declarer: int | None
    log: list[Record]
    result: Record | None
    deal: Record | None  # every card dealt, for everyone once the hand is over
    review: Record | None  # the finished hand, trick by trick


class TarotView(TableView):
    """The keys of the three tarot games' views, besides the table's."""

    trick: Record | None
    last_trick: Record | None
    tricks: list[Record]
    tricks_won: list[int]
    talon: list[str] | None
    discards: list[list[str] | None] | None
    public_sides: list[str | None]


class HungarianView(TarotView):
    variant: Literal["hungarian"]
    contract: str | None  # the contract's name, a key (``CONTRACT_BY_NAME``)
    sitter: int | None  # the dealer at a table of five, who sits the hand out
    forehand: int
    promise: Record | None
    trial: bool
    talon_received: list[list[str] | None] | None
    talon_counts: list[int] | None
    discarded: list[bool] | None
    discard_tarokk_counts: list[int] | None
    declarer_discarded_tarokks: list[str] | None
    annulled: Record | None
    called_card: str | None
    partner: int | None
    alone: bool | None
    announcements: list[Record]
    announce_turns: list[Record]
    announce_turn: Record | None
    items: list[Record]
    presumed_side: str | None
    tarokk_counts: list[Record]


class CzechView(TarotView):
    variant: Literal["czech"]
    contract: str | None  # PREVER or PARTNER_GAME
    cutter: int
    povinnost: int | None
    waiting: Msg | None  # what the others wait for, while a private choice is made
    shuffles: int
    cut: Record | None
    piles: list[int | None] | None
    talon_received: list[list[str] | None] | None
    talon_counts: list[int] | None
    talon_events: list[Record]
    prever_talon: Record | None
    discarded_trumps: list[Record]
    called_card: str | None
    partner: int | None
    alone: bool | None
    money: list[Record]
    valat: Record | None
    iote: Record | None
    contra: Record


class SlovenianView(TarotView):
    variant: Literal["slovenian3"]
    contract: Msg | None  # the contract's name as players read it (its key: ``contract_key``)
    forehand: int
    middlehand: int
    waiting: None
    highest_bid: Record | None
    contract_key: str | None
    talon_groups: list[list[str]] | None
    talon_taken: int | None
    discarded_taroks: list[str]
    klop_gifts: list[Record]
    exposed: list[str] | None
    radelci: list[int] | None
    announcements: list[Record]
    announce_turns: list[Record]
    announce_turn: Record | None
    items: list[Record]


class BridgeView(TableView):
    variant: Literal["bridge"]
    contract: None
    starter: int
    waiting: None
    hand_points: list[int | None]
    drawn: list[str]
    drawn_counts: list[int]
    blind_count: int
    blind: list[str] | None
    stack: list[str]
    top: str | None
    wish: str | None
    run: int
    run_cards: list[str]
    reshuffles: int
    multiplier: int
    move: Record | None
    pending: Record | None
    eights: str | None
    winner: int | None
    ended_by: str | None  # a Termination: WENT_OUT or BRIDGE
    jpoints: str | None
    trick: None  # no tricks in Bridge: the keys the tarot pages read, empty
    tricks: list[Record]
    tricks_won: None


# Any game's view: what ``Variant.observe`` returns.
View = HungarianView | CzechView | SlovenianView | BridgeView
