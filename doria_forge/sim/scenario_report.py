"""The scenario report: canonical JSON for machines (and for ``--baseline``) and a short
rich table for the terminal.

The JSON (``REPORT_FORMAT``) holds the pack (id, version, content hash), the options, one
entry per scenario (its rules, per player count every number of ``RunStats.to_data``, the
runs kept for replays with their parties, its findings), the campaigns, the verdicts on every
balance target (``sim.verdicts``), every finding, and
``documents``: each document of the pack with its content hash and data, so that a later
report can tell which YAML changed between the two (``sim.baseline``). Keys are sorted and
nothing depends on the clock: the same pack, options and seed give the same bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from doria_forge.infra.terminal import escape_json_text
from doria_forge.model import ContentPack
from doria_forge.model.output_format import OUTPUT_FORMAT

from .campaign import carry_maxima
from .findings import Finding, Locator, RuleSettings, no_location, scenario_findings, sort_findings, verdict_findings
from .scenario_runner import ScenarioResult, party_for
from .verdicts import (
    ALPHA,
    campaign_not_judged,
    campaign_not_reached,
    campaign_targets,
    judge,
    scenario_not_judged,
    scenario_targets,
)

REPORT_FORMAT = OUTPUT_FORMAT
"""Version of the report JSON (``schemas/output/scenario-report.schema.json``); ``--baseline``
refuses another."""


def document_table(pack: ContentPack) -> dict[str, dict[str, Any]]:
    """``"kind/id" -> {"sha256", "data"}`` for every document of ``pack`` (the canonical
    JSON of its validated model)."""
    out = {}
    for kind, docs in pack.to_data().items():
        for doc_id, data in docs.items():
            text = json.dumps(data, sort_keys=True, separators=(",", ":"))
            out[f"{kind}/{doc_id}"] = {"sha256": hashlib.sha256(text.encode()).hexdigest(), "data": data}
    return dict(sorted(out.items()))


def scenario_entry(pack: ContentPack, result: ScenarioResult, locate: Locator, *,
                   settings: RuleSettings | None = None) -> dict[str, Any]:
    """One scenario's part of the report, findings included (its balance targets are judged
    with the whole report's, in :func:`build_report`)."""
    plan = result.plan
    scenario = pack.scenarios[plan.scenario]
    summaries = []
    for n in plan.players:
        summary = result.stats[n].to_data()
        for pick in summary["replays"].values():
            pick["party"] = party_for(plan.pool, n, pick["run"])
        summaries.append(summary)
    plan_data = plan.to_data(pack)
    findings = sort_findings(scenario_findings(scenario, summaries, locate, plan_data, settings=settings))
    return {
        "id": scenario.id,
        "name": scenario.name,
        "document": f"scenario/{scenario.id}",
        "location": str(locate("scenario", scenario.id, ())),
        "plan": plan_data,
        "max_rounds": scenario.max_rounds,
        "rules": [{"index": i, "text": rule.text, "describe": rule.describe(), "simulated": rule.simulated,
                   "location": str(locate("scenario", scenario.id, ("rules", i)))}
                  for i, rule in enumerate(scenario.rules)],
        "balance": scenario.balance.model_dump(mode="json") if scenario.balance is not None else None,
        "players": summaries,
        "findings": [f.to_data() for f in findings],
    }


def judge_entries(pack: ContentPack, scenarios: Sequence[dict[str, Any]], campaigns: Sequence[dict[str, Any]] = (),
                  *, alpha: float = ALPHA,
                  closed: Mapping[str, Sequence[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """Every balance target of the scenario and campaign entries judged together
    (``sim.verdicts.judge``: Holm across all of them at family-wise level ``alpha``): the
    report's ``verdicts`` part, ``{"alpha", "correction", "family", "counts", "targets",
    "not_judged"}``; ``not_judged``: the targets for a player count that was not played
    (``verdicts.not_played``), outside the family and the counts.
    A campaign's targets at a count played but never reached (``verdicts.campaign_not_reached``)
    join ``not_judged``. ``closed``: document -> its verdicts (``Verdict.to_data``) as an earlier look of the
    sequential rule reached them (``play_in_looks``); they stand for that document's targets,
    each at its own ``confidence``."""
    targets = []
    not_judged = []
    for entry in scenarios:
        targets += scenario_targets(pack.scenarios[entry["id"]], entry["players"])
        not_judged += scenario_not_judged(pack.scenarios[entry["id"]], _played(entry))
    for entry in campaigns:
        maxima = {s["players"]: carry_maxima(pack, entry["id"], s["players"]) for s in entry["players"]}
        targets += campaign_targets(pack.campaigns[entry["id"]], entry["players"], maxima)
        not_judged += campaign_not_judged(pack.campaigns[entry["id"]], _played(entry))
        not_judged += campaign_not_reached(pack.campaigns[entry["id"]], entry["players"])
    verdicts = [v.to_data() for v in judge(targets, alpha=alpha)]
    if closed:
        verdicts = _with_closed(verdicts, closed)
    counts = {name: sum(1 for v in verdicts if v["verdict"] == name) for name in ("holds", "fails", "undecided")}
    return {"alpha": alpha, "correction": "holm", "family": len(verdicts), "counts": counts, "targets": verdicts,
            "not_judged": not_judged}


def _played(entry: Mapping[str, Any]) -> list[int]:
    """The player counts of a report entry that have runs."""
    return [s["players"] for s in entry["players"] if s["runs"]]


def _with_closed(verdicts: list[dict[str, Any]],
                 closed: Mapping[str, Sequence[dict[str, Any]]]) -> list[dict[str, Any]]:
    """``verdicts`` with those of each ``closed`` document replaced by its own, in place."""
    out: list[dict[str, Any]] = []
    for v in verdicts:
        document = v["document"]
        if document not in closed:
            out.append(v)
        elif not any(w["document"] == document for w in out):
            out += closed[document]
    return out


def build_report(pack: ContentPack, scenarios: Sequence[dict[str, Any]], *, campaigns: Sequence[dict[str, Any]] = (),
                 extra_findings: Sequence[Finding] = (), duel_matrix: dict[str, Any] | None = None,
                 locate: Locator = no_location, alpha: float = ALPHA,
                 closed: Mapping[str, Sequence[dict[str, Any]]] | None = None) -> dict[str, Any]:
    """The whole report from scenario entries (``scenario_entry``) and campaign entries
    (``sim.campaign.campaign_entry``): their findings, the verdicts on every balance target
    (:func:`judge_entries`, at ``alpha``, those of the ``closed`` documents as their look reached
    them) and their findings at the targets' lines (``locate``); ``extra_findings`` (a baseline
    comparison's) join the findings; ``duel_matrix`` (``MatrixResult.to_data``) is kept for the
    HTML heat map."""
    verdicts = judge_entries(pack, scenarios, campaigns, alpha=alpha, closed=closed)
    plans = {entry["document"]: entry["plan"] for entry in (*scenarios, *campaigns)}
    findings = [Finding.from_data(f) for entry in (*scenarios, *campaigns) for f in entry["findings"]]
    findings += verdict_findings(verdicts["targets"], locate, plans)
    findings += list(extra_findings)
    report: dict[str, Any] = {
        "format": REPORT_FORMAT,
        "pack": {"id": pack.info.id, "version": pack.info.version, "content_sha256": pack.content_hash()},
        "scenarios": list(scenarios),
        "campaigns": list(campaigns),
        "verdicts": verdicts,
        "findings": [f.to_data() for f in sort_findings(findings)],
        "documents": document_table(pack),
    }
    if duel_matrix is not None:
        report["duel_matrix"] = duel_matrix
    return report


def report_json(report: dict[str, Any]) -> str:
    """The report as canonical JSON text (sorted keys, no timestamps: reproducible; the
    control and invisible characters of pack texts as ``\\uXXXX`` escapes, the same data)."""
    return escape_json_text(json.dumps(report, indent=1, sort_keys=True, ensure_ascii=False)) + "\n"


def report_findings(report: dict[str, Any]) -> list[Finding]:
    """Every finding of a report."""
    return [Finding.from_data(f) for f in report.get("findings", [])]
