"""Quoting a bad value in an error line: a short prefix, never the whole ``repr``.

A hostile file can hold a ten-megabyte string, a 4,301-digit number (whose ``repr`` raises) or a
list of a million items; a message must stay one short line whatever it quotes.
"""

from __future__ import annotations

from typing import Any


def short(value: Any, limit: int = 40) -> str:
    """A bounded description of ``value`` for an error line: never builds the whole repr."""
    if isinstance(value, str):
        text = repr(value[:limit + 1])
    elif isinstance(value, bool) or value is None or isinstance(value, float):
        text = repr(value)
    elif isinstance(value, int):
        digits = int(value.bit_length() * 0.30103) + 1
        text = repr(value) if digits <= limit else f"a number of about {digits} digits"
    elif isinstance(value, (list, tuple)):
        text = f"a list of {len(value)}"
        if len(value) and all(isinstance(v, (str, int, float, bool)) for v in value[:3]):
            text = "[" + ", ".join(short(v, 12) for v in value[:3]) + (", ...]" if len(value) > 3 else "]")
    elif isinstance(value, dict):
        text = f"a mapping of {len(value)} key{'s' if len(value) != 1 else ''}"
    else:
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 3] + "..."
