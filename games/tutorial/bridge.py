"""The guided hand of Bridge, the 36-card shedding game: matching suit or rank, two eights
spread over both robots, a jack's wish, and going out by covering a six and adding a nine."""

from __future__ import annotations

from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.page.cards import card_label
from games.rules import Deal

from .script import Script, cards, learner, robot


def _named(text: str) -> str:
    return " ".join(card_label(card, "bridge") for card in text.split())


# Cards named in the reader's words (the suit's sign, the rank): said when the page is rendered.
named = lazy(_named, str)

# Three players; robot 3 (seat 2) starts the round. The blind is drawn from the top.
DEAL = Deal(
    hands=(
        cards("C6 H8 D10 C9 S8"),
        cards("DQ CK HJ D6 C7"),
        cards("SA H10 H7 C10 DA"),
    ),
    talon=cards("S10 D7 H9 SJ HK D8 C8 CJ HQ DK S9 S7 SK HA DJ CA SQ H6 S6 D9 CQ"),
    salt="cb01c357b9c7e435396bcb8fac9abb0c",
)

SCRIPT = Script(
    variant="bridge",
    title=_("Bridge: shed your cards first"),
    intro=_(
        "Five cards each; get rid of them before the others. Play a card of the top card's suit or rank, or "
        "any jack. Sixes must be covered, sevens make the next player draw, eights make them draw two and "
        "miss a turn, aces skip players, and a jack names the suit to play next. Cards left in hand score "
        "against you (lower is better)."
    ),
    dealer=2,
    deal=DEAL,
    moves=(
        robot(
            2,
            "play:SA",
            note=format_lazy(
                _("Robot {robot} opens with the spade ace: the next player (you) is skipped."), robot=3
            ),
        ),
        robot(
            2,
            "play:DA",
            note=format_lazy(
                _("It adds the diamond ace: same rank. Two aces skip you and robot {robot}."), robot=2
            ),
        ),
        robot(
            2,
            "draw",
            note=format_lazy(
                _("Robot {robot} had no card to match, drew one, and could not play it."), robot=3
            ),
        ),
        learner(
            "play:D10",
            about=_(
                "The diamond ace is on top: you may play a diamond, an ace, or any jack. A player who can "
                "play must play."
            ),
        ),
        robot(1, "play:D6"),
        robot(
            1,
            "play:DQ",
            note=format_lazy(
                _("Robot {robot} played a six and had to cover it: the diamond queen."), robot=2
            ),
        ),
        robot(2, "draw"),
        robot(
            2,
            "play:D7",
            note=format_lazy(
                _("Robot {robot} drew the diamond seven and played it: you draw one card."), robot=3
            ),
        ),
        robot(2, "play:H7", note=_("It added the heart seven: you draw two cards in all.")),
        learner(
            "play:H8",
            about=_("The heart seven is on top: a heart, a seven, or a jack."),
            why=_(
                "Play the heart eight: you can add your spade eight after it (same rank), and each eight "
                "makes a player draw two and miss a turn. Keep the jack for when you are stuck."
            ),
            otherwise=_("Play the heart eight: two eights in one move are strong; keep the jack for later."),
        ),
        learner(
            "play:S8",
            about=_("After a card you may add more of the same rank, or stop."),
            why=_("Add the second eight: two eights punish both robots."),
        ),
        learner(
            "eights:spread",
            about=_(
                "Two eights: either the next player draws four and misses a turn, or you spread them: each "
                "robot draws two and misses a turn."
            ),
            why=_("Spreading hits both robots and brings the turn straight back to you."),
            otherwise=_(
                "Spread the eights: both robots draw two and miss a turn, and you play again at once."
            ),
        ),
        learner(
            "play:SJ",
            about=_("It is your turn again, with the spade eight on top: a spade, an eight or a jack."),
        ),
        learner(
            "wish:C",
            about=_("A jack lets you name the suit the next player must play (or another jack)."),
            why=_("Wish clubs: you hold two clubs, so whatever comes next you can follow it."),
            otherwise=_("Wish clubs: your other cards are clubs and a nine, so clubs keep you playing."),
        ),
        robot(1, "play:CK"),
        robot(1, "play:HK"),
        robot(2, "play:H10"),
        robot(2, "play:S10"),
        robot(2, "play:C10"),
        learner(
            "play:C6",
            about=_("The club ten is on top: a club, a ten, or a jack."),
            why=_(
                "Play the six: a six must be covered by a card of its suit, so you cover it with the club "
                "nine and then add your heart nine (same rank). That is all your cards: you go out."
            ),
            otherwise=_(
                "Play the club six: you cover it with the club nine and add the heart nine, and your hand is "
                "empty. The nine first would leave you stuck with the six."
            ),
        ),
        learner("play:C9", about=_("Your six must be covered: a club, a six, or a jack.")),
        learner(
            "play:H9",
            about=_("You may add the heart nine (same rank as the club nine on top) or stop."),
            why=format_lazy(
                ngettext_lazy(
                    "Add it: your hand is empty and you win the round with {points} point.",
                    "Add it: your hand is empty and you win the round with {points} points.",
                    0,
                ),
                points=0,
            ),
            otherwise=_("Add the heart nine: it is your last card, and an empty hand wins the round."),
        ),
    ),
    receipt={
        "hand points": format_lazy(  # untranslated: the receipt line's key (ScoredItem.name)
            _(
                "Each player counts the cards left in hand: {ten}, {queen} and {king} are worth "
                "{ten_points}, a jack {jack_points}, an ace {ace_points}, {six} to {nine} nothing. You went "
                "out with none; robot {robot} holds {cards} ({points}) and robot {other} {other_cards} "
                "({other_points})."
            ),
            ten="10",
            queen="Q",
            king="K",
            ten_points=10,
            jack_points=20,
            ace_points=15,
            six=6,
            nine=9,
            robot=2,
            cards=named("HJ D8 C7"),
            points=20,
            other=3,
            other_cards=named("CJ C8"),
            other_points=20,
        ),
    },
    settlement=format_lazy(
        _(
            "Points are penalties: the lowest total wins the game when someone passes {limit}. A total of "
            "exactly {limit} goes back to 0."
        ),
        limit=125,
    ),
)
