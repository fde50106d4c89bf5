"""The search for knob values under which every balance target holds, with Optuna's TPE sampler
proposing candidates, successive halving deciding where runs go, and a confirmation on fresh
dice that alone decides success.

The steps, every run counted against ``budget`` (runs per player count times player counts):

1. **The content itself and every knob one step down and one step up** (the one-step
   deviations, as TAG's parameter search starts), ``runs`` runs each; then each knob is walked
   on in each direction while the targets' loss does not rise. This first
   design (single-knob changes) is told to the optimiser.
2. **Proposals** in batches of ``batch``: Optuna's TPE sampler (seeded by ``--seed``, a
   knob's values as an ordered index) asks for knob values, each candidate is played ``runs``
   runs and its loss told back. All candidates are played on the same seeds (common random
   numbers, ``sim.tune.evaluate``).
3. **Racing (successive halving)**: after each batch, the candidates whose estimates all lie
   inside the targets' bands get ``promote`` runs (four times as many by default); the others
   get no more runs. A promoted candidate still inside every band with more than one knob
   turned is simplified: each turned knob is tried back at its old value, and a simpler
   candidate still inside every band is taken instead (fewest changed fields). A candidate so
   close to a band's edge that confirming it would likely take more than ``confirm_max`` runs
   (``sim.verdicts.runs_needed`` from its search runs) is not confirmed: the search goes on.
4. **Confirmation** on a separate seed, never used by the search nor by an earlier
   confirmation (a failed one steers the search, below): the candidate is played
   the runs it likely needs (at least ``confirm``), judged with ``sim.verdicts.judge`` (Holm
   across its targets), and while undecided its runs doubled up to ``confirm_max``. Every look
   of every confirmation spends its own share of the 5% error budget (``look_alpha(k)``, k counting looks over the whole
   search), so the chance that tune reports a candidate whose targets do not hold is at most
   5%, however many candidates it tried. The first candidate whose every target holds ends the
   search. A confirmation that does not hold also measures the search seeds: the same seeds
   serve every candidate, so when they ran lucky (or unlucky) every estimate is off alike, and
   the search corrects its estimates by how far the failed confirmations fell from their search
   runs (``Search._seed_bias``).

The loss of a candidate (smaller is better) is the sum over its targets of how far the
estimate lies outside the band shrunk by a fifth of its width at each edge (in band widths:
aiming at the inside of the band leaves room for the interval), plus ``CHANGE_COST`` per knob
turned and ``STEP_COST`` per step: among candidates that meet the targets equally, fewer and
smaller changes win.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..verdicts import HOLDS, UNDECIDED, Proportion, Target, Verdict, judge, look_alpha, runs_needed
from .evaluate import Candidate, Evaluator, changes_key
from .knobs import Knob

CHANGE_COST = 0.05
"""Loss of each knob turned (in band widths: a twentieth of a band)."""

STEP_COST = 0.01
"""Loss of each step a knob is turned."""

MARGIN = 0.2
"""Part of a band's width at each edge the search aims inside of."""

WALK_PATIENCE = 2
"""Steps in a row that look worse than the best seen before a knob's walk stops."""

OPTUNA_HINT = 'doria-forge tune needs Optuna: pip install "doria-forge[tune]" (from a checkout: pip install ".[tune]")'


class OptimiserMissing(ImportError):
    """Optuna is not installed (``pip install "doria-forge[tune]"``)."""


@dataclass(frozen=True)
class Settings:
    """How the search spends its runs (runs are per player count): ``runs`` for each new
    candidate, ``promote`` for a promising one, ``confirm`` for the first confirmation look
    and at most ``confirm_max``; ``budget`` runs in all (times player counts: playthroughs);
    ``batch`` candidates proposed at once; ``seed`` of the sampler."""

    budget: int
    runs: int = 16
    promote: int = 64
    confirm: int = 64
    confirm_max: int = 512
    batch: int = 4
    seed: int = 1
    design: bool = True
    """Play the one-step deviations of every knob first."""
    blind: bool = False
    """A blind random search (the benchmark's baseline): no one-step design, no walks, candidates
    drawn uniformly at random (Optuna's RandomSampler) instead of by TPE; racing and
    confirmation as usual."""


@dataclass
class Outcome:
    """What the search found: ``baseline`` (the content itself), ``best`` (the confirmed
    candidate, or the most promising one), whether every target held on ``best``'s
    confirmation runs (``reached``), ``verdicts`` of ``best`` (confirmation runs, or search runs
    when never confirmed), ``before`` the baseline's verdicts on its search runs, the runs
    ``spent``, every candidate ``tried``, and ``resisting``: the targets no candidate brought
    inside its band (or that failed to hold on ``best``); ``confirm_budget``: the
    least budget (playthroughs) the confirmation the budget stopped would take
    (``Search._short_of``; 0 when the budget stopped none: a report without it could only say
    that no candidate did better, when none had been given the runs to be confirmed)."""

    baseline: Candidate
    best: Candidate
    reached: bool
    verdicts: list[Verdict]
    before: list[Verdict]
    spent: int
    tried: list[Candidate]
    looks: int
    resisting: list[Target] = field(default_factory=list)
    stopped: str = ""
    confirm_budget: int = 0


@dataclass(frozen=True)
class _Estimate:
    """An estimate on ``n`` runs (what ``target_loss`` reads of a target's evidence)."""

    estimate: float
    n: int


def target_loss(targets: Sequence[Target], margin: float = MARGIN) -> float:
    """How far the estimates lie outside the bands shrunk by ``margin`` of their width at each
    edge, in band widths, summed; 0 when every estimate is inside. A target without runs
    counts 1."""
    total = 0.0
    for t in targets:
        low, high = t.band
        width = max(high - low, 1e-9)
        if not t.evidence.n:
            total += 1.0
            continue
        inner = margin * width
        e = t.evidence.estimate
        total += max(0.0, low + inner - e, e - (high - inner)) / width
    return total


def loss(candidate: Candidate, targets: Sequence[Target]) -> float:
    """``target_loss`` plus the cost of the changes (see the module docstring); infinite for
    an invalid candidate."""
    if candidate.invalid is not None:
        return math.inf
    knobs, steps = candidate.size
    return target_loss(targets) + CHANGE_COST * knobs + STEP_COST * steps


class Search:
    """One search (see the module docstring). ``on_event(text)`` hears what happens (for the
    progress line)."""

    def __init__(self, evaluator: Evaluator, knobs: Sequence[Knob], settings: Settings,
                 on_event: Callable[[str], None] | None = None) -> None:
        self.ev = evaluator
        self.knobs = list(knobs)
        self.settings = settings
        self.on_event = on_event or (lambda text: None)
        self.tried: dict[str, Candidate] = {}
        self.looks = 0
        self.failed_confirmations: list[Candidate] = []
        self.confirmations = 0
        """Confirmations started: each plays on a seed of its own (``Evaluator.confirmation_seed``)."""
        self.seed_bias: dict[tuple[Any, ...], float] = {}
        """``_seed_bias`` of the failed confirmations so far (made again when one is added)."""
        self._baseline_first: list[Target] | None = None
        """The content's targets on its first ``runs`` runs (the control variate's other half)."""
        self.raced: set[str] = set()
        """Candidates promoted once already (never raced again)."""
        self.confirm_budget = 0
        """``Outcome.confirm_budget`` (``_short_of``)."""

    # ---------------------------------------------------------------- helpers
    def _get(self, changes: dict[Knob, int]) -> Candidate:
        candidate = self.ev.candidate(changes)
        return self.tried.setdefault(candidate.key, candidate)

    def _left(self) -> int:
        return self.settings.budget - self.ev.spent

    def _affordable(self, candidates: Sequence[Candidate], runs: int, confirm: bool = False) -> list[Candidate]:
        """The first of ``candidates`` whose runs up to ``runs`` fit in the budget."""
        out, left = [], self._left()
        for c in candidates:
            have = c.confirm_runs if confirm else c.search_runs
            need = self.ev.cost(max(0, runs - have)) if c.invalid is None else 0
            if need > left:
                break
            left -= need
            out.append(c)
        return out

    def _search_targets(self, c: Candidate) -> list[Target]:
        return self.ev.targets(c.search)

    def _estimated(self, c: Candidate) -> list[Target]:
        """``c``'s targets with the best estimates its runs give: a candidate played on no more runs
        than the content's first ones is estimated by the control variate of common random
        numbers, the content's estimate on all its runs plus ``c``'s difference from the content
        on the runs they share (far less noisy than ``c``'s own few runs). Then every rate is
        corrected by what the failed confirmations showed of the search seeds (``seed_bias``)."""
        own = self._search_targets(c)
        first = self._baseline_first
        if first is None or not c.search_runs or c.search_runs > self.settings.runs or not c.changes:
            return self._unbiased(own)
        full = {(t.metric, t.players, t.path): t for t in self._search_targets(self._get({}))}
        shared = {(t.metric, t.players, t.path): t for t in first}
        out = []
        for t in own:
            key = (t.metric, t.players, t.path)
            if key in full and key in shared and shared[key].evidence.n == t.evidence.n:
                shifted = full[key].evidence.estimate + t.evidence.estimate - shared[key].evidence.estimate
                if isinstance(t.evidence, Proportion):
                    shifted = min(1.0, max(0.0, shifted))
                t = replace(t, evidence=_Estimate(shifted, t.evidence.n))  # type: ignore[arg-type]
            out.append(t)
        return self._unbiased(out)

    def _seed_bias(self) -> dict[tuple[Any, ...], float]:
        """How much higher each rate ran on the search seeds than on fresh dice, per target: the
        run-weighted mean, over the candidates whose confirmation failed, of the search estimate
        minus the confirmation estimate. Every candidate plays the same search seeds (common
        random numbers), so a lucky or unlucky set of seeds shifts them all alike; a confirmation
        that fails is the evidence of it. (It guides the search only: success is still decided
        on fresh runs alone.)"""
        sums: dict[tuple[Any, ...], list[float]] = {}
        for c in self.failed_confirmations:
            if not c.confirm_runs:
                continue
            search = {(t.metric, t.players, t.path): t for t in self._search_targets(c)}
            for t in self.ev.targets(c.confirm):
                key = (t.metric, t.players, t.path)
                seen = search.get(key)
                if seen is None or not isinstance(t.evidence, Proportion) or not t.evidence.n:
                    continue
                acc = sums.setdefault(key, [0.0, 0.0])
                acc[0] += t.evidence.n * (seen.evidence.estimate - t.evidence.estimate)
                acc[1] += t.evidence.n
        return {key: total / weight for key, (total, weight) in sums.items() if weight}

    def _unbiased(self, targets: list[Target], as_counts: bool = False) -> list[Target]:
        """``targets`` with every rate less its ``seed_bias`` (``as_counts``: as runs won, for
        ``runs_needed``, where a rate's evidence is a ``Proportion``)."""
        bias = self.seed_bias
        if not bias:
            return targets
        out = []
        for t in targets:
            shift = bias.get((t.metric, t.players, t.path))
            if shift:
                estimate = min(1.0, max(0.0, t.evidence.estimate - shift))
                n = t.evidence.n
                evidence = Proportion(round(estimate * n), n) if as_counts and isinstance(t.evidence, Proportion) \
                    else _Estimate(estimate, n)
                t = replace(t, evidence=evidence)  # type: ignore[arg-type]
            out.append(t)
        return out

    def _loss(self, c: Candidate) -> float:
        return loss(c, self._estimated(c)) if c.search_runs or c.invalid else math.inf

    def _inside(self, c: Candidate) -> bool:
        """Every estimate (see ``_estimated``) inside its band (no margin)."""
        return c.invalid is None and c.search_runs > 0 and target_loss(self._estimated(c), 0.0) == 0

    # ---------------------------------------------------------------- steps
    def one_step(self, runs: int) -> tuple[Candidate, dict[tuple[str, int], Candidate]]:
        """The content and every knob one step down and up, played ``runs`` runs (as far as the
        budget goes): the sensitivity chart's numbers, which the search then starts from.
        Returns the content's candidate and ``{(knob name, value): candidate}``."""
        baseline = self._get({})
        steps = {}
        for knob in self.knobs:
            for value in knob.neighbours():
                if value is not None:
                    steps[(knob.name, value)] = self._get({knob: value})
        self._play([baseline, *steps.values()], runs)
        return baseline, steps

    def run(self) -> Outcome:
        s = self.settings
        baseline = self._get({})
        first = [baseline]
        if s.design:
            for knob in self.knobs:
                for value in knob.neighbours():
                    if value is not None:
                        first.append(self._get({knob: value}))
        if s.blind:
            first = [baseline]
        self._play(first, s.runs)
        self._baseline_first = self._search_targets(baseline)
        # the content's own numbers on as many runs as a promoted candidate: the "before" of the
        # report, and the control variate's estimate of every candidate played on fewer runs
        self._play([baseline], s.promote)
        base = target_loss(self._search_targets(baseline))
        if s.design and not s.blind:
            self._walk(base)
        confirmed = self._race()
        sampler = None
        while confirmed is None and self._left() >= self.ev.cost(s.runs):
            if sampler is None:
                sampler = _Sampler(self.knobs, s.seed, blind=s.blind)
                for c in self.tried.values():
                    if c.search_runs or c.invalid:
                        sampler.tell_new(c.changes, self._loss(c))
            batch = sampler.ask(self, s.batch)
            if not batch:
                self.on_event("every candidate the knobs allow has been tried")
                break
            self._play(batch, s.runs)
            for c, trial in zip(batch, sampler.pending, strict=True):
                sampler.tell(trial, self._loss(c))
            sampler.pending = []
            confirmed = self._race()
        return self._outcome(baseline, confirmed)

    def _walk(self, base: float) -> None:
        """Each knob walked a step at a time in each direction while the targets' loss (``base``:
        the content's, on as many runs) keeps from rising above the best seen: a plateau is
        crossed (on few runs, with common random numbers, a small step often changes nothing),
        and one step that looks worse is not enough to stop (a few runs are noisy); two in a row
        are. Single-knob changes first, the knob's whole useful range seen."""
        s = self.settings
        for knob in self.knobs:
            for direction in (-1, 1):
                best, worse, value = base, 0, knob.value + direction * knob.step
                while knob.low <= value <= knob.high and self._left() >= self.ev.cost(s.runs):
                    c = self._get({knob: value})
                    self._play([c], s.runs)
                    if not c.search_runs:
                        break
                    now = target_loss(self._estimated(c))
                    worse = worse + 1 if now > best else 0
                    if worse >= WALK_PATIENCE:
                        break
                    best, value = min(best, now), value + direction * knob.step

    def _play(self, candidates: Sequence[Candidate], runs: int) -> None:
        chosen = self._affordable(candidates, runs)
        if chosen:
            self.ev.extend(chosen, runs)

    def _race(self) -> Candidate | None:
        """Promote, simplify and confirm the promising candidates; the confirmed one, if any."""
        s = self.settings
        promising = sorted((c for c in self.tried.values() if self._inside(c) and c.key not in self.raced),
                           key=lambda c: (c.search_runs < s.promote, self._loss(c)))
        for c in promising[:2]:
            if c.search_runs < s.promote:
                self._play([c], s.promote)
            if c.search_runs < s.promote:  # the budget is spent: its promotion, then a first look
                self._short_of(self.ev.cost(s.promote - c.search_runs) + self.ev.cost(s.confirm))
                return None
            self.raced.add(c.key)
            if not self._inside(c):
                continue
            c = self._simplify(c)
            self.raced.add(c.key)
            needed = self._needed(c)
            if needed is None:
                self.on_event(f"too close to a band's edge to confirm within {s.confirm_max} runs: {describe(c)}")
                continue
            if self._confirm(c, max(s.confirm, needed)):
                return c
        return None

    def _short_of(self, playthroughs: int) -> None:
        """The budget stopped a confirmation that needed ``playthroughs`` more (``confirm_budget``):
        at least those beyond the runs spent, and room for the walks that come first."""
        self.confirm_budget = max(self.confirm_budget, self.ev.spent + playthroughs, self._first_confirmation())

    def _first_confirmation(self) -> int:
        """About the playthroughs a first confirmation takes when the search meets no other
        candidate first: those spent so far (a sensitivity chart's too), every single-knob change
        (the first design and the walks play no others) on ``runs`` runs, the content on
        ``promote``, and one changed candidate promoted and given ``confirm`` fresh runs (a
        confirmation may want more)."""
        s = self.settings

        def more(changes: dict[Knob, int], runs: int) -> int:
            played = self.tried.get(changes_key(changes))
            if played is not None and played.invalid is not None:
                return 0
            return self.ev.cost(max(0, runs - (played.search_runs if played is not None else 0)))

        singles = [] if s.blind or not s.design else [{k: v} for k in self.knobs for v in k.values() if v != k.value]
        return (self.ev.spent + sum(more(changes, s.runs) for changes in singles) + more({}, s.promote)
                + self.ev.cost(s.promote - s.runs) + self.ev.cost(s.confirm))

    def _needed(self, c: Candidate) -> int | None:
        """Runs per player count that would likely confirm ``c`` (every target holding at the
        next look's level), from its search runs; None above ``confirm_max``."""
        # fresh dice are expected where the failed confirmations put the search seeds' rates
        targets = self._unbiased(self._search_targets(c), as_counts=True)
        alpha = look_alpha(self.looks) / max(1, len(targets))
        needed = 0
        for t in targets:
            n = runs_needed(t, alpha)
            if n is None:
                return None
            needed = max(needed, n)
        return needed if needed <= self.settings.confirm_max else None

    def _simplify(self, c: Candidate) -> Candidate:
        """``c``, or a candidate with one of its knobs turned back that is still inside every
        band on as many runs (the one of least loss)."""
        s = self.settings
        while len(c.changes) > 1:
            simpler = [self._get({k: v for k, v in c.changes.items() if k is not dropped}) for dropped in c.changes]
            self._play(simpler, s.runs)  # halving here too: more runs only for those still inside
            self._play([x for x in simpler if self._inside(x) and x.confirmed is None], s.promote)
            # simpler only where it meets the targets as well: not nearer a band's edge
            room = target_loss(self._estimated(c))
            inside = [x for x in simpler if x.search_runs >= s.promote and self._inside(x) and x.confirmed is None
                      and target_loss(self._estimated(x)) <= room]
            if not inside:
                return c
            c = min(inside, key=self._loss)
            self.on_event(f"simpler: {describe(c)}")
        return c

    def _confirm(self, c: Candidate, runs: int) -> bool:
        """Confirmation looks on the confirmation seed from ``runs`` runs on (see the module
        docstring); True when every target holds."""
        s = self.settings
        if c.confirm_seed is None:
            c.confirm_seed = self.ev.confirmation_seed(self.confirmations)
            self.confirmations += 1
        while True:
            if not self._affordable([c], runs, confirm=True):
                self._short_of(self.ev.cost(runs - c.confirm_runs))
                return False
            self.ev.extend([c], runs, confirm=True)
            verdicts = judge(self.ev.targets(c.confirm), alpha=look_alpha(self.looks))
            self.looks += 1
            if all(v.verdict == HOLDS for v in verdicts):
                c.confirmed = HOLDS
                self.on_event(f"confirmed on {runs} fresh runs: {describe(c)}")
                return True
            if any(v.verdict != UNDECIDED and v.verdict != HOLDS for v in verdicts) or runs >= s.confirm_max:
                c.confirmed = "fails" if any(v.verdict == "fails" for v in verdicts) else UNDECIDED
                self.failed_confirmations.append(c)
                self.seed_bias = self._seed_bias()
                self.on_event(f"not confirmed ({c.confirmed}) on {runs} fresh runs: {describe(c)}")
                return False
            runs = min(s.confirm_max, runs * 2)

    def _outcome(self, baseline: Candidate, confirmed: Candidate | None) -> Outcome:
        tried = list(self.tried.values())
        if confirmed is not None:
            best = confirmed
            verdicts = judge(self.ev.targets(best.confirm), alpha=look_alpha(self.looks - 1))
        else:
            played = [c for c in tried if c.search_runs]
            # most runs first: an estimate on more runs is worth more than a lucky one on few
            best = min(played, key=lambda c: (-(c.confirm_runs + c.search_runs >= self.settings.promote),
                                             self._loss(c))) if played else baseline
            evidence = best.confirm if best.confirm_runs else best.search
            verdicts = judge(self.ev.targets(evidence))
        before = judge(self._search_targets(baseline)) if baseline.search_runs else []
        # with no confirmation played for want of budget, a target some candidate brought inside its
        # band does not resist: it was never given the runs to hold
        unplayed = not self.looks and bool(self.confirm_budget)
        resisting = [] if confirmed is not None else self._resisting(tried, verdicts, inside_too=not unplayed)
        stopped = ("every target holds" if confirmed is not None else
                   "the budget is spent" if self._left() < self.ev.cost(self.settings.runs) else
                   "every candidate the knobs allow has been tried")
        return Outcome(baseline, best, confirmed is not None, verdicts, before, self.ev.spent, tried, self.looks,
                       resisting, stopped, 0 if confirmed is not None else self.confirm_budget)

    def _resisting(self, tried: Sequence[Candidate], verdicts: Sequence[Verdict], *,
                   inside_too: bool = True) -> list[Target]:
        """The targets of the best candidate that did not hold, those no candidate brought inside
        its band first (the others only with ``inside_too``)."""
        open_targets = [v.target for v in verdicts if v.verdict != HOLDS]
        never = []
        for t in open_targets:
            reached = False
            for c in tried:
                if not c.search_runs:
                    continue
                for other in self._search_targets(c):
                    if (other.metric, other.players, other.path) == (t.metric, t.players, t.path) and \
                            target_loss([other], 0.0) == 0:
                        reached = True
            if not reached:
                never.append(t)
        return never + [t for t in open_targets if t not in never] if inside_too else never


class _Sampler:
    """Optuna's TPE sampler over the knobs (each knob an ordered index into its values)."""

    def __init__(self, knobs: Sequence[Knob], seed: int, blind: bool = False) -> None:
        try:
            import optuna
        except ImportError:
            raise OptimiserMissing(OPTUNA_HINT) from None
        from optuna.distributions import IntDistribution

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        self.optuna = optuna
        self.knobs = list(knobs)
        self.values = {k.name: k.values() for k in knobs}
        self.distributions: dict[str, Any] = {k.name: IntDistribution(0, len(self.values[k.name]) - 1)
                                              for k in knobs}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # multivariate TPE is marked experimental
            sampler = (optuna.samplers.RandomSampler(seed=seed) if blind else
                       optuna.samplers.TPESampler(seed=seed, multivariate=True, n_startup_trials=5,
                                                  warn_independent_sampling=False))
        self.study = optuna.create_study(direction="minimize", sampler=sampler)
        self.pending: list[Any] = []

    def _params(self, changes: dict[Knob, int]) -> dict[str, int]:
        return {k.name: self.values[k.name].index(changes.get(k, k.value)) for k in self.knobs}

    def tell_new(self, changes: dict[Knob, int], value: float) -> None:
        """Tell the sampler of a candidate it did not ask for."""
        trial = self.optuna.trial.create_trial(params=self._params(changes), distributions=self.distributions,
                                               value=_finite(value))
        self.study.add_trial(trial)

    def ask(self, search: Search, size: int) -> list[Candidate]:
        """Up to ``size`` new candidates (a proposal already tried is told its loss again and
        another asked, a bounded number of times)."""
        out: list[Candidate] = []
        attempts = 0
        while len(out) < size and attempts < size * 20:
            attempts += 1
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                trial = self.study.ask(self.distributions)
            changes = {k: self.values[k.name][trial.params[k.name]] for k in self.knobs}
            candidate = search._get(changes)
            if candidate.search_runs or candidate.invalid or any(x is candidate for x in out):
                self.study.tell(trial, _finite(search._loss(candidate)))
                continue
            out.append(candidate)
            self.pending.append(trial)
        return out

    def tell(self, trial: Any, value: float) -> None:
        self.study.tell(trial, _finite(value))


def _finite(value: float) -> float:
    return value if math.isfinite(value) else 1e6


def describe(c: Candidate) -> str:
    """``setup.monster_level 2 -> 1, ...`` (or ``no change``)."""
    if not c.changes:
        return "no change"
    return ", ".join(f"{k.name} {k.value} -> {v}" for k, v in sorted(c.changes.items(), key=lambda kv: kv[0].name))


__all__ = ["CHANGE_COST", "MARGIN", "OPTUNA_HINT", "OptimiserMissing", "Outcome", "STEP_COST", "Search", "Settings",
           "describe", "loss", "target_loss"]
