"""The launcher's side of online play without a window: the RemoteMatch a play screen reads, and
the file of seats Continue lists."""

from __future__ import annotations

import pytest

from navalgames.core.registry import get_game
from navalgames.core.state import IllegalAction
from navalgames.net.client import RemoteSeat, create_game
from navalgames.net.remote_match import RemoteMatch
from navalgames.net.seats import SeatEntry, forget_seat, load_seats, remember_seat

from net_helpers import WAIT, server  # noqa: F401


def joined(address: str, code: str, side: str | None = None) -> RemoteSeat:
    seat = RemoteSeat(address, code, side=side)
    assert seat.wait(lambda: seat.state is not None and bool(seat.game), WAIT), seat.fatal
    return seat


def poll_until(match: RemoteMatch, condition) -> None:
    assert match.seat.wait(lambda: match.poll() is not None and condition() or condition(), WAIT)


def test_a_move_is_only_sent_and_comes_back_from_the_server(server):
    code = create_game(server.address, "naval-blockade", "standard", {})
    runner, blockader = joined(server.address, code, "runner"), joined(server.address, code, "blockader")
    mine = RemoteMatch(get_game("naval-blockade"), runner)
    theirs = RemoteMatch(get_game("naval-blockade"), blockader)
    try:
        poll_until(mine, lambda: mine.opponent_connected())
        assert "your opponent is connected" in mine.status_line()
        mover, other = (mine, theirs) if mine.my_turn() else (theirs, mine)
        with pytest.raises(IllegalAction, match="not your turn"):
            other.play(mover.state.legal_actions()[0])
        seq = mover.message["seq"]
        assert mover.play(str(mover.state.legal_actions()[0])) == []     # sent, nothing shown yet
        assert mover.waiting
        with pytest.raises(IllegalAction, match="waiting for the server"):
            mover.play(str(mover.state.legal_actions()[0]))              # never sent twice
        poll_until(mover, lambda: mover.message["seq"] > seq)
        assert not mover.waiting
    finally:
        runner.close()
        blockader.close()


def test_a_refused_action_is_said_and_the_move_is_still_ours(server):
    code = create_game(server.address, "dover-patrol", "first-capture", {})
    south, north = joined(server.address, code, "south"), joined(server.address, code, "north")
    match = RemoteMatch(get_game("dover-patrol"), south)
    try:
        poll_until(match, lambda: match.my_turn())
        assert match.state.phase == "setup" and match.state.legal_actions()   # the presets
        match.play("deploy south a1=MI")                 # not a legal fleet: the server says why
        poll_until(match, lambda: bool(match.problem))
        assert "illegal action" in match.problem and match.my_turn()
    finally:
        south.close()
        north.close()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("NAVALGAMES_HOME", str(tmp_path))


def test_seats_are_kept_newest_first_and_forgotten(home):
    remember_seat(SeatEntry("ws://127.0.0.1:8765", "AAAAAA", "dover-patrol", "classic", "south", "t1"))
    kept = remember_seat(SeatEntry("ws://127.0.0.1:8765", "BBBBBB", "naval-blockade", "standard", "runner", "t2",
                                   "local"))
    assert kept.updated and [e.code for e in load_seats()] == ["BBBBBB", "AAAAAA"]
    assert load_seats()[0].token == "t2" and load_seats()[0].hosted == "local"
    forget_seat("ws://127.0.0.1:8765", "BBBBBB")
    assert [e.code for e in load_seats()] == ["AAAAAA"]


def test_a_hostile_seats_file_is_read_as_far_as_it_is_sound(home):
    from navalgames.core.paths import data_dir
    path = data_dir() / "online" / "seats.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("seats:\n  - {address: ws://h:1, code: C, game: g, variant: v, side: s, token: t}\n"
                    "  - {address: [1, 2], code: C}\n  - just words\n  - {address: a, code: c, game: g, "
                    "variant: v, side: s, token: t, shell: rm}\n")
    assert [e.address for e in load_seats()] == ["ws://h:1"]
    path.write_text("[" * 5000)
    assert load_seats() == []


def test_a_dropped_connection_comes_back_by_itself(server):
    code = create_game(server.address, "naval-blockade", "standard", {})
    seat = joined(server.address, code, "runner")
    match = RemoteMatch(get_game("naval-blockade"), seat)
    try:
        seq = match.message["seq"]
        seat.drop()                                     # as a network fault would
        assert seat.wait(lambda: seat.joins >= 2 and seat.connected, WAIT)
        poll_until(match, lambda: match.connected and match.message is seat.state)
        assert match.message["seq"] == seq and match.status_line().startswith(f"Online game {code}")
    finally:
        seat.close()


def test_a_move_missed_while_the_connection_was_down_comes_back_with_the_history(server, monkeypatch):
    from navalgames.net import client
    monkeypatch.setattr(client, "FIRST_DELAY", 1.0)        # time for the opponent to move meanwhile
    code = create_game(server.address, "naval-blockade", "standard", {})
    runner = RemoteSeat(server.address, code, side="runner", history=True)
    assert runner.wait(lambda: runner.state is not None and bool(runner.game), WAIT), runner.fatal
    blockader = joined(server.address, code, "blockader")
    match = RemoteMatch(get_game("naval-blockade"), runner)
    try:
        poll_until(match, lambda: match.my_turn())
        match.play("start m1")
        poll_until(match, lambda: match.message["seq"] == 1)
        assert match.record.actions == ["start m1"] and [s.seq for s in match.steps] == [1]
        runner.drop()
        assert runner.wait(lambda: not runner.connected, WAIT)
        assert blockader.wait(lambda: blockader.state["seq"] == 1, WAIT) and blockader.act("start v23")
        poll_until(match, lambda: match.message["seq"] == 3)
        # the Blockader's start and the toss it brought on, told by the history on rejoining
        assert runner.joins == 2
        assert match.record.actions == server.server.room(code).match.record.actions
        assert [s.seq for s in match.steps] == [1, 3]
        assert [e.kind for e in match.steps[1].events] == ["start", "toss"]
    finally:
        runner.close()
        blockader.close()
