"""Every bad input gets a clear error and changes nothing; none of it stops the server or
another game."""

from __future__ import annotations

import json

import pytest
from net_helpers import Raw, create_game, server  # noqa: F401 (fixture)
from websockets.exceptions import ConnectionClosed

from navalgames.net.protocol import MAX_BYTES, MAX_DEPTH, ProtocolError, decode, encode
from navalgames.net.server import ServerThread
from navalgames.net.store import SQLiteStore


@pytest.mark.parametrize("text, says", [
    ("{not json", "malformed JSON"),
    ("[1, 2]", "a message must be a JSON object"),
    (json.dumps({"v": 99, "kind": "join", "code": "X"}), "protocol version 99"),
    (encode("teleport"), "unknown kind 'teleport'"),
    (encode("act", token="t", action="a2-a3", seq=True), "'act' needs field 'seq' of type int"),
    (encode("join"), "'join' needs field 'code' of type str"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested deeper"),
    (encode("join", code="x" * MAX_BYTES), "over the limit"),
])
def test_decode_refuses_bad_messages_with_a_reason(text, says):
    with pytest.raises(ProtocolError, match=says):
        decode(text)


def test_decode_counts_brackets_inside_strings_as_text():
    assert decode(encode("join", code="[[[[[[[[[[[[{{{{{{{{{{")) ["code"].startswith("[")


@pytest.fixture
def seated(server):
    """A Naval Blockade game with both seats taken by raw clients: (server, code, {side: (raw, token)})."""
    code = create_game(server.address, "naval-blockade", "standard")
    seats = {}
    for side in ("runner", "blockader"):
        raw = Raw(server.address)
        joined = raw.ask("join", code=code, side=side)
        assert joined["kind"] == "joined"
        seats[side] = (raw, joined["token"])
    yield server, code, seats
    for raw, _ in seats.values():
        raw.close()


def latest_state(raw: Raw) -> dict:
    """Drain to the newest state message."""
    state = raw.next("state")
    while True:
        try:
            message = raw.recv(timeout=0.3)
        except TimeoutError:
            return state
        if message["kind"] == "state":
            state = message


def errors_and_nothing_changes(server, code, raw, says, **fields):
    room = server.server.room(code)
    before = list(room.match.record.actions)
    reply = raw.ask(**fields) if "text" in fields else raw.ask(fields.pop("kind"), **fields)
    while reply["kind"] == "state":     # a presence update may come first
        reply = raw.recv()
    assert reply["kind"] == "error" and says in reply["message"], reply
    assert room.match.record.actions == before
    assert [g.actions for g in server.server.store.games() if g.code == code] == [before]


def test_bad_requests_in_a_game_are_refused_and_change_nothing(seated):
    server, code, seats = seated
    runner, runner_token = seats["runner"]
    blockader, blockader_token = seats["blockader"]
    state = latest_state(runner)
    assert state["to_act"] == "runner" and state["legal"]
    latest_state(blockader)
    seq = state["seq"]
    errors_and_nothing_changes(server, code, blockader, "not your turn",
                               kind="act", token=blockader_token, action=state["legal"][0], seq=seq)
    errors_and_nothing_changes(server, code, runner, "wrong token",
                               kind="act", token="A" * 32, action=state["legal"][0], seq=seq)
    errors_and_nothing_changes(server, code, runner, "not the seat you joined",
                               kind="act", token=blockader_token, action=state["legal"][0], seq=seq)
    errors_and_nothing_changes(server, code, runner, "illegal action",
                               kind="act", token=runner_token, action="start z99", seq=seq)
    errors_and_nothing_changes(server, code, runner, "illegal action",
                               kind="act", token=runner_token, action="nonsense!", seq=seq)
    errors_and_nothing_changes(server, code, runner, "out of date",
                               kind="act", token=runner_token, action=state["legal"][0], seq=seq - 1)
    errors_and_nothing_changes(server, code, runner, "malformed JSON", text="{oops")
    errors_and_nothing_changes(server, code, runner, "unknown kind", kind="shout")
    errors_and_nothing_changes(server, code, runner, "over the limit",
                               text=encode("act", token=runner_token, action="x" * MAX_BYTES, seq=seq))
    errors_and_nothing_changes(server, code, runner, "no draw offer to answer",
                               kind="answer_draw", token=runner_token, accept=True)
    # and the game still goes on: the right action from the right seat is played
    runner.send("act", token=runner_token, action=state["legal"][0], seq=seq)
    assert latest_state(runner)["seq"] > seq


def test_joining_is_refused_clearly(seated):
    server, code, _ = seated
    raw = Raw(server.address)
    try:
        assert "no game with code" in raw.ask("join", code="NOSUCH")["message"]
        assert "both seats are taken" in raw.ask("join", code=code)["message"]
        assert "the runner seat is taken" in raw.ask("join", code=code, side="runner")["message"]
        assert "no side 'admiral'" in raw.ask("join", code=code, side="admiral")["message"]
        assert "wrong token" in raw.ask("join", code=code, token="guess")["message"]
        assert "join a game first" in Raw(server.address).ask("resign", token="x")["message"]
        assert "no game 'chess'" in raw.ask("create", game="chess", variant="x", options={})["message"]
        assert "no variant" in raw.ask("create", game="naval-blockade", variant="x", options={})["message"]
    finally:
        raw.close()


def test_a_spectator_sees_the_game_but_cannot_act(seated):
    server, code, seats = seated
    watcher = Raw(server.address)
    try:
        joined = watcher.ask("join", code=code, spectate=True)
        assert joined["side"] is None and joined["token"] is None
        state = watcher.next("state")
        assert state["you"] is None and state["legal"] == [] and state["observation"]
        reply = watcher.ask("act", token="x" * 32, action="start l1", seq=state["seq"])
        assert "wrong token" in reply["message"]
    finally:
        watcher.close()


def test_tokens_are_long_random_secrets(seated):
    _, _, seats = seated
    tokens = [token for _, token in seats.values()]
    assert len(set(tokens)) == 2
    assert all(len(token) >= 32 for token in tokens)     # 24 random bytes, base64: 192 bits


def test_a_flooding_client_is_slowed_then_dropped_and_the_others_play_on(tmp_path):
    running = ServerThread(SQLiteStore(tmp_path / "g.sqlite3"), rate=20, burst=10, strikes=20)
    try:
        code = create_game(running.address, "naval-blockade", "standard")
        flooder = Raw(running.address)
        answers = []
        with pytest.raises(ConnectionClosed):
            for _ in range(2000):
                flooder.send("join", code="NOSUCH")
            while True:
                answers.append(flooder.recv(timeout=10))
        assert any(a.get("message") == "too many messages: slow down" for a in answers)
        assert flooder.ws.close_code == 1008
        # the server still serves everyone else
        player = Raw(running.address)
        assert player.ask("join", code=code, side="runner")["kind"] == "joined"
        player.close()
    finally:
        running.stop()


def test_a_message_far_over_the_limit_closes_only_that_connection(server):
    code = create_game(server.address, "naval-blockade", "standard")
    raw = Raw(server.address)
    with pytest.raises(ConnectionClosed):
        raw.send(text="x" * (16 * MAX_BYTES))
        raw.recv(timeout=10)
    other = Raw(server.address)
    assert other.ask("join", code=code)["kind"] == "joined"
    other.close()


class FailingStore(SQLiteStore):
    fail = False

    def add_actions(self, code, first_index, actions):
        if self.fail:
            raise OSError("disk full")
        super().add_actions(code, first_index, actions)


def test_an_action_the_store_cannot_keep_is_not_played():
    from navalgames.core.registry import get_game
    from navalgames.net.room import Room, RoomError
    store = FailingStore(":memory:")
    room = Room.create(get_game("naval-blockade"), "standard", {}, store, "ABCDEF")
    side, seq = room.to_act(), room.seq
    action = str(room.match.state.legal_actions()[0])
    store.fail = True
    with pytest.raises(RoomError, match="could not save"):
        room.act(side, action, seq)
    assert room.seq == seq and room.to_act() == side
    store.fail = False
    room.act(side, action, seq)
    assert store.games()[0].actions == room.match.record.actions and room.seq > seq


def test_a_deployment_of_ones_own_is_judged_by_the_engine():
    """Dover Patrol lists only the preset deployments; any legal one is accepted, a wrong one
    refused without touching the game."""
    import random

    from games.dover_patrol.ai import booklet_deployment
    from navalgames.core.registry import get_game
    from navalgames.net.room import Room, RoomError
    store = SQLiteStore(":memory:")
    room = Room.create(get_game("dover-patrol"), "classic", {}, store, "ABCDEF")
    own = str(booklet_deployment(room.match.state.rules, 0, random.Random(5)))
    assert own not in [str(a) for a in room.match.state.legal_actions()]
    squares = own.split()[2:]
    broken = " ".join(own.split()[:2] + [squares[1].split("=")[0] + "=" + squares[0].split("=")[1]] + squares[1:])
    with pytest.raises(RoomError, match="illegal action"):
        room.act("south", broken, room.seq)         # a square twice, a piece missing
    assert room.seq == 0 and store.games()[0].actions == []
    room.act("south", own, 0)
    assert store.games()[0].actions == [own]


class FakeSocket:
    """Where the server's writer would send: only the close code is of interest here."""
    close_code = None

    async def close(self, code, reason):
        self.close_code = code


def test_a_client_that_does_not_read_is_dropped_and_the_others_are_still_told():
    import asyncio

    from navalgames.core.registry import get_game
    from navalgames.net.room import Room
    from navalgames.net.server import QUEUE_LIMIT, Client, GameServer

    async def scenario():
        server = GameServer(SQLiteStore(":memory:"))
        room = server.rooms["ABCDEF"] = Room.create(get_game("naval-blockade"), "standard", {}, server.store, "ABCDEF")
        sleeper, player = Client(FakeSocket()), Client(FakeSocket())
        server.on_join(sleeper, {"code": "ABCDEF", "spectate": True})
        while sleeper.queue.qsize() < QUEUE_LIMIT:     # its writer never gets the messages out
            sleeper.queue.put_nowait("unread")
        server.on_join(player, {"code": "ABCDEF", "side": "runner"})
        await asyncio.sleep(0)                         # the close it was given runs
        return server, room, sleeper, player

    server, room, sleeper, player = asyncio.run(scenario())
    assert sleeper.ws.close_code == 1008 and sleeper.room is None
    assert server.watchers[room] == {player}
    told = [json.loads(player.queue.get_nowait()) for _ in range(player.queue.qsize())]
    assert [m["kind"] for m in told] == ["joined", "state"] and told[1]["to_act"] == "runner"
