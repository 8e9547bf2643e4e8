"""What a guided hand's page explains, move by move, and the refusal of an unadvised move.

Keyed by the hand's position in its script: how many moves each seat has made. (Not the log's
length alone: in a simultaneous phase, the Hungarian discards, the robots may move before the
learner, so the log may order those moves unlike the script.) The explanations of a decision name
the learner's own cards, so only the learner's page shows them; once the hand is over every
card is public and the receipt's explanation shows to everyone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.page.action_labels import action_label
from games.rules import ActionError, get_variant
from games.rules.bridge.scoring import HAND_POINTS_ITEM

from . import LEARNER, SCRIPTS, Script
from .script import Text


@dataclass(frozen=True)
class Decision:
    number: int  # the learner's decision, counted from 1
    about: Text
    advised: str  # the advised action
    why: Text
    choices: tuple[str, ...]  # the legal actions, when few enough to list
    playable: tuple[str, ...]  # in a trick: the cards the rules allow (empty otherwise)
    held: int  # cards in the learner's hand
    rule: str  # the rules core's own message for a card the learner may not play
    # The choices and the advised move in words, as the table's buttons say them (``worded``).
    choice_words: tuple[str, ...] = ()
    advised_words: str = ""


@dataclass(frozen=True)
class ReceiptLine:
    name: str
    amount: int
    note: Any  # the rules core's note of the line (a message), None when it names cards
    explanation: Text  # said once, at the first line of its name
    seat: int | None = None  # a line of one seat's (Bridge's hand points of each player)
    cards: tuple[str, ...] | None = None  # the cards the line counts (Bridge: left in hand)


@dataclass(frozen=True)
class Panel:
    script: Script
    for_learner: bool
    intro: bool  # before the learner's first decision
    happened: tuple[Text, ...]  # the robots' moves since the learner's last, in words
    decision: Decision | None
    receipt: tuple[ReceiptLine, ...]
    over: bool
    off_script: bool  # the log left the script (a seat changed hands): no more advice


def same_move(a: str, b: str) -> bool:
    """One move in two spellings: the cards of a multi-card action in any order."""
    kind_a, _, rest_a = a.partition(":")
    kind_b, _, rest_b = b.partition(":")
    return kind_a == kind_b and sorted(rest_a.split(",")) == sorted(rest_b.split(","))


def learner_moves(script: Script) -> list[Any]:
    return [m for m in script.moves if m.seat == LEARNER]


def refusal(variant_key: str, made: int, seat: int, action: str) -> str | None:
    """Why the learner, who has made ``made`` moves, may not make ``action`` now, in the active
    language (None: it is the advised move, or the learner's part of the script is over)."""
    script = SCRIPTS.get(variant_key)
    if script is None or seat != LEARNER:
        return None
    moves = learner_moves(script)
    if made >= len(moves):
        return None
    move = moves[made]
    if move.advice is None or same_move(move.action, action):
        return None
    advice = move.advice
    if advice.otherwise:
        return str(advice.otherwise)
    label = action_label(move.action, variant_key)
    if advice.why:
        return _("In this guided hand the move here is “%(move)s”: %(why)s") % {
            "move": label,
            "why": advice.why,
        }
    return _("In this guided hand the move here is “%(move)s”: it is your only legal move.") % {"move": label}


def panel(variant_key: str, state: Any, log: list[tuple[int, str]], viewer_seat: int | None) -> Panel | None:
    """The guide panel for one viewer of a guided hand at ``state`` after the moves ``log``."""
    script = SCRIPTS.get(variant_key)
    if script is None:
        return None
    rules = get_variant(variant_key)
    made = {seat: [a for s, a in log if s == seat] for seat in {m.seat for m in script.moves}}
    off_script = (
        len(log) > len(script.moves)
        or any(
            len(done) > len(planned) or not all(same_move(a, b) for a, b in zip(done, planned, strict=False))
            for done, planned in (
                (made.get(s, []), [m.action for m in script.moves if m.seat == s]) for s in made
            )
        )
        or any(s not in made for s, _ in log)
    )
    over = rules.is_over(state)
    for_learner = viewer_seat == LEARNER
    ordinals = _ordinals(script)
    count = len(made.get(LEARNER, []))
    # The script's moves since the learner's last one that have been made, in the script's order.
    learner_at = [i for i, m in enumerate(script.moves) if m.seat == LEARNER]
    since = learner_at[count - 1] + 1 if count else 0
    until = learner_at[count] if count < len(learner_at) else len(script.moves)
    happened: tuple[Text, ...] = ()
    if for_learner:
        happened = tuple(
            m.note
            for i, m in enumerate(script.moves[since:until], start=since)
            if m.note and len(made.get(m.seat, [])) > ordinals[i]
        )
    decision = None
    if (
        for_learner
        and not over
        and not off_script
        and count < len(learner_at)
        and LEARNER in rules.to_act(state)
    ):
        decision = _decision(script, state, script.moves[learner_at[count]], count + 1)
    receipt: tuple[ReceiptLine, ...] = ()
    if over and not off_script:
        result = rules.result(state)
        items = result.items if result is not None else ()
        receipt = _receipt(script, items)
    return Panel(
        script=script,
        for_learner=for_learner,
        intro=for_learner and not count and not off_script,
        happened=happened,
        decision=decision,
        receipt=receipt,
        over=over,
        off_script=off_script,
    )


# The result lines whose note is the cards they count.
CARD_LINES = frozenset({HAND_POINTS_ITEM})


def _receipt(script: Script, items: Any) -> tuple[ReceiptLine, ...]:
    """The result's lines with the script's explanations, each said once. The note of a line
    that counts cards (Bridge's cards left in hand) is those cards' ids: kept as cards, for the
    page to name them."""
    lines, explained = [], set()
    for item in items:
        cards = tuple(str(item.note).split()) if item.name in CARD_LINES else None
        explanation = "" if item.name in explained else script.receipt.get(item.name, "")
        explained.add(item.name)
        note = None if cards is not None else item.note
        lines.append(ReceiptLine(item.name, item.amount, note, explanation, item.seat, cards))
    return tuple(lines)


def _ordinals(script: Script) -> list[int]:
    """For each move of the script, how many moves its seat made before it."""
    seen: dict[int, int] = {}
    ordinals = []
    for move in script.moves:
        ordinals.append(seen.get(move.seat, 0))
        seen[move.seat] = ordinals[-1] + 1
    return ordinals


# A decision with more legal actions than this (the discards' combinations) lists none of them.
LISTED = 12


def _decision(script: Script, state: Any, move: Any, number: int) -> Decision:
    rules = script.rules
    legal = rules.legal_actions(state, LEARNER)
    hand = list(rules.observe(state, LEARNER)["hand"])
    playable = tuple(a[5:] for a in legal if a.startswith("play:"))
    rule = ""
    if playable:
        barred = [c for c in hand if c not in playable]
        if barred:
            rule = _refused_message(rules, state, f"play:{barred[0]}")
    return Decision(
        number=number,
        about=move.advice.about,
        advised=move.action,
        why=move.advice.why,
        choices=tuple(legal) if not playable and len(legal) <= LISTED else (),
        playable=playable,
        held=len(hand),
        rule=rule,
    )


def _refused_message(rules: Any, state: Any, action: str) -> str:
    """The rules core's own words for an illegal move of the learner's."""
    try:
        rules.apply(state, LEARNER, action)
    except ActionError as refusal:
        return str(refusal)
    return ""
