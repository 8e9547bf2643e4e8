"""The controls of one decision: the legal actions of the viewer's seat split into the panels
that show them, each with the words a player reads. Pure functions of the viewer's ``View`` and
legal actions (``games.page.context`` passes them in)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from games.bots.appraisal import CHANCE
from games.page.action_labels import action_label
from games.page.vocabulary import vocabulary
from games.rules.czech.deal import STYLE_NAMES

# What "pass" means, phase by phase (the same word ends many kinds of decision).
PASS_LABELS = {
    "shuffle": pgettext_lazy("button", "Done: hand the deck to be cut"),
    "valat": pgettext_lazy("button", "No valat"),
    "iote": pgettext_lazy("button", "Do not call it"),
    "contra": pgettext_lazy("button", "No contra"),
}
LABELS = {
    "shuffle": pgettext_lazy("button", "Shuffle again"),
    "prever": pgettext_lazy("button", "Prever (play alone)"),
    "take": pgettext_lazy("button", "Take the talon card"),
    "offer": pgettext_lazy("button", "Offer it unseen"),
    "accept": pgettext_lazy("button", "Accept the offered card"),
    "refuse": pgettext_lazy("button", "Refuse it"),
    "reject": pgettext_lazy("button", "Reject these three"),
    "declare": pgettext_lazy("button", "Announce the money cards"),
    "decline": pgettext_lazy("button", "Keep my Uni / Bida secret"),
    "valat": pgettext_lazy("button", "Call valat (all 12 tricks)"),
    "iote": pgettext_lazy("button", "Call I on the end"),
    "contra": pgettext_lazy("button", "Contra"),
    "rhea-contra": pgettext_lazy("button", "Rhea-contra"),
    "supra-contra": pgettext_lazy("button", "Supra-contra"),
}
KNOCK_STYLES = STYLE_NAMES  # czech.md §3.2, named by the rules core


def button_label(
    action: str, view: Mapping[str, Any] | None, me: int | None, turn_has_calls: bool = False
) -> str:
    """The text of a decision's button: the action's name, or what it means in this phase."""
    phase = (view or {}).get("phase")
    variant = (view or {}).get("variant")
    word, _colon, arg = action.partition(":")
    highest: Any = (view or {}).get("highest_bid")
    mine = bool(highest) and highest["seat"] == me and phase == "auction"
    if action == "pass":
        if phase == "announce":
            return (
                pgettext("button", "End my turn")
                if turn_has_calls
                else pgettext("button", "Pass (no announcement)")
            )
        if mine:
            return pgettext(
                "button", "Pass: klop is played"
            )  # the opener still standing at three (slovenian3.md §4.3)
        if phase == "prever":
            if view and view.get("povinnost") == me:
                return pgettext("button", "Go with a partner")
            return pgettext("button", "Pass (go ahead)")
        if phase in PASS_LABELS:
            return str(PASS_LABELS[phase])
        return pgettext("bid", "Pass")
    if word == "keep" and phase == "talon":
        stage = ((view or {}).get("prever_talon") or {}).get("stage")
        return (
            pgettext("button", "Keep the bottom three")
            if stage == "bottom"
            else pgettext("button", "Keep these three")
        )
    if word == "reject" and phase == "talon":
        stage = ((view or {}).get("prever_talon") or {}).get("stage")
        if stage == "bottom":
            return pgettext("button", "Reject them too: take back the top three")
        return pgettext("button", "Reject: show them, see the other three")
    if word == "knock":
        return pgettext("button", "Knock: deal %(style)s") % {"style": KNOCK_STYLES.get(arg, arg)}
    if word == "pile":
        return pgettext("button", "Take pile %(number)s") % {"number": arg}
    if word in LABELS and not arg:
        return str(LABELS[word])
    label = action_label(action, variant)
    contract = str(highest["contract"]) if mine else ""  # a message: in the viewer's language
    if word == "bid" and mine and label.lower() == contract.lower():
        # The final call repeats the bid (slovenian3.md §4.2).
        return pgettext("button", "Keep %(contract)s") % {"contract": contract}
    return label


def controls_for(
    view: Mapping[str, Any] | None, legal: list[str], me: int | None, only_pass: str | None = None
) -> dict[str, Any]:
    """Split the legal actions into the panels that show them (cards are shown in the hand).

    ``buttons`` are the plain decisions, as ``{"action", "label"}`` (pass, bids, holds, raises,
    the partner call, annul, prever, talon offers, money, valat, I on the end, contra, the
    piles, knocking); ``announce`` and ``kontra`` are an announcement phase's bonus and
    kontra-chain calls (the game's own kontra words, ``games.page.vocabulary``), shown in their own
    groups; ``talon`` the face-up talon groups the declarer may take (``take:<n>``, each with
    its cards, from the view's ``talon_groups``); ``cut`` the cut positions (one choice list);
    ``discard`` the discard form; ``note`` why a bidder may not pass, when the game says so.
    """
    empty: dict[str, Any] = {
        "buttons": [],
        "announce": [],
        "kontra": [],
        "talon": [],
        "cut": None,
        "discard": None,
        "note": "",
    }
    if view is None or me is None:
        return empty
    kontra_words = vocabulary(view.get("variant")).kontra_words
    groups = view.get("talon_groups") or []
    turn = view.get("announce_turn")
    turn_has_calls = bool(turn and turn["calls"])
    buttons, announce, kontra, talon, cuts = [], [], [], [], []
    for action in legal:
        word, _colon, arg = action.partition(":")
        if word in ("play", "discard"):
            continue
        if word == "announce":
            announce.append(action)
        elif word in kontra_words:
            kontra.append(action)
        elif word == "cut":
            cuts.append(action)
        elif word == "take" and arg.isdigit() and 0 < int(arg) <= len(groups):
            talon.append({"action": action, "number": int(arg), "cards": groups[int(arg) - 1]})
        elif action == "declare" and "decline" in legal:
            buttons.append({"action": action, "label": pgettext("button", "Declare my Uni / Bida too")})
        else:
            buttons.append({"action": action, "label": button_label(action, view, me, turn_has_calls)})
    cut = None
    if cuts:
        positions = [int(a.split(":", 1)[1]) for a in cuts]
        default = 32 if 32 in positions else positions[len(positions) // 2]
        cut = {"choices": [(f"cut:{k}", k) for k in positions], "default": f"cut:{default}"}
    discards = [a for a in legal if a.startswith("discard:")]
    discard = None
    if discards:
        count = len(discards[0].split(":", 1)[1].split(","))
        choosable = sorted({c for a in discards for c in a.split(":", 1)[1].split(",")})
        discard = {
            "count": count,
            "left": _discards_left(view, me, count),
            "legal_json": json.dumps(discards),
            "choosable": set(choosable),
            # Slovenian: a tarok may have to go, and then everyone sees it (slovenian3.md §5.1).
            "tarok_shown": "discarded_taroks" in view and any(c.startswith("T") for c in choosable),
        }
    return {
        **empty,
        "buttons": buttons,
        "announce": announce,
        "kontra": kontra,
        "talon": talon,
        "cut": cut,
        "discard": discard,
        "note": _auction_note(view, legal, me) or _only_pass_note(only_pass),
    }


def hint_offer(
    room: Any, hand: Any, view: Mapping[str, Any] | None, legal: list[str], me: int | None, seq: int
) -> dict[str, Any] | None:
    """The "What would the robot play?" button (``games.page.hint``), as ``{"seq"}``: offered
    to a seated viewer with a choice to make (two legal actions or more, not one of chance: the
    Czech shuffle, cut and piles, which the robot does not appraise) in a hand still being
    played, at an unrated table (``Room.rated`` False, a guided hand included) that is not a
    fixed deal's (the daily deal: ``Room.fixed_seed``); None anywhere else. ``games.page.hint``
    refuses the same cases."""
    if room.rated or room.fixed_seed or hand is None or hand.is_over:
        return None
    if view is None or me is None or me not in view["to_act"] or len(legal) < 2:
        return None
    if view["phase"] in CHANCE:
        return None
    return {"seq": seq}


def _discards_left(view: Mapping[str, Any], me: int, count: int) -> int:
    """Cards the viewer still has to discard in all: the talon cards it received less those it
    has discarded so far (Czech discards one card an action, czech.md §5); else ``count``."""
    received = (view.get("talon_received") or [None] * (me + 1))[me]
    if received is None:
        return count
    done = (view.get("discards") or [None] * (me + 1))[me] or []
    return max(count, len(received) - len(done))


def _auction_note(view: Mapping[str, Any], legal: list[str], me: int) -> str:
    """Why a Slovenian bidder may not pass (slovenian3.md §4.2): forehand's special turn, or the
    final call of the last one standing. Only views with a ``highest_bid`` have these turns."""
    if view.get("phase") != "auction" or "highest_bid" not in view or not legal or "pass" in legal:
        return ""
    if "bid:klop" in legal:
        return _("Both others passed: name klop (everyone plays for themselves), three or a higher contract.")
    highest = view["highest_bid"]
    if highest and highest["seat"] == me:
        return _("Both others passed: keep your contract or name a higher one.")
    return ""


def _only_pass_note(why: str | None) -> str:
    """ "You may only pass. You need an honour (Skíz, XXI or Pagát) to bid." (hungarian.md §4.1)"""
    if not why:
        return ""
    return _("You may only pass. %(why)s.") % {"why": why.rstrip(".")}


def hand_cards(
    view: Mapping[str, Any] | None, legal: set[str], reasons: dict[str, str] | None = None
) -> list[dict[str, Any]]:
    """The viewer's cards as the hand shows them. ``reasons``: why each card that cannot be
    pressed now cannot (``games.page.why_not``); ``why_id`` names the one hidden element per distinct
    reason that the cards' ``aria-describedby`` point to (``why_first`` marks where it goes)."""
    if view is None:
        return []
    discardable: set[str] = set()
    for a in legal:
        if a.startswith("discard:"):
            discardable.update(a.split(":", 1)[1].split(","))
    drawn = set(view.get("drawn") or ())  # Bridge: the cards the viewer has just drawn
    numbers: dict[str | None, int] = {}  # by reason (never None: a card without one has no number)
    cards = []
    for card in view["hand"]:
        why = (reasons or {}).get(card)
        first = why is not None and why not in numbers
        if first:
            numbers[why] = len(numbers) + 1
        cards.append(
            {
                "card": card,
                "play": f"play:{card}" if f"play:{card}" in legal else None,
                "discardable": card in discardable,
                "drawn": card in drawn,
                "why": why,
                "why_id": f"why-{numbers[why]}" if why is not None else None,
                "why_first": first,
            }
        )
    return cards
