"""Scenario digest: a fingerprint of how the engine plays every shipped scenario, to show that a
change meant to be behaviour-neutral (a speed-up, a reshaping) plays exactly the same games::

    python tools/scenario_digest.py                   # 6 runs of each scenario at 1, 3, 4 and 6 heroes
    python tools/scenario_digest.py --runs 20 --policies greedy,random

Each game is played from its seed as the scenario runner plays it; its action history, outcome,
rounds, every hero's HP and PP and the event log's kinds go into a SHA-256. Prints one digest
per scenario and one for all; two commits that print the same total played the same games.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from doria_forge.engine.actions import action_to_data  # noqa: E402
from doria_forge.engine.game import GameOptions, GameState  # noqa: E402
from doria_forge.sim.play import play_scenario  # noqa: E402
from doria_forge.sim.policies import make_policy  # noqa: E402
from doria_forge.sim.scenario_runner import hero_pool, party_for, policy_seed, run_seed  # noqa: E402
from doria_forge.validate import validate_pack  # noqa: E402


def game_digest(pack, scenario: str, players: int, run: int, policy: str) -> str:
    """The SHA-256 of one played game (see the module docstring)."""
    seed = run_seed(1, scenario, players, run)
    state = GameState.new(pack, party_for(hero_pool(pack), players, run), seed=seed, scenario=scenario,
                          options=GameOptions(setup_loot=True))
    play_scenario(state, make_policy(policy, policy_seed(seed)))
    parts = [repr(action_to_data(a)) for a in state.history]
    parts.append(f"{state.outcome}|{state.round}")
    parts += [f"{h.uid}:{h.hp}:{h.pp}" for h in state.heroes]
    parts.append(",".join(e.kind for e in state.log))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--content", default=str(ROOT / "content"))
    parser.add_argument("--runs", type=int, default=6)
    parser.add_argument("--players", default="1,3,4,6")
    parser.add_argument("--policies", default="greedy,random")
    args = parser.parse_args(argv)
    pack = validate_pack(args.content).pack
    total = hashlib.sha256()
    for scenario in sorted(pack.scenarios):
        low, high = pack.scenarios[scenario].players
        digest = hashlib.sha256()
        for players in (int(p) for p in args.players.split(",")):
            if not low <= players <= high:
                continue
            for policy in args.policies.split(","):
                for run in range(args.runs):
                    digest.update(game_digest(pack, scenario, players, run, policy).encode())
        print(f"{scenario:24} {digest.hexdigest()[:16]}")
        total.update(digest.digest())
    print(f"{'all':24} {total.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
