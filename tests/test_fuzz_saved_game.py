"""Saved games for ``render --game`` (issue 25): whatever a file holds, reading and replaying it is
a SavedGameError naming the file and the key, never a traceback, a hang or a memory blow-up.
Property-based (hypothesis) over bytes, JSON values and mutations of a real saved game."""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import os
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.map.dungeon import Dungeon
from doria_forge.render.saved_game import (
    MAX_ACTIONS,
    SavedGameError,
    SavedOptions,
    load_saved_game,
    read_saved_game,
)
from doria_forge.sim.bots import greedy_bot
from doria_forge.sim.play import play

ROOT = Path(__file__).resolve().parents[1]
FUZZ = settings(max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
runner = CliRunner()


@pytest.fixture(scope="module")
def saved(shipped_pack) -> dict:
    state = GameState.new(shipped_pack, ["warrior", "mage"], seed=3,
                          board=Dungeon.for_scenario(shipped_pack, "sunken_reliquary"),
                          options=GameOptions(setup_loot=True), log=False)
    play(state, greedy_bot, until_round=2)
    return json.loads(state.to_json())


def _write(tmp_path, data) -> os.PathLike:
    path = tmp_path / "game.json"
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return path


def test_a_saved_game_replays_and_draws(tmp_path, saved):
    result = runner.invoke(app, ["render", str(ROOT / "content"), "--game", str(_write(tmp_path, saved)),
                                 "--out", str(tmp_path / "g.png")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "g.png").read_bytes().startswith(b"\x89PNG")


def test_the_schema_knows_every_game_option():
    """A new engine option must get its range here, or saved games with it are refused."""
    assert set(SavedOptions.model_fields) == {f.name for f in dataclasses.fields(GameOptions)}


def _broken(saved: dict) -> dict[str, tuple[object, str]]:
    def with_(change) -> dict:
        data = copy.deepcopy(saved)
        change(data)
        return data

    return {
        "deep": (b"[" * 200_000 + b"]" * 200_000, "nested too deeply"),
        "pack is a list": ({**saved, "pack": [1, 2]}, "at key pack"),
        "no setup": (with_(lambda d: d.pop("setup")), "at key setup: Field required"),
        "history is a number": ({**saved, "history": 5}, "at key history"),
        "history holds lists": ({**saved, "history": [[1, 2]]}, "at key history.0"),
        "100000 monsters": (with_(lambda d: d["setup"].__setitem__("monsters", [["orc", []]] * 100_000)),
                            "at key setup.monsters"),
        "too long a history": ({**saved, "history": [{"type": "EndTurn"}] * (MAX_ACTIONS + 1)}, "at key history"),
        "unknown action": (with_(lambda d: d["history"].insert(0, {"type": "Nope"})), "unknown action type 'Nope'"),
        "action with a mapping": (with_(lambda d: d["history"].insert(0, {"type": "Wait", "ap": {"a": 1}})),
                                  "is not a plain value"),
        "unknown hero": (with_(lambda d: d["setup"].__setitem__("characters", ["nobody"])), "nobody"),
        "seven heroes": (with_(lambda d: d["setup"].__setitem__("characters", ["warrior"] * 7)),
                         "at key setup.characters"),
        "other content": (with_(lambda d: d["pack"].__setitem__("hash", "0" * 64)), "played with other content"),
        "refused action": (with_(lambda d: d["history"].insert(0, {"type": "Walk", "to": [99, 99]})),
                           "action 0 of the history"),
        "a number": (b"42", "not an object"),
        "not utf-8": (b"\xff\xfe\x00", "not UTF-8"),
        "not json": (b"{", "not JSON"),
    }


@pytest.mark.parametrize("case", ["deep", "pack is a list", "no setup", "history is a number", "history holds lists",
                                  "100000 monsters", "too long a history", "unknown action", "action with a mapping",
                                  "unknown hero", "seven heroes", "other content", "refused action", "a number",
                                  "not utf-8", "not json"])
def test_a_broken_saved_game_is_one_line_naming_the_file_and_the_key(tmp_path, saved, case):
    data, says = _broken(saved)[case]
    path = _write(tmp_path, data)
    started = time.monotonic()
    result = runner.invoke(app, ["render", str(ROOT / "content"), "--game", str(path)])
    assert time.monotonic() - started < 20
    assert result.exit_code == 2, result.output
    assert str(path) in result.output and says in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("special", ["fifo", "/dev/zero"])
def test_a_fifo_or_device_is_refused_at_once(tmp_path, special):
    path = tmp_path / "pipe.json"
    if special == "fifo":
        os.mkfifo(path)
    else:
        path = special
    started = time.monotonic()
    result = runner.invoke(app, ["render", str(ROOT / "content"), "--game", str(path)])
    assert time.monotonic() - started < 10
    assert result.exit_code == 2 and "not a file" in result.output


@FUZZ
@given(raw=st.binary(max_size=400))
def test_any_bytes_are_a_saved_game_error_or_a_game(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("g") / "game.json"
    path.write_bytes(raw)
    with pytest.raises(SavedGameError):
        read_saved_game(path)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


@functools.cache
def _pack():
    """The shipped pack (not a fixture: hypothesis would print all of it with a failing example)."""
    from doria_forge.validate import validate_pack

    return validate_pack(ROOT / "content").pack


@FUZZ
@given(data=st.data())
def test_a_saved_game_changed_anywhere_replays_or_is_a_saved_game_error(tmp_path_factory, saved, data):
    """One value anywhere in a real saved game replaced by any JSON value: the game replays, or
    loading says what is wrong; nothing else escapes (the engine's own errors included)."""
    game = copy.deepcopy(saved)
    node: object = game
    parent, key = None, None
    while isinstance(node, (dict, list)) and node:  # walk down to a random place
        key = data.draw(st.sampled_from(list(node) if isinstance(node, dict) else list(range(len(node)))))
        parent, node = node, node[key]
        if data.draw(st.booleans()):
            break
    if parent is not None:
        parent[key] = data.draw(json_values)
    path = tmp_path_factory.mktemp("g") / "game.json"
    path.write_text(json.dumps(game))
    try:
        state = load_saved_game(_pack(), path)
    except SavedGameError as exc:
        assert str(path) in str(exc) and "\n" not in str(exc)
    else:
        assert state.history is not None


@pytest.mark.parametrize("action, says", [
    ({"type": "EndTurn", "target": 1}, "at key history.0: EndTurn has no field 'target'"),
    ({"type": "Walk"}, "at key history.0: Walk needs its field 'to'"),
])
def test_an_action_with_fields_its_type_does_not_have_is_named_not_a_python_error(tmp_path, saved, action, says):
    """An action with a field its type does not take was 'cannot be replayed on this pack:
    ValueError: bad fields for EndTurn: EndTurn.__init__() got an unexpected keyword argument'."""
    data = copy.deepcopy(saved)
    data["history"].insert(0, action)
    result = runner.invoke(app, ["render", str(ROOT / "content"), "--game", str(_write(tmp_path, data))])
    assert result.exit_code == 2, result.output
    assert says in " ".join(result.output.split())
    assert "__init__" not in result.output and "ValueError" not in result.output


def test_a_setup_naming_an_id_the_pack_does_not_hold_says_which(tmp_path, saved):
    """A saved game whose setup names a scenario the pack does not hold was 'cannot be replayed
    on this pack: ValueError: cannot rebuild the game's setup: KeyError('nope')': the id is named
    in words, exit 2."""
    data = copy.deepcopy(saved)
    data["setup"]["scenario"] = "nope"
    result = runner.invoke(app, ["render", str(ROOT / "content"), "--game", str(_write(tmp_path, data))])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "cannot rebuild the game's setup: it names 'nope', which this pack does not hold" in said
    assert "KeyError" not in said and "ValueError" not in said
