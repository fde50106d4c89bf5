"""A scenario's balance targets can be met by the games ``simulate`` plays.

``balance`` declares the win rates and the rounds of the median game a designer expects
(each miss is a finding of ``simulate``). A target that no game can meet is a mistake in
the targets, not in the scenario:

* a ``win_rate`` for a player count outside the scenario's ``players`` is never simulated
  (error: ``validate`` passed it with a warning, and ``build --fail-on warning`` passed a target
  it never judged);
* a ``rounds`` range starting after the last round a game can reach (``max_rounds``, a
  ``time_limit`` lose goal, a ``survive`` win goal) is always missed (error).

Passing::

    players: [2, 4]
    max_rounds: 20
    balance: {win_rate: {"2": [0.2, 0.6], all: [0.1, 0.9]}, rounds: [8, 20]}

Failing::

    players: [2, 4]
    max_rounds: 20
    balance: {win_rate: {"6": [0.2, 0.6]}, rounds: [22, 30]}
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..scenario_facts import played_facts
from ..source_map import SourceMap

ID = "scenario-balance-targets"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for kind, doc_id, prefix, facts in played_facts(pack):  # a Boss Monster card's exploration game too
        scenario = facts.scenario
        balance = scenario.balance
        if balance is None:
            continue
        low, high = scenario.players
        for key in balance.win_rate:
            if key != "all" and not low <= int(key) <= high:
                yield source_map.problem(
                    kind, doc_id, (*prefix, "balance", "win_rate", key), ID, SEVERITY,
                    f"no game with {key} players is simulated: the {_game(kind)} is for {low}-{high} players",
                )
        if balance.rounds is not None:
            limit = facts.round_limit()
            if balance.rounds[0] > limit.round:
                yield source_map.problem(
                    kind, doc_id, (*prefix, "balance", "rounds", 0), ID, SEVERITY,
                    f"no game lasts {balance.rounds[0]} rounds: {limit.reason}",
                    value=True,
                )


def _game(kind: str) -> str:
    """What the game is called in a message: a scenario, or a boss card's exploration game."""
    return "exploration game" if kind == "boss" else "scenario"
