"""The engine object the framework loads: variants, new games, positions, deployments."""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from navalgames.core.registry import VariantInfo

from .actions import Deploy
from .model import SIDE_INDEX, GameData, Preset
from .position import from_position
from .setup import preset_deployment, presets_for, random_deployment
from .state import DoverState
from .tables import Rules, compile_rules


class DoverEngine:
    """Follows navalgames.core.registry.GameEngine. Handed its data (or a function loading it)."""

    def __init__(self, data: GameData | Callable[[], GameData]) -> None:
        self._data = data

    @property
    def data(self) -> GameData:
        if callable(self._data):
            self._data = self._data()      # the loader reads the files once, on first use
        return self._data

    def variants(self) -> list[VariantInfo]:
        return [VariantInfo(v.id, v.name, v.description, dict(v.options))
                for v in self.data.variants.values()]

    def rules(self, variant: str = "classic", options: Mapping[str, Any] | None = None) -> Rules:
        """Compiled rules (ValueError for an unknown variant or a bad option)."""
        return compile_rules(self.data, variant, options)

    def new_game(self, variant: str = "classic", options: Mapping[str, Any] | None = None) -> DoverState:
        """A game at its setup phase: South deploys, then North; then the lot says who moves."""
        return DoverState(self.rules(variant, options))

    def from_position(self, data: Mapping[str, Any]) -> DoverState:
        return from_position(self.data, data)

    # --- deployments ---------------------------------------------------------------------
    def presets(self, variant: str = "classic") -> list[Preset]:
        return presets_for(self.rules(variant))

    def preset_deployment(self, variant: str, preset: str, side: str) -> Deploy:
        return preset_deployment(self.rules(variant), preset, SIDE_INDEX[side])

    def random_deployment(self, variant: str, side: str, rng: random.Random,
                          options: Mapping[str, Any] | None = None) -> Deploy:
        return random_deployment(self.rules(variant, options), SIDE_INDEX[side], rng)

    def random_start(self, variant: str = "classic", options: Mapping[str, Any] | None = None,
                     rng: random.Random | None = None) -> DoverState:
        """A game with both fleets deployed at random (for playouts, benchmarks and tests)."""
        rng = rng or random.Random()
        state = self.new_game(variant, options)
        for side in ("south", "north"):
            state.play(random_deployment(state.rules, SIDE_INDEX[side], rng))
        return state
