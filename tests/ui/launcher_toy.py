"""A toy game for the launcher's tests: two variants, rule options of every kind, a tiny screen.

The launcher only needs the registry contract (GameSpec, engine, view), so these tests do not
wait for the real games. ``ToyView`` records the Match it was opened with.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import arcade

from navalgames.core.options import RuleOption, resolve_options
from navalgames.core.registry import GameSpec, VariantInfo
from navalgames.core.state import GameState, IllegalAction, Outcome

OPTIONS = {
    "rough_seas": RuleOption("rough_seas", False, "Rough seas slow every ship"),
    "flag_rule": RuleOption("flag_rule", "carry", "How a flag is won", choices=("carry", "touch")),
    "max_moves": RuleOption("max_moves", 100, "Moves allowed each side", minimum=10, maximum=300),
}
VARIANTS = [VariantInfo("classic", "Classic", "The rules as printed in the box.", OPTIONS),
            VariantInfo("short", "Short game", "Fewer ships, a quick game.", {"max_moves": OPTIONS["max_moves"]})]


class ToyState(GameState):
    players = ("red", "blue")

    def __init__(self, options):
        self.options = dict(options)
        self.moves: list[str] = []

    def to_act(self):
        return self.players[len(self.moves) % 2]

    def legal_actions(self):
        return ["wait", "sail"]

    def apply(self, action):
        if action not in ("wait", "sail"):
            raise IllegalAction(f"{action!r} is not a toy move")
        self.moves.append(action)
        return []

    def parse_action(self, text):
        return text

    def clone(self):
        return copy.deepcopy(self)

    def outcome(self) -> Outcome | None:
        return None

    def observation(self, side):
        return self.moves

    def to_position(self):
        return {"moves": list(self.moves)}


class ToyEngine:
    def __init__(self, fail_start: bool = False):
        self.fail_start = fail_start

    def variants(self):
        return VARIANTS

    def new_game(self, variant, options=None):
        if self.fail_start:
            raise ValueError("the toy fleet is still in dry dock")
        info = next((v for v in VARIANTS if v.id == variant), None)
        if info is None:
            raise ValueError(f"no variant {variant!r}")
        return ToyState(resolve_options(info.options, options))

    def from_position(self, data):
        raise NotImplementedError


class BrokenEngine:
    def variants(self):
        raise ImportError("No module named 'games.toy.rules'")


ENGINE = ToyEngine()
FAILING_ENGINE = ToyEngine(fail_start=True)
BROKEN_ENGINE = BrokenEngine()
RULES = "# Toy rules\n\n" + "\n\n".join(f"Paragraph {i}: sail, wait, sail again." for i in range(80))


class ToyView(arcade.View):
    opened: list = []   # every Match a ToyView was made for, newest last

    def __init__(self, window, match):
        super().__init__(window)
        self.match = match
        ToyView.opened.append(match)

    def on_draw(self):
        self.clear()


def make_view(window, match):
    return ToyView(window, match)


@dataclass(frozen=True)
class ToySpec(GameSpec):
    rules: str | None = None   # the rules page; None behaves like a game without one

    def rules_text(self) -> str:
        if self.rules is None:
            raise FileNotFoundError("no rules page")
        return self.rules


def spec(**changes) -> ToySpec:
    fields = dict(id="toy", title="Toy Fleet", year=1901, description="A toy game for tests.",
                  sides=("red", "blue"), engine=f"{__name__}:ENGINE", rules_doc="navalgames:missing.md",
                  view=f"{__name__}:make_view", picture="dover_patrol_card.png",
                  ai_levels=("random", "easy", "normal", "hard"))
    fields.update(changes)
    return ToySpec(**fields)
