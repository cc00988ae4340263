"""The server killed (SIGKILL) in the middle of a game and started again loses nothing: the
clients reconnect by themselves and play on from the same move. Also the commands as written."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

from net_helpers import RemoteSeat, WAIT, create_game, free_port, play_game, server  # noqa: F401

from navalgames.__main__ import main
from navalgames.core.match import replay
from navalgames.core.records import GameRecord
from navalgames.net.store import SQLiteStore


def start_server(port: int, data) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-m", "navalgames", "serve", "--port", str(port),
                                "--data", str(data)], stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()      # printed once it listens
    assert f"listening on ws://127.0.0.1:{port}" in line, line
    return process


def test_killing_the_server_mid_game_loses_nothing(tmp_path):
    port = free_port()
    address = f"ws://127.0.0.1:{port}"
    process = start_server(port, tmp_path)
    seen_before_kill: dict[str, int] = {}
    try:
        code = create_game(address, "dover-patrol", "flagship-hunt")
        seats = {side: RemoteSeat(address, code, side=side) for side in ("south", "north")}

        def kill_and_restart(seats):
            nonlocal process
            seats["south"].wait(lambda: (seats["south"].state or {}).get("seq", 0) >= 30, WAIT)
            process.send_signal(signal.SIGKILL)
            process.wait(WAIT)
            for side, seat in seats.items():
                seen_before_kill[side] = seat.state["seq"]
            time.sleep(0.3)                       # the clients find the server gone, and retry
            process = start_server(port, tmp_path)

        outcomes = play_game(address, code, {"south": "random", "north": "random"}, seats, kill_and_restart)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(WAIT)
    assert all(seat.reconnects >= 1 for seat in seats.values())
    assert max(seen_before_kill.values()) >= 30      # killed mid-game, not before it began
    stored = next(g for g in SQLiteStore(tmp_path / "server.sqlite3").games() if g.code == code)
    # every step either client was told of before the kill is in the store, and the whole game
    # replays from the store to the ending both clients were told
    final = replay(GameRecord(game="dover-patrol", variant="flagship-hunt", seed=stored.seed,
                              actions=stored.actions)).outcome()
    assert len(stored.actions) > max(seen_before_kill.values())
    assert outcomes["south"] == outcomes["north"] == final.as_dict()


def test_remote_new_and_remote_play_as_written(server, capsys):
    assert main(["remote", "new", server.address, "naval-blockade", "--option", "range=12"]) == 2
    assert "range" in capsys.readouterr().err       # a bad option: one clear line
    assert main(["remote", "new", server.address, "dover-patrol", "--variant", "flagship-hunt"]) == 0
    code = capsys.readouterr().out.strip()
    assert re.fullmatch(r"[A-Z2-9]{6}", code)
    other = RemoteSeat(server.address, code, side="north")
    import threading
    from navalgames.core.registry import get_game
    from navalgames.net.autoplay import play_seat
    opponent = threading.Thread(target=play_seat, args=(other, get_game("dover-patrol"), "random", 1, WAIT),
                                daemon=True)
    opponent.start()
    assert main(["remote", "play", server.address, code, "--level", "random", "--side", "south"]) == 0
    opponent.join(WAIT)
    other.close()
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"Dover Patrol, flagship-hunt, game {code}: random plays south"
    final = server.server.room(code).match.outcome()
    result = {None: "draw", "south": "win", "north": "loss"}[final.winner]
    assert out[-1].startswith(f"south: {result}; ending: {final.reason}; ")


def test_remote_play_says_clearly_when_it_cannot(server, capsys):
    assert main(["remote", "play", server.address, "NOSUCH", "--level", "random"]) == 2
    assert "no game with code 'NOSUCH'" in capsys.readouterr().err
    port = free_port()
    assert main(["remote", "new", f"127.0.0.1:{port}", "naval-blockade"]) == 2
    assert "cannot reach" in capsys.readouterr().err


def test_serve_says_clearly_when_the_port_is_taken(tmp_path):
    port = free_port()
    first = start_server(port, tmp_path / "a")
    try:
        second = subprocess.run([sys.executable, "-m", "navalgames", "serve", "--port", str(port),
                                 "--data", str(tmp_path / "b")], capture_output=True, text=True, timeout=WAIT)
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(WAIT)
    assert second.returncode == 2
    assert second.stderr.startswith(f"navalgames serve: cannot listen on 127.0.0.1:{port}")


def test_bench_server_prints_its_figures(capsys):
    assert main(["bench-server", "--games", "3", "--game", "naval-blockade", "--variant", "standard",
                 "--think", "0.02", "--ramp", "0.5", "--window", "2"]) == 0
    out = capsys.readouterr().out
    assert "3 concurrent games of naval-blockade (standard)" in out
    assert re.search(r"load average before: [\d.]+, [\d.]+, [\d.]+", out)
    assert "about 150 actions per second once all have arrived" in out      # 3 games / 0.02 s
    assert re.search(r"yardstick: the engine alone plays [\d,]+ actions per second", out)
    assert re.search(r"round trip of an action: median [\d.]+ ms, 95th percentile [\d.]+ ms", out)
    completed = int(re.search(r"games completed (\d+), lost 0 \((\d+) of them", out).group(1))
    assert completed > 3         # Blockade games are short: ended games were replaced by new ones
    assert main(["bench-server", "--games", "0"]) == 2
    assert main(["bench-server", "--window", "0"]) == 2
