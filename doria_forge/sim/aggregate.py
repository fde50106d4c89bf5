"""Streamed aggregation of scenario runs: memory stays flat in the number of runs (but for one bit a run).

A :class:`RunStats` takes :class:`~doria_forge.sim.run_record.RunRecord` s one at a time
(``add``) and keeps only counts and sums (integers), histograms over small ranges (rounds,
Monster Levels), for the replays one run per distinct outcome-and-rounds class (the lowest run
index of each), and which runs were won as one bit a run (``won``: so that two policies played
on the same seeds compare run by run, ``sim.skill``; 125 kB for a million runs). Two
``RunStats`` of disjoint runs ``merge`` into the same numbers as one that saw all runs, in any
order: results do not depend on how runs were split over worker processes (``--jobs``) or
machines (``--scheduler``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .run_record import RunRecord
from .stall import stall_kind
from .stats import histogram_percentile, wilson_interval

REPLAYS = ("best", "median", "worst")
"""The runs a report keeps for a replay: the best and worst for the heroes, and the median
(see ``RunRecord.quality``)."""


@dataclass
class RunStats:
    """The aggregate of the runs of one scenario at one player count (see the module
    docstring). ``sums`` of per-run numbers, ``damage``/``damage_sq`` HP lost by source and
    its per-run squares (for tests on the mean), ``attacks``/``hits`` monster attacks on heroes
    by source and those that hit, with ``attack_runs`` the runs that had any and, over runs, the
    sums of ``attacks_sq`` (a run's attacks squared), ``hits_sq`` and ``hits_cross`` (its hits
    times its attacks): one run's attacks hang together, so a hit rate is tested over runs
    (``stats.run_mean_error``), ``rules`` runs in which each rule fired and
    ``rule_fires`` how often, ``reasons`` stall and error reasons grouped by kind ->
    [count, lowest run, its full reason, its seed], ``classes`` quality -> [count, lowest
    run, its seed]."""

    players: int
    runs: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    rounds: Counter[int] = field(default_factory=Counter)
    max_level: Counter[int] = field(default_factory=Counter)
    sums: Counter[str] = field(default_factory=Counter)
    damage: Counter[str] = field(default_factory=Counter)
    damage_sq: Counter[str] = field(default_factory=Counter)
    killers: Counter[str] = field(default_factory=Counter)
    attacks: Counter[str] = field(default_factory=Counter)
    hits: Counter[str] = field(default_factory=Counter)
    attack_runs: Counter[str] = field(default_factory=Counter)
    attacks_sq: Counter[str] = field(default_factory=Counter)
    hits_sq: Counter[str] = field(default_factory=Counter)
    hits_cross: Counter[str] = field(default_factory=Counter)
    loot: Counter[str] = field(default_factory=Counter)
    rules: Counter[int] = field(default_factory=Counter)
    rule_fires: Counter[int] = field(default_factory=Counter)
    reasons: dict[str, list] = field(default_factory=dict)
    classes: dict[int, list] = field(default_factory=dict)
    won: int = 0
    """The runs won, as a bit mask: bit ``i`` is set when run ``i`` was won."""

    def add(self, record: RunRecord) -> None:
        """Count one run."""
        self.runs += 1
        self.outcomes[record.outcome] += 1
        if record.outcome == "won":
            self.won |= 1 << record.run
        self.rounds[record.rounds] += 1
        self.max_level[record.max_monster_level] += 1
        sums = self.sums
        sums["deaths"] += record.deaths
        sums["runs_with_death"] += record.deaths > 0
        sums["unconscious"] += record.unconscious
        sums["doom_steps"] += record.doom_steps
        sums["monster_points"] += record.monster_points
        sums["loot"] += sum(record.loot.values())
        sums["tiles"] += record.tiles
        for source, hp in record.damage.items():
            self.damage[source] += hp
            self.damage_sq[source] += hp * hp
        self.killers.update(record.killers)
        self.attacks.update(record.attacks)
        self.hits.update(record.hits)
        for source, n in record.attacks.items():
            if n:
                hit = record.hits.get(source, 0)
                self.attack_runs[source] += 1
                self.attacks_sq[source] += n * n
                self.hits_sq[source] += hit * hit
                self.hits_cross[source] += hit * n
        self.loot.update(record.loot)
        for index, n in record.rules_fired.items():
            self.rules[index] += 1
            self.rule_fires[index] += n
        if record.reason:
            _keep_lowest(self.reasons, f"{record.outcome}: {stall_kind(record.reason)}",
                         [1, record.run, record.reason, record.seed])
        _keep_lowest(self.classes, record.quality(), [1, record.run, record.seed])

    def merge(self, other: RunStats) -> RunStats:
        """Add the runs ``other`` counted (disjoint from this one's); returns ``self``."""
        if other.players != self.players:
            raise ValueError(f"cannot merge {other.players}-player runs into {self.players}-player runs")
        self.runs += other.runs
        self.won |= other.won
        for name in ("outcomes", "rounds", "max_level", "sums", "damage", "damage_sq", "killers", "attacks", "hits",
                     "attack_runs", "attacks_sq", "hits_sq", "hits_cross", "loot", "rules", "rule_fires"):
            getattr(self, name).update(getattr(other, name))
        for key, entry in other.reasons.items():
            _keep_lowest(self.reasons, key, list(entry))
        for quality, entry in other.classes.items():
            _keep_lowest(self.classes, quality, list(entry))
        return self

    # ---------------------------------------------------------------- read-outs
    @property
    def wins(self) -> int:
        return self.outcomes.get("won", 0)

    def replay_runs(self) -> dict[str, dict[str, int]]:
        """``best``/``median``/``worst`` -> ``{"run", "seed", "quality"}``: the lowest run of
        the best class, of the class holding the median run, of the worst class."""
        if not self.classes:
            return {}
        ordered = sorted(self.classes)
        median_class = ordered[-1]
        seen, half = 0, (self.runs + 1) // 2
        for quality in ordered:
            seen += self.classes[quality][0]
            if seen >= half:
                median_class = quality
                break
        picks = {"best": ordered[-1], "median": median_class, "worst": ordered[0]}
        return {name: {"run": self.classes[q][1], "seed": self.classes[q][2], "quality": q}
                for name, q in picks.items()}

    def to_data(self) -> dict[str, Any]:
        """The JSON-ready summary (every number the reports show; see ``scenario_report``)."""
        n = self.runs
        low, high = wilson_interval(self.wins, n)
        per_run = (lambda total: round(total / n, 4)) if n else (lambda total: 0.0)
        return {
            "players": self.players,
            "runs": n,
            "wins": self.wins,
            "won_runs": format(self.won, "x"),
            "win_rate": round(self.wins / n, 6) if n else 0.0,
            "win_rate_ci": [round(low, 6), round(high, 6)],
            "outcomes": dict(sorted(self.outcomes.items())),
            "rounds": {
                "p10": histogram_percentile(self.rounds, 0.10),
                "median": histogram_percentile(self.rounds, 0.50),
                "p90": histogram_percentile(self.rounds, 0.90),
                "mean": per_run(sum(r * c for r, c in self.rounds.items())),
                "histogram": {str(r): c for r, c in sorted(self.rounds.items())},
            },
            "deaths": {"total": self.sums["deaths"], "per_run": per_run(self.sums["deaths"]),
                       "runs_with_death": self.sums["runs_with_death"]},
            "unconscious": {"total": self.sums["unconscious"], "per_run": per_run(self.sums["unconscious"])},
            "doom_steps": {"total": self.sums["doom_steps"], "per_run": per_run(self.sums["doom_steps"])},
            "monster_points": {"total": self.sums["monster_points"], "per_run": per_run(self.sums["monster_points"])},
            "monster_level": {"max": max(self.max_level, default=1),
                              "histogram": {str(lv): c for lv, c in sorted(self.max_level.items())}},
            "damage": {source: {"total": hp, "per_run": per_run(hp), "sum_sq": self.damage_sq[source]}
                       for source, hp in sorted(self.damage.items(), key=lambda kv: (-kv[1], kv[0]))},
            "attacks": {source: {"attacks": n, "hits": self.hits[source],
                                 "hit_rate": round(self.hits[source] / n, 6), "runs": self.attack_runs[source],
                                 "attacks_sq": self.attacks_sq[source], "hits_sq": self.hits_sq[source],
                                 "hits_cross": self.hits_cross[source]}
                        for source, n in sorted(self.attacks.items()) if n},
            "killers": dict(sorted(self.killers.items(), key=lambda kv: (-kv[1], kv[0]))),
            "loot": {"total": self.sums["loot"], "per_run": per_run(self.sums["loot"]),
                     "cards": dict(sorted(self.loot.items(), key=lambda kv: (-kv[1], kv[0])))},
            "tiles": {"per_run": per_run(self.sums["tiles"])},
            "rules_fired": {str(i): {"runs": self.rules[i], "fires": self.rule_fires[i]} for i in sorted(self.rules)},
            "reasons": [{"kind": kind, "count": e[0], "run": e[1], "reason": e[2], "seed": e[3]}
                        for kind, e in sorted(self.reasons.items(), key=lambda kv: (-kv[1][0], kv[0]))],
            "replays": self.replay_runs(),
        }


def won_apart(first: dict[str, Any], second: dict[str, Any]) -> tuple[int, int, int] | None:
    """Two summaries (``RunStats.to_data``) of runs 0, 1, ... paired by their index: ``(runs
    both played, runs only the first won, runs only the second won)``; None when either lacks
    ``won_runs`` (a report from before the runs won were kept)."""
    if first.get("won_runs") is None or second.get("won_runs") is None:
        return None
    runs = min(first["runs"], second["runs"])
    both_played = (1 << runs) - 1
    a, b = int(first["won_runs"], 16) & both_played, int(second["won_runs"], 16) & both_played
    return runs, (a & ~b).bit_count(), (b & ~a).bit_count()


def _keep_lowest(table: dict, key: Any, entry: list) -> None:
    """Add ``entry`` ([count, run, ...]) to ``table[key]``: counts add up, the rest comes
    from the lower run index (so that merges in any order agree)."""
    old = table.get(key)
    if old is None:
        table[key] = entry
        return
    count = old[0] + entry[0]
    table[key] = [count, *(old[1:] if old[1] <= entry[1] else entry[1:])]
