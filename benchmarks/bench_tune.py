"""Tune benchmark (a script, not a test): issue 22's measures.

For each shipped scenario (``--scenarios``, default all): a copy of the pack with a seeded
regression that takes the scenario out of its own balance targets (``REGRESSIONS``, tried in
order until a 64-run simulation at the target's player count puts an estimate outside its
band: one Monster Level up, the first spawn count doubled, two Monster Levels up), then
``doria-forge tune`` (the library call) with the default budget (200 evaluations of 16 runs at
each player count) and seed 1, and the same budget spent by a blind random search. Prints per
scenario the regression, whether every target holds afterwards (confirmed on fresh runs), the
changes, the playthroughs spent and the wall time; then the totals: restored by tune, restored by
the random search (the issue's bar: 8 of 9 within the budget). ``--scheduler`` plays on a Dask
cluster (``--local-dask N`` starts a local one of N workers).

    python benchmarks/bench_tune.py [--content content] [--scenarios a,b] [--jobs 2] [--no-random]
                                    [--local-dask 2]
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from doria_forge.commands import pipeline_tune  # noqa: E402
from doria_forge.commands.pipeline_scenarios import simulate_scenarios  # noqa: E402
from doria_forge.sim.verdicts import band_for  # noqa: E402
from doria_forge.validate import validate_pack  # noqa: E402


def _monster_level(text: str, up: int) -> str | None:
    found = re.search(r"^  monster_level: (\d+)$", text, re.MULTILINE)
    if not found or int(found.group(1)) + up > 4:
        return None
    return text[:found.start(1)] + str(int(found.group(1)) + up) + text[found.end(1):]


def _spawn_doubled(text: str) -> str | None:
    found = re.search(r"\{do: spawn, [^}\n]*count: (\d+)", text)
    if found:
        return text[:found.start(1)] + str(2 * int(found.group(1))) + text[found.end(1):]
    found = re.search(r"\{do: spawn(, |\})", text)
    if not found:
        return None
    return text[:found.end(0) - len(found.group(1))] + ", count: 2" + text[found.end(0) - len(found.group(1)):]


REGRESSIONS = (("one Monster Level up", lambda t: _monster_level(t, 1)),
               ("the first spawn count doubled", _spawn_doubled),
               ("two Monster Levels up", lambda t: _monster_level(t, 2)))


def _outside(pack_path: Path, scenario: str, jobs: int) -> bool:
    """Whether 64 runs at each player count a win-rate target names put an estimate outside its band."""
    pack = validate_pack(pack_path).pack
    targets = pack.scenarios[scenario].balance.win_rate
    low, high = pack.scenarios[scenario].players
    counts = sorted({int(k) for k in targets if k.isdigit()} | {n for n in (1, 2, 4) if low <= n <= high})
    [entry] = simulate_scenarios(pack, [scenario], players=counts, runs=64, jobs=jobs, progress=False)
    for summary in entry["players"]:
        found = band_for(targets, summary["players"])
        if found and not found[1][0] <= summary["win_rate"] <= found[1][1]:
            return True
    return False


def regressed(content: Path, scenario: str, dest: Path, jobs: int) -> str | None:
    """A copy of ``content`` at ``dest`` with the first regression of ``REGRESSIONS`` that takes
    ``scenario`` out of a band; its name, or None when none does."""
    for name, change in REGRESSIONS:
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(content, dest)
        path = dest / "scenarios" / f"{scenario}.yaml"
        new = change(path.read_text(encoding="utf-8"))
        if new is None:
            continue
        path.write_text(new, encoding="utf-8")
        if _outside(dest, scenario, jobs):
            return name
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--content", default=str(ROOT / "content"))
    parser.add_argument("--scenarios", default=None)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--no-random", action="store_true", help="skip the blind random search")
    parser.add_argument("--scheduler", default=None)
    parser.add_argument("--local-dask", type=int, default=0, help="start a local Dask cluster of N workers")
    args = parser.parse_args(argv)
    content = Path(args.content)
    scenarios = args.scenarios.split(",") if args.scenarios else sorted(validate_pack(content).pack.scenarios)
    cluster = None
    scheduler = args.scheduler
    if args.local_dask:
        from distributed import LocalCluster

        cluster = LocalCluster(n_workers=args.local_dask, threads_per_worker=1, dashboard_address=None)
        scheduler = cluster.scheduler_address
    restored = {"tune": 0, "random": 0}
    tried = 0
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for scenario in scenarios:
                dest = Path(tmp) / scenario
                what = regressed(content, scenario, dest, args.jobs)
                if what is None:
                    print(f"{scenario}: no regression takes it out of its bands; skipped", flush=True)
                    continue
                tried += 1
                loaded = validate_pack(dest)
                for mode in ("tune",) if args.no_random else ("tune", "random"):
                    start = time.perf_counter()
                    result = pipeline_tune.tune(loaded.pack, loaded.source_map, scenario, jobs=args.jobs,
                                                scheduler=scheduler, progress=False, blind=mode == "random")
                    wall = time.perf_counter() - start
                    outcome = result.outcome
                    restored[mode] += outcome.reached
                    changes = ", ".join(f"{k.name} {k.value}->{v}" for k, v in outcome.best.changes.items())
                    print(f"{scenario} ({what}) {mode}: {'restored' if outcome.reached else 'NOT restored'} "
                          f"with [{changes or 'no change'}]; {outcome.spent} of {result.budget} playthroughs, "
                          f"{wall:.0f} s wall" + (f" on Dask {scheduler}" if scheduler else f" on {args.jobs} jobs"),
                          flush=True)
    finally:
        if cluster is not None:
            cluster.close()
    blind = "" if args.no_random else f"; by a blind random search at the same budget: {restored['random']} of {tried}"
    print(f"restored by tune: {restored['tune']} of {tried}{blind}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
