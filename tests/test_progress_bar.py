"""Progress bars of the slow stages (``infra.terminal.progress_bar``): drawn on a terminal, and
nothing at all where they cannot be redrawn (a CI log, a file), where rich's erased bar used to
leave an empty line per stage on standard error."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from doria_forge.infra.terminal import progress_bar


def _run(console: Console, **options: object) -> str:
    with progress_bar("writing {task.description}", console=console, **options) as bar:
        task = bar.add_task("cards", total=3)
        bar.advance(task, 3)
    file = console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def test_a_bar_is_drawn_on_a_terminal():
    shown = _run(Console(file=io.StringIO(), force_terminal=True, width=100))
    assert "writing cards" in shown
    assert "3/3" in shown


def test_no_bar_and_no_empty_line_off_a_terminal():
    assert _run(Console(file=io.StringIO(), force_terminal=False)) == ""


def test_a_disabled_bar_draws_nothing_even_on_a_terminal():
    assert _run(Console(file=io.StringIO(), force_terminal=True), enabled=False) == ""


def test_export_png_into_a_log_leaves_no_empty_lines(tmp_path):
    pack = tmp_path / "project" / "content"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content" / "monsters", pack / "monsters")
    env = {**os.environ, "DORIA_FORGE_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-m", "doria_forge", "export", "png", str(pack), "--out",
                           str(tmp_path / "png"), "--dpi", "72"], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert list((tmp_path / "png").rglob("*.png"))
    assert "\n\n" not in "\n" + done.stderr, repr(done.stderr)


@pytest.mark.parametrize("kind", ["png", "tts"])
def test_an_error_under_a_bar_is_printed_once_the_bar_is_gone(tmp_path, kind):
    """On a terminal, `export png|tts --out FILE` printed its error behind the live bar, which was then
    drawn again below it and erased: the bar's text stayed before the error, a blank line after it."""
    pack = tmp_path / "project" / "content"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content" / "monsters", pack / "monsters")
    (tmp_path / "afile").write_text("keep\n")
    env = {**os.environ, "DORIA_FORGE_CACHE_DIR": str(tmp_path / "cache"), "FORCE_COLOR": "1", "COLUMNS": "100"}
    done = subprocess.run([sys.executable, "-m", "doria_forge", "export", kind, str(pack), "--out",
                           str(tmp_path / "afile")], capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.endswith("choose another --out\n"), repr(done.stderr)
    assert "\x1b[1A" not in done.stderr.split("error:")[1], repr(done.stderr)
