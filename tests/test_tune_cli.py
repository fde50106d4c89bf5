"""``doria-forge tune`` on the command line (issue 22): usage errors exit 2, and the issue's
"done when": goblin_warren with a 4-player band it misses ends with exit 0, ``--write`` changes
the scenario file keeping its comments, and an independent simulation with another seed finds
the target holding.

The issue's band was [0.60, 0.90], when greedy won about 45% at 4 players. Greedy won about 60%
there later, and [0.75, 0.95] asked tune for a clear miss to move into a band; since the goal
"defeat every monster on B-7" counts the goblins that walk off the tile, greedy wins about 29%,
and [0.45, 0.75] asks the same clear miss (a candidate near either edge of a band needs more
confirming runs than the budget)."""

from __future__ import annotations

import html
import json
import re

import pytest
from typer.testing import CliRunner

from doria_forge.commands.cli import app

runner = CliRunner()


def _band(pack, band="[0.60, 0.90]"):
    path = pack / "scenarios" / "goblin_warren.yaml"
    text = path.read_text()
    assert "    all: [0.02, 0.85]" in text
    path.write_text(text.replace("    all: [0.02, 0.85]", f'    "4": {band}'))
    return path


def _a_monster_level_too_high(pack):
    """The Goblin Warren set up at Monster Level 3 instead of 1: a scenario a step or two too hard,
    so that the search's first candidates (one Monster Level lower) do better than the content as
    written whatever the bots' strength. Tests that need a better candidate state that premise here
    instead of leaning on 16-run luck, which moved with every bot fix."""
    path = pack / "scenarios" / "goblin_warren.yaml"
    text = path.read_text()
    assert "  monster_level: 1\n" in text
    path.write_text(text.replace("  monster_level: 1\n", "  monster_level: 3\n"))


def test_an_unknown_id_is_a_usage_error_with_a_suggestion(pack):
    result = runner.invoke(app, ["tune", "goblin_waren", str(pack), "--no-progress"])
    assert result.exit_code == 2
    assert "did you mean 'goblin_warren'" in result.output


def test_a_scenario_without_targets_is_a_usage_error(pack):
    path = pack / "scenarios" / "goblin_warren.yaml"
    text = path.read_text()
    start = text.index("balance:")
    end = text.index("max_rounds:")
    path.write_text(text[:start] + text[end:])
    result = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--no-progress"])
    assert result.exit_code == 2
    assert "no balance targets" in result.output


def test_a_budget_below_one_evaluation_is_a_usage_error(pack):
    _band(pack)
    result = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--players", "4", "--budget", "5",
                                 "--no-progress"])
    assert result.exit_code == 2
    assert "less than one evaluation" in result.output


def test_a_search_that_runs_out_says_no_target_of_its_best_candidate_was_confirmed(pack):
    """Three evaluations cannot confirm anything: exit 1, and a target whose interval lies in its
    band on the search runs reads "holds (not confirmed)", never a bare "holds" beside "the
    targets were not reached" (the search chose the candidate by those very runs)."""
    _band(pack)
    result = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--players", "4", "--budget", "48",
                                 "--no-progress", "--jobs", "1"])
    assert result.exit_code == 1, result.output
    assert "the targets were not reached" in result.output
    rows = [line for line in result.output.splitlines() if line.startswith(("win_rate", "rounds"))]
    assert any(row.rstrip().endswith("holds (not confirmed)") for row in rows), rows
    assert not any(row.rstrip().endswith(" holds") for row in rows), rows


@pytest.mark.slow
def test_goblin_warren_is_tuned_into_a_four_player_band_and_another_seed_confirms_it(pack):
    path = _band(pack, "[0.45, 0.75]")
    before = path.read_text()
    comments = [line for line in before.splitlines() if "#" in line]
    result = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--players", "4", "--budget", "1600",
                                 "--write", "--no-progress", "--jobs", "2", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["reached"] and data["changes"] and data["spent"] <= 1600
    assert all(v["verdict"] == "holds" for v in data["after"])
    after = path.read_text()
    assert after != before
    assert [line for line in after.splitlines() if "#" in line] == comments
    changed = [line for line in data["diff"].splitlines() if line.startswith("+") and not line.startswith("+++")]
    assert len(changed) == len(data["changes"])  # nothing but the knob lines
    # the independent check on another seed plays until the target is decided (a proposal may lie
    # near a band's edge, as the tune's own confirmation allows; deciding it then takes many runs)
    check = runner.invoke(app, ["simulate", "scenario", "goblin_warren", str(pack), "--players", "4", "--seed", "777",
                                "--runs", "2048", "--until-decided", "--no-progress", "--format", "json",
                                "--out", str(pack.parent / "check.json")])
    report = json.loads(check.stdout)
    win = [v for v in report["verdicts"]["targets"] if v["metric"] == "win_rate"]
    assert [v["verdict"] for v in win] == ["holds"], win


def test_the_printed_diff_keeps_long_lines_whole_as_the_json_diff_has_them(pack):
    """A terminal of 80 columns (CliRunner's, a pipe's) wrapped a long line of the diff (the file
    names of its header, a commented YAML line) in two, and the printed diff no longer applied."""
    _band(pack, "[0.75, 0.95]")
    _a_monster_level_too_high(pack)  # a diff to print
    args = ["tune", "goblin_warren", str(pack), "--players", "4", "--budget", "48", "--no-progress", "--jobs", "1"]
    diff = json.loads(runner.invoke(app, [*args, "--format", "json"]).stdout)["diff"]
    assert max(len(line) for line in diff.splitlines()) > 80, diff
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output
    assert diff in result.output


def test_a_report_path_that_is_a_folder_is_refused_naming_report(pack, tmp_path):
    """The refusal asked to "give --out a file name", an option tune does not have."""
    result = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--report", str(tmp_path), "--no-progress"])
    assert result.exit_code == 2
    assert "give --report a file name" in result.output and "--out" not in result.output


def test_a_search_whose_best_is_the_content_as_written_says_so(pack):
    """It said "the best candidate found:" above a table whose two columns were both the content
    as written, and showed no change."""
    result = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--players", "2", "--budget", "50", "--runs", "8",
                                 "--no-progress", "--jobs", "1"])
    assert result.exit_code == 1, result.output
    assert "; the content as written, on its search runs:" in result.output
    assert "---" not in result.output  # no diff: the best is the content itself


def test_a_budget_spent_before_any_confirmation_says_so_and_what_budget_would_do(pack, tmp_path):
    """With every target inside its band on the search runs and no confirmation played, tune said
    "no candidate did better than the content as written", read "holds (not confirmed)" and named
    no target resisting: as if the search had failed, when the budget had run out before anything
    could be confirmed. It now says so, with a budget that leaves room for a confirmation."""
    args = ["tune", "goblin_warren", str(pack), "--players", "2", "--budget", "50", "--runs", "8", "--no-progress",
            "--jobs", "1"]
    result = runner.invoke(app, [*args, "--report", str(tmp_path / "t.html")])
    assert result.exit_code == 1, result.output
    assert ("the targets were not reached: the budget ran out before any candidate could be confirmed"
            in result.output)
    assert "did better" not in result.output and "resists" not in result.output
    note = re.search(r"nothing was confirmed: the budget of 50 playthroughs ran out first\..* some (\d+) "
                     r"playthroughs here .*; the default budget is 1600\. Raise --budget, or lower --runs", result.output)
    assert note and int(note[1]) > 50, result.output
    assert "Nothing was confirmed: the budget of 50 playthroughs ran out first." in (tmp_path / "t.html").read_text()
    data = json.loads(runner.invoke(app, [*args, "--format", "json"]).stdout)
    assert data["looks"] == 0 and data["resisting"] == [] and data["confirm_budget"] == int(note[1])
    assert data["budget_note"].startswith("nothing was confirmed")


def test_the_report_of_a_tune_that_misses_its_targets_shows_the_best_candidate_and_its_rates(pack, tmp_path):
    """The report of a run that missed its targets held its headline alone: none of the rates,
    intervals, bands and verdicts of the best candidate, nor the candidates tried."""
    # a band the budget cannot reach, with a candidate that does better than the scenario as written
    _band(pack, "[0.85, 0.95]")
    _a_monster_level_too_high(pack)
    out = tmp_path / "tune.html"
    result = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--players", "4", "--budget", "48",
                                 "--no-progress", "--jobs", "1", "--report", str(out), "--format", "json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    page = out.read_text()
    assert "<h2>The targets were not reached (the budget is spent)</h2>" in page
    assert "The best candidate found:" in page and data["changes"]
    for change in data["changes"]:  # the best candidate's knobs, old and new value
        field = change["knob"].split(":", 1)[1]
        assert f"<td>{field}</td><td>{change['where']}</td><td>{change['old']}</td><td>{change['new']}</td>" in page
    win = next(v for v in data["after"] if v["metric"] == "win_rate")
    low, high = win["interval"]
    assert ("<td>win_rate (4p) in [0.85, 0.95]</td><td>" in page
            and f"<td>{win['estimate']:.0%} [{low:.0%}, {high:.0%}]</td><td>{win['verdict']}</td>" in page)
    assert "<strong>resists:</strong> win_rate (4p) in [0.85, 0.95]" in page
    assert f"48 of 48 playthroughs spent on {data['candidates_played']} candidates" in page
    assert f"<pre>{html.escape(data['diff'])}</pre>" in page  # the diff of the best candidate


def test_sensitivity_steps_the_budget_did_not_reach_say_so_and_how_to_raise_it(pack, tmp_path):
    """Once the budget was spent the sensitivity's cells were left blank, as blank as a step
    past a knob's range, with no word of why."""
    _band(pack)
    out = tmp_path / "tune.html"
    args = ["tune", "goblin_warren", str(pack), "--players", "4", "--runs", "8", "--no-progress", "--jobs", "1",
            "--sensitivity", "--report", str(out)]
    result = runner.invoke(app, [*args, "--budget", "100"])
    assert result.exit_code == 1, result.output
    rows = [line for line in result.output.splitlines() if line.startswith("4 ")]
    assert rows and any(line.rstrip().endswith("not measured") for line in rows), result.output
    assert any("%" in line.split("yaml:", 1)[1].split("]", 1)[1] for line in rows)  # a step that was measured
    note = re.search(r"(\d+) steps? of the sensitivity (?:is|are) not measured: the budget of 100 playthroughs ran out "
                     r"first; the chart alone takes (\d+) .*raise --budget or lower --runs", result.output)
    assert note, result.output
    assert int(note[1]) == sum(line.count("not measured") for line in rows) and int(note[2]) > 100
    page = out.read_text()
    assert "<td>not measured</td>" in page and re.search(r"steps? of the sensitivity (is|are) not measured", page)
    # a budget too small for the content's own runs: no table at all, but the note
    result = runner.invoke(app, [*args, "--budget", "20"])
    assert "the sensitivity was not measured: the budget of 20 playthroughs ran out first" in result.output
    assert "The sensitivity was not measured" in out.read_text()


def test_a_sensitivity_step_the_content_refuses_says_refused_and_why(pack, tmp_path):
    """A step whose value the model refused was left blank, as blank as a step past the knob's
    range: "not allowed" read like "not there"."""
    path = _band(pack)
    # Monster Level 1 in steps of 10: one step up (11) the model refuses, one down (-9) is past the range
    path.write_text(path.read_text() + "tune:\n  defaults: false\n  knobs:\n"
                    "    - {path: setup.monster_level, min: 1, max: 20, step: 10}\n")
    out = tmp_path / "tune.html"
    result = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--players", "4", "--runs", "4", "--budget", "64",
                                 "--no-progress", "--jobs", "1", "--sensitivity", "--report", str(out)])
    assert result.exit_code in (0, 1), result.output
    [row] = [line.split() for line in result.output.splitlines() if line.startswith("4 ")]
    assert row[-2:] == ["11:", "refused"], result.output  # and nothing in the step-down column
    assert re.search(r"refused: scenario/goblin_warren:setup\.monster_level 11 \(.*monster_level", result.output)
    page = out.read_text()
    assert "<td></td><td>11: refused</td></tr>" in page and "refused: scenario/goblin_warren:setup.monster_level 11" in page
    data = json.loads(runner.invoke(app, ["tune", "goblin_warren", str(pack), "--players", "4", "--runs", "4",
                                          "--budget", "64", "--no-progress", "--jobs", "1", "--sensitivity",
                                          "--format", "json"]).output)
    [row] = data["sensitivity"]
    assert row["down"] is None and row["up"] is None and row["not_measured"] == []
    assert list(row["refused"]) == ["up"] and row["refused"]["up"]["value"] == 11
    assert "monster_level" in row["refused"]["up"]["reason"]


def test_tune_takes_one_policy_as_its_help_says(pack):
    """`tune --help` offered `simulate scenario`'s several comma-separated policies, and
    `tune --policy weak,greedy` then answered "unknown policy 'weak,greedy'"."""
    shown = runner.invoke(app, ["tune", "--help"], terminal_width=400)
    assert shown.exit_code == 0
    assert "comma-separated (weak,greedy" not in " ".join(shown.output.replace("│", " ").split())
    result = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--policy", "weak,greedy", "--no-progress"])
    assert result.exit_code == 2
    assert "tune plays one policy" in result.output


def test_a_sensitivity_step_a_validation_rule_refuses_names_the_rule_and_its_message(pack):
    """A step a validation rule refused gave the reason "the changed content breaks a validation
    rule", never which rule nor what it said."""
    path = _band(pack)
    # the target tile 4th of 8 in steps of 10: one step up (14) lies below the deck's bottom
    path.write_text(path.read_text() + "tune:\n  defaults: false\n  knobs:\n"
                    "    - {path: setup.target_position, min: 1, max: 20, step: 10}\n")
    result = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--players", "4", "--runs", "4", "--budget", "64",
                                 "--no-progress", "--jobs", "1", "--sensitivity"])
    assert result.exit_code in (0, 1), result.output
    flat = " ".join(result.output.split())
    assert ("refused: scenario/goblin_warren:setup.target_position 14 (scenario-tile-deck: target_position 14 is "
            "below the bottom of a Room Tile deck of 8 tiles)") in flat, result.output


def test_the_candidates_said_to_be_spent_on_are_those_played(pack):
    """A budget of 8 playthroughs at 2 runs a candidate said "8 of 8 playthroughs spent on 12
    candidates": it counted the candidates proposed, most of which the budget never played."""
    result = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--players", "1", "--runs", "2", "--budget", "8",
                                 "--no-progress", "--jobs", "1", "--format", "json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert 1 <= data["candidates_played"] * 2 <= data["spent"] <= 8  # each played candidate: 2 runs at least
    assert data["candidates"] > data["candidates_played"]
    text = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--players", "2", "--runs", "2", "--budget", "8",
                               "--no-progress", "--jobs", "1"])
    unplayed = data["candidates"] - data["candidates_played"]
    assert (f"{data['spent']} of 8 playthroughs spent on {data['candidates_played']} candidates (0 confirmation "
            f"looks; {unplayed} more proposed, not played)") in " ".join(text.output.split())


def test_the_content_unchanged_and_unconfirmed_is_one_column_and_a_median_of_few_runs_has_no_interval(pack):
    """With no candidate better than the content, the table showed the same column twice ("as
    written (search runs, 95%)"), and the median rounds of 2 runs as "2.0 [-inf, inf]"."""
    text = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--players", "2", "--runs", "2", "--budget", "8",
                               "--no-progress", "--jobs", "1"])
    assert text.exit_code == 1, text.output
    assert "no candidate did better than the content as written" in text.output
    header = next(line for line in text.output.splitlines() if line.startswith("target "))
    assert header.split() == ["target", "as", "written", "(search", "runs,", "95%)", "verdict"]
    rounds = next(line for line in text.output.splitlines() if line.startswith("rounds (2p)"))
    assert "inf" not in rounds and "(too few runs for an interval)" in rounds


def test_counts_of_one_are_written_in_the_singular(pack):
    """"--budget 1 is less than one evaluation (1 runs x 2 player counts)", "every target holds
    with 1 change(s)" and "1 step(s) of the sensitivity are not measured: the budget of 1
    playthroughs ran out first" now write one in the singular."""
    from types import SimpleNamespace

    from doria_forge.commands.pipeline_tune import _headline, sensitivity_note

    result = runner.invoke(app, ["tune", "goblin_warren", str(pack), "--players", "1,2", "--runs", "1",
                                 "--budget", "1", "--no-progress"])
    assert result.exit_code == 2
    assert "(1 run x 2 player counts)" in " ".join(result.output.split())
    reached = SimpleNamespace(outcome=SimpleNamespace(reached=True, best=SimpleNamespace(changes=[("knob", 2)])),
                              not_judged=[])
    assert _headline(reached)[0] == "every target holds with 1 change"  # type: ignore[arg-type]
    short = SimpleNamespace(sensitivity_cost=8, budget=1, sensitivity=[SimpleNamespace(not_measured=("up",))])
    assert sensitivity_note(short).startswith(  # type: ignore[arg-type]
        "1 step of the sensitivity is not measured: the budget of 1 playthrough ran out first")


def test_a_campaigns_sensitivity_is_named_its_completion_rate(tmp_path):
    """README: the sensitivity of a campaign measures its completion rate; the table, the page's
    heading and the chart's axis called it the win rate."""
    from pathlib import Path

    out = tmp_path / "t.html"
    result = runner.invoke(app, ["tune", "greywater_smugglers", str(Path(__file__).resolve().parents[1] / "content"),
                                 "--players", "2", "--budget", "40", "--runs", "4", "--sensitivity", "--report",
                                 str(out), "--no-progress"])
    assert result.exit_code == 1, result.output
    assert "sensitivity: completion rate one step either side" in result.output
    page = out.read_text(encoding="utf-8")
    assert "Sensitivity: completion rate one step either side" in page and "win rate" not in page


def test_a_target_for_a_player_count_left_out_of_the_tune_is_named_not_tuned(pack, tmp_path):
    """tune --players 2 on a scenario with a target for 1 player tuned without a word of it, and a
    reached tune said "every target holds" though that one was never played."""
    from types import SimpleNamespace

    from doria_forge.commands.pipeline_tune import _headline

    args = ["tune", "alchemists_fuse", str(pack), "--players", "2", "--budget", "16", "--runs", "8", "--no-progress",
            "--jobs", "1"]
    result = runner.invoke(app, [*args, "--report", str(tmp_path / "t.html")])
    assert result.exit_code == 1, result.output
    line = re.search(r"not tuned: balance\.win_rate\.1 \(the win rate with 1 player, \d+%-\d+%\): not played at "
                     r"that count", result.output)
    assert line, result.output
    assert line[0] in (tmp_path / "t.html").read_text()
    data = json.loads(runner.invoke(app, [*args, "--format", "json"]).stdout)
    assert [entry["path"] for entry in data["not_judged"]] == [["balance", "win_rate", "1"]]
    reached = SimpleNamespace(outcome=SimpleNamespace(reached=True, best=SimpleNamespace(changes={})),
                              not_judged=data["not_judged"])
    assert _headline(reached)[0] == "every target tuned already holds as written"
