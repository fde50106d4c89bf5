"""The README's first two commands are the documented way in; CI must run the same test line."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("```sh", 1)[1].split("```", 1)[0]
    return [line.strip() for line in block.strip().splitlines() if line.strip()]


def test_readme_opens_with_exactly_two_commands_install_build_and_test():
    commands = _readme_commands()
    assert len(commands) == 2
    assert commands[0].endswith("doria-forge build")
    assert "pytest" in commands[1] and ".[test]" in commands[1]


def test_ci_runs_the_readme_test_command():
    ci_lines = [l.strip() for l in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert _readme_commands()[1] in ci_lines


def test_readme_engine_snippet_runs(monkeypatch, capsys):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    snippet = text.split("```python", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    exec(compile(snippet, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    outcome = printed.strip().splitlines()[-1].split()[0]
    assert outcome in {"hero_died", "all_unconscious", "monsters_defeated", "round_limit"}
    assert "round " in printed and "#" in printed  # the text view of the dungeon


def _tests_reading_rulebook_tables() -> list[str]:
    """Test functions that read a table through ``rulebook_tables.rows`` (those that patch the
    helper with ``monkeypatch`` test the helper itself and skip nothing)."""
    found = []
    for path in sorted((ROOT / "tests").glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = any((isinstance(n, ast.ImportFrom) and n.module == "rulebook_tables")
                       or (isinstance(n, ast.Import) and any(a.name == "rulebook_tables" for a in n.names))
                       for n in tree.body)
        if not imported:
            continue
        for fn in (n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")):
            if any(a.arg == "monkeypatch" for a in fn.args.args):
                continue
            calls = [c.func for c in ast.walk(fn) if isinstance(c, ast.Call)]
            if any((isinstance(f, ast.Name) and f.id == "rows")
                   or (isinstance(f, ast.Attribute) and f.attr == "rows" and isinstance(f.value, ast.Name)
                       and f.value.id == "rulebook_tables") for f in calls):
                found.append(f"{path.name}::{fn.name}")
    return found


def test_readme_counts_the_tests_a_clone_without_shared_skips():
    """The README says how many tests compare with ``../shared/data`` and so skip on a clone alone."""
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
    n = len(_tests_reading_rulebook_tables())
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"{words[n].capitalize()} of its tests compare" in text
    assert f"skips those {words[n]} and says why" in text
