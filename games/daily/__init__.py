"""The daily deal (issue 16, item 6): each day one deal per game, the same for everyone, played
once per person against strong robots at a table of one's own, with a leaderboard of the day."""
