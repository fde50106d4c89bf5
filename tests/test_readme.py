"""The README's first two commands are the documented way in; CI must run the same test line."""

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
