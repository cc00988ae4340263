"""Observations to JSON and back, for any game.

An engine's observation is either a plain dict (a game with nothing hidden sends its position)
or a frozen dataclass. Dataclasses are written field by field (tuples and sets as lists) and read
back guided by the dataclass's type hints, so the client rebuilds the very value the engine made.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any


def to_json(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted(to_json(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    return value


def from_json(hint: Any, data: Any) -> Any:
    """``data`` (from ``to_json``) as a value of type ``hint``."""
    if dataclasses.is_dataclass(hint):
        hints = typing.get_type_hints(hint)
        return hint(**{f.name: from_json(hints[f.name], data[f.name]) for f in dataclasses.fields(hint)})
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        real = [a for a in args if a is not type(None)]
        return from_json(real[0], data) if len(real) == 1 else data
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_json(args[0], v) for v in data)
        return tuple(from_json(a, v) for a, v in zip(args, data))
    if origin in (frozenset, set):
        return origin(from_json(args[0], v) for v in data)
    if origin is list:
        return [from_json(args[0], v) for v in data]
    return data
