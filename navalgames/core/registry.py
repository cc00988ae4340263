"""Games register themselves through the ``navalgames.games`` entry point group.

A game package exposes a ``GameSpec``. Everything heavy (the engine, arcade views, the AI, the
command-line tools) is named by an import string and loaded only when used, so listing the games
in the launcher imports no game's code beyond its ``__init__``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Callable, Mapping, Protocol

from .options import RuleOption
from .state import GameState

ENTRY_POINT_GROUP = "navalgames.games"


@dataclass(frozen=True)
class VariantInfo:
    id: str
    name: str
    description: str
    options: Mapping[str, RuleOption] = field(default_factory=dict)


class GameEngine(Protocol):
    """What a game's engine module offers the framework (all pure Python)."""

    def variants(self) -> list[VariantInfo]: ...

    def new_game(self, variant: str, options: Mapping[str, Any] | None = None) -> GameState:
        """A fresh game at its first decision (setup included); ValueError for a bad variant or option."""

    def from_position(self, data: Mapping[str, Any]) -> GameState:
        """A state from the documented position format; PositionError when malformed."""


def load_object(ref: str) -> Any:
    """``package.module:attribute`` -> the attribute."""
    module_name, _, attr = ref.partition(":")
    obj = importlib.import_module(module_name)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True)
class GameSpec:
    id: str                          # "dover-patrol": used in saves and on the command line
    title: str
    year: int
    description: str                 # one line for the launcher card
    sides: tuple[str, ...]           # seat order, e.g. ("south", "north")
    engine: str                      # import string of an object following GameEngine
    rules_doc: str                   # "package:path/to/rules.md", shown in the app
    view: str | None = None          # "module:function(window, match_config) -> arcade.View"
    ai: str | None = None            # "module:function(level, side, seed) -> player"
    commands: Mapping[str, str] = field(default_factory=dict)  # "rules"/"bench"/... -> "module:fn(argv) -> int"
    picture: str | None = None       # asset file name for the launcher card
    ai_levels: tuple[str, ...] = ("random",)

    def load_engine(self) -> GameEngine:
        return load_object(self.engine)

    def variants(self) -> list[VariantInfo]:
        return self.load_engine().variants()

    def variant(self, variant_id: str) -> VariantInfo:
        for info in self.variants():
            if info.id == variant_id:
                return info
        known = ", ".join(v.id for v in self.variants())
        raise ValueError(f"{self.title} has no variant {variant_id!r}: expected one of {known}")

    def rules_text(self) -> str:
        package, _, path = self.rules_doc.partition(":")
        from importlib import resources
        return resources.files(package).joinpath(path).read_text(encoding="utf-8")

    def command(self, name: str) -> Callable[[list[str]], int] | None:
        ref = self.commands.get(name)
        return load_object(ref) if ref else None


def discover_games() -> dict[str, GameSpec]:
    """Every registered game by id, in title order. A broken plug-in is skipped, not fatal."""
    games: dict[str, GameSpec] = {}
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        try:
            spec = entry.load()
        except Exception as exc:  # a third-party game must not take the launcher down
            import warnings
            warnings.warn(f"game {entry.name!r} could not be loaded: {exc}")
            continue
        if isinstance(spec, GameSpec):
            games[spec.id] = spec
    return dict(sorted(games.items(), key=lambda kv: kv[1].title))


def get_game(game_id: str) -> GameSpec:
    games = discover_games()
    if game_id not in games:
        raise ValueError(f"no game {game_id!r}: expected one of {', '.join(games) or '(none installed)'}")
    return games[game_id]
