"""The engine object the framework loads: variants, new games, positions."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from navalgames.core.options import resolve_options
from navalgames.core.registry import VariantInfo

from .model import BlockadeData, Rules
from .position import from_position
from .state import BlockadeState


class BlockadeEngine:
    """Follows navalgames.core.registry.GameEngine. Handed its data (or a function that loads it)."""

    def __init__(self, data: BlockadeData | Callable[[], BlockadeData]) -> None:
        self._data = data

    @property
    def data(self) -> BlockadeData:
        if callable(self._data):
            self._data = self._data()      # read the data files once, on first use
        return self._data

    def variants(self) -> list[VariantInfo]:
        return list(self.data.variants)

    def rules(self, options: Mapping[str, Any] | None = None) -> Rules:
        """The option values in force (defaults overlaid); ValueError for a bad option."""
        return Rules(resolve_options(self.data.options, options), self.data)

    def new_game(self, variant: str = "standard", options: Mapping[str, Any] | None = None) -> BlockadeState:
        """A game at the toss (a chance node), setup still to come."""
        known = [v.id for v in self.data.variants]
        if variant not in known:
            raise ValueError(f"Naval Blockade has no variant {variant!r}: expected {', '.join(known)}")
        return BlockadeState(self.rules(options))

    def from_position(self, data: Mapping[str, Any]) -> BlockadeState:
        return from_position(data, self.rules)
