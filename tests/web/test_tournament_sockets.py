"""A tournament's socket: its page's board pushed again, as each viewer sees it, when the
tournament changes; a table page's note (``?note=<table>``) pushed the same way; an unknown
tournament refused."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from games.services import broadcast
from games.tournaments import entries
from tests.factories import UserFactory
from tests.helpers import tournaments as helper
from tests.web.sockets import app, connect, drain

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def _tournament_with_a_table():
    host = UserFactory(username="hostka")
    people = [UserFactory(username=f"kartya{i}") for i in range(4)]
    tournament = helper.make(host, rounds=1)
    for person in people:
        entries.join(tournament, person)
    return tournament, host, people


@sync_to_async
def _start(tournament, host):
    entries.start_now(tournament, host)
    return tournament.tables.select_related("room").get(number=1)


async def test_the_board_and_a_tables_note_are_pushed_when_the_tournament_changes():
    tournament, host, people = await _tournament_with_a_table()
    board = await connect(f"/ws/t/{tournament.code}/", people[0])
    await sync_to_async(entries.leave)(tournament, people[3])
    pushed = await drain(board, quiet=1.0)
    assert pushed and 'id="board"' in pushed[-1]
    assert "kartya0" in pushed[-1] and "kartya3" not in pushed[-1]  # who entered, now
    assert 'id="leave"' in pushed[-1]  # as this viewer sees it: they may withdraw
    table = await _start(tournament, host)
    pushed = await drain(board, quiet=1.0)
    assert 'id="my-table"' in pushed[-1] and f'href="/r/{table.room.code}/"' in pushed[-1]
    note = await connect(f"/ws/t/{tournament.code}/?note={table.room.code}", people[0])
    await sync_to_async(broadcast.tournament_changed)(tournament.pk)
    pushed = await drain(note, quiet=1.0)
    assert pushed and all('id="tournament-note"' in p and 'id="board"' not in p for p in pushed)
    await board.disconnect()
    await note.disconnect()


async def test_a_burst_of_changes_is_rendered_once_or_twice_and_the_last_push_is_the_board_now():
    tournament, host, people = await _tournament_with_a_table()
    board = await connect(f"/ws/t/{tournament.code}/", people[0])

    @sync_to_async
    def burst():
        for _ in range(8):  # as every entry of a busy start, or every table's hand at once
            broadcast.tournament_changed(tournament.pk)
        entries.leave(tournament, people[3])  # and one more that changes the board

    await burst()
    pushed = await drain(board, quiet=1.0)
    # One render of the first change; the rest arrived meanwhile and are rendered together.
    assert 1 <= len(pushed) <= 3, len(pushed)
    assert "kartya0" in pushed[-1] and "kartya3" not in pushed[-1]
    await board.disconnect()


async def test_an_unknown_tournament_closes_the_socket():
    communicator = WebsocketCommunicator(app, "/ws/t/nosuch/")
    connected, code = await communicator.connect()
    assert not connected or code == 4404
    await communicator.disconnect()
