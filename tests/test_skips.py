"""No test skips silently (issue 24). A skip says why, in words a reader accepts: a platform
feature or an optional program that is not there (``/proc``, Chromium, LibreOffice), never a
package of the test extra (the README's test command installs those: a missing one is a broken
install and fails) nor an input of the project that stopped working. The tests that compare
the base pack with the rulebook tables fail when a table is missing or empty; without the
whole ``../shared`` folder (a clone on its own) they skip and say so, and fail where ``CI`` is
set (CI runs with shared/ beside the checkout). ``-rs`` in pytest's options lists every skip
with its reason."""

import ast
import re
import tomllib
from pathlib import Path

import pytest
import rulebook_tables

ROOT = Path(__file__).resolve().parents[1]


def _test_extra_modules() -> set[str]:
    """Import names of the packages the test extra installs (``dask[distributed]``: dask and distributed)."""
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    names = set()
    for requirement in extra["test"]:
        match = re.match(r"([A-Za-z0-9_.-]+)(?:\[([^\]]+)\])?", requirement)
        assert match, requirement
        names.add(match[1].lower().replace("-", "_"))
        names.update(e.strip().lower() for e in (match[2] or "").split(",") if e.strip())
    return names


def _skips():
    """(file, line, kind, call) of every skip in the tests: pytest.skip, importorskip, mark.skip(if)."""
    for path in sorted((ROOT / "tests").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                name = node.func.attr
                if name in ("skip", "skipif", "importorskip"):
                    yield path.name, node.lineno, name, node


def _reason(call: ast.Call, positional: int) -> str:
    """The reason text of a skip call: its ``reason=`` or its positional argument (empty if none)."""
    for keyword in call.keywords:
        if keyword.arg in ("reason", "msg"):
            return ast.unparse(keyword.value)
    return ast.unparse(call.args[positional]) if len(call.args) > positional else ""


def test_every_skip_says_why():
    found = list(_skips())
    assert found, "the scan found no skip at all"
    silent = [(f, line) for f, line, kind, call in found
              if kind != "importorskip" and len(_reason(call, 1 if kind == "skipif" else 0).strip("'\" ")) < 10]
    assert silent == []


def test_no_test_skips_on_a_package_of_the_test_extra():
    extra = _test_extra_modules()
    assert {"jsonschema", "scipy", "distributed", "pytest"} <= extra
    skipped_on = [(f, line, ast.unparse(call.args[0])) for f, line, kind, call in _skips()
                  if kind == "importorskip" and ast.literal_eval(call.args[0]).split(".")[0].lower() in extra]
    assert skipped_on == []


def test_a_missing_rulebook_table_fails(tmp_path, monkeypatch):
    monkeypatch.setattr(rulebook_tables, "DATA", tmp_path)  # the folder is there, the table is not
    with pytest.raises(AssertionError, match="monsters.csv is missing"):
        rulebook_tables.rows("monsters.csv")
    (tmp_path / "monsters.csv").write_text("id,name\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="no rows"):
        rulebook_tables.rows("monsters.csv")


def test_without_shared_a_clone_skips_the_rulebook_comparison_and_ci_fails_it(tmp_path, monkeypatch):
    monkeypatch.setattr(rulebook_tables, "DATA", tmp_path / "absent")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="not on this machine"):
        rulebook_tables.rows("monsters.csv")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI runs with shared/"):
        rulebook_tables.rows("monsters.csv")


def test_pytest_lists_every_skip_with_its_reason():
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "-rs" in options["addopts"].split()
