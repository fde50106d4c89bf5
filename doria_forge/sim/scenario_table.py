"""The scenario report in the terminal: one short table per scenario (a row per player
count), its skill-ladder and rules-clarity tables where they were measured (``sim.skill``,
``sim.clarity`` compute them; the tables are drawn here), one per campaign, then the
findings, each at its ``file:line:column``."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from doria_forge.infra.terminal import print_table, printable

from .clarity import MODES
from .findings import Finding, confidence_text, counted, not_judged_count, not_judged_words, player_counts, target_words

STYLE = {"error": "red", "warning": "yellow", "info": "cyan"}


def _shown(text: str) -> str:
    # Names, ids and messages come from the pack: shown as written, never obeyed as markup or
    # terminal escapes.
    return escape(printable(text))


def _rate(rate: float, ci: list[float]) -> str:
    style = "red" if rate < 0.2 else "yellow" if rate < 0.6 else "green"
    return f"[{style}]{rate:4.0%}[/{style}] {ci[0]:.0%}-{ci[1]:.0%}"


def _top(table: dict[str, Any]) -> str:
    if not table:
        return "-"
    source, value = next(iter(table.items()))
    amount = f"{value['per_run']:.1f}" if isinstance(value, dict) else str(value)
    return f"{source.removeprefix('monster:')} {amount}"


def print_scenario(entry: dict[str, Any], console: Console) -> None:
    """The table of one scenario entry of the report."""
    plan = entry["plan"]
    table = Table(title=f"{_shown(entry['name'])} ({_shown(entry['id'])}): {counted(plan['runs'], 'run')} per player "
                        f"count, policy {plan['policy']}, seed {plan['seed']}",
                  title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    # per run: deaths, times a hero fell unconscious (KO), Doom Counter steps; the highest
    # Monster Level reached; runs stopped as stalled; the source that took most HP per run
    for name, justify in (("players", "right"), ("win rate, Wilson 95% CI", "right"), ("rounds p10/med/p90", "right"),
                          ("deaths", "right"), ("KO", "right"), ("doom", "right"), ("ML", "right"),
                          ("stalls", "right"), ("most HP lost to", "left")):
        table.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for s in entry["players"]:
        r = s["rounds"]
        table.add_row(str(s["players"]), _rate(s["win_rate"], s["win_rate_ci"]), f"{r['p10']}/{r['median']}/{r['p90']}",
                      f"{s['deaths']['per_run']:.2f}", f"{s['unconscious']['per_run']:.2f}",
                      f"{s['doom_steps']['per_run']:.1f}", str(s["monster_level"]["max"]),
                      str(s["outcomes"].get("stalled", 0)), _shown(_top(s["damage"])))
    _print_wide(console, table)
    line = precision_line(entry)
    if line:
        console.print(line, soft_wrap=True)


def precision_line(entry: dict[str, Any]) -> str:
    """What ``--precision`` reached for a scenario or campaign entry (empty without it): the
    widest exact interval, at the level of the last look, against the width asked."""
    part = entry.get("precision")
    if not part:
        return ""
    intervals = part.get("intervals") or {}
    widest = max(intervals.items(), key=lambda kv: kv[1][1] - kv[1][0], default=None)
    level = confidence_text(1 - part["alpha"])  # a late look's 99.95% read "100.0%" with one decimal
    looks = f"{part['looks']} look{'' if part['looks'] == 1 else 's'}"
    if widest is None:
        return f"--precision {part['width']:g}: no runs played"
    players, (low, high) = widest
    if part.get("reached"):
        return (f"--precision {part['width']:g} reached after {looks}: every {level} interval is narrower "
                f"(widest {high - low:.3f}, {player_counts([players])})")
    return (f"--precision {part['width']:g} not reached within the runs allowed ({looks}): the {level} interval "
            f"at {player_counts([players])} is {high - low:.3f} wide; raise --runs")


def print_campaign(entry: dict[str, Any], console: Console) -> None:
    """The table of one campaign entry of the report."""
    plan = entry["plan"]
    table = Table(title=f"Campaign {_shown(entry['name'])} ({_shown(entry['id'])}): {counted(plan['runs'], 'run')} "
                        f"per player count, policy {plan['policy']}, seed {plan['seed']}",
                  title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("players", justify="right", no_wrap=True)
    table.add_column("completed, Wilson 95% CI", justify="right", no_wrap=True)
    table.add_column("scenarios won", justify="right", no_wrap=True)
    table.add_column("where campaigns end (runs)", overflow="fold")
    for s in entry["players"]:
        ends = ", ".join(f"{e['scenario']} {e['outcome']} ({e['count']})" for e in s["ends"][:3]) or "-"
        table.add_row(str(s["players"]), _rate(s["completion_rate"], s["completion_ci"]),
                      f"{s['scenarios_won']['per_run']:.2f}", _shown(ends))
    _print_wide(console, table)
    # each scenario's numbers within the campaign (README): the findings judge its win rate, the
    # terminal showed only the campaign's
    steps = Table(title=f"{_shown(entry['id'])}: each scenario within the campaign (a failed one is tried again)",
                  title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for name in ("players", "scenario", "attempts", "won", "win rate", "rounds / attempt"):
        steps.add_column(name, justify="left" if name == "scenario" else "right", no_wrap=True)
    for s in entry["players"]:
        for step in s["scenarios"]:
            rate = f"{step['wins'] / step['attempts']:.0%}" if step["attempts"] else "-"
            steps.add_row(str(s["players"]), f"{step['index'] + 1}. {_shown(step['scenario'])}", str(step["attempts"]),
                          str(step["wins"]), rate, f"{step['rounds_mean']:.1f}" if step["attempts"] else "-")
    _print_wide(console, steps)
    line = precision_line(entry)
    if line:
        console.print(line, soft_wrap=True)


def print_skill(entry: dict[str, Any], console: Console) -> None:
    """The side-by-side table of a scenario entry's skill ladder (``sim.skill``; nothing when
    one policy played)."""
    section = entry.get("skill")
    if not section:
        return
    table = Table(title=f"{entry['id']}: policies side by side on the same seeds", title_justify="left",
                  box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("players", justify="right", no_wrap=True)
    for p in section["policies"]:
        table.add_column(f"{p} win rate, Wilson 95% CI", justify="right", no_wrap=True)
    table.add_column("skill gaps (points, 95% CI)", overflow="fold")
    for row in section["rows"]:
        cells = [_rate(row["by_policy"][p]["win_rate"], row["by_policy"][p]["win_rate_ci"])
                 for p in section["policies"]]
        gaps = "; ".join(f"{g['stronger']}-{g['weaker']} {100 * g['difference']:+.0f} "
                         f"({100 * g['interval'][0]:+.0f}..{100 * g['interval'][1]:+.0f})" for g in row["gaps"])
        table.add_row(str(row["players"]), *cells, gaps or "-")
    _print_wide(console, table)


def print_clarity(entry: dict[str, Any], console: Console) -> None:
    """The rules-clarity table of a scenario entry (``sim.clarity``; nothing without one)."""
    section = entry.get("rules_clarity")
    if not section:
        return
    if not any(c["rows"] for c in section["choices"]):
        # an empty table read as if the report had lost its rows (the HTML says the same)
        console.print(f"{_shown(entry['id'])}: no choice the rules leave to the players came up in these runs.",
                      soft_wrap=True)
        return
    table = Table(title=f"{entry['id']}: choices the rules leave to the players (made for the heroes / against "
                        "them / at random, same seeds)", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for name in ("choice", "players", "per game", "book", "heroes", "against", "random", "swing, jointly 95%",
                 "verdict"):
        table.add_column(name, justify="left" if name in ("choice", "verdict") else "right", no_wrap=True)
    for c in section["choices"]:
        for r in c["rows"]:
            s = r["swing"]
            low, high = s.get("joint_interval", s["interval"])  # the interval the verdict is judged on
            table.add_row(_shown(c["id"]), str(r["players"]), f"{r['per_game']:.1f}",
                          *(f"{r['modes'][m]['win_rate']:.0%}" for m in ("book", *MODES)),
                          f"{100 * s['difference']:+.0f} ({100 * low:+.0f}..{100 * high:+.0f})",
                          s["verdict"])
    _print_wide(console, table)


def print_findings(findings: list[Finding], console: Console) -> None:
    """The findings, most severe first, each at its position."""
    if not findings:
        console.print("No findings.")
        return
    console.print(f"[bold]{counted(len(findings), 'finding')}:[/bold]")
    for f in findings:
        style = STYLE.get(f.severity, "white")
        console.print(f"{_shown(f.location)}: [{style}]{f.severity}[/{style}] \\[{f.rule_id}] {_shown(f.message)}",
                      soft_wrap=True)


def verdict_line(verdicts: dict[str, Any] | None) -> str:
    """``Balance targets: 3 hold, 1 fail, 2 undecided (6 judged together ...); 1 not judged (not
    played at its player count)`` (empty without targets)."""
    if not verdicts:
        return ""
    unplayed = len(verdicts.get("not_judged", []))
    skipped = not_judged_count(verdicts.get("not_judged", []))
    if not verdicts.get("family"):
        return f"Balance targets: none judged; {skipped}" if unplayed else ""
    counts = verdicts["counts"]
    looks = verdicts.get("looks", 1)
    how = (f"{verdicts['family']} judged together on their intervals, Holm: at most 5% false alarms"
           if verdicts["family"] > 1 else "judged on its interval: at most 5% false alarms")
    if looks > 1:
        how += f", {looks} looks"
    return (f"Balance targets: {counts['holds']} hold, {counts['fails']} fail, {counts['undecided']} undecided "
            f"({how})" + (f"; {skipped}" if unplayed else ""))


def baseline_line(baseline: dict[str, Any] | None) -> str:
    """``Compared with the baseline: 90 tests, none significant (Holm-adjusted p < 0.05); 1
    document changed in the pack`` (empty without ``--baseline``). Without it a comparison that
    found nothing printed nothing, as if the option had been ignored."""
    if not baseline:
        return ""
    return "Compared with the baseline: " + compared_words(baseline["tests"], len(baseline["significant"]),
                                                          len(baseline["changed_documents"]), baseline["alpha"])


def compared_words(tests: int, significant: int, changed: int, alpha: float) -> str:
    """``90 tests, none significant (Holm-adjusted p < 0.05); 1 document changed in the pack``: a
    baseline comparison's counts in words (``baseline_line``, ``build``'s summary)."""
    return (f"{counted(tests, 'test')}, {significant or 'none'} significant (Holm-adjusted p < {alpha:g}); "
            f"{counted(changed, 'document')} changed in the pack")


def print_report(report: dict[str, Any], console: Console) -> None:
    """Every scenario and campaign table of ``report`` (with the skill ladder and the rules-clarity
    tables where they were measured), the verdicts, then its findings."""
    for entry in report["scenarios"]:
        print_scenario(entry, console)
        print_skill(entry, console)
        print_clarity(entry, console)
    for entry in report.get("campaigns", []):
        print_campaign(entry, console)
    verdicts = report.get("verdicts")
    line = verdict_line(verdicts)
    if line:
        console.print(line, soft_wrap=True, markup=False)
        # README: the terminal lists every target with its verdict (the findings name only those
        # that fail or are undecided)
        for v in (verdicts or {}).get("targets", []):
            console.print(f"  {v['verdict']:<9} {v['document']}: {target_words(v)}", soft_wrap=True, markup=False)
        for entry in (verdicts or {}).get("not_judged", []):
            console.print(f"  not judged {entry['document']}: {not_judged_words(entry)}", soft_wrap=True, markup=False)
    line = baseline_line(report.get("baseline"))
    if line:
        console.print(line, soft_wrap=True, markup=False)
    print_findings([Finding.from_data(f) for f in report["findings"]], console)


def _print_wide(console: Console, table: Table) -> None:
    # Never squeeze the numbers: a pipe or CI log reports 80 columns but cuts nothing.
    print_table(console, table, floor=100)
