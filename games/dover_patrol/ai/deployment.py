"""Deployments after the booklet's advice, different every game, for every variant."""

from __future__ import annotations

import random

from ..rules import FB, MI, ML, MS, NORTH, SOUTH, SS, Deploy
from ..rules.setup import deployment_problems, random_deployment
from ..rules.tables import Rules
from .ways import harbour_doorways


def harbour_mouth_squares(rules: Rules, side: int) -> frozenset[int]:
    """The squares where a Mine of ``side``'s own would shut its harbour.

    The harbour's mouth, the square just outside it and that square's other neighbours: our own
    Mine never moves, so a Mine there would shut our fleet in and keep a captured flag from ever
    coming home (7% of deployments mined the mouth; Mines on both a5 and b4 wall it in just as
    well). Empty when the variant has no harbour walls. The deployment screen warns about these.
    """
    return frozenset(sq for h, n in harbour_doorways(rules, side) for sq in (h, n, *rules.steps[n]))


def booklet_deployment(rules: Rules, side: int, rng: random.Random, seal: bool = False) -> Deploy:
    """A deployment that follows the booklet's advice, different every game.

    Written from South's seat, then turned for North. The advice: a high-numbered ship, a
    Submarine and a Motor Torpedo Boat side by side, as far as the fleet allows; a Submarine, a
    Destroyer and a Mine Sweeper kept in the harbour; a Mine in the harbour guarding the flag, or
    the Mines out in front (both are played), never one in our own harbour's mouth; the harbour
    mouth, on the left, watched by a big ship; the Flying Boat kept back. The rest is spread at
    random. ``seal`` (hard's): Mines where raiders come in, where entering the enemy base wins.
    """
    main, odd = rules.setup_squares(SOUTH)
    files = rules.files
    left = {k: n for k, n in enumerate(rules.counts) if n}
    placement: dict[int, int] = {}
    free = set(main)

    def rank(sq: int) -> int:
        return sq // files + 1

    def take(kind: int) -> bool:
        if left.get(kind, 0) <= 0:
            return False
        left[kind] -= 1
        return True

    def put(kind: int, squares) -> int | None:
        options = sorted(s for s in squares if s in free)
        if not options or not take(kind):
            return None
        sq = options[rng.randrange(len(options))]
        placement[sq] = kind
        free.discard(sq)
        return sq

    def near(sq: int) -> list[int]:
        return [n for n in rules.steps[sq] if n in free]

    front = rules.variant.setup.ranks
    harbour = set(rules.board.harbours[SOUTH]) & main if rules.variant.walls else set()
    base = rules.bases[SOUTH]
    no_mines = harbour_mouth_squares(rules, SOUTH)   # never a Mine there

    # ``seal`` (hard's), where entering the enemy base wins and no flag has to come home: Mines
    # where raiders come in. Capturing the Base and Quick Capture: on the harbour's doorway, the
    # one way in for ships (the Flying Boat flies over walls), and a ship arriving back to back
    # with it is blown up; only cheap pieces and the Flying Boat's foes shut in behind it. Fleet
    # Orders (no walls): at the base's three gates, where an enemy piece cannot be attacked
    # (attacks go only straight ahead) and enters next turn; a Mine sinks its attacker, the Mine
    # Sweeper excepted.
    target = seal and rules.win == "occupy-base"
    sealed, gates_mined = target and bool(harbour), target and not harbour

    # The odd piece on the odd rank: something cheap, or a Mine out in mid-ocean.
    odd_kinds = [k for k in (1, MI, 3, 5) if left.get(k) and not (gates_mined and k == MI)]
    odd_kind = odd_kinds[rng.randrange(len(odd_kinds))]
    take(odd_kind)
    odd_squares = sorted(odd - no_mines if odd_kind == MI else odd)
    placement[odd_squares[rng.randrange(len(odd_squares))]] = odd_kind

    if rules.win == "flagship":
        # Flagship Hunt: the Flagship on the back rank behind a Mine, so nothing can face it.
        back = [s for s in main if rank(s) == 1]
        sq = put(10, back)
        if sq is not None:
            ahead = sq + files
            if ahead in free:
                put(MI, [ahead])
            for n in near(sq)[:1]:
                put(SS, [n])
    if gates_mined:
        for gate in rules.steps[base]:
            if gate == base + files:
                # The gate straight ahead: its Mine one square further on, and a Motor Torpedo
                # Boat on the gate. A Mine there could never attack the square before it, where
                # an enemy Flying Boat lands unharmed and jumps onto the base; the boat sinks
                # what clears a Mine (a Mine Sweeper; a Submarine dies on it).
                put(MI, [gate + files])
                put(2, [gate])
            else:
                put(MI, [gate])
    if sealed:
        put(MI, [h for h, _ in harbour_doorways(rules, SOUTH)])
        for kind in (4, 2, 2, 1, 1, 1, ML, 3, 2, 2):
            put(kind, harbour)
    elif harbour:
        # A Submarine, a Destroyer and a Mine Sweeper in harbour (the booklet's principle).
        for kind in (SS, 4, MS):
            put(kind, harbour)
        if rules.flags and rng.random() < 0.5:
            # A Mine beside the flag, on one of the base's approaches inside the harbour.
            put(MI, [n for n in rules.steps[base] if n in harbour])
    if rules.base_rule != "open" and not sealed:
        # The harbour mouth (the left edge) watched by a big ship in front of it.
        mouth = [s for s in main if s % files == 0 and rank(s) >= min(front, 3)]
        put(next((k for k in (8, 7, 9, 6) if left.get(k)), 5), mouth)

    # Groups of three: a big ship with a Submarine and a Motor Torpedo Boat beside it.
    for big in (10, 9, 8, 7, 7, 6, 6, 6):
        if not left.get(big):
            continue
        spots = [s for s in free if 2 <= rank(s) <= front or front <= 3]
        sq = put(big, spots)
        if sq is None:
            continue
        for partner in (SS, 2):
            n = near(sq)
            if n:
                put(partner, n)

    # Mines: out in front (mid-ocean) or back by the harbour, as experienced players differ.
    while left.get(MI):
        row = front if rng.random() < 0.6 else max(1, front - 1)
        if (put(MI, [s for s in free if rank(s) == row and s not in no_mines]) is None
                and put(MI, free - no_mines) is None):
            put(MI, free)   # only the mouth left: never fail to deploy
    # The Flying Boat kept back, out of the first clashes.
    if left.get(FB):
        put(FB, [s for s in free if rank(s) <= 2] or free)
    # Light pieces forward, the rest anywhere.
    for kind in (1, 3):
        while left.get(kind):
            if put(kind, [s for s in free if rank(s) >= front - 1]) is None:
                put(kind, free)
    rest = [k for k, n in sorted(left.items()) for _ in range(n)]
    rng.shuffle(rest)
    for kind in rest:
        put(kind, free)

    if side == NORTH:
        placement = {rules.board.rotate(sq): k for sq, k in placement.items()}
    pairs = sorted(placement.items())
    if deployment_problems(rules, side, pairs):
        return random_deployment(rules, side, rng)   # a gap in the plan: never fail to deploy
    return Deploy(side, pairs, rules.grid)

