"""The shape every variant shares: deals, contexts, options, results, errors.

Pure: standard library only. A variant module implements the ``Variant`` protocol of
``games.rules.variant``; ``games.rules.get_variant(key)`` finds it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from . import views
from .words import Msg, _, from_json, to_json

# A viewer is a seat number, or one of these two.
AUDIENCE = "audience"  # public information only
EVERYONE = "everyone"  # every card (staff inspector, and everyone once the hand is over)

Viewer = int | str
State = Any  # each variant has its own frozen dataclass
View = views.View  # a TypedDict per game (games.rules.views); JSON-serialisable but for messages


def check_viewer(viewer: Viewer, seats: int) -> int | None:
    """The viewer's seat, or None for the audience and everyone; ValueError otherwise."""
    if type(viewer) is int and 0 <= viewer < seats:  # a seat: the common case, asked first
        return viewer
    if viewer in (AUDIENCE, EVERYONE):
        return None
    if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < seats:
        return viewer
    raise ValueError(f"Unknown viewer {viewer!r}")  # untranslated: programmer error


class ActionError(ValueError):
    """An action the rules do not take, for either reason below; the message is shown to the
    player as is. Catch this to catch both."""


class IllegalAction(ActionError):
    """A well-formed action the rules refuse here and now: not your turn, a card you must not
    play, a bid too low (python-chess's ``IllegalMoveError``)."""


class UnknownAction(ActionError):
    """An action no position could take: an unknown word, a missing or unknown argument, a card
    not in the pack ("frobnicate", "play:ZZ"); a malformed request (python-chess's
    ``InvalidMoveError``)."""


class UnknownVariant(KeyError):
    def __str__(self) -> str:  # KeyError quotes its message; we want it plain
        return str(self.args[0])


@dataclass(frozen=True)
class Option:
    name: str
    default: Any
    choices: tuple[Any, ...] | None = None  # None: any value that ``validate`` accepts
    minimum: int | None = None
    maximum: int | None = None
    label: Msg | str = ""
    # Defaults that depend on another option, as (that option, its value, this default): the
    # first whose option has that value wins over ``default`` (Hungarian ``match_hands`` is 20
    # with ``five_player``). A value given for this option always wins.
    default_if: tuple[tuple[str, Any, Any], ...] = ()

    def default_for(self, resolved: Mapping[str, Any]) -> Any:
        """The default among ``resolved`` options (each of ``default_if``'s declared before)."""
        for name, value, default in self.default_if:
            if resolved.get(name) == value and type(resolved.get(name)) is type(value):
                return default
        return self.default

    def validate(self, value: Any) -> Any:
        if self.choices is not None:
            # Of the same type too: 1 == True and 0 == False in Python, but ``1`` is no yes.
            if not any(value == c and type(value) is type(c) for c in self.choices):
                allowed = ", ".join(str(c) for c in self.choices)
                raise ValueError(
                    _(
                        "Option {name} must be one of {allowed}, not {value}",
                        name=self.name,
                        allowed=allowed,
                        value=repr(value),
                    )
                )
            return value
        if isinstance(self.default, bool) or not isinstance(self.default, int):
            raise ValueError(  # pragma: no cover
                f"Option {self.name} has no allowed values"  # untranslated: programmer error
            )
        number = whole_number(value)
        if number is None:
            raise ValueError(
                _("Option {name} must be a whole number, not {value}", name=self.name, value=repr(value))
            )
        if self.minimum is not None and number < self.minimum:
            raise ValueError(
                _("Option {name} must be at least {minimum}", name=self.name, minimum=self.minimum)
            )
        if self.maximum is not None and number > self.maximum:
            raise ValueError(
                _("Option {name} must be at most {maximum}", name=self.name, maximum=self.maximum)
            )
        return number


def whole_number(value: Any) -> int | None:
    """``value`` as an int when it is one, or its plain decimal writing ("12", "-3"); None for
    anything else: a bool, a float, "1.5", "1e9", "true", "１０" (digits that ``int()`` would
    take but no form writes), a number too long to be meant."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and WHOLE_NUMBER.fullmatch(value):
        return int(value)
    return None


WHOLE_NUMBER = re.compile(r"-?[0-9]{1,30}")


def resolve_options(declared: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in (in declaration order, so a default may depend on an option declared
    before it: ``Option.default_if``), every value validated, unknown names refused."""
    given = dict(given or {})
    known = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ValueError(_("Unknown option {name}", name=unknown[0]))
    resolved: dict[str, Any] = {}
    for option in declared:
        resolved[option.name] = (
            option.validate(given[option.name]) if option.name in given else option.default_for(resolved)
        )
    return resolved


@dataclass(frozen=True)
class Deal:
    """The explicit cards: one tuple per seat, and the talon in dealt order (card 1 first).

    A variant whose players shuffle and cut at the table (Czech) deals no hands: it stores
    the whole pack in ``deck`` (top card first, before any shuffle or cut) and ``salt``, the
    hidden per-hand secret that keys the dealer's extra shuffles (``cards.permutation``).
    """

    hands: tuple[tuple[str, ...], ...]
    talon: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    salt: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"hands": [list(h) for h in self.hands], "talon": list(self.talon)}
        if self.deck:
            data["deck"] = list(self.deck)
        if self.salt:
            data["salt"] = self.salt
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Deal:
        return cls(
            hands=tuple(tuple(h) for h in data.get("hands", ())),
            talon=tuple(data.get("talon", ())),
            deck=tuple(data.get("deck", ())),
            salt=str(data.get("salt", "")),
        )


@dataclass(frozen=True)
class HandContext:
    """What a hand needs to know from outside it: the dealer, the options, match facts."""

    dealer: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    doubled: bool = False  # inside a doubling period (Hungarian §10.6)
    opening: bool = False  # the first hand of a match (Czech §2: povinnost from T2..T8)
    radelci: tuple[int, ...] = ()  # per seat, held before this hand (Slovenian §10.6); () without

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "dealer": self.dealer,
            "options": dict(self.options),
            "doubled": self.doubled,
            "opening": self.opening,
        }
        if self.radelci:
            data["radelci"] = list(self.radelci)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandContext:
        return cls(
            dealer=int(data.get("dealer", 0)),
            options=dict(data.get("options", {})),
            doubled=bool(data.get("doubled", False)),
            opening=bool(data.get("opening", False)),
            radelci=tuple(int(n) for n in data.get("radelci", ())),
        )


@dataclass(frozen=True)
class ScoredItem:
    """One line of the result receipt: ``base × multiplier = amount`` for ``side``.

    ``amount`` is signed from the declarer side's point of view (it is what is added to V),
    except for a line with ``paid_to`` set (a Hungarian tarokk count paid by each other
    player): that line is settled outside V, each other player pays ``amount`` to that seat;
    and except for a line with ``seat`` set (a Slovenian individual score: a mond penalty,
    škisfang, one player's klop score; Bridge's penalty points): that line is outside V too,
    and ``amount`` is added to that seat's payment alone.
    """

    # A key, in English: "game", "trull", "four kings", "pagát ultimó", "XXI-catch", "volát", ...
    name: str
    side: str  # "declarer" or "opponents"
    base: int
    multiplier: int
    amount: int
    announced: bool = False
    note: Msg | str = ""
    paid_to: int | None = None  # the seat every other player pays ``amount``; None: part of V
    seat: int | None = None  # the one seat this line is scored to, outside V; None: part of V
    # The name as a player reads it (a message); "": ``name``. Only how ``name`` is shown, so
    # two lines with the same name and figures are the same line whatever their labels.
    label: Msg | str = field(default="", compare=False)

    @property
    def title(self) -> Msg | str:
        """What the receipt shows for the line: ``label``, or ``name`` without one."""
        return self.label or self.name

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "side": self.side,
            "base": self.base,
            "multiplier": self.multiplier,
            "amount": self.amount,
            "announced": self.announced,
            "note": to_json(self.note),
            "paid_to": self.paid_to,
        }
        if self.seat is not None:
            data["seat"] = self.seat
        if self.label:
            data["label"] = to_json(self.label)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScoredItem:
        fields = ("side", "base", "multiplier", "amount", "announced")
        return cls(
            **{k: data[k] for k in fields},
            name=data["name"],
            label=from_json(data.get("label", "")),
            note=from_json(data["note"]),
            paid_to=data.get("paid_to"),
            seat=data.get("seat"),
        )


class Termination(StrEnum):
    """How a hand ended (python-chess's ``Termination``): the keys the pages compare and word.

    A str whose value is the text stored in results before the enum (``HandResult.to_json``,
    docs/hand-format.md), so stored hands and exports read the same."""

    # Keys, not words (the pages word them): untranslated.
    PLAYED_OUT = "played out"  # untranslated: every trick played
    ENDED_EARLY = "ended early"  # untranslated: Slovenian, the result fixed before the last trick
    ALL_PASSED = "all passed"  # untranslated: Hungarian, thrown in, nobody bid
    ANNULLED = "annulled"  # untranslated: Hungarian, thrown in by an annulment (its words say why)
    FAILED_TRIAL_BID = "failed trial bid"  # untranslated: Hungarian, the trial bidder found no honour
    WENT_OUT = "went out"  # untranslated: Bridge, the winner played their last card
    BRIDGE = "Bridge"  # untranslated: Bridge, the winner declared Bridge
    UNUSED_RADELCI = "unused radelci"  # untranslated: Slovenian, a match's last row (not a hand's)


def termination_of(value: Any) -> Any:
    """A stored reason read back: a ``Termination`` where it is one's value, else as it is (a
    message's words, or text stored before messages)."""
    if isinstance(value, str) and value in _TERMINATIONS:
        return Termination(value)
    return value


_TERMINATIONS = frozenset(t.value for t in Termination)


@dataclass(frozen=True)
class HandResult:
    """The outcome of a finished hand, as data."""

    thrown_in: bool
    # Per seat, what the hand adds to its total: chips or points won (negative: paid). They sum
    # to zero where the game is zero-sum (``MatchRules.zero_sum``); Bridge's are penalty points.
    payments: tuple[int, ...]
    contract: str | None = None
    declarer: int | None = None
    partner: int | None = None  # None when the declarer plays alone
    declarer_side: tuple[int, ...] = ()
    card_points: tuple[int, int] = (0, 0)  # (declarer side, opponents)
    game_winner: str | None = None  # "declarer" / "opponents"
    items: tuple[ScoredItem, ...] = ()
    value: int = 0  # V, the declarer side's total before settlement
    # Why it ended: a ``Termination``, or for an annulled hand the words naming who annulled it
    # and why (a Msg; its termination is ANNULLED). Text only in results stored before either.
    reason: Termination | Msg | str = ""
    next_dealer: int | None = None  # who deals the next hand; None: the match's own rotation
    radelci: tuple[int, ...] = ()  # per seat, radelci gained (+) or used up (−) in this hand

    @property
    def termination(self) -> Termination | None:
        """How the hand ended; None for a result stored before it was recorded."""
        if isinstance(self.reason, Termination):
            return self.reason
        return Termination.ANNULLED if isinstance(self.reason, Msg) else None

    @property
    def words(self) -> Msg | None:
        """What the page says of why it ended beyond ``termination`` (an annulment's reason)."""
        return self.reason if isinstance(self.reason, Msg) else None

    def view(self) -> dict[str, Any]:
        """``to_json`` with its messages as messages (a view: the page says them)."""
        data = self.to_json()
        data["items"] = [
            {**i, "label": from_json(i.get("label") or i["name"]), "note": from_json(i["note"])}
            for i in data["items"]
        ]
        data["reason"] = self.reason
        return data

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "thrown_in": self.thrown_in,
            "payments": list(self.payments),
            "contract": to_json(self.contract),
            "declarer": self.declarer,
            "partner": self.partner,
            "declarer_side": list(self.declarer_side),
            "card_points": list(self.card_points),
            "game_winner": self.game_winner,
            "items": [i.to_json() for i in self.items],
            "value": self.value,
            "reason": self.reason.value if isinstance(self.reason, Termination) else to_json(self.reason),
            "next_dealer": self.next_dealer,
        }
        if self.radelci:
            data["radelci"] = list(self.radelci)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandResult:
        """The inverse of ``to_json`` (a hand's stored result summary)."""
        return cls(
            thrown_in=bool(data["thrown_in"]),
            payments=tuple(data["payments"]),
            contract=from_json(data.get("contract")),
            declarer=data.get("declarer"),
            partner=data.get("partner"),
            declarer_side=tuple(data.get("declarer_side", ())),
            card_points=tuple(data.get("card_points", (0, 0))),
            game_winner=data.get("game_winner"),
            items=tuple(ScoredItem.from_json(i) for i in data.get("items", ())),
            value=int(data.get("value", 0)),
            reason=termination_of(from_json(data.get("reason", ""))),
            next_dealer=data.get("next_dealer"),
            radelci=tuple(int(n) for n in data.get("radelci", ())),
        )
