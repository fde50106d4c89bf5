"""Invariant run: thousands of bot-played map games with the engine's invariants checked after
every action (engine/invariants.py). A maintainer runs it before a release; the test suite
plays a few hundred of the same games (tests/test_invariants.py)::

    python tools/invariant_run.py                      # 3000 games on 2 processes
    python tools/invariant_run.py --games 10000 --jobs 2 --seed 7
    python tools/invariant_run.py --policies greedy,weak,search --games 300

Games are spread over every scenario of the pack and every Boss Monster card's exploration game
(``simulate exploration``), each one's whole player range and the policies given
(``sim.invariant_games.game_specs``): game ``i`` is a pure function of ``i`` and ``--seed``, so
any reported game replays. Prints the games played, their outcomes, the
violations by invariant with the first game showing each (scenario, party, seed, policy and
action), games where the engine raised, and the time taken. Exit status: 0 when no invariant
broke and no game raised, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rich.progress import Progress  # noqa: E402

from doria_forge.model.exploration_game import with_exploration  # noqa: E402
from doria_forge.sim.invariant_games import GameSpec, InvariantBroken, game_specs, play_checked  # noqa: E402
from doria_forge.validate import validate_pack  # noqa: E402

_PACK = None


def _init(content: str) -> None:
    """The pack of ``content`` with every Boss Monster card's exploration game among its scenarios
    (``model.exploration_game``), so the boss cards' rules are played under the invariants too."""
    global _PACK
    pack = validate_pack(content).pack
    assert pack is not None, f"{content} does not validate"
    for boss_id in sorted(b for b, card in pack.bosses.items() if card.exploration is not None):
        pack, _ = with_exploration(pack, boss_id)
    _PACK = pack


def _play(spec: GameSpec) -> tuple[GameSpec, str, str]:
    """``(spec, kind, detail)``: kind is an outcome, ``violation:<ids>`` or ``error``."""
    try:
        game = play_checked(_PACK, spec)
    except InvariantBroken as exc:
        return spec, "violation:" + ",".join(sorted({v.invariant for v in exc.violations})), str(exc)
    except Exception as exc:  # noqa: BLE001 - every failing game is reported, the run goes on
        return spec, "error", f"{spec}: {type(exc).__name__}: {exc}"
    return spec, str(game.outcome), ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--content", default=str(ROOT / "content"))
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--policies", default="greedy,weak,random")
    args = parser.parse_args(argv)
    _init(args.content)
    specs = list(game_specs(_PACK, games=args.games, seed=args.seed, policies=args.policies.split(",")))
    outcomes: Counter[str] = Counter()
    first: dict[str, str] = {}
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs, initializer=_init, initargs=(args.content,)) as pool, Progress() as bar:
        task = bar.add_task("games", total=len(specs))
        for _spec, kind, detail in pool.map(_play, specs, chunksize=8):
            outcomes[kind] += 1
            if detail:
                first.setdefault(kind, detail)
            bar.advance(task)
    elapsed = time.perf_counter() - start
    broken = {k: n for k, n in outcomes.items() if k.startswith("violation:") or k == "error"}
    print(f"{len(specs)} games ({len(set(s.scenario for s in specs))} scenarios, policies {args.policies}, "
          f"seed {args.seed}) in {elapsed:.1f} s on {args.jobs} processes")
    print("outcomes: " + ", ".join(f"{k} {n}" for k, n in sorted(outcomes.items()) if k not in broken))
    print(f"games with a broken invariant or an engine error: {sum(broken.values())}")
    for kind, n in sorted(broken.items()):
        print(f"  {kind}: {n}; first: {first[kind]}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
