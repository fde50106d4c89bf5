"""Small things a user meets: --version, --strict, and GitHub annotations that attach to a pull request."""

import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner
from validate_helpers import monster_with_levels, write_pack

from doria_forge.commands.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _pack_with_a_warning(root: Path) -> Path:
    """A valid pack whose only problem is a warning: a name the card font cannot draw."""
    return write_pack(root, {"monsters/orc.yaml": monster_with_levels("orc").replace("name: Orc", "name: 龍")})


def test_version_prints_the_installed_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert result.output.strip() == f"doria-forge {version}"


def test_warnings_pass_without_strict_and_fail_with_it(tmp_path):
    pack = _pack_with_a_warning(tmp_path / "pack")
    plain = runner.invoke(app, ["validate", str(pack)])
    assert plain.exit_code == 0, plain.output
    assert "0 errors, 1 warning" in plain.output
    strict = runner.invoke(app, ["validate", str(pack), "--strict"])
    assert strict.exit_code == 1
    assert "[printable-text]" in strict.output


def test_strict_github_annotates_the_warnings_that_fail_the_run_as_errors(tmp_path):
    """`validate --strict --format github` failed the check on a warning (exit 1) but annotated it
    `::warning`, so the pull request showed no error for the failure; with --strict it is `::error`,
    without it a `::warning` that passes."""
    pack = _pack_with_a_warning(tmp_path / "pack")
    plain = runner.invoke(app, ["validate", str(pack), "--format", "github"])
    assert plain.exit_code == 0, plain.output
    assert [line.split(" ")[0] for line in plain.output.splitlines() if line.startswith("::")] == ["::warning"]
    strict = runner.invoke(app, ["validate", str(pack), "--format", "github", "--strict"])
    assert strict.exit_code == 1, strict.output
    annotations = [line for line in strict.output.splitlines() if line.startswith("::")]
    assert [line.split(" ")[0] for line in annotations] == ["::error"]
    assert "title=printable-text" in annotations[0]


def test_github_paths_are_relative_to_the_repository_root(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    pack = _pack_with_a_warning(repo / "packs" / "frost")
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    monkeypatch.chdir(pack)  # run from inside the pack: problems name files relative to it
    result = runner.invoke(app, ["validate", ".", "--format", "github"])
    assert "::warning file=packs/frost/monsters/orc.yaml,line=" in result.output, result.output


def test_github_workspace_wins_over_the_git_folder(tmp_path, monkeypatch):
    pack = _pack_with_a_warning(tmp_path / "work" / "pack")
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path / "work"))
    monkeypatch.chdir(pack)
    result = runner.invoke(app, ["validate", ".", "--format", "github"])
    assert "::warning file=pack/monsters/orc.yaml,line=" in result.output, result.output


def _commands(command, path=()):
    """``(argv path, click command)`` of every command and group of the CLI."""
    yield path, command
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from _commands(sub, (*path, name))


def test_help_shows_every_bracketed_word_it_was_written_with():
    # Rich reads "[tool.doria-forge]" as a style tag and drops it from the help unless escaped:
    # `checks --help` once told users to configure "pyproject.toml , pack.yaml".
    import re

    import typer

    tag = re.compile(r"\\?\[([a-z#/@][^\[\]]*)\]")  # escaped or not, it must show
    checked = 0
    for path, command in _commands(typer.main.get_command(app)):
        texts = [command.help or ""] + [getattr(p, "help", None) or "" for p in command.params]
        words = {m.group(1) for text in texts for m in tag.finditer(text)}
        if not words:
            continue
        shown = runner.invoke(app, [*path, "--help"], terminal_width=400)
        assert shown.exit_code == 0, shown.output
        flat = " ".join(shown.output.replace("│", " ").split())
        for word in words:
            assert f"[{' '.join(word.split())}]" in flat, (path, word)
            checked += 1
    assert checked >= 1  # the checks command's [tool.doria-forge] at least


@pytest.mark.parametrize("command", [["simulate", "scenario", "goblin_warren"], ["simulate"], ["build"]])
@pytest.mark.parametrize("value", ["nan", "0.0005", "1"])
def test_precision_is_refused_alike_by_every_command_that_takes_it(tmp_path, command, value):
    """`simulate scenario --precision nan` was told "less than or equal to 0.999", and
    `build --precision 0.0005` ran although `simulate scenario` refused it."""
    result = runner.invoke(app, [*command, str(ROOT / "content"), "--precision", value, "--out", str(tmp_path / "o")])
    assert result.exit_code == 2, result.output
    assert "give the interval's width, from 0.001 to 0.999" in " ".join(result.output.replace("│", " ").split())
    assert not (tmp_path / "o").exists()


def _pack_with_an_error(root: Path) -> Path:
    """A pack whose only error is a Monster Level Card's hit_points that is not a number."""
    text = monster_with_levels("orc")
    assert text.count("hit_points: 2\n") == 1
    return write_pack(root, {"monsters/orc.yaml": text.replace("hit_points: 2\n", "hit_points: lots\n")})


@pytest.mark.parametrize("command", [["simulate"], ["simulate", "duels"], ["simulate", "scenario", "any"],
                                     ["simulate", "campaign", "any"], ["preflight", "--profile", "tgc"]])
def test_format_github_annotates_the_problems_of_a_pack_that_fails_validation(tmp_path, monkeypatch, command):
    """With --format github these commands printed a failing pack's problems as text lines, so a
    CI step running them put no annotation on the pull request; they are annotations, as
    validate --format github gives them."""
    _pack_with_an_error(tmp_path / "pack")
    monkeypatch.delenv("GITHUB_WORKSPACE", raising=False)
    monkeypatch.chdir(tmp_path)
    expected = runner.invoke(app, ["validate", "pack", "--format", "github"])
    assert expected.exit_code == 1 and "::error file=pack/monsters/orc.yaml,line=" in expected.stdout
    result = runner.invoke(app, [*command, "pack", "--format", "github", "--no-progress"]
                           if command[0] == "simulate" else [*command, "pack", "--format", "github"])
    assert result.exit_code == 1, result.output
    assert result.stdout == expected.stdout
    assert "orc.yaml:" not in result.stderr


def test_preflight_json_keeps_the_validation_report_off_stdout(tmp_path):
    """preflight --format json printed the pack's validation warnings as text lines on stdout
    ahead of its JSON document; they go to stderr, as for every --format json command."""
    import json

    pack = _pack_with_a_warning(tmp_path / "pack")
    result = runner.invoke(app, ["preflight", str(pack), "--profile", "tgc", "--format", "json"])
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)
    assert "[printable-text]" in result.stderr


def test_preflight_json_on_a_pack_that_fails_validation_prints_validates_json(tmp_path):
    """preflight --format json on a pack with an error printed nothing on stdout (the report went to
    stderr as text), where build --format json prints validate's JSON: a CI step reading stdout as
    JSON got no document at all."""
    import json

    pack = _pack_with_an_error(tmp_path / "pack")
    expected = runner.invoke(app, ["validate", str(pack), "--format", "json"])
    result = runner.invoke(app, ["preflight", str(pack), "--profile", "tgc", "--format", "json"])
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout) == json.loads(expected.stdout)
    assert "orc.yaml" not in result.stderr


@pytest.mark.parametrize("command", [
    ["simulate", "PACK", "--runs", "1"],
    ["simulate", "scenario", "some_scenario", "PACK", "--runs", "1"],
    ["simulate", "campaign", "some_campaign", "PACK", "--runs", "1"],
    ["tune", "some_scenario", "PACK"],
])
def test_every_json_command_on_a_pack_that_fails_validation_prints_validates_json(tmp_path, command):
    """`simulate`, `simulate scenario|campaign` and `tune` with --format json printed nothing on
    stdout when the pack failed validation (the report went to stderr as text), where build and
    preflight print validate's JSON: a CI step reading stdout as JSON got no document at all."""
    import json

    pack = _pack_with_an_error(tmp_path / "pack")
    expected = runner.invoke(app, ["validate", str(pack), "--format", "json"])
    result = runner.invoke(app, [str(pack) if arg == "PACK" else arg for arg in command] + ["--format", "json"])
    assert result.exit_code == 1, result.output
    assert json.loads(result.stdout) == json.loads(expected.stdout)
    assert json.loads(result.stdout)["problems"]


def test_no_help_names_an_option_its_command_lacks():
    """`simulate duels --help` said --precision stops the scenarios "at most --scenario-runs runs":
    an option of build, which simulate duels refuses (No such option)."""
    import re

    import typer

    checked = 0
    for path, command in _commands(typer.main.get_command(app)):
        if hasattr(command, "commands"):
            continue  # a group's help speaks of its subcommands' options
        own = {name for param in command.params for name in (*param.opts, *getattr(param, "secondary_opts", ()))}
        for text in (command.help or "", *(getattr(param, "help", None) or "" for param in command.params)):
            named = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*[a-z]", text))
            assert named <= own | {"--help"}, (path, sorted(named - own), text)
        checked += 1
    assert checked > 20


def test_help_at_80_columns_shows_every_option_name_and_help_word_whole():
    """At 80 columns `build --help` showed `--with-dependenc…` and `(schemas/output/b…`: rich's
    option table cut names and words to squeeze the help into a column of 18 characters."""
    import re

    import typer

    for path, command in _commands(typer.main.get_command(app)):
        shown = runner.invoke(app, [*path, "--help"], terminal_width=80, env={"COLUMNS": "80"})
        assert shown.exit_code == 0, (path, shown.output)
        assert "…" not in shown.output, (path, shown.output)
        assert max(map(len, shown.output.splitlines())) <= 80, (path, shown.output)
        names = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*[a-z]", shown.output))
        for param in command.params:
            for name in (*param.opts, *getattr(param, "secondary_opts", ())):
                if name.startswith("--"):
                    assert name in names, (path, name)


def test_no_help_sends_the_user_to_a_python_module():
    """`build --help` ended with "see doria_forge.infra.staging": a module of the source, not
    something a designer can look up."""
    import re

    import typer

    for path, _ in _commands(typer.main.get_command(app)):
        shown = runner.invoke(app, [*path, "--help"], terminal_width=400)
        assert shown.exit_code == 0, (path, shown.output)
        assert not re.search(r"doria_forge[./][a-z_]+[./]", shown.output), (path, shown.output)


@pytest.mark.parametrize("options, named", [(["--replay-seed", "5"], "--replay-seed chooses"),
                                            (["--replay", "best"], "--replay chooses"),
                                            (["--replay-seed", "5", "--replay", "worst"],
                                             "--replay-seed and --replay choose")])
def test_a_replay_option_without_report_is_a_usage_error(tmp_path, options, named):
    """`simulate scenario --replay-seed 5` without `--report` played every run and drew no replay
    (the replay is drawn in the HTML report alone), without a word; it is refused before any
    run, exit 2. With `--report` one replay option is taken."""
    args = ["simulate", "scenario", "goblin_warren", str(ROOT / "content"), "--runs", "1", "--players", "1",
            "--jobs", "1", "--no-progress", "--no-cache", "--out", str(tmp_path / "o.json")]
    result = runner.invoke(app, [*args, *options])
    assert result.exit_code == 2, result.output
    assert f"{named} the game the HTML report replays: give --report FILE.html too" in \
        " ".join(result.output.split())
    assert not (tmp_path / "o.json").exists()
    done = runner.invoke(app, [*args, *options, "--report", str(tmp_path / "r.html")])
    if "--replay" in options and "--replay-seed" in options:
        # each chooses the replayed game: give one (test_replay_and_replay_seed_together_are_a_usage_error)
        assert done.exit_code == 2, done.output
        return
    assert done.exit_code == 0, done.output
    assert (tmp_path / "r.html").is_file()


def test_replay_none_without_report_is_taken(tmp_path):
    """`--replay none` asks for no replay, which needs no HTML report."""
    result = runner.invoke(app, ["simulate", "scenario", "goblin_warren", str(ROOT / "content"), "--runs", "1",
                                 "--players", "1", "--jobs", "1", "--no-progress", "--no-cache", "--out",
                                 str(tmp_path / "o.json"), "--replay", "none"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "o.json").is_file()


def test_card_size_help_names_every_size_the_option_takes(tmp_path):
    """`--card-size --help` named poker, mini-american, mini-euro and square, but not mini-pod, the
    print shops' size that `export png` and `preflight` tell the user to print at."""
    import re

    import typer

    refused = runner.invoke(app, ["export", "pdf", str(ROOT / "content"), "--card-size", "gigantic",
                                  "--out", str(tmp_path / "pdf")])
    assert refused.exit_code == 2
    offered = re.search(r"use one of ([a-z_, ]+) or a custom size", " ".join(refused.output.split()))
    assert offered, refused.output
    sizes = [s.strip().replace("_", "-") for s in offered.group(1).split(",")]
    assert "mini-pod" in sizes
    with_option = [path for path, command in _commands(typer.main.get_command(app))
                   if any("--card-size" in getattr(p, "opts", ()) for p in command.params)]
    assert len(with_option) >= 4  # export pdf, png, tts and preflight
    for path in with_option:
        shown = runner.invoke(app, [*path, "--help"], terminal_width=400)
        flat = " ".join(shown.output.replace("│", " ").split())
        for size in sizes:
            assert size in flat, (path, size)


@pytest.mark.parametrize("argv", [["export", "pdf", "--paper", "a5"], ["abilities", "--format", "yaml"],
                                  ["simulate", "--engine", "fst"]])
def test_a_choice_mistyped_is_told_without_pydantic_words(argv):
    """`export pdf --paper a5` said "Invalid value for '--paper': Value error, 'a5' is not one of
    'a4', 'letter'.": typer checks choices with pydantic, whose "Value error, " means nothing here."""
    result = runner.invoke(app, argv)
    assert result.exit_code == 2
    assert f"Invalid value for '{argv[-2]}'" in result.output and f"'{argv[-1]}' is not one of" in result.output
    assert "Value error" not in result.output


def test_every_argument_is_named_in_capitals_as_the_readme_names_it():
    """`preview` said "Missing argument 'item_id'" and its usage read `{item_id}`, `import` `{file}`,
    `diff` `{old} [new]`: the code's parameter names, where the README writes `ID`, `FILE`, `OLD`."""
    import typer

    checked = 0
    for path, command in _commands(typer.main.get_command(app)):
        for param in command.params:
            if param.param_type_name == "argument":
                assert param.display_name_raw == param.display_name_raw.upper(), (path, param.display_name_raw)
                checked += 1
    shown = runner.invoke(app, ["preview"])
    assert shown.exit_code == 2 and "Missing argument 'ID'" in shown.output
    assert checked > 10


def test_simulate_campaign_help_names_its_own_default_player_counts():
    """`simulate campaign --help` said --players defaults to "the scenario's whole range"; a
    campaign plays every count all its scenarios allow."""
    result = runner.invoke(app, ["simulate", "campaign", "--help"], env={"COLUMNS": "300"})
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert "the scenario's whole range" not in text
    assert "default: every count all the campaign's scenarios allow" in text


def test_the_duel_progress_bar_stays_off_stdout_where_annotations_go(tmp_path):
    """With the output taken for a terminal (FORCE_COLOR, set in many CI logs), `simulate --format
    github` drew its "simulating matchups" bar on stdout, in front of the first annotation; the
    scenarios' bar was already on stderr. (The report goes under tmp_path: the default, build/ in
    the working folder, left build/simulation.json in the checkout.)"""
    result = runner.invoke(app, ["simulate", str(ROOT / "content"), "--runs", "2", "--hero", "mage", "--monster",
                                 "orc", "--jobs", "1", "--no-cache", "--format", "github",
                                 "--out", str(tmp_path / "simulation.json")],
                           env={"FORCE_COLOR": "1", "COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "simulating matchups" not in result.stdout and "\x1b[" not in result.stdout


@pytest.mark.parametrize("command", ["scenario", "campaign"])
def test_the_runs_help_says_precision_makes_it_the_most_too(command):
    """--runs' help said it is the most runs "with --until-decided" alone; --precision plays in
    looks up to it too (default 1000), as --precision's own help says."""
    from doria_forge.commands.pipeline_scenarios import UNTIL_DECIDED_RUNS

    result = runner.invoke(app, ["simulate", command, "--help"], env={"COLUMNS": "300"})
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    assert f"with --until-decided or --precision the most, default {UNTIL_DECIDED_RUNS})" in text


def test_the_rules_clarity_help_counts_its_runs_as_it_plays_them():
    """--rules-clarity's help said "about 3 more runs per choice that comes up": it plays the runs
    once more to count the choices, then all of them three times more for each choice (README:
    "about three times the runs per choice that comes up")."""
    result = runner.invoke(app, ["simulate", "scenario", "--help"], env={"COLUMNS": "300"})
    text = " ".join(result.output.replace("│", " ").split())  # a wrapped help line continues past the box
    assert "3 more runs per choice" not in text
    assert "the runs once more to count the choices, then three times more for each that comes up" in text


def test_build_strict_help_says_it_is_about_validation_warnings():
    """`build --help` said --strict makes "Warnings fail too (exit 1)", yet a build whose scenarios
    warn passes --strict: it is validation's warnings, the scenario findings' gate is --fail-on."""
    result = runner.invoke(app, ["build", "--help"], env={"COLUMNS": "300"})
    text = " ".join(result.output.replace("│", " ").split())
    assert "--strict Validation warnings fail too (exit 1), as errors do; for the scenario findings give " \
           "--fail-on warning." in text


@pytest.mark.parametrize("command", [["scenario", "goblin_warren"], ["campaign", "greywater_smugglers"]])
def test_simulate_strict_fails_on_validation_warnings_before_any_run(tmp_path, command):
    """`simulate scenario|campaign --fail-on warning --format github` printed validation's warnings
    as `::warning` and passed on them (only the simulation's findings gate with --fail-on), and
    simulate had no --strict as validate and build have: a CI gate could not fail on them."""
    import shutil

    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    scenario = pack / "scenarios" / "goblin_warren.yaml"
    text = scenario.read_text(encoding="utf-8")
    scenario.write_text("\n".join(line for line in text.splitlines() if not line.startswith("name_de:")) + "\n",
                        encoding="utf-8")
    out = tmp_path / "r.json"
    argv = ["simulate", *command, str(pack), "--players", "1", "--runs", "1", "--no-cache", "--jobs", "1",
            "--out", str(out), "--format", "github"]
    strict = runner.invoke(app, [*argv, "--strict"])
    assert strict.exit_code == 1, strict.output
    assert [line.split(" ")[0] for line in strict.output.splitlines() if line.startswith("::")] == ["::error"]
    assert "title=missing-translation" in strict.output and not out.exists()
    plain = runner.invoke(app, argv)
    assert plain.exit_code == 0, plain.output
    assert out.exists()


@pytest.mark.parametrize("args", [
    ["export", "bundle", "{pack}", "--out", "{out}/"],
    ["simulate", "scenario", "goblin_warren", "{pack}", "--runs", "1", "--players", "1", "--out", "{out}/"],
    ["simulate", "scenario", "goblin_warren", "{pack}", "--runs", "1", "--players", "1", "--report", "{out}/"],
    ["simulate", "{pack}", "--runs", "1", "--monster", "orc", "--hero", "warrior", "--out", "{out}/"],
    ["simulate", "exploration", "--boss", "ember_dragon", "{pack}", "--runs", "1", "--players", "1",
     "--out", "{out}/"],
    ["export", "xlsx", "{pack}", "--out", "{out}/"],
])
def test_a_file_output_named_as_a_folder_is_refused_before_anything_is_written(tmp_path, monkeypatch, args):
    """`--out reports/` (a folder's name, its separator typed) wrote a file named `reports`: the
    bundle, a JSON report, an HTML page. It is a usage error naming the option, nothing written."""
    out = tmp_path / "reports"
    monkeypatch.chdir(tmp_path)  # the default outputs, build/, would go here
    result = runner.invoke(app, [a.format(pack=ROOT / "content", out=out) for a in args])
    assert result.exit_code == 2, result.output
    assert "--out" in result.output or "--report" in result.output
    assert not out.exists() and not (tmp_path / "build").exists()


def test_a_german_edition_of_a_pack_written_for_english_says_its_cards_print_english(tmp_path, monkeypatch, caplog):
    """`export pdf --lang de` of a pack whose manifest lists only English printed its cards with
    German labels around English texts, without a word (validate asks for no German there). It
    warns, naming the manifest's languages; a pack written for both prints without it."""
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "pack", "frost"]).exit_code == 0
    monkeypatch.chdir(tmp_path / "frost")
    assert runner.invoke(app, ["new", "loot", "ice_shard"]).exit_code == 0
    with caplog.at_level("WARNING"):
        german = runner.invoke(app, ["export", "pdf", "--lang", "de", "--out", str(tmp_path / "de")])
    assert german.exit_code == 0, german.output
    assert "Frost is written for en (languages in its pack.yaml), not de" in caplog.text
    caplog.clear()
    manifest = tmp_path / "frost" / "pack.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "languages: [en, de]\n", encoding="utf-8")
    for lang in ("de", "en"):
        with caplog.at_level("WARNING"):
            result = runner.invoke(app, ["export", "pdf", "--lang", lang, "--out", str(tmp_path / f"both-{lang}")])
        assert result.exit_code == 0 and "written for" not in caplog.text, result.output


def test_preflight_of_an_expansion_counts_the_files_it_checks(tmp_path, monkeypatch):
    """`preflight` of a new pack of 3 files said "0 errors, 0 warnings in 70 files": it counted the
    files of the base pack, whose cards an expansion does not print (nor preflight check). It
    counts the pack's own files, as validate does."""
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "pack", "frost"]).exit_code == 0
    monkeypatch.chdir(tmp_path / "frost")
    assert runner.invoke(app, ["new", "loot", "ice_shard"]).exit_code == 0
    assert runner.invoke(app, ["new", "tile", "X-1"]).exit_code == 0
    validated = runner.invoke(app, ["validate"])
    checked = runner.invoke(app, ["preflight", "--profile", "home-a4"])
    assert validated.exit_code == 0 and checked.exit_code == 0, checked.output
    assert validated.output.strip().endswith("in 3 files") and checked.output.strip().endswith("in 3 files")
