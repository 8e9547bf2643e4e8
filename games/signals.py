"""What ``games.services`` announces after a change is committed, to whoever drives the robots.

The robot runner listens (connected in ``GamesConfig.ready``), so that the services, which the
robots call to move, do not depend on the robots' machinery in turn.
"""

from django.dispatch import Signal

# A hand changed (an action, a deal, a seat given to a robot): the robots and turn clocks of
# that hand may have something to do. Sent with ``hand_id``.
hand_changed = Signal()
