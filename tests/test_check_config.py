"""Configurable checks (validate.config): a project's doria-forge.yaml or pyproject.toml and a pack's
own manifest switch checks off, change severities and thresholds; an inline comment silences
one finding at its line; the configuration is validated like content."""

from pathlib import Path

from typer.testing import CliRunner
from validate_helpers import lines, write_pack

from doria_forge.commands.cli import app
from doria_forge.load import Severity
from doria_forge.validate import validate_pack
from doria_forge.validate.config import CATALOG

runner = CliRunner()

# A pack written for English and German whose monster has no German name: missing-translation
# warnings (a content check that may be configured).
MANIFEST = "kind: pack\nid: tiny\nname: Tiny\nversion: 0.1.0\nlanguages: [en, de]\n"
MONSTER = """\
kind: monster
id: orc
name: Orc
attack_type: melee
range: 1
action_points: 7
vulnerability: fire
priority: A
figures: 2
deck_cards: 5
"""


def _project(tmp_path: Path, config: str | None = None, *, manifest_extra: str = "", monster: str = MONSTER,
             pyproject: str | None = None) -> Path:
    pack = write_pack(tmp_path / "content", {"pack.yaml": MANIFEST + manifest_extra, "orc.yaml": monster})
    if config is not None:
        (tmp_path / "doria-forge.yaml").write_text(config, encoding="utf-8")
    if pyproject is not None:
        (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    return pack


def _validate(pack: Path):
    return validate_pack(pack, display_root="", project=pack.parent)


def test_without_configuration_the_defaults_apply(tmp_path):
    result = _validate(_project(tmp_path))
    assert [p.severity for p in result.problems if p.rule_id == "missing-translation"] == [Severity.WARNING]


def test_a_project_file_switches_a_check_off_or_changes_its_severity(tmp_path):
    off = _validate(_project(tmp_path / "a", "checks:\n  missing-translation: off\n"))
    assert not [p for p in off.problems if p.rule_id == "missing-translation"]
    assert off.config.silenced["missing-translation"] == 1
    error = _validate(_project(tmp_path / "b", "checks:\n  missing-translation: {severity: error}\n"))
    assert [p.severity for p in error.problems if p.rule_id == "missing-translation"] == [Severity.ERROR]
    assert error.pack is None  # an error now: validation fails


def test_a_project_file_named_doria_forge_yml_is_read_too(tmp_path):
    """doria-forge.yml (the other YAML ending, which the pack's own files may have) was passed over
    without a word: its checks stayed as they were."""
    pack = _project(tmp_path)
    (tmp_path / "doria-forge.yml").write_text("checks:\n  missing-translation: off\n", encoding="utf-8")
    result = _validate(pack)
    assert not [p for p in result.problems if p.rule_id == "missing-translation"]
    assert result.config.silenced["missing-translation"] == 1
    (tmp_path / "doria-forge.yml").write_text("checks: {}\n---\nchecks: {}\n", encoding="utf-8")
    assert [p.message for p in _validate(pack).problems if p.rule_id == "check-config"] == [
        "doria-forge.yml holds one YAML document; remove the '---' and what follows"]


def test_a_configuration_the_project_file_leaves_unread_is_a_warning_at_it(tmp_path):
    """A project that kept its checks in pyproject.toml and then added doria-forge.yaml lost them
    without a word (here the check meant to be off warned on); so did doria-forge.yml beside
    doria-forge.yaml. Each unread file gets a warning at its configuration."""
    pyproject = '[project]\nname = "x"\n\n[tool.doria-forge.checks]\nmissing-translation = "off"\n'
    pack = _project(tmp_path, "checks:\n  missing-translation: info\n", pyproject=pyproject)
    (tmp_path / "doria-forge.yml").write_text("checks:\n  missing-translation: off\n", encoding="utf-8")
    result = _validate(pack)
    assert [p.severity for p in result.problems if p.rule_id == "missing-translation"] == [Severity.INFO]
    assert sorted((Path(p.file).name, p.line, p.column, p.severity) for p in result.problems
                  if p.rule_id == "check-config") == [
        ("doria-forge.yml", 1, 1, Severity.WARNING), ("pyproject.toml", 4, 1, Severity.WARNING)]
    assert all("read from doria-forge.yaml alone" in p.message for p in result.problems if p.rule_id == "check-config")
    (tmp_path / "doria-forge.yml").unlink()
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")  # not ours: no word
    assert not [p for p in _validate(pack).problems if p.rule_id == "check-config"]


def test_per_pack_settings_win_over_the_project_and_the_manifest(tmp_path):
    config = "checks:\n  missing-translation: info\npacks:\n  tiny:\n    checks:\n      missing-translation: off\n"
    result = _validate(_project(tmp_path, config, manifest_extra="checks: {missing-translation: error}\n"))
    assert not [p for p in result.problems if p.rule_id == "missing-translation"]
    own = _validate(_project(tmp_path / "own", manifest_extra="checks: {missing-translation: info}\n"))
    assert [p.severity for p in own.problems if p.rule_id == "missing-translation"] == [Severity.INFO]


def test_a_packs_entry_naming_no_pack_of_the_project_is_a_warning_with_the_closest_id(tmp_path, monkeypatch):
    """A mistyped id under packs: configured no pack without a word. The project's own packs, a
    sibling pack and the packs they may require (the shipped base pack) are known ids."""
    monkeypatch.delenv("DORIA_FORGE_PACKS", raising=False)
    config = ("packs:\n  tiny:\n    checks: {missing-translation: info}\n  tinny:\n    checks: {missing-translation: off}\n"
              "  sibling: {checks: {card-art: off}}\n  doria-base: {checks: {card-art: off}}\n")
    pack = _project(tmp_path, config)
    write_pack(tmp_path / "frost", {"pack.yaml": "kind: pack\nid: sibling\nname: Sibling\nversion: 0.1.0\n"})
    result = _validate(pack)
    found = [line.split("/")[-1] for line in lines(result.problems, "check-config")]
    assert len(found) == 1 and found[0].startswith(
        "doria-forge.yaml:4:3 warning [check-config] packs: 'tinny' names no pack this project knows (did you mean "
        "'tiny'?), so its settings apply to none")
    assert "doria-base, sibling, tiny" in found[0]
    assert [p.severity for p in result.problems if p.rule_id == "missing-translation"] == [Severity.INFO]
    # in pyproject.toml, at the table that names it (it was at line 1)
    pyproject = ('[project]\nname = "x"\n\n[tool.doria-forge.packs.tiny.checks]\nmissing-translation = "info"\n\n'
                 '[tool.doria-forge.packs.tinny.checks]\nmissing-translation = "off"\n')
    toml = _validate(_project(tmp_path / "toml", pyproject=pyproject))
    (problem,) = [p for p in toml.problems if p.rule_id == "check-config"]
    assert problem.file.endswith("pyproject.toml") and problem.line == 7 and "'tinny'" in problem.message


def test_pyproject_tool_section_is_read_when_there_is_no_doria_forge_yaml(tmp_path):
    pyproject = '[project]\nname = "x"\n\n[tool.doria-forge.checks]\nmissing-translation = "info"\n'
    result = _validate(_project(tmp_path, pyproject=pyproject))
    assert [p.severity for p in result.problems if p.rule_id == "missing-translation"] == [Severity.INFO]
    typo = '[tool.doria-forge.checks]\nmissing-translaton = "off"\n'
    bad = _validate(_project(tmp_path / "bad", pyproject=typo))
    (problem,) = [p for p in bad.problems if p.rule_id == "check-config"]
    assert problem.file.endswith("pyproject.toml") and problem.line == 2
    assert "did you mean 'missing-translation'?" in problem.message


def test_a_misspelt_check_id_is_an_error_at_its_line_with_a_suggestion(tmp_path):
    result = _validate(_project(tmp_path, "checks:\n  missing-translaton: off\n  level-out-of-line: {gap: 2}\n"
                                          "  yaml-syntax: off\n  scenario-stalled: {severty: info}\n"))
    found = [line.split("/")[-1] for line in lines(result.problems, "check-config")]
    assert found == [
        "doria-forge.yaml:2:3 error [check-config] unknown check 'missing-translaton' (did you mean "
        "'missing-translation'?); `doria-forge checks` lists them",
        "doria-forge.yaml:3:23 error [check-config] level-out-of-line gap is a number from 0.05 to 1, not 2",
        "doria-forge.yaml:4:3 error [check-config] check 'yaml-syntax' cannot be configured: without it the pack "
        "cannot be read",
        "doria-forge.yaml:5:22 error [check-config] scenario-stalled has no setting 'severty' (did you mean "
        "'severity'?); it has severity, enabled, rate",
    ]
    assert result.pack is None
    cli = runner.invoke(app, ["validate", str(tmp_path / "content")])
    assert cli.exit_code == 1 and "did you mean 'missing-translation'?" in cli.output


def test_a_configuration_value_is_shown_as_the_yaml_wrote_it(tmp_path):
    """`{gap: true}` was told "not True", an empty severity "severity None", `true:` as a check id
    "unknown check 'True'": Python's words for YAML's true and null."""
    result = _validate(_project(tmp_path, "checks:\n  level-out-of-line: {gap: true}\n"
                                          "  scenario-stalled: {severity: }\n  true: off\n"))
    found = [line.split("] ")[-1] for line in lines(result.problems, "check-config")]
    assert found == ["level-out-of-line gap is a number from 0.05 to 1, not true",
                     "severity (no value) is not one of error, warning, info",
                     "unknown check true; `doria-forge checks` lists them"]


def test_a_comment_silences_one_finding_at_its_line(tmp_path):
    silenced = MONSTER.replace("name: Orc\n", "name: Orc  # doria-forge: disable-line missing-translation\n")
    result = _validate(_project(tmp_path, monster=silenced))
    assert not [p for p in result.problems if p.rule_id == "missing-translation"]
    above = MONSTER.replace("name: Orc\n", "# doria-forge: disable-next-line\nname: Orc\n")
    assert not [p for p in _validate(_project(tmp_path / "b", monster=above)).problems
                if p.rule_id == "missing-translation"]
    typo = MONSTER.replace("name: Orc\n", "name: Orc  # doria-forge: disable-line missing-translaton\n")
    result = _validate(_project(tmp_path / "c", monster=typo))
    assert [p.severity for p in result.problems if p.rule_id == "missing-translation"] == [Severity.WARNING]
    (warning,) = [p for p in result.problems if p.rule_id == "check-config"]
    assert warning.severity is Severity.WARNING and warning.line == 3
    assert "did you mean 'missing-translation'?" in warning.message


def test_simulation_checks_take_their_thresholds_from_the_configuration(tmp_path):
    pack = _project(tmp_path, "checks:\n  scenario-player-count-outlier: {gap: 0.5, p: 0.001}\n"
                              "  scenario-never-won: off\n")
    config = _validate(pack).config
    settings = config.settings("tiny")
    assert settings["scenario-player-count-outlier"] == {"gap": 0.5, "p": 0.001}
    assert settings["level-out-of-line"] == {"gap": CATALOG["level-out-of-line"].default("gap")}
    report = {"findings": [{"rule_id": "scenario-never-won", "severity": "warning", "file": "s.yaml", "line": 3},
                           {"rule_id": "scenario-stalled", "severity": "warning", "file": "s.yaml", "line": 4}],
              "scenarios": [], "campaigns": []}
    shaped = config.apply_to_report(report)
    assert [f["rule_id"] for f in shaped["findings"]] == ["scenario-stalled"]
    assert shaped["checks"]["silenced"] == {"scenario-never-won": 1}


def test_the_checks_command_lists_every_configurable_check():
    result = runner.invoke(app, ["checks"])
    assert result.exit_code == 0
    for check_id in ("missing-translation", "level-out-of-line", "scenario-player-count-outlier",
                     "balance-undecided", "pack-override", "scenario-flags"):
        assert check_id in result.output
    assert "gap=0.25" in result.output


def test_simulate_scenario_honours_the_project_configuration(tmp_path):
    """A prose rule (added to a copy of sunken_reliquary) is an info finding of the simulation: the
    project file switches it off, and the report says what the configuration silenced and where it
    comes from."""
    import json
    import shutil

    root = Path(__file__).resolve().parents[1]
    pack = tmp_path / "content"
    shutil.copytree(root / "content", pack)
    scenario = pack / "scenarios" / "sunken_reliquary.yaml"
    text = scenario.read_text(encoding="utf-8")
    assert "\noptional_rules:" in text
    scenario.write_text(text.replace("\noptional_rules:", '\n  - text: "The bells ring."\noptional_rules:', 1),
                        encoding="utf-8")
    (tmp_path / "doria-forge.yaml").write_text("checks:\n  scenario-rule-not-simulated: off\n", encoding="utf-8")
    out = tmp_path / "r.json"
    result = runner.invoke(app, ["simulate", "scenario", "sunken_reliquary", str(pack), "--runs", "1", "--players",
                                 "1", "--jobs", "1", "--no-progress", "--out", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert not [f for f in report["findings"] if f["rule_id"] == "scenario-rule-not-simulated"]
    assert report["checks"]["silenced"] == {"scenario-rule-not-simulated": 1}
    assert any("doria-forge.yaml" in source for source in report["checks"]["sources"])


def test_comments_are_read_from_what_the_loader_parsed_each_file_read_once(tmp_path, monkeypatch):
    # The disable-line comments come from the bytes the loader parsed: a file is not read a second
    # time (a file changed between two reads would have its comments from another text than its values).
    from collections import Counter

    from doria_forge.load import files

    silenced = MONSTER.replace("name: Orc\n", "name: Orc  # doria-forge: disable-line missing-translation\n")
    pack = _project(tmp_path, monster=silenced)
    reads: Counter[str] = Counter()
    real = files.read_confined

    def counting(path, *args, **kwargs):
        reads[Path(path).name] += 1
        return real(path, *args, **kwargs)

    monkeypatch.setattr(files, "read_confined", counting)
    for module in ("doria_forge.load.loader", "doria_forge.validate.config"):
        monkeypatch.setattr(f"{module}.read_confined", counting)
    result = _validate(pack)
    assert not [p for p in result.problems if p.rule_id == "missing-translation"]
    assert reads["orc.yaml"] == 1 and reads["pack.yaml"] == 1, reads


def test_a_configuration_that_is_no_mapping_is_told_what_a_configuration_is(tmp_path):
    """doria-forge.yaml holding a list was told 'a content document is a mapping with 'kind' and
    'id'', the wording for the pack's own files."""
    result = _validate(_project(tmp_path, "- missing-translation\n"))
    assert [line.split("/")[-1] for line in lines(result.problems, "not-a-mapping")] == [
        "doria-forge.yaml:1:1 error [not-a-mapping] the check configuration is a mapping of 'checks' and 'packs'"]
    assert result.pack is None


def test_a_broken_pyproject_holding_our_section_is_an_error_at_the_toml_mistake(tmp_path):
    # Ignored, a broken file lost its configuration silently: here a check raised to an error
    # would have passed as a warning.
    broken = ('[project]\nname = "x"\n\n[tool.doria-forge.checks]\nmissing-translation = {severity = error}\n')
    result = _validate(_project(tmp_path, pyproject=broken))
    (problem,) = [p for p in result.problems if p.rule_id == "check-config"]
    assert problem.file.endswith("pyproject.toml")
    assert (problem.line, problem.column) == (5, 35)
    assert problem.severity is Severity.ERROR and result.pack is None
    assert "not valid TOML" in problem.message and "[tool.doria-forge]" in problem.message
    assert "(at line" not in problem.message


def test_a_broken_pyproject_without_our_section_is_left_to_its_tools(tmp_path):
    result = _validate(_project(tmp_path / "a", pyproject='[project]\nname = "x\n'))
    assert not [p for p in result.problems if p.rule_id == "check-config"]
    assert [p.rule_id for p in result.problems] == [p.rule_id for p in _validate(_project(tmp_path / "b")).problems]


def test_a_pyproject_that_is_a_fifo_is_an_error_as_a_doria_forge_yaml_one_is(tmp_path):
    # A FIFO named pyproject.toml was passed over without a word (its configuration lost), while one
    # named doria-forge.yaml was an error; neither is waited on.
    import os

    for name in ("pyproject.toml", "doria-forge.yaml"):
        pack = _project(tmp_path / name)
        os.mkfifo(pack.parent / name)
        result = _validate(pack)
        (problem,) = [p for p in result.problems if p.rule_id == "check-config"]
        assert problem.file.endswith(name) and "FIFO" in problem.message
        assert problem.severity is Severity.ERROR and result.pack is None


def test_a_pyproject_not_in_utf8_holding_our_section_is_an_error_at_the_byte(tmp_path):
    # TOML is UTF-8: a pyproject.toml saved as Latin-1 was passed over without a word, its
    # [tool.doria-forge] configuration lost; without our section it stays its other tools' business.
    text = '[project]\nname = "x"\ndescription = "Caf\xe9"\n\n[tool.doria-forge.checks]\nmissing-translation = "off"\n'
    pack = _project(tmp_path / "ours")
    (pack.parent / "pyproject.toml").write_bytes(text.encode("latin-1"))
    result = _validate(pack)
    (problem,) = [p for p in result.problems if p.rule_id == "check-config"]
    assert (problem.line, problem.column) == (3, 19)
    assert "not valid TOML (not UTF-8 text: byte 0xe9)" in problem.message and result.pack is None
    other = _project(tmp_path / "theirs")
    (other.parent / "pyproject.toml").write_bytes('[project]\nname = "Caf\xe9"\n'.encode("latin-1"))
    assert not [p for p in _validate(other).problems if p.rule_id == "check-config"]
