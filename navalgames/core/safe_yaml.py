"""One bounded, validating reader for every file the program reads (and any message it receives).

A file from elsewhere may be hostile or just broken: a save sent by a friend, an edited position,
a settings file from an older version. Before anything looks at its contents this module limits
what a document may cost to read, using PyYAML's own loader hooks rather than a parser of ours:

- size: at most ``Limits.max_bytes`` are read (a device or a huge file is not read to the end);
- depth: nesting deeper than ``max_depth`` is refused while composing, long before Python's
  recursion limit (500 nested ``[`` used to crash the launcher);
- aliases (``*name``) are refused: a few hundred bytes of nested aliases expand to billions of
  values, and none of our files needs them (our writers never emit them);
- duplicate keys are refused: ``{d4: "7", d4: "10"}`` silently kept the second;
- size of the tree: at most ``max_nodes`` values, strings of at most ``max_string`` characters,
  whole numbers of at most ``max_digits`` digits (int() of a 4,301-digit number raises).

Every complaint is one short line: a bad value is quoted by ``short`` (a bounded prefix, never
the whole ``repr``). ``check_tree`` and ``load_json`` apply the same limits to data that did not
come through YAML (network messages).
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from .quote import short


@dataclass(frozen=True)
class Limits:
    max_bytes: int = 256 * 1024   # a game of 2,000 actions saves in under 20 KB
    max_depth: int = 24
    max_nodes: int = 20_000       # ten times the values of such a game
    max_string: int = 10_000
    max_digits: int = 40


LIMITS = Limits()


class FileRefused(ValueError):
    """A document refused before use; the message is one line, without the file's name."""


class _Bounded:
    """The limits above as loader hooks, applied while composing and constructing."""

    limits: Limits = LIMITS

    def _start(self, limits: Limits) -> None:
        self.limits = limits
        self.depth = 0
        self.nodes = 0

    def _refuse(self, problem: str, event: Any) -> None:
        mark = getattr(event, "start_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise FileRefused(f"{problem}{where}")

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            self._refuse("YAML aliases (*name) are not accepted", event)
        self.nodes += 1
        if self.nodes > self.limits.max_nodes:
            self._refuse(f"more than {self.limits.max_nodes} values", event)
        if isinstance(event, yaml.ScalarEvent) and len(event.value) > self.limits.max_string:
            self._refuse(f"a value longer than {self.limits.max_string} characters", event)
        self.depth += 1
        if self.depth > self.limits.max_depth:
            self._refuse(f"nested deeper than {self.limits.max_depth} levels", event)
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
                seen.add(key)
            except TypeError:
                raise FileRefused(f"a key that is a list or mapping at line {key_node.start_mark.line + 1}") from None
            if duplicate:
                raise FileRefused(f"key {short(key)} appears twice (line {key_node.start_mark.line + 1})")
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node: Any) -> int:
        digits = sum(c.isdigit() for c in node.value)
        if digits > self.limits.max_digits:
            raise FileRefused(f"a number of {digits} digits at line {node.start_mark.line + 1} "
                              f"(at most {self.limits.max_digits})")
        return super().construct_yaml_int(node)


if yaml.__with_libyaml__:
    from yaml._yaml import CParser

    class BoundedLoader(_Bounded, Composer, CParser, SafeConstructor, Resolver):
        """libyaml scans and parses (fast); PyYAML's Composer, with the hooks, builds the nodes."""

        def __init__(self, stream: str, limits: Limits = LIMITS) -> None:
            CParser.__init__(self, stream)
            Composer.__init__(self)
            SafeConstructor.__init__(self)
            Resolver.__init__(self)
            self._start(limits)
else:  # pragma: no cover - PyYAML built without libyaml
    class BoundedLoader(_Bounded, yaml.SafeLoader):   # type: ignore[no-redef]
        def __init__(self, stream: str, limits: Limits = LIMITS) -> None:
            super().__init__(stream)
            self._start(limits)


BoundedLoader.add_constructor("tag:yaml.org,2002:int", BoundedLoader.construct_yaml_int)


def load_text(text: str, limits: Limits = LIMITS) -> Any:
    """The document in ``text`` (None if empty), or FileRefused saying in one line why not."""
    if len(text) > limits.max_bytes:
        raise FileRefused(f"larger than {limits.max_bytes // 1024} KB")
    loader = BoundedLoader(text, limits)
    try:
        return loader.get_single_data()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise FileRefused(f"not valid YAML{where} ({short(problem, 60)[1:-1]})") from None
    finally:
        getattr(loader, "dispose", lambda: None)()


def read_text(path: Path, limits: Limits = LIMITS) -> str:
    """The text of a regular file, at most ``limits.max_bytes`` of it; FileRefused otherwise."""
    try:
        info = os.stat(path)   # follows a symlink; a broken one is FileNotFoundError
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused("not a regular file")
        if info.st_size > limits.max_bytes:
            raise FileRefused(f"larger than {limits.max_bytes // 1024} KB")
        with open(path, "rb") as handle:
            data = handle.read(limits.max_bytes + 1)
    except OSError as exc:
        raise FileRefused(f"cannot be read ({exc.__class__.__name__})") from None
    if len(data) > limits.max_bytes:
        raise FileRefused(f"larger than {limits.max_bytes // 1024} KB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FileRefused("not UTF-8 text") from None


def load_file(path: Path, limits: Limits = LIMITS) -> Any:
    return load_text(read_text(path, limits), limits)


def dump(data: Any) -> str:
    """YAML for our own files: block style, never aliases (which the loader refuses)."""
    return yaml.dump(data, Dumper=_NoAliasDumper, sort_keys=False, allow_unicode=True)


class _NoAliasDumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


# --- the same limits for data from elsewhere (JSON messages) ------------------------------------
def check_tree(value: Any, limits: Limits = LIMITS) -> Any:
    """``value`` if it keeps within ``limits`` (depth, values, string and number sizes)."""
    count = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        count += 1
        if count > limits.max_nodes:
            raise FileRefused(f"more than {limits.max_nodes} values")
        if depth > limits.max_depth:
            raise FileRefused(f"nested deeper than {limits.max_depth} levels")
        if isinstance(item, str) and len(item) > limits.max_string:
            raise FileRefused(f"a value longer than {limits.max_string} characters")
        if isinstance(item, int) and not isinstance(item, bool) and \
                item.bit_length() > limits.max_digits * 3.33:
            raise FileRefused(f"a number of more than {limits.max_digits} digits")
        if isinstance(item, dict):
            stack.extend((k, depth + 1) for k in item)
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend((v, depth + 1) for v in item)
    return value


def load_json(text: str, limits: Limits = LIMITS) -> Any:
    """A JSON document under the same limits, duplicate keys refused."""
    if len(text) > limits.max_bytes:
        raise FileRefused(f"larger than {limits.max_bytes // 1024} KB")

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, value in items:
            if key in result:
                raise FileRefused(f"key {short(key)} appears twice")
            result[key] = value
        return result

    def whole(digits: str) -> int:
        if len(digits.lstrip("-")) > limits.max_digits:
            raise FileRefused(f"a number of more than {limits.max_digits} digits")
        return int(digits)

    try:
        return check_tree(json.loads(text, object_pairs_hook=pairs, parse_int=whole), limits)
    except RecursionError:
        raise FileRefused(f"nested deeper than {limits.max_depth} levels") from None
    except json.JSONDecodeError as exc:
        raise FileRefused(f"not valid JSON at line {exc.lineno} ({exc.msg})") from None
