"""The Dover Patrol game state: setup, moves, attacks, contact, flags, turns and endings.

Representation (all flat lists, indexed by square or by piece id, for speed):

- ``board[sq]``: piece id on the square, 0 when empty.
- piece ids: South 1..n, North n+1..2n (n = the variant's fleet size), numbered in square order
  when a fleet is deployed, so an id never tells a kind. ``pos[pid]`` (-1 once removed or before
  deployment), ``kind[pid]`` (1..15, see ``model``), ``owner[pid]`` (0 south, 1 north).
- what is known of each piece, as bit masks of possible kinds: ``pub[pid]`` facts both players
  know (it moved, it was shown, it jumped...), ``priv[side][pid]`` what ``side`` alone learnt
  (no explosion when its piece arrived next to it...). ``side`` knows ``pub & priv[side]``.
- flags: ``flag_carrier[f]`` (piece id or 0) or ``flag_sq[f]`` (square where it lies, a base
  included); ``flag_mine[f]``: dropped by a piece blown up, only a Mine Sweeper may take it.

``apply`` checks legality and returns events; ``play`` is the same without checks or events, for
searches. Legal actions are computed once per position and shared by clones.
"""

from __future__ import annotations

import random
from typing import Any

from navalgames.core.state import Event, GameState, IllegalAction, Outcome

from .actions import END, Attack, Deploy, EndTurn, Move, Transfer, parse_action
from .model import ALL_MASK, FB, KIND_CODES, MI, ML, MS, NORTH, SIDE_INDEX, SIDES, SOUTH, mask_of
from .observation import Observation
from .setup import check_deployment, deployment_choices
from .tables import (ATTACKER_WINS, BOTH_SUNK, DEFENDER_WINS, FB_BIT, MI_BIT, ML_BIT, MS_BIT, NOTHING,
                     Rules)

SETUP, PLAY, OVER = "setup", "play", "over"
NOT_MI = ALL_MASK & ~MI_BIT
NO_CARRIERS = [0, 0]    # flag_carrier when no flag is carried
_MASK_CODES: dict[int, frozenset[str]] = {}


def mask_codes(mask: int) -> frozenset[str]:
    codes = _MASK_CODES.get(mask)
    if codes is None:
        codes = _MASK_CODES[mask] = frozenset(KIND_CODES[k] for k in range(1, 16) if mask >> k & 1)
    return codes


def _cap(side: int) -> str:
    return SIDES[side].capitalize()


class DoverState(GameState):
    players = SIDES
    # Slots: with more than 30 attributes an instance's dict stops sharing its keys, and CPython
    # 3.11 then no longer specialises ``self.method()`` calls and reads them slowly.
    __slots__ = ("rules", "owner", "board", "pos", "kind", "alive", "pub", "priv", "moved",
                 "flag_carrier", "flag_sq", "flag_mine", "phase", "turn", "deployed", "deploy_text",
                 "first", "result", "ply", "quiet", "window", "fo_moved", "fo_attacked", "fo_acted",
                 "zh", "counts", "occ", "sbb", "mines_bb", "boats_bb", "layers_bb", "flagship_lost",
                 "fleet_left", "_removed", "_log", "_legal")

    def __init__(self, rules: Rules) -> None:
        r = self.rules = rules
        n = r.fleet_size
        self.owner = [SOUTH] * (n + 1) + [NORTH] * n
        self.board = [0] * r.size
        self.pos = [-1] * (2 * n + 1)
        self.kind = [0] * (2 * n + 1)
        self.alive: list[list[int]] = [[], []]
        self.pub = [ALL_MASK] * (2 * n + 1)
        self.priv = [[ALL_MASK] * (2 * n + 1), [ALL_MASK] * (2 * n + 1)]
        self.moved = [False] * (2 * n + 1)
        self.flag_carrier = [0, 0]
        self.flag_sq = [r.bases[SOUTH], r.bases[NORTH]] if r.flags else [-1, -1]
        self.flag_mine = [False, False]
        self.phase = SETUP
        self.turn = SOUTH
        self.deployed = [False, False]
        self.deploy_text = ["", ""]
        self.first: int | None = None
        self.result: Outcome | None = None
        self.ply = 0
        self.quiet = 0
        self.window: list[tuple[tuple[int, int], ...]] = [(), ()]
        self.fo_moved = 0        # Fleet Orders: bit per piece id moved / attacked this turn
        self.fo_attacked = 0
        self.fo_acted = False
        self.zh = 0              # Zobrist key of (piece id, square) pairs
        self.counts: dict[int, int] = {}
        # bitboards (bit sq set): every piece, each side's, and its Mines, Flying Boat, Mine Layer
        self.occ = 0
        self.sbb = [0, 0]
        self.mines_bb = [0, 0]
        self.boats_bb = [0, 0]
        self.layers_bb = [0, 0]
        self.flagship_lost = [False, False]
        self.fleet_left = [0, 0]  # pieces other than Mines still afloat
        self._removed = False
        self._log: list[Event] | None = None
        self._legal: list | None = None   # the legal actions (shared by clones: never changed)

    # ------------------------------------------------------------------------------------
    # GameState API
    # ------------------------------------------------------------------------------------
    def to_act(self) -> str | None:
        return None if self.result is not None else SIDES[self.turn]

    def outcome(self) -> Outcome | None:
        return self.result

    def in_setup(self) -> bool:
        return self.phase == SETUP

    def legal_actions(self) -> list:
        """The legal actions: the state's own list, shared with its clones and never changed by
        the engine (a new list is made for the next position), so it is handed out as it is, not
        copied: read it, and copy it before changing it (the ``GameState`` contract)."""
        if self.result is not None:
            return []
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def _legal_list(self) -> list:
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def random_action(self, rng: random.Random):
        """A legal action drawn uniformly: ``legal_actions()[int(rng.random() * len(...))]``."""
        if self.result is not None:
            raise ValueError("the game is over: no action to draw")
        actions = self._legal_list()
        return actions[int(rng.random() * len(actions))]

    def parse_action(self, text: str):
        return parse_action(text, self.rules.grid)

    def apply(self, action) -> list[Event]:
        if isinstance(action, str):
            action = self.parse_action(action)
        reason = self.why_illegal(action)
        if reason:
            # a deployment is long: its reason names the squares, not the whole notation
            raise IllegalAction(reason if isinstance(action, Deploy) else f"{action}: {reason}")
        self._log = []
        try:
            self._play(action)
        finally:
            log, self._log = self._log, None
        return log

    def clone(self) -> "DoverState":
        c = DoverState.__new__(DoverState)
        c.rules = self.rules
        c.owner = self.owner
        c.board = self.board[:]
        c.pos = self.pos[:]
        c.kind = self.kind[:]
        c.alive = [self.alive[0][:], self.alive[1][:]]
        c.pub = self.pub[:]
        c.priv = [self.priv[0][:], self.priv[1][:]]
        c.moved = self.moved[:]
        c.flag_carrier = self.flag_carrier[:]
        c.flag_sq = self.flag_sq[:]
        c.flag_mine = self.flag_mine[:]
        c.phase = self.phase
        c.turn = self.turn
        c.deployed = self.deployed[:]
        c.deploy_text = self.deploy_text[:]
        c.first = self.first
        c.result = self.result
        c.ply = self.ply
        c.quiet = self.quiet
        c.window = self.window[:]
        c.fo_moved = self.fo_moved
        c.fo_attacked = self.fo_attacked
        c.fo_acted = self.fo_acted
        c.zh = self.zh
        c.counts = self.counts.copy()
        c.occ = self.occ
        c.sbb = self.sbb[:]
        c.mines_bb = self.mines_bb[:]
        c.boats_bb = self.boats_bb[:]
        c.layers_bb = self.layers_bb[:]
        c.flagship_lost = self.flagship_lost[:]
        c.fleet_left = self.fleet_left[:]
        c._removed = self._removed
        c._log = None
        c._legal = self._legal
        return c

    def observation(self, side: str) -> Observation:
        from .knowledge import observe
        return observe(self, SIDE_INDEX[side])

    def sample(self, observation: Observation, rng: random.Random) -> "DoverState":
        from .knowledge import sample
        return sample(self.rules, observation, rng)

    def determinize(self, side: str, rng: random.Random) -> "DoverState":
        """Same as ``sample(observation(side), rng)``, several times faster (for ISMCTS)."""
        from .knowledge import determinize
        return determinize(self, SIDE_INDEX[side], rng)

    def to_position(self) -> dict[str, Any]:
        from .position import to_position
        return to_position(self)

    # --- readable helpers for the UI and tests -------------------------------------------
    @property
    def variant(self) -> str:
        return self.rules.variant.id

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.rules.options)

    def piece_at(self, square: int | str) -> tuple[str, str] | None:
        """(side, code) of the piece on a square (full knowledge: not for a player's eyes)."""
        sq = self.rules.grid.parse(square) if isinstance(square, str) else square
        p = self.board[sq]
        return (SIDES[self.owner[p]], KIND_CODES[self.kind[p]]) if p else None

    def pending_exit(self) -> int | None:
        """Square of the piece the side to move must take off a base this turn, if any."""
        if self.phase != PLAY or self.rules.base_rule != "flags":
            return None
        p = self._on_base(self.turn)
        return self.pos[p] if p else None

    def flag_square(self, side: str | int) -> int:
        f = SIDE_INDEX[side] if isinstance(side, str) else side
        c = self.flag_carrier[f]
        return self.pos[c] if c else self.flag_sq[f]

    # ------------------------------------------------------------------------------------
    # legality
    # ------------------------------------------------------------------------------------
    def why_illegal(self, action) -> str | None:
        """None if ``action`` is legal here, else the reason in a player's words."""
        if self.result is not None:
            return "the game is over"
        if isinstance(action, Deploy):
            if self.phase != SETUP:
                return "the fleets are already deployed"
            if action.side != self.turn:
                return f"it is {SIDES[self.turn]}'s turn to deploy"
            try:
                check_deployment(self.rules, action.side, action.placement)
            except IllegalAction as exc:
                return str(exc)
            return None
        if self.phase == SETUP:
            return f"{SIDES[self.turn]} must first deploy the fleet (deploy {SIDES[self.turn]} SQUARE=CODE ...)"
        if action in self._legal_list():
            return None
        from .explain import explain
        return explain(self, action)

    def _generate(self) -> list:
        """The legal actions, in the order ``legal_actions`` lists them."""
        if self.phase == SETUP:
            return deployment_choices(self.rules, self.turn)
        if self.rules.fleet_orders:
            return self._generate_fleet_orders()
        return self._generate_single()

    def reference_actions(self) -> list:
        """The legal actions by the slow per-piece walk (tests check the fast generator by it)."""
        if self.phase != PLAY or self.rules.fleet_orders:
            return self._legal_list()[:]
        out: list = []
        pending = self._on_base(self.turn) if self.rules.base_rule == "flags" else 0
        if not pending and self.window[self.turn]:
            self._transfers(self.turn, out)
        for p in (pending,) if pending else self.alive[self.turn]:
            self._piece_moves(self.turn, p, out)
        return out

    def _on_base(self, side: int) -> int:
        """A piece of ``side`` standing on a base (it must leave this turn), or 0."""
        board, owner = self.board, self.owner
        for b in self.rules.bases:
            q = board[b]
            if q and owner[q] == side:
                return q
        return 0

    def _carries(self, p: int) -> bool:
        return p != 0 and (self.flag_carrier[0] == p or self.flag_carrier[1] == p)

    def _base_entry(self, me: int, p: int, b: int, t: int) -> tuple[bool, bool]:
        """(may the piece ``p`` enter the base square ``t`` of side ``b``, does that win at once)."""
        r = self.rules
        if r.base_rule == "target":
            return (b != me, b != me)
        fc, fs = self.flag_carrier, self.flag_sq
        if b != me:
            # only to capture: a flag must lie there, and the piece must be free to carry it
            if (fs[0] == t or fs[1] == t) and not self._carries(p) and r.carries[self.kind[p]]:
                return True, r.win == "occupy-base"
            return False, False
        # own base: only to deposit a carried flag
        op = 1 - me
        if fc[me] == p:
            return True, fs[op] == t
        if fc[op] == p:
            if fs[me] == t:
                return True, True
            c = fc[me]
            if c and self.owner[c] == me and r.on_own_half(me, self.pos[c]):
                return True, False
        return False, False

    def _generate_single(self) -> list:
        """Legal actions of the one-action game: bitboards for the bulk of the fleet, a
        per-piece walk for the Flying Boat, flag carriers, base squares and a compulsory exit.
        Order: flag hand-overs, then per direction (N, E, S, W) its steps and the steps with an
        attack, by square, then the per-piece walks. Each bitboard is read from its highest square
        down (bit_length is the cheapest scan; the tables are indexed by square + 1, so bit_length
        indexes them as it is) in the reverse of that order, and the list is turned round. The
        four directions are written out on purpose (a loop over them unpacks a tuple and picks a
        shift on every ply); ``out.append`` and taking the top bit off by subtraction are the
        cheapest forms in CPython 3.11 (a bound ``append`` is not specialised; ``&`` on a 96-bit
        int goes the generic way)."""
        r = self.rules
        me = self.turn
        (exit_bases, open_squares, contact_shift, contact_ok, files, from_n, from_e, from_s, from_w,
         moves_n, moves_e, moves_s, moves_w, top, facing) = r.generator_tables[me]
        own = self.sbb[me]
        if own & exit_bases:
            out: list = []
            self._piece_moves(me, self._on_base(me), out)    # it must leave the base: nothing else
            return out
        fc0, fc1 = self.flag_carrier
        # a side's Mines, Mine Layers and Flying Boat are among its pieces, so ^ takes them off
        # (one operation on a 96-bit int where & ~ costs two)
        movers = own ^ self.mines_bb[me]
        attackers = movers ^ self.layers_bb[me]
        boats = self.boats_bb[me]
        occ = self.occ
        empty = open_squares & ~occ
        hand_overs = None
        slow = loose = 0     # slow: flag carriers, every move of theirs by the per-piece walk
        if fc0 or fc1:
            hand_overs, slow, loose = self._flag_duties(me, fc0, fc1)
            movers &= ~slow
            attackers &= ~slow
            boats &= ~slow
            empty &= ~loose
        enemy = self.sbb[1 - me]
        # arrival squares in contact with an enemy
        if facing:
            every_target = (enemy << contact_shift if contact_shift > 0
                            else enemy >> -contact_shift) & contact_ok
        else:
            every_target = 0
            for _, delta, contact_ok in r.contact_shifts[me]:
                every_target |= (enemy >> delta if delta > 0 else enemy << -delta) & contact_ok
        to_n = (movers & from_n) << files & empty
        to_e = (movers & from_e) << 1 & empty
        to_s = (movers & from_s) >> files & empty
        to_w = (movers & from_w) >> 1 & empty
        out = []
        # each direction: the attacks after its steps that end in attacking position, its steps.
        # In the facing reading (one contact direction, attacks optional) each such step is one
        # attack, read here from its table: a call to _step_attacks would cost as much again.
        # (A hit is a step's arrival, so its start may leave that way: no from_ mask is needed
        # to keep the ships able to attack.)
        hit = to_w & every_target
        if hit:
            hit &= attackers >> 1
            if facing:
                table = facing[3]
                while hit:
                    i = hit.bit_length()
                    out.append(table[i])
                    hit -= top[i]
            else:
                to_w = self._step_attacks(me, 3, hit, to_w, out)
        while to_w:
            i = to_w.bit_length()
            out.append(moves_w[i])
            to_w -= top[i]
        hit = to_s & every_target
        if hit:
            hit &= attackers >> files
            if facing:
                table = facing[2]
                while hit:
                    i = hit.bit_length()
                    out.append(table[i])
                    hit -= top[i]
            else:
                to_s = self._step_attacks(me, 2, hit, to_s, out)
        while to_s:
            i = to_s.bit_length()
            out.append(moves_s[i])
            to_s -= top[i]
        hit = to_e & every_target
        if hit:
            hit &= attackers << 1
            if facing:
                table = facing[1]
                while hit:
                    i = hit.bit_length()
                    out.append(table[i])
                    hit -= top[i]
            else:
                to_e = self._step_attacks(me, 1, hit, to_e, out)
        while to_e:
            i = to_e.bit_length()
            out.append(moves_e[i])
            to_e -= top[i]
        hit = to_n & every_target
        if hit:
            hit &= attackers << files
            if facing:
                table = facing[0]
                while hit:
                    i = hit.bit_length()
                    out.append(table[i])
                    hit -= top[i]
            else:
                to_n = self._step_attacks(me, 0, hit, to_n, out)
        while to_n:
            i = to_n.bit_length()
            out.append(moves_n[i])
            to_n -= top[i]
        out.reverse()
        if hand_overs:
            out[:0] = hand_overs
        if movers & r.base_approaches[1 - me]:
            self._base_steps(me, movers, out)
        if loose:
            self._loose_steps(me, movers, loose, out)
        if boats:
            s = boats.bit_length() - 1
            # only with a free square across a wall (not all of them taken), or else only its
            # jumps, when it is beside something it might jump (a Mine, an enemy it may know as one)
            landings = r.fb_wall_landings[me][s]
            if landings & occ != landings:
                self._flying_boat_extras(me, self.board[s], out)
            elif (occ if r.fb_jump_over_ships else self.mines_bb[me] | enemy) & r.double_mids[s] and (
                    r.variant.flying_boat_jump):
                self._jumps(me, self.board[s], s, False, out)
        while slow:
            low = slow & -slow
            self._piece_moves(me, self.board[low.bit_length() - 1], out)
            slow ^= low
        return out

    def _flag_duties(self, me: int, fc0: int, fc1: int) -> tuple[list, int, int]:
        """While a flag is carried: (the hand-overs open, our carriers' squares, loose flags'
        squares when an enemy carries the other flag). Carriers move by the per-piece walk, and
        so do steps onto those loose flags (who picks one up may not attack the enemy carrier)."""
        r = self.rules
        hand_overs: list = []
        if self.window[me]:
            self._transfers(me, hand_overs)     # listed first
        owner, pos = self.owner, self.pos
        slow = loose = 0
        for c in (fc0, fc1):
            if c and owner[c] == me:
                slow |= 1 << pos[c]
        if fc0 and owner[fc0] != me or fc1 and owner[fc1] != me:
            for f in (0, 1):
                s = self.flag_sq[f]
                if s >= 0 and r.is_base[s] < 0:
                    loose |= 1 << s
        return hand_overs, slow, loose

    def _step_attacks(self, me: int, d: int, hit: int, dest: int, out: list) -> int:
        """The steps in direction ``d`` that ships able to attack end in attacking position
        (``hit``, their arrival squares): append their attacks, highest square first, per contact
        direction, last first; return ``dest``, the direction's plain steps, less the ones an
        attack is compulsory after. (The facing reading's attacks are read by the generator.)"""
        r = self.rules
        top = r.top_bit
        enemy = self.sbb[1 - me]
        for delta, contact_ok, table in r.step_attack_moves[me][d]:
            hits = hit & (enemy >> delta if delta > 0 else enemy << -delta) & contact_ok
            while hits:
                i = hits.bit_length()
                out.append(table[i])
                hits -= top[i]
        if r.compulsory:   # a ship that can attack on arrival must: only the Mine Layer may decline
            return dest & ~hit
        return dest

    def _base_steps(self, me: int, movers: int, out: list) -> None:
        """Ordinary pieces stepping onto a base square (capture, deposit, or the target)."""
        r = self.rules
        board = self.board
        fs = self.flag_sq
        for bside, b in enumerate(r.bases):
            if board[b] or not movers & r.base_approaches[bside]:
                continue
            if r.base_rule == "flags":
                # movers carry no flag (carriers take the per-piece walk): they may only capture
                if bside == me or (fs[0] != b and fs[1] != b):
                    continue
            elif bside == me:
                continue
            for n in r.steps[b]:
                if not movers >> n & 1:
                    continue
                p = board[n]
                ok, wins = self._base_entry(me, p, bside, b)
                if not ok:
                    continue
                attacks = [] if wins or not r.attacks[self.kind[p]] else self._arrival_attacks(
                    me, p, b, r.gen_steps[me][n], False)
                if not (attacks and r.compulsory):
                    out.append(r.move_objects[(n, b, -1)])
                out.extend(attacks)

    def _piece_moves(self, me: int, p: int, out: list) -> None:
        """Every move of one piece, base rules and flags included (the slow, general walk)."""
        r = self.rules
        board, kind = self.board, self.kind
        is_base = r.is_base
        base_open = r.base_rule == "open"
        fc0, fc1 = self.flag_carrier
        k = kind[p]
        if k == MI:
            return
        s = self.pos[p]
        can_attack = r.attacks[k]
        carrier = (fc0 or fc1) and (p == fc0 or p == fc1)
        for t, mv, atts in (r.gen_fb_steps[me][s] if k == FB else r.gen_steps[me][s]):
            if board[t]:
                continue
            if not base_open and is_base[t] >= 0:
                ok, wins = self._base_entry(me, p, is_base[t], t)
                if not ok:
                    continue
                if wins:
                    out.append(mv)
                    continue
            found = self._attacks_after(me, p, t, atts, carrier) if can_attack else []
            if not (found and r.compulsory):
                out.append(mv)
            out.extend(found)
        if k == FB and r.variant.flying_boat_jump and (not carrier or r.fb_jump_with_flag):
            self._jumps(me, p, s, carrier, out)

    def _flying_boat_extras(self, me: int, p: int, out: list) -> None:
        """What a Flying Boat without a flag may do beyond ordinary moves: cross walls, jump."""
        r = self.rules
        s = self.pos[p]
        board, is_base = self.board, r.is_base
        for t, mv, atts in r.gen_fb_crossings[me][s]:
            if board[t]:
                continue
            if is_base[t] >= 0 and r.closed_bases:
                ok, wins = self._base_entry(me, p, is_base[t], t)
                if not ok:
                    continue
                if wins:
                    out.append(mv)
                    continue
            found = self._attacks_after(me, p, t, atts, False)
            if not (found and r.compulsory):
                out.append(mv)
            out.extend(found)
        if r.variant.flying_boat_jump:
            self._jumps(me, p, s, False, out)

    def _jumps(self, me: int, p: int, s: int, carrier: bool, out: list) -> None:
        """The Flying Boat's two-square jumps: over a wall and/or a Mine (a ship with the option)."""
        r = self.rules
        board, owner, kind = self.board, self.owner, self.kind
        for mid, t, crosses, mv, atts in r.gen_doubles[me][s]:
            if board[t]:
                continue
            q = board[mid]
            if q:
                if not r.fb_jump_over_ships:
                    # only over a Mine the jumper's side knows to be one
                    if owner[q] == me:
                        if kind[q] != MI:
                            continue
                    elif self.pub[q] & self.priv[me][q] != MI_BIT:
                        continue
            elif not crosses:
                continue
            if r.closed_bases and r.is_base[t] >= 0:
                ok, wins = self._base_entry(me, p, r.is_base[t], t)
                if not ok:
                    continue
                if wins:
                    out.append(mv)
                    continue
            found = self._attacks_after(me, p, t, atts, carrier)
            if not (found and r.compulsory):
                out.append(mv)
            out.extend(found)

    def _holds_flag_after(self, me: int, p: int, t: int, carrier: bool) -> bool:
        """Will ``p`` carry a flag once it has arrived on ``t`` (before any attack)?"""
        r = self.rules
        if not r.flags:
            return False
        b = r.is_base[t]
        if b >= 0 and r.base_rule == "flags":
            return b != me          # a capture clips the flag on; a deposit leaves it on the base
        if carrier:
            return True
        fs = self.flag_sq
        if (fs[0] != t and fs[1] != t) or not r.carries[self.kind[p]]:
            return False
        return any(fs[f] == t and (not self.flag_mine[f] or self.kind[p] == MS) for f in (0, 1))

    def _attacks_after(self, me: int, p: int, t: int, atts: tuple, carrier: bool) -> list:
        """The attacks open to ``p`` arriving on ``t`` (``atts``: (square, move) pairs): any enemy
        piece there, except that two flag carriers may not attack each other, counting a flag
        taken on arrival (a capture or a pick-up)."""
        found: list = []
        if not atts:
            return found
        board, owner = self.board, self.owner
        fc0, fc1 = self.flag_carrier
        if not ((fc0 or fc1) and self._holds_flag_after(me, p, t, carrier)):
            fc0 = fc1 = 0        # no carrier to spare (a piece id is never 0)
        for a, mva in atts:      # (a loop: a comprehension costs a function call in CPython 3.11)
            q = board[a]
            if q and owner[q] != me and q != fc0 and q != fc1:
                found.append(mva)
        return found

    def _arrival_attacks(self, me: int, p: int, t: int, steps: tuple, carrier: bool) -> list:
        """``_attacks_after`` for the ordinary step onto ``t`` listed in ``steps``."""
        for to, _, atts in steps:
            if to == t:
                return self._attacks_after(me, p, t, atts, carrier)
        return []

    def _loose_steps(self, me: int, movers: int, loose: int, out: list) -> None:
        """Ordinary steps onto squares where a flag lies loose while an enemy carries the other
        flag: a piece that picks the flag up there may not attack that carrier."""
        r = self.rules
        board, kind = self.board, self.kind
        while loose:
            low = loose & -loose
            loose ^= low
            t = low.bit_length() - 1
            if board[t]:
                continue
            for n in r.steps[t]:
                if not movers >> n & 1:
                    continue
                p = board[n]
                found = self._arrival_attacks(me, p, t, r.gen_steps[me][n], False) if r.attacks[kind[p]] else []
                if not (found and r.compulsory):
                    out.append(r.move_objects[(n, t, -1)])
                out.extend(found)

    def _transfers(self, me: int, out: list) -> None:
        """Flag hand-overs open this turn: pairs put side by side by our previous move."""
        r = self.rules
        pos, kind = self.pos, self.kind
        for a, b in self.window[me]:
            for giver, taker in ((a, b), (b, a)):
                if pos[giver] < 0 or pos[taker] < 0 or not self._carries(giver) or self._carries(taker):
                    continue
                if not r.carries[kind[taker]] or r.is_base[pos[giver]] >= 0 or r.is_base[pos[taker]] >= 0:
                    continue
                if pos[taker] in r.steps[pos[giver]]:
                    out.append(r.transfer_objects[(pos[giver], pos[taker])])

    def _generate_fleet_orders(self) -> list:
        r = self.rules
        me = self.turn
        board, kind, owner, pos = self.board, self.kind, self.owner, self.pos
        is_base = r.is_base
        fm, fa = self.fo_moved, self.fo_attacked
        steps, doubles, attack_objects = r.gen_steps[me], r.gen_doubles[me], r.attack_objects[me]
        long_moves = r.long_moves
        out: list = []
        for p in self.alive[me]:
            k = kind[p]
            if k == MI:
                continue
            s = pos[p]
            if not fm >> p & 1:
                for t, mv, _ in steps[s]:
                    if not board[t] and is_base[t] != me:
                        out.append(mv)
                how = long_moves.get(k)
                if how:
                    for mid, t, crosses, mv, _ in doubles[s]:
                        if board[t] or is_base[t] == me:
                            continue
                        if how == "through-empty" and (board[mid] or crosses):
                            continue
                        out.append(mv)
            if r.attacks[k] and not fa >> p & 1:
                for a, att in attack_objects[s]:
                    q = board[a]
                    if q and owner[q] != me:
                        out.append(att)
        if self.fo_acted:
            out.append(END)
        return out

    # ------------------------------------------------------------------------------------
    # applying
    # ------------------------------------------------------------------------------------
    def play(self, action) -> None:
        """Apply a legal action without checking it or describing it (search hot path). A move in
        the one-action game, nearly every ply, is played right here: a further call would cost
        about 1% of a ply."""
        r = self.rules
        self._legal = None
        if type(action) is not Move or r.fleet_orders:
            self._play_other(action)
            return
        s, t, a = action.key
        me = self.turn
        op = 1 - me
        board, kind, pub = self.board, self.kind, self.pub
        p = board[s]
        k = kind[p]
        board[s] = 0
        board[t] = p
        self.pos[p] = t
        z = r.zobrist
        self.zh ^= z[s][p] ^ z[t][p]
        bits = action.bits
        self.occ ^= bits
        self.sbb[me] ^= bits
        self.moved[p] = True
        pub[p] &= NOT_MI
        if k == FB:
            self.boats_bb[me] ^= bits
            if abs(t - s) != 1 and abs(t - s) != r.files or s * r.size + t in r.crossing:
                pub[p] = FB_BIT    # a jump or a flight over the wall must be declared
        elif k == ML:
            self.layers_bb[me] ^= bits
        log = self._log
        if log is not None:
            jump = k == FB and abs(t - s) != 1 and abs(t - s) != r.files
            crossing = k == FB and s * r.size + t in r.crossing
            names = r.names
            how = "jumped" if jump else "moved"
            self._event("jump" if jump else "move", f"{_cap(me)} {how} {names[s]}-{names[t]}",
                        side=SIDES[me], frm=names[s], to=names[t], piece=KIND_CODES[k])
            if k == FB and (jump or crossing):
                what = "jumped" if jump else "flew over the harbour wall"
                self._event("reveal", f"{_cap(me)}'s Flying Boat {what} ({names[s]}-{names[t]})",
                            side=SIDES[me], square=names[t], piece="FB")
        if r.contact_explosions and r.contact_bits[me][t] & self.sbb[op] and self._contact(p, k, t, me, op):
            self._finish_turn(0)
            return
        bt = r.is_base[t]
        if bt >= 0 and r.closed_bases:
            self._arrive_on_base(p, t, bt, me)
        elif r.flags and t in self.flag_sq:
            self._pick_up(p, t)
        if a >= 0 and self.result is None:
            self._attack(p, board[a])
        elif r.compulsory and self.result is None and r.contact_bits[me][t] & self.sbb[op]:
            # attacks are compulsory for all but the Mine Layer: declining one shows it
            pub[p] = ML_BIT
            if log is not None:
                self._event("reveal", f"{_cap(me)}'s piece on {r.names[t]} did not attack: "
                            f"it is the Mine Layer", side=SIDES[me], square=r.names[t], piece="ML")
        self._finish_turn(p)

    def _play_other(self, action) -> None:
        """Every action but a move in the one-action game."""
        kind_of_action = type(action)
        if kind_of_action is Move:
            self._fleet_move(action)
        elif kind_of_action is Attack:
            self._fleet_attack(action)
        elif kind_of_action is EndTurn:
            self._end_fleet_turn()
        elif kind_of_action is Transfer:
            self._transfer(action)
        elif kind_of_action is Deploy:
            self._deploy(action)
        else:
            raise IllegalAction(f"{action!r} is not a Dover Patrol action")

    _play = play      # apply() checks and describes, then plays
    advance = play    # the name the shared search (navalgames.ai.mcts) looks for

    def _event(self, kind: str, text: str, **details: Any) -> None:
        if "frm" in details:   # "from" is a Python keyword
            details["from"] = details.pop("frm")
        self._log.append(Event(kind, text, details))

    def _contact(self, p: int, k: int, t: int, me: int, op: int) -> bool:
        """Contact on arrival: True if the arriving piece was blown up."""
        r = self.rules
        board, kind, owner, pub = self.board, self.kind, self.owner, self.pub
        bit = 1 << k
        hit_by = 0
        mover_knows, owner_knows = self.priv[me], self.priv[op]
        for c in r.contact[me][t]:
            q = board[c]
            if not q or owner[q] != op:
                continue
            qk = kind[q]
            if qk == MI or qk == ML:
                spares = r.mine_spares if qk == MI else r.layer_spares
                if bit & spares:
                    owner_knows[p] &= spares   # the owner saw nothing happen: p is one it spares
                else:
                    owner_knows[p] &= ~spares
                    pub[q] = 1 << qk           # the Mine (Mine Layer) is shown
                    hit_by = hit_by or q
                    continue
            # no explosion from q: if p would have been blown up by a Mine or a Mine Layer,
            # q is neither (p's side knows p's kind)
            if not bit & r.mine_spares:
                mover_knows[q] &= ~MI_BIT
            if not bit & r.layer_spares:
                mover_knows[q] &= ~(1 << ML)
        if not hit_by:
            return False
        if self._log is not None:
            names = r.names
            self._event("explosion",
                        f"{_cap(me)}'s piece arriving on {names[t]} was blown up by {_cap(op)}'s "
                        f"{r.kind_names[kind[hit_by]]} on {names[self.pos[hit_by]]}",
                        side=SIDES[me], square=names[t], piece=KIND_CODES[k],
                        by=KIND_CODES[kind[hit_by]], at=names[self.pos[hit_by]])
        self._remove(p, 0, True)
        return True

    def _arrive_on_base(self, p: int, t: int, b: int, me: int) -> None:
        r = self.rules
        names = r.names
        if r.base_rule == "target":
            if b != me:
                self._win(me, f"{_cap(me)} occupied {_cap(b)}'s base {names[t]}")
            return
        fs, fc = self.flag_sq, self.flag_carrier
        if b != me:
            f = 0 if fs[0] == t else 1
            fs[f] = -1
            self.flag_mine[f] = False
            fc[f] = p
            if self._log is not None:
                self._event("capture", f"{_cap(me)} captured {_cap(f)}'s flag on {names[t]}",
                            side=SIDES[me], flag=SIDES[f], square=names[t])
            if r.win == "occupy-base":
                self._win(me, f"{_cap(me)} captured {_cap(b)}'s flag")
            return
        f = 0 if fc[0] == p else 1
        fc[f] = 0
        fs[f] = t
        self.flag_mine[f] = False
        if self._log is not None:
            whose = "its own" if f == me else f"{_cap(f)}'s"
            self._event("deposit", f"{_cap(me)} brought {whose} flag to its base {names[t]}",
                        side=SIDES[me], flag=SIDES[f], square=names[t])
        if fs[0] == t and fs[1] == t:
            self._win(me, f"both flags on {_cap(me)}'s base")

    def _pick_up(self, p: int, t: int) -> None:
        """A piece arriving where a flag lies takes it (a mine-dropped flag: Mine Sweepers only)."""
        r = self.rules
        if self._carries(p) or not r.carries[self.kind[p]]:
            return
        for f in (0, 1):
            if self.flag_sq[f] != t:
                continue
            if self.flag_mine[f]:
                if self.kind[p] != MS:
                    self.pub[p] &= ~MS_BIT    # a Mine Sweeper would have taken it
                    continue
                self.pub[p] = MS_BIT      # only a Mine Sweeper could have taken it
            self.flag_sq[f] = -1
            self.flag_mine[f] = False
            self.flag_carrier[f] = p
            if self._log is not None:
                me = self.owner[p]
                self._event("pickup", f"{_cap(me)} picked up {_cap(f)}'s flag on {r.names[t]}",
                            side=SIDES[me], flag=SIDES[f], square=r.names[t])
            return

    def _attack(self, p: int, q: int) -> None:
        """``p`` attacks ``q``: both are shown, the combat table decides."""
        r = self.rules
        kind, pos = self.kind, self.pos
        kp, kq = kind[p], kind[q]
        result = r.result[kp][kq]
        self.pub[p] = 1 << kp
        self.pub[q] = 1 << kq
        if self._log is not None:
            me, op = self.owner[p], self.owner[q]
            names = r.names
            if result == ATTACKER_WINS:
                verb = {MI: "cleared", FB: "brought down"}.get(kq, "sunk")
                said = f"{_cap(op)}'s {r.kind_names[kq]} {verb}"
            elif result == DEFENDER_WINS:
                said = f"{_cap(me)}'s {r.kind_names[kp]} " + ("blown up" if kq in (MI, ML) else "sunk")
            elif result == BOTH_SUNK:
                said = "both sunk"
            else:
                said = "nothing happens"
            code = {ATTACKER_WINS: "A", DEFENDER_WINS: "D", BOTH_SUNK: "B", NOTHING: "."}[result]
            self._event("attack", f"{_cap(me)} {KIND_CODES[kp]} on {names[pos[p]]} attacked "
                        f"{_cap(op)} {KIND_CODES[kq]} on {names[pos[q]]}: {said}",
                        side=SIDES[me], attacker=KIND_CODES[kp], frm=names[pos[p]],
                        defender=KIND_CODES[kq], at=names[pos[q]], result=code)
        if result == ATTACKER_WINS:
            self._remove(q, p, False)
        elif result == DEFENDER_WINS:
            explosion = kq == MI or kq == ML
            self._remove(p, 0 if explosion else q, explosion)
        elif result == BOTH_SUNK:
            self._remove(q, 0, False)
            self._remove(p, 0, False)

    def _remove(self, p: int, winner: int, explosion: bool) -> None:
        """Take ``p`` off the board; a flag it carried passes to ``winner`` or lies on its square."""
        r = self.rules
        s = self.pos[p]
        side = self.owner[p]
        if r.flags:
            fc = self.flag_carrier
            for f in (0, 1):
                if fc[f] != p:
                    continue
                fc[f] = 0
                if winner and r.carries[self.kind[winner]] and not self._carries(winner):
                    fc[f] = winner
                    text = f"{_cap(self.owner[winner])} took {_cap(f)}'s flag"
                else:
                    self.flag_sq[f] = s
                    # a flag lying on a base is simply on that base
                    self.flag_mine[f] = explosion and r.is_base[s] < 0
                    if s == r.bases[f]:
                        text = f"{_cap(f)}'s flag stays on its base"
                    else:
                        text = f"{_cap(f)}'s flag lies on {r.names[s]}" + (
                            " (only a Mine Sweeper may pick it up)" if self.flag_mine[f] else "")
                if self._log is not None:
                    self._event("flag", text, flag=SIDES[f], square=r.names[s])
        self.board[s] = 0
        self.zh ^= r.zobrist[s][p]
        self._toggle_bits(p, 1 << s)
        self.pos[p] = -1
        self.alive[side].remove(p)
        self._removed = True
        k = self.kind[p]
        if k == 10:
            self.flagship_lost[side] = True
        if k != MI:
            self.fleet_left[side] -= 1

    def _toggle_bits(self, p: int, bits: int) -> None:
        """Flip ``bits`` in the bitboards ``p`` belongs to (placing, moving or removing it)."""
        side, k = self.owner[p], self.kind[p]
        self.occ ^= bits
        self.sbb[side] ^= bits
        if k == MI:
            self.mines_bb[side] ^= bits
        elif k == FB:
            self.boats_bb[side] ^= bits
        elif k == ML:
            self.layers_bb[side] ^= bits

    def _transfer(self, action: Transfer) -> None:
        r = self.rules
        s, t = action.key
        giver, taker = self.board[s], self.board[t]
        f = 0 if self.flag_carrier[0] == giver else 1
        self.flag_carrier[f] = taker
        self.pub[taker] &= NOT_MI
        me = self.turn
        if self._log is not None:
            self._event("transfer", f"{_cap(me)} handed {_cap(f)}'s flag from {r.names[s]} to {r.names[t]}",
                        side=SIDES[me], flag=SIDES[f], frm=r.names[s], to=r.names[t])
        self._finish_turn(0)

    # --- Fleet Orders --------------------------------------------------------------------
    def _fleet_move(self, mv: Move) -> None:
        r = self.rules
        s, t, _ = mv.key
        me = self.turn
        board = self.board
        p = board[s]
        k = self.kind[p]
        jump = abs(t - s) != 1 and abs(t - s) != r.files
        if jump:
            mid = (s + t) // 2
            over = board[mid] != 0
            allowed = [kk for kk, how in r.long_moves.items() if how == "over-anything" or not over]
            self.pub[p] &= mask_of(allowed)
        board[s] = 0
        board[t] = p
        self.pos[p] = t
        z = r.zobrist
        self.zh ^= z[s][p] ^ z[t][p]
        self._toggle_bits(p, mv.bits)
        self.moved[p] = True
        self.pub[p] &= NOT_MI
        self.fo_moved |= 1 << p
        self.fo_acted = True
        if self._log is not None:
            names = r.names
            self._event("move", f"{_cap(me)} moved {names[s]}-{names[t]}", side=SIDES[me],
                        frm=names[s], to=names[t], piece=KIND_CODES[k])
        if r.is_base[t] == 1 - me:
            self._win(me, f"{_cap(me)} entered {_cap(1 - me)}'s base {r.names[t]}")
            self.phase = OVER

    def _fleet_attack(self, action: Attack) -> None:
        s, a = action.key
        p = self.board[s]
        self.fo_attacked |= 1 << p
        self.fo_acted = True
        self._attack(p, self.board[a])

    def _end_fleet_turn(self) -> None:
        if self._log is not None:
            self._event("end", f"{_cap(self.turn)} ended the turn", side=SIDES[self.turn])
        self._finish_turn(0)

    # --- turns ---------------------------------------------------------------------------
    def _win(self, side: int | None, reason: str) -> None:
        if self.result is None:
            self.result = Outcome(SIDES[side] if side is not None else None, reason)
            self.phase = OVER
            if self._log is not None:
                self._event("over", reason, winner=SIDES[side] if side is not None else "none")

    def _check_losses(self) -> None:
        """Wins decided by what was removed (Flagship Hunt, Pitched Battle)."""
        r = self.rules
        if r.win == "flagship":
            lost = self.flagship_lost
            if lost[0] and lost[1]:
                self._win(None, "both Flagships sunk together")
            elif lost[0] or lost[1]:
                loser = 0 if lost[0] else 1
                self._win(1 - loser, f"{_cap(1 - loser)} sank {_cap(loser)}'s Flagship")
        elif r.win == "fleet":
            left = self.fleet_left
            if left[0] <= 0 and left[1] <= 0:
                self._win(None, "both fleets sunk together")
            elif left[0] <= 0 or left[1] <= 0:
                loser = 0 if left[0] <= 0 else 1
                self._win(1 - loser, f"{_cap(1 - loser)} sank {_cap(loser)}'s whole fleet")

    def _finish_turn(self, mover: int) -> None:
        """After a side's action in the single-action game (or ``end`` in Fleet Orders)."""
        if self._removed:
            self._check_losses()
        if self.result is not None:
            self.phase = OVER
            return
        me = self.turn
        r = self.rules
        pairs: tuple = ()
        # both flags on their bases (the usual case, read once for the hand-overs and the key)
        flags_home = r.flags and self.flag_sq == r.flags_home and self.flag_carrier == NO_CARRIERS
        # The pairs the move formed, carrying or not: a flag may reach one of them before our next
        # turn (won back when the enemy's carrier attacks it and loses). That cannot happen while
        # no flag is carried or loose, unless a capturer can attack from the base it takes.
        if mover and r.flags and (not flags_home or r.base_attacks) and self.pos[mover] >= 0:
            board, owner = self.board, self.owner
            pairs = tuple((mover, q) for n in r.steps[self.pos[mover]]
                          if (q := board[n]) and owner[q] == me)
        self.window[me] = pairs
        # the next turn
        self.ply += 1
        if self._removed:
            self.quiet = 0
            self.counts = {}
            self._removed = False
        else:
            self.quiet += 1
        self.turn = 1 - me
        if r.fleet_orders:
            self.fo_moved = self.fo_attacked = 0
            self.fo_acted = False
        if self.quiet >= r.quiet_limit:
            self._win(None, f"{self.quiet} turns without a piece removed")
            return
        if r.repetition_draw:
            # position_key() written out: this runs every ply
            if flags_home:
                key = self.zh ^ r.home_keys_after[me]
            else:
                key = self.zh if me else self.zh ^ r.zobrist_turn
                if r.flags:
                    key ^= self._flags_key()
            n = self.counts.get(key, 0) + 1
            self.counts[key] = n
            if n >= r.repetition_draw:
                self._win(None, f"the same position for the {_ordinal(n)} time")
                return
        self._legal = self._generate_fleet_orders() if r.fleet_orders else self._generate_single()
        if not self._legal:
            self._start_turn()     # a carrier runs aground, or the side is hemmed in

    def pass_turn(self) -> None:
        """A null move, for searches only (as python-chess has): the side to move does nothing
        and the turn passes. Never a legal action in play; the single-action game only."""
        if self.result is not None or self.rules.fleet_orders:
            raise IllegalAction("no turn to pass")
        self._legal = None
        self._finish_turn(0)     # no mover: no flag hand-over opens

    def position_key(self) -> int:
        """Repetition key: the same pieces on the same squares, flags, player to move."""
        r = self.rules
        key = self.zh ^ r.zobrist_turn if self.turn else self.zh
        return key ^ self._flags_key() if r.flags else key

    def _flags_key(self) -> int:
        """The flags' part of the repetition key: each flag's carrier, or the square it lies on."""
        r = self.rules
        south, north = r.zobrist_flag
        c0, c1 = self.flag_carrier
        return ((south[r.size + c0] if c0 else south[self.flag_sq[0]])
                ^ (north[r.size + c1] if c1 else north[self.flag_sq[1]]))

    def _start_turn(self) -> None:
        """Run aground a carrier that cannot leave a base; a side with no action is hemmed in."""
        r = self.rules
        while True:
            side = self.turn
            self._legal = self._generate()
            if self._legal:
                return
            stuck = self._on_base(side) if r.base_rule == "flags" else 0
            if stuck:
                s = self.pos[stuck]
                if self._log is not None:
                    self._event("aground", f"{_cap(side)}'s piece on {r.names[s]} cannot leave the base "
                                f"and runs aground", side=SIDES[side], square=r.names[s],
                                piece=KIND_CODES[self.kind[stuck]])
                self._remove(stuck, 0, False)
                self._check_losses()
                if self.result is not None:
                    return
                self.window[side] = ()
                self.ply += 1
                self.quiet = 0
                self.counts = {}
                self._removed = False
                self.turn = 1 - side
                continue
            self._hemmed_in(side)
            return

    def _hemmed_in(self, side: int) -> None:
        r = self.rules
        winner = 1 - side
        if r.flags and self.flag_sq[winner] != r.bases[winner]:
            self._win(None, f"{_cap(side)} cannot move, but {_cap(winner)}'s flag is not on its base: drawn")
        else:
            self._win(winner, f"{_cap(side)} cannot move (hemmed in)")

    # --- setup ---------------------------------------------------------------------------
    def _deploy(self, action: Deploy) -> None:
        side = action.side
        self.place_fleet(side, action.placement)
        self.deployed[side] = True
        self.deploy_text[side] = action.text
        if self._log is not None:
            self._event("deploy", f"{_cap(side)} deployed its fleet", side=SIDES[side])
        if not self.deployed[1 - side]:
            self.turn = 1 - side
            return
        self.begin_play(self._draw_first())

    def place_fleet(self, side: int, placement) -> None:
        """Put ``side``'s pieces on the board, numbered in square order (ids tell no kind)."""
        r = self.rules
        base_id = 1 + side * r.fleet_size
        for i, (sq, k) in enumerate(sorted(placement)):
            pid = base_id + i
            self.kind[pid] = k
            self.pos[pid] = sq
            self.board[sq] = pid
            self.alive[side].append(pid)
            self.zh ^= r.zobrist[sq][pid]
            self._toggle_bits(pid, 1 << sq)
            if k != MI:
                self.fleet_left[side] += 1

    def _draw_first(self) -> int:
        choice = self.rules.first_player
        if choice in SIDE_INDEX:
            return SIDE_INDEX[choice]
        # The lot: a fair coin drawn from both secret deployments, which neither player can
        # steer without knowing the other's; it replays exactly from the record.
        import hashlib
        digest = hashlib.sha256("|".join(self.deploy_text).encode()).digest()
        return digest[0] & 1

    def begin_play(self, first: int) -> None:
        """Both fleets are on the board: ``first`` moves."""
        self.phase = PLAY
        self.first = first
        self.turn = first
        self.counts = {}
        if self._log is not None:
            self._event("lot", f"{_cap(first)} moves first", first=SIDES[first])
        # (a position without a Flagship is no Flagship Hunt win: only sinking one counts)
        self._check_losses()
        if self.result is None:
            for side in (0, 1):
                if self.rules.flags and self.flag_sq[0] == self.rules.bases[side] == self.flag_sq[1]:
                    self._win(side, f"both flags on {_cap(side)}'s base")
        if self.result is None:
            if self.rules.repetition_draw:
                self.counts[self.position_key()] = 1
            self._start_turn()


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(n, f"{n}th")
