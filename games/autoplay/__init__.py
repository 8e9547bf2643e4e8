"""Moves nobody clicks: the robots' seats played (``runner`` in the web process, ``worker`` in its
own), the turn clocks fired when a deadline passes (``clocks``), which robot a seat's level names
(``robots``: a level of ``games.bots`` or a feature's registered robot), and which lines of a log
such moves made (``automatic``). Every move goes through ``games.services.submit_action`` like a
player's; this package sits above the writer and below the pages and features."""
