"""Shared helpers for the Naval Blockade rules tests: positions in a line, actions in a row."""

from __future__ import annotations

from games.naval_blockade.rules import ENGINE, BlockadeState


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
