"""Shared helpers for the Dover Patrol rules tests: small positions, actions in a row."""

from __future__ import annotations

import random

from games.dover_patrol.rules import ENGINE, DoverState


def position(south: dict | None = None, north: dict | None = None, variant: str = "classic",
             to_move: str = "south", **extra) -> dict:
    """A position dict; pieces as {square: code}."""
    pos = {"game": "dover-patrol", "variant": variant, "to_move": to_move,
           "pieces": {"south": dict(south or {}), "north": dict(north or {})}}
    pos.update(extra)
    return pos


def state_at(south: dict | None = None, north: dict | None = None, variant: str = "classic",
             to_move: str = "south", **extra) -> DoverState:
    return ENGINE.from_position(position(south, north, variant, to_move, **extra))


def play(state: DoverState, *actions: str) -> list:
    """Apply actions in notation; all events, in order."""
    events = []
    for text in actions:
        events += state.apply(text)
    return events


def legal(state: DoverState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def at(state: DoverState, square: str) -> str | None:
    """'south 7' / 'north MI' / None for the piece on ``square``."""
    piece = state.piece_at(square)
    return f"{piece[0]} {piece[1]}" if piece else None


def random_game(variant: str, seed: int, max_plies: int = 100_000, options=None) -> tuple[DoverState, list]:
    """A random game from random deployments; (final state, actions in notation)."""
    rng = random.Random(seed)
    state = ENGINE.new_game(variant, options)
    actions = []
    for side in ("south", "north"):
        deploy = ENGINE.random_deployment(variant, side, rng, options)
        actions.append(str(deploy))
        state.apply(deploy)
    while state.outcome() is None and len(actions) < max_plies:
        action = state.random_action(rng)
        actions.append(str(action))
        state.play(action)
    return state, actions
