"""Rebuild benchmark (a script, not a test): ``doria-forge build`` cold, then again after
editing one Monster Level Card (``--edit level-card``) or one scenario (``--edit scenario``),
with the cache of a fresh folder.

For each ``--runs`` value: (1) a cold build of a copy of the pack (empty cache), (2) the edit:
the Orc's level-3 card gets 1 more damage, or goblin_warren (in no campaign) gets one more
round, (3) the rebuild, (4) a build of the edited pack with ``--no-cache``. Prints wall and CPU
seconds (this process's children), the ratio rebuild / cold, and whether the rebuild's
simulation and scenario reports are byte-identical to the uncached ones.

``--scenario-runs N`` is passed to the builds (0: no scenario playthroughs, the duel matrix
alone; the cache serves the duels, while every scenario is replayed after a level-card edit,
since any scenario can meet any monster at any Monster Level).

    python benchmarks/bench_rebuild.py [--content content] [--runs 100,1000] [--jobs 2] [--scenario-runs N]
                                       [--edit level-card|scenario] [--code CHECKOUT]

``--code`` runs another checkout's doria_forge (e.g. main, for the figures before the
cache: there the rebuild simulates everything again).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def entry(code: Path) -> str:
    """The module ``code``'s console script runs (``doria_forge.cli`` in checkouts from before the
    package had a ``__main__``)."""
    return "doria_forge" if (code / "doria_forge" / "__main__.py").is_file() else "doria_forge.cli"


def build(code: Path, pack: Path, out: Path, runs: int, jobs: int, cache: Path, *extra: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one ``doria-forge build``."""
    env = {**os.environ, "PYTHONPATH": str(code), "DORIA_FORGE_CACHE_DIR": str(cache)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", entry(code), "build", str(pack), "--out", str(out), "--runs",
                    str(runs), "--jobs", str(jobs), "--no-progress", *extra],
                   env=env, check=True, capture_output=True, text=True, cwd=code)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def edit_level_card(pack: Path) -> None:
    """The Orc's level-3 Monster Level Card deals 1 more damage."""
    path = pack / "monsters" / "orc.yaml"
    text = path.read_text(encoding="utf-8")
    new = re.sub(r"(id: orc-3\n(?:.*\n)*?damage: )(\d+)", lambda m: f"{m.group(1)}{int(m.group(2)) + 1}", text, count=1)
    assert new != text, "orc-3 has no damage line"
    path.write_text(new, encoding="utf-8")


def edit_scenario(pack: Path) -> None:
    """goblin_warren (a scenario no campaign plays) lasts one round more."""
    path = pack / "scenarios" / "goblin_warren.yaml"
    text = path.read_text(encoding="utf-8")
    new = re.sub(r"^max_rounds: (\d+)$", lambda m: f"max_rounds: {int(m.group(1)) + 1}", text, count=1,
                 flags=re.MULTILINE)
    assert new != text, "goblin_warren has no max_rounds line"
    path.write_text(new, encoding="utf-8")


EDITS = {"level-card": edit_level_card, "scenario": edit_scenario}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", default=str(ROOT / "content"))
    parser.add_argument("--runs", default="100,1000")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--code", default=str(ROOT), help="checkout whose doria_forge to run (default: this one)")
    parser.add_argument("--scenario-runs", type=int, default=None, help="passed to build (default: build's own)")
    parser.add_argument("--edit", choices=sorted(EDITS), default="level-card")
    args = parser.parse_args(argv)
    code = Path(args.code)
    extra = ("--scenario-runs", str(args.scenario_runs)) if args.scenario_runs is not None else ()
    has_cache = "--no-cache" in subprocess.run(
        [sys.executable, "-m", entry(code), "build", "--help"], env={**os.environ, "PYTHONPATH": str(code)},
        capture_output=True, text=True, cwd=code).stdout
    for runs in (int(r) for r in args.runs.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            tmp_path = Path(tmp)
            pack = tmp_path / "content"
            shutil.copytree(args.content, pack)
            cache = tmp_path / "cache"
            cold = build(code, pack, tmp_path / "cold", runs, args.jobs, cache, *extra)
            EDITS[args.edit](pack)
            warm = build(code, pack, tmp_path / "warm", runs, args.jobs, cache, *extra)
            shown = f" --scenario-runs {args.scenario_runs}" if extra else ""
            line = (f"--runs {runs}{shown}: cold build {cold[0]:.1f} s ({cold[1]:.1f} s CPU); "
                    f"after one {args.edit} edit {warm[0]:.1f} s ({warm[1]:.1f} s CPU) = "
                    f"{warm[0] / cold[0]:.2f} of the cold build")
            if has_cache:
                build(code, pack, tmp_path / "nocache", runs, args.jobs, cache, "--no-cache", *extra)
                same = all((tmp_path / "warm" / name).read_bytes() == (tmp_path / "nocache" / name).read_bytes()
                           for name in ("simulation.json", "scenarios.json", "scenarios.html")
                           if (tmp_path / "warm" / name).exists())
                line += f"; reports identical to an uncached build: {same}"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
