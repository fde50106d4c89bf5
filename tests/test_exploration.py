"""A Boss Monster card's end condition as data: the exploration game it ends (``model.exploration``),
checked by ``validate`` as a scenario is, played by the engine and ``simulate exploration``."""

from pathlib import Path

from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.validate import validate_pack

BOSSES = Path("bosses") / "bosses.yaml"


def _line_of(path: Path, text: str) -> int:
    """The 1-based line of ``path`` holding ``text`` (once)."""
    lines = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line]
    assert len(lines) == 1, (text, lines)
    return lines[0]


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_shipped_bosses_carry_their_end_condition_as_data(shipped_pack):
    for boss in shipped_pack.bosses.values():
        assert boss.exploration is not None, boss.id
        assert boss.exploration.setup.boss_card is not None, boss.id
        assert boss.exploration.goals.win, boss.id


def test_an_unknown_tile_in_a_boss_exploration_is_an_error_at_its_line(pack):
    bosses = pack / BOSSES
    _replace(bosses, "{do: spawn, boss: ember_dragon, at: {boss_card: true}}",
             "{do: spawn, boss: ember_dragon, at: {tile: C-77}}")
    line = _line_of(bosses, "at: {tile: C-77}")
    result = CliRunner().invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1, result.output
    assert f"bosses.yaml:{line}:" in result.output
    assert "no room tile with id 'C-77' in the pack (did you mean 'C-7'?)" in result.output
    assert "Traceback" not in result.output


def test_a_boss_exploration_is_checked_as_a_scenario(pack):
    """The scenario rules read the card's game: a marker nothing places, a boss card drawn from a
    stack it was never put into."""
    bosses = pack / BOSSES
    _replace(bosses, "- {check: hero_on, at: {marker: phylactery}}", "- {check: hero_on, at: {marker: phylacter}}")
    _replace(bosses, "    boss_card: bottom_third\n", "    monster_level: 1\n")
    result = validate_pack(pack)
    messages = {(p.rule_id, p.message) for p in result.problems}
    assert ("scenario-references", "nothing puts a phylacter marker on the table") in messages
    assert any(rule == "scenario-trigger-fires" and "puts no boss card into the Room Tile stack" in message
               for rule, message in messages), messages
    located = [p for p in result.problems if "phylacter marker" in p.message]
    assert located[0].line == _line_of(bosses, "marker: phylacter}")


def test_a_misspelt_stack_part_names_the_closest(pack):
    _replace(pack / BOSSES, "boss_card: bottom_third", "boss_card: bottom_thrid")
    result = CliRunner().invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1
    assert "did you mean 'bottom_third'?" in result.output
