"""``navalgames bench-server``: a server under N concurrent games of random clients (loopback).

    navalgames bench-server [--games N] [--game G] [--variant V] [--think S] [--limit S]

The server runs in its own process, as ``navalgames serve`` does; the clients are asyncio
WebSocket clients in this process, each taking a random legal action from the ``state`` the
server sent (a random player needs nothing else). A round trip is the time from sending an action
to receiving the state it brought on. ``--think`` makes each client wait that long (with jitter)
before acting, as a player would; 0 plays flat out, which measures the server's throughput.
The yardstick, run first in this process: the same game played by the engine alone, no network.
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

from websockets.asyncio.client import connect

from navalgames.ai.tournament import percentile
from navalgames.core.registry import get_game

from .protocol import encode


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


class Barrier:
    """Every seat connects and joins before any plays: the figures are about actions, not about
    400 connections opening at once."""

    def __init__(self, seats: int) -> None:
        self.waiting, self.go = seats, asyncio.Event()
        self.arrived: set[tuple[str, str]] = set()

    def arrive(self, who: tuple[str, str]) -> None:
        if who not in self.arrived:
            self.arrived.add(who)
            self.waiting -= 1
            if self.waiting == 0:
                self.go.set()


async def seat(address: str, code: str, side: str, think: float, rtts: list[float], rng: random.Random,
               barrier: Barrier) -> bool:
    """Play one seat to the end with random legal actions; True if the game finished."""
    try:
        return await play(address, code, side, think, rtts, rng, barrier)
    finally:
        barrier.arrive((code, side))     # a seat that could not join must not hold the others back


async def play(address: str, code: str, side: str, think: float, rtts: list[float], rng: random.Random,
               barrier: Barrier) -> bool:
    async with connect(address, compression=None, max_size=None, proxy=None) as ws:
        await ws.send(encode("join", code=code, side=side))
        token, acted, sent_at = None, -1, 0.0
        async for text in ws:
            message = json.loads(text)
            if message["kind"] == "joined":
                token = message["token"]
                barrier.arrive((code, side))
                await barrier.go.wait()
            elif message["kind"] == "error":
                return False
            elif message["kind"] == "state":
                if sent_at and message["seq"] > acted:
                    rtts.append(time.perf_counter() - sent_at)
                    sent_at = 0.0
                if message["outcome"]:
                    return True
                if message["to_act"] == side and message["seq"] > acted:
                    if think:
                        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    acted, sent_at = message["seq"], time.perf_counter()
                    await ws.send(encode("act", token=token, action=rng.choice(message["legal"]),
                                         seq=message["seq"]))
    return False


async def run_games(address: str, game: str, variant: str, games: int, think: float,
                    limit: float) -> tuple[list[float], int, int, float]:
    sides = get_game(game).sides
    async with connect(address, compression=None, proxy=None) as ws:
        codes = []
        for _ in range(games):
            await ws.send(encode("create", game=game, variant=variant, options={}))
            codes.append(json.loads(await ws.recv())["code"])
    rtts: list[float] = []
    barrier = Barrier(games * len(sides))
    tasks = [asyncio.create_task(seat(address, code, side, think, rtts, random.Random(f"{code}{side}"), barrier))
             for code in codes for side in sides]
    await asyncio.wait_for(barrier.go.wait(), limit)
    started = time.perf_counter()
    done, pending = await asyncio.wait(tasks, timeout=limit)
    for task in pending:
        task.cancel()
    finished = [t.result() if t in done and not t.exception() else False for t in tasks]
    completed = sum(all(finished[i:i + len(sides)]) for i in range(0, len(tasks), len(sides)))
    return rtts, completed, games - completed, time.perf_counter() - started


def bench_command(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="navalgames bench-server", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, metavar="N", help="concurrent games (default 200)")
    parser.add_argument("--game", default="dover-patrol", help="game id (default dover-patrol)")
    parser.add_argument("--variant", default="flagship-hunt", help="variant (default flagship-hunt: short games)")
    parser.add_argument("--think", type=float, default=0.0, metavar="S",
                        help="seconds each client waits before acting (default 0: flat out)")
    parser.add_argument("--limit", type=float, default=600.0, metavar="S",
                        help="games unfinished after this many seconds count as lost (default 600)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.games < 1:
        print("navalgames bench-server: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        get_game(args.game).variant(args.variant)
    except ValueError as exc:
        print(f"navalgames bench-server: {exc}", file=sys.stderr)
        return 2
    alone = yardstick(args.game, args.variant)
    with tempfile.TemporaryDirectory(prefix="navalgames-bench-") as data:
        server = subprocess.Popen([sys.executable, "-m", "navalgames", "serve", "--port", "0", "--data", data],
                                  stdout=subprocess.PIPE, text=True)
        try:
            address = server.stdout.readline().split(" listening on ")[1].split()[0]
            rtts, completed, lost, elapsed = asyncio.run(
                run_games(address, args.game, args.variant, args.games, args.think, args.limit))
        finally:
            server.terminate()
            server.wait(30)
    print(f"{args.games} concurrent games of {args.game} ({args.variant}), random clients, "
          f"think {args.think:g} s, {os.cpu_count()} cores")
    print(f"yardstick: the engine alone plays {alone:,.0f} actions per second (one process, no network)")
    if rtts:
        print(f"actions per second: {len(rtts) / elapsed:,.0f} ({len(rtts)} actions in {elapsed:.1f} s)")
        print(f"round trip of an action: median {statistics.median(rtts) * 1000:.1f} ms, "
              f"95th percentile {percentile(rtts, 95) * 1000:.1f} ms")
    print(f"games completed {completed}, lost {lost}")
    return 0 if lost == 0 else 1
