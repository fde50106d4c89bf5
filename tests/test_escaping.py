"""Terminal control characters in content names and file names are escaped in every text
output (issue 12): they reached CI logs raw, and a newline in a file name forged a report line."""

from __future__ import annotations

import json

import pytest
from robust_helpers import tiny_pack
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.infra.terminal import escape_json_text, printable

runner = CliRunner()

FORGED = "evil\n::error file=README.md,line=1::forged\n.yaml"
# A message that quotes a key as written (YAML escapes: ESC and RIGHT-TO-LEFT OVERRIDE).
BAD_KEY = 'kind: character\nid: x\nname: X\nattributes:\n  "ST\\e[2J\\u202eR": 5\n'



@pytest.fixture()
def hostile(tmp_path):
    pack = tiny_pack(tmp_path / "content")
    (pack / FORGED).write_text(BAD_KEY, encoding="utf-8")
    orc = pack / "monsters" / "orc.yaml"
    orc.write_text(orc.read_text(encoding="utf-8").replace("name: Orc\n", 'name: "O\\e[1m[/b]"\n', 1),
                   encoding="utf-8")
    return pack


def _raw_controls(text: str) -> list[str]:
    return sorted({c for c in text if (ord(c) < 0x20 and c != "\n") or 0x7f <= ord(c) <= 0x9f or c == "\u202e"})


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_validate_reports_stay_one_line_per_problem(hostile, fmt):
    result = runner.invoke(app, ["validate", str(hostile), "--format", fmt])
    assert result.exit_code == 1
    assert _raw_controls(result.output) == []
    lines = result.output.splitlines()
    # one problem per line, then the summary: the forged key's error and the warning that the Orc's
    # name holds an escape character (rule printable-text: it prints as an empty box)
    assert len(lines) == 3
    assert "\\x1b[2J" in lines[0] and "\\u202e" in lines[0]
    assert "printable-text" in lines[1] and "U+001B" in lines[1]
    if fmt == "github":
        assert lines[0].startswith("::error file=") and "%0A%3A%3Aerror file=README.md%2Cline=1%3A%3Aforged%0A.yaml" in lines[0]
        assert not any(line.startswith("::error file=README.md") for line in lines)
    else:
        assert "evil\\x0a::error file=README.md,line=1::forged\\x0a.yaml:5:3: error [schema] attributes.ST\\x1b[2J" in lines[0]


def test_validate_json_keeps_the_data_and_escapes_invisible_characters(hostile):
    result = runner.invoke(app, ["validate", str(hostile), "--format", "json"])
    assert _raw_controls(result.output) == []
    problem = json.loads(result.output)["problems"][0]
    assert problem["file"].endswith(FORGED)
    assert problem["message"].startswith("attributes.ST\x1b[2J\u202eR: ")


def test_simulation_table_shows_names_as_written(hostile):
    (hostile / FORGED).unlink()
    result = runner.invoke(app, ["simulate", str(hostile), "--runs", "1", "--jobs", "1", "--no-progress",
                                 "--out", str(hostile.parent / "s.json")])
    assert result.exit_code == 0, result.output
    assert "O\\x1b[1m[/b]" in result.output  # neither an escape sequence nor rich markup
    assert _raw_controls(result.output) == []


def test_printable_escapes_controls_and_keeps_everything_else():
    assert printable("Ork Überfäller 龍 🗡") == "Ork Überfäller 龍 🗡"
    assert printable("a\tb\r\nc\x00\x9b\u2066") == "a\\x09b\\x0d\\x0ac\\x00\\x9b\\u2066"
    assert printable("bad-\udcff.yaml") == "bad-\\udcff.yaml"  # a file name byte that is not UTF-8
    text = json.dumps({"name": "x\x85y\u200b"}, ensure_ascii=False)
    assert json.loads(escape_json_text(text)) == {"name": "x\x85y\u200b"}
    assert _raw_controls(escape_json_text(text)) == []


def test_scenario_report_shows_names_as_written(pack, tmp_path):
    warren = pack / "scenarios" / "goblin_warren.yaml"
    warren.write_text(warren.read_text(encoding="utf-8").replace("name: The Goblin Warren\n",
                                                                  'name: "Warren\\e[1m[/b]"\n', 1), encoding="utf-8")
    out = tmp_path / "report.json"
    result = runner.invoke(app, ["simulate", "scenario", "goblin_warren", str(pack), "--runs", "1", "--players", "1",
                                 "--jobs", "1", "--no-progress", "--fail-on", "never", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "Warren\\x1b[1m[/b]" in result.output  # neither an escape sequence nor rich markup
    assert _raw_controls(result.output) == []
    text = out.read_text(encoding="utf-8")
    assert _raw_controls(text) == [] and json.loads(text)["scenarios"][0]["name"] == "Warren\x1b[1m[/b]"
