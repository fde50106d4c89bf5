"""Duel benchmark (a script, not a test): the verification matrix of issue 11.

1. Duels per second, reference engine against the fast path, pair by pair: the same
   sample of matrix cells (every 8th) and the same seeds, alternating engines
   ``--repeat`` times on one core, in CPU seconds; each pair's ratio is printed (the
   machine may be shared: compare within a pair). ``--pair-runs`` duels a cell: few
   runs include the fast path's set-up (it asks the bot once per situation).
2. The full duel matrix on the fast path: every premade hero x every monster x Monster
   Levels 1-4 x ``--runs`` duels (default 1000) through ``sim.matrix.run_matrix`` with
   ``--jobs`` worker processes (default 2), no cache, ``--repeat`` times (median): wall
   time and CPU time of all processes (CPU / jobs is the time on otherwise idle cores).
   The reference engine's full-matrix time is extrapolated from its duels/s of part 1.
3. ``--precision``: the full matrix with ``--precision 0.05`` (at most 10,000 duels a
   matchup): duels played and time.
4. Memory: peak RSS of a process running the matrix at ``--runs / 4`` and ``--runs``
   duels a cell (it should not grow with the runs).

    python benchmarks/bench_duels.py [--content content] [--runs 1000] [--pair-runs 20] [--jobs 2] [--repeat 3]

Rounds per second of whole games (no map, map) are in ``bench_engine.py``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from doria_forge.sim.matrix import matrix_cells, run_cell, run_matrix  # noqa: E402
from doria_forge.validate import validate_pack  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_engine import FULL_RUNS, _print_full_matrix  # noqa: E402


def bench_pairs(pack, runs: int, repeat: int, seed: int = 0) -> list[tuple[float, float]]:
    """(reference duels/s, fast duels/s) on every 8th matrix cell, the same seeds, one core."""
    cells = matrix_cells(pack)[::8]
    out = []
    for _ in range(repeat):
        rates = []
        for engine in ("reference", "fast"):
            start = time.process_time()  # CPU time: other processes on the machine disturb it less
            for hero, monster, level in cells:
                run_cell(pack, hero, monster, level, runs, seed, engine)
            rates.append(len(cells) * runs / (time.process_time() - start))
        out.append((rates[0], rates[1]))
    return out


def bench_full_matrix(pack, runs: int, jobs: int, precision: float | None = None) -> tuple[int, float, float]:
    """The whole matrix through run_matrix (no cache); returns (duels played, wall seconds,
    CPU seconds of this process and its worker processes)."""
    start, cpu = time.perf_counter(), _cpu()
    result = run_matrix(pack, runs, 0, jobs=jobs, precision=precision)
    return sum(c.runs for c in result.cells), time.perf_counter() - start, _cpu() - cpu


def _cpu() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def peak_rss_mib(content: str, runs: int, jobs: int) -> float:
    """Peak resident memory (MiB) of a fresh process that runs the matrix at ``runs``."""
    code = (
        "import resource, sys; sys.path.insert(0, sys.argv[1]);"
        "from doria_forge.validate import validate_pack; from doria_forge.sim.matrix import run_matrix;"
        "pack = validate_pack(sys.argv[2]).pack; run_matrix(pack, int(sys.argv[3]), 0, jobs=int(sys.argv[4]));"
        "own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss;"
        "kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss; print(max(own, kids) / 1024)"
    )
    done = subprocess.run([sys.executable, "-c", code, str(ROOT), content, str(runs), str(jobs)],
                          capture_output=True, text=True, check=True)
    return float(done.stdout.strip())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", default=str(ROOT / "content"))
    parser.add_argument("--runs", type=int, default=1000, help="duels per matrix cell (default 1000)")
    parser.add_argument("--pair-runs", type=int, default=20, help="duels per sampled cell in part 2 (default 20)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the full matrix (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="repetitions of each timing (default 3)")
    args = parser.parse_args(argv)
    result = validate_pack(args.content)
    if result.pack is None:
        print("the content pack has errors; run doria-forge validate", file=sys.stderr)
        return 1
    pack = result.pack
    pairs = bench_pairs(pack, args.pair_runs, args.repeat)
    for ref, fast in pairs:
        print(f"duels/s on one core: reference {ref:,.0f} ({1e6 / ref:,.0f} us a duel), fast {fast:,.0f} "
              f"({1e6 / fast:,.1f} us a duel): {fast / ref:.1f}x")
    ref_rate = statistics.median(r for r, _ in pairs)
    cells = len(matrix_cells(pack))
    print(f"full matrix on the reference engine ({cells} cells x {FULL_RUNS} runs, {args.jobs} jobs): "
          f"{cells * FULL_RUNS / ref_rate / args.jobs:,.0f} s (EXTRAPOLATED from {ref_rate:,.0f} duels/s on one core)")
    times, cpus = [], []
    for _ in range(args.repeat):
        duels, secs, cpu = bench_full_matrix(pack, args.runs, args.jobs)
        times.append(secs)
        cpus.append(cpu)
        print(f"matrix: {cells} cells x {args.runs} runs = {duels:,} duels in {secs:.1f} s, {cpu:.1f} s CPU "
              f"({args.jobs} jobs, fast path, run_matrix; load average {os.getloadavg()[0]:.1f})")
    print("median:", end=" ")
    _print_full_matrix(cells, args.runs, statistics.median(times), args.jobs)
    print(f"full matrix CPU, median: {statistics.median(cpus):.1f} s = {statistics.median(cpus) / args.jobs:.1f} s "
          f"on {args.jobs} otherwise idle cores")
    duels, secs, cpu = bench_full_matrix(pack, 10_000, args.jobs, precision=0.05)
    print(f"--precision 0.05: {duels:,} duels in {secs:.1f} s, {cpu:.1f} s CPU ({duels / cells:,.0f} a matchup on "
          f"average; {args.jobs} jobs)")
    small, large = max(1, args.runs // 4), args.runs
    print(f"peak memory: {peak_rss_mib(args.content, small, args.jobs):.0f} MiB at {small} runs, "
          f"{peak_rss_mib(args.content, large, args.jobs):.0f} MiB at {large} runs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
