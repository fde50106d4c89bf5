"""The lean loop: the floor a scenario playthrough is measured against (issue 20).

A playthrough of sunken_reliquary with 4 heroes played by the greedy party does, per run (counted
on the engine as it stood when the issue was filed): 137 hero route searches, 70 monster route
searches, 688 Line of Sight queries (about 200 of them new pairs), 138 dice rolls and 384
event-log entries. This script does exactly that many of each, the leanest way plain Python
allows, on the real dungeon of such a game (the 5 Room Tiles a played game laid, 125 squares):

* a route search: Dijkstra over the squares' precomputed neighbour lists (1 AP a step, monsters'
  squares blocked), to every square within 20 AP;
* a Line of Sight query: a lookup in a dict of the pairs already decided, else the engine's
  own exact test (``engine.map.sight.compute_sight``), as the engine caches sight per layout;
  200 distinct pairs, as counted;
* a dice roll: ``random.randint(1, 10)``; an event: a tuple appended to a list.

It prints the CPU milliseconds one such playthrough takes (median of ``--repeat`` rounds of
``--runs`` playthroughs); ``bench_scenarios.py`` compares a real playthrough with it::

    python benchmarks/lean_loop.py [--runs 200] [--repeat 5]
"""

from __future__ import annotations

import argparse
import heapq
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from doria_forge.engine.game import GameOptions, GameState  # noqa: E402
from doria_forge.engine.map.sight import compute_sight  # noqa: E402
from doria_forge.sim.bots import greedy_bot  # noqa: E402
from doria_forge.sim.play import play  # noqa: E402
from doria_forge.validate import validate_pack  # noqa: E402

COUNTS = {"hero_routes": 137, "monster_routes": 70, "sight": 688, "dice": 138, "events": 384}
"""Operations per playthrough (sunken_reliquary, 4 heroes, greedy; issue 20)."""
SIGHT_PAIRS = 200
"""Distinct square pairs among the Line of Sight queries of one playthrough (counted: 202)."""


def real_dungeon(content: str):
    """The layout of a 4-hero sunken_reliquary game played to its end (5 Room Tiles), its squares
    and the squares its monsters held."""
    pack = validate_pack(content).pack
    state = GameState.new(pack, ["warrior", "mage", "ranger", "priestess"], seed=5, scenario="sunken_reliquary",
                          options=GameOptions(setup_loot=True, max_rounds=7))
    play(state, greedy_bot)
    board = state.board
    layout = board.layout
    squares = [p for p in layout.all_squares() if layout.passable(p)]
    return layout, squares, board.monster_squares(state)


def lean_playthrough(near: dict, squares: list, blocked: set, pairs: list, layout, rng: random.Random,
                     seen: dict) -> int:
    """One playthrough's worth of lean operations; returns a checksum so nothing is skipped."""
    total = 0
    known: dict = {}
    starts = squares
    for n in range(COUNTS["hero_routes"] + COUNTS["monster_routes"]):
        start = starts[n % len(starts)]
        best = {start: 0}
        queue = [(0, start)]
        while queue:
            cost, pos = heapq.heappop(queue)
            if cost != best[pos] or cost >= 20:
                continue
            for nxt in near[pos]:
                if nxt in blocked:
                    continue
                new = cost + 1
                old = best.get(nxt)
                if old is None or new < old:
                    best[nxt] = new
                    heapq.heappush(queue, (new, nxt))
        total += len(best)
    for n in range(COUNTS["sight"]):
        pair = pairs[n % len(pairs)]
        found = seen.get(pair)
        if found is None:
            # a cache per layout as the engine keeps one: each pair once, in either order
            a, b = pair
            key = (a, b) if a <= b else (b, a)
            found = known.get(key)
            if found is None:
                found = known[key] = compute_sight(layout, a, b)
            seen[pair] = found
        total += found
    for _ in range(COUNTS["dice"]):
        total += rng.randint(1, 10)
    log = []
    for n in range(COUNTS["events"]):
        log.append(("event", n, total))
    return total + len(log)


def lean_runner(content: str) -> Callable[[], int]:
    """One lean playthrough at a call, on the real dungeon of ``content`` (see the module
    docstring). Sight is cached per layout as the engine does, and a playthrough lays new tiles:
    each call starts with an empty cache of its own (the engine's cache lives in the layout's
    memo, shared by every game at that layout: not the floor)."""
    layout, squares, monsters = real_dungeon(content)
    near = {p: [q for q in layout.neighbours(p)] for p in squares}
    rng = random.Random(1)
    pairs = [(rng.choice(squares), rng.choice(squares)) for _ in range(SIGHT_PAIRS)]
    return lambda: lean_playthrough(near, squares, monsters, pairs, layout, rng, {})


def lean_ms(content: str, runs: int, repeat: int) -> float:
    """Median CPU milliseconds of one lean playthrough."""
    playthrough = lean_runner(content)
    times = []
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(runs):
            playthrough()
        times.append(1000 * (time.process_time() - start) / runs)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--content", default=str(ROOT / "content"))
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    layout, squares, _ = real_dungeon(args.content)
    print(f"dungeon: {len(layout.tiles)} Room Tiles ({25 * len(layout.tiles)} squares), {len(squares)} to stand on")
    print(f"lean playthrough: {lean_ms(args.content, args.runs, args.repeat):.2f} ms CPU "
          f"({', '.join(f'{n} {k}' for k, n in COUNTS.items())})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
