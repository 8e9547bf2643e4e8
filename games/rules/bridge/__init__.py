"""Bridge, the 36-card shedding game for 2 to 4 players (Mau-Mau family, not contract bridge):
shared/rules/bridge.md.

``BRIDGE`` implements ``variant.Variant``. A Bridge *round* is one hand of the site; its
``HandContext.dealer`` is the round's **starter**, the player who opens the stack (§2). The
match (``match_rules``) adds the penalty points up, sends a total of exactly 125 back to 0,
ends once a total passes ``end_threshold`` (lowest total wins) and lets the highest total start
the next round.

Modules, one concept each: ``pack`` (the 36 cards, values, matching), ``state`` (phases, the
move in progress, the frozen record), ``deal`` (5 cards each from the blind, the hidden salt),
``blind`` (drawing, reshuffling the stack into the blind), ``move`` (first card, drawing, adding,
covering a 6), ``bridge`` (the run and the Bridge), ``turn`` (the end of a move: wish, 8s
choice, the turn passing on), ``effects`` (7s, 8s, As), ``outcome`` (the end of the round, the
J-points choice, the HandResult), ``scoring`` (the count, pure), ``observe`` (the
hidden-information door), ``engine`` (the one gate for every action).

Phases and their actions (canonical text; one seat acts at a time, ``legal_actions`` is empty
for every other seat):

- ``play`` (the mover; what is legal depends on the move's stage, see ``move``):
  ``play:<card>`` plays a legal first card, the card just drawn, a card added of the top
  card's rank, or a cover for a 6 (e.g. ``play:H9``, ``play:D10``); ``draw`` takes one card from
  the blind, only when the mover holds no legal first card, or no cover for their 6;
  ``stop`` ends the move when adding is optional (or, with ``must_play_drawn_card`` off, after
  a draw). A move with nothing left to do ends by itself.
- ``bridge`` (the mover, when their card made the run of one rank 4): ``bridge`` declares Bridge
  and ends the round; ``no-bridge`` plays on.
- ``wish`` (the mover, when their move ended on their J and they still hold cards):
  ``wish:H`` | ``wish:S`` | ``wish:D`` | ``wish:C``.
- ``eights`` (the mover, after 2 or more 8s in a move with 3 or 4 players and
  ``eights_rule`` = ``player_choice``; also at the end of the round when the final move's
  effects count): ``eights:next`` | ``eights:spread``.
- ``jpoints`` (the round winner, when the round ended on a J and ``j_points_rule`` =
  ``winner_choice``): ``jpoints:minus`` | ``jpoints:plus``.
- ``over``: no actions.

Every action is public (``is_public`` is always True); the log names a card only when it is
played. A drawn card is seen by its drawer alone (``observe``: ``hand``, ``drawn``).

A round always ends: a draw that finds the blind empty and only the top card on the stack is
skipped (the move ends; a 6 awaiting cover stays uncovered). That can never stall the table,
since then every other card is in some hand, so someone holds a J (all four, or three when a J
lies on top), may play it, and puts a second card on the stack for the next reshuffle.

Readings where bridge.md is silent or could be read two ways:

- The deal gives each player 5 cards at a time from the starter on (the squawk7x engine), so the
  ``last_dealt`` card is the 5th of the starter's packet (``deal``).
- The effects of a finished move (§8.5) happen at once: the drawing players take no action.
- A move with nothing left to add ends by itself. With ``must_play_drawn_card`` an unplayable
  drawn card ends the move at once and a playable one is the only legal action; without it
  every draw waits for ``play:<card>`` or ``stop``, so the others never learn whether it fitted.
- The opening move is a normal move after its first card: same-rank cards may be added, a 6
  must be covered, its 7s, 8s and As act, its J asks for a wish.
- The Bridge question is asked when the card makes the run exactly 4, except when that card
  empties the player's hand and is not a 6 (going out then ends the round the same way).
  The run counts the cards played; after a reshuffle a card played again counts again.
- "Spread" hands the 8s one at a time to the players after the 8-player, wrapping round and
  skipping them; play resumes with the player after the last recipient in playing order, even
  when that player also received one (the engine's ``activate_next_player``). An effect that
  cannot draw all its cards draws what it can.
- At the end of a round (``finish_effects_before_count``) the final move's 7s and 8s make the
  players draw (the winner still chooses next or spread for two or more 8s); its As do nothing;
  reshuffles made by those draws raise M. This holds for a Bridge as for going out.
- J points (§10.2) also follow a Bridge of Js; ``j`` counts only the final move's Js.
- The reset at exactly 125 happens at 125 whatever ``end_threshold`` is (§10.4 names 125).
- When the skipped draw leaves a 6 uncovered and the player's hand is empty, the player goes out.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Deal, HandContext, HandResult, Option, resolve_options
from ..match import HIGHEST_TOTAL, MatchRules
from ..words import _, pgettext
from . import deal as _deal
from . import engine
from .observe import observe as _observe
from .pack import sort_cards as _sort_cards
from .state import BridgeState, Phase

OPTIONS = (
    Option("players", 3, (2, 3, 4), label=_("Players")),
    Option(
        "eights_rule",
        "player_choice",
        ("player_choice", "always_next", "always_spread"),
        label=_("Two or more 8s (player's choice; always all on the next player; always spread)"),
    ),
    Option(
        "j_points_rule",
        "winner_choice",
        ("winner_choice", "always_minus", "always_plus"),
        label=_(
            "Round ending on Js (winner's choice; always minus for the winner; always plus for the others)"
        ),
    ),
    Option(
        "reshuffle_multiplier", True, (True, False), label=_("Each reshuffle multiplies the round's points")
    ),
    Option("reset_at_exact_125", True, (True, False), label=_("A total of exactly 125 goes back to 0")),
    Option("end_threshold", 125, minimum=1, maximum=1000, label=_("The game ends when a total exceeds")),
    Option("must_play_drawn_card", True, (True, False), label=_("A playable drawn card must be played")),
    Option(
        "opening_card",
        "starter_choice",
        ("starter_choice", "last_dealt"),
        label=_("Opening card (the starter's choice; the last card dealt to the starter)"),
    ),
    Option(
        "finish_effects_before_count",
        True,
        (True, False),
        label=_("The last move's 7s and 8s take effect before the count"),
    ),
)


class Bridge:
    key = "bridge"
    name = pgettext("game", "Bridge")
    seats: tuple[int, ...] = (2, 3, 4)
    options: tuple[Option, ...] = OPTIONS

    def seat_count(self, options: Mapping[str, Any]) -> int:
        return int(resolve_options(self.options, options)["players"])

    def deal(self, rng: random.Random, seats: int, options: Mapping[str, Any], dealer: int = 0) -> Deal:
        """A shuffled pack dealt 5 at a time from the starter (``dealer``), see ``deal``."""
        players = self.seat_count(options)
        if seats != players:
            raise ValueError(
                f"This Bridge table is played by {players}, not {seats}"  # untranslated: programmer error
            )
        if not 0 <= dealer < players:
            raise ValueError(f"No seat {dealer} to start the round")  # untranslated: programmer error
        return _deal.deal(rng, players, dealer)

    def new_hand(self, deal: Deal, context: HandContext) -> BridgeState:
        return _deal.new_hand(deal, context, self.options)

    def to_act(self, state: BridgeState) -> frozenset[int]:
        return state.to_act

    # The functions themselves, not a method calling them: the server asks for these at every
    # position, for every seat.
    legal_actions = staticmethod(engine.legal_actions)

    def apply(self, state: BridgeState, seat: int, action: str) -> BridgeState:
        return engine.apply(state, seat, action)

    observe = staticmethod(_observe)

    def public_phase(self, state: BridgeState) -> str:
        return state.phase.value

    def is_over(self, state: BridgeState) -> bool:
        return state.phase is Phase.OVER

    def is_public(self, state: BridgeState, seat: int, action: str) -> bool:
        return True

    def result(self, state: BridgeState) -> HandResult | None:
        """Once over: ``payments`` = each seat's penalty points from this round (J points + hand
        points × M; not zero-sum); ``items`` = one "hand points" line per seat and the "J
        points" lines, each ``base × multiplier = amount`` with ``seat`` set; ``declarer`` =
        the round winner; ``reason`` "went out" or "Bridge"; ``contract`` None; ``next_dealer``
        None (the match lets the highest total start)."""
        return state.result

    def sort_cards(self, cards: Sequence[str], options: Mapping[str, Any]) -> list[str]:
        return list(_sort_cards(cards))

    def match_rules(self, options: Mapping[str, Any]) -> MatchRules:
        """§2, §10.4–§10.5, §11: penalty points, lowest wins, the game ends after a round that
        leaves a total above ``end_threshold``; a total of exactly 125 goes back to 0 when
        ``reset_at_exact_125`` is on, at 125 whatever the threshold (the rules name 125); the
        highest total starts the next round; the first starter is random."""
        resolved = resolve_options(self.options, options)
        return MatchRules(
            seats=int(resolved["players"]),
            length=0,
            zero_sum=False,
            lowest_wins=True,
            end_above=int(resolved["end_threshold"]),
            reset_at=125 if resolved["reset_at_exact_125"] else None,
            next_dealer_rule=HIGHEST_TOTAL,
            first_dealer="random",
        )


BRIDGE = Bridge()

__all__ = [
    "BRIDGE",
    "OPTIONS",
    "Bridge",  # untranslated: a name exported
    "BridgeState",
    "Phase",  # untranslated: a name exported
]
