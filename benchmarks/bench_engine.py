"""Engine benchmark (a script, not a test).

1. Simulated rounds per second: full games (4 heroes, shop, loot, monster deck,
   Doom Counter, level up) played by the greedy bot, EventLog disabled.
2. The full duel matrix: every premade hero x every monster x Monster Levels 1-4 x
   ``--runs`` duels (default 1000), on one core; with ``--jobs N`` (N > 1) also through
   ``sim.matrix.run_matrix`` with N worker processes. With ``--runs`` below 1000 the
   time of the full 1000-run matrix is extrapolated linearly and labelled so.

    python benchmarks/bench_engine.py [--content content] [--runs 1000] [--games 200] [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from doria_forge.engine.game import GameOptions, GameState  # noqa: E402
from doria_forge.sim.bots import greedy_bot  # noqa: E402
from doria_forge.sim.duel import run_duel  # noqa: E402
from doria_forge.sim.matrix import run_matrix  # noqa: E402
from doria_forge.validate import validate_pack  # noqa: E402


def bench_rounds(pack, games: int, seed: int = 0) -> tuple[int, float]:
    """Play ``games`` 4-hero games of up to 20 rounds; returns (rounds played, seconds)."""
    heroes = sorted(h for h, c in pack.characters.items() if c.premade)
    rounds = 0
    start = time.perf_counter()
    for g in range(games):
        party = [heroes[(g + k) % len(heroes)] for k in range(4)]
        state = GameState.new(pack, party, seed=seed + g, log=False, monsters=["orc", "goblin"],
                              options=GameOptions(max_rounds=20, occupied_room_tiles=1))
        while not state.is_over():
            state.apply(greedy_bot(state))
        rounds += state.round
    return rounds, time.perf_counter() - start


def bench_matrix(pack, runs: int, seed: int = 0) -> tuple[int, float]:
    """The duel matrix; returns (duels, seconds)."""
    heroes = sorted(h for h, c in pack.characters.items() if c.premade)
    monsters = sorted(pack.monsters)
    n = 0
    start = time.perf_counter()
    for hero in heroes:
        for monster in monsters:
            for level in (1, 2, 3, 4):
                for i in range(runs):
                    run_duel(pack, hero, monster, level, seed + i)
                    n += 1
    return n, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", default=str(ROOT / "content"))
    parser.add_argument("--runs", type=int, default=1000, help="duels per matrix cell (default 1000)")
    parser.add_argument("--games", type=int, default=200, help="full games for the rounds/s figure")
    parser.add_argument("--jobs", type=int, default=1,
                        help="also time sim.matrix.run_matrix with this many worker processes "
                             "(default 1: only one core)")
    args = parser.parse_args(argv)
    result = validate_pack(args.content)
    if result.pack is None:
        print("the content pack has errors; run doria-forge validate", file=sys.stderr)
        return 1
    pack = result.pack
    rounds, secs = bench_rounds(pack, args.games)
    print(f"rounds: {rounds} simulated rounds in {secs:.2f} s = {rounds / secs:,.0f} rounds/s "
          f"({args.games} four-hero games)")
    duels, secs = bench_matrix(pack, args.runs)
    cells = duels // max(1, args.runs)
    print(f"matrix: {cells} cells x {args.runs} runs = {duels:,} duels in {secs:.1f} s = "
          f"{duels / secs:,.0f} duels/s (1 job)")
    _print_full_matrix(cells, args.runs, secs, 1)
    if args.jobs > 1:
        start = time.perf_counter()
        run_matrix(pack, runs=args.runs, seed=0, jobs=args.jobs)
        secs = time.perf_counter() - start
        print(f"matrix: {cells} cells x {args.runs} runs = {duels:,} duels in {secs:.1f} s = "
              f"{duels / secs:,.0f} duels/s ({args.jobs} jobs, run_matrix)")
        _print_full_matrix(cells, args.runs, secs, args.jobs)
    return 0


FULL_RUNS = 1000
"""Duels per cell of the full matrix the issue asks about."""


def _print_full_matrix(cells: int, runs: int, secs: float, jobs: int) -> None:
    """The full matrix time: measured when ``runs`` is 1000, else extrapolated linearly."""
    full = secs * FULL_RUNS / runs
    how = "measured" if runs == FULL_RUNS else f"EXTRAPOLATED from {runs} runs/cell"
    print(f"full matrix ({cells} cells x {FULL_RUNS} runs = {cells * FULL_RUNS:,} duels, {jobs} job"
          f"{'s' if jobs > 1 else ''}): {full:,.0f} s ({how})")


if __name__ == "__main__":
    raise SystemExit(main())
