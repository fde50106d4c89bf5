"""The balance diff: compare a scenario report with an earlier one (``--baseline OLD.json``),
flag every statistically significant change, and point at the YAML lines whose change
caused it.

Tests, per scenario and player count present in both reports (all two-sided):

- win rate: McNemar's exact test of the runs only one report won, over the runs both played,
  when the two reports played the same seeds with the same hero pool (run *i* is then the same
  party with the same dice, and most runs end alike) and name the runs won (``won_runs``); else
  the pooled two-proportion z-test;
- rounds: Mann-Whitney U on the two rounds histograms;
- HP lost per run to each damage source (a monster type, a Trap, a special rule...):
  Welch's t-test on the per-run means (from the sums and sums of squares the reports keep),
  with Student's t distribution and the Welch-Satterthwaite degrees of freedom: nothing in the
  content bounds the HP a run loses, and without a bound no test of means holds its level at
  every run count (Bahadur and Savage 1956), so the t-test's large-sample approximation it is;
- the hit rate of each monster type's attacks on heroes: Welch's test over the runs (one run's
  attacks hang together; the two-proportion z-test over all its attacks for a report without
  the runs' sums) (a monster that meets the heroes in few runs still attacks often: its hit rate
  shows a weakened or strengthened Monster Level Card much sooner than the damage per run).

Per campaign and player count present in both: the completion rate and each scenario's win
rate within the campaign (the two-proportion z-test; its attempts won, Welch's over campaign
runs, as a run's attempts hang together) and the Group XP, Loot
Cards and gold carried between scenarios: counts from 0 to the most one scenario can pass on
(each report keeps its ``most``, ``sim.campaign.carry_maxima``), skewed by rare large values,
where Welch's t called noise a change (:func:`_bounded_means_test`: the two reports' betting
intervals, the carry-over verdicts' own, lie apart).

Each test names its ``method`` in the comparison (``welch-t``, ``betting-over-runs``...).

The p-values of all tests of one comparison are adjusted together (Holm): a change is
significant when its adjusted p-value is below ``ALPHA``, so across the whole comparison the
chance of flagging any change that is only noise stays below 5%.

Causes: each report carries every document of its pack with a content hash
(``scenario_report.document_table``). Documents whose hash differs are the pack diff (an
exploration game counted as its Boss Monster card, of which it is made: :func:`pack_diff`); their
changed fields are located in the new pack's YAML. A change of the damage dealt by (or
the hit rate of) ``monster:X`` is put on the documents of monster ``X`` (its card, its Monster
Level Cards, a Boss Monster ``X``) and on the scenario itself when it changed (its rules
bring the monsters: the fields that name ``X`` when some do), of ``trap:X`` on Trap ``X`` and
the scenario, of ``rule:N`` on the scenario; a change of win rate or rounds on those of the
significant damage and hit-rate changes of the same scenario; a campaign's on the campaign
and its scenarios. When none of these changed, every changed document is named: "no document
behind it changed" is said only when the pack is the same. Each changed field behind a
significant change becomes a ``balance-change-cause`` finding at its line, and the
``balance-changed`` finding names the documents and fields.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Annotated, Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from doria_forge.load.schema import first_error
from doria_forge.model.exploration import PREFIX, exploration_id

from .aggregate import won_apart
from .findings import Finding, Locator, player_counts
from .stats import (
    holm,
    mann_whitney_test,
    mcnemar_exact,
    run_mean_error,
    two_proportion_test,
    welch_from_variances,
    welch_test,
)
from .verdicts import CarriedMean, carried

ALPHA = 0.05
"""Family-wise error rate of one comparison (Holm-adjusted p-values below it are flagged)."""

MAX_FIELDS = 12
"""Changed fields listed per document (a rewritten document lists its first ones)."""


Count = Annotated[int, Field(ge=0)]


class _Read(BaseModel):
    # Strict: the comparison reads the file's own values (a win rate written as "0.5" would
    # fail only when a change is significant and printed); extra fields are other numbers.
    model_config = ConfigDict(strict=True, extra="allow")

    part_of: ClassVar[tuple[str, str] | None] = None
    """``(part, whole)``: two count fields of which the first can never exceed the second (wins
    of runs): a file saying so was edited by hand or cut."""

    @model_validator(mode="after")
    def _part_within_whole(self) -> Self:
        if self.part_of is not None:
            part, whole = self.part_of
            if getattr(self, part) > getattr(self, whole):
                raise ValueError(f"{getattr(self, part)} {part} of {getattr(self, whole)} {whole}")
        return self


class _Rounds(_Read):
    median: float | None
    histogram: dict[Annotated[str, Field(pattern=r"^[0-9]{1,6}$")], Count]


class _Damage(_Read):
    total: float
    sum_sq: float
    per_run: float


class _Attacks(_Read):
    part_of = ("hits", "attacks")
    attacks: Count
    hits: Count
    hit_rate: float


class _ScenarioCount(_Read):
    part_of = ("wins", "runs")
    players: int
    runs: Count
    wins: Count
    win_rate: float
    rounds: _Rounds
    damage: dict[str, _Damage]
    attacks: dict[str, _Attacks] = {}  # reports from before hit rates were kept lack it
    won_runs: Annotated[str, Field(pattern=r"^[0-9a-f]+$", max_length=2_000_000)] | None = None  # likewise

    @model_validator(mode="after")
    def _won_runs_are_the_wins(self) -> Self:
        if self.won_runs is not None:
            won = int(self.won_runs, 16)
            if won.bit_count() != self.wins or won.bit_length() > self.runs:
                raise ValueError(f"won_runs names {won.bit_count()} runs won, up to run {won.bit_length()}, "
                                 f"for {self.wins} wins of {self.runs} runs")
        return self


class _CampaignStep(_Read):
    part_of = ("wins", "attempts")
    scenario: str
    attempts: Count
    wins: Count


class _CarryOver(_Read):
    n: Count
    total: float
    sum_sq: float
    mean: float
    most: float | None = None  # reports from before the maxima were kept lack it


class _CampaignCount(_Read):
    part_of = ("completed", "runs")
    players: int
    runs: Count
    completed: Count
    completion_rate: float
    scenarios: list[_CampaignStep] = []
    carry_over: dict[str, _CarryOver] = {}


def _once(values: list[Any], what: str) -> None:
    """Raise ValueError when a value of ``values`` is listed twice: the comparison would read
    one of them and silently drop the other (a file edited by hand or pasted together)."""
    twice = sorted({v for v in values if values.count(v) > 1}, key=str)
    if twice:
        raise ValueError(f"{what} {', '.join(map(str, twice))} listed twice")


class _Entry(_Read):
    id: str
    plan: dict[str, Any]


class _Scenario(_Entry):
    players: list[_ScenarioCount]

    @model_validator(mode="after")
    def _each_count_once(self) -> Self:
        _once([count.players for count in self.players], "player count")
        return self


class _Campaign(_Entry):
    players: list[_CampaignCount]

    @model_validator(mode="after")
    def _each_count_once(self) -> Self:
        _once([count.players for count in self.players], "player count")
        return self


class _Document(_Read):
    sha256: str
    data: Any


class _Baseline(_Read):
    """What :func:`compare` reads of the earlier report: reports of format 1 written before a
    field was added (``documents``, ``attacks``, ``carry_over``) lack it, and compare reads it
    as empty."""

    scenarios: list[_Scenario] = []
    campaigns: list[_Campaign] = []
    documents: dict[str, _Document] = {}

    @model_validator(mode="after")
    def _each_entry_once(self) -> Self:
        _once([entry.id for entry in self.scenarios], "scenario")
        _once([entry.id for entry in self.campaigns], "campaign")
        return self


def check_baseline(report: Any) -> None:
    """Raise ValueError naming the first key of ``report`` (JSON data) that :func:`compare`
    cannot read as an earlier report (``at key scenarios.0.players.0.rounds: Field
    required``): a hand-edited, truncated or foreign file fails here, before any run."""
    try:
        _Baseline.model_validate(report)
    except ValidationError as exc:
        raise ValueError(first_error(exc)) from None


def changed_fields(old: Any, new: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any, Any]]:
    """``(path, old value, new value)`` of every leaf that differs between two JSON values
    (a missing key or list item is ``None``)."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new), key=str):
            yield from changed_fields(old.get(key), new.get(key), path + (key,))
    elif isinstance(old, list) and isinstance(new, list):
        for i in range(max(len(old), len(new))):
            yield from changed_fields(old[i] if i < len(old) else None, new[i] if i < len(new) else None,
                                      path + (i,))
    elif old != new:
        yield path, old, new


def written_path(pack: Any, key: str, path: tuple) -> tuple:
    """``path`` (model field names, as the report's documents hold them: ``rules.0.effects.0``)
    as document ``key`` (``"scenario/goblin_warren"``) of ``pack`` writes it in YAML
    (``rules.0.do.0``), so that a finding names the field and ``locate`` finds its line. The two
    dumps of the document list their fields in the same order; a step either lacks (a field only
    the old version had) stays as it is, with the rest of the path."""
    kind, _, doc_id = key.partition("/")
    document = pack.get(kind, doc_id) if hasattr(pack, "get") else None
    if document is None:
        return path
    plain, written = document.model_dump(mode="json"), document.model_dump(mode="json", by_alias=True)
    out: list[Any] = []
    for step in path:
        if isinstance(plain, dict) and isinstance(written, dict) and step in plain and len(plain) == len(written):
            name = list(written)[list(plain).index(step)]
            plain, written = plain[step], written[name]
            out.append(name)
        elif isinstance(plain, list) and isinstance(written, list) and isinstance(step, int) and step < len(plain):
            plain, written = plain[step], written[step]
            out.append(step)
        else:
            break
    return (*out, *path[len(out):])


def exploration_games(docs: dict[str, Any]) -> dict[str, str]:
    """The exploration games of a report's documents (``"kind/id" -> {"data": ...}``): the
    scenario document each Boss Monster card with an ``exploration`` section plays as
    (``model.exploration.exploration_id``) -> that card's document."""
    games = {}
    for key, doc in docs.items():
        kind, _, doc_id = key.partition("/")
        if kind == "boss" and isinstance(doc, dict) and ((doc.get("data") or {}).get(PREFIX)):
            games[f"scenario/{exploration_id(doc_id)}"] = key
    return games


def pack_diff(old_docs: dict[str, Any], new_docs: dict[str, Any]) -> dict[str, list[tuple[tuple, Any, Any]]]:
    """``"kind/id" -> changed fields`` for every document added, removed or changed. An
    exploration game (:func:`exploration_games`) is no document of the pack: it is assembled from
    its Boss Monster card, whose own entry carries its changes; a baseline of ``simulate
    exploration`` listed it as a document removed from the pack."""
    games = {**exploration_games(old_docs), **exploration_games(new_docs)}
    old_docs = {key: doc for key, doc in old_docs.items() if key not in games}
    new_docs = {key: doc for key, doc in new_docs.items() if key not in games}
    diff = {}
    for key in sorted(set(old_docs) | set(new_docs)):
        a, b = old_docs.get(key), new_docs.get(key)
        if a is not None and b is not None and a["sha256"] == b["sha256"]:
            continue
        fields = list(changed_fields(a["data"] if a else None, b["data"] if b else None))
        diff[key] = fields[:MAX_FIELDS] or [((), None, None)]
    return diff


def _related(source: str, document: str, diff: dict[str, list], new_docs: dict[str, Any]) -> list[str]:
    """The changed documents a damage or hit-rate ``source`` of ``document``'s runs points at
    (every changed document when none of them is specific to it)."""
    kind, _, name = source.partition(":")
    keys = []
    for key in diff:
        doc_kind, _, doc_id = key.partition("/")
        data = (new_docs.get(key) or {}).get("data") or {}
        if kind in ("monster", "boss") and ((doc_kind in ("monster", "boss") and doc_id == name)
                                            or (doc_kind == "monster_level" and data.get("monster") == name)):
            keys.append(key)
        elif kind == "trap" and doc_kind == "trap" and doc_id == name:
            keys.append(key)
    # the scenario brings its monsters, traps and rules: its own change counts (an exploration
    # game's is its Boss Monster card's)
    document = exploration_games(new_docs).get(document, document)
    if document in diff and document not in keys:
        keys.append(document)
    return keys or sorted(diff)


def _fields(key: str, source: str, fields: list[tuple[tuple, Any, Any]]) -> list[tuple[tuple, Any, Any]]:
    """The changed fields of document ``key`` that a ``source`` (``monster:orc``) points at: those
    that name it (a spawn's ``monster: orc``) and the fields beside them (its ``count``) when
    some do, else all."""
    name = source.partition(":")[2]
    if not name or key.partition("/")[2] == name:
        return fields
    parents = {f[0][:-1] for f in fields if name in (f[1], f[2])}
    named = [f for f in fields if f[0][:-1] in parents]
    return named or fields


def _campaign_related(document: str, diff: dict[str, list], new_docs: dict[str, Any]) -> list[str]:
    """The changed documents behind a campaign's change: the campaign and its scenarios (every
    changed document when none of them changed)."""
    scenarios = ((new_docs.get(document) or {}).get("data") or {}).get("scenarios", [])
    keys = [k for k in diff if k == document or k in {f"scenario/{s}" for s in scenarios}]
    return keys or sorted(diff)


def _tests(old_entry: dict[str, Any], new_entry: dict[str, Any]) -> Iterator[dict[str, Any]]:
    old_counts = {s["players"]: s for s in old_entry["players"]}
    for new in new_entry["players"]:
        old = old_counts.get(new["players"])
        if old is None or not old["runs"] or not new["runs"]:
            continue
        base = {"scenario": new_entry["id"], "document": f"scenario/{new_entry['id']}", "players": new["players"]}
        p, method = _win_rate_test(old, new, paired=_same_runs(old_entry, new_entry))
        yield {**base, "metric": "win_rate", "old": old["win_rate"], "new": new["win_rate"], "p": p, "method": method}
        hist = {"old": {int(k): v for k, v in old["rounds"]["histogram"].items()},
                "new": {int(k): v for k, v in new["rounds"]["histogram"].items()}}
        yield {**base, "metric": "rounds", "old": old["rounds"]["median"], "new": new["rounds"]["median"],
               "p": mann_whitney_test(hist["old"], hist["new"]), "method": "mann-whitney-u"}
        zero = {"total": 0, "sum_sq": 0, "per_run": 0.0}
        for source in sorted(set(old["damage"]) | set(new["damage"])):
            a, b = old["damage"].get(source, zero), new["damage"].get(source, zero)
            yield {**base, "metric": f"damage:{source}", "old": a["per_run"], "new": b["per_run"],
                   "p": welch_test(a["total"], a["sum_sq"], old["runs"], b["total"], b["sum_sq"], new["runs"]),
                   "method": "welch-t"}
        none = {"attacks": 0, "hits": 0, "hit_rate": 0.0}
        old_attacks, new_attacks = old.get("attacks", {}), new.get("attacks", {})
        for source in sorted(set(old_attacks) | set(new_attacks)):
            a, b = old_attacks.get(source, none), new_attacks.get(source, none)
            if a["attacks"] and b["attacks"]:
                p, method = _hit_rate_test(a, b)
                yield {**base, "metric": f"hit_rate:{source}", "old": a["hit_rate"], "new": b["hit_rate"],
                       "p": p, "method": method}


def _same_runs(old_entry: dict[str, Any], new_entry: dict[str, Any]) -> bool:
    """Whether run *i* of both reports had the same party and dice seed (the same seed and hero
    pool: ``scenario_runner.run_seed`` and ``party_for``), so their runs pair up."""
    return all(old_entry["plan"].get(key) == new_entry["plan"].get(key) for key in ("seed", "heroes"))


def _win_rate_test(old: dict[str, Any], new: dict[str, Any], *, paired: bool) -> tuple[float, str]:
    """p-value that two win rates are equal, and the test's name: on runs that pair up
    (``paired``) and say which they won (``won_runs``), McNemar's exact test of the runs only one
    report won, over the runs both played (the same seeds make most runs end alike, so a change
    shows much sooner); else the pooled two-proportion z-test."""
    apart = won_apart(old, new) if paired else None
    if apart is not None:
        _, only_before, only_after = apart
        return mcnemar_exact(only_before, only_after), "mcnemar-exact"
    return two_proportion_test(old["wins"], old["runs"], new["wins"], new["runs"]), "two-proportion-z"


def _campaign_tests(old_entry: dict[str, Any], new_entry: dict[str, Any]) -> Iterator[dict[str, Any]]:
    old_counts = {s["players"]: s for s in old_entry["players"]}
    for new in new_entry["players"]:
        old = old_counts.get(new["players"])
        if old is None or not old["runs"] or not new["runs"]:
            continue
        base = {"campaign": new_entry["id"], "document": f"campaign/{new_entry['id']}", "players": new["players"]}
        yield {**base, "metric": "completion_rate", "old": old["completion_rate"], "new": new["completion_rate"],
               "p": two_proportion_test(old["completed"], old["runs"], new["completed"], new["runs"]),
               "method": "two-proportion-z"}
        old_steps = {s["scenario"]: s for s in old.get("scenarios", [])}
        for step in new.get("scenarios", []):
            before = old_steps.get(step["scenario"])
            if before and before["attempts"] and step["attempts"]:
                p, method = _rate_over_runs_test(before, step, _ATTEMPT_SUMS)
                yield {**base, "metric": f"scenario_win_rate:{step['scenario']}",
                       "old": round(before["wins"] / before["attempts"], 6),
                       "new": round(step["wins"] / step["attempts"], 6), "p": p, "method": method}
        old_carry, new_carry = old.get("carry_over", {}), new.get("carry_over", {})
        for name in sorted(set(old_carry) & set(new_carry)):
            a, b = old_carry[name], new_carry[name]
            if a["n"] and b["n"]:
                first, second = _carried_evidence(a, old_entry), _carried_evidence(b, new_entry)
                yield {**base, "metric": f"carry_over:{name}", "old": a["mean"], "new": b["mean"],
                       "p": _bounded_means_test(first, second), "method": first.method}


_HIT_SUMS = ("hits", "attacks", "hits_sq", "hits_cross", "attacks_sq")
"""The keys of a hit rate's counts and runs' sums (``RunStats.to_data``'s ``attacks`` entries)."""

_ATTEMPT_SUMS = ("wins", "attempts", "run_sum_sq", "run_cross", "n_sq")
"""The keys of a campaign scenario's wins over attempts and runs' sums (``CampaignStats.to_data``)."""


def _hit_rate_test(a: dict[str, Any], b: dict[str, Any]) -> tuple[float, str]:
    """p-value that two hit rates are equal, and the test's name (:func:`_rate_over_runs_test`:
    one run's attacks hang together, the same heroes, the same Monster Level)."""
    return _rate_over_runs_test(a, b, _HIT_SUMS)


def _rate_over_runs_test(a: dict[str, Any], b: dict[str, Any],
                         keys: tuple[str, str, str, str, str]) -> tuple[float, str]:
    """p-value that two rates of trials of which one run makes several are equal, and the test's
    name (``welch-t-over-runs``, ``two-proportion-z``); ``keys`` name
    the successes, the trials and, with T a run's successes and m its trials, the sums of T^2,
    T m and m^2: Welch's test over the runs that made trials (:func:`_over_runs`), else, for a
    report from before the runs' sums were kept or a rate that does not vary from run to run,
    the two-proportion test of the trials."""
    if "runs" in a and "runs" in b:
        first, second = _over_runs(a, keys), _over_runs(b, keys)
        if first[1] and second[1]:
            return welch_from_variances(*first, *second), "welch-t-over-runs"
    wins, trials = keys[:2]
    return two_proportion_test(a[wins], a[trials], b[wins], b[trials]), "two-proportion-z"


def _carried_evidence(summary: dict[str, Any], entry: dict[str, Any]) -> CarriedMean:
    """The evidence of one report's carry-over summary (``CampaignStats.to_data`` with the
    report's ``most``, ``sim.campaign.carry_maxima``), as the carry-over verdicts take it
    (``verdicts.carried``): values from 0 to ``most`` (none known in a report from before it was
    kept: that report's mean then has no upper end), at most one a scenario passed on, so one
    fewer than the campaign's scenarios a run (a hand-made entry without them: the most any run
    gave)."""
    steps = len(entry.get("scenarios", []))
    per_run = steps - 1 if steps > 1 else max((int(m) for _, m, _ in summary.get("by_run", [])), default=1)
    return carried(summary, summary.get("most"), max(1, per_run))


def _bounded_means_test(first: CarriedMean, second: CarriedMean) -> float:
    """p-value that two carry-over means are equal: 4 ``q``, ``q`` the smallest, over the two
    directions and every point ``c``, of the larger of "the one mean is above ``c``" and "the
    other is below ``c``" (the one-sided bets of :class:`~.verdicts.CarriedMean`). Below ``alpha``
    exactly when the two means' ``1 - alpha / 2`` betting intervals lie apart; if the means are
    equal, one of the four one-sided bets at that common mean must then have won against a true
    null, each with chance at most ``alpha / 4`` (Ville's inequality, at any number of runs): the
    two-sample test by non-overlapping intervals, valid and conservative (Schenker and Gentleman,
    *On judging the significance of differences by examining the overlap between confidence
    intervals*, The American Statistician 55, 2001), with the intervals that hold their level on
    rare, large counts (Waudby-Smith and Ramdas 2024). Welch's t called noise a change: 8 runs
    carrying a steady 1 Group XP against 8 of a pack that carries 10 in one run of ten (the same
    mean) were a change 2 times in 5 at p < 0.05 (1 in 5 after Holm over a comparison's tests,
    ``tests/test_baseline.py``): 8 runs of 0 looked sure.
    In 0..1."""
    best = 1.0
    for high, low in ((first, second), (second, first)):
        if high.estimate <= low.estimate:
            continue  # a bet that a mean exceeds its own estimate never wins (p = 1)
        # "above c" grows more doubtful and "below c" surer as c rises: bisect for where they meet
        outer, inner = low.estimate, high.estimate
        for _ in range(50):
            mid = (outer + inner) / 2
            if high.p_above(mid) < low.p_below(mid):
                outer = mid
            else:
                inner = mid
        best = min(best, *(max(high.p_above(c), low.p_below(c)) for c in (outer, inner)))
    return min(1.0, 4 * best)


def _over_runs(summary: dict[str, Any], keys: tuple[str, str, str, str, str]) -> tuple[float, float, int]:
    """The mean of values of which one run gives several, the variance of that mean over the
    runs (the ratio estimator's, ``stats.run_mean_error``: 0 for fewer than 2 runs) and its
    degrees of freedom (runs - 1), for :func:`~doria_forge.sim.stats.welch_from_variances`;
    ``keys`` name the values' total, their count and the runs' sums of T^2, T m and m^2."""
    total, count, sq, cross, count_sq = keys
    error = run_mean_error(summary[total], summary[count], summary["runs"], summary[sq], summary[cross],
                           summary[count_sq])
    return summary[total] / summary[count], error * error, summary["runs"] - 1


def _source_of(change: dict[str, Any]) -> str:
    """The damage source a per-source metric (``damage:X``, ``hit_rate:X``) is about, else ``""``."""
    kind, _, source = change["metric"].partition(":")
    return source if kind in ("damage", "hit_rate") else ""


def _words(change: dict[str, Any]) -> str:
    metric, old, new = change["metric"], change["old"], change["new"]
    who = f"with {change['players']} player{'s' if change['players'] > 1 else ''}"
    if metric == "win_rate":
        return f"win rate {who}: {old:.0%} -> {new:.0%}"
    if metric == "completion_rate":
        return f"campaign completion rate {who}: {old:.0%} -> {new:.0%}"
    if metric.startswith("scenario_win_rate:"):
        return f"win rate of {metric.partition(':')[2]} in the campaign {who}: {old:.0%} -> {new:.0%}"
    if metric.startswith("carry_over:"):
        return f"{metric.partition(':')[2].replace('_', ' ')} carried between scenarios {who}: {old:.2f} -> {new:.2f}"
    if metric == "rounds":
        return f"median rounds {who}: {old} -> {new}"
    if metric.startswith("hit_rate:"):
        return f"hit rate of {metric.removeprefix('hit_rate:')}'s attacks {who}: {old:.0%} -> {new:.0%}"
    return f"HP lost per run to {metric.removeprefix('damage:')} {who}: {old:.2f} -> {new:.2f}"


def _value(value: Any) -> str:
    text = "(none)" if value is None else str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _field_names(fields: list[tuple[tuple, Any, Any]]) -> str:
    names = [".".join(str(p) for p in path) or "the document" for path, _, _ in fields]
    return ", ".join(names[:4]) + (" …" if len(names) > 4 else "")


def compare(old: dict[str, Any], new: dict[str, Any], *, locate: Locator,
            pack: Any = None) -> tuple[dict[str, Any], list[Finding]]:
    """Compare report ``old`` with report ``new`` (see the module docstring). Returns the
    comparison (for the report's ``baseline`` key: ``tests``, ``alpha``, ``changed_documents``,
    ``methods``, the count of tests each method judged, ``significant``, each with its ``method``,
    and ``notes``) and the findings: ``balance-changed``
    (warning) at the scenario or campaign for each significant change, naming the changed
    documents and fields behind it, ``balance-change-cause`` (warning) at each changed YAML
    field behind one, ``baseline-not-comparable`` (info) at each scenario or campaign the
    baseline lacks or played with other options. ``pack``: the new report's pack, whose documents name each
    changed field as its YAML file writes it (``written_path``)."""
    old_docs, new_docs = old.get("documents", {}), new.get("documents", {})
    diff = pack_diff(old_docs, new_docs)
    if pack is not None:
        diff = {key: [(written_path(pack, key, path), a, b) for path, a, b in fields] for key, fields in diff.items()}
    tests, notes = _paired_tests(old, new)
    for test, adjusted in zip(tests, holm([t["p"] for t in tests]), strict=True):
        test["p_adjusted"] = adjusted
    significant = [t for t in tests if t["p_adjusted"] < ALPHA]
    findings, causes = _change_findings(significant, diff, new_docs, locate)
    findings += _cause_findings(causes, locate)
    for document, note in notes:
        kind, _, doc_id = document.partition("/")
        loc = locate(kind, doc_id, ())
        findings.append(Finding("baseline-not-comparable", "info", note, loc.file, loc.line, loc.column, document))
    comparison = {
        "tests": len(tests),
        "alpha": ALPHA,
        "changed_documents": {key: [{"path": list(p), "old": a, "new": b} for p, a, b in fields]
                              for key, fields in diff.items()},
        "methods": dict(sorted(Counter(t["method"] for t in tests).items())),
        "significant": significant,
        "notes": [note for _, note in notes],
    }
    return comparison, findings


def _paired_tests(old: dict[str, Any], new: dict[str, Any]) -> tuple[list[dict[str, Any]], list[tuple[str, str]]]:
    """The tests of every scenario and campaign in both reports, and notes on those only one
    report has or whose options differ: ``(kind/id, note)``, so that the note is found at the
    scenario or campaign it is about."""
    notes: list[tuple[str, str]] = []
    tests: list[dict[str, Any]] = []
    for part, kind, make in (("scenarios", "scenario", _tests), ("campaigns", "campaign", _campaign_tests)):
        old_entries = {e["id"]: e for e in old.get(part, [])}
        for entry in new.get(part, []):
            before = old_entries.get(entry["id"])
            document = f"{kind}/{entry['id']}"
            if before is None:
                notes.append((document, f"{kind} {entry['id']} is not in the baseline"))
                continue
            for option in ("policy", "seed", "runs", "heroes"):
                if before["plan"].get(option) != entry["plan"].get(option):
                    notes.append((document, f"{entry['id']}: {option} differs ({before['plan'].get(option)} -> "
                                            f"{entry['plan'].get(option)}); differences may come from it"))
            note = _counts_note(before, entry)
            if note:
                notes.append((document, note))
            tests.extend(make(before, entry))
    return tests, notes


def _counts_note(before: dict[str, Any], entry: dict[str, Any]) -> str:
    """A note when the two entries played other player counts: only those both played are
    compared (``--players 1`` against a baseline of 2 read "0 tests, none significant", as if
    nothing had changed); empty when they played the same."""
    def played(e: dict[str, Any]) -> set[int]:
        return {s["players"] for s in e.get("players", []) if s.get("runs")}

    old, new = played(before), played(entry)
    if old == new:
        return ""
    common = sorted(old & new)
    compared = f"only {player_counts(common)} compared" if common else "no player count compared"
    return (f"{entry['id']}: the baseline played with {player_counts(sorted(old)) if old else 'no player count'}, "
            f"this report with {player_counts(sorted(new)) if new else 'none'}: {compared}")


def _change_findings(significant: list[dict[str, Any]], diff: dict[str, Any], new_docs: dict[str, Any],
                     locate: Locator) -> tuple[list[Finding], dict[tuple[str, tuple], dict[str, Any]]]:
    """A ``balance-changed`` finding per significant change, naming the changed documents and
    fields behind it (each change gets its ``causes`` and ``cause_fields``); and those fields,
    ``(document, path) -> old, new and the changes behind``."""
    findings: list[Finding] = []
    by_document: dict[str, list[dict[str, Any]]] = {}
    for change in significant:
        by_document.setdefault(change["document"], []).append(change)
    causes: dict[tuple[str, tuple], dict[str, Any]] = {}
    for document, changes in by_document.items():
        doc_kind, _, doc_id = document.partition("/")
        behind_sources = {k: _source_of(c) for c in changes if _source_of(c)
                          for k in _related(_source_of(c), document, diff, new_docs)}
        for change in changes:
            source = _source_of(change)
            if doc_kind == "campaign":
                keys = _campaign_related(document, diff, new_docs)
            elif source:
                keys = _related(source, document, diff, new_docs)
            else:
                keys = sorted(behind_sources) or sorted(diff)
            change["causes"] = keys
            fields = {key: _fields(key, source or behind_sources.get(key, ""), diff[key]) for key in keys}
            change["cause_fields"] = {key: [".".join(str(p) for p in path) for path, _, _ in f]
                                      for key, f in fields.items()}
            words = _words(change)
            named = [f"{key} ({_field_names(fields[key])})" for key in keys[:6]]
            because = (f"; changed in the pack: {'; '.join(named)}{' …' if len(keys) > 6 else ''}" if keys else
                       "; no document of the pack changed (the engine, the policy or the options differ)")
            loc = locate(doc_kind, doc_id, ())
            findings.append(Finding("balance-changed", "warning", f"{words} (p = {change['p_adjusted']:.2g}, "
                                    f"Holm-adjusted, {change['method']}){because}", loc.file, loc.line, loc.column,
                                    document, (change["players"],)))
            for key in keys:
                for path, a, b in fields[key]:
                    cause = causes.setdefault((key, path), {"old": a, "new": b, "behind": []})
                    cause["behind"].append(f"{doc_id}: {words}")
    return findings, causes


def _cause_findings(causes: dict[tuple[str, tuple], dict[str, Any]], locate: Locator) -> list[Finding]:
    """A ``balance-change-cause`` finding at each changed field behind a significant change."""
    findings: list[Finding] = []
    for (key, path), cause in sorted(causes.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))):
        kind, _, doc_id = key.partition("/")
        loc = locate(kind, doc_id, path)
        field = ".".join(str(p) for p in path) or "the document"
        behind = cause["behind"]
        findings.append(Finding("balance-change-cause", "warning",
                                f"{key} {field} changed ({_value(cause['old'])} -> {_value(cause['new'])}); "
                                f"behind: {'; '.join(behind[:3])}{' …' if len(behind) > 3 else ''}",
                                loc.file, loc.line, loc.column, key))
    return findings
