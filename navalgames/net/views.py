"""What each seat and each spectator is shown: observations, events and actions, never more.

A seat sees ``state.observation(side)`` and its events through the engine's ``visible_event``
(when the engine hides anything); a spectator sees what both players may see: each piece as its
owner's enemy sees it, and events without either side's private details. The actions of the
record are shown as ``visible_action`` says.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any, Callable

from navalgames.core.registry import GameSpec
from navalgames.core.state import CHANCE, Event


def event_filter(spec: GameSpec) -> Callable[[Event, str | None], Event]:
    """The engine's ``visible_event(event, viewer)``, or showing everything when it has none."""
    module = importlib.import_module(spec.engine.partition(":")[0])
    return getattr(module, "visible_event", lambda event, viewer: event)


def public_view(views: dict[str, Any], sides: tuple[str, ...]) -> Any:
    """The position as both players may see it, from each side's observation (``views``)."""
    first = views[sides[0]]
    if not dataclasses.is_dataclass(first):
        return first                   # nothing hidden: each side sees the whole position
    enemy_of = {sides[0]: sides[1], sides[1]: sides[0]}
    seen_by = {side: {p.id: p for p in views[side].pieces} for side in sides}
    pieces = tuple(seen_by[enemy_of[piece.side]][piece.id] for piece in first.pieces)
    return dataclasses.replace(first, observer="spectator", pieces=pieces)


@dataclasses.dataclass(frozen=True)
class Played:
    """One action of the record, with what decides who may see it."""
    text: str
    actor: str | None       # the side that chose it ("chance" for a die)
    setup: bool             # chosen while the game was being set up


def visible_action(played: Played, viewer: str | None, hides: bool) -> str | None:
    """The action's text as ``viewer`` (None: a spectator) may see it, or None.

    In a game that hides anything (Dover Patrol), a side's setup actions are its own secret: a
    deployment names every piece. Every other action is public: a move names squares both
    players watch, a die's face is seen by everyone."""
    if hides and played.setup and played.actor not in (viewer, CHANCE):
        return None
    return played.text
