"""A variant with its option values, compiled into flat lookup tables for a fast engine.

Everything a turn needs is precomputed once per (variant, options): neighbours with and without
walls, Flying Boat jumps, the attacking-position relation per side, the combat table as a 16x16
list, and the Move/Attack/Transfer objects themselves, so generating legal actions never builds
an object.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from navalgames.core.grid import Grid
from navalgames.core.options import resolve_options

from .actions import Attack, Move, Transfer
from .model import (FB, MI, ML, MS, NORTH, SIDES, SOUTH, GameData, Variant, mask_of)

# Combat results as small ints.
NOTHING, ATTACKER_WINS, DEFENDER_WINS, BOTH_SUNK, NO_ATTACK = 0, 1, 2, 3, -1
_RESULT_CODES = {".": NOTHING, "A": ATTACKER_WINS, "D": DEFENDER_WINS, "B": BOTH_SUNK}

# Option values when a variant does not declare an option (the rule is then fixed).
FIXED_OPTIONS = {"attack_contact": "facing", "fb_jump_over_ships": False, "fb_jump_with_flag": False,
                 "repetition_draw": 3, "quiet_ply_limit": 200, "first_player": "lot"}


class Rules:
    """Compiled variant: read-only after construction, shared by every state of a game."""

    def __init__(self, data: GameData, variant: Variant, options: Mapping[str, Any] | None) -> None:
        self.data = data
        self.variant = variant
        self.options = resolve_options(variant.options, options)   # ValueError on a bad option
        opt = {**FIXED_OPTIONS, **self.options}
        self.attack_contact: str = opt["attack_contact"]
        self.fb_jump_over_ships: bool = opt["fb_jump_over_ships"]
        self.fb_jump_with_flag: bool = opt["fb_jump_with_flag"]
        self.repetition_draw: int = opt["repetition_draw"]
        self.quiet_ply_limit: int = opt["quiet_ply_limit"]
        self.first_player: str = opt["first_player"]

        board = data.board
        self.board = board
        self.grid: Grid = board.grid if variant.walls else board.grid.with_walls(frozenset())
        self.free_grid: Grid = board.grid.with_walls(frozenset())
        grid = self.grid
        self.files, self.ranks, self.size = grid.files, grid.ranks, grid.size
        self.names = tuple(grid.name(sq) for sq in range(self.size))
        self.bases = board.bases
        self.flags_home = list(board.bases)     # flag_sq while both flags are on their bases
        self.is_base = [-1] * self.size
        for side in (SOUTH, NORTH):
            self.is_base[board.bases[side]] = side
        self.half = self.ranks // 2
        self.flags = variant.flags
        self.base_rule = variant.bases
        self.fleet_orders = variant.turn == "fleet-orders"
        self.compulsory = variant.attacks == "compulsory"
        self.contact_explosions = variant.contact_explosions
        self.win = variant.win
        self.fleet_size = variant.fleet_size
        self.counts = [0] * 16
        for k, n in variant.pieces.items():
            self.counts[k] = n

        kinds = data.kinds
        self.kind_names = [""] + [kinds[k].name for k in range(1, 16)]
        self.moves = [False] + [kinds[k].moves for k in range(1, 16)]
        self.attacks = [False] + [kinds[k].attacks for k in range(1, 16)]
        self.carries = [False] + [kinds[k].carries_flag for k in range(1, 16)]

        table = data.combat.tables[variant.combat]
        self.result = [[NO_ATTACK] * 16 for _ in range(16)]
        for (att, dfn), code in table.items():
            if self.attacks[att]:
                self.result[att][dfn] = _RESULT_CODES[code]
        spares = data.combat.contact_spares
        self.mine_spares = mask_of(spares.get(MI, ()))
        self.layer_spares = mask_of(spares.get(ML, ()))
        self.long_moves = dict(variant.long_moves)

        self._build_geometry()
        self._build_actions()
        # worked out once: every random deployment (each playout) asks for them
        self.setup_zones = (self._setup_zone(SOUTH), self._setup_zone(NORTH))
        rng = random.Random(0xD0E5)   # fixed: repetition keys must not depend on the process
        npid = 2 * self.fleet_size + 1
        self.zobrist = [[rng.getrandbits(62) for _ in range(npid)] for _ in range(self.size)]
        self.zobrist_turn = rng.getrandbits(62)
        self.zobrist_flag = [[rng.getrandbits(62) for _ in range(self.size + npid + 1)] for _ in range(2)]
        # the flags' part of the key while both lie on their own bases, and the quiet turns that
        # end the game (never, without the rule)
        self.flags_home_key = self.zobrist_flag[0][self.bases[0]] ^ self.zobrist_flag[1][self.bases[1]]
        # ... with the turn's part, by the side that has just moved (North to move: the turn key)
        self.home_keys_after = (self.flags_home_key ^ self.zobrist_turn, self.flags_home_key)
        self.quiet_limit = self.quiet_ply_limit or float("inf")

    # --- geometry -------------------------------------------------------------------------
    def _build_geometry(self) -> None:
        grid, free, size, files = self.grid, self.free_grid, self.size, self.files
        # Ordinary moves respect walls; the Flying Boat's ignore them (crossing reveals it).
        self.steps = [grid.orthogonal_neighbours[sq] for sq in range(size)]
        self.free_steps = [free.orthogonal_neighbours[sq] for sq in range(size)]
        self.crossing = set()          # sq * size + to for one-square moves across a wall
        for sq in range(size):
            for to in self.free_steps[sq]:
                if to not in self.steps[sq]:
                    self.crossing.add(sq * size + to)
        # Two squares in a straight line: (middle, landing, crosses a wall).
        self.doubles = []
        for sq in range(size):
            entries = []
            for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                mid = free.step(sq, df, dr)
                to = free.step(sq, 2 * df, 2 * dr) if mid is not None else None
                if to is None:
                    continue
                crosses = grid.wall_between(sq, mid) or grid.wall_between(mid, to)
                entries.append((mid, to, crosses))
            self.doubles.append(tuple(entries))
        # Attacking position, per side: "facing" = same file, each directly ahead of the other;
        # "orthogonal" = any neighbour. A wall between two squares keeps them apart.
        self.contact = [[], []]
        for side in (SOUTH, NORTH):
            ahead = files if side == SOUTH else -files
            for sq in range(size):
                if self.attack_contact == "orthogonal" and not self.fleet_orders:
                    self.contact[side].append(self.steps[sq])
                else:
                    to = sq + ahead
                    ok = 0 <= to < size and to in self.steps[sq]
                    self.contact[side].append((to,) if ok else ())

    def _build_actions(self) -> None:
        """Interned actions, grouped per side and square in the order legal_actions lists them."""
        grid, size = self.grid, self.size
        self.move_objects: dict[tuple[int, int, int], Move] = {}

        def move(frm: int, to: int, att: int = -1) -> Move:
            key = (frm, to, att)
            obj = self.move_objects.get(key)
            if obj is None:
                obj = self.move_objects[key] = Move(frm, to, att, grid)
            return obj

        def with_attacks(side: int, frm: int, to: int) -> tuple:
            return tuple((a, move(frm, to, a)) for a in self.contact[side][to] if a != frm)

        # gen_steps[side][sq]: (to, move, ((attacked, move+attack), ...)) for ordinary pieces
        self.gen_steps = [[tuple((to, move(sq, to), with_attacks(side, sq, to)) for to in self.steps[sq])
                           for sq in range(size)] for side in (SOUTH, NORTH)]
        # Flying Boat one-square moves, walls ignored.
        self.gen_fb_steps = [[tuple((to, move(sq, to), with_attacks(side, sq, to)) for to in self.free_steps[sq])
                              for sq in range(size)] for side in (SOUTH, NORTH)]
        # ... of which the ones across a wall (the fast generator adds only these for it).
        self.gen_fb_crossings = [[tuple(e for e in self.gen_fb_steps[side][sq] if e[0] not in self.steps[sq])
                                  for sq in range(size)] for side in (SOUTH, NORTH)]
        # Two-square moves: (middle, to, crosses, move, attacks).
        self.gen_doubles = [[tuple((mid, to, crosses, move(sq, to), with_attacks(side, sq, to))
                                   for mid, to, crosses in self.doubles[sq])
                             for sq in range(size)] for side in (SOUTH, NORTH)]
        self.attack_objects = [[tuple((a, Attack(sq, a, grid)) for a in self.contact[side][sq])
                                for sq in range(size)] for side in (SOUTH, NORTH)]
        # Bitboard tables (bit sq of a Python int): directions N, E, S, W.
        files = self.files
        self.full = (1 << size) - 1
        self.deltas = (files, 1, -files, -1)
        self.opposite = (2, 3, 0, 1)
        self.valid_from = [0, 0, 0, 0]     # squares a piece can leave in that direction
        self.contact_ok = [0, 0, 0, 0]     # squares whose neighbour that way is in contact reach
        self.move_table: list[list[Move | None]] = [[None] * size for _ in range(4)]
        self.attack_table = [[[None] * size for _ in range(4)] for _ in range(4)]
        for d, delta in enumerate(self.deltas):
            for sq in range(size):
                to = sq + delta
                if 0 <= to < size and to in self.steps[sq]:
                    self.valid_from[d] |= 1 << sq
                    self.contact_ok[d] |= 1 << sq
                    self.move_table[d][to] = move(sq, to)
        for d, delta in enumerate(self.deltas):
            for c, cdelta in enumerate(self.deltas):
                if c == self.opposite[d]:
                    continue
                for to in range(size):
                    frm, a = to - delta, to + cdelta
                    if self.move_table[d][to] is not None and self.contact_ok[c] >> to & 1:
                        self.attack_table[d][c][to] = move(frm, to, a)
        # the contact directions of each side: facing = straight ahead only
        if self.attack_contact == "orthogonal" and not self.fleet_orders:
            self.contact_dirs = ((0, 1, 2, 3), (0, 1, 2, 3))
        else:
            self.contact_dirs = ((0,), (2,))
        # what the generator loops over, unpacked once, per side: per direction (shift up?, by
        # how much, squares that may leave that way, moves by destination + 1, (contact direction,
        # move+attack by destination + 1) for each attack open after that step), directions and
        # contact directions last first (the generator turns its list round), and the contact
        # directions as (direction, delta, squares in contact reach)
        self.directions_backwards = tuple(
            tuple((delta > 0, abs(delta), self.valid_from[d], [None] + self.move_table[d],
                   tuple((c, [None] + self.attack_table[d][c]) for c in reversed(self.contact_dirs[side])
                         if c != self.opposite[d]))
                  for d, delta in reversed(list(enumerate(self.deltas))))
            for side in (SOUTH, NORTH))
        self.contact_shifts = tuple(tuple((c, self.deltas[c], self.contact_ok[c]) for c in dirs)
                                    for dirs in self.contact_dirs)
        # the same written out for the generator: per direction, its moves by destination + 1, and
        # per side and direction, (delta, squares in contact reach, move+attack by destination + 1)
        # for each contact direction open after that step, last first
        self.step_moves = tuple([None] + table for table in self.move_table)
        self.step_attack_moves = tuple(
            tuple(tuple((self.deltas[c], self.contact_ok[c], [None] + self.attack_table[d][c])
                        for c in reversed(self.contact_dirs[side]) if c != self.opposite[d])
                  for d in range(4))
            for side in (SOUTH, NORTH))
        # the same when an attack is neither compulsory nor in more than one direction (the
        # facing reading): per side, the move+attack tables of the four directions, else None
        self.facing_attacks = tuple(
            None if self.compulsory or len(self.contact_dirs[side]) != 1 else
            tuple(moves[0][2] if moves else None for moves in self.step_attack_moves[side])
            for side in (SOUTH, NORTH))
        # contact squares as bitboards (a quick "any enemy in contact?"), and by bit_length (square
        # + 1) the squares below (clearing the highest bit of a bitboard: bits &= below_bit[i])
        self.contact_bits = [[sum(1 << c for c in self.contact[side][sq]) for sq in range(size)]
                             for side in (SOUTH, NORTH)]
        self.below_bit = [0] + [(1 << sq) - 1 for sq in range(size)]
        self.top_bit = [0] + [1 << sq for sq in range(size)]   # by bit_length: the highest bit
        # Flying Boat jumps from a square: any over a wall, and the squares jumped over
        self.double_crosses = [any(crosses for _, _, crosses in self.doubles[sq]) for sq in range(size)]
        self.double_mids = [sum(1 << mid for mid, _, _ in self.doubles[sq]) for sq in range(size)]
        # per side and square, where a Flying Boat there may land across a wall (a step or a jump)
        self.fb_wall_landings = [[sum(1 << to for to in {e[0] for e in self.gen_fb_crossings[side][sq]}
                                      | {to for _, to, crosses in self.doubles[sq] if crosses})
                                  for sq in range(size)] for side in (SOUTH, NORTH)]
        # can a piece that captures on a base attack from there? (not in the facing reading: a
        # base on the back rank has nothing in front of the capturer)
        self.base_attacks = any(self.contact[1 - side][b] for side, b in enumerate(self.bases))
        self.closed_bases = 0
        self.base_approaches = [0, 0]      # per base: squares one ordinary step away from it
        if self.base_rule != "open":
            for side, b in enumerate(self.bases):
                self.closed_bases |= 1 << b
                for n in self.steps[b]:
                    self.base_approaches[side] |= 1 << n
        self.open_squares = self.full & ~self.closed_bases   # where an ordinary step may end
        # a piece of ours on one of these must leave it this turn (nothing else is legal)
        self.exit_bases = self.closed_bases if self.base_rule == "flags" else 0
        # what the generator reads, per side, in one tuple; with the facing reading, the shift
        # that takes the enemy's squares to the squares in contact with them (enemy << shift)
        self.generator_tables = tuple(
            (self.exit_bases, self.open_squares, -self.contact_shifts[side][0][1],
             self.contact_shifts[side][0][2], self.files, *self.valid_from, *self.step_moves,
             self.top_bit, self.facing_attacks[side])
            for side in (SOUTH, NORTH))
        self.transfer_objects: dict[tuple[int, int], Transfer] = {}
        for sq in range(size):
            for to in self.steps[sq]:
                self.transfer_objects[(sq, to)] = Transfer(sq, to, grid)

    # --- helpers ------------------------------------------------------------------------
    def side_rank(self, side: int, sq: int) -> int:
        """Rank counted from ``side``'s own back row, from 1."""
        rank = sq // self.files
        return rank + 1 if side == SOUTH else self.ranks - rank

    def on_own_half(self, side: int, sq: int) -> bool:
        return self.side_rank(side, sq) <= self.half

    def setup_squares(self, side: int) -> tuple[frozenset[int], frozenset[int]]:
        """(squares of the nearest ranks without the base, squares of the odd piece's rank)."""
        return self.setup_zones[side]

    def _setup_zone(self, side: int) -> tuple[frozenset[int], frozenset[int]]:
        zone = self.variant.setup
        main = frozenset(sq for sq in range(self.size)
                         if self.side_rank(side, sq) <= zone.ranks and sq != self.bases[side])
        odd = frozenset(sq for sq in range(self.size) if self.side_rank(side, sq) == zone.odd_rank)
        return main, odd


_CACHE: dict[tuple, Rules] = {}


def compile_rules(data: GameData, variant_id: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The compiled rules for a variant and options (cached: states of one game share them)."""
    variant = data.variant(variant_id)
    resolved = resolve_options(variant.options, options)
    key = (id(data), variant_id, tuple(sorted(resolved.items())))
    rules = _CACHE.get(key)
    if rules is None or rules.data is not data:
        rules = _CACHE[key] = Rules(data, variant, resolved)
    return rules


def side_name(side: int) -> str:
    return SIDES[side]


MS_BIT, FB_BIT, MI_BIT, ML_BIT = 1 << MS, 1 << FB, 1 << MI, 1 << ML
