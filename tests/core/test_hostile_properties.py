"""Issue 20, property: whatever a file holds, reading it ends in a usable value or one short line.

Hypothesis takes a real save and real positions of both games, puts a hostile value at one of
their keys (deep nesting, alias bombs, huge numbers and strings, or a value of the wrong type)
and checks the promises: a save is either read or refused with SaveError (and a save that is
read either replays or is refused the same way); ``navalgames rules`` answers with status 0, or
status 2 and one short line on stderr, never a traceback.
"""

from __future__ import annotations

import contextlib
import copy
import io
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from navalgames.__main__ import main
from navalgames.core.match import Match, replay
from navalgames.core.records import GameRecord, SaveError
from navalgames.core.registry import discover_games, get_game

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SENTINEL = "HOSTILE-VALUE-GOES-HERE"


def played(game: str, variant: str, decisions: int) -> Match:
    match = Match.new(get_game(game), variant, seed=11)
    for _ in range(decisions):
        if match.to_act() is None:
            break
        actions = match.state.legal_actions()
        match.play(actions[len(actions) // 2])
    return match


DOVER_MATCH = played("dover-patrol", "classic", 8)
BLOCKADE_MATCH = played("naval-blockade", "standard", 8)
SAVE = yaml.safe_load(DOVER_MATCH.record.to_yaml())
POSITIONS = {"dover-patrol": DOVER_MATCH.state.to_position(),
             "naval-blockade": BLOCKADE_MATCH.state.to_position()}


def key_paths(value, prefix=(), depth=3):
    """Every place in a document, as a tuple of keys and indexes (a few levels down)."""
    found = [prefix] if prefix else []
    if depth and isinstance(value, dict):
        for key, item in value.items():
            found += key_paths(item, prefix + (key,), depth - 1)
    elif depth and isinstance(value, list):
        for i, item in enumerate(value[:3]):
            found += key_paths(item, prefix + (i,), depth - 1)
    return found


def alias_bomb(levels: int) -> str:
    """``levels`` of nine references each, written inline: a few hundred bytes, 9**levels items."""
    parts = ["&a0 [x, x, x, x, x, x, x, x, x]"]
    parts += [f"&a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "[" + ", ".join(parts) + "]"


RAW = st.one_of(
    st.integers(1, 600).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 100).map(lambda n: "{a: " * n + "1" + "}" * n),
    st.integers(1, 9).map(alias_bomb),
    st.integers(30, 6000).map(lambda n: "9" * n),
    st.integers(5_000, 300_000).map(lambda n: '"' + "x" * n + '"'),
    st.sampled_from(["*nowhere", "!!python/object/apply:os.system [ls]", "{a: 1, a: 2}", "[a, b",
                     "!!binary aGVsbG8=", "2026-03-01", ".nan", "-.inf", "0x7fffffffffffffff", "~",
                     "'../../../etc/passwd'", "x/../../saves/dover-patrol-good", "{? [a] : 1}"]),
)
PLAIN = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(10**30, 10**45), st.floats(),
                  st.text(max_size=20),
                  st.sampled_from(["south", "north", "runner", "blockader", "base", "a1", "z99", "classic",
                                   "human", "computer:hard", "move", "toss", "N", "NE",
                                   "0001-01-01T00:00:00+14:00"]))
VALUES = st.recursive(PLAIN, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.text(max_size=8) | st.sampled_from(["at", "heading", "square", "loose", "moved", "winner"]), inner,
    max_size=4), max_leaves=8)


def hostile_text(document: dict, path: tuple, data) -> str:
    """``document`` as YAML with the value at ``path`` replaced by something hostile."""
    changed = copy.deepcopy(document)
    place = changed
    for key in path[:-1]:
        place = place[key]
    if data.draw(st.booleans()):
        place[path[-1]] = data.draw(VALUES)
        return yaml.safe_dump(changed, sort_keys=False)
    place[path[-1]] = SENTINEL
    return yaml.safe_dump(changed, sort_keys=False, width=10**6).replace(SENTINEL, data.draw(RAW), 1)


def one_short_line(message: str, limit: int = 300) -> bool:
    return message.count("\n") == 0 and 0 < len(message) <= limit


@FAST
@given(st.data())
def test_a_hostile_save_is_read_or_refused_in_one_line(data):
    path = data.draw(st.sampled_from(key_paths(SAVE)), label="where")
    text = hostile_text(SAVE, path, data)
    try:
        record = GameRecord.from_yaml(text, "hostile.yaml")
        spec = discover_games().get(record.game)   # Continue lists other games as not installed
        if spec is not None:
            replay(record, spec, source="hostile.yaml")   # what Continue does to open it
    except SaveError as exc:
        assert one_short_line(str(exc)) and str(exc).startswith("hostile.yaml: "), str(exc)[:500]
        return
    from navalgames.ui.continue_view import players_line
    assert isinstance(record.ply_count, int) and players_line(record.players)


WORK = Path(tempfile.mkdtemp(prefix="hostile-positions-"))


@FAST
@given(st.sampled_from(sorted(POSITIONS)), st.data())
def test_rules_answers_any_hostile_position_with_status_0_or_one_line_and_status_2(game, data):
    position = POSITIONS[game]
    path = data.draw(st.sampled_from(key_paths(position)), label="where")
    file = WORK / "pos.yaml"
    file.write_text(hostile_text(position, path, data), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["rules", game, str(file), "--legal"])
    assert status in (0, 2)
    if status == 2:
        assert one_short_line(err.getvalue().rstrip("\n"), 300 + len(str(file))), err.getvalue()[:500]
        assert out.getvalue() == ""
