"""The guided hand of Slovenian Tarok for three: forehand must name a contract, the talon is
shown and one group is taken (leaving the mond in the talon would cost the mond penalty), then
a game of three against two opponents who play together."""

from __future__ import annotations

from games.rules import Deal

from .script import Script, cards, learner, robot

# Dealer 2: the learner (seat 0) is forehand, robot 2 (seat 1) middlehand, who speaks first.
DEAL = Deal(
    hands=(
        cards("D4 CR T14 T18 T12 CJ CK T7 T22 T3 S9 DR T5 T2 H1 DQ"),
        cards("T1 H4 H3 SK T9 HR S8 CQ T16 T6 DK T13 S7 T4 C9 HK"),
        cards("T8 S10 T19 H2 C8 D3 SQ C7 HJ T10 SR T15 SJ C10 T20 D2"),
    ),
    talon=cards("DJ HQ T11 T21 D1 T17"),
)

TRUMP_IN = "You have none of the suit led, so you must play a tarok."

SCRIPT = Script(
    variant="slovenian3",
    title="Slovenian Tarok: three, and the mond in the talon",
    intro=(
        "Three players, sixteen cards each, six in the talon. The 22 taroks are trumps; the škis (XXII), "
        "the mond (XXI) and the pagat (I) are the trula. Whoever plays a contract plays alone against "
        "the other two and needs 36 of the 70 card points."
    ),
    dealer=2,
    deal=DEAL,
    moves=(
        robot(1, "pass", note="Robot 2 (middlehand) speaks first and passes."),
        robot(2, "pass", note="Robot 3 (the dealer) passes too."),
        learner(
            "bid:three",
            about=(
                "Both others passed, so you, forehand, must name a contract: klop (everyone for themselves, "
                "take as few points as you can), three, or anything higher. You may not pass."
            ),
            why=(
                "Eight taroks with the škis and two kings make a good three: you will see the talon "
                "and take three of its cards. Two or one would take fewer cards for more risk."
            ),
            otherwise="Name three: eight taroks and two kings are a sound three, not more.",
        ),
        learner(
            "take:2",
            about=(
                "The talon lies face up in two groups of three. You take one group; the other "
                "counts for your opponents."
            ),
            why=(
                "Group 2 holds the mond (XXI) and a tarok. Leaving the mond in the talon would cost "
                "you the mond penalty, and it is the second highest card."
            ),
            otherwise="Take group 2: it has the mond (XXI); leaving the mond in the talon costs a penalty.",
        ),
        learner(
            "discard:H1,S9,DQ",
            about=(
                "Discard three cards face down; they count for you. Kings and trula cards may never be "
                "discarded, and taroks only when nothing else can go."
            ),
            why=(
                "Your only heart and only spade go, which leaves you void in both: you will trump "
                "them. The diamond queen is worth 4 points safely in your own pile."
            ),
        ),
        learner(
            "pass",
            about=(
                "Announcements: trula (all three trula cards), kings (all four kings) or valat "
                "(every trick). Announced, a bonus counts double, and costs if it fails."
            ),
            why="You hold two trula cards and two kings: none of these is sure, so announce nothing.",
        ),
        robot(1, "pass"),
        robot(2, "pass"),
        learner(
            "play:CK",
            about="Forehand leads the first trick: any card may be led.",
            why="Cash the club king (5 points) at once, while both opponents still hold clubs.",
        ),
        robot(1, "play:C9"),
        robot(2, "play:C7"),
        learner(
            "play:CJ",
            about="You won and lead again.",
            why="A cheap club: if the queen takes it, your club rider (knight) is the highest club left.",
        ),
        robot(1, "play:CQ"),
        robot(2, "play:C8"),
        robot(1, "play:SK"),
        robot(2, "play:SQ"),
        learner(
            "play:T2",
            about=f"Spades are led and you discarded yours. {TRUMP_IN}",
            why="Any tarok wins the king and queen: use the smallest, the II.",
        ),
        learner(
            "play:CR",
            about="You lead.",
            why="Your club rider (knight) is now the highest club left; it wins unless someone has run out.",
        ),
        robot(1, "play:T1", note="Robot 2 had no club and trumped with the pagat."),
        robot(2, "play:C10"),
        robot(1, "play:DK"),
        robot(2, "play:D3"),
        learner(
            "play:D4",
            about="Diamonds are led: you must follow suit.",
            why="The king wins this trick anyway: give your smallest diamond and keep the rider and ace.",
        ),
        robot(1, "play:H4"),
        robot(2, "play:H2"),
        learner(
            "play:T3",
            about=f"Hearts are led and you have none. {TRUMP_IN}",
            why="Two small hearts: the III is enough to win them.",
        ),
        learner(
            "play:D1",
            about="You lead.",
            why="Lead a low diamond to find out who is out of diamonds before your rider goes.",
        ),
        robot(1, "play:T4"),
        robot(2, "play:D2"),
        robot(1, "play:S7"),
        robot(2, "play:S10"),
        learner(
            "play:T5",
            about=f"Spades again. {TRUMP_IN}",
            why="Win it cheaply with the V.",
        ),
        learner(
            "play:DR",
            about="You lead.",
            why="Your last suit card: play it now, so that only taroks stay in your hand.",
        ),
        robot(1, "play:T6"),
        robot(2, "play:T8"),
        robot(2, "play:HJ"),
        learner(
            "play:T7",
            about=f"Hearts are led. {TRUMP_IN}",
            why="The jack of hearts is worth 2: take it with the VII.",
        ),
        robot(1, "play:H3"),
        learner(
            "play:T12",
            about="You lead, with taroks only.",
            why="Draw the opponents' middle taroks with a middle tarok of yours.",
        ),
        robot(1, "play:T13"),
        robot(2, "play:T10"),
        robot(1, "play:S8"),
        robot(2, "play:SJ"),
        learner(
            "play:T14",
            about=f"Spades are led. {TRUMP_IN}",
            why="The XIV beats anything left in spades.",
        ),
        learner(
            "play:T17",
            about="You lead.",
            why="Keep the škis and the mond for last: they cannot be beaten (the škis is the highest card).",
        ),
        robot(1, "play:T9"),
        robot(2, "play:T19"),
        robot(2, "play:SR"),
        learner(
            "play:T21",
            about=f"The spade rider is led. {TRUMP_IN}",
            why="Only the škis beats the mond, and you hold it: the mond is safe and takes the rider (3).",
        ),
        robot(1, "play:T16"),
        learner("play:T18", about="You lead.", why="Keep the škis for the last trick."),
        robot(1, "play:HR"),
        robot(2, "play:T20"),
        robot(2, "play:T15"),
        learner("play:T22", about="The last trick: the škis, the highest card, wins it."),
        robot(1, "play:HK"),
    ),
    receipt={
        "game": (
            "You took 39 card points, at least 36: you win the three, worth 10 (two is worth 20, one 30)."
        ),
        "difference": "39 is 4 over 35; the difference is rounded to 5 and added to the game.",
    },
    settlement=("Only the declarer scores: you write 10 + 5 = 15; the opponents score 0 for this hand."),
)
