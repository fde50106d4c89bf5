"""Scaling benchmark (a script, not a test): issue 20's "linear from 1x to 100x packs".

On packs of 1x, 10x and 100x the shipped monsters and equipment (``bench_validate.scaled_pack``:
copies with renamed ids), each command runs in a fresh process with an empty cache folder:

- ``validate``;
- ``simulate --runs 10`` (the duel matrix: it grows with the monsters, so its time per duel is
  what must stay flat);
- ``simulate scenario sunken_reliquary --players 4 --runs 20`` (the same runs on every pack: a
  run must not cost more because the pack holds more cards);
- and, for the memory, ``simulate scenario`` at 20 and 200 runs on the 1x pack (peak memory must
  not grow with the runs).

Prints CPU seconds, peak resident memory, and per unit of work (a file, a duel, a run), so a
lookup that scans shows as a per-unit cost that grows with the scale::

    python benchmarks/bench_scaling.py [--scales 1,10,100]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_validate import child_cpu, scaled_pack  # noqa: E402

TIME = ["/usr/bin/time", "-f", "MAXRSS %M"]


def run(args: list[str], cache: Path) -> tuple[float, float, str]:
    """(CPU seconds, peak MiB, output) of ``doria-forge ARGS`` in a fresh process."""
    cpu, _, out = child_cpu(TIME + [sys.executable, "-m", "doria_forge", *args], {"DORIA_FORGE_CACHE_DIR": str(cache)})
    peak = max((int(line.split()[1]) for line in out.splitlines() if line.startswith("MAXRSS ")), default=0) / 1024
    return cpu, peak, out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--content", default=str(ROOT / "content"))
    parser.add_argument("--scales", default="1,10,100")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        for scale in (int(s) for s in args.scales.split(",")):
            pack = scaled_pack(Path(args.content), scale, Path(tmp) / f"x{scale}")
            files = len(list(pack.rglob("*.yaml")))
            cache = Path(tmp) / f"cache{scale}"
            cpu, peak, _ = run(["validate", str(pack)], cache)
            print(f"{scale:>3}x validate: {cpu:.2f} s CPU, {1000 * cpu / files:.2f} ms a file ({files} files), "
                  f"peak {peak:.0f} MiB")
            out = Path(tmp) / f"out{scale}.json"
            cpu, peak, _ = run(["simulate", str(pack), "--runs", "10", "--no-cache", "--jobs", "1", "--out", str(out)],
                               cache)
            duels = _duels(pack, 10)
            print(f"{scale:>3}x simulate --runs 10: {cpu:.2f} s CPU, {1e6 * cpu / duels:.0f} us a duel "
                  f"({duels} duels), peak {peak:.0f} MiB")
            # the difference of two run counts leaves start-up and validation out
            few = run(["simulate", "scenario", "sunken_reliquary", str(pack), "--players", "4", "--runs", "10",
                       "--jobs", "1", "--out", str(out), "--replay", "none"], cache)
            many = run(["simulate", "scenario", "sunken_reliquary", str(pack), "--players", "4", "--runs", "30",
                        "--jobs", "1", "--out", str(out), "--replay", "none"], cache)
            print(f"{scale:>3}x simulate scenario: {1000 * (many[0] - few[0]) / 20:.0f} ms a run "
                  f"(30 runs minus 10), peak {many[1]:.0f} MiB")
        pack = Path(tmp) / "x1" if (Path(tmp) / "x1").exists() else scaled_pack(Path(args.content), 1,
                                                                                  Path(tmp) / "x1")
        for runs in (20, 200):
            out = Path(tmp) / f"mem{runs}.json"
            cpu, peak, _ = run(["simulate", "scenario", "sunken_reliquary", str(pack), "--players", "4", "--runs",
                                str(runs), "--jobs", "1", "--out", str(out), "--replay", "none"], Path(tmp) / "cache")
            print(f"  1x simulate scenario --runs {runs}: {cpu:.2f} s CPU, peak {peak:.0f} MiB")
    return 0


def _duels(pack: Path, runs: int) -> int:
    """Duels the matrix of ``pack`` plays at ``runs`` a cell: heroes x monsters x 4 levels."""
    from doria_forge.validate import validate_pack

    loaded = validate_pack(str(pack)).pack
    heroes = sum(1 for c in loaded.characters.values() if c.premade)
    return heroes * len(loaded.monsters) * 4 * runs


if __name__ == "__main__":
    raise SystemExit(main())
