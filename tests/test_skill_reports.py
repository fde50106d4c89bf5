"""Skill findings (sim.skill), the rules-clarity report (sim.clarity) and explainable replays
(sim.reasons, sim.replay): issue 19."""

from __future__ import annotations

import json

import pytest
from test_action_text import REPR

from doria_forge.engine.choices import OPEN_CHOICES
from doria_forge.sim.clarity import SWING, ClarityStats, clarity_section, paired_interval, verdict
from doria_forge.sim.findings import no_location
from doria_forge.sim.skill import SKILL_MARGIN, skill_section
from doria_forge.sim.stats import newcombe_interval


def _entry(policy: str, wins: int, runs: int = 200, players: int = 4) -> dict:
    summary = {"players": players, "runs": runs, "wins": wins, "win_rate": wins / runs, "win_rate_ci": [0, 1],
               "outcomes": {"won": wins}, "rounds": {"median": 7}}
    return {"id": "vault", "document": "scenario/vault", "plan": {"players": [players], "policy": policy},
            "players": [summary]}


def _clarity_stats(players: int, runs: int, won: set[int], counts: dict[str, int]) -> ClarityStats:
    """``runs`` runs at ``players``: those in ``won`` won, each asking the choices of ``counts``."""
    out = ClarityStats(players)
    for i in range(runs):
        out.add(i in won, counts, i)
    return out


def test_newcombe_interval_matches_the_published_example():
    """Newcombe (1998), Table II, example (a): 56/70 against 48/80 gives a difference of 0.2 with
    the method-10 interval 0.0524 to 0.3339."""
    low, high = newcombe_interval(56, 70, 48, 80)
    assert round(low, 4) == 0.0524 and round(high, 4) == 0.3339


def test_a_ladder_where_skill_barely_matters_is_flagged_as_luck():
    """Search and weak win as often, 1000 runs each: the gap's whole interval lies below 10
    points, so the finding holds; greedy sits between, nothing is inverted."""
    entries = {"weak": _entry("weak", 300, 1000), "greedy": _entry("greedy", 305, 1000),
               "search": _entry("search", 310, 1000)}
    section = skill_section(entries, no_location)
    ids = [f["rule_id"] for f in section["findings"]]
    assert ids == ["scenario-no-skill"]
    whole = next(g for g in section["rows"][0]["gaps"] if g["stronger"] == "search" and g["weaker"] == "weak")
    assert whole["interval"][1] < SKILL_MARGIN and abs(whole["difference"] - 0.01) < 1e-9


def test_too_few_runs_decide_nothing():
    """The same rates from 40 runs each: the interval reaches past 10 points; no finding."""
    entries = {"weak": _entry("weak", 12, 40), "search": _entry("search", 12, 40)}
    assert skill_section(entries, no_location)["findings"] == []


def test_a_weaker_rung_that_wins_clearly_more_is_an_inversion():
    entries = {"greedy": _entry("greedy", 120), "search": _entry("search", 60), "random": _entry("random", 0)}
    section = skill_section(entries, no_location)
    ids = [f["rule_id"] for f in section["findings"]]
    assert "scenario-skill-inversion" in ids
    inversion = next(f for f in section["findings"] if f["rule_id"] == "scenario-skill-inversion")
    assert "greedy" in inversion["message"] and inversion["players"] == [4]
    # random is shown but not a rung: no gap with it
    assert all("random" not in (g["stronger"], g["weaker"]) for g in section["rows"][0]["gaps"])
    assert section["rows"][0]["by_policy"]["random"]["wins"] == 0


def test_a_swing_matters_only_when_its_whole_interval_lies_beyond_five_points():
    assert verdict((SWING + 0.01, 0.3)) == "matters"
    assert verdict((-0.3, -SWING - 0.01)) == "matters"
    assert verdict((-0.04, 0.04)) == "does not matter"
    assert verdict((-0.02, 0.2)) == "undecided"


def test_runs_of_one_seed_pair_up_so_a_choice_that_changes_few_games_is_known_not_to_matter():
    """Two ways of deciding on the same 200 seeds: 90 runs won either way, 3 more won one way and
    2 the other. As two independent samples the swing's interval would be about +-10 points
    (undecided); paired, it lies within +-5: the choice does not matter."""
    heroes, against = set(range(93)), set(range(90)) | {150, 151}
    low, high = paired_interval(heroes, against, 200)
    assert low < 0.005 < high and -SWING < low and high < SWING
    assert verdict((low, high)) == "does not matter"
    wide = newcombe_interval(93, 200, 92, 200)
    assert wide[1] - wide[0] > 3 * (high - low) and verdict(wide) == "undecided"
    same = paired_interval(set(range(90)), set(range(90)), 200)
    assert same[0] <= 0 <= same[1] and same[1] - same[0] < 0.03


def test_a_few_runs_that_never_differ_do_not_prove_a_choice_harmless():
    """16 seeds won 8 times either way, no run differing: too few runs to rule out a swing of 5
    points (a choice coming up in one game of ten could turn one game in eight unseen)."""
    won = set(range(8))
    low, high = paired_interval(won, set(won), 16)
    assert low < -SWING and high > SWING
    assert verdict((low, high)) == "undecided"


def _won(wins: int, runs: int = 400, start: int = 0) -> ClarityStats:
    return ClarityStats(4, runs=runs, wins=wins, won=set(range(start, start + wins)))


def test_the_clarity_section_quotes_the_book_and_reports_a_choice_that_matters():
    counted = {4: ClarityStats(4, runs=400, wins=160, counts={"monster_target": 1200}, games={"monster_target": 390})}
    flipped = {("monster_target", "heroes"): {4: _won(240)},
               ("monster_target", "against"): {4: _won(100)},
               ("monster_target", "random"): {4: _won(160)}}
    entry = _entry("greedy", 160, 400)
    section = clarity_section(entry, counted, flipped, no_location)
    [choice] = section["choices"]
    assert choice["passage"] == OPEN_CHOICES["monster_target"].passage and choice["matters"]
    row = choice["rows"][0]
    assert row["per_game"] == 3.0 and row["games"] == 390
    assert row["swing"]["verdict"] == "matters" and abs(row["swing"]["difference"] - 0.35) < 1e-9
    [finding] = section["findings"]
    assert finding["rule_id"] == "scenario-open-choice-matters" and "players may decide" in finding["message"]
    json.dumps(section)


def test_the_cli_plays_policies_side_by_side_and_the_rules_clarity_report(tmp_path):
    from typer.testing import CliRunner

    from doria_forge.commands.cli import app

    out = tmp_path / "r.json"
    html = tmp_path / "r.html"
    result = CliRunner().invoke(app, ["simulate", "scenario", "alchemists_fuse", "content", "--players", "1",
                                      "--runs", "2", "--policy", "weak,greedy", "--rules-clarity", "--jobs", "1",
                                      "--out", str(out), "--report", str(html), "--no-progress",
                                      "--replay", "median"])
    assert result.exit_code in (0, 1), result.output
    entry = json.loads(out.read_text())["scenarios"][0]
    assert entry["plan"]["policy"] == "weak"
    assert entry["skill"]["policies"] == ["weak", "greedy"]
    assert [g["stronger"] for g in entry["skill"]["rows"][0]["gaps"]] == ["greedy"]
    # the same seeds: the gap is paired on the runs, from the runs each policy won
    (gap,) = entry["skill"]["rows"][0]["gaps"]
    assert gap["method"] == "paired" and gap["runs"] == 2
    weak_won = int(entry["players"][0]["won_runs"], 16)
    assert bin(weak_won).count("1") == entry["players"][0]["wins"] and weak_won < 4
    assert "rules_clarity" in entry and "side by side" in result.output
    text = html.read_text()
    assert "Policies side by side" in text and "Choices the rules leave to the players" in text
    assert "decides:" in text  # the replay explains each decision
    # the family's size stands apart from the word before it: it read "the swings of the report(1)"
    family = entry["rules_clarity"]["family"]
    assert f"the swings of the report ({family}) (Bonferroni)" in " ".join(text.split())


def test_a_replay_gives_every_decision_its_reason_and_alternatives(shipped_pack):
    from doria_forge.sim.replay import replay_run
    from doria_forge.sim.scenario_runner import make_plan

    for policy in ("greedy", "search"):
        plan = make_plan(shipped_pack, "goblin_warren", players=[2], runs=1, policy=policy)
        replay = replay_run(shipped_pack, plan, 2, lambda state: b"", run=0)
        decisions = [line for _, line in replay.log if " decides: " in line]
        assert decisions and len(decisions) < len(replay.log)
        attacks = [line for line in decisions if line.split(" decides: ")[1].startswith("attack ")]
        assert attacks and all("compared: attack " in line for line in attacks)
        # the actions and the alternatives compared in words, not reprs (``Walk((0, 2))``, uids)
        assert [line for line in decisions if REPR.search(line)] == []
        if policy == "search":
            assert any("playout" in line for line in decisions)
            # one playout a candidate (search.SAMPLES) read "the best mean value of 1 playout(s)"
            assert not [line for line in decisions if "playout(s)" in line or "1 playouts" in line]


def test_policies_side_by_side_play_as_many_runs_as_the_first_policys_last_look(tmp_path):
    """With looks (--precision), the other policies and the rules-clarity runs are played on the
    runs the first policy ended with, not on the --runs ceiling: the pairs stay paired."""
    from typer.testing import CliRunner

    from doria_forge.commands.cli import app

    out = tmp_path / "r.json"
    result = CliRunner().invoke(app, ["simulate", "scenario", "alchemists_fuse", "content", "--players", "1",
                                      "--runs", "64", "--precision", "0.9", "--policy", "greedy,weak",
                                      "--rules-clarity", "--jobs", "1", "--no-cache", "--out", str(out),
                                      "--no-progress", "--replay", "none"])
    assert result.exit_code in (0, 1), result.output
    entry = json.loads(out.read_text())["scenarios"][0]
    runs = entry["players"][0]["runs"]
    assert runs < 64  # the first look already reached the precision
    row = entry["skill"]["rows"][0]
    assert {p: row["by_policy"][p]["runs"] for p in ("greedy", "weak")} == {"greedy": runs, "weak": runs}
    for choice in entry["rules_clarity"]["choices"]:
        assert all(mode["runs"] == runs for mode in choice["rows"][0]["modes"].values())


def _entries_at(counts: dict[str, list[tuple[int, int, int]]]) -> dict:
    """Policy -> its (players, wins, runs) per player count, as scenario entries."""
    entries = {}
    for policy, rows in counts.items():
        entries[policy] = {"id": "vault", "document": "scenario/vault",
                           "plan": {"players": [n for n, _, _ in rows], "policy": policy},
                           "players": [{"players": n, "runs": runs, "wins": wins, "win_rate": wins / runs,
                                        "win_rate_ci": [0, 1], "outcomes": {"won": wins}, "rounds": {"median": 7}}
                                       for n, wins, runs in rows]}
    return entries


def test_a_scenario_s_gaps_are_judged_together():
    """Six player counts, two rungs: six gaps judged at once. At 3 players greedy wins 112 of 200
    and search 88: alone, a 95% interval of the gap (about -22 to -2 points) lies below 0, an
    inversion; judged with the other five (Bonferroni, 1 - 0.05 / 6) it reaches above 0: not an
    inversion (only "no better", which it surely is). A wide inversion (140 against 60) is found
    either way."""
    even = [(n, 100, 200) for n in (1, 2, 4, 5, 6)]
    entries = _entries_at({"greedy": [*even[:2], (3, 112, 200), *even[2:]],
                           "search": [*even[:2], (3, 88, 200), *even[2:]]})
    own = newcombe_interval(88, 200, 112, 200)
    assert own[1] < 0  # alone it would be an inversion
    section = skill_section(entries, no_location)
    assert [(f["rule_id"], f["players"]) for f in section["findings"]] == [("scenario-no-skill", [3])]
    gap3 = section["rows"][2]["gaps"][0]
    assert gap3["interval"][1] < 0 < gap3["joint_interval"][1]
    wide = _entries_at({"greedy": [*even[:2], (3, 140, 200), *even[2:]],
                        "search": [*even[:2], (3, 60, 200), *even[2:]]})
    found = skill_section(wide, no_location)["findings"]
    assert [f["rule_id"] for f in found] == ["scenario-no-skill", "scenario-skill-inversion"]
    assert "jointly 95% with the scenario's 6 gaps" in found[1]["message"]


def test_a_scenario_s_swings_are_judged_together():
    """Two choices at three player counts: six swings judged at once (1 - 0.05 / 6 each). On 400
    seeds 36 runs are won only with the choice made for the heroes and 2 only against them: the
    swing's own 95% interval (about +5.5 to +11 points) lies beyond 5 points, "matters" alone;
    its joint interval reaches below 5: undecided, and no finding."""
    runs, base = 400, set(range(150))

    def stats(players: int, won: set[int], counts: dict[str, int]) -> ClarityStats:
        return _clarity_stats(players, runs, won, counts)

    counted = {n: stats(n, base, {"monster_order": 1, "monster_target": 1}) for n in (1, 2, 3)}
    ways = {"heroes": base | set(range(300, 336)), "against": base | {390, 391}, "random": base}
    flipped = {(choice, mode): {n: stats(n, won, {}) for n in (1, 2, 3)}
               for choice in ("monster_order", "monster_target") for mode, won in ways.items()}
    entry = {"id": "vault", "document": "scenario/vault", "plan": {"players": [1, 2, 3]}}
    section = clarity_section(entry, counted, flipped, no_location)
    swing = section["choices"][0]["rows"][0]["swing"]
    assert verdict(swing["interval"]) == "matters"
    assert swing["verdict"] == "undecided" and swing["joint_interval"][0] < SWING
    assert section["findings"] == []


def _entry_won(policy: str, won: set[int], runs: int = 200) -> dict:
    entry = _entry(policy, len(won), runs)
    entry["players"][0]["won_runs"] = format(sum(1 << i for i in won), "x")
    return entry


def test_policies_played_on_the_same_seeds_are_compared_run_by_run():
    """Search wins runs 0-119, greedy runs 0-99 and 150-152: 20 runs won only by the search, 3
    only by greedy. As two independent samples of 200 (120 against 103) the gap's interval
    reaches below 0; paired on the runs it is the Bonett-Price interval of the 20 and 3
    discordant runs, clear of 0, with McNemar's exact p."""
    from doria_forge.sim.stats import bonett_price_interval, mcnemar_exact

    search, greedy = set(range(120)), set(range(100)) | {150, 151, 152}
    section = skill_section({"greedy": _entry_won("greedy", greedy), "search": _entry_won("search", search)}, no_location)
    (gap,) = section["rows"][0]["gaps"]
    assert (gap["method"], gap["only_stronger"], gap["only_weaker"]) == ("paired", 20, 3)
    assert gap["difference"] == pytest.approx(17 / 200)
    assert gap["interval"] == pytest.approx(list(bonett_price_interval(20, 3, 200)), abs=1e-6)
    assert gap["p_value"] == pytest.approx(mcnemar_exact(20, 3), abs=1e-6)
    assert newcombe_interval(120, 200, 103, 200)[0] < 0 < gap["interval"][0]
    assert "won_runs" not in section["rows"][0]["by_policy"]["search"]


def test_a_gap_pairs_only_the_runs_both_policies_played():
    """The first policy played 100 runs (a look closed it), the other 200: the gap is taken on
    runs 0-99, where both won the same runs; the other's later wins do not count."""
    first = _entry_won("greedy", set(range(50)), runs=100)
    other = _entry_won("search", set(range(50)) | set(range(100, 180)), runs=200)
    (gap,) = skill_section({"greedy": first, "search": other}, no_location)["rows"][0]["gaps"]
    assert (gap["runs"], gap["only_stronger"], gap["only_weaker"], gap["difference"]) == (100, 0, 0, 0.0)


def test_skill_findings_at_one_player_say_player():
    """A solo ladder's findings read "with 1 players the search player does no better...";
    the other counts keep "players"."""
    solo = {"weak": _entry("weak", 300, 1000, players=1), "search": _entry("search", 305, 1000, players=1)}
    [luck] = skill_section(solo, no_location)["findings"]
    assert luck["message"].startswith("with 1 player the search player does no better")
    inverted = {"greedy": _entry("greedy", 120, players=1), "search": _entry("search", 60, players=1)}
    messages = [f["message"] for f in skill_section(inverted, no_location)["findings"]]
    assert messages and all(m.startswith("with 1 player the ") for m in messages)
    duo = {"weak": _entry("weak", 300, 1000, players=2), "search": _entry("search", 305, 1000, players=2)}
    assert skill_section(duo, no_location)["findings"][0]["message"].startswith("with 2 players the ")


def test_a_report_s_gaps_are_judged_together_not_each_scenario_s_alone():
    """One gap (greedy 112 of 200 against search 88 of 200, independent samples): alone its 95%
    interval lies below 0, an inversion; in a report of six gaps (Bonferroni, 1 - 0.05 / 6) it
    reaches above 0, and the finding goes. A family smaller than the scenario's own gaps is a bug
    of the caller."""
    from doria_forge.sim.skill import gap_count

    entries = _entries_at({"greedy": [(3, 112, 200)], "search": [(3, 88, 200)]})
    assert gap_count(entries) == 1
    alone = skill_section(entries, no_location)
    assert "scenario-skill-inversion" in [f["rule_id"] for f in alone["findings"]] and alone["family"] == 1
    in_report = skill_section(entries, no_location, family=6)
    assert in_report["family"] == 6
    assert "scenario-skill-inversion" not in [f["rule_id"] for f in in_report["findings"]]
    assert in_report["rows"][0]["gaps"][0]["joint_interval"][1] > 0
    wide = _entries_at({"greedy": [(3, 140, 200)], "search": [(3, 60, 200)]})
    found = skill_section(wide, no_location, family=6)["findings"]
    assert any("jointly 95% with the report's 6 gaps" in f["message"] for f in found)
    with pytest.raises(ValueError):
        skill_section(wide, no_location, family=0)


def test_a_report_s_swings_are_judged_together_not_each_scenario_s_alone():
    """One choice at one player count, 400 seeds: 40 runs won only with the choice made for the
    heroes and 2 only against it. Alone its 95% interval lies beyond 5 points ("matters", a
    finding); judged with 30 swings of the report it does not."""
    from doria_forge.sim.clarity import swing_count

    runs, base = 400, set(range(150))

    def stats(won: set[int], counts: dict[str, int]) -> ClarityStats:
        return _clarity_stats(2, runs, won, counts)

    counted = {2: stats(base, {"monster_order": 1})}
    ways = {"heroes": base | set(range(300, 340)), "against": base | {390, 391}, "random": base}
    flipped = {("monster_order", mode): {2: stats(won, {})} for mode, won in ways.items()}
    entry = {"id": "vault", "document": "scenario/vault", "plan": {"players": [2]}}
    assert swing_count(entry, counted, flipped) == 1
    alone = clarity_section(entry, counted, flipped, no_location)
    assert alone["choices"][0]["rows"][0]["swing"]["verdict"] == "matters" and len(alone["findings"]) == 1
    in_report = clarity_section(entry, counted, flipped, no_location, family=30)
    assert in_report["family"] == 30 and in_report["findings"] == []
    assert in_report["choices"][0]["rows"][0]["swing"]["verdict"] == "undecided"


def test_every_scenario_of_a_report_names_the_report_s_family(shipped_pack):
    """Two scenarios played side by side by two policies at one player count: one gap each, so
    each scenario's skill section is judged in a family of 2, and the rules-clarity family is the
    sum of both scenarios' swings."""
    from doria_forge.commands.pipeline_scenarios import simulate_scenarios

    entries = simulate_scenarios(shipped_pack, ["alchemists_fuse", "goblin_warren"], players=[1], runs=2,
                                 policy="weak,greedy", jobs=1, progress=False, cache=False, clarity=True)
    assert [e["skill"]["family"] for e in entries] == [2, 2]
    swings = [len(e["rules_clarity"]["choices"]) for e in entries]
    assert all(swings)  # open choices came up in both
    assert [e["rules_clarity"]["family"] for e in entries] == [sum(swings)] * 2


def test_a_choice_that_never_came_up_at_a_player_count_is_not_judged_there():
    """monster_order came up in the book's games at 2 players and in none at 1: at 1 player every
    way of deciding played the same games (a swing of exactly 0 in those runs), so that row is
    'did not come up', not an 'undecided' that widens the others' joint intervals: the family is
    the one row that came up."""
    from doria_forge.sim.clarity import NOT_UP, swing_count

    runs, base = 400, set(range(150))

    def stats(players: int, won: set[int], counts: dict[str, int]) -> ClarityStats:
        return _clarity_stats(players, runs, won, counts)

    counted = {1: stats(1, base, {}), 2: stats(2, base, {"monster_order": 1})}
    flipped = {("monster_order", mode): {1: stats(1, base, {}), 2: stats(2, won, {})}
               for mode, won in {"heroes": base | set(range(300, 340)), "against": base | {390, 391},
                                 "random": base}.items()}
    entry = {"id": "vault", "document": "scenario/vault", "plan": {"players": [1, 2]}}
    assert swing_count(entry, counted, flipped) == 1
    section = clarity_section(entry, counted, flipped, no_location)
    never, came = section["choices"][0]["rows"]
    assert never["games"] == 0 and never["swing"]["verdict"] == NOT_UP and never["swing"]["difference"] == 0
    assert section["family"] == 1 and came["swing"]["verdict"] == "matters"
    assert [f["players"] for f in section["findings"]] == [[2]]


def test_a_replay_names_the_phase_of_a_choice_outside_the_fight(shipped_pack):
    """A replay gave the setup's hero bonus and every hero's closing EndTurn, in the setup and in
    Phase H, the same line: "Phase H: bonus by preference, the attribute that raises most,
    recovery to the lower points". The setup is named as such, and an EndTurn says why."""
    from doria_forge.sim.replay import replay_run
    from doria_forge.sim.scenario_runner import make_plan

    plan = make_plan(shipped_pack, "goblin_warren", players=[1], runs=1)
    replay = replay_run(shipped_pack, plan, 1, lambda state: b"", run=0)
    setup = [line for number, line in replay.log if number == 0 and " decides: " in line]
    assert setup and all(": setup: " in line for line in setup), setup
    end_turns = [line.split(" decides: ")[1] for _, line in replay.log
                 if " decides: end the turn:" in line or " decides: be done choosing:" in line]
    assert end_turns and not [why for why in end_turns if "bonus by preference" in why], end_turns
