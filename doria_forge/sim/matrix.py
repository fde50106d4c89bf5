"""The verification duel matrix: every premade hero against every monster at every level.

Each cell (hero, monster, level) plays ``runs`` duels (see ``sim.duel.run_duel``), or
with a precision as many as its win rate's interval needs (``sim.precision``). Every
duel's seed is derived from the master seed and the cell's names, so a cell's results
do not depend on which other cells run or in which order: the same pack, options and
seed always give the same numbers.

Engines (``engine=``): ``fast`` plays the duels on the fast path (``sim.fastduel``: the
same rules and dice as the reference, one plain loop) and falls back to the reference
engine for a matchup it cannot express (``MatrixResult.fallbacks`` says which and why);
``reference`` plays every duel on the general engine. Both give the same numbers.
A ``MatchupCache`` (``sim.cache``) returns cells computed before with the same inputs.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from dataclasses import fields as dataclass_fields
from typing import Any

from doria_forge.checks import default
from doria_forge.model import ContentPack
from doria_forge.model.words.facts import closest

from .cache import MatchupCache
from .duel import run_duel
from .fastduel import FastDuel, Unsupported
from .precision import RunPlan, clopper_pearson
from .seeds import stable_seed
from .workers import clamp_jobs, worker_pool

LEVELS = (1, 2, 3, 4)

ENGINES = ("fast", "reference")
"""The engines that can play the matrix (see the module docstring)."""


OUT_OF_LINE_GAP = default("level-out-of-line", "gap")
"""How far (0-1) a monster's mean hero win rate at one level may be from the median monster's."""


def duel_seed(master_seed: int, hero: str, monster: str, level: int, run: int) -> int:
    """A 63-bit seed for one duel, a pure function of its inputs."""
    return stable_seed(f"{master_seed}:{hero}:{monster}:{level}:{run}")


def duel_seeds(master_seed: int, hero: str, monster: str, level: int, start: int, stop: int) -> list[int]:
    """``duel_seed`` of runs ``start``..``stop - 1``, in order."""
    prefix = f"{master_seed}:{hero}:{monster}:{level}:".encode()
    sha256, from_bytes = hashlib.sha256, int.from_bytes
    return [from_bytes(sha256(prefix + str(run).encode()).digest()[:8], "big") >> 1 for run in range(start, stop)]


@dataclass(frozen=True)
class CellStats:
    """Aggregate of ``runs`` duels of one hero against one monster at one Monster Level.

    ``win_rate`` in 0..1 with its standard error ``win_rate_se`` and its 95% interval
    ``ci_low``..``ci_high`` (exact; with a precision, honest under sequential stopping:
    see ``sim.precision``); ``mean_rounds`` in game rounds; ``mean_hp_lost`` in Hit
    Points lost by the hero; ``draws`` duels ended by the round limit; ``engine`` the
    engine that played the cell (``fast`` or ``reference``); ``confidence`` the level of
    ``ci_low``..``ci_high`` (0.95 for a fixed count; with a precision, ``1 - alpha`` of the
    look that stopped the cell, above 0.95: without it a reader of the JSON took the
    interval for a plain 95% one).
    """

    hero: str
    monster: str
    level: int
    runs: int
    wins: int
    win_rate: float
    win_rate_se: float
    mean_rounds: float
    mean_hp_lost: float
    draws: int
    ci_low: float = 0.0
    ci_high: float = 1.0
    engine: str = "reference"
    confidence: float = 0.95


@dataclass(frozen=True)
class Finding:
    """Something a designer should look at; ``severity`` is ``warning`` or ``info``."""

    rule_id: str
    severity: str
    message: str
    monster: str
    level: int
    hero: str | None = None


@dataclass(frozen=True)
class MatrixResult:
    """The matrix: ``runs`` duels a cell (with ``precision``: at most ``runs``), every
    cell, the findings, and ``fallbacks``: ``(hero, monster, level, why)`` of each
    matchup the fast path left to the reference engine."""

    seed: int
    runs: int
    cells: tuple[CellStats, ...]
    findings: tuple[Finding, ...]
    precision: float | None = None
    fallbacks: tuple[tuple[str, str, int, str], ...] = ()

    def to_data(self) -> dict:
        """JSON-ready data: seed, runs, precision, every cell, every finding, the fallbacks."""
        return {
            "seed": self.seed,
            "runs": self.runs,
            "precision": self.precision,
            "cells": [asdict(c) for c in self.cells],
            "findings": [asdict(f) for f in self.findings],
            "fallbacks": [list(f) for f in self.fallbacks],
        }


def _reference_duels(pack: ContentPack, hero: str, monster: str, level: int
                     ) -> Callable[[list[int]], list[tuple[bool, int, int, int, str]]]:
    def play_many(seeds: list[int]) -> list[tuple[bool, int, int, int, str]]:
        out = []
        for seed in seeds:
            r = run_duel(pack, hero, monster, level, seed)
            out.append((r.hero_won, r.rounds, r.hero_hp_lost, r.monster_hp_lost, r.ended_by))
        return out
    return play_many


def run_cell(pack: ContentPack, hero: str, monster: str, level: int, runs: int | RunPlan, seed: int,
             engine: str = "fast") -> tuple[CellStats, str | None]:
    """Play the duels of ``hero`` against ``monster`` at ``level`` (``runs`` duels, or as
    a ``RunPlan`` says) on ``engine`` and aggregate them. Returns the cell and, when the
    fast path had to leave it to the reference engine, why (else ``None``)."""
    plan = runs if isinstance(runs, RunPlan) else RunPlan(runs)
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    reference = _reference_duels(pack, hero, monster, level)
    play_many = reference
    fallback = None
    if engine == "fast":
        try:
            play_many = FastDuel(pack, hero, monster, level).play_many
        except Unsupported as exc:
            fallback = str(exc)
    wins = draws = rounds = hp_lost = n = 0
    alpha = 1 - 0.95
    for target, alpha in plan.looks():
        seeds = duel_seeds(seed, hero, monster, level, n, target)
        try:
            results = play_many(seeds)
        except Unsupported as exc:
            # The fast path replays the reference duel exactly, so the duels it played are
            # the reference's own: go on with the reference engine from this batch.
            fallback = f"{exc} (from duel {n + 1} on)"
            play_many = reference
            results = play_many(seeds)
        for won, r, lost, _, outcome in results:
            wins += won
            draws += outcome == "round_limit"
            rounds += r
            hp_lost += lost
        n = target
        if plan.done(wins, n, alpha):
            break
    p = wins / n
    low, high = clopper_pearson(wins, n, alpha)
    return CellStats(
        hero=hero,
        monster=monster,
        level=level,
        runs=n,
        wins=wins,
        win_rate=round(p, 6),
        win_rate_se=round(math.sqrt(p * (1 - p) / n), 6),
        mean_rounds=round(rounds / n, 4),
        mean_hp_lost=round(hp_lost / n, 4),
        draws=draws,
        ci_low=round(low, 6),
        ci_high=round(high, 6),
        engine="reference" if fallback is not None or engine == "reference" else "fast",
        confidence=round(1 - alpha, 6),
    ), fallback


def matrix_cells(
    pack: ContentPack,
    heroes: Iterable[str] | None = None,
    monsters: Iterable[str] | None = None,
    levels: Iterable[int] = LEVELS,
) -> list[tuple[str, str, int]]:
    """The ``(hero, monster, level)`` cells of the matrix, sorted: ``heroes``/``monsters``
    default to every premade hero and every monster of the pack.

    Raises ValueError when a named hero or monster is not in the pack.
    """
    hero_ids = sorted(heroes) if heroes is not None else sorted(h for h, c in pack.characters.items() if c.premade)
    monster_ids = sorted(monsters) if monsters is not None else sorted(pack.monsters)
    for h in hero_ids:
        if h not in pack.characters:
            raise ValueError(f"unknown hero {h!r}{closest(h, pack.characters)}; the pack has "
                             f"{', '.join(sorted(pack.characters))}")
    for m in monster_ids:
        if m not in pack.monsters:
            raise ValueError(f"unknown monster {m!r}{closest(m, pack.monsters)}; the pack has "
                             f"{', '.join(sorted(pack.monsters))}")
    return [(h, m, lv) for h in hero_ids for m in monster_ids for lv in sorted(levels)]


def run_matrix(
    pack: ContentPack,
    runs: int,
    seed: int,
    *,
    heroes: Iterable[str] | None = None,
    monsters: Iterable[str] | None = None,
    levels: Iterable[int] = LEVELS,
    progress: Callable[[int], None] | None = None,
    jobs: int | None = None,
    engine: str = "fast",
    precision: float | None = None,
    cache: MatchupCache | None = None,
    out_of_line: float = OUT_OF_LINE_GAP,
) -> MatrixResult:
    """Run the duel matrix. ``heroes``/``monsters`` default to every premade hero and
    every monster of the pack; ``progress(n)`` is called with the matchups just finished.
    ``jobs`` worker processes share the cells (default, and at most: the cores available;
    see ``sim.workers``); results do not depend on ``jobs`` because every duel's seed is
    derived from its cell.
    ``engine``: ``fast`` or ``reference`` (see the module docstring); ``precision``:
    play each matchup until its 95% win-rate interval is narrower than this (0-1), at
    most ``runs`` duels; ``cache``: read and store cells there; ``out_of_line``: the
    ``level-out-of-line`` gap (see :func:`find_problems`).

    Raises ValueError when ``runs`` < 1, ``jobs`` < 1, the precision is not in (0, 1),
    the engine is unknown, or a named hero or monster is not in the pack.
    """
    plan = RunPlan(runs, precision)
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    jobs = clamp_jobs(jobs)
    keys = matrix_cells(pack, heroes, monsters, levels)
    done: dict[tuple[str, str, int], tuple[CellStats, str | None]] = {}
    cache_keys: dict[tuple[str, str, int], str] = {}
    if cache is not None:
        for key in keys:
            cache_keys[key] = cache.key(*key, seed, plan.key() + f",engine={engine}")
            cached = cache.get(cache_keys[key], _cached_cell(key))
            if cached is not None:
                done[key] = cached
        if done and progress:
            progress(len(done))
    todo = [k for k in keys if k not in done]
    for key, outcome in zip(todo, _run_cells(pack, todo, plan, seed, engine, jobs, progress), strict=True):
        done[key] = outcome
        if cache is not None:
            cache.put(cache_keys[key], {"cell": asdict(outcome[0]), "fallback": outcome[1]})
    if cache is not None:
        cache.prune()
    cells = [done[k][0] for k in keys]
    fallbacks: list[tuple[str, str, int, str]] = []
    for key in keys:
        why = done[key][1]
        if why is not None:
            fallbacks.append((*key, why))
    caveats = duel_caveats(pack, sorted({m for _, m, _ in keys}))
    findings = find_problems(cells, caveats, out_of_line=out_of_line, plan=plan)
    return MatrixResult(seed, runs, tuple(cells), tuple(findings), precision, tuple(fallbacks))


_FIELD_TYPES = {"int": (int,), "float": (int, float), "str": (str,)}


def _cached_cell(key: tuple[str, str, int]) -> Callable[[Any], tuple[CellStats, str | None]]:
    """The decoder of the cache entry of cell ``key`` (``MatchupCache.get``): its fields back into
    ``(CellStats, fallback reason)``, raising KeyError, TypeError or ValueError for fields of another
    shape or another cell (a damaged or foreign entry is played again, never reported)."""
    def decode(fields: Any) -> tuple[CellStats, str | None]:
        cell = CellStats(**fields["cell"])
        for spec in dataclass_fields(CellStats):
            value = getattr(cell, spec.name)
            if isinstance(value, bool) or not isinstance(value, _FIELD_TYPES[str(spec.type)]):
                raise TypeError(f"{spec.name}: {value!r}")
        fallback = fields["fallback"]
        if (cell.hero, cell.monster, cell.level) != key or not (fallback is None or isinstance(fallback, str)):
            raise ValueError("the entry of another cell")
        return cell, fallback

    return decode


def _run_cells(pack: ContentPack, keys: list[tuple[str, str, int]], plan: RunPlan, seed: int, engine: str,
               jobs: int, progress: Callable[[int], None] | None) -> Iterator[tuple[CellStats, str | None]]:
    """Yield ``run_cell``'s result for each of ``keys``, in order, on ``jobs`` processes."""
    with worker_pool(min(jobs, len(keys)), _init_worker, (pack,)) as pool:
        if pool is None:  # one job, one cell, or no worker could start (see sim.workers)
            for hero, monster, level in keys:
                yield run_cell(pack, hero, monster, level, plan, seed, engine)
                if progress:
                    progress(1)
            return
        # Chunks amortise the inter-process round trip over several cells.
        chunk = max(1, len(keys) // (jobs * 16))
        n = len(keys)
        for outcome in pool.map(_worker_cell, keys, [plan] * n, [seed] * n, [engine] * n, chunksize=chunk):
            yield outcome
            if progress:
                progress(1)


def duel_caveats(pack: ContentPack, monster_ids: Iterable[str]) -> dict[str, str]:
    """``{monster id: why its duel numbers understate it}`` for monsters whose ability
    cannot act in a duel: it needs the map (zombies raising, flying, fireballs...) or a
    second monster of its kind (a card that brings two figures, the Goblins; monsters
    activating in pairs). A duel plays one figure."""
    from doria_forge.engine.abilities import rule_for_type

    out = {}
    for monster_id in monster_ids:
        rule = rule_for_type(pack.monsters[monster_id])
        if rule.needs_map or rule.pair_activation or rule.figures_per_card > 1:
            out[monster_id] = f"its ability {rule.id} cannot fully act in a duel (it needs the map or a second monster)"
    return out


_WORKER_PACK: ContentPack | None = None


def _init_worker(pack: ContentPack) -> None:
    # The pack crosses to each worker once, not once per cell.
    global _WORKER_PACK
    _WORKER_PACK = pack


def _worker_cell(key: tuple[str, str, int], plan: RunPlan, seed: int, engine: str) -> tuple[CellStats, str | None]:
    assert _WORKER_PACK is not None
    return run_cell(_WORKER_PACK, *key, plan, seed, engine)


def find_problems(cells: list[CellStats], caveats: dict[str, str] | None = None, *,
                  out_of_line: float = OUT_OF_LINE_GAP, plan: RunPlan | None = None) -> list[Finding]:
    """Findings over the aggregated cells, each judged on intervals, never on a point estimate;
    ``caveats`` (monster id -> text) are appended to that monster's findings so a designer knows
    when the duel cannot show all of it. ``plan``: how the cells were played (None: each a fixed
    count), for each cell's error budget (:meth:`RunPlan.budget_at`: 5%, or its stopping look's).

    - ``level-weaker-than-below`` (warning): a hero beats a monster at level L+1 more often
      than at level L beyond doubt: the two cells' Clopper-Pearson intervals, each at half of
      its budget (so both cover at once with probability at least 95%, Bonferroni), do not
      overlap, the higher level's above. For two cells of equal size and equal true rate that
      happens about as rarely as a gap of 3 combined standard errors (which the check used
      before), and it stays honest for cells stopped by a precision.
    - ``level-out-of-line`` (warning): at one Monster Level, a monster's mean hero win rate
      lies more than ``out_of_line`` (0-1, default 0.4: the check's ``gap``) from the median
      monster's, for its whole interval: the mean of its cells' Clopper-Pearson bounds, each
      at its budget divided by the number of cells (Bonferroni: all cover at once with
      probability at least 95%, so the mean of their bounds covers the mean rate). The median
      of the monsters' mean rates is the yardstick, taken as it is.
    """
    caveats = caveats or {}

    def note(monster: str) -> str:
        return f"; {caveats[monster]}" if monster in caveats else ""

    def interval(cell: CellStats, share: int) -> tuple[float, float]:
        budget = (plan or RunPlan(cell.runs)).budget_at(cell.runs)
        return clopper_pearson(cell.wins, cell.runs, budget / share)

    findings: list[Finding] = []
    by_key = {(c.hero, c.monster, c.level): c for c in cells}
    for (hero, monster, level), low in sorted(by_key.items()):
        high = by_key.get((hero, monster, level + 1))
        if high is None:
            continue
        low_bounds, high_bounds = interval(low, 2), interval(high, 2)
        if high_bounds[0] > low_bounds[1]:
            findings.append(
                Finding(
                    "level-weaker-than-below",
                    "warning",
                    f"{hero} beats {monster} level {level + 1} in {high.win_rate:.0%} of duels "
                    f"({_span(high_bounds)}) but level {level} only in {low.win_rate:.0%} ({_span(low_bounds)}; "
                    f"jointly 95% intervals){note(monster)}",
                    monster,
                    level + 1,
                    hero,
                )
            )
    levels = sorted({c.level for c in cells})
    for level in levels:
        per_monster: dict[str, list[CellStats]] = {}
        for c in cells:
            if c.level == level:
                per_monster.setdefault(c.monster, []).append(c)
        means = {m: sum(c.win_rate for c in v) / len(v) for m, v in per_monster.items()}
        if len(means) < 3:
            continue
        ordered = sorted(means.values())
        mid = len(ordered) // 2
        median = ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2
        for monster, mean in sorted(means.items()):
            own = per_monster[monster]
            bounds = [interval(c, len(own)) for c in own]
            least, most = sum(b[0] for b in bounds) / len(own), sum(b[1] for b in bounds) / len(own)
            if least > median + out_of_line or most < median - out_of_line:
                side = "easier" if mean > median else "harder"
                findings.append(
                    Finding(
                        "level-out-of-line",
                        "warning",
                        f"{monster} level {level} is much {side} than its peers: heroes win "
                        f"{mean:.0%} of duels against it ({_span((least, most))}, a 95% interval), "
                        f"{median:.0%} against the median monster{note(monster)}",
                        monster,
                        level,
                    )
                )
    return findings


def _span(bounds: tuple[float, float]) -> str:
    """``12-31%``: an interval of a rate, in whole percent."""
    return f"{bounds[0] * 100:.0f}-{bounds[1]:.0%}"
