"""The guided hand of Hungarian Tarokk (XX-hívás): a sound "three", the talon and a discard that
makes voids, calling the XX, and a hand where the opponents lose their pagát in the last trick."""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from games.rules import Deal

from .script import Script, cards, learner, robot

# Dealer 3, so the learner (seat 0) is forehand: first to bid and first to lead.
DEAL = Deal(
    hands=(
        cards("T4 T7 T18 D1 T16 T21 HK T3 CQ"),
        cards("T6 T13 CK T20 T19 T12 T17 C10 DK"),
        cards("H1 T15 SQ HJ T9 T1 T22 T11 T14"),
        cards("T8 SK S10 T10 CJ T5 HQ CR SR"),
    ),
    talon=cards("DR T2 SJ DJ DQ HR"),
)

FOLLOW = _("You must follow the suit led; with none of it you must play a tarokk.")

SCRIPT = Script(
    variant="hungarian",
    title=_("Hungarian Tarokk: your first three"),
    intro=format_lazy(
        ngettext_lazy(
            "Four players, nine cards each, six in the talon. Tarokks (I to XXI and the Skíz) are trumps. "
            "The three honours, Skíz, XXI and Pagát (I), matter most. Whoever wins the auction takes cards "
            "from the talon, calls the XX to find a partner, and their side needs {needed} of the {total} "
            "card point.",
            "Four players, nine cards each, six in the talon. Tarokks (I to XXI and the Skíz) are trumps. "
            "The three honours, Skíz, XXI and Pagát (I), matter most. Whoever wins the auction takes cards "
            "from the talon, calls the XX to find a partner, and their side needs {needed} of the {total} "
            "card points.",
            94,
        ),
        needed=48,
        total=94,
    ),
    dealer=3,
    deal=DEAL,
    moves=(
        learner(
            "bid:three",
            about=format_lazy(
                _(
                    "The auction. You may bid only if you hold an honour: you hold the XXI. Three takes "
                    "three talon cards and is worth {value}; higher bids take fewer cards and are worth "
                    "more."
                ),
                value=1,
            ),
            why=_(
                "Six tarokks with the XXI and a king is a good hand for three, the bid that takes the most "
                "talon cards. One or solo would need far more tarokks."
            ),
            otherwise=_("Bid three here: your six tarokks and the XXI are enough for it, not for more."),
        ),
        robot(1, "pass", note=format_lazy(_("Robot {robot} passes."), robot=2)),
        robot(2, "pass", note=format_lazy(_("Robot {robot} passes."), robot=3)),
        robot(3, "pass", note=format_lazy(_("Robot {robot} passes: you are the declarer."), robot=4)),
        learner(
            "keep",
            about=_("You were the only bidder, so you may keep three or raise the contract once."),
            why=_("Raising only multiplies the risk: your hand is no stronger than when you bid."),
        ),
        learner(
            "discard:SJ,DR,CQ",
            about=_(
                "The talon: you took its first three cards (the II, the spade jack, the diamond rider); the "
                "others got one each. Now discard three cards. Kings and honours may never be discarded; "
                "your discard counts for your side."
            ),
            why=_(
                "Every card of a short suit you throw makes a void, and into a void you may trump. Throwing "
                "the spade jack, the diamond rider and the club queen leaves you the heart king and the "
                "diamond ace beside eight tarokks."
            ),
            otherwise=format_lazy(
                _(
                    "Discard {first}, {second} and {third}: short suits thrown away become voids you can "
                    "trump."
                ),
                first="SJ",
                second="DR",
                third="CQ",
            ),
        ),
        robot(1, "discard:C10"),
        robot(2, "discard:SQ"),
        robot(3, "discard:CJ"),
        learner(
            "call:T20",
            about=_("You call a tarokk: whoever holds it is your partner, but stays silent about it."),
            why=_("You do not hold the XX, so the rules make you call it (XX-hívás: the XX call)."),
        ),
        learner(
            "pass",
            about=_("Announcements: a bonus you promise (trull, four kings, pagát ultimó...) scores double."),
            why=_(
                "You hold only one honour and no pagát: nothing here is sure enough to announce. A bonus "
                "made without announcing still scores."
            ),
        ),
        robot(1, "pass"),
        robot(2, "pass"),
        robot(3, "pass"),
        learner(
            "play:HK",
            about=_("You are forehand, so you lead the first trick. Any card may be led."),
            why=format_lazy(
                ngettext_lazy(
                    "Lead your king of hearts while the others still hold hearts: it is likely to win and a "
                    "king is worth {points} card point.",
                    "Lead your king of hearts while the others still hold hearts: it is likely to win and a "
                    "king is worth {points} card points.",
                    5,
                ),
                points=5,
            ),
        ),
        robot(
            1,
            "play:T6",
            note=format_lazy(
                _("Robot {robot} had no heart and trumped with a tarokk: it won your king."), robot=2
            ),
        ),
        robot(2, "play:H1"),
        robot(3, "play:HR"),
        robot(1, "play:DK"),
        robot(2, "play:DQ"),
        robot(3, "play:T5"),
        learner(
            "play:D1", about=format_lazy("{} {}", _("Diamonds are led and you hold one diamond."), FOLLOW)
        ),
        robot(3, "play:CR"),
        learner(
            "play:T2",
            about=format_lazy("{} {}", _("Clubs are led and you discarded yours: you must trump."), FOLLOW),
            why=_("Any tarokk wins here for now; the II is your cheapest, keep the big ones for later."),
        ),
        robot(1, "play:CK"),
        robot(2, "play:T9"),
        robot(2, "play:HJ"),
        robot(3, "play:HQ"),
        learner(
            "play:T18",
            about=_("Hearts are led and you have none left: you must play a tarokk."),
            why=format_lazy(
                ngettext_lazy(
                    "The heart queen ({points} point) and jack are on the table: win them with a tarokk high "
                    "enough that the last player is unlikely to beat it.",
                    "The heart queen ({points} points) and jack are on the table: win them with a tarokk "
                    "high enough that the last player is unlikely to beat it.",
                    4,
                ),
                points=4,
            ),
        ),
        robot(1, "play:T12"),
        learner(
            "play:T3",
            about=_("You won the trick, so you lead. Only tarokks are left in your hand."),
            why=_("Lead a small tarokk to draw out the others' tarokks while your XXI stays safe."),
        ),
        robot(1, "play:T13"),
        robot(2, "play:T11"),
        robot(3, "play:T8"),
        robot(1, "play:T17"),
        robot(2, "play:T22", note=_("The Skíz, the highest card, wins the trick.")),
        robot(3, "play:T10"),
        learner(
            "play:T4",
            about=_("A tarokk is led and already beaten by the Skíz: you must follow with a tarokk."),
            why=_("You cannot win this trick: give it your smallest tarokk."),
        ),
        robot(2, "play:T14"),
        robot(3, "play:S10"),
        learner(
            "play:T21",
            about=_("A tarokk is led and you hold tarokks only."),
            why=format_lazy(
                ngettext_lazy(
                    "The Skíz has been played, so your XXI is now the highest card left: it wins for sure. "
                    "It would be caught (the XXI-catch, {points} point) only by the Skíz.",
                    "The Skíz has been played, so your XXI is now the highest card left: it wins for sure. "
                    "It would be caught (the XXI-catch, {points} points) only by the Skíz.",
                    21,
                ),
                points=21,
            ),
        ),
        robot(1, "play:T19"),
        learner(
            "play:T7",
            about=_("You lead again, with the VII and the XVI left."),
            why=_("Lead the VII: your partner holds the XX, and the XVI should win the last trick."),
        ),
        robot(1, "play:T20", note=format_lazy(_("Robot {robot} plays the XX: it is your partner."), robot=2)),
        robot(2, "play:T15"),
        robot(3, "play:SR"),
        robot(1, "play:DJ"),
        robot(
            2,
            "play:T1",
            note=format_lazy(
                _("Robot {robot} plays the pagát (I) to the last trick, hoping it wins."), robot=3
            ),
        ),
        robot(3, "play:SK"),
        learner(
            "play:T16",
            about=_("The last trick, with the pagát in it: your last card is the XVI."),
            why=_(
                "The XVI beats the pagát: catching a pagát in the last trick costs its side a pagát ultimó."
            ),
        ),
    ),
    receipt={
        "game": format_lazy(
            ngettext_lazy(
                "You and your partner took {points} card point, at least {needed}: you win the game, worth "
                "{three} for a three ({two} for two, {one} for one, {solo} for solo).",
                "You and your partner took {points} card points, at least {needed}: you win the game, worth "
                "{three} for a three ({two} for two, {one} for one, {solo} for solo).",
                58,
            ),
            points=58,
            needed=48,
            three=1,
            two=2,
            one=3,
            solo=4,
        ),
        "pagát ultimó": format_lazy(
            _(
                "The opponents played the pagát to the last trick and it lost: a silent (unannounced) failed "
                "pagát ultimó costs its side {value}, here paid to your side."
            ),
            value=5,
        ),
    },
    settlement=format_lazy(
        _(
            "V, your side's total, is {game} + {pagat} = {total}. With a partner, the declarer and the "
            "partner each receive V and each opponent pays V."
        ),
        game=1,
        pagat=5,
        total=6,
    ),
)
