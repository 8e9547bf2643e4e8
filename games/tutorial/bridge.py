"""The guided hand of Bridge, the 36-card shedding game: matching suit or rank, two eights
spread over both robots, a jack's wish, and going out by covering a six and adding a nine."""

from __future__ import annotations

from games.rules import Deal

from .script import Script, cards, learner, robot

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
    title="Bridge: shed your cards first",
    intro=(
        "Five cards each; get rid of them before the others. Play a card of the top card's suit or "
        "rank, or any jack. Sixes must be covered, sevens make the next player draw, eights make "
        "them draw two and miss a turn, aces skip players, and a jack names the suit to play next. "
        "Cards left in hand score against you (lower is better)."
    ),
    dealer=2,
    deal=DEAL,
    moves=(
        robot(2, "play:SA", note="Robot 3 opens with the spade ace: the next player (you) is skipped."),
        robot(2, "play:DA", note="It adds the diamond ace: same rank. Two aces skip you and robot 2."),
        robot(2, "draw", note="Robot 3 had no card to match, drew one, and could not play it."),
        learner(
            "play:D10",
            about=(
                "The diamond ace is on top: you may play a diamond, an ace, or any jack. "
                "A player who can play must play."
            ),
        ),
        robot(1, "play:D6"),
        robot(1, "play:DQ", note="Robot 2 played a six and had to cover it: the diamond queen."),
        robot(2, "draw"),
        robot(2, "play:D7", note="Robot 3 drew the diamond seven and played it: you draw one card."),
        robot(2, "play:H7", note="It added the heart seven: you draw two cards in all."),
        learner(
            "play:H8",
            about="The heart seven is on top: a heart, a seven, or a jack.",
            why=(
                "Play the heart eight: you can add your spade eight after it (same rank), and each "
                "eight makes a player draw two and miss a turn. Keep the jack for when you are stuck."
            ),
            otherwise="Play the heart eight: two eights in one move are strong; keep the jack for later.",
        ),
        learner(
            "play:S8",
            about="After a card you may add more of the same rank, or stop.",
            why="Add the second eight: two eights punish both robots.",
        ),
        learner(
            "eights:spread",
            about=(
                "Two eights: either the next player draws four and misses a turn, or you spread them: "
                "each robot draws two and misses a turn."
            ),
            why="Spreading hits both robots and brings the turn straight back to you.",
            otherwise="Spread the eights: both robots draw two and miss a turn, and you play again at once.",
        ),
        learner(
            "play:SJ",
            about="It is your turn again, with the spade eight on top: a spade, an eight or a jack.",
        ),
        learner(
            "wish:C",
            about="A jack lets you name the suit the next player must play (or another jack).",
            why="Wish clubs: you hold two clubs, so whatever comes next you can follow it.",
            otherwise="Wish clubs: your other cards are clubs and a nine, so clubs keep you playing.",
        ),
        robot(1, "play:CK"),
        robot(1, "play:HK"),
        robot(2, "play:H10"),
        robot(2, "play:S10"),
        robot(2, "play:C10"),
        learner(
            "play:C6",
            about="The club ten is on top: a club, a ten, or a jack.",
            why=(
                "Play the six: a six must be covered by a card of its suit, so you cover it with the "
                "club nine and then add your heart nine (same rank). That is all your cards: you go out."
            ),
            otherwise=(
                "Play the club six: you cover it with the club nine and add the heart nine, and your "
                "hand is empty. The nine first would leave you stuck with the six."
            ),
        ),
        learner("play:C9", about="Your six must be covered: a club, a six, or a jack."),
        learner(
            "play:H9",
            about="You may add the heart nine (same rank as the club nine on top) or stop.",
            why="Add it: your hand is empty and you win the round with 0 points.",
            otherwise="Add the heart nine: it is your last card, and an empty hand wins the round.",
        ),
    ),
    receipt={
        "hand points": (
            "Each player counts the cards left in hand: 10, Q and K are worth 10, a jack 20, an ace 15, "
            "6 to 9 nothing. You went out with none; robot 2 holds HJ D8 C7 (20) and robot 3 CJ C8 (20)."
        ),
    },
    settlement=(
        "Points are penalties: the lowest total wins the game when someone passes 125. A total of "
        "exactly 125 goes back to 0."
    ),
)
