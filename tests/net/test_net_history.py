"""A seat coming back to a game is told what happened before (the ``history`` message): every
step as that seat saw it live, the same events through the same filter, and the actions it may
see: never the enemy's deployment in Dover Patrol (the privacy test checks the live messages)."""

from __future__ import annotations

import json
import random

from net_helpers import WAIT, RemoteSeat, create_game, server  # noqa: F401 (fixture)

SIDES = ("south", "north")


def joined(address: str, code: str, **how) -> RemoteSeat:
    seat = RemoteSeat(address, code, **how)
    assert seat.wait(lambda: seat.state is not None and bool(seat.game), WAIT), seat.fatal
    return seat


def play_steps(seats: dict[str, RemoteSeat], watchers: list[RemoteSeat], count: int) -> None:
    """``count`` random legal actions, each seen by every seat and watcher before the next."""
    rng = random.Random(7)
    for _ in range(count):
        mover = next(s for s in seats.values() if s.state["to_act"] == s.side)
        seq = mover.state["seq"]
        assert mover.act(rng.choice(mover.state["legal"]))
        for seat in [*seats.values(), *watchers]:
            assert seat.wait(lambda seat=seat: seat.state["seq"] > seq, WAIT)
        if mover.state["outcome"]:
            break


def test_a_seat_coming_back_is_told_every_step_as_it_saw_it_live(server):
    code = create_game(server.address, "dover-patrol", "flagship-hunt")
    seats = {side: joined(server.address, code, side=side) for side in SIDES}
    watcher = joined(server.address, code, spectate=True)
    back: list[RemoteSeat] = []
    try:
        play_steps(seats, [watcher], 30)
        record = server.server.room(code).match.record
        assert record.actions[0].startswith("deploy south") and record.actions[1].startswith("deploy north")
        assert len(seats["south"].steps) >= 20 and not seats["south"].state["outcome"]
        for side, live in [*seats.items(), (None, watcher)]:
            how = {"token": live.token} if side else {"spectate": True}
            seat = joined(server.address, code, history=True, **how)
            back.append(seat)
            assert seat.history_version == 1
            # exactly the steps this seat (or a spectator) was shown live, numbered alike
            assert seat.steps == live.steps
            deploys = {text.split()[1]: text for text in record.actions[:2]}
            for other in SIDES:
                shown = seat.steps[SIDES.index(other)]["actions"]
                assert shown == ([deploys[other]] if other == side else [None])
                if other != side:
                    assert deploys[other] not in json.dumps(seat.steps)
            # every action after the deployments, in the record's order
            later = [a for step in seat.steps[2:] for a in step["actions"]]
            assert later == record.actions[2:]
    finally:
        for seat in [*seats.values(), watcher, *back]:
            seat.close()


def test_a_long_history_comes_in_several_messages_and_is_taken_whole(server, monkeypatch):
    from navalgames.net import server as server_module
    monkeypatch.setattr(server_module, "HISTORY_STEPS", 4)
    code = create_game(server.address, "dover-patrol", "flagship-hunt")
    seats = {side: joined(server.address, code, side=side) for side in SIDES}
    back = None
    try:
        play_steps(seats, [], 11)
        back = joined(server.address, code, token=seats["north"].token, history=True)
        assert back.history_version == 1 and back.steps == seats["north"].steps
        assert len(back.steps) == 11
    finally:
        for seat in [*seats.values(), *([back] if back else [])]:
            seat.close()


def test_naval_blockade_history_hides_nothing_and_keeps_the_toss_with_the_start_that_brought_it(server):
    code = create_game(server.address, "naval-blockade", "standard", {})
    seats = {side: joined(server.address, code, side=side) for side in ("runner", "blockader")}
    back = None
    try:
        play_steps(seats, [], 3)
        back = joined(server.address, code, token=seats["runner"].token, history=True)
        record = server.server.room(code).match.record
        assert [a for step in back.steps for a in step["actions"]] == record.actions
        # the toss is rolled as the second ship is placed: one step, as it was sent live
        second = back.steps[1]
        assert second["actions"][0].startswith("start") and second["actions"][1].startswith("toss:")
        assert [e["kind"] for e in second["events"]] == ["start", "toss"]
        assert back.steps == seats["runner"].steps
    finally:
        for seat in [*seats.values(), *([back] if back else [])]:
            seat.close()
