"""Play one scenario many times at each player count and aggregate the runs.

Each run is a game of the scenario on its dungeon, set up with ``GameState.new(pack, party,
seed=..., scenario=ID)`` and every hero drawing Loot Cards up to the book's starting hand
(chapter *Preparing Characters*; 1-2 players draw more), played by a hero party policy
(``sim.policies``) until it ends or stalls (``sim.play.play_scenario``), and reduced to a
:class:`~doria_forge.sim.run_record.RunRecord`; records stream into one
:class:`~doria_forge.sim.aggregate.RunStats` per player count.

Seeds: run ``i`` with ``n`` players draws its dice from ``run_seed(seed, scenario, n, i)``, a
pure function of those four values, and its policy from a seed derived from that; so the
numbers are the same whatever ``--jobs`` is, however the runs are split, and adding player
counts or runs never changes the runs already there.

Parties: without ``heroes`` the pool is every premade hero of the pack, sorted by id; run
``i`` with ``n`` players takes ``n`` heroes of the pool in turn starting at position ``i``
(wrapping round), so over the runs every hero plays equally often and every seat sees every
hero. ``heroes`` sets the pool (a pool of exactly ``n`` heroes is a fixed party; a pool
smaller than ``n`` repeats heroes).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Any, ClassVar

from doria_forge.engine.choices import ChoicePolicy
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.infra.startup import fewer_young_collections
from doria_forge.model import ContentPack
from doria_forge.model.words.facts import closest

from .aggregate import RunStats
from .findings import count_range, counted
from .play import play_scenario
from .policies import check_policy, make_policy
from .run_record import RunRecord, record_run
from .seeds import stable_seed
from .stall import STALL_ROUNDS

CHUNK_RUNS = 16
"""Runs one worker plays per task: small enough for a smooth progress bar and even load,
large enough that sending the results back costs little."""


def run_seed(master_seed: int, scenario: str, players: int, run: int) -> int:
    """A 63-bit dice seed for run ``run`` of ``scenario`` with ``players`` players."""
    return stable_seed(f"scenario:{master_seed}:{scenario}:{players}:{run}")


def policy_seed(dice_seed: int) -> int:
    """The seed of the policy of the run whose dice seed is ``dice_seed``."""
    return stable_seed(f"policy:{dice_seed}")


def hero_pool(pack: ContentPack, heroes: Sequence[str] | None = None, players: Iterable[int] = ()) -> list[str]:
    """The heroes parties are drawn from: ``heroes`` as given, or every premade hero sorted
    by id. Raises ValueError for an unknown hero, an empty pool, and for ``heroes`` that name a
    hero twice or are fewer than the largest of ``players``: every player selects a character of
    their own (chapter *Preparing Characters*), so a party never holds one twice."""
    if heroes:
        unknown = [h for h in heroes if h not in pack.characters]
        if unknown:
            raise ValueError(f"unknown hero {unknown[0]!r}{closest(unknown[0], pack.characters)}; the pack has "
                             f"{', '.join(sorted(pack.characters))}")
        twice = next((h for i, h in enumerate(heroes) if h in heroes[:i]), None)
        if twice is not None:
            raise ValueError(f"hero {twice!r} is named twice: every player selects a character of their own")
        most = max(players, default=0)
        if most > len(heroes):
            raise ValueError(f"{counted(len(heroes), 'hero', 'heroes')} named for parties of up to {most} players: "
                             "a party holds each character once; "
                             f"name {most} or more heroes, or choose fewer players")
        return list(heroes)
    pool = sorted(h for h, c in pack.characters.items() if c.premade)
    if not pool:
        raise ValueError("the pack has no premade hero to play the scenario with")
    return pool


def party_for(pool: Sequence[str], players: int, run: int) -> list[str]:
    """The party of run ``run`` with ``players`` players (see the module docstring)."""
    return [pool[(run + k) % len(pool)] for k in range(players)]


@dataclass(frozen=True)
class RunPlan:
    """What a scenario plan and a campaign plan share: ``runs`` runs at each of ``players``, from
    master ``seed``, heroes played by policy ``policy``, parties from ``pool`` (hero ids, see the
    module docstring), stalls after ``stall_rounds`` rounds without progress. The document the
    runs play is the subclass's own field (``scenario``, ``campaign``), after ``pool``."""

    players: tuple[int, ...]
    runs: int
    seed: int
    policy: str
    pool: tuple[str, ...]
    _: KW_ONLY
    stall_rounds: int = STALL_ROUNDS
    first_run: int = 0
    """Runs before this one were played already (a later look of ``--until-decided``)."""

    chunk_runs: ClassVar[int] = CHUNK_RUNS
    """Runs in one task (:meth:`chunks`)."""

    def chunks(self, size: int | None = None) -> Iterator[tuple[int, int, int]]:
        """The tasks: ``(players, first run, end run)`` of at most ``size`` runs (default
        :attr:`chunk_runs`), in a fixed order, made one at a time."""
        return chunk_ranges(self.players, self.runs, self.chunk_runs if size is None else size,
                            self.first_run)

    def to_data(self, pack: ContentPack) -> dict[str, Any]:
        """The plan as a report gives it (``plan`` of a scenario or campaign entry); ``heroes_given``
        says whether the pool was chosen rather than the pack's premade heroes."""
        return {"players": list(self.players), "runs": self.runs, "seed": self.seed, "policy": self.policy,
                "heroes": list(self.pool), "heroes_given": list(self.pool) != hero_pool(pack),
                "stall_rounds": self.stall_rounds}


@dataclass(frozen=True)
class ScenarioPlan(RunPlan):
    """What to simulate: :class:`RunPlan`'s runs of ``scenario``."""

    scenario: str

    def new_stats(self, players: int) -> RunStats:
        """An empty aggregate for ``players`` players."""
        return RunStats(players)

    def play_chunk(self, pack: ContentPack, players: int, start: int, stop: int) -> RunStats:
        """Play runs ``start``..``stop - 1`` with ``players`` players (see ``run_chunk``)."""
        return run_chunk(pack, self, players, start, stop)


def chunk_ranges(players: Sequence[int], runs: int, size: int, first: int = 0) -> Iterator[tuple[int, int, int]]:
    """Runs ``first``..``runs - 1`` at each of ``players`` cut into tasks ``(players, first run,
    end run)`` of at most ``size`` runs, in a fixed order; made one at a time (the memory of a run
    does not grow with ``runs``)."""
    return ((n, start, min(start + size, runs)) for n in players for start in range(first, runs, size))


def check_options(policy: str, runs: int) -> None:
    """Raise ValueError for an unknown policy or runs < 1 (usage errors)."""
    check_policy(policy)
    if runs < 1:
        raise ValueError("runs must be at least 1")


def unknown_played(kind: str, doc_id: str, pack: ContentPack,
                   other_hint: Callable[[str], str] | None = None) -> str:
    """The usage error for a ``kind`` (``scenario`` or ``campaign``) the pack does not hold:
    ``unknown scenario 'x'; the pack has: a, b``, pointing to the other command when ``doc_id``
    is a document of the other kind: ``other_hint(doc_id)`` says what to do with it (default:
    ``simulate campaign ID``, for a command that plays both kinds)."""
    own, other = (pack.scenarios, pack.campaigns) if kind == "scenario" else (pack.campaigns, pack.scenarios)
    other_kind = "campaign" if kind == "scenario" else "scenario"
    if doc_id in other:
        said = other_hint(doc_id) if other_hint is not None else f"simulate {other_kind} {doc_id}"
        hint = f" ({doc_id!r} is a {other_kind}: {said})"
    else:
        hint = closest(doc_id, own)
    return f"unknown {kind} {doc_id!r}{hint}; the pack has: {', '.join(sorted(own)) or 'none'}"


def make_plan(pack: ContentPack, scenario: str, *, players: Iterable[int] | None = None, runs: int = 200,
              seed: int = 1, policy: str = "greedy", heroes: Sequence[str] | None = None,
              stall_rounds: int = STALL_ROUNDS) -> ScenarioPlan:
    """A checked :class:`ScenarioPlan`. ``players`` defaults to the scenario's whole range.
    Raises ValueError (a usage error) for an unknown scenario, policy or hero, a player count
    outside the scenario's range, or runs < 1."""
    if scenario not in pack.scenarios:
        raise ValueError(unknown_played("scenario", scenario, pack))
    check_options(policy, runs)
    low, high = pack.scenarios[scenario].players
    counts = sorted(set(players)) if players is not None else list(range(low, high + 1))
    outside = [n for n in counts if not low <= n <= high]
    if outside or not counts:
        asked = ", ".join(str(n) for n in outside) or "none"  # the counts, not a Python list
        raise ValueError(f"scenario {scenario} is for {count_range(low, high)} players, not {asked}")
    return ScenarioPlan(tuple(counts), runs, seed, policy, tuple(hero_pool(pack, heroes, counts)), scenario=scenario,
                        stall_rounds=stall_rounds)


def new_game(pack: ContentPack, plan: ScenarioPlan, players: int, run: int, *, seed: int | None = None,
             log: bool = True, choices: ChoicePolicy | None = None) -> GameState:
    """The game of run ``run`` with ``players`` players (dice ``seed``: its own by default),
    set up and ready to play (``choices``: who decides the open choices, ``engine.choices``)."""
    seed = run_seed(plan.seed, plan.scenario, players, run) if seed is None else seed
    return GameState.new(pack, party_for(plan.pool, players, run), seed=seed, scenario=plan.scenario,
                         options=GameOptions(setup_loot=True), log=log, choices=choices)


def play_run(pack: ContentPack, plan: ScenarioPlan, players: int, run: int, *, seed: int | None = None,
             on_round: Callable[[Any], None] | None = None, choices: ChoicePolicy | None = None,
             on_decision: Callable[[Any, Any], None] | None = None,
             build: Callable[[int], Any] | None = None) -> tuple[RunRecord, GameState | None]:
    """Play one run (with dice ``seed`` instead of its own, for a replay of any seed);
    returns its record and the finished game (``None`` when the engine failed: the record's
    outcome is then ``error`` with the exception as its reason). ``on_round(state)`` and
    ``on_decision(state, action)`` as in ``play_scenario``; ``choices`` as in ``new_game``;
    ``build(policy_seed)``: the policy to play instead of the plan's, seeded as the plan's would be
    (a diagnostic registered as no policy: benchmarks/bench_skill_ceiling.py)."""
    seed = run_seed(plan.seed, plan.scenario, players, run) if seed is None else seed
    state = None
    try:
        state = new_game(pack, plan, players, run, seed=seed, choices=choices)
        policy = make_policy(plan.policy, policy_seed(seed)) if build is None else build(policy_seed(seed))
        reason = play_scenario(state, policy, stall_rounds=plan.stall_rounds,
                               on_round=on_round, on_decision=on_decision)
        return record_run(state, run=run, seed=seed, reason=reason), state
    except Exception as exc:  # noqa: BLE001 - one failing run is reported, the others still count
        where = f" in round {state.round}" if state is not None else " at setup"
        record = RunRecord(run=run, seed=seed, players=players, party=tuple(party_for(plan.pool, players, run)),
                           outcome="error", rounds=state.round if state is not None else 0,
                           reason=f"the engine failed{where}: {type(exc).__name__}: {exc}")
        return record, None


def run_chunk(pack: ContentPack, plan: ScenarioPlan, players: int, start: int, stop: int) -> RunStats:
    """Play runs ``start``..``stop - 1`` with ``players`` players into one ``RunStats``. The
    garbage collector's youngest generation is collected less often over the whole chunk, the
    games' set-up included (``infra.startup.fewer_young_collections``; ``play_scenario`` does so
    for one game, and a collection owed at its end scans the game's state once more)."""
    stats = RunStats(players)
    with fewer_young_collections():
        for run in range(start, stop):
            stats.add(play_run(pack, plan, players, run)[0])
    return stats


@dataclass
class ScenarioResult:
    """The runs of a plan: one :class:`RunStats` per player count (in ``plan.players`` order)."""

    plan: ScenarioPlan
    stats: dict[int, RunStats] = field(default_factory=dict)
