"""The JSON that ``--format json`` prints (``validate``, ``simulate``, ``simulate scenario``,
``simulate campaign``, ``build``) and the report files, as models: ``doria-forge schema`` writes
their JSON Schemas into ``schemas/output/`` (never by hand), and the tests check every output
against them.

Every output carries ``format``, the version of its shape (:data:`OUTPUT_FORMAT`; a schema
accepts exactly its version): a field is only ever added within a version; renaming or
removing one makes a new version. Objects allow fields beyond the ones named here, so a consumer
written for version 1 keeps working when one is added.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .output_format import OUTPUT_FORMAT as OUTPUT_FORMAT  # the version these models describe

Severity = Literal["error", "warning", "info"]
Version = Literal[1]


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class ValidationProblem(_Open):
    """One problem of ``validate``, at ``file:line:column``."""

    file: str
    line: int = Field(ge=1)
    column: int = Field(ge=1)
    rule: str = Field(description="The check that found it (`doria-forge checks` lists the configurable ones).")
    severity: Severity
    message: str


class ValidationSummary(_Open):
    """How many problems of each severity, in how many files."""

    errors: int = Field(ge=0)
    warnings: int = Field(ge=0)
    infos: int = Field(0, ge=0, description="Present when there are any.")
    files: int = Field(ge=0, description="YAML files read.")


class ValidateOutput(_Open):
    """`doria-forge validate --format json`."""

    format: Version
    problems: list[ValidationProblem]
    summary: ValidationSummary


class Finding(_Open):
    """A finding of the simulation at the YAML line it is about."""

    rule_id: str
    severity: Severity
    message: str
    file: str
    line: int = Field(ge=1)
    column: int = Field(ge=1)
    document: str = Field(description="`kind/id` of the document it is about (empty when none).")
    players: list[int] = Field(description="Player counts it concerns (empty: all).")


class Verdict(_Open):
    """The verdict on one balance target at one player count."""

    document: str
    path: list[str | int] = Field(description="The field of the document that sets the target.")
    metric: str = Field(description="win_rate, rounds, completion_rate, scenario_win_rate:ID or carry_over:NAME.")
    players: int
    band: list[float] = Field(min_length=2, max_length=2)
    verdict: Literal["holds", "fails", "undecided"]
    method: Literal["clopper-pearson", "clopper-pearson-over-runs", "sign-test", "t", "t-over-runs",
                    "betting-over-runs"] | None = Field(
        None, description="The interval and its test: clopper-pearson (a rate: exact binomial), "
                          "clopper-pearson-over-runs (a scenario's win rate within a campaign: exact binomial at the "
                          "effective number of attempts, the attempts divided by the campaign runs' design effect), "
                          "sign-test (the median: order-statistic interval), t and t-over-runs (a mean: one-sample t; "
                          "reports before the carry-over was judged by betting), betting-over-runs (a campaign's "
                          "carry-over: betting against the mean over campaign runs, Waudby-Smith and Ramdas 2024, "
                          "values from 0 to the most one scenario can pass on; no upper end without one).")
    estimate: float
    interval: list[float | None] = Field(min_length=2, max_length=2)
    confidence: float
    runs: int = Field(description="What the evidence counts: runs, or a campaign's attempts (scenario_win_rate) or "
                                  "values (carry_over, one per scenario passed).")
    p_fail: float = Field(description="Holm-adjusted p-value of 'outside the band'.")
    p_hold: float = Field(description="Holm-adjusted p-value of 'inside the band'.")
    family: int = Field(description="Targets judged together.")
    runs_needed: int | None = Field(description="Per player count, what would likely decide an undecided target, "
                                                "counted as runs counts it (a campaign's attempts or values: its "
                                                "balance-undecided finding converts them to campaign runs).")


class NotJudged(_Open):
    """A balance target left unjudged: no runs at the player count it is for."""

    document: str
    path: list[str | int] = Field(description="The field of the document that sets the target (its count last).")
    metric: str = Field(description="win_rate, completion_rate, scenario_win_rate:ID or carry_over:NAME.")
    players: list[int] = Field(description="The count the target is for (empty: 'all', the counts without their "
                                           "own target).")
    band: list[float] = Field(min_length=2, max_length=2)
    reason: Literal["not_played", "not_reached"] = Field(description="not_played: no run at that count (--players "
                                                                     "left it out); not_reached: a campaign's runs "
                                                                     "never attempted that scenario, or passed no "
                                                                     "scenario on (carry_over).")


class Verdicts(_Open):
    """Every balance target of a report, judged together."""

    alpha: float
    correction: Literal["holm"]
    family: int
    counts: dict[Literal["holds", "fails", "undecided"], int]
    looks: int = Field(1, description="Looks of the sequential rule (--until-decided).")
    targets: list[Verdict]
    not_judged: list[NotJudged] = Field(default_factory=list, description="Targets for a player count that was not "
                                                                          "played: not in the family or the counts.")


class Plan(_Open):
    """How the runs were played."""

    players: list[int]
    runs: int
    seed: int
    policy: str
    heroes: list[str]


class ScenarioPlayers(_Open):
    """One scenario's numbers at one player count (every number `RunStats.to_data` gives)."""

    players: int
    runs: int
    wins: int
    win_rate: float
    win_rate_ci: list[float] = Field(description="95% Wilson interval.")
    rounds: dict[str, object]
    outcomes: dict[str, int]


class ScenarioEntry(_Open):
    """One scenario of a report."""

    id: str
    name: str
    document: str
    location: str
    plan: Plan
    players: list[ScenarioPlayers]
    findings: list[Finding]


class CampaignStep(_Open):
    """One scenario within a campaign at one player count."""

    index: int
    scenario: str
    attempts: int
    wins: int
    outcomes: dict[str, int]
    rounds_mean: float


class CampaignPlayers(_Open):
    """A campaign's numbers at one player count."""

    players: int
    runs: int
    completed: int
    completion_rate: float
    completion_ci: list[float]
    scenarios: list[CampaignStep]


class CampaignEntry(_Open):
    """One campaign of a report."""

    id: str
    name: str
    document: str
    plan: Plan
    scenarios: list[str]
    players: list[CampaignPlayers]
    findings: list[Finding]


class PackInfo(_Open):
    id: str
    version: str
    content_sha256: str


class ScenarioReport(_Open):
    """`simulate scenario|campaign --format json`, the `--out` report files and `build`'s
    `scenarios.json` (also what `--baseline` reads)."""

    format: Version
    pack: PackInfo
    scenarios: list[ScenarioEntry]
    campaigns: list[CampaignEntry]
    verdicts: Verdicts
    findings: list[Finding]
    documents: dict[str, dict[str, object]] = Field(description="Every document with its content hash.")


class DuelCell(_Open):
    hero: str
    monster: str
    level: int
    runs: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    confidence: float = Field(0.95, description="Level of ci_low..ci_high: 0.95 for a fixed --runs; under "
                                                "--precision that of the look that stopped the cell (above 0.95, "
                                                "95% jointly under the stopping rule).")
    mean_rounds: float
    mean_hp_lost: float


class DuelFinding(_Open):
    rule_id: str
    severity: Severity
    message: str
    monster: str
    level: int
    hero: str | None


class DuelReport(_Open):
    """`simulate --format json` (the duel matrix) and `simulation.json`."""

    format: Version
    pack_id: str
    content_sha256: str
    seed: int
    runs: int
    precision: float | None
    cells: list[DuelCell]
    findings: list[DuelFinding]
    fallbacks: list[list[object]]


class BuildStage(_Open):
    """What one stage of `build` checked and found."""

    errors: int = 0
    warnings: int = 0
    infos: int = 0


class BuildOutput(_Open):
    """`doria-forge build --format json`: the summary `build` prints, as data."""

    format: Version
    pack: dict[str, str] = Field(description="id and version.")
    ok: bool = Field(description="Whether the build exits 0.")
    exit_code: Literal[0, 1]
    validation: BuildStage
    duels: BuildStage
    scenarios: BuildStage
    verdicts: dict[Literal["holds", "fails", "undecided"], int]
    not_judged: int = Field(0, description="Balance targets not judged (a player count the build did not play: it "
                                           "plays 1, 2 and 4; a campaign scenario never reached): not among the "
                                           "verdicts.")
    not_judged_why: str = Field("", description="How many were not judged and why, in words.")
    findings: list[Finding] = Field(description="The simulation's errors and warnings (the infos are in the reports).")
    reports: dict[str, str | None] = Field(description="Paths of the reports written, relative to the build folder.")
    exports: dict[str, object] = Field(description="PDF sheets and the bundle written, relative to the build folder.")
    out: str = Field("", description="The build folder (printed by --format json; not in summary.json).")
    silenced: dict[str, int] = Field(description="Findings the check configuration switched off, by check.")
    baseline: dict[str, object] | None = Field(None, description=(
        "With --baseline: the comparison with the earlier report (tests run, significant changes, documents changed "
        "in the pack, the Holm-adjusted level); its balance-changed and balance-change-cause findings are among the "
        "findings. null without it."))


OUTPUTS: dict[str, type[BaseModel]] = {
    "validate": ValidateOutput,
    "duel-report": DuelReport,
    "scenario-report": ScenarioReport,
    "build": BuildOutput,
}
"""Output schema name -> model (``schemas/output/<name>.schema.json``)."""
