"""Scenario benchmark (a script, not a test): issue 8's playthroughs.

1. ``--runs`` runs (default 1000) of the reference scenario (``--scenario``, default the
   original sample ``sunken_reliquary``) with 4 heroes, through ``sim.executors.run_plans``
   on ``--jobs`` local worker processes (default 2): wall time, CPU time of all processes,
   runs per second, rounds per second, and the seconds 1000 playthroughs take. The goal of
   the issue is 1000 playthroughs in 20 s on 2 cores.
2. The duel rate for comparison: the full duel matrix on the fast path (``--duel-runs``
   duels a cell, default 50) on the same ``--jobs``; the ratio duels/s : runs/s says how many
   duels one playthrough costs.
3. The event log's share: ``--log-runs`` runs (default 40) played on one core with the log on
   (as the runner plays them: its records are read from the log) and off.
4. A playthrough against the lean loop (``lean_loop.py``, issue 20's floor): CPU milliseconds of
   one run on one core (``--pair-runs`` runs, default 30) and of one lean playthrough, measured
   in turns ``--pairs`` times (default 5); the ratio of their medians (goal: at most 3).

    python benchmarks/bench_scenarios.py [--content content] [--scenario ID] [--runs 1000] [--jobs 2]
                                        [--pairs 5] [--pair-runs 30]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from doria_forge.engine.game import GameOptions, GameState  # noqa: E402
from doria_forge.infra.startup import fewer_young_collections  # noqa: E402
from doria_forge.sim.executors import local_executor, run_plans  # noqa: E402
from doria_forge.sim.matrix import run_matrix  # noqa: E402
from doria_forge.sim.play import play_scenario  # noqa: E402
from doria_forge.sim.policies import make_policy  # noqa: E402
from doria_forge.sim.scenario_runner import make_plan, party_for, policy_seed, run_seed  # noqa: E402
from doria_forge.validate import validate_pack  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_duels import _cpu  # noqa: E402
from lean_loop import lean_ms  # noqa: E402

PLAYERS = 4


def bench_runs(pack, scenario: str, runs: int, jobs: int, policy: str) -> tuple[dict, float, float]:
    """The aggregate of ``runs`` runs with 4 players, wall seconds, CPU seconds."""
    plan = make_plan(pack, scenario, players=[PLAYERS], runs=runs, seed=1, policy=policy)
    start, cpu = time.perf_counter(), _cpu()
    stats = run_plans(pack, [plan], executor=local_executor(jobs))[0][PLAYERS]
    return stats.to_data(), time.perf_counter() - start, _cpu() - cpu


def bench_duels(pack, runs: int, jobs: int) -> tuple[int, float]:
    """Duels of the full matrix on the fast path and the wall seconds they took."""
    start = time.perf_counter()
    result = run_matrix(pack, runs, 0, jobs=jobs)
    return sum(c.runs for c in result.cells), time.perf_counter() - start


def bench_log(pack, scenario: str, runs: int, policy: str) -> tuple[float, float]:
    """CPU seconds for ``runs`` runs on one core with the event log on, then off."""
    plan = make_plan(pack, scenario, players=[PLAYERS], runs=runs, seed=1, policy=policy)
    out = []
    for log in (True, False):
        start = time.process_time()
        for run in range(runs):
            seed = run_seed(plan.seed, scenario, PLAYERS, run)
            state = GameState.new(pack, party_for(plan.pool, PLAYERS, run), seed=seed, scenario=scenario,
                                  options=GameOptions(setup_loot=True), log=log)
            play_scenario(state, make_policy(policy, policy_seed(seed)))
        out.append(time.process_time() - start)
    return out[0], out[1]


def bench_playthrough(pack, content: str, scenario: str, runs: int, policy: str) -> float:
    """CPU milliseconds of one run on one core (the mean of ``runs`` runs), played as
    ``scenario_runner.run_chunk`` plays a chunk of runs (the garbage collector's youngest
    generation collected less often over the whole loop: ``infra.startup.fewer_young_collections``)."""
    plan = make_plan(pack, scenario, players=[PLAYERS], runs=runs, seed=1, policy=policy)
    start = time.process_time()
    with fewer_young_collections():
        for run in range(runs):
            seed = run_seed(plan.seed, scenario, PLAYERS, run)
            state = GameState.new(pack, party_for(plan.pool, PLAYERS, run), seed=seed, scenario=scenario,
                                  options=GameOptions(setup_loot=True))
            play_scenario(state, make_policy(policy, policy_seed(seed)))
    return 1000 * (time.process_time() - start) / runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--content", default=str(ROOT / "content"))
    parser.add_argument("--scenario", default="sunken_reliquary")
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--duel-runs", type=int, default=50)
    parser.add_argument("--log-runs", type=int, default=40)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--pair-runs", type=int, default=30)
    parser.add_argument("--only-playthrough", action="store_true", help="part 4 alone")
    args = parser.parse_args(argv)
    pack = validate_pack(args.content).pack
    assert pack is not None, "the pack does not validate"

    bench_playthrough(pack, args.content, args.scenario, 3, args.policy)  # warm: imports, sight shapes
    engine, lean = [], []
    for _ in range(args.pairs):
        engine.append(bench_playthrough(pack, args.content, args.scenario, args.pair_runs, args.policy))
        lean.append(lean_ms(args.content, 60, 1))
    ratio = statistics.median(engine) / statistics.median(lean)
    print(f"playthrough ({args.scenario}, {PLAYERS} heroes, {args.policy}, one core): "
          f"median {statistics.median(engine):.1f} ms CPU (fastest {min(engine):.1f}); "
          f"lean loop median {statistics.median(lean):.2f} ms "
          f"(fastest {min(lean):.2f}): {ratio:.2f}x (goal: at most 3x)")
    if args.only_playthrough:
        return 0

    data, wall, cpu = bench_runs(pack, args.scenario, args.runs, args.jobs, args.policy)
    rounds = sum(int(r) * n for r, n in data["rounds"]["histogram"].items())
    print(f"{args.scenario}, {PLAYERS} heroes, policy {args.policy}: {args.runs} runs on {args.jobs} processes")
    print(f"  wall {wall:.1f} s, CPU {cpu:.1f} s (all processes): {args.runs / wall:.1f} runs/s, "
          f"{rounds / wall:.0f} rounds/s, {1000 * wall / args.runs:.1f} s per 1000 runs (goal: 20 s)")
    print(f"  {data['rounds']['mean']:.1f} rounds a run; outcomes {data['outcomes']}")

    duels, duel_wall = bench_duels(pack, args.duel_runs, args.jobs)
    rate, duel_rate = args.runs / wall, duels / duel_wall
    print(f"duel matrix, fast path: {duels} duels in {duel_wall:.1f} s on {args.jobs} processes: "
          f"{duel_rate:.0f} duels/s")
    print(f"  one playthrough costs as much as {duel_rate / rate:.0f} duels")

    on, off = bench_log(pack, args.scenario, args.log_runs, args.policy)
    print(f"event log: {args.log_runs} runs on one core take {on:.1f} s CPU with the log on, {off:.1f} s off "
          f"({100 * (on - off) / on:.0f}% of a run goes to the log)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
