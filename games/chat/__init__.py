"""A table's chat: the seated players' channel and the audience's.

``access`` says who reads and who writes which channel (the audience's never reaches a seat
while a hand is being played), ``text`` what a message may hold, ``writes`` is the only writer
of messages and chat settings, ``live`` renders the chat's partials for one viewer (page loads,
pushes, view.json), ``views`` the HTTP doors under ``/r/<code>/chat``.
"""
