"""The matchup cache: rebuilds after one Monster Level Card edit redo only that card's
matchups and give the numbers of a cold run (``sim.cache``)."""

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.model.pack import ContentPack
from doria_forge.sim.cache import MatchupCache, cache_dir
from doria_forge.sim.matrix import run_matrix

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()
SMALL = dict(heroes=["warrior", "mage"], monsters=["orc", "troll"], jobs=1)


@pytest.fixture
def pack(shipped_pack):
    return shipped_pack


def _edited(pack: ContentPack, card_id: str, **changes) -> ContentPack:
    docs = [d.model_copy(update=changes) if d.kind == "monster_level" and d.id == card_id else d for d in pack]
    return ContentPack.from_documents(docs)


def test_a_warm_run_reads_every_matchup_back_with_identical_numbers(pack, tmp_path):
    cold = MatchupCache(pack, tmp_path)
    first = run_matrix(pack, 10, 2, cache=cold, **SMALL)
    assert (cold.hits, cold.misses) == (0, 16)
    warm = MatchupCache(pack, tmp_path)
    assert run_matrix(pack, 10, 2, cache=warm, **SMALL) == first
    assert (warm.hits, warm.misses) == (16, 0)
    # another seed, run plan or engine is another entry
    other = MatchupCache(pack, tmp_path)
    run_matrix(pack, 10, 3, cache=other, **SMALL)
    run_matrix(pack, 11, 2, cache=other, **SMALL)
    assert other.hits == 0


def test_editing_one_level_card_redoes_only_its_matchups(pack, tmp_path):
    run_matrix(pack, 10, 2, cache=MatchupCache(pack, tmp_path), **SMALL)
    edited = _edited(pack, "orc-3", damage=9)
    cache = MatchupCache(edited, tmp_path)
    rebuilt = run_matrix(edited, 10, 2, cache=cache, **SMALL)
    assert (cache.hits, cache.misses) == (14, 2)  # two heroes meet the level-3 Orc
    assert rebuilt == run_matrix(edited, 10, 2, **SMALL)  # the numbers of a cold run


def test_a_broken_entry_is_recomputed_and_an_unwritable_folder_only_warns(pack, tmp_path, caplog):
    cache = MatchupCache(pack, tmp_path)
    expected = run_matrix(pack, 5, 1, cache=cache, **SMALL)
    for entry in (tmp_path / "matchups").rglob("*.json"):
        entry.write_text("{not json", encoding="utf-8")
    assert run_matrix(pack, 5, 1, cache=MatchupCache(pack, tmp_path), **SMALL) == expected
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert run_matrix(pack, 5, 1, cache=MatchupCache(pack, blocker / "cache"), **SMALL) == expected
    assert "cannot be written" in caplog.text


def test_the_command_line_caches_per_user_unless_told_not_to(tmp_path, monkeypatch):
    folder = tmp_path / "user-cache"
    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(folder))
    assert cache_dir() == folder
    args = ["simulate", str(ROOT / "content"), "--runs", "4", "--hero", "warrior", "--monster", "orc",
            "--no-progress"]
    result = runner.invoke(app, [*args, "--no-cache", "--out", str(tmp_path / "a.json")])
    assert result.exit_code == 0, result.output
    assert not folder.exists()
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "b.json")])
    assert result.exit_code == 0, result.output
    # --monster orc is compared with its peers: warrior plays every monster at the 4 levels
    monsters = len(list((ROOT / "content" / "monsters").glob("*.yaml")))
    assert len(list((folder / "matchups").rglob("*.json"))) == 4 * monsters
    a, b = (json.loads((tmp_path / n).read_text()) for n in ("a.json", "b.json"))
    assert a == b


def test_a_cell_cached_before_cells_named_their_intervals_level_is_not_read_back(pack, tmp_path, monkeypatch):
    """A cell of the older layout has no confidence: read back under --precision it would claim a
    plain 95% for its look's wider interval. Its key is another, so it is played again."""
    from doria_forge.sim import cache as matchup_cache

    with monkeypatch.context() as old:
        old.setattr(matchup_cache, "FORMAT", "matchup-v1")
        run_matrix(pack, 40, 2, precision=0.3, cache=MatchupCache(pack, tmp_path), **SMALL)
    cache = MatchupCache(pack, tmp_path)
    cells = run_matrix(pack, 40, 2, precision=0.3, cache=cache, **SMALL).cells
    assert cache.hits == 0 and all(c.confidence > 0.95 for c in cells)


@pytest.mark.parametrize("damage", [
    lambda entry: {"key": entry["key"]},                                   # no fields
    lambda entry: {"key": entry["key"], "fields": []},                     # fields of another shape
    lambda entry: {**entry, "fields": {**entry["fields"], "cell": {**entry["fields"]["cell"], "wins": "3"}}},
    lambda entry: {**entry, "fields": {**entry["fields"], "cell": {**entry["fields"]["cell"], "hero": "nobody"}}},
])
def test_an_entry_of_valid_json_in_another_shape_is_played_again(pack, tmp_path, damage):
    """A damaged or foreign entry under the right key stopped every later simulate with a
    traceback (KeyError: 'fields'), or would have reported another cell's numbers."""
    expected = run_matrix(pack, 5, 1, cache=MatchupCache(pack, tmp_path), **SMALL)
    for path in (tmp_path / "matchups").rglob("*.json"):
        path.write_text(json.dumps(damage(json.loads(path.read_text(encoding="utf-8")))), encoding="utf-8")
    cache = MatchupCache(pack, tmp_path)
    assert run_matrix(pack, 5, 1, cache=cache, **SMALL) == expected
    assert (cache.hits, cache.misses) == (0, 16)


def test_the_matchup_folder_stays_bounded(pack, tmp_path, monkeypatch):
    """Every change of the code, the seed or --runs makes a new set of keys: the matchups of the
    old ones were kept for ever, although the cache folder is said to be bounded."""
    from doria_forge.sim import cache as matchup_cache

    monkeypatch.setattr(matchup_cache, "MAX_ENTRIES", 20)
    run_matrix(pack, 2, 1, cache=MatchupCache(pack, tmp_path), **SMALL)
    for entry in (tmp_path / "matchups").rglob("*.json"):
        os.utime(entry, (1_000_000, 1_000_000))  # written long ago
    run_matrix(pack, 2, 2, cache=MatchupCache(pack, tmp_path), **SMALL)
    assert len(list((tmp_path / "matchups").rglob("*.json"))) == 20
    warm = MatchupCache(pack, tmp_path)
    run_matrix(pack, 2, 2, cache=warm, **SMALL)  # the newest were kept
    assert warm.hits == 16


def test_the_code_part_of_every_key_changes_with_the_boards_geometry(tmp_path):
    """The engine builds its map of the board's geometry (``doria_forge/geometry.py``: Room Tile
    size, sides, rotation, neighbours), which lies outside the engine, simulation and model
    packages: an edit to it left every kept matchup and chunk of runs valid, and a rebuild read
    back the numbers of the old board."""
    import shutil

    from doria_forge.sim.cache import code_digest, engine_version

    source = ROOT / "doria_forge"
    root = tmp_path / "doria_forge"
    for package in ("engine", "sim", "model"):
        shutil.copytree(source / package, root / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(source / "geometry.py", root / "geometry.py")
    (root / "export").mkdir()
    (root / "export" / "pdf.py").write_text("PAPER = 'a4'\n", encoding="utf-8")
    before = code_digest(root)
    assert code_digest(source) == engine_version() and before == engine_version()  # the same files, the same key

    (root / "export" / "pdf.py").write_text("PAPER = 'letter'\n", encoding="utf-8")  # no game reads it
    assert code_digest(root) == before
    with (root / "geometry.py").open("a", encoding="utf-8") as geometry:
        geometry.write("\nTILE_SIZE = 6\n")
    assert code_digest(root) != before


def test_every_module_the_simulation_loads_is_in_the_code_part_of_the_keys():
    """What a fresh process loads to play duels, scenarios and campaigns is keyed by
    ``engine_version`` (the engine, simulation and model packages, the board's geometry), but
    the file and settings plumbing (``load/``, ``infra/``, the check catalog) and ``i18n.py``
    (the printed edition's words: no number depends on them)."""
    import json
    import subprocess
    import sys

    from doria_forge.infra.assets import PACKAGE_ROOT
    from doria_forge.sim.cache import _ENGINE_CODE

    code = ("import json, sys\n"
            "import doria_forge.sim.scenario_runner, doria_forge.sim.campaign, doria_forge.sim.matrix\n"
            "import doria_forge.sim.executors, doria_forge.sim.workers\n"
            "print(json.dumps(sorted(m.__file__ for m in list(sys.modules.values())\n"
            "    if getattr(m, '__name__', '').startswith('doria_forge') and getattr(m, '__file__', None))))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                       check=True).stdout)
    keyed = tuple(part if part.endswith(".py") else f"{part}/" for part in _ENGINE_CODE)
    plumbing = ("load/", "infra/", "__init__.py", "checks.py", "i18n.py")
    names = [Path(path).resolve().relative_to(PACKAGE_ROOT).as_posix() for path in loaded]
    assert [name for name in names if not name.startswith(keyed + plumbing)] == []
