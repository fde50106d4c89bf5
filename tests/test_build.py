"""`doria-forge build`: validate, simulate, export; nothing exported from a broken pack;
the same content gives byte-identical outputs."""

import json
import shutil
from pathlib import Path
from types import SimpleNamespace

from typer.testing import CliRunner

from doria_forge.commands.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _build(pack: Path, out: Path):
    # The scenarios stage has its own test below (it is the slow part of a build).
    return runner.invoke(app, ["build", str(pack), "--out", str(out), "--runs", "1", "--scenario-runs", "0", "--jobs", "1",
                               "--no-progress"])


def _with_a_prose_rule(pack: Path) -> Path:
    """``pack`` with a rule written only as text added to sunken_reliquary: an info of
    ``validate`` (``scenario-prose-rule``; the shipped pack has none)."""
    scenario = pack / "scenarios" / "sunken_reliquary.yaml"
    text = scenario.read_text(encoding="utf-8")
    assert "\noptional_rules:" in text
    scenario.write_text(text.replace("\noptional_rules:", '\n  - text: "The bells ring."\noptional_rules:', 1),
                        encoding="utf-8")
    return pack


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_build_prints_a_one_screen_summary_and_is_byte_identical(tmp_path):
    """A newcomer's first build: what was checked, what holds, what fails and where the details
    are, on one screen (the issue counted 293 lines); the tables are in the reports."""
    first = _build(ROOT / "content", tmp_path / "one")
    assert first.exit_code == 0, first.output
    out = first.output.splitlines()
    assert len(out) <= 24, first.output
    assert out[0] == "Built doria-base 0.1.0:"
    assert any(line.strip().startswith("checked") and "no errors" in line for line in out)
    assert any(line.strip().startswith("duels") and "1 duel a matchup" in line for line in out)
    assert "hero / monster" not in first.output  # the duel table is in simulation.json
    assert "11 PDF sheets" in first.output and "bundle.json" in first.output
    assert out[-1].startswith("OK")
    second = _build(ROOT / "content", tmp_path / "two")
    assert second.exit_code == 0
    one, two = _files(tmp_path / "one"), _files(tmp_path / "two")
    assert set(one) >= {"simulation.json", "doria-base-0.1.0.bundle.json", "pdf/monster_level.pdf", "pdf/room_tiles.pdf"}
    assert one == two
    assert not [name for name in one if name.endswith(".tmp")]


def test_build_refuses_to_export_a_pack_with_errors(tmp_path):
    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    orc = pack / "monsters" / "orc.yaml"
    orc.write_text(orc.read_text(encoding="utf-8").replace("priority: A", "priority: Z"), encoding="utf-8")
    before = _files(pack)
    result = _build(pack, tmp_path / "out")
    assert result.exit_code == 1
    assert "monsters/orc.yaml:" in result.output
    assert not (tmp_path / "out").exists()
    assert _files(pack) == before  # the user's sources are untouched


def test_build_github_annotates_what_validate_github_annotates(pack, tmp_path):
    """build --format github on a failing pack left out the info notices validate --format github
    gives (its text report leaves them to the summary's count); the annotations are the same, from
    the same formatter."""
    _with_a_prose_rule(pack)
    orc = pack / "monsters" / "orc.yaml"
    orc.write_text(orc.read_text(encoding="utf-8").replace("priority: A", "priority: Z"), encoding="utf-8")
    validated = runner.invoke(app, ["validate", str(pack), "--format", "github"])
    assert validated.exit_code == 1 and "::notice file=" in validated.output, validated.output
    built = runner.invoke(app, ["build", str(pack), "--out", str(tmp_path / "out"), "--format", "github"])
    assert built.exit_code == 1, built.output
    assert built.output == validated.output and not (tmp_path / "out").exists()


def test_build_github_annotates_the_infos_of_a_pack_that_passes(pack, tmp_path):
    _with_a_prose_rule(pack)
    validated = runner.invoke(app, ["validate", str(pack), "--format", "github"])
    notices = [line for line in validated.output.splitlines() if line.startswith("::notice file=")]
    assert validated.exit_code == 0 and notices, validated.output
    built = runner.invoke(app, ["build", str(pack), "--out", str(tmp_path / "out"), "--runs", "1",
                                "--scenario-runs", "0", "--jobs", "1", "--no-progress", "--format", "github"])
    assert built.exit_code == 0, built.output
    assert built.output.startswith(validated.output) and "Built doria-base" in built.output


def _only_the_sunken_reliquary(pack):
    """Leave one scenario, no campaign and no Boss Monster card's exploration game (build plays
    them too) in ``pack``: a quick build that verifies scenarios."""
    shutil.rmtree(pack / "campaigns")
    for path in (pack / "scenarios").glob("*.yaml"):
        if path.stem != "sunken_reliquary":
            path.unlink()
    bosses = pack / "bosses" / "bosses.yaml"
    bosses.write_text("\n---\n".join(card[:card.index("exploration:")] + card[card.index("\nflags:") + 1:]
                                      for card in bosses.read_text(encoding="utf-8").split("\n---\n")),
                      encoding="utf-8")


def test_build_verifies_the_scenarios_and_writes_their_reports(pack, tmp_path):
    """One scenario and no campaign keep this build quick; every shipped scenario is verified the same way."""
    _only_the_sunken_reliquary(pack)
    result = runner.invoke(app, ["build", str(pack), "--out", str(tmp_path / "out"), "--runs", "1", "--scenario-runs",
                                 "1", "--jobs", "1", "--no-progress", "--fail-on", "never"])
    assert result.exit_code == 0, result.output
    assert "played     1 scenario at 1, 2 and 4 players, 1 run each" in result.output
    # the build judges in looks, at 97% and stricter (as its findings say), never "its 95% interval"
    assert "(each judged on its interval, Holm across all: at most 5% false alarms)" in result.output
    assert "scenarios.html (open it in a browser)" in result.output
    report = json.loads((tmp_path / "out" / "scenarios.json").read_text())
    assert [e["id"] for e in report["scenarios"]] == ["sunken_reliquary"]
    assert [s["players"] for s in report["scenarios"][0]["players"]] == [1, 2, 4]  # the build's player counts
    assert report["duel_matrix"]["runs"] == 1
    html = (tmp_path / "out" / "scenarios.html").read_text(encoding="utf-8")
    assert "Duel matrix" in html and "The Sunken Reliquary" in html


def test_an_undecided_target_of_a_build_names_the_builds_own_option_for_more_runs(pack, tmp_path):
    """build's balance-undecided findings said "(--runs N)": build's --runs is the duels per
    matchup, so following it played N duels of every matchup and not one more scenario run; the
    scenarios' runs are --scenario-runs."""
    _only_the_sunken_reliquary(pack)
    result = runner.invoke(app, ["build", str(pack), "--out", str(tmp_path / "out"), "--runs", "1", "--scenario-runs",
                                 "2", "--jobs", "1", "--no-progress", "--fail-on", "never"])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "out" / "scenarios.json").read_text())
    hints = [f["message"] for f in report["findings"] if "would likely decide it" in f["message"]]
    assert hints, report["findings"]
    assert all("would likely decide it (--scenario-runs " in hint for hint in hints), hints
    # the summary's last line sent the user to `simulate scenario ID --until-decided`, a command
    # that refuses a campaign's id, instead of the option the findings name
    assert "OK (undecided targets need more runs: raise --scenario-runs" in " ".join(result.output.split())
    assert "--until-decided" not in result.output


def test_the_summary_lists_a_finding_without_the_command_that_plays_its_runs_again(tmp_path):
    """The one-screen summary cuts a scenario finding's "; replay one: COMMAND" (the reports
    have it); a campaign finding's offer, "; play them again: COMMAND", is cut alike."""
    from doria_forge.commands.build_summary import summary_lines

    result = _build(ROOT / "content", tmp_path / "out")
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "out" / "summary.json").read_text(encoding="utf-8"))
    where = {"file": "content/campaigns/greywater_smugglers.yaml", "line": 13, "column": 1}
    data["findings"] = [
        {**where, "severity": "warning", "rule_id": "campaign-never-completed", "message": "no campaign run was "
         "completed; play them again: doria-forge simulate campaign greywater_smugglers --report g.html"},
        {**where, "severity": "warning", "rule_id": "scenario-never-won", "message": "the heroes never won; "
         "replay one: doria-forge simulate scenario goblin_warren --replay worst --report g.html"}]
    listed = [line for line in summary_lines(data, tmp_path / "out") if "[campaign-" in line or "[scenario-" in line]
    assert len(listed) == 2 and not [line for line in listed if "doria-forge simulate" in line], listed


def test_the_summary_writes_a_count_of_one_in_the_singular(tmp_path):
    """A small expansion's build read "1 YAML files", "at 1 players", "1 balance targets", "1 PDF
    sheets" and "1 known findings switched off"."""
    from doria_forge.commands.build_summary import summary_lines

    stage = {"errors": 0, "warnings": 0, "infos": 0}
    data = {"pack": {"id": "tiny", "version": "1"}, "ok": True, "exit_code": 0, "findings": [],
            "validation": {**stage, "files": 1},
            "duels": {**stage, "heroes": 1, "monsters": 1, "levels": [1, 2, 3, 4], "runs": 1, "precision": None},
            "scenarios": {**stage, "scenarios": 1, "campaigns": 0, "players": [1], "runs": [1]},
            "verdicts": {"holds": 1, "fails": 0, "undecided": 0},
            "exports": {"pdf": ["pdf/monsters.pdf"], "bundle": "tiny-1.bundle.json"},
            "silenced": {"missing-translation": 1}, "changed": {}, "configured_by": ["pack.yaml checks"],
            "reports": {"simulation": "simulation.json", "scenarios_json": "scenarios.json",
                        "scenarios_html": "scenarios.html", "summary": "summary.json"}}
    text = "\n".join(summary_lines(data, tmp_path / "out"))
    for said in ("1 YAML file:", "1 scenario at 1 player, 1 run each", "1 balance target:", "1 PDF sheet in",
                 "1 known finding switched off"):
        assert said in text, text


def test_the_summary_counts_boss_cards_exploration_games_apart_from_the_scenarios(tmp_path):
    """build plays each Boss Monster card's exploration game as a scenario: the summary read
    "played 12 scenarios" for a pack of 9 scenarios and 3 such cards."""
    from doria_forge.commands.build_summary import summary_data, summary_lines

    report = {"scenarios": [{"plan": {"players": [1, 2, 4], "runs": 8}}] * 3, "findings": [],
              "verdicts": {"counts": {"holds": 3, "fails": 0, "undecided": 0}}}
    empty = SimpleNamespace(findings=(), cells=(), runs=8, precision=None)
    validation = SimpleNamespace(errors=0, warnings=0, infos=0, files=[], config=None)
    verified = SimpleNamespace(report=report, json_path=None, html_path=None,
                               games=["exploration-ember_dragon", "exploration-gruzak_warlord"])
    data = summary_data(pack=SimpleNamespace(info=SimpleNamespace(id="p", version="1")), validation=validation,
                        matrix=empty, verification=verified, pdfs=[], bundle=tmp_path / "b.json",
                        sim_path=tmp_path / "s.json", exit_code=0, out=tmp_path)
    data["exports"] = {"pdf": [], "bundle": "b.json"}
    text = "\n".join(summary_lines(data, tmp_path))
    assert "played     1 scenario and 2 boss cards' exploration games at 1, 2 and 4 players" in text, text
    verified.games = verified.games[:1]
    data = summary_data(pack=SimpleNamespace(info=SimpleNamespace(id="p", version="1")), validation=validation,
                        matrix=empty, verification=verified, pdfs=[], bundle=tmp_path / "b.json",
                        sim_path=tmp_path / "s.json", exit_code=0, out=tmp_path)
    data["exports"] = {"pdf": [], "bundle": "b.json"}
    assert "played     2 scenarios and 1 boss card's exploration game at" in "\n".join(summary_lines(data, tmp_path))


def test_the_summary_counts_the_targets_for_a_player_count_the_build_did_not_play(tmp_path):
    """build plays 1, 2 and 4 players: a target for 3 players vanished from the summary's count of
    balance targets, without a word."""
    from doria_forge.commands.build_summary import summary_data, summary_lines

    entry = {"document": "scenario/x", "path": ["balance", "win_rate", "3"], "metric": "win_rate", "players": [3],
             "band": [0.1, 0.9], "reason": "not_played"}
    report = {"scenarios": [{"plan": {"players": [1, 2, 4], "runs": 8}}], "findings": [],
              "verdicts": {"counts": {"holds": 2, "fails": 0, "undecided": 0}, "not_judged": [entry]}}
    empty = SimpleNamespace(findings=(), cells=(), runs=8, precision=None)
    validation = SimpleNamespace(errors=0, warnings=0, infos=0, files=[], config=None)
    data = summary_data(pack=SimpleNamespace(info=SimpleNamespace(id="p", version="1")), validation=validation,
                        matrix=empty, verification=SimpleNamespace(report=report, json_path=None, html_path=None,
                                                              games=[]),
                        pdfs=[], bundle=tmp_path / "b.json", sim_path=tmp_path / "s.json", exit_code=0, out=tmp_path)
    assert data["not_judged"] == 1
    data["exports"] = {"pdf": [], "bundle": "b.json"}
    line = next(line for line in summary_lines(data, tmp_path) if line.lstrip().startswith("targets"))
    assert line.endswith("2 hold, 0 fail, 0 undecided (each judged on its interval, Holm across all: at most 5% "
                         "false alarms); 1 not judged (not played at its player count), named in the scenario report")


def _build_against(pack: Path, out: Path, baseline: Path | None, *extra: str):
    """A quick build of ``pack`` (the Sunken Reliquary alone, at most 32 runs per player count)
    into ``out``, compared with ``baseline``."""
    args = ["build", str(pack), "--out", str(out), "--runs", "1", "--scenario-runs", "32", "--jobs", "1",
            "--no-progress", *extra]
    return runner.invoke(app, args + (["--baseline", str(baseline)] if baseline is not None else []))


def test_a_build_compared_with_an_earlier_build_flags_what_a_content_change_did(pack, tmp_path):
    """`build --baseline OLD/scenarios.json`, as the simulate commands' --baseline: the same content
    changes nothing significant; raising the scenario's Monster Level from 1 to 4 is flagged
    (balance-changed on the scenario, balance-change-cause at the changed line), in the summary,
    its JSON and the scenario report, and fails a --fail-on warning gate."""
    _only_the_sunken_reliquary(pack)
    first = _build_against(pack, tmp_path / "first", None)
    assert first.exit_code == 0, first.output
    baseline = tmp_path / "first" / "scenarios.json"
    same = _build_against(pack, tmp_path / "same", baseline)
    assert same.exit_code == 0, same.output
    assert "compared   with the baseline: " in same.output and "none significant" in same.output
    assert "0 documents changed in the pack" in same.output
    assert "balance-changed" not in same.output
    scenario = pack / "scenarios" / "sunken_reliquary.yaml"
    lines = scenario.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.strip() == "monster_level: 1")
    lines[at] = lines[at].replace("monster_level: 1", "monster_level: 4")
    scenario.write_text("\n".join(lines), encoding="utf-8")
    changed = _build_against(pack, tmp_path / "changed", baseline, "--fail-on", "warning")
    assert changed.exit_code == 1, changed.output
    assert "[balance-changed] win rate with" in changed.output
    assert f"sunken_reliquary.yaml:{at + 1}: warning [balance-change-cause]" in changed.output
    summary = json.loads((tmp_path / "changed" / "summary.json").read_text())
    assert summary["baseline"]["significant"] >= 1 and summary["baseline"]["changed_documents"] == 1
    report = json.loads((tmp_path / "changed" / "scenarios.json").read_text())
    assert report["baseline"]["significant"]


def test_a_build_refuses_a_baseline_it_cannot_compare_before_any_work(pack, tmp_path):
    """A baseline that is no scenario report, or one given while --scenario-runs 0 skips the stage
    it compares: exit 2 with the reason, no build folder written."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"a": 1}', encoding="utf-8")
    result = _build_against(pack, tmp_path / "out", bad)
    assert result.exit_code == 2 and "is not a scenario report" in result.output
    assert "build` writes one to scenarios.json" in " ".join(result.output.split())
    skipped = runner.invoke(app, ["build", str(pack), "--out", str(tmp_path / "out"), "--scenario-runs", "0",
                                  "--baseline", str(bad)])
    assert skipped.exit_code == 2 and "--scenario-runs 0 skips" in skipped.output
    assert not (tmp_path / "out").exists()
