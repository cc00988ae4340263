"""A computer player in a remote seat: the levels of navalgames.ai and the games' AI modules,
fed with states sampled from the seat's observation (see seat_state)."""

from __future__ import annotations

import random
import time
from typing import Any

from navalgames.ai.player import make_player
from navalgames.core.registry import GameSpec

from .client import RemoteError, RemoteSeat
from .seat_state import StateBuilder

IDLE_TIMEOUT = 600.0      # seconds with nothing to do before the player gives up waiting


def play_seat(seat: RemoteSeat, spec: GameSpec, level: str, seed: int | None = None,
              idle_timeout: float = IDLE_TIMEOUT, timings: list[float] | None = None) -> dict[str, Any]:
    """Play ``seat`` until the game ends; the outcome (``winner``, ``reason``).

    ``timings`` collects the round trip of every action: from sending it to the state it
    brought on (the benchmark's figure).
    """
    if not seat.wait(lambda: seat.state is not None, idle_timeout):
        raise RemoteError(seat.fatal or "the server sent no state")
    if seat.fatal:
        raise RemoteError(seat.fatal)
    side = seat.side
    game = seat.game
    builder = StateBuilder(spec, game["variant"], game["options"], side)
    player = make_player(spec, level, side, seed)
    rng = random.Random(seed)
    sent: tuple[int, int, int] | None = None     # (seq, joins, errors) when we last acted

    def news() -> bool:
        state = seat.state
        if state["outcome"] or (state["draw_offer"] not in (None, side)):
            return True
        return state["to_act"] == side and sent != (state["seq"], seat.joins, len(seat.errors))

    while True:
        if not seat.wait(news, idle_timeout):
            raise RemoteError(f"nothing happened for {idle_timeout:.0f} s")
        if seat.fatal:
            raise RemoteError(seat.fatal)
        state = seat.state
        if state["outcome"]:
            return state["outcome"]
        if state["draw_offer"] not in (None, side):
            seat.answer_draw(False)          # a computer plays on; a person decides on screen
            seat.wait(lambda: seat.state["draw_offer"] is None, 5)
            continue
        errors = len(seat.errors)
        if sent is not None and sent[:2] == (state["seq"], seat.joins) and errors > sent[2]:
            text = rng.choice(state["legal"])   # refused (should not happen): any legal action
        else:
            action = player.choose(builder.state(state["observation"], rng), side)
            text = str(action)
        started = time.perf_counter()
        sent = (state["seq"], seat.joins, errors)
        if seat.act(text) and timings is not None:
            if seat.wait(lambda: seat.state["seq"] != sent[0] or len(seat.errors) > errors, idle_timeout):
                timings.append(time.perf_counter() - started)
