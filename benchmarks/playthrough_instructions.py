"""Machine instructions of one playthrough, counted by valgrind (a script, not a test).

CPU timings of a playthrough move by 10-15% between runs on a shared machine; an instruction
count repeats to a few tenths of a percent, so it is what tells a 1% change apart (issue 20).
This script counts, under ``valgrind --tool=callgrind`` and with ``PYTHONHASHSEED=0``, a child
process that builds the pack, plays 3 warm-up games and then ``--games`` greedy games of
``--scenario`` with 4 heroes (runs 500 onward of the scenario runner's plan, seed 1: seeds the
warm-up did not play), and the same process playing no game after the warm-up; the difference
over ``--games`` is the figure. The lean loop (``lean_loop.py``, issue 20's floor) is counted
the same way (3 warm-up lean playthroughs, then ``--games``), and the ratio of the two printed:
CPU time follows it only part of the way (the engine reads far more memory than the lean loop
does, so it runs fewer instructions a nanosecond)::

    python benchmarks/playthrough_instructions.py [--scenario sunken_reliquary] [--games 20]

Skipped (exit 2) where valgrind is not installed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PLAYERS = 4
FIRST_RUN = 500
"""The first measured run index (the warm-up plays runs 0-2)."""


def play(scenario: str, games: int) -> None:
    """The child: 3 warm-up games, then ``games`` measured ones (as ``bench_playthrough`` plays)."""
    from doria_forge.engine.game import GameOptions, GameState
    from doria_forge.infra.startup import fewer_young_collections
    from doria_forge.sim.play import play_scenario
    from doria_forge.sim.policies import make_policy
    from doria_forge.sim.scenario_runner import make_plan, party_for, policy_seed, run_seed
    from doria_forge.validate import validate_pack

    pack = validate_pack(str(ROOT / "content")).pack
    assert pack is not None, "the pack does not validate"
    plan = make_plan(pack, scenario, players=[PLAYERS], runs=FIRST_RUN + games, seed=1, policy="greedy")

    def run(indices: range) -> None:
        for index in indices:
            seed = run_seed(plan.seed, scenario, PLAYERS, index)
            state = GameState.new(pack, party_for(plan.pool, PLAYERS, index), seed=seed, scenario=scenario,
                                  options=GameOptions(setup_loot=True))
            play_scenario(state, make_policy("greedy", policy_seed(seed)))

    run(range(3))
    with fewer_young_collections():
        run(range(FIRST_RUN, FIRST_RUN + games))


def play_lean(games: int) -> None:
    """The child of the lean loop: 3 warm-up lean playthroughs, then ``games`` measured ones."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from lean_loop import lean_runner

    playthrough = lean_runner(str(ROOT / "content"))
    for _ in range(3 + games):
        playthrough()


def counted(valgrind: str, scenario: str, games: int, lean: bool = False) -> int:
    """Instructions of a child process playing ``games`` measured games (``lean``: lean playthroughs)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONHASHSEED"] = "0"
    done = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           __file__, "--lean-child" if lean else "--child", "--scenario", scenario,
                           "--games", str(games)],
                          capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", default="sunken_reliquary")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--lean-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        play(args.scenario, args.games)
        return 0
    if args.lean_child:
        play_lean(args.games)
        return 0
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("valgrind is not installed: nothing counted", file=sys.stderr)
        return 2
    play(args.scenario, 0)  # compiles the bytecode outside the counted runs
    base = counted(valgrind, args.scenario, 0)
    total = counted(valgrind, args.scenario, args.games)
    game = (total - base) / args.games / 1e6
    print(f"{args.scenario}, 4 heroes, greedy: {game:.2f} M instructions a game "
          f"({args.games} games after 3 warm-up games; PYTHONHASHSEED=0)")
    lean = (counted(valgrind, args.scenario, args.games, lean=True) - counted(valgrind, args.scenario, 0, lean=True))
    lean /= args.games * 1e6
    print(f"lean loop: {lean:.2f} M instructions a playthrough (the same way); the playthrough is {game / lean:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
