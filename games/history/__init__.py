"""What a player sees of past hands: their lists (My games, profiles), the step-through replay
(shared with the staff inspector), and the hand file form (export and import).

Everything here reads the log (``Hand`` + ``HandAction``) and the rules core; the one write,
a new table on a given deal, goes through ``games.services.create_room``.
"""
