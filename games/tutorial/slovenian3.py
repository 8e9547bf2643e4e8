"""The guided hand of Slovenian Tarok for three: forehand must name a contract, the talon is
shown and one group is taken (leaving the mond in the talon would cost the mond penalty), then
a game of three against two opponents who play together."""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.rules import Deal

from .script import Script, Text, cards, learner, robot

# Dealer 2: the learner (seat 0) is forehand, robot 2 (seat 1) middlehand, who speaks first.
DEAL = Deal(
    hands=(
        cards("D4 CR T14 T18 T12 CJ CK T7 T22 T3 S9 DR T5 T2 H1 DQ"),
        cards("T1 H4 H3 SK T9 HR S8 CQ T16 T6 DK T13 S7 T4 C9 HK"),
        cards("T8 S10 T19 H2 C8 D3 SQ C7 HJ T10 SR T15 SJ C10 T20 D2"),
    ),
    talon=cards("DJ HQ T11 T21 D1 T17"),
)

TRUMP_IN = _("You have none of the suit led, so you must play a tarok.")


def _trump_in(led: Text) -> Text:
    """A decision where the learner must trump: what is led, then the rule."""
    return format_lazy("{} {}", led, TRUMP_IN)


SCRIPT = Script(
    variant="slovenian3",
    title=_("Slovenian Tarok: three, and the mond in the talon"),
    intro=format_lazy(
        ngettext_lazy(
            "Three players, sixteen cards each, six in the talon. The 22 taroks are trumps; the škis (XXII), "
            "the mond (XXI) and the pagat (I) are the trula. Whoever plays a contract plays alone against "
            "the other two and needs {needed} of the {total} card point.",
            "Three players, sixteen cards each, six in the talon. The 22 taroks are trumps; the škis (XXII), "
            "the mond (XXI) and the pagat (I) are the trula. Whoever plays a contract plays alone against "
            "the other two and needs {needed} of the {total} card points.",
            70,
        ),
        needed=36,
        total=70,
    ),
    dealer=2,
    deal=DEAL,
    moves=(
        robot(1, "pass", note=format_lazy(_("Robot {robot} (middlehand) speaks first and passes."), robot=2)),
        robot(2, "pass", note=format_lazy(_("Robot {robot} (the dealer) passes too."), robot=3)),
        learner(
            "bid:three",
            about=_(
                "Both others passed, so you, forehand, must name a contract: klop (everyone for themselves, "
                "take as few points as you can), three, or anything higher. You may not pass."
            ),
            why=_(
                "Eight taroks with the škis and two kings make a good three: you will see the talon and take "
                "three of its cards. Two or one would take fewer cards for more risk."
            ),
            otherwise=_("Name three: eight taroks and two kings are a sound three, not more."),
        ),
        learner(
            "take:2",
            about=_(
                "The talon lies face up in two groups of three. You take one group; the other counts for "
                "your opponents."
            ),
            why=format_lazy(
                _(
                    "Group {group} holds the mond (XXI) and a tarok. Leaving the mond in the talon would "
                    "cost you the mond penalty, and it is the second highest card."
                ),
                group=2,
            ),
            otherwise=format_lazy(
                _(
                    "Take group {group}: it has the mond (XXI); leaving the mond in the talon costs a "
                    "penalty."
                ),
                group=2,
            ),
        ),
        learner(
            "discard:H1,S9,DQ",
            about=_(
                "Discard three cards face down; they count for you. Kings and trula cards may never be "
                "discarded, and taroks only when nothing else can go."
            ),
            why=format_lazy(
                ngettext_lazy(
                    "Your only heart and only spade go, which leaves you void in both: you will trump them. "
                    "The diamond queen is worth {points} point safely in your own pile.",
                    "Your only heart and only spade go, which leaves you void in both: you will trump them. "
                    "The diamond queen is worth {points} points safely in your own pile.",
                    4,
                ),
                points=4,
            ),
        ),
        learner(
            "pass",
            about=_(
                "Announcements: trula (all three trula cards), kings (all four kings) or valat (every "
                "trick). Announced, a bonus counts double, and costs if it fails."
            ),
            why=_("You hold two trula cards and two kings: none of these is sure, so announce nothing."),
        ),
        robot(1, "pass"),
        robot(2, "pass"),
        learner(
            "play:CK",
            about=_("Forehand leads the first trick: any card may be led."),
            why=format_lazy(
                ngettext_lazy(
                    "Cash the club king ({points} point) at once, while both opponents still hold clubs.",
                    "Cash the club king ({points} points) at once, while both opponents still hold clubs.",
                    5,
                ),
                points=5,
            ),
        ),
        robot(1, "play:C9"),
        robot(2, "play:C7"),
        learner(
            "play:CJ",
            about=_("You won and lead again."),
            why=_("A cheap club: if the queen takes it, your club rider (knight) is the highest club left."),
        ),
        robot(1, "play:CQ"),
        robot(2, "play:C8"),
        robot(1, "play:SK"),
        robot(2, "play:SQ"),
        learner(
            "play:T2",
            about=_trump_in(_("Spades are led and you discarded yours.")),
            why=_("Any tarok wins the king and queen: use the smallest, the II."),
        ),
        learner(
            "play:CR",
            about=_("You lead."),
            why=_(
                "Your club rider (knight) is now the highest club left; it wins unless someone has run out."
            ),
        ),
        robot(
            1,
            "play:T1",
            note=format_lazy(_("Robot {robot} had no club and trumped with the pagat."), robot=2),
        ),
        robot(2, "play:C10"),
        robot(1, "play:DK"),
        robot(2, "play:D3"),
        learner(
            "play:D4",
            about=_("Diamonds are led: you must follow suit."),
            why=_("The king wins this trick anyway: give your smallest diamond and keep the rider and ace."),
        ),
        robot(1, "play:H4"),
        robot(2, "play:H2"),
        learner(
            "play:T3",
            about=_trump_in(_("Hearts are led and you have none.")),
            why=_("Two small hearts: the III is enough to win them."),
        ),
        learner(
            "play:D1",
            about=_("You lead."),
            why=_("Lead a low diamond to find out who is out of diamonds before your rider goes."),
        ),
        robot(1, "play:T4"),
        robot(2, "play:D2"),
        robot(1, "play:S7"),
        robot(2, "play:S10"),
        learner(
            "play:T5",
            about=_trump_in(_("Spades again.")),
            why=_("Win it cheaply with the V."),
        ),
        learner(
            "play:DR",
            about=_("You lead."),
            why=_("Your last suit card: play it now, so that only taroks stay in your hand."),
        ),
        robot(1, "play:T6"),
        robot(2, "play:T8"),
        robot(2, "play:HJ"),
        learner(
            "play:T7",
            about=_trump_in(_("Hearts are led.")),
            why=format_lazy(_("The jack of hearts is worth {points}: take it with the VII."), points=2),
        ),
        robot(1, "play:H3"),
        learner(
            "play:T12",
            about=_("You lead, with taroks only."),
            why=_("Draw the opponents' middle taroks with a middle tarok of yours."),
        ),
        robot(1, "play:T13"),
        robot(2, "play:T10"),
        robot(1, "play:S8"),
        robot(2, "play:SJ"),
        learner(
            "play:T14",
            about=_trump_in(_("Spades are led.")),
            why=_("The XIV beats anything left in spades."),
        ),
        learner(
            "play:T17",
            about=_("You lead."),
            why=_(
                "Keep the škis and the mond for last: they cannot be beaten (the škis is the highest card)."
            ),
        ),
        robot(1, "play:T9"),
        robot(2, "play:T19"),
        robot(2, "play:SR"),
        learner(
            "play:T21",
            about=_trump_in(_("The spade rider is led.")),
            why=format_lazy(
                _(
                    "Only the škis beats the mond, and you hold it: the mond is safe and takes the rider "
                    "({points})."
                ),
                points=3,
            ),
        ),
        robot(1, "play:T16"),
        learner("play:T18", about=_("You lead."), why=_("Keep the škis for the last trick.")),
        robot(1, "play:HR"),
        robot(2, "play:T20"),
        robot(2, "play:T15"),
        learner("play:T22", about=_("The last trick: the škis, the highest card, wins it.")),
        robot(1, "play:HK"),
    ),
    receipt={
        "game": format_lazy(
            ngettext_lazy(
                "You took {points} card point, at least {needed}: you win the three, worth {three} (two is "
                "worth {two}, one {one}).",
                "You took {points} card points, at least {needed}: you win the three, worth {three} (two is "
                "worth {two}, one {one}).",
                39,
            ),
            points=39,
            needed=36,
            three=10,
            two=20,
            one=30,
        ),
        "difference": format_lazy(
            _("{points} is {over} over {base}; the difference is rounded to {step} and added to the game."),
            points=39,
            over=4,
            base=35,
            step=5,
        ),
    },
    settlement=format_lazy(
        _(
            "Only the declarer scores: you write {game} + {difference} = {total}; the opponents score 0 for "
            "this hand."
        ),
        game=10,
        difference=5,
        total=15,
    ),
)
