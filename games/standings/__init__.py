"""What is kept about people's play: statistics per hand, ratings per game (issue 16, items 4-5).

Every row here is derived from the log (``PlayerHand`` from each finished hand's replayed
result, ``Rating`` and ``RatedMatch`` from the rated matches' standings) and rebuilt from it
by ``manage.py rebuild_stats``.
"""
