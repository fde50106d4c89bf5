"""The verification simulation as a user runs it: reproducible from its seed, and the
bundle drives the engine exactly like the YAML it came from."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.export.bundle import load_bundle, write_bundle
from doria_forge.sim.duel import run_duel
from doria_forge.sim.matrix import run_matrix
from doria_forge.validate import validate_pack

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


@pytest.fixture(scope="module")
def pack():
    result = validate_pack(ROOT / "content")
    assert result.pack is not None
    return result.pack


def _simulate(tmp_path: Path, name: str, seed: int) -> tuple[int, str, bytes]:
    out = tmp_path / name
    result = runner.invoke(
        app,
        ["simulate", str(ROOT / "content"), "--runs", "8", "--seed", str(seed), "--hero", "warrior",
         "--hero", "mage", "--monster", "orc", "--monster", "troll", "--no-progress", "--out", str(out)],
    )
    return result.exit_code, result.output, out.read_bytes() if out.exists() else b""


def test_simulate_prints_the_table_and_writes_the_same_json_for_the_same_seed(tmp_path):
    code, output, first = _simulate(tmp_path, "a.json", 7)
    assert code == 0, output
    assert "Warrior" in output and "Troll" in output and "L4 win" in output
    _, _, second = _simulate(tmp_path, "b.json", 7)
    assert first == second
    _, _, other = _simulate(tmp_path, "c.json", 8)
    assert other != first
    data = json.loads(first)
    assert data["seed"] == 7 and data["runs"] == 8
    assert len(data["cells"]) == 2 * 2 * 4
    cell = next(c for c in data["cells"] if (c["hero"], c["monster"], c["level"]) == ("warrior", "orc", 1))
    assert 0 <= cell["wins"] <= 8 and cell["runs"] == 8


def test_no_findings_claims_only_the_comparisons_that_were_made(tmp_path):
    """`simulate --level 2` said "No findings: every level is at least as strong as the one below
    it" although no level was played beside the one below it, and 8 duels a cell show no level
    "at least as strong" either: they only find no level weaker beyond doubt."""
    def no_findings(*levels: str) -> str:
        result = runner.invoke(app, ["simulate", str(ROOT / "content"), "--runs", "8", "--hero", "warrior",
                                     "--monster", "goblin", *[a for level in levels for a in ("--level", level)],
                                     "--no-progress", "--out", str(tmp_path / "d.json")])
        assert result.exit_code == 0, result.output
        return " ".join(result.output[result.output.index("No findings"):].split())

    alone = no_findings("2")
    assert "no level was compared with the one below it" in alone and "at least as strong" not in alone
    both = no_findings("1", "2")
    assert both.startswith("No findings: no level plays weaker than the one below it beyond doubt")
    assert "no monster is far out of line with its peers" in both


def test_unknown_hero_is_a_usage_error(tmp_path):
    result = runner.invoke(app, ["simulate", str(ROOT / "content"), "--hero", "paladin", "--no-progress",
                                 "--out", str(tmp_path / "x.json")])
    assert result.exit_code == 2
    assert "unknown hero 'paladin'" in result.output
    near = runner.invoke(app, ["simulate", str(ROOT / "content"), "--monster", "gobln", "--no-progress",
                               "--out", str(tmp_path / "x.json")])
    assert near.exit_code == 2 and "unknown monster 'gobln' (did you mean 'goblin'?)" in near.output


def test_the_bundle_gives_the_same_duels_as_the_yaml(pack, tmp_path):
    bundled = load_bundle(write_bundle(pack, tmp_path / "pack.json"))
    for hero, monster, level in [("warrior", "orc", 1), ("mage", "dark_mage", 3), ("priestess", "poltergeist", 2)]:
        for seed in range(5):
            assert run_duel(bundled, hero, monster, level, seed) == run_duel(pack, hero, monster, level, seed)


def test_matrix_cells_do_not_depend_on_which_other_cells_run(pack):
    alone = run_matrix(pack, 5, 3, heroes=["ranger"], monsters=["ogre"], levels=[2])
    together = run_matrix(pack, 5, 3, heroes=["ranger", "huntress"], monsters=["ogre", "orc"], levels=[1, 2])
    cell = next(c for c in together.cells if (c.hero, c.monster, c.level) == ("ranger", "ogre", 2))
    assert alone.cells == (cell,)


def test_a_stronger_level_loses_more_often_over_many_duels(pack):
    """Sanity of the engine as a whole: the Warrior beats an Orc at level 1 more often than at 4."""
    result = run_matrix(pack, 60, 1, heroes=["warrior"], monsters=["orc"], levels=[1, 4])
    low, high = result.cells
    assert low.win_rate > high.win_rate


def test_worker_processes_do_not_change_the_results(pack):
    kwargs = dict(heroes=["warrior", "mage"], monsters=["orc", "ogre"], levels=[1, 3])
    assert run_matrix(pack, 4, 11, jobs=2, **kwargs) == run_matrix(pack, 4, 11, jobs=1, **kwargs)


def test_a_pack_without_heroes_or_monsters_says_so_instead_of_an_empty_table(tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pack.yaml").write_text("kind: pack\nid: empty\nname: Empty\nversion: 0.0.1\n", encoding="utf-8")
    result = runner.invoke(app, ["simulate", str(pack), "--no-progress", "--out", str(tmp_path / "s.json")])
    assert result.exit_code == 0, result.output
    assert "No duels to run" in result.output
    assert json.loads((tmp_path / "s.json").read_text())["cells"] == []


def test_format_github_gives_each_duel_finding_as_an_annotation_at_its_monster_level_card(tmp_path):
    """--format github was accepted and printed the text table without one annotation; a CI
    gate on the duels saw nothing. Each finding is an annotation at the Monster Level Card it is
    about."""
    from doria_forge.commands.cli import _duel_annotations
    from doria_forge.sim.matrix import Finding

    validation = validate_pack(ROOT / "content")
    finding = Finding("level-out-of-line", "warning", "orc level 2 is much harder than its peers", "orc", 2)
    [line] = _duel_annotations([finding], validation).splitlines()
    where = validation.source_map.locate("monster_level", "orc-2")
    assert line.startswith("::warning file=") and f"line={where.line}," in line and "orc.yaml" in line
    assert line.endswith("::orc level 2 is much harder than its peers")
    result = runner.invoke(app, ["simulate", str(ROOT / "content"), "--runs", "4", "--monster", "orc", "--level", "1",
                                 "--no-progress", "--format", "github", "--out", str(tmp_path / "s.json")])
    assert result.exit_code == 0, result.output
    assert "win rate" not in result.output.lower()  # no text table in the annotation stream
