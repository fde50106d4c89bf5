"""A monster is judged against its peers even when only it is asked for, and an expansion's
simulation reports its own content played against the whole resolved game."""

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.sim.focus import Focus, focus, focused
from doria_forge.sim.matrix import CellStats, MatrixResult, find_problems
from doria_forge.validate import validate_pack

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _cell(hero: str, monster: str, level: int, win_rate: float) -> CellStats:
    return CellStats(hero, monster, level, 100, int(win_rate * 100), win_rate, 0.01, 3.0, 5.0, 0)


def test_a_monster_asked_for_alone_keeps_its_finding_against_its_peers():
    """The goblin is far easier than the median of its peers: the finding needs the peers' duels."""
    cells = [_cell("warrior", m, 3, rate) for m, rate in
             (("goblin", 0.95), ("orc", 0.3), ("ogre", 0.25), ("troll", 0.2))]
    result = MatrixResult(1, 100, tuple(cells), tuple(find_problems(cells)))
    assert find_problems([cells[0]]) == []  # what filtering before the comparison used to give
    chosen = Focus(None, None, None, frozenset({"goblin"}))
    kept = focused(result, chosen)
    assert [c.monster for c in kept.cells] == ["goblin"]
    assert [(f.rule_id, f.monster) for f in kept.findings] == [("level-out-of-line", "goblin")]


def test_an_asked_for_monster_is_played_with_all_its_peers():
    pack = validate_pack(ROOT / "content").pack
    chosen = focus(pack, None, ["goblin"])
    assert chosen.monsters is None  # every monster is played
    assert chosen.report_monsters == frozenset({"goblin"})


def test_an_expansion_plays_against_the_base_game_and_reports_its_own_content(tmp_path):
    pack_dir = tmp_path / "frost-crypt"
    shutil.copytree(ROOT / "examples" / "frost-crypt", pack_dir)
    out = tmp_path / "sim.json"
    result = runner.invoke(app, ["simulate", str(pack_dir), "--runs", "1", "--level", "1", "--jobs", "1",
                                 "--no-progress", "--out", str(out)])
    assert result.exit_code == 0, result.output
    cells = json.loads(out.read_text())["cells"]
    pairs = {(c["hero"], c["monster"]) for c in cells}
    # the new monster against every base hero, the new hero against every base monster
    assert {("warrior", "frost_wight"), ("mage", "frost_wight"), ("rime_warden", "goblin")} <= pairs
    assert ("warrior", "orc") in pairs  # the expansion patches orc-2: its duels are the expansion's too
    assert ("warrior", "goblin") not in pairs  # base against base is not the expansion's report
