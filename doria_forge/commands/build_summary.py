"""What ``build`` says at the end: one screen a newcomer understands (what was checked, what
holds, what fails, where the details are), or the same as JSON (``build --format json``,
``schemas/output/build.schema.json``). The tables and every finding are in the reports.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from doria_forge.infra.terminal import printable, relative_path
from doria_forge.model.output_format import OUTPUT_FORMAT
from doria_forge.sim.findings import counted, not_judged_count, without_replay
from doria_forge.sim.scenario_table import compared_words

SUMMARY_FILE = "summary.json"
"""The summary as JSON in the build folder (what ``build --format json`` prints)."""

LISTED = 8
"""Errors and warnings the summary lists by name; the rest are counted (all are in the reports)."""


def _count(items: Sequence[Any], severity: str) -> int:
    return sum(1 for i in items if _severity(i) == severity)


def _severity(item: Any) -> str:
    return item["severity"] if isinstance(item, dict) else getattr(item.severity, "value", item.severity)


def summary_data(*, pack: Any, validation: Any, matrix: Any, verification: Any, pdfs: Sequence[Path],
                 bundle: Path, sim_path: Path, exit_code: int, out: Path) -> dict[str, Any]:
    """The build's summary as data (``model.outputs.BuildOutput``): ``validation`` the
    ``ValidationResult``, ``matrix`` the duel ``MatrixResult``, ``verification`` the scenarios
    stage's ``Verification`` (None when skipped). Paths are relative to the build folder
    ``out`` (the same content and options give the same bytes wherever they are built)."""

    def inside(path: Any) -> str | None:
        return None if path is None else Path(path).relative_to(out).as_posix()

    duel = list(matrix.findings)
    report = verification.report if verification is not None else {}
    findings = report.get("findings", [])
    verdicts = report.get("verdicts", {}).get("counts", {"holds": 0, "fails": 0, "undecided": 0})
    config = validation.config
    scenarios = report.get("scenarios", [])
    campaigns = report.get("campaigns", [])
    plans = [e["plan"] for e in (*scenarios, *campaigns)]
    games = verification.games if verification is not None else ()
    return {
        "format": OUTPUT_FORMAT,
        "pack": {"id": pack.info.id, "version": pack.info.version},
        "ok": exit_code == 0,
        "exit_code": exit_code,
        "validation": {"errors": validation.errors, "warnings": validation.warnings, "infos": validation.infos,
                       "files": len(validation.files)},
        "duels": {"errors": 0, "warnings": _count(duel, "warning"), "infos": _count(duel, "info"),
                  "heroes": len({c.hero for c in matrix.cells}), "monsters": len({c.monster for c in matrix.cells}),
                  "levels": sorted({c.level for c in matrix.cells}), "runs": matrix.runs,
                  "precision": matrix.precision,
                  "findings": [{"rule_id": f.rule_id, "severity": f.severity, "message": f.message,
                                "monster": f.monster, "level": f.level, "hero": f.hero}
                               for f in duel if f.severity != "info"]},
        "scenarios": {"errors": _count(findings, "error"), "warnings": _count(findings, "warning"),
                      "infos": _count(findings, "info"), "scenarios": len(scenarios) - len(games),
                      "explorations": len(games), "campaigns": len(campaigns),
                      "players": sorted({n for p in plans for n in p["players"]}),
                      "runs": sorted({p["runs"] for p in plans})},
        "verdicts": {k: verdicts.get(k, 0) for k in ("holds", "fails", "undecided")},
        # build plays 1, 2 and 4 players: a target for 3 would otherwise vanish from the summary
        "not_judged": len(report.get("verdicts", {}).get("not_judged", [])),
        "not_judged_why": not_judged_count(report.get("verdicts", {}).get("not_judged", [])),
        "findings": [f for f in findings if f["severity"] != "info"],
        "reports": {"simulation": inside(sim_path),
                    "scenarios_json": inside(verification.json_path) if verification is not None else None,
                    "scenarios_html": inside(verification.html_path) if verification is not None else None,
                    "summary": SUMMARY_FILE},
        "exports": {"pdf": [inside(p) for p in pdfs], "bundle": inside(bundle)},
        "silenced": dict(sorted(config.silenced.items())) if config is not None else {},
        "changed": dict(sorted(config.changed.items())) if config is not None else {},
        "configured_by": list(config.sources) if config is not None else [],
        "baseline": _compared(report.get("baseline")),
    }


def _compared(comparison: dict[str, Any] | None) -> dict[str, Any] | None:
    """The counts of a ``sim.baseline`` comparison the summary shows; None without ``--baseline``."""
    if not comparison:
        return None
    return {"tests": comparison["tests"], "significant": len(comparison["significant"]),
            "changed_documents": len(comparison["changed_documents"]), "alpha": comparison["alpha"]}


def summary_json(data: dict[str, Any]) -> str:
    """The summary as JSON text (sorted keys; pack texts' control characters escaped); ``build
    --format json`` adds ``out``, the build folder the paths are relative to."""
    import json

    from doria_forge.infra.terminal import escape_json_text

    return escape_json_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False)) + "\n"


def write_summary(data: dict[str, Any], path: Path) -> Path:
    """Write :func:`summary_json` to ``path`` (atomically; held with the build's other outputs)."""
    from doria_forge.infra.fsutil import atomic_write_text

    return atomic_write_text(Path(path), summary_json(data))


def _counts(stage: dict[str, Any]) -> str:
    parts = []
    for name in ("errors", "warnings", "infos"):
        n = stage.get(name, 0)
        word = name[:-1] if n == 1 else name
        parts.append(f"{n} {word}" if n else f"no {name}")
    return ", ".join(parts)


def _and(items: Sequence[Any]) -> str:
    words = [str(i) for i in items]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1] if words else "none"


def _short(message: str, limit: int = 160) -> str:
    message = without_replay(message)
    return message if len(message) <= limit else message[: limit - 1] + "…"


def summary_lines(data: dict[str, Any], out: Path) -> list[str]:
    """The summary as plain lines (see the module docstring); ``out`` the build folder."""
    v, d, s = data["validation"], data["duels"], data["scenarios"]

    def shown(path: str) -> str:
        return relative_path(Path(out) / path)

    pack = f"{data['pack']['id']} {data['pack']['version']}"
    lines = [f"Built {pack}:"]
    lines.append(f"  checked    {counted(v['files'], 'YAML file')}: {_counts(v)}")
    runs = (f"until the 95% interval is narrower than {d['precision']:g}" if d.get("precision") else
            f"{counted(d['runs'], 'duel')} a matchup")
    levels = d["levels"]
    level_words = f"Monster Levels {levels[0]}-{levels[-1]}" if levels else "no levels"
    lines.append(f"  duels      {counted(d['heroes'], 'hero', 'heroes')} x {counted(d['monsters'], 'monster')} x "
                 f"{level_words}, {runs}: {_counts(d)}")
    if s["scenarios"] or s["campaigns"] or s.get("explorations"):
        parts = [counted(s["scenarios"], "scenario")] if s["scenarios"] else []
        if s.get("explorations"):
            parts.append(counted(s["explorations"], "boss card's exploration game", "boss cards' exploration games"))
        if s["campaigns"]:
            parts.append(counted(s["campaigns"], "campaign"))
        what = _and(parts)
        runs = f"{_and(s['runs'])} run{'' if s['runs'] == [1] else 's'}"
        players = f"{_and(s['players'])} player{'' if s['players'] == [1] else 's'}"
        lines.append(f"  played     {what} at {players}, {runs} each: {_counts(s)}")
        verdicts = data["verdicts"]
        total = sum(verdicts.values())
        unplayed = data.get("not_judged", 0)
        skipped = f"; {data.get('not_judged_why', unplayed)}, named in the scenario report" if unplayed else ""
        if total:
            lines.append(f"  targets    {counted(total, 'balance target')}: {verdicts['holds']} hold, "
                         f"{verdicts['fails']} fail, {verdicts['undecided']} undecided (each judged on its interval, "
                         f"Holm across all: at most 5% false alarms){skipped}")
        elif unplayed:
            lines.append(f"  targets    none judged{skipped}")
        compared = data.get("baseline")
        if compared:
            lines.append("  compared   with the baseline: " + compared_words(
                compared["tests"], compared["significant"], compared["changed_documents"], compared["alpha"]))
    else:
        lines.append("  played     no scenario (--scenario-runs 0, or the pack has none)")
    exports = data["exports"]
    pdf_folder = shown(Path(exports["pdf"][0]).parent.as_posix()) if exports["pdf"] else "-"
    lines.append(f"  exported   {counted(len(exports['pdf']), 'PDF sheet')} in {pdf_folder}/, the bundle "
                 f"{shown(exports['bundle'])}")
    configured = sum(data["silenced"].values()) + sum(data.get("changed", {}).values())
    if configured:
        by = _and(data["configured_by"]) if data["configured_by"] else "disable-line comments"
        lines.append(f"  configured {counted(configured, 'known finding')} switched off or given another severity "
                     f"by {by}")
    listed = [f"  {printable(f['file'])}:{f['line']}: {f['severity']} [{f['rule_id']}] "
              f"{printable(_short(f['message']))}" for f in data["findings"]]
    listed += [f"  duels: {f['severity']} [{f['rule_id']}] {printable(_short(f['message']))}"
               for f in d.get("findings", [])]
    if listed:
        lines.append(f"To look at ({len(listed)}):")
        lines += listed[:LISTED]
        if len(listed) > LISTED:
            lines.append(f"  ... and {len(listed) - LISTED} more in the reports")
    reports = data["reports"]
    named = [f"{shown(reports['scenarios_html'])} (open it in a browser)"] if reports["scenarios_html"] else []
    named += [shown(p) for p in (reports["scenarios_json"], reports["simulation"], reports["summary"]) if p]
    lines.append(f"Details: {', '.join(named)}")
    if data["ok"]:
        advice = []
        if data["verdicts"]["undecided"]:
            # build's own option, as the findings name it; a campaign's target is no "simulate scenario ID"
            advice.append("undecided targets need more runs: raise --scenario-runs (each balance-undecided finding "
                          "says about how many)")
        if data["findings"] and data["exit_code"] == 0:
            advice.append("a CI gate: build --fail-on warning")
        lines.append("OK" + (f" ({'; '.join(advice)})" if advice else ""))
    else:
        lines.append("FAILED: findings at or above --fail-on (exit 1)")
    return lines
