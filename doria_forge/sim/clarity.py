"""The rules-clarity report: which of the choices the Book of Rules leaves to the players move
a scenario's win rate (issue 19).

The engine asks every open choice of the book (``engine.choices.OPEN_CHOICES``: the monster
order's and target's "the players may decide", equal squares for a monster to stand on or
enter, where a pushed or waking figure goes, the side of a dead end's Secret Door) of a choice
policy. Here the scenario's runs are played again on the same seeds, first with the engine's
own reading (``book``: the same games as the main runs, counting how often each choice came
up), then, for every choice that came up, with that one choice made for the heroes, against
them and at random (the others as the book reads them). A choice policy draws the dice the
engine's reading would draw whatever it decides, so the games of one seed differ only by that
choice and what follows from it.

Per choice and player count: how often it comes up per game and in how many games, the win
rate of each way of deciding with its 95% Wilson interval, and the *swing*: the win rate with
the choice made for the heroes minus against them, with its 95% interval for paired data (the
runs of one seed pair up: ``paired_interval``). The verdict
is judged on the interval: ``matters`` when all of it lies above ``SWING`` (5 points),
``does not matter`` when all of it lies below, else ``undecided`` (more runs decide it). A
report's verdicts are judged together: with *m* swings (every choice at every player count
where it came up, of every scenario it plays, the ``family`` of :func:`clarity_section`), each on its
interval at ``1 - 0.05 / m`` (Bonferroni: all *m* cover at once with probability at least 95%; the
JSON's ``joint_interval``, beside the swing's own 95% ``interval``). A choice at a player count
where none of the book's games asked it is not judged (:data:`NOT_UP`).
A choice that matters is a sentence of the rules worth writing more precisely: the report
quotes its passage, and it becomes a ``scenario-open-choice-matters`` finding (info) at the
scenario's line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from doria_forge.engine.choices import OPEN_CHOICES, ChoicePolicy
from doria_forge.model import ContentPack

from .findings import Finding, Locator, joint_level, player_counts
from .scenario_runner import ScenarioPlan, chunk_ranges, play_run, policy_seed, run_seed
from .stats import Z95, bonett_price_interval, wilson_interval

SWING = 0.05
"""A swing of win rate above which an open choice matters (5 points)."""

MODES = ("heroes", "against", "random")
"""The ways of deciding an open choice compared with the book's reading."""


@dataclass
class ClarityStats:
    """Runs of one way of deciding at one player count: ``wins``, and per choice the times it
    came up (``counts``) and the runs in which it did (``games``)."""

    players: int
    runs: int = 0
    wins: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    won: set[int] = field(default_factory=set)
    """The runs (by index) that were won: games of one seed are paired across ways of deciding."""

    def add(self, won: bool, counts: dict[str, int], run: int = -1) -> None:
        self.runs += 1
        self.wins += won
        if won:
            self.won.add(run)
        for choice, n in counts.items():
            self.counts[choice] = self.counts.get(choice, 0) + n
            self.games[choice] = self.games.get(choice, 0) + (n > 0)

    def merge(self, other: ClarityStats) -> None:
        self.runs += other.runs
        self.wins += other.wins
        self.won |= other.won
        for choice in other.counts:
            self.counts[choice] = self.counts.get(choice, 0) + other.counts[choice]
            self.games[choice] = self.games.get(choice, 0) + other.games.get(choice, 0)


@dataclass(frozen=True)
class ClarityPlan:
    """The runs of ``base`` played again with open choice ``choice`` decided ``mode`` (``None``:
    every choice as the book reads it, counting them). A plan for ``sim.executors.run_plans``."""

    base: ScenarioPlan
    choice: str | None = None
    mode: str = "book"

    @property
    def players(self) -> tuple[int, ...]:
        return self.base.players

    @property
    def runs(self) -> int:
        return self.base.runs

    @property
    def first_run(self) -> int:
        return self.base.first_run

    def chunks(self, size: int = 16) -> list[tuple[int, int, int]]:
        return list(chunk_ranges(self.base.players, self.base.runs, size, self.base.first_run))

    def new_stats(self, players: int) -> ClarityStats:
        return ClarityStats(players)

    def play_chunk(self, pack: ContentPack, players: int, start: int, stop: int) -> ClarityStats:
        stats = ClarityStats(players)
        for run in range(start, stop):
            seed = run_seed(self.base.seed, self.base.scenario, players, run)
            choices = ChoicePolicy(modes={self.choice: self.mode} if self.choice else {}, seed=policy_seed(seed))
            record, _ = play_run(pack, self.base, players, run, choices=choices)
            stats.add(record.outcome == "won", choices.counts, run)
        return stats


def flip_plans(base: ScenarioPlan, counted: dict[int, ClarityStats]) -> list[ClarityPlan]:
    """A plan per open choice that came up in the counted runs and per way of deciding it."""
    came_up = sorted({c for stats in counted.values() for c, n in stats.counts.items() if n})
    return [ClarityPlan(base, choice, mode) for choice in came_up for mode in MODES]


def _rate(stats: ClarityStats) -> dict[str, Any]:
    low, high = wilson_interval(stats.wins, stats.runs)
    rate = round(stats.wins / stats.runs, 6) if stats.runs else 0.0
    return {"runs": stats.runs, "wins": stats.wins, "win_rate": rate, "win_rate_ci": [round(low, 6), round(high, 6)]}


def paired_interval(first: set[int], second: set[int], n: int, z: float = Z95) -> tuple[float, float]:
    """95% interval (for the default ``z``) of the difference of two win rates measured on the
    same ``n`` seeds (``first`` and ``second``: the runs each won), from the discordant pairs
    alone: :func:`~doria_forge.sim.stats.bonett_price_interval`. Games that differ only by one
    open choice are mostly the same game, so the pairs make the interval far narrower than two
    independent samples would; with no discordant pair it still keeps a width that shrinks with
    ``n`` (Newcombe's paired score interval collapses to a point there at a 50% win rate).
    Returns ``(low, high)`` in ``[-1, 1]``; ``(-1, 1)`` for no runs."""
    return bonett_price_interval(len(first - second), len(second - first), n, z)


def verdict(interval: Iterable[float]) -> str:
    """``matters`` / ``does not matter`` / ``undecided`` for a swing's 95% interval (see the module
    docstring): more than ``SWING`` either way is a swing that matters."""
    low, high = interval
    if low > SWING or high < -SWING:
        return "matters"
    if -SWING < low and high < SWING:
        return "does not matter"
    return "undecided"


NOT_UP = "did not come up"
"""The verdict of a choice at a player count where none of the book's games asked it: every way
of deciding it played the same games (the choice policies draw the book's dice), so its swing in
those runs is exactly 0 and nothing is judged; it is left out of the family."""


def swing_count(entry: dict[str, Any], counted: Mapping[int, ClarityStats],
                flipped: Mapping[tuple[Any, str], Any]) -> int:
    """How many swings :func:`clarity_section` judges for one scenario: every choice played again
    (``flipped``'s) at every player count of its plan where it came up in a game of ``counted``."""
    return sum(1 for choice in {c for (c, _) in flipped} for n in entry["plan"]["players"]
               if counted[n].games.get(choice, 0))


def clarity_section(entry: dict[str, Any], counted: dict[int, ClarityStats],
                    flipped: dict[tuple[str, str], dict[int, ClarityStats]], locate: Locator,
                    family: int | None = None) -> dict[str, Any]:
    """The rules-clarity part of a scenario entry: every open choice that came up, per player
    count its frequency, the win rate of each way of deciding it, the swing and the verdict;
    and the ``scenario-open-choice-matters`` findings. ``family``: how many swings the report
    judges together (the sum of :func:`swing_count` over its scenarios; default this scenario's),
    ``joint_interval`` is at ``1 - 0.05 / family``. Raises ValueError for a family smaller than
    this scenario's swings."""
    choices = []
    findings = []
    where = locate("scenario", entry["id"], ())
    level = joint_level(swing_count(entry, counted, flipped), family, "swings")
    for choice in sorted({c for (c, _) in flipped}):
        info = OPEN_CHOICES[choice]
        rows = []
        for n in entry["plan"]["players"]:
            book = counted[n]
            modes = {"book": _rate(book)} | {m: _rate(flipped[(choice, m)][n]) for m in MODES}
            up, down = flipped[(choice, "heroes")][n], flipped[(choice, "against")][n]
            came_up = book.games.get(choice, 0) > 0
            own = paired_interval(up.won, down.won, up.runs)
            low, high = paired_interval(up.won, down.won, up.runs, level.z) if came_up else own
            difference = up.wins / up.runs - down.wins / down.runs
            swing = {"difference": round(difference, 6), "interval": [round(own[0], 6), round(own[1], 6)],
                     "joint_interval": [round(low, 6), round(high, 6)],
                     "verdict": verdict((low, high)) if came_up else NOT_UP}
            rows.append({"players": n, "per_game": round(book.counts.get(choice, 0) / book.runs, 4),
                         "games": book.games.get(choice, 0), "modes": modes, "swing": swing})
            if swing["verdict"] == "matters":
                findings.append(Finding(
                    "scenario-open-choice-matters", "info",
                    f"with {player_counts([n])} the players' decision of '{info.chapter}' ({info.passage}) moves "
                    f"the win rate by {100 * difference:+.0f} points (made for the heroes or against them; "
                    f"{level.words}: {100 * low:+.0f} to {100 * high:+.0f}); it comes up "
                    f"{rows[-1]['per_game']:.1f} times a game",
                    where.file, where.line, where.column, entry["document"], (n,)))
        choices.append({"id": choice, "chapter": info.chapter, "passage": info.passage, "engine": info.engine,
                        "for_heroes": info.for_heroes, "rows": rows,
                        "matters": any(r["swing"]["verdict"] == "matters" for r in rows)})
    return {"swing": SWING, "family": level.family, "choices": choices, "findings": [f.to_data() for f in findings]}


__all__ = ["NOT_UP", "SWING", "ClarityPlan", "ClarityStats", "clarity_section", "flip_plans", "swing_count", "verdict"]
