"""The HTML scenario report (report_html, sim.plots): one self-contained file, byte-identical
for the same report, whose plots draw the numbers of the JSON."""

import re

import pytest

from doria_forge.commands.pipeline_scenarios import verify
from doria_forge.sim import plots


@pytest.fixture(scope="module")
def written(shipped_pack, tmp_path_factory):
    folder = tmp_path_factory.mktemp("html")
    done = verify(shipped_pack, ["sunken_reliquary"], players=[2, 3], runs=3, seed=2, jobs=1, progress=False,
                  out=folder / "r.json", html=folder / "r.html")
    return done, folder


def test_the_report_is_self_contained_and_reproducible(shipped_pack, written):
    done, folder = written
    html = (folder / "r.html").read_text(encoding="utf-8")
    assert "<script" not in html and "<link" not in html and "@import" not in html
    assert not re.findall(r'(?:src|href)="(?!data:|#)', html)  # every picture is a data: URI
    assert html.count('src="data:image/svg+xml;base64,') >= 3  # win rate, rounds, damage
    assert 'src="data:image/png;base64,' in html  # the replay's dungeon
    again = verify(shipped_pack, ["sunken_reliquary"], players=[2, 3], runs=3, seed=2, jobs=1, progress=False,
                   out=folder / "r2.json", html=folder / "r2.html")
    assert again.report == done.report
    assert (folder / "r2.html").read_bytes() == (folder / "r.html").read_bytes()
    entry = done.report["scenarios"][0]
    for summary in entry["players"]:
        assert f"{summary['win_rate'] * 100:.1f}%" in html
    median = next(s for s in entry["players"] if s["players"] == 3)["replays"]["median"]
    assert f"Seed {median['seed']}" in html  # 4 players were not simulated: the largest count is replayed


def test_the_plots_draw_the_numbers_of_the_json(written):
    done, _ = written
    summaries = done.report["scenarios"][0]["players"]

    figure = plots.win_rate_figure(summaries)
    line = figure.axes[0].lines[0]
    assert list(line.get_xdata()) == [s["players"] for s in summaries]
    assert list(line.get_ydata()) == [s["win_rate"] for s in summaries]

    figure = plots.rounds_figure(summaries)
    for container, summary in zip(figure.axes[0].containers, summaries, strict=True):
        histogram = summary["rounds"]["histogram"]
        expected = [histogram[r] / summary["runs"] for r in sorted(histogram, key=int)]
        assert [bar.get_height() for bar in container] == pytest.approx(expected)

    rows = plots.damage_sources(summaries, top=100)
    runs = sum(s["runs"] for s in summaries)
    for source, per_run in rows:
        assert per_run == pytest.approx(sum(s["damage"].get(source, {"total": 0})["total"] for s in summaries) / runs)
    figure = plots.damage_figure(summaries)
    widths = [bar.get_width() for bar in figure.axes[0].containers[0]][::-1]
    assert widths == pytest.approx([value for _, value in plots.damage_sources(summaries)])
    assert plots.svg(plots.win_rate_figure(summaries)) == plots.svg(plots.win_rate_figure(summaries))


def test_the_duel_matrix_heat_map_shows_the_cells():
    cells = [{"hero": h, "monster": m, "level": lv, "win_rate": rate}
             for (h, m, lv, rate) in [("mage", "orc", 1, 0.25), ("warrior", "orc", 1, 0.75), ("mage", "orc", 2, 0.5),
                                      ("warrior", "orc", 2, 1.0)]]
    figure = plots.duel_heatmap_figure(cells)
    level_one = figure.axes[0].images[0].get_array()
    assert level_one.tolist() == [[0.25, 0.75]]


def test_a_one_player_report_says_player(shipped_pack, tmp_path):
    """The replay of a solo run was headed "Replay: median run 2 with 1 players", and the rounds
    plot's legend read "1 players"."""
    done = verify(shipped_pack, ["goblin_warren"], players=[1, 2], runs=2, seed=2, jobs=1, progress=False,
                  out=tmp_path / "r.json", html=tmp_path / "r.html", replay="best")
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "1 players" not in html
    summaries = done.report["scenarios"][0]["players"]
    legend = [t.get_text() for t in plots.rounds_figure(summaries).axes[0].get_legend().get_texts()]
    assert legend == ["1 player", "2 players"]
    verify(shipped_pack, ["goblin_warren"], players=[1], runs=2, seed=2, jobs=1, progress=False,
           out=tmp_path / "s.json", html=tmp_path / "s.html")
    assert re.search(r"Replay: median run \d+ with 1 player</h3>", (tmp_path / "s.html").read_text(encoding="utf-8"))


def test_the_report_counts_in_words_for_one(shipped_pack, tmp_path):
    """The page wrote "1 scenario(s), 0 campaign(s).", "1 run(s): no progress ..." and "1
    document(s) changed": a count is written with its noun, singular for one."""
    import copy

    from doria_forge.commands.report_html import render_html

    done = verify(shipped_pack, ["goblin_warren"], players=[1], runs=1, seed=2, jobs=1, progress=False,
                  out=tmp_path / "r.json", replay="none")
    report = copy.deepcopy(done.report)
    report["scenarios"][0]["players"][0]["reasons"] = [
        {"kind": "stalled: no progress", "count": 1, "run": 0, "reason": "no progress in rounds 6-13", "seed": 5}]
    report["baseline"] = {"tests": 1, "significant": [], "alpha": 0.05, "notes": [],
                          "changed_documents": {"monster/orc": [{"path": ["hp"], "old": 5, "new": 6}]}}
    html = render_html(shipped_pack, report, replay="none", cache=False)
    assert "(s)" not in html
    assert "1 scenario, 0 campaigns." in html
    assert "1 player, 1 run: no progress in rounds 6-13" in html
    assert "1 test, 0 significant" in html and "1 document changed in the pack" in html


def test_the_balance_table_counts_a_campaigns_targets_as_its_findings_do(shipped_pack, tmp_path):
    """The table's "runs" column gave 11 for a scenario's win rate within the campaign (its
    attempts) and 12 for a carry-over (its values) of 6 campaign runs, and its "runs likely
    needed" the attempts or values, where the finding said "--runs N" in campaign runs. Each
    count now names its unit, the runs needed are the findings' --runs, and the method line
    names the campaign runs."""
    done = verify(shipped_pack, [], campaign_ids=["greywater_smugglers"], players=[1], runs=6, seed=1, jobs=1,
                  progress=False, show=False, out=tmp_path / "r.json", html=tmp_path / "r.html", replay="none")
    html = " ".join((tmp_path / "r.html").read_text(encoding="utf-8").split())
    targets = done.report["verdicts"]["targets"]
    assert {t["metric"].partition(":")[0] for t in targets} >= {"scenario_win_rate", "carry_over"}
    needed = []
    for t in targets:
        unit = "attempts" if t["metric"].startswith("scenario_win_rate") else (
            "values" if t["metric"].startswith("carry_over") else "runs")
        row = re.search(rf"<td class=\"l\">{re.escape(t['metric'])}</td>.*?</tr>", html)
        assert row is not None and f"<td>{t['runs']} {unit}</td>" in row[0], row
        if t["verdict"] == "undecided" and t["runs_needed"]:
            needed.append(int(re.search(r"<td>(\d+)</td></tr>$", row[0])[1]))
    said = [int(re.search(r"\(--runs (\d+)\)", f["message"])[1]) for f in done.report["findings"]
            if f["rule_id"] == "balance-undecided" and "(--runs " in f["message"]]
    assert needed and sorted(needed) == sorted(said)
    assert "the interval of betting against the mean over campaign runs" in html


def test_the_duel_matrix_says_at_most_only_when_precision_stopped_cells_early(shipped_pack, tmp_path):
    """The duel section read "(20 duels a cell at most, seed 1)" of a build with --runs 20, where
    every cell played 20; "at most" belongs to --precision, which stops a cell early."""
    import copy

    from doria_forge.commands.report_html import render_html

    done = verify(shipped_pack, ["goblin_warren"], players=[1], runs=1, seed=2, jobs=1, progress=False,
                  out=tmp_path / "r.json", replay="none")
    report = copy.deepcopy(done.report)
    cells = [{"hero": "mage", "monster": "orc", "level": 1, "win_rate": 0.5}]
    report["duel_matrix"] = {"cells": cells, "runs": 20, "precision": None, "seed": 1, "findings": [],
                             "fallbacks": []}
    assert "(20 duels a cell, seed 1)" in render_html(shipped_pack, report, replay="none", cache=False)
    report["duel_matrix"] |= {"runs": 10000, "precision": 0.05}
    assert ("(10000 duels a cell at most, until its interval is narrower than 0.05, seed 1)"
            in render_html(shipped_pack, report, replay="none", cache=False))


def test_the_page_says_what_precision_reached(shipped_pack, tmp_path):
    """README: with --precision "the report gives that interval per player count"; the terminal
    said "--precision 0.9 reached after 1 look: ..." and the HTML report nothing."""
    from doria_forge.sim.scenario_table import precision_line

    done = verify(shipped_pack, ["goblin_warren"], players=[1], runs=16, seed=2, jobs=1, progress=False,
                  show=False, out=tmp_path / "r.json", html=tmp_path / "r.html", replay="none", precision=0.9)
    line = precision_line(done.report["scenarios"][0])
    assert line.startswith("--precision 0.9 reached after 1 look")
    assert f"<p>{line}</p>" in (tmp_path / "r.html").read_text(encoding="utf-8")


def test_the_tables_name_the_interval_they_give_beside_the_verdicts_exact_one(shipped_pack, tmp_path):
    """A win rate's table gave "21.5-78.5%" as its "95% interval" and the balance targets "0.157-0.843
    (95%)" for the same rate, unexplained: the table's is Wilson's, the verdict's exact (README).
    The page and the terminal now name the Wilson interval."""
    from rich.console import Console

    from doria_forge.sim.scenario_table import print_report

    done = verify(shipped_pack, ["goblin_warren"], players=[1], runs=4, seed=2, jobs=1, progress=False, show=False,
                  out=tmp_path / "r.json", html=tmp_path / "r.html", replay="none")
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<th>95% interval (Wilson)</th>" in html and "<th>95% interval</th>" not in html
    assert "Wilson interval" in " ".join(html.split())
    console = Console(record=True, width=200)
    print_report(done.report, console)
    assert "win rate, Wilson 95% CI" in console.export_text()


def test_a_replay_chosen_by_its_seed_is_headed_by_it(shipped_pack, tmp_path):
    """--replay-seed 77 headed the replay "Replay: seed run with 1 player"."""
    verify(shipped_pack, ["goblin_warren"], players=[1], runs=1, seed=2, jobs=1, progress=False, show=False,
           out=tmp_path / "r.json", html=tmp_path / "r.html", replay_seed=77)
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert "<h3>Replay: the game of seed 77 with 1 player</h3>" in html and "seed run" not in html


def test_a_replay_rounds_event_count_does_not_count_the_decisions(shipped_pack, tmp_path):
    """Each round of the replay's event log was summed up as "(62 events)", the heroes' decision
    lines counted among the events: the summary counts each."""
    verify(shipped_pack, ["goblin_warren"], players=[1], runs=1, seed=2, jobs=1, progress=False, show=False,
           out=tmp_path / "r.json", html=tmp_path / "r.html")
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    rounds = re.findall(r"<summary>Event log, round \d+ \((\d+) events?(?:, (\d+) decisions?)?\)</summary>\n"
                        r"<pre>(.*?)</pre>", html, re.S)
    assert rounds and any(decided for _, decided, _ in rounds)
    for events, decided, text in rounds:
        lines = text.split("\n")
        assert int(decided or 0) == sum(" decides: " in line for line in lines)
        assert int(events) == len(lines) - int(decided or 0)


def test_a_campaigns_means_are_written_as_the_terminal_writes_them(shipped_pack, tmp_path):
    """The campaign's tables wrote the JSON's raw means: "rounds / attempt 4.3333", Group XP
    "5.2857" beside Loot Cards "4.0"; the terminal writes rounds with one decimal, the findings
    carried means with two."""
    done = verify(shipped_pack, [], campaign_ids=["greywater_smugglers"], players=[1], runs=3, seed=1, jobs=1,
                  progress=False, show=False, out=tmp_path / "r.json", html=tmp_path / "r.html", replay="none")
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    summary = done.report["campaigns"][0]["players"][0]
    for step in summary["scenarios"]:
        if step["attempts"]:
            assert re.search(rf"{step['scenario']}</td>(<td>\d+</td>){{2}}\s*<td>[\d.]+%</td>"
                             rf"<td>{step['rounds_mean']:.1f}</td>", html), step
    carried = summary["carry_over"]
    assert (f"<td>{carried['group_xp']['mean']:.2f}</td>\n<td>{carried['loot_cards']['mean']:.2f}</td>"
            f"<td>{carried['gold']['mean']:.2f}</td>") in html
    # the per-run means of the campaign's and of a scenario's table, as the terminal writes them
    assert (f"<td>{summary['scenarios_won']['per_run']:.2f}</td><td>{summary['deaths']['per_run']:.2f}</td>"
            f"<td>{summary['monster_points']['per_run']:.1f}</td>") in html
    played = verify(shipped_pack, ["goblin_warren"], players=[1], runs=3, seed=2, jobs=1, progress=False, show=False,
                    out=tmp_path / "s.json", html=tmp_path / "s.html", replay="none").report["scenarios"][0]
    p = played["players"][0]
    assert (f"<td>{p['deaths']['per_run']:.2f}</td><td>{p['unconscious']['per_run']:.2f}</td>"
            f"<td>{p['doom_steps']['per_run']:.1f}</td>") in (tmp_path / "s.html").read_text(encoding="utf-8")


def test_a_carry_over_interval_without_an_upper_end_reads_as_one(shipped_pack, tmp_path):
    """A carry-over whose values have no known maximum has an interval with no upper end (JSON
    ``[low, null]``): the table formatted the missing end as a number and the page was not written.
    It reads "0.5 and up"."""
    import copy

    from doria_forge.commands.report_html import render_html

    done = verify(shipped_pack, [], campaign_ids=["greywater_smugglers"], players=[1], runs=2, seed=1, jobs=1,
                  progress=False, show=False, out=tmp_path / "r.json", replay="none")
    report = copy.deepcopy(done.report)
    carried = next(v for v in report["verdicts"]["targets"] if v["metric"] == "carry_over:group_xp")
    carried["interval"] = [0.5, None]
    html = " ".join(render_html(shipped_pack, report, replay="none", cache=False).split())
    assert "0.5 and up (95%)" in html


def test_a_finding_in_a_file_named_not_in_utf8_is_written_escaped(shipped_pack, tmp_path):
    """A pack in a folder named with a byte that is not UTF-8 (`\\xff`): the JSON report was written,
    then the HTML page ended the run in a UnicodeEncodeError traceback."""
    import copy

    from doria_forge.commands.pipeline_scenarios import write_html

    done = verify(shipped_pack, ["goblin_warren"], players=[1], runs=1, seed=2, jobs=1, progress=False,
                  out=tmp_path / "r.json", replay="none")
    report = copy.deepcopy(done.report)
    report["findings"] = [{"column": 3, "document": "scenario/goblin_warren", "file": "\udcffp/goblin_warren.yaml",
                           "line": 20, "message": "never won", "players": [1], "rule_id": "scenario-never-won",
                           "severity": "info"}]
    written = write_html(shipped_pack, report, tmp_path / "r.html", replay="none", progress=False, cache=False)
    assert "<code>\\udcffp/goblin_warren.yaml:20:3</code>" in written.read_text(encoding="utf-8")
