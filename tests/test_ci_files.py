"""The GitHub Action (action.yml), the pre-commit hooks (.pre-commit-hooks.yaml) and the README's
workflow example: they parse, keep the cache folder, and call doria-forge with options it has."""

import re
import shlex
from pathlib import Path

from ruamel.yaml import YAML
from typer.testing import CliRunner

from doria_forge.commands.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _yaml(text: str):
    return YAML(typ="safe").load(text)


def _options(command: list[str]) -> set[str]:
    """The long options ``doria-forge COMMAND --help`` lists."""
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200", "TERMINAL_WIDTH": "200"})
    assert result.exit_code == 0, result.output
    return set(re.findall(r"--[a-z][a-z-]*", result.output))


def _calls(script: str) -> list[list[str]]:
    """Every ``doria-forge ...`` call of a shell script (continuation lines joined)."""
    joined = script.replace("\\\n", " ")
    calls = []
    for line in joined.splitlines():
        line = line.strip()
        if line.startswith("doria-forge "):
            words = shlex.split(line.split("||")[0].split(">")[0].replace('"${strict[@]}"', ""))
            calls.append(words[1:])
    return calls


def test_the_action_is_composite_and_keeps_the_cache_folder():
    action = _yaml((ROOT / "action.yml").read_text(encoding="utf-8"))
    assert action["runs"]["using"] == "composite"
    steps = action["runs"]["steps"]
    cache = next(s for s in steps if str(s.get("uses", "")).startswith("actions/cache@"))
    folder = cache["with"]["path"]
    runs = [s for s in steps if "doria-forge " in s.get("run", "")]
    assert runs and all(s["env"]["DORIA_FORGE_CACHE_DIR"] == folder for s in runs)
    calls = [call for s in runs for call in _calls(s["run"])]
    assert [c[0] for c in calls] == ["build"]  # build prints validate's annotations itself
    for call in calls:
        used = {w for w in call if w.startswith("--")}
        assert used <= _options([call[0]]), used - _options([call[0]])
    assert {"pack", "fail-on", "strict", "scenario-runs"} <= set(action["inputs"])


def test_the_action_passes_its_inputs_to_scripts_as_environment_variables():
    """The build step pasted ``${{ inputs.pack }}`` and the other inputs into its bash script: a value
    holding a quote or ``$(...)`` (from a workflow that fills an input from a branch name or a pull
    request) became shell code. The inputs now reach the script in its environment."""
    steps = _yaml((ROOT / "action.yml").read_text(encoding="utf-8"))["runs"]["steps"]
    scripts = [s["run"] for s in steps if "run" in s]
    assert scripts and not [line for script in scripts for line in script.splitlines() if "${{" in line]


def test_the_pre_commit_hooks_call_doria_forge_with_its_options():
    hooks = {h["id"]: h for h in _yaml((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
    assert set(hooks) == {"doria-forge-validate", "doria-forge-gate"}
    for hook in hooks.values():
        words = shlex.split(hook["entry"])
        assert words[0] == "doria-forge" and hook["language"] == "python" and hook["pass_filenames"] is False
        assert {w for w in words if w.startswith("--")} <= _options([words[1]])
    assert hooks["doria-forge-gate"]["stages"] == ["pre-push"]
    validate = shlex.split(hooks["doria-forge-validate"]["entry"])[1:] + hooks["doria-forge-validate"]["args"]
    result = runner.invoke(app, [*validate[:-1], str(ROOT / validate[-1])])
    assert result.exit_code == 0, result.output  # the shipped pack passes its own hook


def test_the_readme_workflow_example_uses_the_actions_inputs():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## CI: GitHub Action, pre-commit", 1)[1]
    workflow = _yaml(section.split("```yaml", 1)[1].split("```", 1)[0])
    step = next(s for s in workflow["jobs"]["check"]["steps"] if "doria_forge@" in str(s.get("uses", "")))
    inputs = _yaml((ROOT / "action.yml").read_text(encoding="utf-8"))["inputs"]
    assert set(step["with"]) <= set(inputs)
    hooks = _yaml(section.split("```yaml", 2)[2].split("```", 1)[0])
    ids = {h["id"] for repo in hooks["repos"] for h in repo["hooks"]}
    assert ids == {"doria-forge-validate", "doria-forge-gate"}


def test_the_readme_steps_without_the_action_annotate_each_problem_once():
    """'Without the Action, the same steps' listed validate --format github and then build --format
    github: build prints validate's annotations itself, so every problem was annotated twice (the
    Action runs build alone for that reason)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## CI: GitHub Action, pre-commit", 1)[1].split("Without the Action", 1)[1]
    paragraph = " ".join(section.split("\n\n", 1)[0].split())
    calls = [shlex.split(call) for call in re.findall(r"`(doria-forge [^`]*--format github[^`]*)`", paragraph)]
    assert [call[1] for call in calls] == ["build"], paragraph
