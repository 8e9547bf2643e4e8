"""Table life around the game: who may sit at and watch a table (``access``), the invitation
link and ``/join/<code>`` (``joining``), the lobby's lists (``lobby``) and who is online
(``presence``). Every write of a room, a seat or an invitation goes through games.services."""
