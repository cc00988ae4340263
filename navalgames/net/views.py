"""What each seat and each spectator is shown: observations and events, never more.

A seat sees ``state.observation(side)`` and its events through the engine's ``visible_event``
(when the engine hides anything); a spectator sees what both players may see: each piece as its
owner's enemy sees it, and events without either side's private details.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any, Callable

from navalgames.core.registry import GameSpec
from navalgames.core.state import Event, GameState

from .codec import to_json


def event_filter(spec: GameSpec) -> Callable[[Event, str | None], Event]:
    """The engine's ``visible_event(event, viewer)``, or showing everything when it has none."""
    module = importlib.import_module(spec.engine.partition(":")[0])
    return getattr(module, "visible_event", lambda event, viewer: event)


def seat_view(state: GameState, side: str) -> Any:
    return to_json(state.observation(side))


def public_view(state: GameState, sides: tuple[str, ...]) -> Any:
    """The position as both players may see it."""
    views = {side: state.observation(side) for side in sides}
    first = views[sides[0]]
    if not dataclasses.is_dataclass(first):
        return to_json(first)          # nothing hidden: each side sees the whole position
    enemy_of = {sides[0]: sides[1], sides[1]: sides[0]}
    pieces = tuple(next(p for p in views[enemy_of[piece.side]].pieces if p.id == piece.id)
                   for piece in first.pieces)
    return to_json(dataclasses.replace(first, observer="spectator", pieces=pieces))
