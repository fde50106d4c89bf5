"""Skill ladder benchmark (a script, not a test): issue 19's measures.

For every shipped scenario (or ``--scenarios``) at 1, 2 and 4 heroes (``--players``), each
policy of ``--policies`` (default the ladder ``weak,greedy,search``) plays its runs
(``--runs``, default 200 for weak and greedy and 100 for search) on the same seeds: run *i* of
every policy has the same party and dice seed (``sim.scenario_runner.run_seed``). Per cell:
the win rate with its 95% Wilson interval, the outcomes, the CPU seconds per run (measured in
the process that plays it, ``time.process_time``), and per scenario and player count the skill
gap of each pair of rungs: the difference of win rates with its 95% Newcombe (hybrid score)
interval and the p-value of the two-sided pooled two-proportion z-test
(``sim.stats.two_proportion_test``): the *unpaired* figures, as if the samples were independent.
Since run *i* of every policy has the same party and dice seed, each gap is also given *paired*,
on the runs both policies played (the first ``min(n1, n2)``): the interval of Bonett and Price
from the discordant pairs (``sim.clarity.paired_interval``, as the rules-clarity swing) and the
p-value of McNemar's exact test (``sim.stats.mcnemar_exact``). The table names both; the CPU
ratio of each pair is the stronger rung's CPU per run over the weaker's.

Results go to ``--out`` (JSON, default ``build/bench-skill.json``) after every finished cell,
so a stopped run resumes where it was (cells already there are not played again; ``--fresh``
starts over). A markdown table is printed at the end (``--table`` prints it from ``--out``
without playing). The machine is shared: run it with ``nice -n 10`` and ``--jobs 1`` or 2.

    nice -n 10 python benchmarks/bench_skill.py [--policies weak,greedy,search] [--players 1,2,4]
        [--runs weak=200,greedy=200,search=100] [--scenarios a,b] [--jobs 1] [--out FILE]

With ``PYTHONPATH`` pointing at another checkout (and ``--content`` at its pack) it measures that
code's policies: the "before" table of issue 19 measured the greedy of e18c598 so.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from doria_forge.sim.clarity import paired_interval  # noqa: E402
from doria_forge.sim.scenario_runner import make_plan, play_run  # noqa: E402
from doria_forge.sim.stats import mcnemar_exact, newcombe_interval, two_proportion_test, wilson_interval  # noqa: E402
from doria_forge.validate import validate_pack  # noqa: E402

DEFAULT_RUNS = {"weak": 200, "greedy": 200, "search": 100}
CHUNK = 10

_PACK = None


def _pack(content: str):
    global _PACK
    if _PACK is None:
        _PACK = validate_pack(content).pack
    return _PACK


def play_chunk(content: str, scenario: str, players: int, policy: str, start: int, stop: int, seed: int,
               build: Callable[[int], Any] | None = None) -> dict:
    """Runs ``start``..``stop - 1``: outcomes, wins, rounds and CPU seconds (``build``: a policy
    registered as none, played instead of ``policy`` on the same runs: ``play_run``)."""
    pack = _pack(content)
    plan = make_plan(pack, scenario, players=[players], runs=stop, seed=seed, policy=policy)
    out: dict = {"outcomes": {}, "wins": 0, "rounds": 0, "cpu": 0.0, "runs": 0, "won": []}
    for run in range(start, stop):
        cpu = time.process_time()
        record, _ = play_run(pack, plan, players, run, build=build)
        out["cpu"] += time.process_time() - cpu
        out["runs"] += 1
        out["rounds"] += record.rounds
        out["outcomes"][record.outcome] = out["outcomes"].get(record.outcome, 0) + 1
        won = record.outcome == "won"
        out["wins"] += won
        out["won"].append(int(won))
    return out


def play_cell(pool: Executor, content: str, scenario: str, players: int, policy: str, total: int, seed: int,
              build: Callable[[int], Any] | None = None) -> dict:
    """Runs ``0``..``total - 1`` of one cell, in chunks of ``CHUNK`` on ``pool``, summed (``won``:
    each run's 1 or 0, in run order)."""
    futures = [pool.submit(play_chunk, content, scenario, players, policy, s, min(s + CHUNK, total), seed, build)
               for s in range(0, total, CHUNK)]
    cell: dict = {"outcomes": {}, "wins": 0, "rounds": 0, "cpu": 0.0, "runs": 0, "won": []}
    for f in futures:
        part = f.result()
        for k in ("wins", "rounds", "cpu", "runs"):
            cell[k] += part[k]
        cell["won"] += part["won"]
        for k, v in part["outcomes"].items():
            cell["outcomes"][k] = cell["outcomes"].get(k, 0) + v
    return cell


def store(out: Path, data: dict, key: str, name: str, cell: dict) -> None:
    """Put ``cell`` into ``data`` as player ``name`` of ``key`` (``scenario@heroes``), print its
    line and write ``data`` to ``out`` (whole or not at all: a stopped run resumes from it)."""
    data["cells"].setdefault(key, {})[name] = cell
    s = cell_summary(cell)
    scenario, _, n = key.partition("@")
    print(f"{scenario:20s} {n} {name:12s} win {100 * s['win_rate']:5.1f}% "
          f"({100 * s['interval'][0]:.0f}-{100 * s['interval'][1]:.0f}) cpu/run {s['cpu_per_run']:.3f}s "
          f"{s['outcomes']}", flush=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True))
    tmp.replace(out)


def cell_summary(cell: dict) -> dict:
    n, wins = cell["runs"], cell["wins"]
    low, high = wilson_interval(wins, n)
    return {"runs": n, "wins": wins, "win_rate": wins / n if n else 0.0, "interval": [low, high],
            "cpu_per_run": cell["cpu"] / n if n else 0.0, "rounds": cell["rounds"] / n if n else 0.0,
            "outcomes": cell["outcomes"]}


def gap(a: dict, b: dict) -> dict:
    """The skill gap ``a - b`` of two cells: difference, Newcombe interval, z-test p-value
    (unpaired), and ``paired``: on the runs both played, the difference, the Bonett-Price
    interval, McNemar's exact p-value and the discordant pairs."""
    low, high = newcombe_interval(a["wins"], a["runs"], b["wins"], b["runs"])
    out = {"difference": a["wins"] / a["runs"] - b["wins"] / b["runs"], "interval": [low, high],
           "p_value": two_proportion_test(a["wins"], a["runs"], b["wins"], b["runs"])}
    n = min(len(a["won"]), len(b["won"]))
    if n:
        first = {i for i in range(n) if a["won"][i]}
        second = {i for i in range(n) if b["won"][i]}
        plow, phigh = paired_interval(first, second, n)
        out["paired"] = {"runs": n, "difference": (len(first) - len(second)) / n, "interval": [plow, phigh],
                         "p_value": mcnemar_exact(len(first - second), len(second - first)),
                         "discordant": [len(first - second), len(second - first)]}
    return out


def table(data: dict) -> str:
    policies = data["policies"]
    lines = ["| scenario | heroes | " + " | ".join(f"{p} win % (95% CI) | {p} CPU s/run" for p in policies)
             + " | gaps (difference, 95% CI, p) |",
             "|---|---|" + "---|" * (2 * len(policies)) + "---|"]
    for key in sorted(data["cells"]):
        scenario, players = key.split("@")
        row = data["cells"][key]
        cols = []
        for p in policies:
            c = row.get(p)
            if c is None:
                cols += ["-", "-"]
                continue
            s = cell_summary(c)
            cols += [f"{100 * s['win_rate']:.0f} ({100 * s['interval'][0]:.0f}-{100 * s['interval'][1]:.0f})",
                     f"{s['cpu_per_run']:.3f}"]
        gaps = []
        for i, hi in enumerate(policies):
            for lo in policies[:i]:
                if hi in row and lo in row:
                    g = gap(row[hi], row[lo])
                    text = (f"{hi}-{lo} unpaired {100 * g['difference']:+.0f} ({100 * g['interval'][0]:+.0f}.."
                            f"{100 * g['interval'][1]:+.0f}, z-test p={g['p_value']:.3f})")
                    pg = g.get("paired")
                    if pg is not None:
                        text += (f", paired on {pg['runs']} {100 * pg['difference']:+.0f} "
                                 f"({100 * pg['interval'][0]:+.0f}.."
                                 f"{100 * pg['interval'][1]:+.0f}, McNemar p={pg['p_value']:.3f}, discordant "
                                 f"{pg['discordant'][0]}/{pg['discordant'][1]})")
                    cpu_lo = cell_summary(row[lo])["cpu_per_run"]
                    if cpu_lo:
                        text += f", CPU x{cell_summary(row[hi])['cpu_per_run'] / cpu_lo:.1f}"
                    gaps.append(text)
        lines.append(f"| {scenario} | {players} | " + " | ".join(cols) + " | " + "; ".join(gaps) + " |")
    return "\n".join(lines)


def arguments(doc: str | None, out: str) -> argparse.ArgumentParser:
    """A parser with the options every skill benchmark takes: ``--content``, ``--seed``,
    ``--jobs``, ``--out`` (default ``build/<out>``), ``--fresh``, ``--table``."""
    ap = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    ap.add_argument("--content", default=str(ROOT / "content"))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", default=str(ROOT / "build" / out))
    ap.add_argument("--fresh", action="store_true")
    ap.add_argument("--table", action="store_true", help="print the table of --out and stop")
    return ap


def main() -> None:
    ap = arguments(__doc__, "bench-skill.json")
    ap.add_argument("--policies", default="weak,greedy,search")
    ap.add_argument("--players", default="1,2,4")
    ap.add_argument("--runs", default="", help="policy=N,... (default weak=200,greedy=200,search=100)")
    ap.add_argument("--scenarios", default="")
    args = ap.parse_args()
    out = Path(args.out)
    policies = [p for p in args.policies.split(",") if p]
    runs = dict(DEFAULT_RUNS)
    for item in filter(None, args.runs.split(",")):
        name, _, n = item.partition("=")
        runs[name] = int(n)
    data: dict = {"policies": policies, "seed": args.seed, "cells": {}}
    if out.exists() and not args.fresh:
        data["cells"] = json.loads(out.read_text()).get("cells", {})
    if args.table:
        print(table(data))
        return
    pack = _pack(args.content)
    scenarios = [s for s in args.scenarios.split(",") if s] or sorted(pack.scenarios)
    counts = [int(n) for n in args.players.split(",")]
    todo = []
    for scenario in scenarios:
        low, high = pack.scenarios[scenario].players
        for n in counts:
            if not low <= n <= high:
                continue
            for policy in policies:
                done = data["cells"].get(f"{scenario}@{n}", {}).get(policy)
                if done is None or done["runs"] < runs.get(policy, 200):
                    todo.append((scenario, n, policy, runs.get(policy, 200)))
    out.parent.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for scenario, n, policy, total in todo:
            cell = play_cell(pool, args.content, scenario, n, policy, total, args.seed)
            store(out, data, f"{scenario}@{n}", policy, cell)
    print(table(data))


if __name__ == "__main__":
    main()
