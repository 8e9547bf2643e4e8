"""What each table option changes, for the rules pages: the option list itself (names, values,
defaults, labels) comes from ``variant.options``; this module adds only the prose."""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.page.vocabulary import option_value_label
from games.rules import get_variant

TRICK_REVIEW = _(
    "During play you can always look back at the last completed trick; with “all” you may look at "
    "every completed trick of the hand."
)

OPTION_TEXTS: dict[str, dict[str, Promise]] = {
    "hungarian": {
        "five_player": _(
            "Five people sit at the table: the dealer sits out each hand (no cards, scores 0) and the "
            "other four play. A match is then 20 hands, and a doubling period 5 hands."
        ),
        "tarokk_count_payers": _(
            "Who pays a declared 8 or 9 tarokks: each of the three other players (1 or 2 each), or, "
            "with “opposing team”, the side of the holder scores it with the game, so the holder's "
            "partner gains too."
        ),
        "allow_discard_xx": _(
            "Whether the XX may be discarded. If it is and the declarer calls it, the declarer "
            "plays alone without anyone knowing. “No” is the competition rule."
        ),
        "pass_out_doubling": _(
            "After a hand is thrown in (all pass, or an annulment), the next 4 scored hands count "
            "double (5 with five players)."
        ),
        "annulment": _(
            "Before discarding, a player with all four kings, or with the XXI or the pagát as only "
            "tarokk (or both as the only two), or with no tarokk, may throw the hand in."
        ),
        "invitations": _(
            "Jump bids promise a card (a one-level jump the XIX, a two-level jump the XVIII) and "
            "the yield promises the XX; the declarer must then call the promised card. Off: jumps "
            "mean nothing."
        ),
        "trial_bid": _(
            "When the first three players pass, the fourth may bid three without an honour. If the "
            "talon brings none, the hand ends and the trial bidder pays everyone."
        ),
        "trial_bid_penalty": _("What a failed trial bid costs: paid to each of the three other players."),
        "max_kontra_level": _(
            "How far a kontra chain goes: 1 kontra, 2 rekontra, 3 szubkontra, 4 hirskontra, 5 "
            "mordkontra. Each level doubles the item again."
        ),
        "opponents_need_48_when_kontra": _(
            "A house rule: when the game is kontra'd, a 47–47 split goes to the declarer's side (the "
            "opponents need 48 too)."
        ),
        "illustrated_bonuses": _(
            "The bonuses of Illustrated Tarokk (centrum, kismadár, nagymadár, uhu…) are not offered: "
            "their values are not verified."
        ),
        "match_hands": _("How many scored hands a match lasts (thrown-in hands do not count)."),
        "trick_review": TRICK_REVIEW,
    },
    "czech": {
        "red_pip_order": _(
            "How the red pips rank: machtarok.com has 4 3 2 1 (the ace lowest); “ace high” 1 4 3 2; "
            "“traditional” 1 2 3 4. Courts are always above the pips."
        ),
        "first_dealer": _(
            "Who deals the first hand: the table's host, or a seat chosen at random. Later the deal "
            "moves round with povinnost."
        ),
        "iote_called_value": _("What a called I on the end wins or loses."),
        "iote_silent_value": _("What an I on the end played without calling it wins or loses."),
        "iote_with_valat": _(
            "Whether the I on the end may still be called after a valat call, and is then scored on "
            "top of the valat."
        ),
        "starting_chips": _("How many chips each player has when the match starts; chips may go below 0."),
        "match_hands": _(
            "How many hands a match lasts; 0 means the host ends it. A multiple of 4 gives everyone the "
            "same number of povinnost turns."
        ),
        "trick_review": TRICK_REVIEW,
    },
    "slovenian3": {
        "round_to_5": _(
            "The difference (card points − 35) and the klop scores are rounded to the nearest 5."
        ),
        "mond_penalty": _("What the player who loses the mond pays: 20, or 21."),
        "radelci": _(
            "After klop, a beggar, solo without, an open beggar, a valat or colour valat, every "
            "player gets a radelc. A declarer holding one scores double, and uses one up by winning."
        ),
        "radelci_unused_penalty": _(
            "With radelci: what each radelc still held at the end of the match costs."
        ),
        "auction_style": _(
            "“Full”: every contract may be bid, forehand and middlehand may match a higher bid "
            "(priority). “Simple”: only three, two and one, and klop when nobody raises."
        ),
        "no_tarok_redeal": _(
            "When a player is dealt no tarok, the same dealer deals again (or, “off”, play on)."
        ),
        "kontra_on_klop": _("In klop one player may say kontra once: it doubles everybody's klop score."),
        "open_beggar_exposure": _(
            "When the open beggar's declarer lays the hand face up: before the first lead, or after "
            "the first trick."
        ),
        "skisfang": _(
            "A house rule: the player whose škis is captured in the emperor trick (by the pagat) pays 100."
        ),
        "match_hands": _("How many hands a match lasts; a multiple of 3 lets everyone deal equally often."),
        "trick_review": TRICK_REVIEW,
    },
    "bridge": {
        "players": _("How many play: 2, 3 or 4."),
        "eights_rule": _(
            "Who suffers two or more 8s played together: the player chooses, or always the next player "
            "(2 cards per 8, one lost turn), or always spread one 8 per following player."
        ),
        "j_points_rule": _(
            "When a round ends on Js: the winner chooses, or always minus (20 per J off the winner's "
            "total), or always plus (20 per J onto every other player)."
        ),
        "reshuffle_multiplier": _(
            "Each time the blind runs out and the stack is reshuffled, the round's points count once "
            "more: × 2, × 3…"
        ),
        "reset_at_exact_125": _("A player whose total lands on exactly 125 goes back to 0."),
        "end_threshold": _("The game ends when a total goes above this; the lowest total wins."),
        "must_play_drawn_card": _(
            "A drawn card that can be played must be played (otherwise the player may keep it)."
        ),
        "opening_card": _(
            "How a round opens: the starter plays any card, or must play the last card dealt to them."
        ),
        "finish_effects_before_count": _(
            "When a player goes out with a 7, an 8 or an ace, the next players draw before the cards "
            "left are counted."
        ),
    },
}


def option_entries(game: str) -> list[dict[str, Any]]:
    """Every option of ``game`` as the rules page lists it, in ``variant.options`` order."""
    variant = get_variant(game)
    texts = OPTION_TEXTS[game]
    entries = []
    for option in variant.options:
        if option.choices is not None:
            values = [option_value_label(c, game) for c in option.choices]
        else:
            values = [f"{option.minimum}–{option.maximum}"]
        entries.append(
            {
                "name": option.name,
                "anchor": f"option-{option.name}",
                "label": option.label or option.name,
                "values": values,
                "default": option_value_label(option.default, game),
                "text": texts[option.name],
            }
        )
    return entries
