"""What ``games.services`` announces after a change is committed, to the machinery and features
above it.

The robot runner listens to ``hand_changed`` and the standings to ``hand_finished`` and
``match_ended`` (each connected in ``GamesConfig.ready``), so that the services, which the
robots call to move, do not depend on the robots' machinery or on a feature in turn.
"""

from django.dispatch import Signal

# A hand changed (an action, a deal, a seat given to a robot): the robots and turn clocks of
# that hand may have something to do. Sent with ``hand_id``, and ``move`` when it was an action.
hand_changed = Signal()
# A hand finished (its last action committed): its statistics and, at the end of a rated match,
# the ratings follow. Sent with ``hand_id``.
hand_finished = Signal()
# The host ended a match without a set length (committed): a rated one changes the ratings. Sent
# with ``room_id`` and ``match_no``.
match_ended = Signal()
