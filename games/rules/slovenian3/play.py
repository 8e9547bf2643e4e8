"""Trick play (slovenian3.md §8): ``play:<card>``.

Forehand leads trick 1 in klop, three, two and one; the declarer in the other contracts.
Follow the suit led (a tarok lead with a tarok), else play a tarok, else anything
(``tricks.legal_follow``). On top of that:

- Klop, beggar, open beggar (§8.2), in this order: the player must beat the trick when able
  (``tricks.must_beat``); the pagat (T1) may be led or played only as the last allowed card;
  but a player holding T1 who must play a tarok to a trick holding T22 and T21 must play T1
  (emperor obligation, overriding both).
- An announced pagat ultimo keeps T1 for trick 16 unless it is the holder's only allowed card.
- The winner: T1 wins a trick holding T22, T21 and T1 in any order (emperor trick, §8.3);
  in colour valat taroks have no trumping power unless a tarok was led (§8.4).
- The open beggar's hand is laid face up before the opening lead or, with
  ``open_beggar_exposure = after_first_trick``, once trick 1 is complete (§8.5).
- Klop: the winner of each of the first six tricks also takes the next talon card, face up.
- The hand ends at once when its result is fixed (§8.5): beggar and open beggar when the
  declarer wins a trick, colour valat and valat when the declarer loses one. A valat
  announced in three, two or one does not end the hand early (§8.5 names the contracts only;
  mond penalties and škisfang can still follow).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import PACK_54
from ..tricks import (
    Trick,
    TrickRules,
    after_card,
    keep_back,
    legal_follow,
    must_beat,
    play_card,
    trick_winner,
)
from ..words import Msg, _, pgettext
from .outcome import finish
from .state import (
    CONTRACTS,
    HAND_SIZE,
    RANK,
    SEATS,
    T1,
    T21,
    T22,
    TRULA,
    Contract,
    Phase,
    SlovenianState,
    evolve,
    logged,
    or_list,
)

EMPEROR = _("You must play the pagat: škis and mond are in the trick")
PAGAT = _("You may play the pagat only when you have no other card you may play")
ULTIMO = _("You announced pagat ultimo: keep the pagat for the last trick")
KLOP_GIFTS = 6


def emperor_seat(cards: Sequence[tuple[int, str]]) -> int | None:
    """§8.3: the seat of T1 when T22, T21 and T1 are all in the trick, else None."""
    present = {card: seat for seat, card in cards if card in TRULA}
    return present[T1] if len(present) == 3 else None


def winner_of(cards: Sequence[tuple[int, str]], colour_valat: bool) -> int:
    led_tarok = cards[0][1][0] == "T"
    if not colour_valat or led_tarok:
        emperor = emperor_seat(cards)
        if emperor is not None:
            return emperor
    return trick_winner(cards, RANK.__getitem__, trumps_win=not colour_valat)


def _trick_rules(contract: Contract) -> TrickRules:
    colour_valat = contract.key == "colour-valat"
    return TrickRules(
        seats=SEATS,
        tricks=HAND_SIZE,
        pack=PACK_54,
        rank=RANK,
        trump_word=pgettext("trump", "tarok"),
        caller_word=_("the declarer"),
        winner=lambda cards: winner_of(cards, colour_valat),
    )


TRICK_RULES = {contract.key: _trick_rules(contract) for contract in CONTRACTS}


def start_play(state: SlovenianState) -> SlovenianState:
    contract = state.contract
    assert contract is not None
    leader = (
        state.declarer if contract.declarer_leads and state.declarer is not None else state.setup.forehand
    )
    state = evolve(state, phase=Phase.PLAY, to_act=frozenset({leader}), trick=Trick(leader=leader))
    if contract.key == "open-beggar" and state.setup.option("open_beggar_exposure") == "before_first_lead":
        state = _expose(state)
    return state


def _expose(state: SlovenianState) -> SlovenianState:
    return evolve(state, exposed=True, log=logged(state, (state.declarer, _("lays the hand face up"))))


def _keeps_pagat(state: SlovenianState, seat: int) -> bool:
    """§8.5: the announcer of pagat ultimo keeps T1 until trick 16."""
    announced = state.announcing.announced("ultimo")
    return announced is not None and announced[1] == seat and len(state.tricks) < HAND_SIZE - 1


def allowed(state: SlovenianState, seat: int, card: str | None = None) -> tuple[list[str], Msg]:
    """The cards ``seat`` may play now, and, for ``card`` (one that follows suit but is not
    among them), the player's reason."""
    assert state.trick is not None and state.contract is not None
    led = state.trick.led
    cards = legal_follow(state.hands[seat], led)
    if state.contract.negative:
        if T1 in cards and T22 in led and T21 in led and all(c[0] == "T" for c in cards):
            return [T1], EMPEROR
        beaten = must_beat(cards, led, RANK)
        kept = keep_back(beaten, T1, True)
        if card is not None and card in cards and card not in beaten:
            return kept, _("You must beat the trick: play {choices}", choices=or_list(kept))
        return kept, PAGAT
    return keep_back(cards, T1, _keeps_pagat(state, seat)), ULTIMO


def legal_plays(state: SlovenianState, seat: int) -> list[str]:
    return ["play:" + card for card in allowed(state, seat)[0]]


def apply_play(state: SlovenianState, seat: int, action: str) -> SlovenianState:
    trick = state.trick
    assert trick is not None and state.contract is not None
    card = action.partition(":")[2]
    playable, reason = allowed(state, seat, card)
    rules = TRICK_RULES[state.contract.key]
    played = play_card(rules, state.hands[seat], trick, seat, card, playable, reason, len(state.tricks) + 1)
    state = after_card(state, seat, played, rules, evolve, lambda s: s)
    if played.completed is None:
        return state
    return _after_trick(state, played.completed)


def _after_trick(state: SlovenianState, trick: Trick) -> SlovenianState:
    contract = state.contract
    assert contract is not None and trick.winner is not None
    number = len(state.tricks)
    winner = trick.winner
    if contract.key == "klop" and number <= KLOP_GIFTS:
        card = state.talon[number - 1]
        state = evolve(
            state,
            gifts=state.gifts + ((winner, card),),
            log=logged(state, (winner, _("takes talon card {number}: {card}", number=number, card=card))),
        )
    if number == 1 and contract.key == "open-beggar" and not state.exposed:
        state = _expose(state)
    declarer_won = winner == state.declarer
    if (contract.no_tricks and declarer_won) or (contract.all_tricks and not declarer_won):
        if declarer_won:
            text = _("The declarer took trick {number}: the hand ends", number=number)
        else:
            text = _("The declarer lost trick {number}: the hand ends", number=number)
        return finish(evolve(state, log=logged(state, (None, text))), early=True)
    if number == HAND_SIZE:
        return finish(state, early=False)
    return state
