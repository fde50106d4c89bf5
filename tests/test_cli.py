"""The command line as a user meets it: exit codes 0/1/2 and file:line messages, no tracebacks."""

from pathlib import Path

from typer.testing import CliRunner

from doria_forge.commands.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture text {old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_validate_shipped_content_is_clean():
    result = runner.invoke(app, ["validate", str(ROOT / "content")])
    assert result.exit_code == 0, result.output
    assert "0 errors" in result.output


def test_typo_in_a_field_gives_exit_1_and_file_line_with_a_suggestion(pack):
    orc = pack / "monsters" / "orc.yaml"
    _edit(orc, "action_points:", "action_pints:")
    line = next(i for i, l in enumerate(orc.read_text().splitlines(), 1) if l.startswith("action_pints:"))
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1
    assert f"monsters/orc.yaml:{line}:1: error [unknown-field]" in result.output
    assert "did you mean 'action_points'" in result.output
    assert "Traceback" not in result.output


def test_yaml_syntax_error_gives_exit_1_and_its_position(pack):
    (pack / "broken.yaml").write_text("kind: monster\nid: [unclosed\nname: x\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1
    assert "broken.yaml:" in result.output and "[yaml-syntax]" in result.output


def test_dangling_reference_gives_exit_1_at_the_reference(pack):
    hero = pack / "heroes" / "warrior.yaml"
    _edit(hero, "combat_hammer", "combat_hamer")
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1
    assert "heroes/warrior.yaml:" in result.output and "[dangling-reference]" in result.output
    assert "combat_hamer" in result.output


def test_github_format_prints_annotations(pack):
    _edit(pack / "monsters" / "orc.yaml", "action_points:", "action_pints:")
    result = runner.invoke(app, ["validate", str(pack), "--format", "github"])
    assert result.exit_code == 1
    assert "::error file=" in result.output


def test_missing_pack_path_is_a_usage_error():
    result = runner.invoke(app, ["validate", "/no/such/pack"])
    assert result.exit_code == 2
    assert "does not exist" in result.output


def test_unknown_option_value_is_a_usage_error():
    result = runner.invoke(app, ["validate", str(ROOT / "content"), "--format", "xml"])
    assert result.exit_code == 2
