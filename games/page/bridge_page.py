"""What a Bridge table shows (bridge.md): the blind, the stack, the move in progress, the
effects to come, the mover's prompt and the words on their buttons, per-seat facts.

Built from one viewer's ``observe()`` view and that viewer's legal actions only, like
everything in ``games.page``: nothing here can show a card the view does not hold. The
pages use it when the view has a ``stack`` (``shows``), never by the game's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.page.action_labels import action_label
from games.page.cards import SUITS, card_label
from games.page.labels import seat_name
from games.page.vocabulary import BRIDGE_PHASE_LABELS
from games.rules.bridge.effects import following
from games.rules.bridge.scoring import J_POINTS, trailing_jacks

# The receipt's item codes (games.rules.bridge.scoring), which the result partial picks out.
ITEMS = {
    "jpoints": "J points",  # untranslated: an item code (data-item), not shown as text
    "hand": "hand points",  # untranslated: an item code (data-item), not shown as text
}
RANK_PLURALS = {
    "J": pgettext_lazy("bridge", "jacks"),
    "Q": pgettext_lazy("bridge", "queens"),
    "K": pgettext_lazy("bridge", "kings"),
    "A": pgettext_lazy("bridge", "aces"),
}
RANK_WORDS = {
    "J": pgettext_lazy("bridge", "jack"),
    "Q": pgettext_lazy("bridge", "queen"),
    "K": pgettext_lazy("bridge", "king"),
    "A": pgettext_lazy("bridge", "ace"),
}
A_RANK = {
    "J": pgettext_lazy("bridge", "a jack"),
    "Q": pgettext_lazy("bridge", "a queen"),
    "K": pgettext_lazy("bridge", "a king"),
    "A": pgettext_lazy("bridge", "an ace"),
    "8": pgettext_lazy("bridge", "an 8"),
}
COUNT_WORDS = {
    1: pgettext_lazy("bridge run", "one"),
    2: pgettext_lazy("bridge run", "two"),
    3: pgettext_lazy("bridge run", "three"),
    4: pgettext_lazy("bridge run", "four"),
}
# A card of a suit, as a demand says it ("Play a ♥ heart or a jack").
SUIT_A = {
    "H": pgettext_lazy("bridge demand", "a ♥ heart"),
    "D": pgettext_lazy("bridge demand", "a ♦ diamond"),
    "S": pgettext_lazy("bridge demand", "a ♠ spade"),
    "C": pgettext_lazy("bridge demand", "a ♣ club"),
}
SUIT_NAMES = {
    "H": pgettext_lazy("suit", "hearts"),
    "D": pgettext_lazy("suit", "diamonds"),
    "S": pgettext_lazy("suit", "spades"),
    "C": pgettext_lazy("suit", "clubs"),
}
SUIT_BUTTONS = {
    "H": pgettext_lazy("wish button", "♥ Hearts"),
    "D": pgettext_lazy("wish button", "♦ Diamonds"),
    "S": pgettext_lazy("wish button", "♠ Spades"),
    "C": pgettext_lazy("wish button", "♣ Clubs"),
}
RECENT = 5  # stack cards shown under the top card
ANY_CARD = gettext_lazy("any card")


def shows(view: Mapping[str, Any] | None) -> bool:
    """The view is a Bridge table's (it has a stack)."""
    return view is not None and "stack" in view


def rank_plural(rank: str) -> str:
    """ "kings" for ``K``, "8s" for ``8``."""
    if rank in RANK_PLURALS:
        return str(RANK_PLURALS[rank])
    return pgettext("bridge, a number rank in the plural", "%(rank)ss") % {"rank": rank}


def rank_word(rank: str) -> str:
    """ "king" for ``K``, "8" for ``8``."""
    return str(RANK_WORDS.get(rank, rank))


def a_rank(rank: str) -> str:
    if rank in A_RANK:
        return str(A_RANK[rank])
    return pgettext("bridge, a number rank", "a %(rank)s") % {"rank": rank}


def suit_text(suit: str) -> str:
    """ "a ♥ heart" for ``H``."""
    return str(SUIT_A[suit])


def context(
    view: Mapping[str, Any],
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
        "phase_label": BRIDGE_PHASE_LABELS.get(view["phase"], ""),
        "item_codes": ITEMS,
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
        "starter_is_me": me is not None and view.get("starter") == me,
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
    return {"bridge": bridge, "controls": worded}


class _Names:
    def __init__(self, seat_rows: list[dict[str, Any]]) -> None:
        self.rows = seat_rows

    def __call__(self, seat: int | None) -> str:
        return seat_name(seat, self.rows) if seat is not None else ""

    def is_me(self, seat: int | None) -> bool:
        return any(row["index"] == seat and row["is_me"] for row in self.rows)


def _wish(suit: str | None) -> dict[str, str] | None:
    if suit is None:
        return None
    symbol, _name, colour = SUITS[suit]
    return {"suit": suit, "symbol": symbol, "name": str(SUIT_NAMES[suit]), "colour": colour}


def _run_text(run: int, top: str | None) -> str:
    if not top:
        return ""
    rank = top[1:]
    if run <= 1:
        return _("Run: one %(rank)s (four %(ranks)s in a row make a Bridge)") % {
            "rank": rank_word(rank),
            "ranks": rank_plural(rank),
        }
    words = {"count": COUNT_WORDS.get(run, run), "ranks": rank_plural(rank)}
    if run >= 4:
        return _("Run: %(count)s %(ranks)s in a row") % words
    return _("Run: %(count)s %(ranks)s in a row (four make a Bridge)") % words


def _move_text(view: Mapping[str, Any], names: _Names) -> str:
    move = view.get("move")
    if not move:
        return ""
    who = names(move["seat"])
    played, drawn = len(move["cards"]), move["drawn"]
    if played and drawn:
        return _("%(who)s: %(played)s, %(drew)s") % {
            "who": who,
            "played": ngettext("played %(count)s card", "played %(count)s cards", played) % {"count": played},
            "drew": ngettext("drew %(count)s card", "drew %(count)s cards", drawn) % {"count": drawn},
        }
    if played:
        return ngettext("%(who)s: played %(count)s card", "%(who)s: played %(count)s cards", played) % {
            "who": who,
            "count": played,
        }
    if drawn:
        return ngettext("%(who)s: drew %(count)s card", "%(who)s: drew %(count)s cards", drawn) % {
            "who": who,
            "count": drawn,
        }
    return ""  # what the table waits for says it


def _draws(names: _Names, seat: int, count: int) -> str:
    """ "Bob draws 2", "You draw 2"."""
    if names.is_me(seat):
        return _("You draw %(count)s") % {"count": count}
    return _("%(name)s draws %(count)s") % {"name": names(seat), "count": count}


def _draws_and_misses(names: _Names, seat: int, count: int) -> str:
    """ "Bob draws 4 and misses a turn", "You draw 4 and miss a turn"."""
    if names.is_me(seat):
        return _("You draw %(count)s and miss a turn") % {"count": count}
    return _("%(name)s draws %(count)s and misses a turn") % {"name": names(seat), "count": count}


def _chooses(names: _Names, seat: int) -> str:
    if names.is_me(seat):
        return _("You choose")
    return _("%(name)s chooses") % {"name": names(seat)}


def _spread(view: Mapping[str, Any], mover: int, eights: int, names: _Names) -> str:
    """Who draws what when ``eights`` 8s are spread (§8.5): "Bob draws 2, Carol draws 2"."""
    counts: dict[int, int] = {}
    for seat in following(mover, view["seats"], eights):
        counts[seat] = counts.get(seat, 0) + 2
    return pgettext("list separator", ", ").join(_draws(names, seat, n) for seat, n in counts.items())


def _pending(view: Mapping[str, Any], names: _Names) -> list[str]:
    """What the move in progress will do to the following players when it ends (§8.5)."""
    pending, move = view.get("pending"), view.get("move")
    if not pending or not move:
        return []
    players, mover = view["seats"], move["seat"]
    nxt = (mover + 1) % players
    out = []
    if pending["sevens"]:
        k = pending["sevens"]
        if names.is_me(nxt):
            text = ngettext(
                "%(count)s seven: You draw %(count)s card", "%(count)s sevens: You draw %(count)s cards", k
            )
        else:
            text = ngettext(
                "%(count)s seven: %(name)s draws %(count)s card",
                "%(count)s sevens: %(name)s draws %(count)s cards",
                k,
            )
        out.append(text % {"count": k, "name": names(nxt)})
    if pending["eights"]:
        k = pending["eights"]
        rule = view["options"].get("eights_rule", "player_choice")
        spread = _spread(view, mover, k, names)
        words = {"count": k, "next": _draws_and_misses(names, nxt, 2 * k), "spread": spread}
        if k == 1 or players == 2 or rule == "always_next":
            out.append(ngettext("%(count)s eight: %(next)s", "%(count)s eights: %(next)s", k) % words)
        elif rule == "always_spread":
            out.append(
                ngettext(
                    "%(count)s eight, spread: %(spread)s; each misses a turn",
                    "%(count)s eights, spread: %(spread)s; each misses a turn",
                    k,
                )
                % words
            )
        else:
            words["chooser"] = _chooses(names, mover)
            out.append(
                ngettext(
                    "%(count)s eight: %(next)s, or they are spread (%(spread)s): %(chooser)s",
                    "%(count)s eights: %(next)s, or they are spread (%(spread)s): %(chooser)s",
                    k,
                )
                % words
            )
    if pending["aces"]:
        k = pending["aces"]
        skipped = following(mover, players, k)
        passed = pgettext("list separator", ", ").join(names(s) for s in skipped)
        if k == 1 and names.is_me(skipped[0]):
            out.append(_("1 ace: You are passed over"))
        else:
            out.append(
                ngettext(
                    "%(count)s ace: %(names)s is passed over", "%(count)s aces: %(names)s are passed over", k
                )
                % {"count": k, "names": passed}
            )
    return out


def _doing(view: Mapping[str, Any], names: _Names, me: int | None) -> str:
    """What the table waits for, in words everyone may read."""
    if not view["to_act"]:
        return ""
    seat = view["to_act"][0]
    words = {"name": names(seat)}
    you = seat == me
    phase = view["phase"]
    if phase == "wish":
        return (
            _("You wish a suit for the next player")
            if you
            else _("%(name)s wishes a suit for the next player") % words
        )
    if phase == "bridge":
        return _("You may declare Bridge") if you else _("%(name)s may declare Bridge") % words
    if phase == "eights":
        return (
            _("You choose who draws for the 8s")
            if you
            else _("%(name)s chooses who draws for the 8s") % words
        )
    if phase == "jpoints":
        if you:
            return _("You choose how the J points count")
        return _("%(name)s chooses how the J points count") % words
    move = view.get("move") or {}
    if move.get("cover"):
        return _("You must cover the 6") if you else _("%(name)s must cover the 6") % words
    return _("You are to play") if you else _("%(name)s is to play") % words


def _opening_demand(view: Mapping[str, Any]) -> str:
    """What may open a move onto the top card (§8.1), as the prompt says it."""
    top, wish = view.get("top"), view.get("wish")
    if top is None:
        return str(ANY_CARD)
    if top[1:] == "J" and wish:
        return _("%(suit)s (the wished suit) or a jack") % {"suit": suit_text(wish)}
    if top[1:] == "J":
        return _("%(suit)s or a jack") % {"suit": suit_text(top[0])}
    return _("%(suit)s, %(rank)s or a jack") % {"suit": suit_text(top[0]), "rank": a_rank(top[1:])}


def _prompt(view: Mapping[str, Any], legal: list[str], names: _Names) -> str:
    """What the seat to act is asked, in a sentence."""
    phase = view["phase"]
    move = view.get("move") or {}
    cards = [a.partition(":")[2] for a in legal if a.startswith("play:")]
    if phase == "wish":
        return _("Your move ended on a jack: wish the suit the next player must play (or a jack).")
    if phase == "bridge":
        top = view.get("top") or ""
        return _("Four %(ranks)s in a row: declare Bridge and end the round now, or play on.") % {
            "ranks": rank_plural(top[1:])
        }
    if phase == "eights":
        k = sum(1 for c in move.get("cards", []) if c[1:] == "8")
        if view.get("winner") is not None:
            text = ngettext(
                "You played %(count)s eight: choose who draws before the count.",
                "You played %(count)s eights: choose who draws before the count.",
                k,
            )
        else:
            text = ngettext(
                "You played %(count)s eight: choose who draws.",
                "You played %(count)s eights: choose who draws.",
                k,
            )
        return text % {"count": k}
    if phase == "jpoints":
        j = trailing_jacks(move.get("cards", []))
        m = view["multiplier"]
        return ngettext(
            "You ended the round on %(count)s jack: J points %(base)s × %(count)s × %(multiplier)s"
            " = %(total)s. Take them off your own total, or add them to everyone else's.",
            "You ended the round on %(count)s jacks: J points %(base)s × %(count)s × %(multiplier)s"
            " = %(total)s. Take them off your own total, or add them to everyone else's.",
            j,
        ) % {"count": j, "base": J_POINTS, "multiplier": m, "total": J_POINTS * j * m}
    stage = move.get("stage")
    if stage == "first" and move.get("opening"):
        if len(cards) == 1 and len(view["hand"]) > 1:
            return _("Open the round with %(card)s, the last card dealt to you.") % {
                "card": card_label(cards[0])
            }
        return _("Open the round: play any card.")
    if stage == "first":
        if cards:
            return _("Play %(demand)s.") % {"demand": _opening_demand(view)}
        return _("You hold no card to play (%(demand)s): draw one.") % {"demand": _opening_demand(view)}
    if stage == "drawn":
        drawn = (view.get("drawn") or [None])[-1]
        name = {"card": card_label(drawn) if drawn else _("a card")}
        if cards and "stop" in legal:
            return _("You drew %(card)s: play it, or keep it and end your move.") % name
        if cards:
            return _("You drew %(card)s: it fits, so play it.") % name
        return _("You drew %(card)s: it does not fit; end your move.") % name
    if stage == "add":
        top = view.get("top") or ""
        if top[1:] == "J":
            return _("Add another jack, or end your move.")
        return _("Add another %(rank)s, or end your move.") % {"rank": rank_word(top[1:])}
    if stage == "cover":
        top = view.get("top") or ""
        if top:
            demand = _("%(suit)s, another 6 or a jack") % {"suit": suit_text(top[0])}
        else:
            demand = _("a card")
        if cards:
            return _("Cover the 6: play %(demand)s.") % {"demand": demand}
        return _("Cover the 6 (%(demand)s): you hold none, so draw until you can.") % {"demand": demand}
    return ""


def button_label(action: str, view: Mapping[str, Any], names: _Names) -> str:
    """The words on a Bridge decision's button (cards are played from the hand)."""
    word, _colon, arg = action.partition(":")
    move = view.get("move") or {}
    if action == "draw":
        return _("Draw a card (none covers the 6)") if move.get("stage") == "cover" else _("Draw a card")
    if action == "stop":
        return _("Keep it and end my move") if move.get("stage") == "drawn" else _("End my move")
    if action == "bridge":
        return _("Declare Bridge: end the round now")
    if action == "no-bridge":
        return _("Play on (no Bridge)")
    if word == "wish" and arg in SUITS:
        return str(SUIT_BUTTONS[arg])
    if word == "eights":
        mover = move.get("seat", 0)
        k = sum(1 for c in move.get("cards", []) if c[1:] == "8")
        closing = view.get("winner") is not None
        nxt = (mover + 1) % view["seats"]
        words = {"name": names(nxt), "count": 2 * k, "spread": _spread(view, mover, k, names)}
        if arg == "next":
            if closing:
                return _("Next player (%(name)s) draws %(count)s") % words
            return _("Next player (%(name)s) draws %(count)s, misses a turn") % words
        if closing:
            return _("Spread: %(spread)s") % words
        return _("Spread: %(spread)s; each misses a turn") % words
    if word == "jpoints":
        j = trailing_jacks(move.get("cards", []))
        amount = {"amount": J_POINTS * j * view["multiplier"]}
        if arg == "minus":
            return _("Minus: −%(amount)s off my total") % amount
        return _("Plus: +%(amount)s on each other player's total") % amount
    return action


# A Bridge move as the replay's log names it, without the table around it (button_label words
# the same moves for the seat about to make them).
MOVE_WORDS = {
    "draw": pgettext_lazy("bridge move", "Draw a card"),
    "stop": pgettext_lazy("bridge move", "End the move"),
    "bridge": pgettext_lazy("bridge move", "Declare Bridge"),
    "no-bridge": pgettext_lazy("bridge move", "Play on (no Bridge)"),
    "eights:next": pgettext_lazy("bridge move", "8s: the next player draws"),
    "eights:spread": pgettext_lazy("bridge move", "8s: spread among the others"),
    "jpoints:minus": pgettext_lazy("bridge move", "J points: minus off the own total"),
    "jpoints:plus": pgettext_lazy("bridge move", "J points: plus on the others' totals"),
}


def move_words(action: str) -> str:
    """``action`` of a Bridge log in words: "Play 10♠", "Wish ♥ hearts", "Draw a card"."""
    word, _colon, arg = action.partition(":")
    if word == "wish" and arg in SUIT_NAMES:
        return pgettext("bridge move", "Wish %(suit)s") % {"suit": SUIT_BUTTONS[arg]}
    if action in MOVE_WORDS:
        return str(MOVE_WORDS[action])
    return action_label(action, "bridge")
