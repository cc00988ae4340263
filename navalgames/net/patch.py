"""Sending only what changed: an observation as a patch on the one sent before.

From one action to the next a Dover Patrol observation (about 15 KB of JSON) changes in a few
pieces, so a client that asks for patches (``join`` with ``"patches": true``) gets, instead of the
whole ``observation``, a ``patch``: a list of operations on the observation it holds.

- ``{"path": P, "value": V}``: the value at path P becomes V (P ``[]``: the whole observation);
- ``{"path": P, "start": I, "stop": J, "items": L}``: in the list at P, items I to J (J
  excluded) are replaced by L (a list that grew or shrank).

A path is a list of object keys and list indices. ``diff`` works on the engine's values (frozen
dataclasses, tuples, dicts), comparing pieces by value; ``apply`` works on the JSON the client
holds and copies what it changes, so an observation a screen still holds is never altered.
"""

from __future__ import annotations

from typing import Any

from .codec import _names, dumps

DEPTH = 3      # below this, a changed value is sent whole (a piece's field, a list's item)


def diff(old: Any, new: Any) -> list[tuple[list, Any] | tuple[list, int, int, Any]]:
    """The operations that turn ``old`` into ``new`` (both engine values; ``[]`` if equal)."""
    ops: list = []
    _diff(old, new, [], ops, DEPTH)
    return ops


def _diff(old: Any, new: Any, path: list, ops: list, depth: int) -> None:
    if old is new:
        return
    kind = type(new)
    if depth and type(old) is kind:
        names = _names(kind)
        if names is not None:
            for name in names:
                _diff(getattr(old, name), getattr(new, name), path + [name], ops, depth - 1)
            return
        if kind is dict and old.keys() == new.keys():
            for key, value in new.items():
                _diff(old[key], value, path + [str(key)], ops, depth - 1)
            return
        if kind is tuple or kind is list:
            if len(old) == len(new):
                for index, (before, after) in enumerate(zip(old, new)):
                    if before is not after and before != after:
                        _diff(before, after, path + [index], ops, depth - 1)
                return
            start, stop_old, stop_new = _changed_span(old, new)
            ops.append((path, start, stop_old, new[start:stop_new]))
            return
    if old != new:
        ops.append((path, new))


def _changed_span(old: Any, new: Any) -> tuple[int, int, int]:
    """Where two sequences differ: the common head and tail left out."""
    start, limit = 0, min(len(old), len(new))
    while start < limit and old[start] == new[start]:
        start += 1
    end = 0
    while end < limit - start and old[-1 - end] == new[-1 - end]:
        end += 1
    return start, len(old) - end, len(new) - end


def dumps_patch(ops: list) -> str:
    """The JSON text of the operations (values written with codec.dumps, which reuses texts)."""
    parts = []
    for op in ops:
        path = dumps(op[0])
        if len(op) == 2:
            parts.append('{"path":' + path + ',"value":' + dumps(op[1]) + "}")
        else:
            parts.append(f'{{"path":{path},"start":{op[1]},"stop":{op[2]},"items":{dumps(op[3])}}}')
    return "[" + ",".join(parts) + "]"


def apply(observation: Any, patch: list[dict[str, Any]]) -> Any:
    """``observation`` (JSON) with ``patch`` applied, as a new value; the one given is untouched."""
    for op in patch:
        path = op["path"]
        if not path:
            if "items" in op:
                raise ValueError("a patch can only replace the whole observation, not splice it")
            observation = op["value"]
            continue
        observation = _copy(observation)
        holder = observation
        for key in path[:-1]:
            holder[key] = _copy(holder[key])
            holder = holder[key]
        last = path[-1]
        if "items" in op:
            holder[last] = _copy(holder[last])
            holder[last][op["start"]:op["stop"]] = op["items"]
        else:
            holder[last] = op["value"]
    return observation


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, list):
        return list(value)
    raise ValueError(f"a patch path goes through a {type(value).__name__}, not an object or a list")
