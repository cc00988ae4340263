"""Observations (what one side may know) and sampling a full state from one (for the AI).

An observation is built only from what the observing side has seen: public facts (``pub``) and
its own deductions (``priv[side]``). It never reads an enemy piece's true kind unless that kind is
known to the observer, so two states that differ only in unrevealed enemy identities give equal
observations.
"""

from __future__ import annotations

import random

from navalgames.ai.identities import assign

from .model import ALL_MASK, FB, KIND_CODES, KIND_OF_CODE, MI, ML, SIDE_INDEX, SIDES
from .observation import FlagView, Observation, PieceView
from .tables import Rules

NOT_MI = ALL_MASK & ~(1 << MI)


def _single(mask: int) -> int:
    if mask and mask & (mask - 1) == 0:
        return mask.bit_length() - 1
    return 0


def observe(state, me: int) -> Observation:
    from .state import PLAY, mask_codes
    r: Rules = state.rules
    pieces = []
    fc = state.flag_carrier
    for pid in range(1, len(state.kind)):
        k = state.kind[pid]
        if not k:
            continue   # not deployed
        side = state.owner[pid]
        sq = state.pos[pid]
        pub = state.pub[pid]
        carries = SIDES[0] if fc[0] == pid else SIDES[1] if fc[1] == pid else None
        if side == me:
            code, possible = KIND_CODES[k], mask_codes(pub)
        else:
            known = pub & state.priv[me][pid]
            single = _single(known)
            code, possible = (KIND_CODES[single] if single else None), mask_codes(known)
        pieces.append(PieceView(id=pid, side=SIDES[side], square=sq if sq >= 0 else None, kind=code,
                                possible=possible, moved=state.moved[pid], revealed=_single(pub) != 0,
                                carries=carries))
    flags = []
    if r.flags:
        for f in (0, 1):
            c = fc[f]
            square = state.pos[c] if c else state.flag_sq[f]
            on_base = None
            if not c and r.is_base[square] >= 0:
                on_base = SIDES[r.is_base[square]]
            flags.append(FlagView(side=SIDES[f], square=square, carrier=c or None, on_base=on_base,
                                  mine_dropped=state.flag_mine[f]))
    window = tuple((SIDES[side], a, b) for side in (0, 1) for a, b in state.window[side])
    fo_ids = lambda bits: tuple(p for p in range(1, len(state.kind)) if bits >> p & 1)  # noqa: E731
    pending = None
    if state.phase == PLAY and r.base_rule == "flags":
        pending = state._on_base(state.turn) or None
    return Observation(
        observer=SIDES[me], variant=r.variant.id, options=tuple(sorted(r.options.items())),
        phase=state.phase, to_act=state.to_act(),
        deployed=tuple(SIDES[s] for s in (0, 1) if state.deployed[s]),
        pieces=tuple(pieces), flags=tuple(flags), transfer_window=window, pending_exit=pending,
        turn_moved=fo_ids(state.fo_moved), turn_attacked=fo_ids(state.fo_attacked),
        turn_acted=state.fo_acted, ply=state.ply, quiet_plies=state.quiet,
        position_counts=tuple(sorted(state.counts.items())), outcome=state.result,
        first_player=SIDES[state.first] if state.first is not None else None)


def sample(rules: Rules, obs: Observation, rng: random.Random):
    """A full state consistent with ``obs``: every enemy piece gets a kind it may still be, within
    the fleet's counts. ValueError if no such state exists (an inconsistent observation)."""
    from .state import DoverState
    if obs.variant != rules.variant.id:
        raise ValueError(f"observation of {obs.variant!r} sampled with {rules.variant.id!r} rules")
    me = SIDE_INDEX[obs.observer]
    st = DoverState(rules)
    counts = {k: rules.counts[k] for k in range(1, 16) if rules.counts[k]}
    unknown: list[PieceView] = []
    chosen: dict[int, int] = {}
    for view in obs.pieces:
        if view.side == obs.observer or view.kind is not None:
            k = KIND_OF_CODE[view.kind]
            chosen[view.id] = k
            if view.side != obs.observer:
                counts[k] = counts.get(k, 0) - 1
        else:
            unknown.append(view)
    if any(n < 0 for n in counts.values()):
        raise ValueError("the observation shows more enemy pieces of a kind than the fleet has")
    allowed = [[KIND_OF_CODE[c] for c in view.possible] for view in unknown]
    dealt = assign(allowed, counts, rng)
    if dealt is None:
        raise ValueError("no enemy fleet fits this observation")
    for view, k in zip(unknown, dealt):
        chosen[view.id] = k
    for view in obs.pieces:
        pid, side = view.id, SIDE_INDEX[view.side]
        k = chosen[pid]
        st.kind[pid] = k
        st.moved[pid] = view.moved
        if view.square is not None:
            st.pos[pid] = view.square
            st.board[view.square] = pid
            st.alive[side].append(pid)
            st.zh ^= rules.zobrist[view.square][pid]
            st._toggle_bits(pid, 1 << view.square)
            if k != MI:
                st.fleet_left[side] += 1
        elif k == 10:
            st.flagship_lost[side] = True
        if side == me:
            mask = 0
            for c in view.possible:
                mask |= 1 << KIND_OF_CODE[c]
            st.pub[pid] = mask
        else:
            known = 0
            for c in view.possible:
                known |= 1 << KIND_OF_CODE[c]
            st.pub[pid] = (1 << k) if view.revealed else (NOT_MI if view.moved else ALL_MASK)
            st.priv[me][pid] = known
    for side in (0, 1):
        st.alive[side].sort()
    for flag in obs.flags:
        f = SIDE_INDEX[flag.side]
        if flag.carrier is not None:
            st.flag_carrier[f] = flag.carrier
            st.flag_sq[f] = -1
        else:
            st.flag_carrier[f] = 0
            st.flag_sq[f] = flag.square
        st.flag_mine[f] = flag.mine_dropped
    st.deployed = [s in obs.deployed for s in SIDES]
    st.phase = obs.phase
    st.turn = SIDE_INDEX[obs.to_act] if obs.to_act else me
    st.first = SIDE_INDEX[obs.first_player] if obs.first_player else None
    st.result = obs.outcome
    st.ply, st.quiet = obs.ply, obs.quiet_plies
    st.counts = dict(obs.position_counts)
    for side_name, a, b in obs.transfer_window:
        side = SIDE_INDEX[side_name]
        st.window[side] = st.window[side] + ((a, b),)
    for pid in obs.turn_moved:
        st.fo_moved |= 1 << pid
    for pid in obs.turn_attacked:
        st.fo_attacked |= 1 << pid
    st.fo_acted = obs.turn_acted
    return st


def determinize(state, me: int, rng: random.Random):
    """``sample(observation(me))`` without building the observation: a clone whose enemy pieces
    (on the board and removed) get kinds dealt consistently with what ``me`` knows. For searches."""
    r: Rules = state.rules
    op = 1 - me
    kind, pub, priv = state.kind, state.pub, state.priv[me]
    counts = {k: r.counts[k] for k in range(1, 16) if r.counts[k]}
    unknown: list[int] = []
    allowed: list[list[int]] = []
    first = 1 + op * r.fleet_size
    for pid in range(first, first + r.fleet_size):
        k = kind[pid]
        if not k:
            continue
        known = pub[pid] & priv[pid]
        single = _single(known)
        if single:
            counts[single] -= 1
        else:
            unknown.append(pid)
            allowed.append(_MASK_KINDS.get(known) or _mask_kinds(known))
    dealt = assign(allowed, counts, rng)
    if dealt is None:
        raise ValueError("no enemy fleet fits what this side knows")
    c = state.clone()
    ck = c.kind
    for pid, k in zip(unknown, dealt):
        ck[pid] = k
    # the enemy's bitboards and tallies follow the new kinds
    c.mines_bb[op] = c.boats_bb[op] = c.layers_bb[op] = 0
    c.fleet_left[op] = 0
    for pid in c.alive[op]:
        k = ck[pid]
        bit = 1 << c.pos[pid]
        if k == MI:
            c.mines_bb[op] |= bit
        else:
            c.fleet_left[op] += 1
            if k == FB:
                c.boats_bb[op] |= bit
            elif k == ML:
                c.layers_bb[op] |= bit
    # what the enemy learnt privately about our pieces is unknown to us: forget it
    c.priv[op] = [ALL_MASK] * len(kind)
    c.deploy_text = [c.deploy_text[me], ""] if me == 0 else ["", c.deploy_text[me]]
    c._legal = None
    if c.phase == "play" and c.result is None:
        c._legal = c._generate()
    return c


_MASK_KINDS: dict[int, list[int]] = {}


def _mask_kinds(mask: int) -> list[int]:
    kinds = _MASK_KINDS[mask] = [k for k in range(1, 16) if mask >> k & 1]
    return kinds
