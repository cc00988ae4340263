"""The gun duel in open sea, solved: the Blockader's chance of winning under its best play against
a Runner that now and then slips from its best (``slipping``), for every pair of ship states,
with no land on the board.

A playout judges a position by one game steered by the helmsmen under one draw of the dice;
this table judges it by our best moves and the Runner's likely ones over every die. It leaves
out the land (no islands, no rocks, no East or West edge: only the ranks bound the sea, and the
Runner may not get more than ``LATERAL`` files from the Blockader) and judges what follows a D4
instead of playing it: our D4 wins when our six moves can ram and is worth ``LONG_D4`` when
they cannot; the Runner's wins for it when its six moves can ram us or reach open sea, and
otherwise leaves it six ranks further on, heading North on the best of three files for it, the
disabled Blockader to move. Solved by value iteration (numpy) in about three seconds, once per
set of rule options. ``judge`` is where our Blockader's search asks it (``search``).

A state is (heading of the Blockader, heading of the Runner, rank of the Blockader, rank of the
Runner, Runner's file less the Blockader's); ``blockader_to_move`` and ``runner_to_move`` hold
the Blockader's chance of winning with that ship to move next.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from navalgames.core.grid import Heading

from ..rules import BLOCKADER, RUNNER
from ..rules.geometry import DELTAS, bearing_table
from ..rules.state import MOVE
from .helm import disable_chance, head_on
from .tables import tables_for

LONG_D4 = 0.9       # our D4 beyond ram reach: the Runner stops where our six moves plan for it
SIX = 6             # rule 16: the firer's free moves after a D4
HORIZON = 100       # half-moves solved: the values settle within them (to 0.0004)
LATERAL = 12        # files apart at most: the Runner may not sail further from the Blockader
#                     (with no East or West edge it could run sideways for ever, out of range),
#                     and the Blockader's move further off counts as LATERAL
CLOSE = 14          # squares apart (rule 12's count) within which a playout stops to ask the table
SLIP = 0.1          # how far (in chance of winning) the Runner's moves may fall short of its best
#                     and still be likely picked: a Runner that fights the duel perfectly is rarer
#                     than one that now and then takes a move a little worse (``slipping``)


class DuelTable:
    """The solved duel for one board size, range, arc boundary rule and armoured bow; ``slip``
    as ``slipping`` takes it, 0 for a Runner that always finds its best move."""

    def __init__(self, size: int, max_range: int, inclusive: bool, head_on_steps: int,
                 slip: float = SLIP) -> None:
        n = size
        self.size = n
        self.slip = slip
        w = 2 * n - 1                           # any offset on the board, -(n-1)..n-1
        r = max_range
        # chance of at least one D4: [side][heading][rank offset + n-1][file offset + n-1]
        d4 = np.zeros((2, 8, w, w))
        for side in (RUNNER, BLOCKADER):
            bearing = bearing_table(side, inclusive, r)
            for h in range(8):
                for oy in range(1 - n, n):
                    for ox in range(1 - n, n):
                        if abs(ox) + abs(oy) <= r:       # the bearing table holds the range only
                            guns = len(bearing[h][(oy + r) * (2 * r + 1) + ox + r])
                            d4[side, h, oy + n - 1, ox + n - 1] = disable_chance(guns)
        reach = np.zeros((8, w, w), dtype=bool)  # [heading][offset]: a square six moves reach
        for h in range(8):
            for ox, oy in six_move_offsets(h):
                if abs(ox) < n and abs(oy) < n:
                    reach[h, oy + n - 1, ox + n - 1] = True
        self._solve(d4, reach, head_on_steps)

    def _solve(self, d4: np.ndarray, reach: np.ndarray, head_on_steps: int) -> None:
        n, w = self.size, 2 * LATERAL + 1
        ranks = np.arange(n)
        yb, yr = ranks[:, None, None], ranks[None, :, None]
        dx = (np.arange(w) - LATERAL)[None, None, :]          # Runner's file less ours
        grid = (n, n, w)                                      # [yB, yR, dx]
        yb_at, yr_at = np.broadcast_to(yb, grid), np.broadcast_to(yr, grid)
        bow_on = np.array([[head_on(r, b, head_on_steps) for b in range(8)] for r in range(8)],
                          dtype=np.float32)   # [hR, hB]: a Runner's ram there loses (rule 17)
        # Each move of each ship from each heading, as (new heading, where the other table is
        # read, what the move is worth outright, the weight of going on, the weight of a D4).
        b_moves, r_moves = [], []
        for h in range(8):
            b_row, r_row = [], []
            for turn in (-1, 0, 1):
                nh = (h + turn) % 8
                ex, ey = DELTAS[nh]
                # the Blockader: its rank + ey, the Runner's file less ours - ex
                nyb, ndx = np.broadcast_to(yb + ey, grid), np.broadcast_to(dx - ex, grid)
                legal = (nyb >= 0) & (nyb < n)
                ram = legal & (ndx == 0) & (nyb == yr)
                oy, ox = np.clip(yr - nyb, 1 - n, n - 1) + n - 1, np.clip(ndx, 1 - n, n - 1) + n - 1
                p = d4[BLOCKADER, nh][oy, ox] * (legal & ~ram)
                won = np.where(reach[nh][oy, ox], 1.0, LONG_D4)
                outright = np.where(legal, np.where(ram, 1.0, p * won), -1.0)
                at = (np.clip(nyb, 0, n - 1), yr_at, np.clip(ndx, -LATERAL, LATERAL) + LATERAL)
                going = legal & ~ram
                b_row.append((nh, at, outright.astype(np.float32), ((1 - p) * going).astype(np.float32)))
                # the Runner: its rank + ey, its file less ours + ex; no further off than LATERAL
                nyr, ndx = np.broadcast_to(yr + ey, grid), np.broadcast_to(dx + ex, grid)
                legal = (nyr >= 0) & (abs(ndx) <= LATERAL)
                escape = legal & (nyr >= n - 1)
                ram = legal & ~escape & (ndx == 0) & (nyr == yb)
                going = legal & ~escape & ~ram
                oy, ox = np.clip(yb - nyr, 1 - n, n - 1) + n - 1, np.clip(-ndx, 1 - n, n - 1) + n - 1
                p = d4[RUNNER, nh][oy, ox] * going
                rams = reach[nh][oy, ox]
                outright = np.where(legal, 0.0, 2.0)[None] + ram[None] * bow_on[nh][:, None, None, None]
                at = (yb_at, np.clip(nyr, 0, n - 1), np.clip(ndx, -LATERAL, LATERAL) + LATERAL)
                r_row.append((nh, at, outright.astype(np.float32), ((1 - p) * going).astype(np.float32),
                              (p * ~rams).astype(np.float32)))
            b_moves.append(b_row)
            r_moves.append(r_row)
        six_on = np.minimum(yr_at + SIX, n - 1)
        out_to_sea = yr_at + SIX >= n - 1
        vb = np.full((8, 8) + grid, 0.5, dtype=np.float32)   # [hB, hR, yB, yR, dx], the Blockader to move
        vr = np.empty_like(vb)                                # the Runner to move
        for _ in range(HORIZON // 2):
            # after the Runner's D4 that neither rams nor escapes: six ranks on, heading North, on
            # the best of three files for it, the disabled Blockader to move
            after_d4 = np.min([vb[:, Heading.N][:, yb_at, six_on, np.clip(np.arange(w) + shift, 0, w - 1)]
                               for shift in (-4, 0, 4)], axis=0)
            after_d4[:, out_to_sea] = 0.0
            for hr in range(8):
                q = np.stack([outright + go * vb[:, nh][(slice(None),) + at]
                              + fire * after_d4[(slice(None),) + at]
                              for nh, at, outright, go, fire in r_moves[hr]])
                vr[:, hr] = slipping(q, self.slip)
            for hb in range(8):
                best = None
                for nh, at, outright, go in b_moves[hb]:
                    q = outright + go * vr[nh][(slice(None),) + at]
                    best = q if best is None else np.maximum(best, q)
                vb[hb] = np.where(best < 0, 0.0, best)           # driven ashore
        self.blockader_to_move = vb
        self.runner_to_move = vr

    def value(self, mover: int, blockader: tuple[int, int, int], runner: tuple[int, int, int]) -> float:
        """The Blockader's chance with ``mover`` to move; ships as (file, rank, heading)."""
        bx, by, bh = blockader
        rx, ry, rh = runner
        table = self.blockader_to_move if mover == BLOCKADER else self.runner_to_move
        return float(table[bh, rh, by, ry, max(-LATERAL, min(LATERAL, rx - bx)) + LATERAL])


def slipping(q: np.ndarray, slip: float = SLIP) -> np.ndarray:
    """The Blockader's chance when the Runner picks among its moves (axis 0, the Blockader's
    chance after each) not always the best for it but likelier the closer a move comes to it:
    each weighted by exp(-shortfall / slip). A table that expects the Runner's best move every
    time values a position by the one reply that refutes it, and a Runner that misses it now and
    then (every Runner we have met, going by the games: docs/computer.md) is then worth nothing.
    A value of 2 marks a move the Runner may not make; with none left, it is driven into
    harbour and the Blockader wins. With ``slip`` 0, always its best move."""
    if slip == 0:
        best = np.where(q > 1.5, np.inf, q).min(axis=0)
        return np.where(np.isinf(best), 1.0, best)
    weight = np.where(q > 1.5, 0.0, np.exp(-(q - q.min(axis=0)) / slip))
    total = weight.sum(axis=0)
    return np.where(total > 0, (weight * q).sum(axis=0) / np.maximum(total, 1e-30), 1.0)


def six_move_offsets(heading: int) -> set[tuple[int, int]]:
    """The squares (file, rank offsets) a ship heading ``heading`` can be on after exactly six
    moves in open sea, turning at most one point each move."""
    states = {(0, 0, heading)}
    for _ in range(SIX):
        states = {(x + DELTAS[nh][0], y + DELTAS[nh][1], nh)
                  for x, y, h in states for nh in ((h - 1) % 8, h, (h + 1) % 8)}
    return {(x, y) for x, y, _ in states}


def table_for(rules, slip: float = SLIP) -> DuelTable:
    """The table for a game's rule options (built on first use, about three seconds)."""
    return duel_table(rules.size, rules.max_range, rules.inclusive, rules.head_on_steps, slip)


@lru_cache(maxsize=4)
def duel_table(size: int, max_range: int, inclusive: bool, head_on_steps: int,
               slip: float = SLIP) -> DuelTable:
    return DuelTable(size, max_range, inclusive, head_on_steps, slip)


def judge(state, side: str) -> float | None:
    """The table's chance for ``side`` of a position to move in, with the ships close enough for
    the duel to be what decides it and the land out of their way; None to play the game on."""
    if state.stage != MOVE or state.outcome() is not None or state.rules.return_fire:
        return None
    n = state.rules.size
    runner = state.at[RUNNER]
    ry = runner // n
    if state.rules.max_moves - state.moves[RUNNER] < 2 * (n - ry):    # points may decide it
        return None
    if tables_for(state.terrain).escape[runner * 8 + state.heading[RUNNER]] > n - 1 - ry + 2:
        return None                                          # land lies across its way out
    value = close_chance(state)
    if value is None:
        return None
    return value if side == "blockader" else 1.0 - value


def close_chance(state, slip: float = SLIP) -> float | None:
    """The table's chance for the Blockader, the ship to move as in ``state``, with the ships
    within ``CLOSE`` squares (rule 12's count); None further apart."""
    n = state.rules.size
    (rx, ry), (bx, by) = ((sq % n, sq // n) for sq in state.at)
    if abs(rx - bx) + abs(ry - by) > CLOSE:
        return None
    return table_for(state.rules, slip).value(state.side, (bx, by, state.heading[BLOCKADER]),
                                              (rx, ry, state.heading[RUNNER]))
