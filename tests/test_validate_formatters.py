"""Formatters: exact text, JSON and GitHub annotation output."""

from __future__ import annotations

import io
import json

import pytest

from doria_forge.validate import Problem, Severity, SourceMap, ValidationResult, format_result, write_report


def result(*problems: Problem, files=("content/monsters/orc.yaml", "content/tiles.yaml")) -> ValidationResult:
    return ValidationResult(problems=tuple(sorted(problems)), pack=None, source_map=SourceMap([]), files=files)


ERR = Problem("content/monsters/orc.yaml", 12, 5, "unknown-field", Severity.ERROR,
              "unknown field 'atack' (did you mean 'attack'?)")
WARN = Problem("content/tiles.yaml", 3, 1, "equipment-requirements", Severity.WARNING,
               "requirement STR 15 is above 13, 50% of heroes: none\nsecond line")


def test_text():
    assert format_result(result(WARN, ERR), "text") == (
        "content/monsters/orc.yaml:12:5: error [unknown-field] unknown field 'atack' (did you mean 'attack'?)\n"
        "content/tiles.yaml:3:1: warning [equipment-requirements] requirement STR 15 is above 13, 50% of heroes: none second line\n"
        "1 error, 1 warning in 2 files\n"
    )


def test_text_clean_summary():
    assert format_result(result(files=("a.yaml",)), "text") == "0 errors, 0 warnings in 1 file\n"


def test_json():
    out = format_result(result(ERR), "json")
    assert json.loads(out) == {
        "problems": [{
            "file": "content/monsters/orc.yaml", "line": 12, "column": 5, "rule": "unknown-field",
            "severity": "error", "message": "unknown field 'atack' (did you mean 'attack'?)",
        }],
        "summary": {"errors": 1, "warnings": 0, "files": 2},
        "format": 1,
    }
    assert out.startswith('{\n  "problems": [\n    {\n      "file": ')


def test_github_annotations_are_escaped():
    assert format_result(result(ERR, WARN), "github").splitlines() == [
        "::error file=content/monsters/orc.yaml,line=12,col=5,title=unknown-field::"
        "unknown field 'atack' (did you mean 'attack'?)",
        "::warning file=content/tiles.yaml,line=3,col=1,title=equipment-requirements::"
        "requirement STR 15 is above 13, 50%25 of heroes: none%0Asecond line",
        "1 error, 1 warning in 2 files",
    ]
    odd = Problem("a,b:c.yaml", 1, 1, "schema", Severity.ERROR, "x")
    assert format_result(result(odd), "github").startswith("::error file=a%2Cb%3Ac.yaml,line=1,")


def test_write_report_colours_only_terminals():
    plain = io.StringIO()
    write_report(result(ERR), "text", plain)
    assert "\x1b[" not in plain.getvalue() and plain.getvalue() == format_result(result(ERR), "text")
    coloured = io.StringIO()
    write_report(result(ERR), "text", coloured, color=True)
    assert "\x1b[" in coloured.getvalue() and "unknown-field" in coloured.getvalue()
    assert "\x1b[" in format_result(result(ERR), "text", color=True)
    assert "\x1b[" not in format_result(result(ERR), "json", color=True)
    github = io.StringIO()
    write_report(result(ERR), "github", github, color=True)
    assert "\x1b[" not in github.getvalue()


def test_unknown_format_is_a_value_error():
    with pytest.raises(ValueError):
        format_result(result(), "xml")
