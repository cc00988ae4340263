"""A whole Dover Patrol game over a real server: no message sent to a seat ever names an enemy
identity that seat had not seen (checked against the engine's own observation of that seat)."""

from __future__ import annotations

import json

from net_helpers import RemoteSeat, create_game, play_game, server  # noqa: F401 (fixture)

from navalgames.core.match import initial_state
from navalgames.net.codec import to_json

SIDES = ("south", "north")
KIND_CODES = {"10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "MS", "SS", "ML", "FB", "MI"}


class RecordingSeat(RemoteSeat):
    """A seat that keeps every message the server sent it, as received (a patch included), with
    the whole observation it held after each ``state``."""

    def __init__(self, *args, **kwargs) -> None:
        self.received: list[dict] = []
        super().__init__(*args, **kwargs)

    def _receive(self, message: dict) -> None:
        received = json.loads(json.dumps(message))
        super()._receive(message)
        if received["kind"] == "state":
            received["observation"] = self.state["observation"]
        self.received.append(received)


def test_no_message_to_a_seat_names_an_enemy_identity_it_had_not_seen(server):
    code = create_game(server.address, "dover-patrol", "flagship-hunt")
    seats = {side: RecordingSeat(server.address, code, side=side) for side in SIDES}
    play_game(server.address, code, {"south": "random", "north": "random"}, seats)
    record = server.server.room(code).match.record

    # What the engine lets each side know after each step of the record.
    state = initial_state(server.server.specs["dover-patrol"], record)
    known = {0: {side: to_json(state.observation(side)) for side in SIDES}}
    deployments = {}
    for seq, text in enumerate(record.actions, start=1):
        if text.startswith("deploy"):
            deployments[text.split()[1]] = text
        state.apply_text(text)
        known[seq] = {side: to_json(state.observation(side)) for side in SIDES}

    checked = 0
    for side, seat in seats.items():
        enemy = "north" if side == "south" else "south"
        for message in seat.received:
            if message["kind"] != "state":
                continue
            if message["outcome"] is None:    # the enemy's deployment never travels to us in play
                assert deployments[enemy] not in json.dumps(message)
            else:                             # and once it is over, the whole record does
                assert message["final"]["actions"] == record.actions
            # the observation sent is exactly the engine's observation of this seat at that step
            assert message["observation"] == known[message["seq"]][side]
            seen = {p["kind"] for p in message["observation"]["pieces"]
                    if p["side"] == enemy and p["kind"] is not None}
            for event in message["events"]:   # an event names an enemy's piece only once it is seen
                if event.get("side") == enemy and "piece" in event:
                    assert event["piece"] in seen, event
            checked += 1
    assert checked > 100      # a whole game's worth of messages was looked at
    assert sum("patch" in m for seat in seats.values() for m in seat.received) > 100   # mostly patches
    # and the check can fail: the engine does know identities the enemy seat has not seen
    last = known[len(record.actions)]
    hidden = [p for p in last["south"]["pieces"] if p["side"] == "south" and
              next(q for q in last["north"]["pieces"] if q["id"] == p["id"])["kind"] is None]
    assert hidden


def test_a_spectator_sees_only_what_both_sides_know(server):
    code = create_game(server.address, "dover-patrol", "flagship-hunt")
    watcher = RecordingSeat(server.address, code, spectate=True)
    play_game(server.address, code, {"south": "random", "north": "random"})
    watcher.wait(lambda: watcher.state and watcher.state["outcome"], 30)
    watcher.close()
    room = server.server.room(code)
    views = {side: room.match.state.observation(side) for side in SIDES}
    final = watcher.received[-1]["observation"]
    for piece in final["pieces"]:
        enemy = "north" if piece["side"] == "south" else "south"
        assert piece["kind"] == next(p for p in views[enemy].pieces if p.id == piece["id"]).kind
    assert any(p["kind"] is None for p in final["pieces"])   # something was still hidden from both
