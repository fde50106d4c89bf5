"""The balance diff (--baseline, sim.baseline): a deliberately weakened monster is flagged,
with the YAML lines whose change caused it; the same pack twice flags nothing."""

import json
import re
import shutil
from pathlib import Path

import pytest
from scenario_sim_helpers import ORC_PIT, add_documents
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.sim.baseline import changed_fields, pack_diff

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _simulate(pack: Path, out: Path, *extra: str):
    return runner.invoke(app, ["simulate", "scenario", "orc_pit", str(pack), "--runs", "10", "--players", "2",
                               "--jobs", "1", "--no-progress", "--out", str(out), *extra])


def test_a_weakened_monster_is_flagged_at_its_yaml_lines(tmp_path):
    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    add_documents(pack, "scenarios/orc_pit.yaml", ORC_PIT)
    assert _simulate(pack, tmp_path / "before.json").exit_code == 0

    same = _simulate(pack, tmp_path / "same.json", "--baseline", str(tmp_path / "before.json"))
    assert same.exit_code == 0
    unchanged = json.loads((tmp_path / "same.json").read_text())
    assert unchanged["baseline"]["significant"] == [] and unchanged["baseline"]["changed_documents"] == {}

    orc = pack / "monsters" / "orc.yaml"
    orc.write_text(re.sub(r"attack: \S+", "attack: 1D", orc.read_text(encoding="utf-8")), encoding="utf-8")
    after = _simulate(pack, tmp_path / "after.json", "--baseline", str(tmp_path / "before.json"),
                      "--fail-on", "warning")
    assert after.exit_code == 1, after.output
    report = json.loads((tmp_path / "after.json").read_text())
    significant = report["baseline"]["significant"]
    assert any(c["metric"] == "hit_rate:monster:orc" and c["new"] < c["old"] for c in significant)
    orc_change = next(c for c in significant if c["metric"] == "hit_rate:monster:orc")
    assert "monster_level/orc-1" in orc_change["causes"]
    causes = [f for f in report["findings"] if f["rule_id"] == "balance-change-cause"]
    lines = orc.read_text(encoding="utf-8").splitlines()
    assert causes and all(f["file"].endswith("monsters/orc.yaml") for f in causes)
    assert all(lines[f["line"] - 1].startswith("attack: 1D") for f in causes)
    assert "balance-changed" in after.output and "orc.yaml:" in after.output


def test_changed_fields_and_pack_diff():
    assert list(changed_fields({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 3], "c": "x"})) == [
        (("b", 1), 2, 3), (("c",), None, "x")]
    old = {"monster/orc": {"sha256": "1", "data": {"hp": 2}}, "trap/pit": {"sha256": "2", "data": {}}}
    new = {"monster/orc": {"sha256": "3", "data": {"hp": 1}}, "trap/pit": {"sha256": "2", "data": {}}}
    assert pack_diff(old, new) == {"monster/orc": [(("hp",), 2, 1)]}


def _player(players, runs, wins, damage):
    total = sum(damage)
    return {"players": players, "runs": runs, "wins": wins, "win_rate": wins / runs,
            "rounds": {"median": 5, "histogram": {"5": runs}},
            "damage": {"monster:orc": {"total": total, "sum_sq": sum(d * d for d in damage),
                                       "per_run": total / runs}},
            "attacks": {}}


def _report(entry_players, scenario_data, campaigns=()):
    text = json.dumps(scenario_data, sort_keys=True)
    return {"scenarios": [{"id": "pit", "plan": {"seed": 1, "runs": 20, "policy": "greedy", "heroes": []},
                           "players": entry_players}],
            "campaigns": list(campaigns),
            "documents": {"scenario/pit": {"sha256": str(hash(text)), "data": scenario_data},
                          "monster/orc": {"sha256": "orc", "data": {"id": "orc"}}}}


def _nowhere(kind, doc_id, path):
    from doria_forge.sim.findings import no_location

    return no_location(kind, doc_id, path)


def test_a_change_of_the_scenario_itself_is_named_with_its_fields():
    """The issue: five times "no document behind it changed" after the scenario had changed.
    The scenario spawns the orcs: its changed spawn is behind the change of their damage."""
    from doria_forge.sim.baseline import compare

    before = {"rules": [{"do": [{"do": "spawn", "monster": "orc", "count": 1}]}], "name": "Pit"}
    after = {"rules": [{"do": [{"do": "spawn", "monster": "orc", "count": 4}]}], "name": "Pit"}
    old = _report([_player(2, 20, 10, [2, 3, 1, 2] * 5)], before)
    new = _report([_player(2, 20, 10, [9, 11, 8, 12] * 5)], after)
    comparison, findings = compare(old, new, locate=_nowhere)
    (change,) = [c for c in comparison["significant"] if c["metric"] == "damage:monster:orc"]
    assert change["causes"] == ["scenario/pit"]
    assert change["cause_fields"] == {"scenario/pit": ["rules.0.do.0.count"]}
    changed = next(f for f in findings if f.rule_id == "balance-changed")
    assert "no document" not in changed.message
    assert "scenario/pit (rules.0.do.0.count)" in changed.message
    cause = next(f for f in findings if f.rule_id == "balance-change-cause")
    assert "rules.0.do.0.count changed (1 -> 4)" in cause.message


def test_only_an_unchanged_pack_says_no_document_changed():
    from doria_forge.sim.baseline import compare

    data = {"name": "Pit"}
    old = _report([_player(2, 20, 10, [2, 3, 1, 2] * 5)], data)
    new = _report([_player(2, 20, 10, [9, 11, 8, 12] * 5)], data)
    _, findings = compare(old, new, locate=_nowhere)
    assert "no document of the pack changed" in next(f for f in findings if f.rule_id == "balance-changed").message


def test_an_exploration_report_as_baseline_counts_no_made_up_document(tmp_path):
    """`simulate scenario --baseline build/exploration-BOSS.json` said "1 document changed in the
    pack" of an unchanged pack: the boss's exploration game, assembled from its card, counted as a
    scenario document removed from the pack."""
    old, new = tmp_path / "exploration.json", tmp_path / "scenario.json"
    common = ["--runs", "1", "--players", "2", "--jobs", "1", "--no-progress"]
    played = runner.invoke(app, ["simulate", "exploration", str(ROOT / "content"), "--boss", "ember_dragon", *common,
                                 "--out", str(old), "--fail-on", "never"])
    assert played.exit_code == 0, played.output
    assert "scenario/exploration-ember_dragon" in json.loads(old.read_text())["documents"]
    result = runner.invoke(app, ["simulate", "scenario", "goblin_warren", str(ROOT / "content"), *common,
                                 "--out", str(new), "--baseline", str(old)])
    assert result.exit_code == 0, result.output
    assert json.loads(new.read_text())["baseline"]["changed_documents"] == {}
    assert "0 documents changed in the pack" in result.output


def test_simulate_exploration_compares_with_a_baseline_and_names_the_boss_card_changed(tmp_path):
    """`simulate exploration` had no --baseline (`simulate scenario` and `campaign` have it): a
    designer tuning a Boss Monster card could not see what the change did to its game."""
    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    common = ["simulate", "exploration", str(pack), "--boss", "ember_dragon", "--runs", "1", "--players", "2",
              "--jobs", "1", "--no-progress", "--fail-on", "never"]
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    assert runner.invoke(app, [*common, "--out", str(old)]).exit_code == 0
    bosses = pack / "bosses" / "bosses.yaml"
    bosses.write_text(bosses.read_text().replace("hit_points: 4, armor_rating: 1}", "hit_points: 5, armor_rating: 1}",
                                                 1))
    result = runner.invoke(app, [*common, "--out", str(new), "--baseline", str(old)])
    assert result.exit_code == 0, result.output
    assert "1 document changed in the pack" in result.output
    assert list(json.loads(new.read_text())["baseline"]["changed_documents"]) == ["boss/ember_dragon"]
    refused = runner.invoke(app, [*common, "--out", str(new), "--baseline", str(bosses)])
    assert refused.exit_code == 2 and "--baseline" in refused.output


def test_an_exploration_games_change_is_put_on_its_boss_card():
    """An exploration game is made from its Boss Monster card: a change of the card's exploration
    section is behind the game's change, named at the card, not at a scenario no file holds."""
    from doria_forge.sim.baseline import compare

    def report(damage, rules):
        boss = {"id": "dragon", "exploration": {"rules": rules}}
        game = {"id": "exploration-dragon", "rules": rules}
        made = _report([_player(2, 20, 10, damage)], game)
        made["scenarios"][0]["id"] = "exploration-dragon"
        made["documents"] = {"boss/dragon": {"sha256": json.dumps(boss), "data": boss},
                             "scenario/exploration-dragon": {"sha256": json.dumps(game), "data": game}}
        return made

    old = report([2, 3, 1, 2] * 5, [{"text": "calm"}])
    new = report([9, 11, 8, 12] * 5, [{"text": "angry"}])
    comparison, _ = compare(old, new, locate=_nowhere)
    assert list(comparison["changed_documents"]) == ["boss/dragon"]
    (change,) = [c for c in comparison["significant"] if c["metric"] == "damage:monster:orc"]
    assert change["causes"] == ["boss/dragon"]
    assert change["cause_fields"] == {"boss/dragon": ["exploration.rules.0.text"]}


def _campaign(completed, runs, won, attempts, xp):
    return {"id": "saga", "plan": {"seed": 1, "runs": runs, "policy": "greedy", "heroes": []},
            "players": [{"players": 2, "runs": runs, "completed": completed, "completion_rate": completed / runs,
                         "scenarios": [{"scenario": "pit", "attempts": attempts, "wins": won}],
                         "carry_over": {"group_xp": {"n": len(xp), "total": sum(xp),
                                                     "sum_sq": sum(x * x for x in xp),
                                                     "mean": sum(xp) / len(xp), "most": 10.0}}}]}


def test_campaigns_are_compared_too():
    from doria_forge.sim.baseline import compare

    data = {"name": "Pit"}
    old = _report([_player(2, 20, 10, [2] * 20)], data, [_campaign(30, 40, 70, 80, [6, 7, 5, 6] * 10)])
    new = _report([_player(2, 20, 10, [2] * 20)], data, [_campaign(4, 40, 20, 80, [2, 1, 2, 3] * 10)])
    new["documents"]["campaign/saga"] = {"sha256": "new", "data": {"scenarios": ["pit"], "rewards": [1]}}
    old["documents"]["campaign/saga"] = {"sha256": "old", "data": {"scenarios": ["pit"], "rewards": [2]}}
    comparison, findings = compare(old, new, locate=_nowhere)
    metrics = {c["metric"] for c in comparison["significant"]}
    assert {"completion_rate", "scenario_win_rate:pit", "carry_over:group_xp"} <= metrics
    completion = next(c for c in comparison["significant"] if c["metric"] == "completion_rate")
    assert completion["document"] == "campaign/saga" and completion["causes"] == ["campaign/saga"]
    assert any("campaign completion rate with 2 players: 75% -> 10%" in f.message for f in findings)


def test_a_changed_field_is_named_and_located_as_the_yaml_writes_it(shipped_pack):
    """A spawn's count changed in a scenario rule: the report's documents name it by the model's
    field (``rules.0.effects.0.count``), which no YAML file has, so the finding named a field the
    designer never wrote and sat on the rule's line. It reads ``rules.0.do.0.count`` now."""
    from doria_forge.sim.baseline import written_path

    key = "scenario/goblin_warren"
    assert written_path(shipped_pack, key, ("rules", 0, "effects", 0, "count")) == ("rules", 0, "do", 0, "count")
    assert written_path(shipped_pack, key, ("setup", "monster_level")) == ("setup", "monster_level")
    assert written_path(shipped_pack, key, ("rules", 0, "gone", 1)) == ("rules", 0, "gone", 1)  # only the old had it
    assert written_path(shipped_pack, "monster/nobody", ("name",)) == ("name",)


def _old_count(**changes):
    """One player count of a scenario report as the comparison reads it."""
    count = {"players": 1, "runs": 8, "wins": 3, "win_rate": 0.375, "rounds": {"median": 5, "histogram": {"5": 8}},
             "damage": {"monster:orc": {"total": 11, "sum_sq": 41, "per_run": 1.375}}}
    return {**count, **changes}


def _old_report(*counts, **top):
    return {"format": 1, "scenarios": [{"id": "goblin_warren", "plan": {"runs": 8}, "players": list(counts)}], **top}


@pytest.mark.parametrize(("report", "key"), [
    (_old_report({k: v for k, v in _old_count().items() if k != "damage"}), "scenarios.0.players.0.damage"),
    (_old_report(_old_count(rounds={"median": 5})), "scenarios.0.players.0.rounds.histogram"),
    (_old_report(_old_count(rounds={"median": 5, "histogram": {"five": 8}})), "scenarios.0.players.0.rounds.histogram.five"),
    (_old_report(_old_count(win_rate="0.375")), "scenarios.0.players.0.win_rate"),
    (_old_report(_old_count(wins=50)), "scenarios.0.players.0: 50 wins of 8 runs"),
    (_old_report(_old_count(damage={"monster:orc": 11})), "scenarios.0.players.0.damage.monster:orc"),
    (_old_report(_old_count(won_runs="ff")), "scenarios.0.players.0: won_runs names 8 runs won"),
    (_old_report(_old_count(won_runs="0x7")), "scenarios.0.players.0.won_runs"),
    ({"format": 1, "scenarios": ["goblin_warren"]}, "scenarios.0: Input should be a JSON object"),
    (_old_report(_old_count(), documents={"scenario/goblin_warren": {"data": {}}}), "documents.scenario/goblin_warren.sha256"),
    # two summaries of one count, or one scenario twice, were compared on one of them, the other dropped
    (_old_report(_old_count(), _old_count(wins=8)), "scenarios.0: player count 1 listed twice"),
    ({"format": 1, "scenarios": _old_report(_old_count())["scenarios"] * 2}, "(top): scenario goblin_warren listed twice"),
])
def test_a_baseline_the_comparison_cannot_read_is_a_usage_error_naming_the_key(tmp_path, report, key):
    """A hand-edited or damaged report passed the format check and then crashed the comparison
    after every run was played (KeyError, TypeError, a math domain error), exit 1 with a traceback."""
    old = tmp_path / "old.json"
    old.write_text(json.dumps(report))
    result = runner.invoke(app, ["simulate", "scenario", "goblin_warren", str(ROOT / "content"), "--runs", "1",
                                 "--players", "1", "--no-progress", "--out", str(tmp_path / "new.json"),
                                 "--baseline", str(old)])
    assert result.exit_code == 2, result.output
    assert f"--baseline {old} is not a scenario report" in result.output and f"at key {key}" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not (tmp_path / "new.json").exists()


def test_a_report_written_before_documents_and_hit_rates_were_kept_is_still_compared(tmp_path):
    old = tmp_path / "old.json"
    old.write_text(json.dumps(_old_report(_old_count())))
    result = runner.invoke(app, ["simulate", "scenario", "goblin_warren", str(ROOT / "content"), "--runs", "1",
                                 "--players", "1", "--jobs", "1", "--no-progress", "--out", str(tmp_path / "new.json"),
                                 "--baseline", str(old)])
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "new.json").read_text())["baseline"]["tests"] > 0


def test_a_scenario_the_baseline_lacks_is_noted_at_the_scenario_file(tmp_path):
    """The note was at the pack folder (`content:1:1`): an annotation GitHub cannot attach to a file."""
    old = tmp_path / "old.json"
    lantern = _old_report(_old_count())
    lantern["scenarios"][0]["id"] = "lantern_vigil"
    old.write_text(json.dumps(lantern))
    result = runner.invoke(app, ["simulate", "scenario", "goblin_warren", str(ROOT / "content"), "--runs", "1",
                                 "--players", "1", "--jobs", "1", "--no-progress", "--format", "github",
                                 "--out", str(tmp_path / "new.json"), "--baseline", str(old)])
    assert result.exit_code == 0, result.output
    note = next(line for line in result.output.splitlines() if "title=baseline-not-comparable" in line)
    assert note.startswith("::notice file=content/scenarios/goblin_warren.yaml,line=")
    assert note.endswith("::scenario goblin_warren is not in the baseline")


def _carried_campaign(xp_by_run, most=15.0, passed=3):
    """A campaign entry at 2 players, a run per value of ``xp_by_run``, each carrying that Group XP
    on through ``passed`` scenarios, at most ``most`` a scenario (the report's ``most``)."""
    from doria_forge.sim.campaign import CampaignRecord, CampaignStats

    stats = CampaignStats(2)
    for run, xp in enumerate(xp_by_run):
        stats.add(CampaignRecord(run=run, players=2, completed=True, end=None,
                                 attempts=[(i, "pit", "won", 5) for i in range(passed + 1)],
                                 carried=[(xp, 1, 0)] * passed))
    summary = stats.to_data(["pit"] * (passed + 1))
    for carried in summary["carry_over"].values():
        carried["most"] = most
    return {"id": "saga", "plan": {"seed": 1, "runs": len(xp_by_run), "policy": "greedy", "heroes": []},
            "scenarios": ["pit"] * (passed + 1), "players": [summary]}


def test_a_carry_over_change_is_tested_over_campaign_runs():
    """Welch's test counted every scenario passed as an independent value: 10 runs that each
    carried 1.5 Group XP more through 3 scenarios were 30 values, p = 0.002, a balance-changed
    warning; over the runs that carried them the change is not shown. 30 runs carrying 6 more
    show it."""
    from doria_forge.sim.baseline import compare

    xp = [3, 4, 5, 6, 7, 5, 6, 7, 8, 9]
    data = {"name": "Pit"}
    old = _report([_player(2, 20, 10, [2] * 20)], data, [_carried_campaign(xp)])
    new = _report([_player(2, 20, 10, [2] * 20)], data, [_carried_campaign([x + 1.5 for x in xp])])
    comparison, findings = compare(old, new, locate=_nowhere)
    assert not any(c["metric"] == "carry_over:group_xp" for c in comparison["significant"])
    assert not any("group xp" in f.message for f in findings)
    old = _report([_player(2, 20, 10, [2] * 20)], data, [_carried_campaign(xp * 3)])
    far = _report([_player(2, 20, 10, [2] * 20)], data, [_carried_campaign([x + 6 for x in xp] * 3)])
    comparison, findings = compare(old, far, locate=_nowhere)
    (change,) = [c for c in comparison["significant"] if c["metric"] == "carry_over:group_xp"]
    assert change["method"] == "betting-over-runs"
    assert any("group xp carried" in f.message and "betting-over-runs" in f.message for f in findings)


def test_a_lumpier_carry_over_of_the_same_mean_is_not_called_a_change():
    """Both reports carry 1 Group XP a scenario on average (at most 10): the baseline steadily (0, 1,
    1 or 2), the new pack rarely but much (10 in one run of ten). 8 runs of the new pack most often
    carried nothing: Welch's t (over runs) took their zero spread at its word and called 40 of these
    200 pairs a change, Holm-adjusted (8 runs of 0 against a steady 1: p = 0.007). The carry-over is
    judged as its verdicts judge it: the two betting intervals must lie apart, and 8 runs of 0 do
    not show a mean below 1 when a run may carry 10. Seeded: the same pairs every time."""
    import random

    from doria_forge.sim.baseline import compare

    rng = random.Random(20261128)
    data = {"name": "Pit"}
    scenario = [_player(2, 20, 10, [2] * 20)]
    called = 0
    for _ in range(200):
        steady = [rng.choice([0, 1, 1, 2]) for _ in range(8)]
        lumpy = [10 if rng.random() < 0.1 else 0 for _ in range(8)]
        old = _report(scenario, data, [_carried_campaign(steady, most=10.0, passed=1)])
        new = _report(scenario, data, [_carried_campaign(lumpy, most=10.0, passed=1)])
        comparison, _ = compare(old, new, locate=_nowhere)
        called += any(c["metric"] == "carry_over:group_xp" for c in comparison["significant"])
    assert called <= 0.05 * 200

    old = _report(scenario, data, [_carried_campaign([1, 0, 2, 1, 1, 2, 0, 1], most=10.0, passed=1)])
    new = _report(scenario, data, [_carried_campaign([0] * 8, most=10.0, passed=1)])
    comparison, findings = compare(old, new, locate=_nowhere)
    assert not comparison["significant"] and not findings
    # the report says what judged them: Group XP, Loot Cards and gold by betting, the damage by Welch
    assert comparison["methods"]["betting-over-runs"] == 3 and comparison["methods"]["welch-t"] == 1


def _orc_attacks(hits_by_run):
    """A scenario's summary at 2 players: in each run the orcs attack 20 times and hit as given."""
    from doria_forge.sim.aggregate import RunStats
    from doria_forge.sim.run_record import RunRecord

    stats = RunStats(2)
    for run, hits in enumerate(hits_by_run):
        stats.add(RunRecord(run=run, seed=run, players=2, party=(), outcome="won", rounds=5,
                            attacks={"monster:orc": 20}, hits={"monster:orc": hits}))
    return stats.to_data()


def test_a_hit_rate_change_is_tested_over_runs():
    """The two-proportion test counted every attack as independent: 20 runs of 20 orc attacks
    each, whose hit rates swing from run to run (the party drawn, its Defense), were 400 attacks,
    and 10 points more hits gave p = 0.0045 (a balance-changed warning, Holm-adjusted over the
    comparison's 4 tests). Over runs, Welch's test of the runs' hit rates (SciPy's, with as many
    attacks in every run) gives p = 0.23: the change is not shown; a change far beyond the runs'
    swing is."""
    from scipy import stats

    from doria_forge.sim.baseline import compare

    old_hits = [4, 16, 6, 14, 5, 15, 8, 12, 3, 17] * 2
    new_hits = [h + 2 for h in old_hits]
    data = {"name": "Pit"}
    old = _report([_orc_attacks(old_hits)], data)
    new = _report([_orc_attacks(new_hits)], data)
    comparison, findings = compare(old, new, locate=_nowhere)
    assert not any(c["metric"] == "hit_rate:monster:orc" for c in comparison["significant"])
    assert not any("hit rate of monster:orc" in f.message for f in findings)
    assert stats.ttest_ind([h / 20 for h in old_hits], [h / 20 for h in new_hits], equal_var=False).pvalue > 0.2
    far = _report([_orc_attacks([min(20, h + 8) for h in old_hits])], data)
    comparison, _ = compare(old, far, locate=_nowhere)
    assert any(c["metric"] == "hit_rate:monster:orc" for c in comparison["significant"])


def test_a_win_rate_change_on_the_same_seeds_is_tested_run_by_run():
    """The same seed and hero pool: run i is the same party with the same dice in both reports,
    and a small change leaves most runs' outcomes as they were. 100 of 200 runs won before; after
    the change the same 100 and 12 more: as two independent samples (112 against 100 of 200) the
    change is noise (z-test p about 0.23), run by run 12 runs won only after and none only before
    (McNemar's exact p = 0.0005), significant. Another seed pairs nothing: the z-test."""
    from doria_forge.sim.baseline import compare

    def count(won):
        return {**_player(2, 200, len(won), [1] * 200), "won_runs": format(sum(1 << i for i in won), "x")}

    old = _report([count(set(range(100)))], {"name": "Pit"})
    new = _report([count(set(range(112)))], {"name": "Pit"})
    comparison, _ = compare(old, new, locate=_nowhere)
    (change,) = [c for c in comparison["significant"] if c["metric"] == "win_rate"]
    assert change["p"] == pytest.approx(2 * 0.5 ** 12)
    new["scenarios"][0]["plan"]["seed"] = 2
    other_seed, _ = compare(old, new, locate=_nowhere)
    assert not [c for c in other_seed["significant"] if c["metric"] == "win_rate"]


def test_a_baseline_played_at_other_player_counts_says_what_was_not_compared(tmp_path):
    """--players 1 against a baseline of --players 2 read "Compared with the baseline: 0 tests, none
    significant", as if nothing had changed, when nothing could be compared."""
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    pack = ROOT / "content"
    args = ["simulate", "scenario", "goblin_warren", str(pack), "--runs", "4", "--jobs", "1", "--no-progress",
            "--no-cache"]
    assert runner.invoke(app, [*args, "--players", "2", "--out", str(old)]).exit_code == 0
    result = runner.invoke(app, [*args, "--players", "1", "--out", str(new), "--baseline", str(old)],
                           env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    said = ("goblin_warren: the baseline played with 2 players, this report with 1 player: no player count "
            "compared")
    assert said in result.output
    assert json.loads(new.read_text())["baseline"]["notes"] == [said]
    both = runner.invoke(app, [*args, "--players", "1,2", "--out", str(tmp_path / "both.json"), "--baseline",
                               str(old)], env={"COLUMNS": "250"})
    assert "this report with 1 or 2 players: only 2 players compared" in both.output


def test_a_baseline_saved_with_a_bom_is_read_and_one_in_another_encoding_is_told_in_words(tmp_path):
    """A report saved again by an editor that writes a byte-order mark was "not JSON: Unexpected
    UTF-8 BOM"; one in another encoding "not JSON: 'utf-8' codec can't decode byte 0xff in
    position 0: invalid start byte", Python's words."""
    from doria_forge.commands.pipeline_scenarios import read_baseline

    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + json.dumps(_old_report(_old_count())).encode())
    assert read_baseline(bom)["format"] == 1
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"name": "M\xfcller"}')
    result = runner.invoke(app, ["simulate", "scenario", "goblin_warren", str(ROOT / "content"), "--runs", "1",
                                 "--players", "1", "--no-progress", "--baseline", str(latin)])
    assert result.exit_code == 2
    assert f"--baseline {latin} is not JSON: not UTF-8 text (byte 11)" in " ".join(result.output.split())
