"""The console script starts typer with only the command named on the command line
(``cli.app_for``): what the user sees must be what the whole app shows."""

from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from doria_forge.commands.cli import app, app_for

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _names(command: object) -> list[str]:
    return sorted(getattr(command, "commands", {}))


def test_a_named_command_or_group_is_the_only_one_typer_builds():
    assert _names(typer.main.get_command(app_for(["validate", "content"]))) == ["validate"]
    assert _names(typer.main.get_command(app_for(["export", "pdf"]))) == ["export"]
    assert len(_names(typer.main.get_command(app))) > 10
    # the whole app is left as it was
    assert len(_names(typer.main.get_command(app))) == len(app.registered_commands) + len(app.registered_groups)


@pytest.mark.parametrize("args", [[], ["--help"], ["--version"], ["valdate"], ["--version", "validate"]])
def test_anything_but_a_command_name_first_gets_the_whole_app(args):
    assert app_for(args) is app


@pytest.mark.parametrize("args", [
    ["validate", "--help"],
    ["validate", str(ROOT / "content")],
    ["validate", str(ROOT / "content" / "missing")],  # a usage error: exit 2
    ["validate", "--format", "yaml", str(ROOT / "content")],  # a bad choice
    ["export", "--help"],
    ["simulate", "scenario", "--help"],
])
def test_the_command_alone_answers_as_the_whole_app_does(args):
    alone, whole = runner.invoke(app_for(args), args), runner.invoke(app, args)
    assert (alone.exit_code, alone.output) == (whole.exit_code, whole.output)
