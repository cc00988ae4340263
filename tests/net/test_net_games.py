"""Whole games between computer clients over a real server on 127.0.0.1."""

from __future__ import annotations

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
    room = server.server.rooms[code]
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
    assert stored.actions == server.server.rooms[code].match.record.actions
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
    assert outcomes["south"] == server.server.rooms[code].match.outcome().as_dict()


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
