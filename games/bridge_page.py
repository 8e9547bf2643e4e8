"""What a Bridge table shows (bridge.md): the blind, the stack, the move in progress, the
effects to come, the mover's prompt and the words on their buttons, per-seat facts.

Built from one viewer's ``observe()`` view and that viewer's legal actions only, like
everything in ``games.pages``: nothing here can show a card the view does not hold. The
pages use it when the view has a ``stack`` (``shows``), never by the game's name.
"""

from __future__ import annotations

from typing import Any

from games.rules.bridge.effects import following
from games.rules.bridge.scoring import J_POINTS, trailing_jacks
from games.rules.words import plural
from games.templatetags.tarokk import SUITS, card_label, seat_name
from games.vocabulary import agree

# The words the shared partials use for a hand and a match (a Bridge hand is a round, bridge.md).
TERMS = {"hand": "round", "Hand": "Round", "match": "game", "Match": "Game"}

PHASE_LABELS = {
    "play": "Play",
    "bridge": "Bridge?",
    "wish": "Wish a suit",
    "eights": "8s: next or spread",
    "jpoints": "J points",
    "over": "",  # the status line says "Round over"
}
RANK_PLURALS = {"J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}
RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}
RECENT = 5  # stack cards shown under the top card


def shows(view: dict[str, Any] | None) -> bool:
    """The view is a Bridge table's (it has a stack)."""
    return view is not None and "stack" in view


def rank_plural(rank: str) -> str:
    return RANK_PLURALS.get(rank, f"{rank}s")


def a_rank(rank: str) -> str:
    word = RANK_WORDS.get(rank, rank)
    return f"an {word}" if word in ("8", "ace") else f"a {word}"


def suit_text(suit: str) -> str:
    """ "♥ heart" for ``H``."""
    symbol, name, _colour = SUITS[suit]
    return f"{symbol} {name[:-1]}"


def context(
    view: dict[str, Any],
    legal: list[str],
    me: int | None,
    seat_rows: list[dict[str, Any]],
    controls: dict[str, Any],
) -> dict[str, Any]:
    """The Bridge parts of a room page's context: ``bridge`` (the table's facts), ``controls``
    with the buttons worded for this table, and ``terms``. Marks ``seat_rows`` with each
    seat's public facts."""
    names = _Names(seat_rows)
    move = view.get("move")
    mover = move["seat"] if move else None
    over = view["phase"] == "over"
    to_act = me is not None and me in view["to_act"]
    wish = view.get("wish")
    run = view.get("run") or 0
    top = view.get("top")
    stack = view.get("stack") or []
    bridge = {
        "phase_label": PHASE_LABELS.get(view["phase"], view["phase"].title()),
        "multiplies": bool(view["options"].get("reshuffle_multiplier", True)),
        "wish": _wish(wish),
        "run_text": _run_text(run, top),
        "below": stack[-1 - RECENT : -1],
        "hidden_below": max(0, len(stack) - 1 - RECENT),
        "mover": mover,
        "mover_name": names(mover),
        # A card of this move that a reshuffle took back into the blind is named, not shown as
        # a card on the table (``data-card`` is for cards where they are now).
        "move_cards": [(card, card in stack) for card in move["cards"]] if move else [],
        "move_drawn": move["drawn"] if move else 0,
        "jacks": trailing_jacks(move["cards"]) if move else 0,
        "move_text": _move_text(view, names),
        "pending": _pending(view, names),
        "doing": _doing(view, names, me),
        "prompt": _prompt(view, legal, names) if to_act else None,
        "starter_name": names(view.get("starter")),
    }
    for row in seat_rows:
        i = row["index"]
        row.update(
            bridge=True,
            dealer=False,  # the starter opens the round; nobody deals in Bridge's words
            declarer=False,
            starter=view.get("starter") == i,
            winner=view.get("winner") == i,
            ended_by=view.get("ended_by"),
            card_count=view["hand_counts"][i],
            cards=None,  # the count is shown with the Bridge facts (no tricks in Bridge)
            drew=(view.get("drawn_counts") or [0] * (i + 1))[i],
            played=len(move["cards"]) if move and move["seat"] == i and not over else 0,
            round_points=row["payment"],
            payment=None,  # shown with the Bridge facts, as penalty points
        )
    worded = dict(controls)
    worded["buttons"] = [
        {"action": b["action"], "label": button_label(b["action"], view, names)} for b in controls["buttons"]
    ]
    return {"bridge": bridge, "controls": worded, "terms": TERMS}


class _Names:
    def __init__(self, seat_rows: list[dict[str, Any]]) -> None:
        self.rows = seat_rows

    def __call__(self, seat: int | None) -> str:
        return seat_name(seat, self.rows) if seat is not None else ""


def _verb(who: str, verb: str) -> str:
    """``verb`` ("chooses", "misses") as it goes with ``who`` ("You choose", "You miss")."""
    return agree(who, verb)


def _wish(suit: str | None) -> dict[str, str] | None:
    if suit is None:
        return None
    symbol, name, colour = SUITS[suit]
    return {"suit": suit, "symbol": symbol, "name": name, "colour": colour}


def _run_text(run: int, top: str | None) -> str:
    if not top:
        return ""
    rank = top[1:]
    if run <= 1:
        return f"Run: one {rank_plural(rank)[:-1]} (four {rank_plural(rank)} in a row make a Bridge)"
    return f"Run: {COUNT_WORDS.get(run, run)} {rank_plural(rank)} in a row" + (
        "" if run >= 4 else " (four make a Bridge)"
    )


def _move_text(view: dict[str, Any], names: _Names) -> str:
    move = view.get("move")
    if not move:
        return ""
    who = names(move["seat"])
    parts = []
    if move["cards"]:
        parts.append(f"played {plural(len(move['cards']), 'card')}")
    if move["drawn"]:
        parts.append(f"drew {plural(move['drawn'], 'card')}")
    if not parts:
        return ""  # what the table waits for says it
    return f"{who}: " + ", ".join(parts)


def _spread(view: dict[str, Any], mover: int, eights: int, names: _Names) -> str:
    """Who draws what when ``eights`` 8s are spread (§8.5): "Bob draws 2, Carol draws 2"."""
    counts: dict[int, int] = {}
    for seat in following(mover, view["seats"], eights):
        counts[seat] = counts.get(seat, 0) + 2
    return ", ".join(f"{names(seat)} {_verb(names(seat), 'draws')} {n}" for seat, n in counts.items())


def _pending(view: dict[str, Any], names: _Names) -> list[str]:
    """What the move in progress will do to the following players when it ends (§8.5)."""
    pending, move = view.get("pending"), view.get("move")
    if not pending or not move:
        return []
    players, mover = view["seats"], move["seat"]
    nxt = names((mover + 1) % players)
    out = []
    draws, misses = _verb(nxt, "draws"), _verb(nxt, "misses")
    if pending["sevens"]:
        k = pending["sevens"]
        out.append(f"{plural(k, 'seven')}: {nxt} {draws} {plural(k, 'card')}")
    if pending["eights"]:
        k = pending["eights"]
        rule = view["options"].get("eights_rule", "player_choice")
        spread = _spread(view, mover, k, names)
        if k == 1 or players == 2 or rule == "always_next":
            out.append(f"{plural(k, 'eight')}: {nxt} {draws} {2 * k} and {misses} a turn")
        elif rule == "always_spread":
            out.append(f"{k} eights, spread: {spread}; each misses a turn")
        else:
            out.append(
                f"{k} eights: {nxt} {draws} {2 * k} and {misses} a turn, or they are spread"
                f" ({spread}): {names(mover)} {_verb(names(mover), 'chooses')}"
            )
    if pending["aces"]:
        k = pending["aces"]
        passed = ", ".join(names(s) for s in following(mover, players, k))
        out.append(
            f"{plural(k, 'ace')}: {passed} {'is' if k == 1 and passed != 'You' else 'are'} passed over"
        )
    return out


def _doing(view: dict[str, Any], names: _Names, me: int | None) -> str:
    """What the table waits for, in words everyone may read."""
    if not view["to_act"]:
        return ""
    seat = view["to_act"][0]
    who = names(seat)
    you = seat == me
    phase = view["phase"]
    if phase == "wish":
        return f"{who} {'wish' if you else 'wishes'} a suit for the next player"
    if phase == "bridge":
        return f"{who} may declare Bridge"
    if phase == "eights":
        return f"{who} {_verb(who, 'chooses')} who draws for the 8s"
    if phase == "jpoints":
        return f"{who} {_verb(who, 'chooses')} how the J points count"
    move = view.get("move") or {}
    if move.get("cover"):
        return f"{who} must cover the 6"
    return f"{who} {'are' if you else 'is'} to play"


def _opening_demand(view: dict[str, Any]) -> str:
    """What may open a move onto the top card (§8.1), as the prompt says it."""
    top, wish = view.get("top"), view.get("wish")
    if top is None:
        return "any card"
    if top[1:] == "J" and wish:
        return f"a {suit_text(wish)} (the wished suit) or a jack"
    if top[1:] == "J":
        return f"a {suit_text(top[0])} or a jack"
    return f"a {suit_text(top[0])}, {a_rank(top[1:])} or a jack"


def _prompt(view: dict[str, Any], legal: list[str], names: _Names) -> str:
    """What the seat to act is asked, in a sentence."""
    phase = view["phase"]
    move = view.get("move") or {}
    cards = [a.partition(":")[2] for a in legal if a.startswith("play:")]
    if phase == "wish":
        return "Your move ended on a jack: wish the suit the next player must play (or a jack)."
    if phase == "bridge":
        top = view.get("top") or ""
        return f"Four {rank_plural(top[1:])} in a row: declare Bridge and end the round now, or play on."
    if phase == "eights":
        k = sum(1 for c in move.get("cards", []) if c[1:] == "8")
        when = " before the count" if view.get("winner") is not None else ""
        return f"You played {k} eights: choose who draws{when}."
    if phase == "jpoints":
        j = trailing_jacks(move.get("cards", []))
        m = view["multiplier"]
        return (
            f"You ended the round on {plural(j, 'jack')}: J points {J_POINTS} × {j} × {m} ="
            f" {J_POINTS * j * m}. Take them off your own total, or add them to everyone else's."
        )
    stage = move.get("stage")
    if stage == "first" and move.get("opening"):
        if len(cards) == 1 and len(view["hand"]) > 1:
            return f"Open the round with {card_label(cards[0])}, the last card dealt to you."
        return "Open the round: play any card."
    if stage == "first":
        if cards:
            return f"Play {_opening_demand(view)}."
        return f"You hold no card to play ({_opening_demand(view)}): draw one."
    if stage == "drawn":
        drawn = (view.get("drawn") or [None])[-1]
        name = card_label(drawn) if drawn else "a card"
        if cards and "stop" in legal:
            return f"You drew {name}: play it, or keep it and end your move."
        if cards:
            return f"You drew {name}: it fits, so play it."
        return f"You drew {name}: it does not fit; end your move."
    if stage == "add":
        top = view.get("top") or ""
        if top[1:] == "J":
            return "Add another jack, or end your move."
        return f"Add another {rank_plural(top[1:])[:-1]}, or end your move."
    if stage == "cover":
        top = view.get("top") or ""
        demand = f"a {suit_text(top[0])}, another 6 or a jack" if top else "a card"
        if cards:
            return f"Cover the 6: play {demand}."
        return f"Cover the 6 ({demand}): you hold none, so draw until you can."
    return ""


def button_label(action: str, view: dict[str, Any], names: _Names) -> str:
    """The words on a Bridge decision's button (cards are played from the hand)."""
    word, _, arg = action.partition(":")
    move = view.get("move") or {}
    if action == "draw":
        return "Draw a card (none covers the 6)" if move.get("stage") == "cover" else "Draw a card"
    if action == "stop":
        return "Keep it and end my move" if move.get("stage") == "drawn" else "End my move"
    if action == "bridge":
        return "Declare Bridge: end the round now"
    if action == "no-bridge":
        return "Play on (no Bridge)"
    if word == "wish" and arg in SUITS:
        symbol, name, _colour = SUITS[arg]
        return f"{symbol} {name.capitalize()}"
    if word == "eights":
        mover = move.get("seat", 0)
        k = sum(1 for c in move.get("cards", []) if c[1:] == "8")
        closing = view.get("winner") is not None
        nxt = (mover + 1) % view["seats"]
        if arg == "next":
            return f"Next player ({names(nxt)}) draws {2 * k}" + ("" if closing else ", misses a turn")
        return f"Spread: {_spread(view, mover, k, names)}" + ("" if closing else "; each misses a turn")
    if word == "jpoints":
        j = trailing_jacks(move.get("cards", []))
        amount = J_POINTS * j * view["multiplier"]
        if arg == "minus":
            return f"Minus: −{amount} off my total"
        return f"Plus: +{amount} on each other player's total"
    return action
