"""Outputs that belong together are written together: a command writing two files (``simulate
scenario --out r.json --report r.html``) leaves both or neither, never one beside a failure."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.infra import fsutil

runner = CliRunner()


def _full_disk_for(monkeypatch: pytest.MonkeyPatch, suffix: str) -> None:
    """Writing a file named ``*suffix`` fails as on a full disk; every other file is written."""
    real = fsutil._write_named

    def write_named(target: Path, data: bytes, durable: bool) -> str:
        if target.name.endswith(suffix):
            raise OSError(errno.ENOSPC, "No space left on device", str(target))
        return real(target, data, durable)

    monkeypatch.setattr(fsutil, "_write_unnamed", lambda target, data, durable: None)
    monkeypatch.setattr(fsutil, "_write_named", write_named)


@pytest.mark.parametrize("command", [["scenario", "goblin_warren", "--replay", "none"],
                                     ["campaign", "greywater_smugglers"]])
def test_the_json_report_is_not_left_when_the_html_report_cannot_be_written(tmp_path, monkeypatch, command):
    """The JSON report was written first, the HTML failed (a full disk), and a fresh JSON was left
    beside the old HTML page (or alone): a half-finished output. Now neither file changes."""
    json_out, html_out = tmp_path / "r.json", tmp_path / "r.html"
    json_out.write_text("old json", encoding="utf-8")
    _full_disk_for(monkeypatch, ".html")
    result = runner.invoke(app, ["simulate", *command[:2], "content", *command[2:], "--players", "1", "--runs", "1",
                                 "--out", str(json_out), "--report", str(html_out), "--no-progress"])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())
    assert "No space left on device" in said and str(html_out) in said
    assert said[said.index("error: "):].endswith("; choose another --report")  # the option naming the HTML file
    assert json_out.read_text(encoding="utf-8") == "old json"
    assert not html_out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]  # no temporary file either


def test_a_json_report_that_cannot_be_written_asks_for_another_out(tmp_path, monkeypatch):
    json_out, html_out = tmp_path / "r.json", tmp_path / "r.html"
    _full_disk_for(monkeypatch, ".json")
    result = runner.invoke(app, ["simulate", "scenario", "goblin_warren", "content", "--players", "1", "--runs", "1",
                                 "--replay", "none", "--out", str(json_out), "--report", str(html_out),
                                 "--no-progress"])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output[result.output.index("error: "):].split())
    assert said == f"error: cannot write {json_out}: No space left on device; choose another --out"
    assert not json_out.exists() and not html_out.exists()


def test_both_reports_are_written_when_both_can_be(tmp_path):
    json_out, html_out = tmp_path / "r.json", tmp_path / "r.html"
    result = runner.invoke(app, ["simulate", "scenario", "goblin_warren", "content", "--players", "1", "--runs", "1",
                                 "--replay", "none", "--out", str(json_out), "--report", str(html_out),
                                 "--no-progress"])
    assert result.exit_code in (0, 1), result.output
    assert json_out.read_text(encoding="utf-8").startswith("{") and "<html" in html_out.read_text(encoding="utf-8")


OTHER_OPTIONS = {
    "schema --reference": (lambda tmp: ["schema", "--out", str(tmp / "schemas"), "--reference", str(tmp / "ref.md")],
                           ".md", "--reference"),
    "tune --report": (lambda tmp: ["tune", "goblin_warren", "content", "--players", "2", "--budget", "50", "--runs",
                                   "8", "--no-progress", "--jobs", "1", "--report", str(tmp / "t.html")],
                      ".html", "--report"),
}


@pytest.mark.parametrize(("command", "suffix", "option"), OTHER_OPTIONS.values(), ids=OTHER_OPTIONS.keys())
def test_a_file_that_cannot_be_written_asks_for_the_option_that_named_it(tmp_path, monkeypatch, command, suffix,
                                                                          option):
    """Each said "choose another --out", an option the user had not given for that file."""
    _full_disk_for(monkeypatch, suffix)
    result = runner.invoke(app, command(tmp_path))
    assert result.exit_code == 2, result.output
    said = " ".join(result.output[result.output.index("error: "):].split())
    assert said.endswith(f"No space left on device; choose another {option}"), said
