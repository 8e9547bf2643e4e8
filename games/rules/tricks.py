"""Trick mechanics shared by the tarot variants: the trick record, following suit, winning a
trick, and one card played to the trick in progress.

Everything here is variant-agnostic: a variant adds its own constraints on top (Hungarian
pagát ultimó, Czech I on the end, Slovenian trula rules) and passes in its pack, its rank
order, its words and, where a trick is not simply won by the highest trump or else the
highest card of the suit led, its own winner (``TrickRules``). ``must_beat`` is the
negative contracts' obligation to beat the trick (Slovenian klop and beggars).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .base import IllegalAction, UnknownAction
from .cards import SUIT_NAMES, TRUMP, pile_points
from .words import Msg, _

LogEntry = tuple[int | None, Msg]  # (acting seat or None, public text: card codes in ``card``/``cards``)


class Trick(NamedTuple):
    """A trick; a named tuple rather than a dataclass because play builds one per card."""

    leader: int
    cards: tuple[tuple[int, str], ...] = ()  # (seat, card) in playing order
    winner: int | None = None  # set once the trick is complete

    @property
    def led(self) -> list[str]:
        return [card for _, card in self.cards]


@dataclass(frozen=True)
class TrickRules:
    """What differs between the variants' trick play."""

    seats: int
    tricks: int  # in a hand
    pack: Collection[str]
    rank: Mapping[str, int]  # strength within trumps or within one suit (``cards.rank_table``)
    trump_word: Msg | str  # "tarokk" (Hungarian), "trump" (Czech): for the players' messages
    caller_word: Msg | str  # who calls a partner card: "the declarer", "povinnost"
    # The seat that wins a complete trick, ``(seat, card)`` in playing order; None: the highest
    # trump, else the highest card of the suit led (``trick_winner``). Slovenian: the emperor
    # trick and colour valat.
    winner: Callable[[Sequence[tuple[int, str]]], int] | None = None


def legal_follow(hand: Sequence[str], led_cards: Sequence[str]) -> list[str]:
    """The cards of ``hand`` that may be played to a trick already holding ``led_cards``.

    Follow the suit led if you can (a tarokk lead is followed with a tarokk); otherwise play
    a tarokk if you have one; otherwise anything. Nobody is obliged to beat the trick. Any
    card may lead. The result keeps the order of ``hand``.
    """
    if not led_cards:
        return list(hand)
    led = led_cards[0][0]
    same_suit = [card for card in hand if card[0] == led]
    if same_suit:
        return same_suit
    trumps = [card for card in hand if card[0] == TRUMP]
    return trumps or list(hand)


def must_beat(cards: Sequence[str], led_cards: Sequence[str], rank: Mapping[str, int]) -> list[str]:
    """Of ``cards`` (those ``legal_follow`` allows), the ones a player obliged to beat must play.

    Following a suit led: a card of that suit higher than the highest of that suit in the trick,
    unless a trump is in the trick already (then any card of the suit). Playing trumps (a trump
    lead, or void in the suit led): a trump higher than the highest trump in the trick, if one
    is there (else any trump). A player who cannot beat plays any of ``cards``, and a player
    with neither the suit nor a trump is free. The result keeps the order of ``cards``.
    """
    if not led_cards or not cards:
        return list(cards)
    led = led_cards[0][0]
    kinds = {card[0] for card in cards}
    trumps_in = [card for card in led_cards if card[0] == TRUMP]
    if kinds == {led} and led != TRUMP:
        if trumps_in:
            return list(cards)
        target = max((card for card in led_cards if card[0] == led), key=rank.__getitem__)
    elif kinds == {TRUMP}:
        if not trumps_in:
            return list(cards)
        target = max(trumps_in, key=rank.__getitem__)
    else:
        return list(cards)
    higher = [card for card in cards if rank[card] > rank[target]]
    return higher or list(cards)


def trick_winner(
    cards_with_seats: Sequence[tuple[int, str]], rank_fn: Callable[[str], int], trumps_win: bool = True
) -> int:
    """The seat that wins the trick: the highest trump, or else the highest card of the suit led.

    ``cards_with_seats`` is the trick in playing order, ``(seat, card)``; ``rank_fn`` gives a
    card's strength (higher wins) and is only compared within trumps or within one suit.
    ``trumps_win=False``: trumps have no trumping power (Slovenian colour valat); a trick led
    with a suit card goes to the highest card of that suit, one led with a trump to the highest
    trump.
    """
    led = cards_with_seats[0][1][0]

    def strength(seat_card: tuple[int, str]) -> tuple[int, int]:
        card = seat_card[1]
        if card[0] == TRUMP and (trumps_win or led == TRUMP):
            return (2, rank_fn(card))
        if card[0] == led:
            return (1, rank_fn(card))
        return (0, 0)

    return max(cards_with_seats, key=strength)[0]


def trick_json(trick: Trick) -> dict[str, Any]:
    """A trick as the views show it: ``{"leader", "cards": [{"seat", "card"}], "winner"?}``."""
    data: dict[str, Any] = {
        "leader": trick.leader,
        "cards": [{"seat": seat, "card": card} for seat, card in trick.cards],
    }
    if trick.winner is not None:
        data["winner"] = trick.winner
    return data


# What a log line of a card played to an earlier trick says when tricks may not be reviewed.
PLAYED_UNSEEN = _("plays a card")


_PLAYS = "plays {card}"


def plays(card: str) -> Msg:
    """The log line of a card played: its code in the ``card`` parameter."""
    return _("plays {card}", card=card)


def reviewable_tricks(tricks: Sequence[Trick], review_all: bool) -> Sequence[Trick]:
    """The completed tricks a viewer may look at: all of them, or only the last one (the
    ``trick_review`` option of the tarot games; everything once the hand is over)."""
    return tricks if review_all else tricks[-1:]


def reviewable_log(log: Sequence[LogEntry], tricks: Sequence[Trick], review_all: bool) -> Sequence[LogEntry]:
    """The public log as a viewer may read it. Unless every trick may be reviewed, a line
    naming a card played to a completed trick other than the last says only that the seat
    played a card: the log keeps who led, who played and who won each trick, but no longer
    lets anyone read the cards of tricks the option keeps out of review. Lines are replaced,
    never dropped, so a line's index (``games.autoplay.automatic``) stays what it was."""
    if review_all or len(tricks) < 2:
        return log
    hidden = {(seat, card) for trick in tricks[:-1] for seat, card in trick.cards}
    return [
        (seat, PLAYED_UNSEEN) if (seat, card_played(text)) in hidden else (seat, text) for seat, text in log
    ]


def card_played(text: Any) -> str | None:
    """The card a log line says its seat played (``plays``), else None."""
    if isinstance(text, Msg) and text.text == _PLAYS:
        return text.params.get("card")
    return None


def keep_back(cards: list[str], card: str, keep: bool) -> list[str]:
    """``cards`` without ``card`` when the player must keep it for the last trick (pagát
    ultimó, I on the end), unless it is their only legal card."""
    if keep and len(cards) > 1:
        return [c for c in cards if c != card]
    return cards


def follow_error(hand: Sequence[str], led: str, trump_word: Msg | str) -> IllegalAction:
    """Why a card that does not follow was refused, in the player's words."""
    if any(card[0] == led for card in hand):
        if led == TRUMP:
            return IllegalAction(_("You must follow with a {trump}", trump=trump_word))
        return IllegalAction(_("You must follow {suit}", suit=SUIT_NAMES[led]))
    return IllegalAction(_("You must play a {trump}", trump=trump_word))


@dataclass(frozen=True)
class Played:
    """One card added to the trick in progress: the new hand, the trick, the log lines, and
    the completed trick with its winner when this card was its last."""

    hand: tuple[str, ...]
    trick: Trick  # the trick in progress (a fresh one led by the winner once complete)
    completed: Trick | None
    entries: tuple[LogEntry, ...]


def play_card(
    rules: TrickRules,
    hand: tuple[str, ...],
    trick: Trick,
    seat: int,
    card: str,
    playable: Sequence[str],
    kept_message: Msg,
    trick_no: int,
    called_card: str | None = None,
    caller: int | None = None,
) -> Played:
    """Check and play ``card`` from ``seat``'s ``hand`` (``playable``: the variant's legal
    cards, after ``keep_back``); ``kept_message`` explains a card kept back. Playing the called
    card reveals the partner, or that the caller is alone (both variants' §13). ``trick_no``
    numbers the trick in progress, for the log."""
    if card not in hand:
        if card not in rules.pack:
            raise UnknownAction(_("Unknown card {card}", card=repr(card)))
        raise IllegalAction(_("You do not hold {card}", card=card))
    if card not in legal_follow(hand, trick.led):
        raise follow_error(hand, trick.cards[0][1][0], rules.trump_word)
    if card not in playable:
        raise IllegalAction(kept_message)
    entries: list[LogEntry] = [(seat, plays(card))]
    if card == called_card:
        if seat == caller:
            entries.append((seat, _("played the called card: {caller} is alone", caller=rules.caller_word)))
        else:
            entries.append((seat, _("is the partner")))
    remaining = tuple(c for c in hand if c != card)
    cards = trick.cards + ((seat, card),)
    if len(cards) < rules.seats:
        return Played(remaining, Trick(trick.leader, cards), None, tuple(entries))
    winner = rules.winner(cards) if rules.winner is not None else trick_winner(cards, rules.rank.__getitem__)
    entries.append((winner, _("wins trick {number}", number=trick_no)))
    return Played(remaining, Trick(winner), Trick(trick.leader, cards, winner), tuple(entries))


def after_card(
    state: Any,
    seat: int,
    played: Played,
    rules: TrickRules,
    evolve: Any,
    finish: Any,
    next_seat: Callable[[int], int] | None = None,
) -> Any:
    """The hand state after ``played``: the next seat to play, or the winner to lead, or the
    end of the hand (``finish``) after the last trick. ``evolve`` is the variant's
    ``dataclasses.replace``; its state has ``hands``, ``trick``, ``tricks``, ``log``, ``to_act``.
    ``next_seat``: the next player after a seat where that is not simply the next of
    ``rules.seats`` (a Hungarian table of five skips the dealer, who sits out)."""
    hands = state.hands[:seat] + (played.hand,) + state.hands[seat + 1 :]
    log = state.log + played.entries
    if played.completed is None:
        nxt = next_seat(seat) if next_seat is not None else (seat + 1) % rules.seats
        return evolve(state, to_act=frozenset({nxt}), hands=hands, trick=played.trick, log=log)
    tricks = state.tricks + (played.completed,)
    state = evolve(
        state,
        to_act=frozenset({played.trick.leader}),
        hands=hands,
        trick=played.trick,
        tricks=tricks,
        log=log,
    )
    return finish(state) if len(tricks) == rules.tricks else state


def won_by_side(
    tricks: Sequence[Trick], side_of: Callable[[int], str]
) -> tuple[dict[str, int], dict[str, int]]:
    """Card points and tricks won per side (direct sum of card points, cards.md §4)."""
    points: dict[str, int] = {}
    counts: dict[str, int] = {}
    for trick in tricks:
        assert trick.winner is not None
        side = side_of(trick.winner)
        counts[side] = counts.get(side, 0) + 1
        points[side] = points.get(side, 0) + pile_points(card for _, card in trick.cards)
    return points, counts
