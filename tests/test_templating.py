"""Templates render in a sandbox with limits (issue 12): every failure is one line naming the
template file and line; resource bombs are stopped by limits on ranges, repetition,
exponentiation, widths, output size, render time and memory; templates are read only from
their folder."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from jinja2 import StrictUndefined
from robust_helpers import tiny_pack
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.export.templating import (
    DEFAULT_LIMITS,
    TemplateFailure,
    TemplateLimits,
    _memory_cap,
    render_template,
    sandboxed_environment,
)

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()
FAST = TemplateLimits(max_seconds=0.25)


def _render(tmp_path: Path, source: str | bytes, name: str = "t.j2", limits: TemplateLimits = DEFAULT_LIMITS) -> str:
    path = tmp_path / name
    if isinstance(source, bytes):
        path.write_bytes(source)
    else:
        path.write_text(source, encoding="utf-8")
    env = sandboxed_environment(tmp_path, limits=limits, undefined=StrictUndefined)
    return render_template(env, name, {"items": [1, 2, 3]})


def _failure(tmp_path: Path, source: str | bytes, name: str = "t.j2",
             limits: TemplateLimits = DEFAULT_LIMITS) -> TemplateFailure:
    with pytest.raises(TemplateFailure) as caught:
        _render(tmp_path, source, name, limits)
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith(f"{tmp_path / name}:{caught.value.line}: ")
    return caught.value


@pytest.mark.parametrize(("source", "line", "words"), [
    ("a\nb\n{{ 1 / 0 }}\n", 3, "division by zero"),
    ("{% macro f(n) %}{{ f(n) }}{% endmacro %}\n{{ f(1) }}\n", 1, "recursion"),
    ("x\n\n{{ nope }}\n", 3, "'nope' is undefined"),
    ("{{ 10.0 ** 1000 }}", 1, "OverflowError"),
    ("{{ range(10 ** 20) }}", 1, "OverflowError"),
    ("\n\n{% if %}\n", 3, "Expected an expression"),
    ("{{ ''.__class__.__mro__ }}", 1, "unsafe"),
    ("{% set l = [1] %}{{ l.append(2) }}", 1, "unsafe"),
    ("x\n{% include 'missing.j2' %}", 2, "not found"),
])
def test_every_rendering_error_is_one_line_with_file_and_line(tmp_path, source, line, words):
    failure = _failure(tmp_path, source)
    assert failure.line == line
    assert words in failure.message


def test_a_template_that_includes_itself_is_stopped(tmp_path):
    failure = _failure(tmp_path, "x\n{% include 't.j2' %}\n")
    assert failure.line == 2 and "include itself" in failure.message


def test_undecodable_bytes_name_their_line(tmp_path):
    failure = _failure(tmp_path, b"fine\nstill fine\n\xff\xfe oops\n")
    assert failure.line == 3 and "not UTF-8" in failure.message and "0xff" in failure.message


@pytest.mark.parametrize(("source", "words"), [
    ("{{ range(10 ** 9) | list }}", "range"),
    ("{{ 'x' * 10 ** 10 }}", "repetition"),
    ("{{ [0] * 10 ** 10 }}", "repetition"),
    ("{{ 7 ** (7 ** 9) }}", "power"),
    ("{{ '%999999999d' % 1 }}", "format width"),
    ("{{ '%*d' % (10 ** 9, 1) }}", "'*' widths"),
    ("{{ '{:>999999999}'.format(1) }}", "format width"),
    ("{{ '{:>{w}}'.format(1, w=10 ** 9) }}", "nested"),
    ("{{ 'x'.center(10 ** 9) }}", "center width"),
    ("{{ 'x' | center(10 ** 9) }}", "center width"),
    ("{{ ('x' * 100000) | replace('x', 'y' * 100000) }}", "replace"),
    ("{{ range(10000) | map('string') | join('x' * 100000) }}", "join"),
    ("{{ [1] | batch(10 ** 9, 0) | list }}", "batch"),
    ("{% for a in range(10000) %}{{ 'x' * 1000 }}{% endfor %}", "output"),
    ("{% for a in range(10000) %}{% for b in range(10000) %}{% endfor %}{% endfor %}", "took longer"),
    ("{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}", "took longer"),
])
def test_resource_bombs_are_stopped_by_limits(tmp_path, source, words):
    # Only the time bombs get a short time limit: on a loaded machine it would otherwise stop
    # other bombs before their own limit does.
    limits = FAST if words == "took longer" else DEFAULT_LIMITS
    assert words in _failure(tmp_path, source, limits=limits).message


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="the memory cap uses Linux RLIMIT_AS")
def test_an_allocation_no_other_limit_foresaw_meets_the_memory_cap():
    with pytest.raises(MemoryError), _memory_cap(64 * 1024**2):
        bytearray(512 * 1024**2)
    bytearray(512 * 1024**2)  # the cap is lifted afterwards


def test_limits_leave_ordinary_templates_alone(tmp_path):
    text = _render(tmp_path, "{% for i in items %}- {{ '%3d' | format(i * 2) }} {{ 2 ** 10 }}\n{% endfor %}")
    assert text.splitlines() == ["-   2 1024", "-   4 1024", "-   6 1024"]


def test_a_template_linked_to_a_system_file_is_not_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOKEN-6d1f0c {{ 1 }}\n")
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "t.j2").symlink_to(secret)
    env = sandboxed_environment(folder, limits=FAST)
    with pytest.raises(TemplateFailure) as caught:
        render_template(env, "t.j2", {})
    assert "outside the templates folder" in str(caught.value)
    assert "TOKEN" not in str(caught.value)


def test_a_template_named_with_dot_dot_is_not_found(tmp_path):
    (tmp_path / "outside.j2").write_text("secret")
    folder = tmp_path / "templates"
    folder.mkdir()
    with pytest.raises(TemplateFailure, match="not found"):
        render_template(sandboxed_environment(folder), "../outside.j2", {})


def _project_with_template(tmp_path: Path, template: str | None = None, *, link_to: Path | None = None) -> Path:
    """A tiny pack with one scenario, and a project ``templates/scenario.md.j2``."""
    pack = tiny_pack(tmp_path / "content")
    shutil.copytree(ROOT / "content" / "tiles", pack / "tiles")
    (pack / "scenario.yaml").write_text("kind: scenario\nid: s\nname: S\nstory: Once.\ngoal: Win.\n"
                                        "setup: {start_tile: A-1}\n", encoding="utf-8")
    (tmp_path / "templates").mkdir()
    target = tmp_path / "templates" / "scenario.md.j2"
    if link_to is not None:
        target.symlink_to(link_to)
    else:
        target.write_text(template or "", encoding="utf-8")
    return tmp_path / "content"


def test_export_with_a_failing_template_exits_1_with_one_line(tmp_path):
    pack = _project_with_template(tmp_path, "# {{ scenario.name }}\n\n{{ range(10 ** 9) | list }}\n")
    result = runner.invoke(app, ["export", "pdf", str(pack), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    message = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(message) == 1
    assert re.search(r"templates/scenario\.md\.j2:3: range of 1000000000 is above", message[0])


def test_a_failing_template_leaves_the_output_folder_as_it_was(tmp_path):
    # The scenario booklet is drawn after the decks: its template error stopped an export whose
    # decks' PDFs were already written over the last good export's.
    pack = _project_with_template(tmp_path, "# {{ scenario.name }}\n")
    out = tmp_path / "out"
    assert runner.invoke(app, ["export", "pdf", str(pack), "--out", str(out)]).exit_code == 0
    before = {path.name: path.read_bytes() for path in out.iterdir()}
    assert "scenarios.pdf" in before and "monster.pdf" in before
    (tmp_path / "templates" / "scenario.md.j2").write_text("# {{ scenario.nope.deeper }}\n", encoding="utf-8")
    result = runner.invoke(app, ["export", "pdf", str(pack), "--out", str(out), "--bleed", "0"])
    assert result.exit_code == 1, result.output
    assert "templates/scenario.md.j2:1:" in result.output
    assert {path.name: path.read_bytes() for path in out.iterdir()} == before
    fresh = tmp_path / "fresh"
    assert runner.invoke(app, ["export", "pdf", str(pack), "--out", str(fresh)]).exit_code == 1
    assert not fresh.exists() or not any(fresh.iterdir())


def test_export_never_prints_a_system_file_linked_as_template(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("# TOKEN-6d1f0c\n")
    pack = _project_with_template(tmp_path, link_to=secret)
    result = runner.invoke(app, ["export", "pdf", str(pack), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "TOKEN" not in result.output
    assert not (tmp_path / "out" / "scenarios.pdf").exists()
    assert os.path.exists(secret)
