"""Observations to JSON and back, for any game.

An engine's observation is either a plain dict (a game with nothing hidden sends its position)
or a frozen dataclass. Dataclasses are written field by field (tuples and sets as lists) and read
back guided by the dataclass's type hints, so the client rebuilds the very value the engine made.
"""

from __future__ import annotations

import dataclasses
import json
import functools
import types
import typing
from typing import Any

SCALARS = frozenset({str, int, float, bool, type(None)})


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """(name, type hint) of each field: looked up once per class, every observation reuses it."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))


@functools.cache
def _names(cls: type) -> tuple[str, ...] | None:
    return tuple(f.name for f in dataclasses.fields(cls)) if dataclasses.is_dataclass(cls) else None


def to_json(value: Any) -> Any:
    # The server writes an observation for every seat after every action: scalars, the bulk of
    # it, are passed through without a call.
    kind = type(value)
    if kind in SCALARS:
        return value
    names = _names(kind)
    if names is not None:
        out = {}
        for name in names:
            item = getattr(value, name)
            out[name] = item if type(item) in SCALARS else to_json(item)
        return out
    if kind is tuple or kind is list:
        return [item if type(item) in SCALARS else to_json(item) for item in value]
    if kind is frozenset or kind is set:
        return sorted(item if type(item) in SCALARS else to_json(item) for item in value)
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    return value


def from_json(hint: Any, data: Any) -> Any:
    """``data`` (from ``to_json``) as a value of type ``hint``."""
    if isinstance(hint, type) and hasattr(hint, "__dataclass_fields__"):
        return hint(**{name: from_json(field_hint, data[name]) for name, field_hint in _fields(hint)})
    origin = typing.get_origin(hint)
    if origin is None:
        return data
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if data is None:
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


# --- JSON text, fast -------------------------------------------------------------------------
# The server writes an observation for every seat after every action, and from one action to the
# next almost every piece in it is the same frozen value: the text of such values is kept and
# reused (values are hashed, so equal pieces share one text), and only what changed is written.

_plain = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
_TEXTS: dict[Any, str] = {}
TEXT_LIMIT = 20_000             # texts kept at most (few: the cyclic GC scans them); then afresh
_UNHASHABLE: set[type] = set()  # dataclasses holding a dict or a list: never kept


@functools.cache
def _prefixes(cls: type) -> tuple[tuple[str, str], ...]:
    """(name, '"name":') of each field of a dataclass, the second ready to be written."""
    return tuple((name, _plain(name) + ":") for name in _names(cls))


def dumps(value: Any) -> str:
    """The JSON text of ``to_json(value)``, written faster for values seen before."""
    kind = type(value)
    if kind in SCALARS:
        return _plain(value)
    if _names(kind) is not None:
        return "{" + ",".join(key + _text(getattr(value, name)) for name, key in _prefixes(kind)) + "}"
    if kind is tuple or kind is list:
        if not value or _names(type(value[0])) is None:
            try:
                return _plain(value)          # scalars and tuples of them: json's C encoder
            except TypeError:                 # a set or a dataclass further in
                pass
        return "[" + ",".join(map(_text, value)) + "]"
    return _plain(to_json(value))


def _text(value: Any) -> str:
    """``dumps(value)``, kept for next time when ``value`` is a hashable frozen value."""
    kind = type(value)
    if kind in SCALARS:
        return _plain(value)
    if kind not in _UNHASHABLE and (kind is frozenset or _names(kind) is not None):
        try:
            text = _TEXTS.get(value)
        except TypeError:                  # a dataclass holding a dict or a list
            _UNHASHABLE.add(kind)
            return dumps(value)
        if text is None:
            if len(_TEXTS) >= TEXT_LIMIT:
                _TEXTS.clear()
            text = _TEXTS[value] = dumps(value)
        return text
    return dumps(value)
