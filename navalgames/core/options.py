"""Named rule options declared in a game's data: default, allowed values, a line of help.

Every ruling that the rules pages mark **option** becomes one of these; the launcher shows them,
saved games record the values in force, and engines read them from a plain dict.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .data import Node
from .quote import short


@dataclass(frozen=True)
class RuleOption:
    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()   # empty: any value of the default's type (within bounds)
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""                 # a few words for the launcher ("Board size"); else from the name

    def check(self, value: Any) -> Any:
        """The value if allowed, else ValueError saying what this option accepts."""
        if self.choices:
            if value not in self.choices:
                raise ValueError(f"option {self.name}: expected one of "
                                 f"{', '.join(map(str, self.choices))}, got {short(value)}")
            return value
        kind = type(self.default)
        if kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name}: expected true or false, got {short(value)}")
        elif kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.name}: expected a whole number, got {short(value)}")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {self.name}: at least {self.minimum}, got {short(value)}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {self.name}: at most {self.maximum}, got {short(value)}")
        elif not isinstance(value, kind):
            raise ValueError(f"option {self.name}: expected {kind.__name__}, got {short(value)}")
        return value

    @classmethod
    def from_node(cls, name: str, node: Node) -> "RuleOption":
        node.only_keys("default", "description", "choices", "min", "max", "label")
        default = node.get("default", (bool, int, str, float))
        choices = tuple(node.get("choices", list, []))
        option = cls(name=name, default=default, description=node.get("description", str),
                     choices=choices, minimum=node.get("min", (int, type(None)), None),
                     maximum=node.get("max", (int, type(None)), None), label=node.get("label", str, ""))
        try:
            option.check(default)
        except ValueError as exc:
            raise node.error(f"default is not allowed: {exc}", "default") from None
        return option


def resolve_options(declared: Mapping[str, RuleOption], overrides: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with ``overrides``; an unknown name or bad value is a ValueError."""
    values = {name: opt.default for name, opt in declared.items()}
    for name, value in (overrides or {}).items():
        if name not in declared:
            known = ", ".join(declared) or "none"
            raise ValueError(f"unknown rule option {short(name)}: this variant has {known}")
        values[name] = declared[name].check(value)
    return values
