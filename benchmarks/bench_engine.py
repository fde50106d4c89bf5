"""Engine benchmark (a script, not a test).

1. Simulated rounds per second: full games (4 heroes, shop, loot, monster deck,
   Doom Counter, level up) played by the greedy bot, EventLog disabled.
2. Map games: rounds per second of 4-hero games through the sample scenario (the first
   scenario of the pack) on the dungeon map, greedy bot, EventLog disabled; and Line of
   Sight and path queries per second on the dungeons those games built (sight answered
   from scratch, without the cache, and through it).
3. The full duel matrix: every premade hero x every monster x Monster Levels 1-4 x
   ``--runs`` duels (default 1000), on one core; with ``--jobs N`` (N > 1) also through
   ``sim.matrix.run_matrix`` with N worker processes. With ``--runs`` below 1000 the
   time of the full 1000-run matrix is extrapolated linearly and labelled so.

    python benchmarks/bench_engine.py [--content content] [--runs 1000] [--games 200] [--map-games 30] [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from doria_forge.engine.game import GameOptions, GameState  # noqa: E402
from doria_forge.engine.map.dungeon import Dungeon  # noqa: E402
from doria_forge.engine.map.paths import MonsterMoves, hero_routes, monster_routes  # noqa: E402
from doria_forge.engine.map.sight import compute_sight  # noqa: E402
from doria_forge.sim.bots import greedy_bot  # noqa: E402
from doria_forge.sim.duel import run_duel  # noqa: E402
from doria_forge.sim.matrix import run_matrix  # noqa: E402
from doria_forge.sim.play import play  # noqa: E402
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


def bench_map_rounds(pack, games: int, seed: int = 0) -> tuple[int, float, list]:
    """Play ``games`` 4-hero games of the pack's first scenario on the map (up to 20
    rounds); returns (rounds played, seconds, the finished states)."""
    scenario = sorted(pack.scenarios)[0]
    heroes = sorted(h for h, c in pack.characters.items() if c.premade)
    rounds, states = 0, []
    start = time.perf_counter()
    for g in range(games):
        party = [heroes[(g + k) % len(heroes)] for k in range(4)]
        state = GameState.new(pack, party, seed=seed + g, log=False, board=Dungeon.for_scenario(pack, scenario),
                              options=GameOptions(max_rounds=20, setup_loot=True))
        play(state, greedy_bot)
        rounds += state.round
        states.append(state)
    return rounds, time.perf_counter() - start, states


def bench_map_queries(states: list, queries: int = 20000) -> dict[str, float]:
    """Line of Sight (uncached and cached) and monster/hero path queries per second on the
    dungeons of finished map games (random square pairs, seeded)."""
    import random

    rng = random.Random(0)
    layouts = [s.board for s in states if len(s.board.layout.tiles) > 1]
    pairs = []
    for board in layouts:
        squares = [p for p in board.layout.all_squares() if board.layout.passable(p)]
        pairs += [(board, rng.choice(squares), rng.choice(squares)) for _ in range(queries // max(1, len(layouts)))]
    out = {}
    start = time.perf_counter()
    for board, a, b in pairs:
        compute_sight(board.layout, a, b)
    out["sight/s (uncached)"] = len(pairs) / (time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(3):
        for board, a, b in pairs:
            board.sees(a, b)
    out["sight/s (cached, 3 passes)"] = 3 * len(pairs) / (time.perf_counter() - start)
    moves = MonsterMoves()
    start = time.perf_counter()
    n = 0
    for board, a, _ in pairs[: max(1, len(pairs) // 50)]:
        monster_routes(board.layout, a, 10, moves=moves, heroes=set(), monsters=set())
        n += 1
    out["monster routes/s (10 AP)"] = n / (time.perf_counter() - start)
    start = time.perf_counter()
    n = 0
    for board, a, _ in pairs[: max(1, len(pairs) // 50)]:
        hero_routes(board.layout, a, 20, monsters=set(), heroes=set())
        n += 1
    out["hero routes/s (20 AP)"] = n / (time.perf_counter() - start)
    return out


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
    parser.add_argument("--map-games", type=int, default=30, help="map games of the sample scenario")
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
          f"({args.games} four-hero games, no map)")
    if args.map_games and pack.scenarios:
        rounds, secs, states = bench_map_rounds(pack, args.map_games)
        print(f"map: {rounds} simulated rounds in {secs:.2f} s = {rounds / secs:,.0f} rounds/s "
              f"({args.map_games} four-hero games of the sample scenario on the map)")
        for name, rate in bench_map_queries(states).items():
            print(f"map: {rate:,.0f} {name}")
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
