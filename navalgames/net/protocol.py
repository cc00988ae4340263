"""The wire format: one JSON object per WebSocket text message, with a protocol version.

Every message is ``{"v": VERSION, "kind": KIND, ...fields}``. ``decode`` turns a received text
into a checked dict or raises ProtocolError with a one-line reason that the server sends back
(the game is left untouched). ``docs/protocol.md`` lists the kinds and their fields.
"""

from __future__ import annotations

import json
from typing import Any

VERSION = 1
MAX_BYTES = 64 * 1024     # a message longer than this is refused unread
MAX_DEPTH = 8             # objects and lists nested deeper than this are refused

#: what a client may send: kind -> {field: type} of the fields it must carry
CLIENT_KINDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "create": {"game": str, "variant": str, "options": dict},
    "join": {"code": str},              # optional: "side", "token", "spectate", "patches", "history"
    "act": {"token": str, "action": str, "seq": int},
    "offer_draw": {"token": str},
    "answer_draw": {"token": str, "accept": bool},
    "resign": {"token": str},
}
OPTIONAL_FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "join": {"side": str, "token": str, "spectate": bool, "patches": bool, "history": bool},
}


class ProtocolError(ValueError):
    """A message the server will not act on; the text says why in one line."""


def encode(kind: str, **fields: Any) -> str:
    return json.dumps({"v": VERSION, "kind": kind, **fields}, separators=(",", ":"))


def encode_raw(kind: str, raw: dict[str, str], **fields: Any) -> str:
    """``encode``, with the fields of ``raw`` given as JSON text already written."""
    text = encode(kind, **fields)
    return text[:-1] + "".join(f",{json.dumps(name)}:{value}" for name, value in raw.items()) + "}"


def depth(value: Any) -> int:
    """How deeply ``value`` nests objects and lists (a scalar is 0)."""
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


def _too_deep(text: str) -> bool:
    """Count brackets before parsing, so a hostile nesting never reaches the JSON parser's recursion."""
    level, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            level += 1
            if level > MAX_DEPTH:
                return True
        elif char in "]}":
            level -= 1
    return False


def decode(message: str | bytes) -> dict[str, Any]:
    """A client's message as a checked dict; ProtocolError naming what is wrong."""
    if len(message) > MAX_BYTES:
        raise ProtocolError(f"message of {len(message)} bytes is over the limit of {MAX_BYTES}")
    if isinstance(message, bytes):
        raise ProtocolError("binary messages are not part of the protocol: send JSON text")
    if _too_deep(message):
        raise ProtocolError(f"message nested deeper than {MAX_DEPTH} levels")
    try:
        data = json.loads(message)
    except ValueError as exc:
        raise ProtocolError(f"malformed JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object")
    if data.get("v") != VERSION:
        raise ProtocolError(f"protocol version {data.get('v')!r} is not supported: expected {VERSION}")
    kind = data.get("kind")
    if kind not in CLIENT_KINDS:
        raise ProtocolError(f"unknown kind {kind!r}: expected one of {', '.join(CLIENT_KINDS)}")
    for name, wanted in CLIENT_KINDS[kind].items():
        _check(kind, data, name, wanted)
    for name, wanted in OPTIONAL_FIELDS.get(kind, {}).items():
        if name in data and data[name] is not None:
            _check(kind, data, name, wanted)
    return data


def _check(kind: str, data: dict, name: str, wanted: type | tuple[type, ...]) -> None:
    value = data.get(name)
    # bool is an int in Python; a seq of true is a mistake, not the number 1
    if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
        expected = wanted.__name__ if isinstance(wanted, type) else "/".join(t.__name__ for t in wanted)
        raise ProtocolError(f"'{kind}' needs field '{name}' of type {expected}")
