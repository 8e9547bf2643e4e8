"""The hand file (docs/hand-format.md): a hand or a match written out as versioned JSON, and
read back by replaying every action through the rules core.

Writing needs only the log; reading trusts nothing in the file: the game, the options, the
deal and each action go through the same gate as live play, and the first thing refused is
named with its position, so a tampered file says where it was changed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _

from games.models import Hand
from games.rules import Deal, HandContext, IllegalAction, get_variant
from games.rules.base import State, UnknownVariant, resolve_options
from tarokk_site import inputs

HAND_FORMAT = "tarokk-hand"
MATCH_FORMAT = "tarokk-match"
VERSION = 1

# A file's limits, checked before its text is parsed (size, nesting) or its hands replayed
# (hands, actions): a hand file is 5 levels deep and a long match file well under 2 MB.
LONGEST_FILE = 2_000_000  # bytes of UTF-8
DEEPEST = 32  # arrays and objects inside one another (json.loads recurses once per level)
MOST_HANDS = 500  # hands of a match file
MOST_ACTIONS = 2_000  # actions of one hand


class BadFile(ValueError):
    """A hand file the site cannot take; the message says what and where, for people."""


def parse(text: str) -> Any:
    """The JSON a hand or match file's ``text`` holds, within the file's limits (``LONGEST_FILE``
    bytes, ``DEEPEST`` levels of nesting): ``BadFile`` naming the limit or the JSON fault. The
    nesting is counted before ``json.loads`` runs, so a deeply nested text is never parsed (it
    recursed into a RecursionError)."""
    check_size(len(text.encode("utf-8", errors="surrogatepass")))
    if inputs.json_depth(text) > DEEPEST:
        raise BadFile(
            _("The file is nested too deeply: at most %(most)s levels of lists and objects")
            % {"most": DEEPEST}
        )
    try:
        return json.loads(text)
    except ValueError as exc:
        raise BadFile(_("The file is not JSON: %(reason)s") % {"reason": exc}) from None


def check_size(size: int) -> None:
    """``BadFile`` for a file of ``size`` bytes past ``LONGEST_FILE`` (checked before reading
    it when its size is known: an upload, a file on disk)."""
    if size > LONGEST_FILE:
        raise BadFile(
            _("The file is too long: at most %(most)s bytes")
            % {"most": formats.number_format(LONGEST_FILE, force_grouping=True)}
        )


def hand_document(hand: Hand) -> dict[str, Any]:
    """``hand`` in the hand file form: what it was played under, its deal, every action and
    its result (null while it runs), and where it was played."""
    actions = hand.actions.order_by("seq").values_list("seat", "action")
    document = write_hand(hand.variant, hand.context_value(), hand.deal_value(), list(actions), hand.result)
    document.update(
        table=hand.room.code, hand=hand.number, match=hand.match_no, played=hand.created.isoformat()
    )
    return document


def write_hand(
    game: str,
    context: HandContext,
    deal: Deal,
    actions: Iterable[tuple[int, str]],
    result: Mapping[str, Any] | None,
) -> dict[str, Any]:
    """The hand file of a hand given by its parts (``seat, action`` pairs in log order)."""
    written = context.to_json()
    options = written.pop("options")
    return {
        "format": HAND_FORMAT,
        "version": VERSION,
        "game": game,
        "options": options,
        "context": written,
        "deal": deal.to_json(),
        "actions": [{"seq": n, "seat": s, "action": action} for n, (s, action) in enumerate(actions, 1)],
        "result": dict(result) if result is not None else None,
    }


def match_document(hands: Iterable[Hand]) -> dict[str, Any]:
    """Several hands of one match, in order, in the match file form."""
    documents = [hand_document(hand) for hand in sorted(hands, key=lambda h: h.number)]
    first = documents[0] if documents else {}
    return {
        "format": MATCH_FORMAT,
        "version": VERSION,
        "game": first.get("game"),
        "table": first.get("table"),
        "match": first.get("match"),
        "hands": documents,
    }


@dataclass(frozen=True)
class CheckedHand:
    """A hand read from a file and replayed to its last action by the rules core."""

    game: str
    options: dict[str, Any]
    context: HandContext
    deal: Deal
    actions: tuple[tuple[int, str], ...]
    state: State
    result: dict[str, Any] | None  # the replayed result (None: the actions stop before the end)

    @property
    def seats(self) -> int:
        return get_variant(self.game).seat_count(self.options)


def read_document(data: Any) -> list[CheckedHand]:
    """Every hand of a hand file or a match file, each replayed; ``BadFile`` at the first fault."""
    if not isinstance(data, Mapping):
        raise BadFile(_("The file must hold one JSON object"))
    kind = data.get("format")
    if kind == MATCH_FORMAT:
        _check_version(data)
        hands = data.get("hands")
        if not isinstance(hands, list) or not hands:
            raise BadFile(_("A match file needs a list of hands"))
        if len(hands) > MOST_HANDS:
            raise BadFile(_("A match file may hold at most %(most)s hands") % {"most": MOST_HANDS})
        checked = []
        for number, hand in enumerate(hands, 1):
            try:
                checked.append(read_hand(hand))
            except BadFile as exc:
                raise BadFile(
                    _("Hand %(number)s of the match: %(fault)s") % {"number": number, "fault": exc}
                ) from None
        return checked
    return [read_hand(data)]


def read_hand(data: Any) -> CheckedHand:
    """One hand file replayed through the rules core, or ``BadFile`` naming the first fault."""
    if not isinstance(data, Mapping) or data.get("format") != HAND_FORMAT:
        raise BadFile(
            _('This is not a hand file: "format" must be "%(hand)s" or "%(match)s"')
            % {"hand": HAND_FORMAT, "match": MATCH_FORMAT}
        )
    _check_version(data)
    try:
        variant = get_variant(str(data.get("game")))
    except UnknownVariant as exc:
        raise BadFile(str(exc)) from None
    given_options, given_context = _mapping(data, "options"), _mapping(data, "context")
    deal = _deal(data.get("deal"))
    try:
        options = resolve_options(variant.options, given_options)
        context = HandContext.from_json({**given_context, "options": options})
        state = variant.new_hand(deal, context)
    except (ValueError, TypeError) as exc:
        raise BadFile(_("The hand cannot start: %(reason)s") % {"reason": exc}) from None
    actions = _actions(data.get("actions"))
    for position, (seat, action) in enumerate(actions, 1):
        try:
            state = variant.apply(state, seat, action)
        except (IllegalAction, ValueError, IndexError) as exc:
            # IndexError: a seat the table does not have, which no rule message covers.
            raise BadFile(
                _("Action %(number)s (seat %(seat)s, %(action)s) is refused: %(reason)s")
                % {"number": position, "seat": seat + 1, "action": action, "reason": exc}
            ) from None
    replayed = variant.result(state) if variant.is_over(state) else None
    result = replayed.to_json() if replayed is not None else None
    written = data.get("result")
    if written is not None and written != result:
        raise BadFile(_("The result in the file is not the one its actions give"))
    return CheckedHand(variant.key, options, context, deal, actions, state, result)


def _check_version(data: Mapping[str, Any]) -> None:
    if data.get("version") != VERSION:
        version = data.get("version")
        raise BadFile(
            _("Version %(version)r of the hand file is unknown; this site reads version %(known)s")
            % {"version": version, "known": VERSION}
        )


def _mapping(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise BadFile(_('"%(key)s" must be an object') % {"key": key})
    return dict(value)


def _deal(value: Any) -> Deal:
    if not isinstance(value, Mapping) or not isinstance(value.get("hands"), list):
        raise BadFile(_('"deal" must be an object with "hands", a list of card lists'))
    for key in ("hands", "talon", "deck"):
        cards = value.get(key, [])
        rows = cards if key == "hands" else [cards]
        if not all(isinstance(row, list) and all(isinstance(c, str) for c in row) for row in rows):
            raise BadFile(
                _('"deal" "%(key)s" must hold lists of cards written as text ("T22", "HK")') % {"key": key}
            )
    return Deal.from_json(value)


def _actions(value: Any) -> tuple[tuple[int, str], ...]:
    """The ``(seat, action)`` pairs of the file's actions, which must be numbered 1, 2, 3..."""
    if not isinstance(value, list):
        raise BadFile(_('"actions" must be a list'))
    if len(value) > MOST_ACTIONS:
        raise BadFile(_("A hand may hold at most %(most)s actions") % {"most": MOST_ACTIONS})
    actions = []
    for position, entry in enumerate(value, 1):
        if not isinstance(entry, Mapping):
            raise BadFile(
                _("Action %(number)s must be an object with seq, seat and action") % {"number": position}
            )
        seq, seat, action = entry.get("seq"), entry.get("seat"), entry.get("action")
        if seq != position or isinstance(seq, bool):
            raise BadFile(
                _("Action %(number)s must have seq %(number)s, not %(seq)r")
                % {"number": position, "seq": seq}
            )
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(action, str):
            raise BadFile(
                _("Action %(number)s needs a seat number and an action written as text")
                % {"number": position}
            )
        actions.append((seat, action))
    return tuple(actions)
