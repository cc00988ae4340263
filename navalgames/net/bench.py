"""``navalgames bench-server``: a server under N concurrent games of random clients (loopback).

    navalgames bench-server [--games N] [--game G] [--variant V] [--think S] [--ramp S] [--window S]

The server runs in its own process, as ``navalgames serve`` does; the clients are asyncio
WebSocket clients in this process that behave as the launcher's client does (they ask for patches
and keep the observation up to date), each taking a random legal action. Players pause between
actions (``--think``, about that long with jitter; 0 plays flat out, which measures a queue of
clients that never pause rather than how quickly a player is answered) and their games arrive
spread over the first seconds (``--ramp``; 0: all at once). For ``--window`` seconds the N games
stay in play (one that ends is replaced by a new one, as on a real server); then the games still
in play end by resignation, so that every game ends.
A round trip is the time from sending an action to receiving the state it brought on. Printed
with the figures: the load offered, the server's own processor time, the machine's load average,
and the yardstick, run first in this process: the same game played by the engine alone.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from navalgames.ai.tournament import percentile
from navalgames.core.registry import get_game

from .patch import apply
from .protocol import encode

DEFAULT_THINK = 1.0       # seconds a player takes over an action (a quick player: people take longer)
DEFAULT_RAMP = 10.0       # seconds over which the games arrive
DEFAULT_WINDOW = 60.0     # seconds measured


def yardstick(game: str, variant: str, seconds: float = 1.0) -> float:
    """Actions per second the engine plays alone (random players, through a Match)."""
    from navalgames.ai.player import RandomPlayer
    from navalgames.core.match import Match
    spec = get_game(game)
    actions, started, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - started < seconds:
        match, player = Match.new(spec, variant, seed=seed), RandomPlayer(seed)
        while match.to_act() is not None:
            match.play(player.choose(match.state, match.to_act()))
            actions += 1
        seed += 1
    return actions / (time.perf_counter() - started)


@dataclass
class Figures:
    rtts: list[float] = field(default_factory=list)       # seconds, one per action sent in the window
    creations: list[float] = field(default_factory=list)  # seconds from ``create`` to ``created``
    resigned: int = 0                                      # games in play when the window closed
    closing: asyncio.Event = field(default_factory=asyncio.Event)   # the window is over


def _connect(address: str):
    return connect(address, compression=None, max_size=None, proxy=None)


async def table(address: str, game: str, variant: str, sides: tuple[str, ...], arrival: float, think: float,
                figures: Figures, rng: random.Random) -> tuple[int, int]:
    """One table of the room: a game arrives ``arrival`` seconds in, and each time one ends another
    takes its place until the window closes. (games played to the end, games lost)."""
    await asyncio.sleep(arrival)
    ended = lost = 0
    while not figures.closing.is_set():
        try:
            finished = await one_game(address, game, variant, sides, think, figures, rng)
        except (OSError, WebSocketException, asyncio.TimeoutError, ValueError, KeyError):
            finished = False       # a connection refused or cut, a reply not understood
        ended, lost = ended + finished, lost + (not finished)
    return ended, lost


async def one_game(address: str, game: str, variant: str, sides: tuple[str, ...], think: float,
                   figures: Figures, rng: random.Random) -> bool:
    """A game created, both seats joined and played to its end; True if it ended."""
    async with _connect(address) as ws:
        asked = time.perf_counter()
        await ws.send(encode("create", game=game, variant=variant, options={}))
        reply = json.loads(await ws.recv())
        figures.creations.append(time.perf_counter() - asked)
    if reply["kind"] != "created":
        return False
    seats = [play(address, reply["code"], side, think, figures, random.Random(rng.random()))
             for side in sides]
    return all(await asyncio.gather(*seats))


async def play(address: str, code: str, side: str, think: float, figures: Figures, rng: random.Random) -> bool:
    """Play one seat to the end with random legal actions; True if the game finished.

    Once the window has closed, the player to act in a game still in play resigns: every game
    ends, and the server is told so as a person would tell it."""
    async with _connect(address) as ws:
        await ws.send(encode("join", code=code, side=side, patches=True))
        token, acted, sent_at, observation = None, -1, None, None
        async for text in ws:
            message = json.loads(text)
            if message["kind"] == "joined":
                token = message["token"]
            elif message["kind"] == "error":
                return False
            elif message["kind"] == "state":
                # kept up to date as a real client keeps it, though a random player never looks
                observation = apply(observation, message["patch"]) if "patch" in message else message["observation"]
                if sent_at is not None and message["seq"] > acted:
                    figures.rtts.append(time.perf_counter() - sent_at)
                    sent_at = None
                if message["outcome"]:
                    return observation is not None
                if message["to_act"] == side and message["seq"] > acted:
                    if think and not figures.closing.is_set():
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    acted = message["seq"]
                    if figures.closing.is_set():
                        figures.resigned += 1
                        await ws.send(encode("resign", token=token))
                        continue
                    sent_at = time.perf_counter()
                    await ws.send(encode("act", token=token, action=rng.choice(message["legal"]),
                                         seq=message["seq"]))
    return False


async def run_games(address: str, game: str, variant: str, games: int, think: float, ramp: float,
                    window: float, limit: float, seed: int = 0) -> tuple[Figures, int, int, float]:
    """``games`` tables for ``window`` seconds, then the games in play resigned:
    (figures, games played to the end, games lost, the window's length in seconds)."""
    rng = random.Random(seed)
    figures = Figures()
    sides = get_game(game).sides     # looked up once: the registry is slow to ask, and clients wait
    tasks = [asyncio.create_task(table(address, game, variant, sides, rng.uniform(0, ramp), think, figures,
                                       random.Random(rng.random())))
             for _ in range(games)]
    started = time.perf_counter()
    await asyncio.wait(tasks, timeout=window)
    figures.closing.set()
    elapsed = time.perf_counter() - started
    done, pending = await asyncio.wait(tasks, timeout=max(1.0, limit - elapsed))
    for task in pending:
        task.cancel()
    ended = sum(t.result()[0] for t in done)
    lost = sum(t.result()[1] for t in done) + len(pending)
    return figures, ended, lost, elapsed


def cpu_seconds(pid: int) -> float | None:
    """Processor time (user + system) a process has used so far; None where /proc is not."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def load_average() -> str:
    try:
        return ", ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def bench_command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="navalgames bench-server", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, metavar="N", help="concurrent games (default 200)")
    parser.add_argument("--game", default="dover-patrol", help="game id (default dover-patrol)")
    parser.add_argument("--variant", default="flagship-hunt", help="variant (default flagship-hunt: short games)")
    parser.add_argument("--think", type=float, default=DEFAULT_THINK, metavar="S",
                        help=f"seconds a player takes over an action, with jitter (default {DEFAULT_THINK:g}; "
                             "0: flat out)")
    parser.add_argument("--ramp", type=float, default=DEFAULT_RAMP, metavar="S",
                        help=f"the games arrive over this many seconds (default {DEFAULT_RAMP:g}; 0: all at once)")
    parser.add_argument("--window", type=float, default=DEFAULT_WINDOW, metavar="S",
                        help=f"seconds measured (default {DEFAULT_WINDOW:g}); a game that ends is replaced by a "
                             "new one meanwhile, and the games in play then end by resignation")
    parser.add_argument("--limit", type=float, default=600.0, metavar="S",
                        help="games unfinished after this many seconds count as lost (default 600)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.games < 1 or min(args.think, args.ramp) < 0 or args.window <= 0:
        print("navalgames bench-server: --games must be at least 1, --window above 0, --think and --ramp "
              "at least 0", file=sys.stderr)
        return 2
    try:
        get_game(args.game).variant(args.variant)
    except ValueError as exc:
        print(f"navalgames bench-server: {exc}", file=sys.stderr)
        return 2
    load_before = load_average()
    alone = yardstick(args.game, args.variant)
    with tempfile.TemporaryDirectory(prefix="navalgames-bench-") as data:
        server = subprocess.Popen([sys.executable, "-m", "navalgames", "serve", "--port", "0", "--data", data],
                                  stdout=subprocess.PIPE, text=True)
        try:
            address = server.stdout.readline().split(" listening on ")[1].split()[0]
            cpu_before, clients_before = cpu_seconds(server.pid), time.process_time()
            figures, completed, lost, elapsed = asyncio.run(
                run_games(address, args.game, args.variant, args.games, args.think, args.ramp, args.window,
                          args.limit))
            cpu_after, clients_cpu = cpu_seconds(server.pid), time.process_time() - clients_before
        finally:
            server.terminate()
            server.wait(30)
    rtts = figures.rtts
    print(f"{args.games} concurrent games of {args.game} ({args.variant}), random clients, "
          f"{os.cpu_count()} cores; load average before: {load_before}, after: {load_average()}")
    if args.think:
        print(f"offered load: each player takes {args.think * 0.5:g} to {args.think * 1.5:g} s over an action, "
              f"games arriving over {args.ramp:g} s, each one ended replaced by a new one: about "
              f"{args.games / args.think:,.0f} actions per second once all have arrived")
    else:
        print(f"offered load: flat out (each player acts the moment it is its turn), games arriving over "
              f"{args.ramp:g} s, each one ended replaced by a new one")
    print(f"yardstick: the engine alone plays {alone:,.0f} actions per second (one process, no network)")
    if rtts:
        print(f"actions per second: {len(rtts) / elapsed:,.0f} ({len(rtts)} actions in the {elapsed:.0f} s window)")
        if cpu_before is not None and cpu_after is not None:
            busy = cpu_after - cpu_before
            print(f"server processor time: {busy:.1f} s, {busy / len(rtts) * 1000:.2f} ms per action "
                  f"(the clients' process: {clients_cpu:.1f} s)")
        print(f"round trip of an action: median {statistics.median(rtts) * 1000:.1f} ms, "
              f"95th percentile {percentile(rtts, 95) * 1000:.1f} ms")
    if figures.creations:
        print(f"creating a game: median {statistics.median(figures.creations) * 1000:.1f} ms, "
              f"95th percentile {percentile(figures.creations, 95) * 1000:.1f} ms")
    print(f"games completed {completed}, lost {lost} ({figures.resigned} of them were in play when the "
          "window closed, and ended by resignation)")
    return 0 if lost == 0 else 1
