"""Playing candidates: a scenario or campaign plan played on the content with some knobs turned,
and the balance targets judged from its runs.

A :class:`CandidatePlan` wraps a ``ScenarioPlan`` or ``CampaignPlan`` (``sim.executors``'s plan
protocol) with the documents a candidate changes; a worker builds the candidate's pack from the
pack it holds once (``knobs.with_documents``, remembered for the next chunk). Every candidate is
played from the same master seed with the same run indices, so run ``i`` of two candidates
rolls the same dice seed with the same party: *common random numbers*, the difference between
two candidates is the knobs', not the dice's.
"""

from __future__ import annotations

import hashlib
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from doria_forge.model import ContentPack

from ..campaign import carry_maxima
from ..seeds import stable_seed
from ..verdicts import Target, campaign_targets, scenario_targets
from .knobs import Knob, apply, with_documents

Play = Callable[[Sequence[Any]], list[dict[int, Any]]]
"""Plays plans (``sim.executors.run_plans`` on some executor): per plan ``{players: aggregate}``."""

_PACKS: OrderedDict[tuple[str, str], ContentPack] = OrderedDict()
_PACKS_KEPT = 8


@dataclass(frozen=True)
class CandidatePlan:
    """``plan`` played on the pack with ``documents`` in place of those of the same kind and
    id; ``key`` names the candidate (for the chunk store of ``--scheduler`` and the workers'
    cache of candidate packs)."""

    plan: Any
    documents: tuple[Any, ...]
    key: str

    @property
    def players(self) -> tuple[int, ...]:
        return self.plan.players

    @property
    def runs(self) -> int:
        return self.plan.runs

    @property
    def first_run(self) -> int:
        return self.plan.first_run

    def chunks(self) -> Any:
        return self.plan.chunks()

    def new_stats(self, players: int) -> Any:
        return self.plan.new_stats(players)

    def play_chunk(self, pack: ContentPack, players: int, start: int, stop: int) -> Any:
        return self.plan.play_chunk(candidate_pack(pack, self.documents, self.key), players, start, stop)


def candidate_pack(pack: ContentPack, documents: Sequence[Any], key: str) -> ContentPack:
    """``pack`` with ``documents`` in place (remembered per process for the last few candidates)."""
    if not documents:
        return pack
    cache_key = (pack.content_hash(), key)
    made = _PACKS.get(cache_key)
    if made is None:
        made = _PACKS[cache_key] = with_documents(pack, documents)
        while len(_PACKS) > _PACKS_KEPT:
            _PACKS.popitem(last=False)
    return made


def changes_key(changes: Mapping[Knob, int]) -> str:
    """A short stable name of a candidate's changes (only values that differ from the content)."""
    text = repr(sorted((k.name, v) for k, v in changes.items() if v != k.value))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass
class Candidate:
    """Knob values (``changes``: only the knobs turned away from the content), the documents they
    make, and the runs played: ``search`` on the search seed (runs 0..``search_runs`` - 1 at each
    player count), ``confirm`` on its own confirmation seed ``confirm_seed`` (set when its
    confirmation starts, :meth:`Evaluator.confirmation_seed`). ``invalid``: why the content cannot
    take these values (then nothing is played)."""

    changes: dict[Knob, int]
    documents: tuple[Any, ...] = ()
    key: str = ""
    invalid: str | None = None
    search: dict[int, Any] = field(default_factory=dict)
    search_runs: int = 0
    confirm: dict[int, Any] = field(default_factory=dict)
    confirm_runs: int = 0
    confirm_seed: int | None = None
    confirmed: str | None = None
    """``holds`` (every target held on the confirmation runs), ``fails`` or ``undecided``."""

    @property
    def size(self) -> tuple[int, float]:
        """Knobs turned and steps turned (what tune keeps small)."""
        return len(self.changes), sum(k.steps(v) for k, v in self.changes.items())


@dataclass
class Evaluator:
    """Plays candidates of the scenario or campaign ``doc_id`` (``kind``) at ``players`` with
    ``plan`` (the plan of the content itself, runs set per call), through ``play``, and builds
    their targets from the *content's* balance targets (a knob never changes them). ``checks``
    (the errors of ``validate.pipeline.run_rules`` on a pack, each as ``"rule-id: message"``)
    refuses candidates that break a validation rule the content passes, naming the rule. ``spent``
    counts runs played (campaign runs count one each)."""

    pack: ContentPack
    kind: str
    doc_id: str
    plan: Any
    play: Play
    confirm_seed: int
    checks: Callable[[ContentPack], list[str]] | None = None
    spent: int = 0
    _baseline_errors: Counter[str] | None = None

    @property
    def players(self) -> tuple[int, ...]:
        return self.plan.players

    def candidate(self, changes: Mapping[Knob, int]) -> Candidate:
        """A :class:`Candidate` of ``changes`` (its documents made and checked; ``invalid`` set
        when the model or a validation rule refuses them)."""
        changes = {k: v for k, v in changes.items() if v != k.value}
        out = Candidate(changes, key=changes_key(changes))
        try:
            out.documents = tuple(apply(self.pack, changes))
        except ValueError as exc:
            out.invalid = str(exc)
            return out
        if self.checks is not None and out.documents:
            if self._baseline_errors is None:
                self._baseline_errors = Counter(self.checks(self.pack))
            # the designer sees why a step is refused: the first error the content does not have
            added = Counter(self.checks(with_documents(self.pack, out.documents))) - self._baseline_errors
            if added:
                out.invalid = next(iter(added))
        return out

    def confirmation_seed(self, index: int) -> int:
        """The seed of the ``index``-th confirmation (0-based) of a search: ``confirm_seed`` for
        the first, then one derived from it for each. A failed confirmation steers the search
        (``Search._seed_bias``), so a later one on the same dice would confirm a candidate chosen
        for how it plays on them: each is judged on dice nothing before it has seen."""
        if index == 0:
            return self.confirm_seed
        return stable_seed(f"tune-confirm:{self.confirm_seed}:{index}")

    def cost(self, runs: int) -> int:
        """Runs one candidate costs at ``runs`` runs per player count."""
        return runs * len(self.players)

    def extend(self, candidates: Sequence[Candidate], runs: int, *, confirm: bool = False) -> None:
        """Play each of ``candidates`` (valid ones) up to ``runs`` runs per player count on the
        search seed (``confirm``: on each one's ``confirm_seed``, which must be set), all in one
        batch."""
        plans, chosen = [], []
        for c in candidates:
            have = c.confirm_runs if confirm else c.search_runs
            if c.invalid is not None or have >= runs:
                continue
            seed = c.confirm_seed if confirm else self.plan.seed
            if seed is None:
                raise ValueError(f"candidate {c.key} has no confirmation seed")
            plans.append(CandidatePlan(replace(self.plan, runs=runs, first_run=have, seed=seed), c.documents, c.key))
            chosen.append(c)
        if not plans:
            return
        for c, plan, results in zip(chosen, plans, self.play(plans), strict=True):
            self.spent += (plan.runs - plan.first_run) * len(plan.players)
            into = c.confirm if confirm else c.search
            for n, stats in results.items():
                if n in into:
                    into[n].merge(stats)
                else:
                    into[n] = stats
            if confirm:
                c.confirm_runs = runs
            else:
                c.search_runs = runs

    def targets(self, results: Mapping[int, Any]) -> list[Target]:
        """The content's balance targets at the played player counts, with the evidence of
        ``results`` (``{players: aggregate}``)."""
        counts = [n for n in self.players if n in results]
        if self.kind == "campaign":
            campaign = self.pack.campaigns[self.doc_id]
            summaries = [results[n].to_data(campaign.scenarios) for n in counts]
            return campaign_targets(campaign, summaries, {n: carry_maxima(self.pack, self.doc_id, n) for n in counts})
        scenario = self.pack.scenarios[self.doc_id]
        return scenario_targets(scenario, [results[n].to_data() for n in counts])

    def rate(self, stats: Any) -> tuple[int, int]:
        """Wins and runs of one aggregate (for a campaign: campaigns completed)."""
        if self.kind == "campaign":
            return stats.completed, stats.runs
        return stats.wins, stats.runs


__all__ = ["Candidate", "CandidatePlan", "Evaluator", "Play", "candidate_pack", "changes_key"]
