"""Shared helpers for the Naval Blockade rules tests: positions in a line, actions in a row."""

from __future__ import annotations

from games.naval_blockade.rules import ENGINE, SIDES, BlockadeState


def position(runner: str | None = "l5 N", blockader: str | None = "l20 S", to_move: str = "runner",
             islands=(), rocks=(), **extra) -> dict:
    """A position dict; ships written "square HEADING"."""
    pos = {"game": "naval-blockade", "to_move": to_move,
           "islands": [list(i) for i in islands], "rocks": list(rocks)}
    for name, ship in (("runner", runner), ("blockader", blockader)):
        if ship is not None:
            at, heading = ship.split()
            pos[name] = {"at": at, "heading": heading}
    pos.update(extra)
    return pos


def state_at(*args, **kwargs) -> BlockadeState:
    return ENGINE.from_position(position(*args, **kwargs))


def play(state: BlockadeState, *actions: str) -> list:
    """Apply actions in notation (die faces included); all events, in order."""
    events = []
    for text in actions:
        events += state.apply_text(text)
    return events


def ship(state: BlockadeState, side: int) -> str:
    """"square HEADING" of a ship, to compare in one assertion."""
    from games.naval_blockade.rules import HEADING_NAMES
    return f"{state.terrain.grid.name(state.at[side])} {HEADING_NAMES[state.heading[side]]}"


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def random_close_quarters(rng, options=None) -> BlockadeState:
    """A random legal layout with both ships placed on open sea near each other (guns will bear)."""
    from games.naval_blockade.rules import generate_layout
    from navalgames.core.grid import Grid
    rules = ENGINE.rules(options)
    n = rules.size
    islands, rocks = generate_layout(rng, n, rules.data.pentominoes)
    grid = Grid(n, n)
    land = {grid.parse(s) for island in islands for s in island} | {grid.parse(r) for r in rocks}
    while True:
        a = rng.randrange(n * (n - 1))                 # the Runner below the North edge
        b = rng.randrange(n * n)
        (fa, ra), (fb, rb) = grid.coords(a), grid.coords(b)
        if a != b and a not in land and b not in land and abs(fa - fb) + abs(ra - rb) <= 8:
            break
    heads = "N NE E SE S SW W NW".split()
    return ENGINE.from_position({
        "options": dict(options or {}), "to_move": rng.choice(["runner", "blockader"]),
        "runner": {"at": grid.name(a), "heading": rng.choice(heads)},
        "blockader": {"at": grid.name(b), "heading": rng.choice(heads)},
        "islands": [list(i) for i in islands], "rocks": list(rocks)})


def careful_choice(state: BlockadeState, rng):
    """A random decision that rarely offers to stop and avoids steering into a dead end."""
    actions = state.legal_actions()
    if len(actions) > 1 and rng.random() < 0.97:
        actions = [a for a in actions if str(a) not in ("offer-stop", "accept-stop")] or actions
        side = state.side
        safe = []
        for action in actions:
            trial = state.clone()
            trial.advance(action)
            lost = trial.outcome() is not None and trial.outcome().winner not in (None, SIDES[side])
            stuck = trial.at[side] >= 0 and not trial.terrain.sea_moves[
                trial.at[side] * 8 + trial.heading[side]]
            if not lost and not stuck:
                safe.append(action)
        actions = safe or actions
    return actions[rng.randrange(len(actions))]


def chance_choice(state: BlockadeState, rng):
    outcomes = state.chance_outcomes()
    return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
