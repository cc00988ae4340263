"""A full state for a computer player from a seat's observation, which is all a client holds.

Computer players take a state; a fair one reads only its side's observation and searches over
states sampled from it. So a remote seat builds one such sample from the observation it received
(a game with nothing hidden sends its position, which is the state itself).
"""

from __future__ import annotations

import random
from typing import Any

from navalgames.core.registry import GameSpec
from navalgames.core.state import GameState

from .codec import from_json


class StateBuilder:
    def __init__(self, spec: GameSpec, variant: str, options: dict[str, Any], side: str) -> None:
        self.engine = spec.load_engine()
        self.blank = self.engine.new_game(variant, options)
        template = self.blank.observation(side)
        self.observation_type = None if isinstance(template, dict) else type(template)

    def observation(self, data: Any) -> Any:
        return data if self.observation_type is None else from_json(self.observation_type, data)

    def state(self, data: Any, rng: random.Random) -> GameState:
        if self.observation_type is None:
            return self.engine.from_position(data)
        return self.blank.sample(self.observation(data), rng)
