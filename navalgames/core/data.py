"""Loading game data from YAML and checking it, with errors that name file, key and expectation.

Engines receive validated frozen dataclasses; only this module and the game's ``data`` loader
touch files. ``Node`` wraps one YAML mapping or list and remembers where it came from, so every
complaint reads like ``variants/classic.yaml: options.max_range: expected an integer, got 'ten'``.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any, Callable, Iterator, TypeVar

from .quote import short
from .safe_yaml import FileRefused, load_text

T = TypeVar("T")
_MISSING = object()


class DataError(ValueError):
    """A data file that does not say what the game needs; the message names file and key."""

    def __init__(self, file: str, key: str, problem: str) -> None:
        self.file, self.key, self.problem = file, key, problem
        where = f"{file}: {key}: " if key else f"{file}: "
        super().__init__(where + problem)


def parse_yaml(text: str, file: str) -> Any:
    """The document in ``text`` through the bounded loader (safe_yaml); DataError if refused."""
    try:
        return load_text(text)
    except FileRefused as exc:
        raise DataError(file, "", str(exc)) from None


def load_package_yaml(package: str, relative_path: str) -> "Node":
    """Read ``relative_path`` inside an installed package (never the current directory)."""
    resource = resources.files(package).joinpath(relative_path)
    try:
        text = resource.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(relative_path, "", f"file missing from package {package}") from None
    return Node(parse_yaml(text, relative_path), relative_path)


def list_package_files(package: str, folder: str, suffix: str = ".yaml") -> list[str]:
    """Relative paths of the data files in a package folder, sorted by name."""
    base = resources.files(package).joinpath(folder)
    if not base.is_dir():
        return []
    return sorted(f"{folder}/{p.name}" for p in base.iterdir() if p.name.endswith(suffix))


@dataclass(frozen=True)
class Node:
    """A piece of parsed YAML plus its file and key path, with typed getters."""

    value: Any
    file: str
    path: str = ""

    def error(self, problem: str, key: str | None = None) -> DataError:
        return DataError(self.file, self._join(key) if key is not None else self.path, problem)

    def _join(self, key: Any) -> str:
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else str(key)

    # --- shape -------------------------------------------------------------------------
    def mapping(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            raise self.error(f"expected a mapping, got {short(self.value)}")
        return self.value

    def sequence(self) -> list[Any]:
        if not isinstance(self.value, list):
            raise self.error(f"expected a list, got {short(self.value)}")
        return self.value

    def child(self, key: Any, default: Any = _MISSING) -> "Node":
        if isinstance(key, int):
            return Node(self.sequence()[key], self.file, self._join(key))
        data = self.mapping()
        if key not in data:
            if default is _MISSING:
                raise self.error("missing (required)", key)
            return Node(default, self.file, self._join(key))
        return Node(data[key], self.file, self._join(key))

    def items(self) -> Iterator[tuple[str, "Node"]]:
        for key, value in self.mapping().items():
            yield str(key), Node(value, self.file, self._join(key))

    def elements(self) -> Iterator["Node"]:
        for i, value in enumerate(self.sequence()):
            yield Node(value, self.file, self._join(i))

    def only_keys(self, *allowed: str) -> "Node":
        """Refuse unknown keys: a typo should not be silently ignored."""
        extra = [k for k in self.mapping() if k not in allowed]
        if extra:
            raise self.error(f"unknown key {extra[0]!r}: expected one of {', '.join(allowed)}",
                             str(extra[0]))
        return self

    # --- typed values --------------------------------------------------------------------
    def get(self, key: str, kind: type[T] | tuple[type, ...], default: Any = _MISSING) -> T:
        return self.child(key, default).as_type(kind)

    def as_type(self, kind: type[T] | tuple[type, ...]) -> T:
        kinds = kind if isinstance(kind, tuple) else (kind,)
        value = self.value
        ok = any(isinstance(value, k) and not (k is int and isinstance(value, bool)) for k in kinds)
        if not ok:
            names = " or ".join(_TYPE_WORDS.get(k, k.__name__) for k in kinds)
            raise self.error(f"expected {names}, got {short(value)}")
        return value

    def choice(self, key: str, choices: tuple[str, ...], default: Any = _MISSING) -> str:
        node = self.child(key, default)
        if node.value not in choices:
            raise node.error(f"expected one of {', '.join(map(str, choices))}, got {short(node.value)}")
        return node.value

    def convert(self, fn: Callable[[Any], T], expected: str) -> T:
        """Apply ``fn`` (e.g. a square parser); its ValueError becomes a DataError here."""
        try:
            return fn(self.value)
        except (ValueError, TypeError, KeyError) as exc:
            raise self.error(f"expected {expected}: {exc}") from None


_TYPE_WORDS = {int: "an integer", str: "a string", bool: "true or false", float: "a number",
               list: "a list", dict: "a mapping"}
