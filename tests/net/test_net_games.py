"""Whole games between computer clients over a real server on 127.0.0.1."""

from __future__ import annotations

import time

import pytest
from net_helpers import RemoteSeat, create_game, play_game, server  # noqa: F401 (fixture)

from navalgames.core.match import replay
from navalgames.core.records import GameRecord


@pytest.mark.parametrize("game, variant, levels", [
    ("dover-patrol", "flagship-hunt", {"south": "random", "north": "random"}),
    ("naval-blockade", "standard", {"runner": "easy", "blockader": "random"}),
])
def test_a_whole_game_is_played_to_the_end_between_two_remote_computers(server, game, variant, levels):
    code = create_game(server.address, game, variant)
    outcomes = play_game(server.address, code, levels)
    room = server.server.room(code)
    final = room.match.outcome()
    assert final is not None
    for side in levels:   # both seats were told the ending the engine reached
        assert outcomes[side] == final.as_dict()
    # the server's record replays to the same ending: every action went through the engine
    assert replay(room.match.record).outcome() == final
    # and the clients were given that record at the end, enough to replay the game themselves
    ended = RemoteSeat(server.address, code, spectate=True)
    assert ended.wait(lambda: ended.state is not None, 30)
    ended.close()
    finished = GameRecord(game=game, variant=variant, seed=ended.state["final"]["seed"],
                          actions=ended.state["final"]["actions"])
    assert replay(finished).outcome() == final


def test_the_store_holds_every_action_of_a_finished_game(server):
    code = create_game(server.address, "naval-blockade", "standard")
    play_game(server.address, code, {"runner": "random", "blockader": "random"})
    stored = next(g for g in server.server.store.games() if g.code == code)
    assert stored.actions == server.server.room(code).match.record.actions
    assert set(stored.tokens) == {"runner", "blockader"}


def test_a_dropped_client_reconnects_and_plays_on(server):
    code = create_game(server.address, "dover-patrol", "flagship-hunt")
    seats = {side: RemoteSeat(server.address, code, side=side) for side in ("south", "north")}

    def drop_south_twice(seats):
        for at in (20, 60):
            seats["south"].wait(lambda: (seats["south"].state or {}).get("seq", 0) >= at, 60)
            seats["south"].drop()

    outcomes = play_game(server.address, code, {"south": "random", "north": "random"}, seats, drop_south_twice)
    assert seats["south"].reconnects >= 2 and seats["south"].joins >= 3
    assert outcomes["south"] == server.server.room(code).match.outcome().as_dict()


def test_resignation_and_draw_offers_end_the_game_for_both_seats(server):
    code = create_game(server.address, "naval-blockade", "standard")
    runner = RemoteSeat(server.address, code, side="runner")
    blockader = RemoteSeat(server.address, code, side="blockader")
    try:
        for seat in (runner, blockader):
            assert seat.wait(lambda s=seat: s.state is not None and all(s.state["connected"].values()), 30)
        assert runner.offer_draw()
        assert blockader.wait(lambda: blockader.state["draw_offer"] == "runner", 30)
        assert blockader.answer_draw(False)
        assert runner.wait(lambda: any(e["kind"] == "draw" for e in runner.events), 30)
        assert runner.state["outcome"] is None and runner.state["draw_offer"] is None
        assert blockader.resign()
        assert runner.wait(lambda: runner.state["outcome"] is not None, 30)
        assert runner.state["outcome"] == {"winner": "runner", "reason": "Blockader resigned"}
        stored = next(g for g in server.server.store.games() if g.code == code)
        assert stored.result == runner.state["outcome"]
    finally:
        runner.close()
        blockader.close()


def test_the_panel_learns_when_the_opponent_leaves_and_comes_back(server):
    code = create_game(server.address, "naval-blockade", "standard")
    runner = RemoteSeat(server.address, code, side="runner")
    blockader = RemoteSeat(server.address, code, side="blockader")
    try:
        assert runner.wait(lambda: runner.state and runner.state["connected"]["blockader"], 30)
        assert blockader.wait(lambda: blockader.token is not None, 30)
        token = blockader.token
        blockader.close()      # adjourn: the seat stays his
        assert runner.wait(lambda: not runner.state["connected"]["blockader"], 30)
        back = RemoteSeat(server.address, code, token=token)
        assert back.wait(lambda: back.state is not None, 30) and back.side == "blockader", back.fatal
        assert runner.wait(lambda: runner.state["connected"]["blockader"], 30)
        back.close()
    finally:
        runner.close()


def test_a_lost_server_is_retried_with_growing_delays_then_given_up():
    from net_helpers import free_port
    started = time.monotonic()
    seat = RemoteSeat(f"ws://127.0.0.1:{free_port()}", "ABCDEF", give_up_after=1.5)
    assert seat.wait(lambda: False, 30) is True        # fatal ends the wait
    assert "lost the server" in seat.fatal and not seat.connected
    # delays of 50 ms doubling (jittered to half or more): a handful of tries in 1.5 s, not hundreds
    assert 3 <= seat.reconnects <= 8, seat.reconnects
    assert 1.5 <= time.monotonic() - started < 10
    seat.close()


def test_an_adjourned_game_is_resumed_by_token_after_the_server_restarts(tmp_path):
    from navalgames.net.server import ServerThread
    from navalgames.net.store import SQLiteStore
    path = tmp_path / "games.sqlite3"
    first = ServerThread(SQLiteStore(path))
    try:
        code = create_game(first.address, "naval-blockade", "standard")
        seats = {side: RemoteSeat(first.address, code, side=side) for side in ("runner", "blockader")}
        for _ in range(3):        # a few moves by hand: the side to act plays its first legal action
            seat = next(s for s in seats.values() if s.wait(lambda s=s: s.state is not None, 30)
                        and s.state["to_act"] == s.side)
            seq = seat.state["seq"]
            assert seat.act(seat.state["legal"][0])
            assert all(s.wait(lambda s=s: (s.state or {}).get("seq", -1) > seq, 30) for s in seats.values())
        tokens = {side: seat.token for side, seat in seats.items()}
        reached = seats["runner"].state["seq"]
        for seat in seats.values():
            seat.close()           # both adjourn
    finally:
        first.stop()
    second = ServerThread(SQLiteStore(path))
    try:
        back = {side: RemoteSeat(second.address, code, token=token) for side, token in tokens.items()}
        for side, seat in back.items():
            assert seat.wait(lambda s=seat: s.state is not None, 30) and seat.side == side, seat.fatal
            assert seat.state["seq"] == reached
        outcomes = play_game(second.address, code, {"runner": "random", "blockader": "random"}, back)
        assert outcomes["runner"] == second.server.room(code).match.outcome().as_dict()
        assert second.server.room(code).match.record.actions[:reached] == \
            next(g for g in SQLiteStore(path).games() if g.code == code).actions[:reached]
    finally:
        second.stop()


def test_a_finished_game_nobody_watches_is_let_go_of_and_read_back_when_asked_for(server):
    code = create_game(server.address, "naval-blockade", "standard")
    outcomes = play_game(server.address, code, {"runner": "random", "blockader": "random"})
    deadline = time.monotonic() + 30
    while code in server.server.rooms and time.monotonic() < deadline:   # both seats have left
        time.sleep(0.05)
    assert code not in server.server.rooms
    watcher = RemoteSeat(server.address, code, spectate=True)       # and yet it can be watched
    assert watcher.wait(lambda: watcher.state is not None, 30), watcher.fatal
    watcher.close()
    assert watcher.state["outcome"] == outcomes["runner"] and watcher.state["final"]["actions"]
