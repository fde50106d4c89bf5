"""The checks a project or pack may configure beyond the content rules (``validate.rules``):
the simulation's findings, with their default severities and thresholds, and the validation
checks that are not content rules. Plain data with no imports, so that the simulation reads its
thresholds' defaults from here and :mod:`doria_forge.validate.config` validates settings against
the same table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

CONFIG_RULE = "check-config"
"""The id of a problem with the check configuration (file, manifest or inline comment)."""


@dataclass(frozen=True)
class Check:
    """A check that may be configured: its ``id``, default ``severity``, where it runs
    (``stage``: ``validate`` or ``simulate``), its ``thresholds`` (name -> (default, low,
    high)) and a one-line ``summary``."""

    id: str
    severity: str
    stage: str
    summary: str
    thresholds: Mapping[str, tuple[float, float, float]] = field(default_factory=dict)

    def default(self, name: str) -> float:
        """The default value of threshold ``name``."""
        return self.thresholds[name][0]


RARE = {"rate": (0.1, 0.001, 0.5)}
"""The threshold of the "never" checks: a warning when the runs show (one-sided 95%) that the
event happens in fewer than ``rate`` of them; fewer runs make it an info."""


def _simulation_checks() -> list[Check]:
    sim = "simulate"
    return [
        Check("level-weaker-than-below", "warning", sim, "a Monster Level Card plays weaker than the level below"),
        Check("level-out-of-line", "warning", sim, "a monster at one level is far harder or easier than its peers",
              {"gap": (0.4, 0.05, 1.0)}),
        Check("scenario-engine-error", "error", sim, "the engine failed in runs of a scenario"),
        Check("scenario-never-won", "warning", sim, "no run of a player count was won (a warning once the runs "
              "show the win rate below `rate`)", RARE),
        Check("scenario-always-won", "warning", sim, "every run of a player count was won (a warning once the "
              "runs show the loss rate below `rate`)", RARE),
        Check("scenario-player-count-outlier", "warning", sim, "a player count far harder or easier than the others",
              {"gap": (0.25, 0.01, 1.0), "p": (0.01, 1e-9, 0.5)}),
        Check("scenario-rule-never-fired", "warning", sim, "a special rule that could fire never did (a warning "
              "once the runs show it fires in fewer than `rate` of them)", RARE),
        Check("scenario-rule-not-exercised", "info", sim, "a special rule cannot fire at the simulated player counts"),
        Check("scenario-rule-not-simulated", "info", sim, "a special rule written only as text"),
        Check("scenario-stalled", "warning", sim, "runs stopped for making no progress (a warning once the runs "
              "show at least `rate` of them stall)", {"rate": (0.02, 0.001, 0.5)}),
        Check("scenario-balance-win-rate", "warning", sim, "a win-rate target fails"),
        Check("scenario-balance-rounds", "warning", sim, "a rounds target fails"),
        Check("campaign-balance-completion", "warning", sim, "a campaign completion-rate target fails"),
        Check("campaign-balance-scenario-win-rate", "warning", sim, "a campaign scenario's win-rate target fails"),
        Check("campaign-balance-carry-over", "warning", sim, "a campaign carry-over bound fails"),
        Check("balance-undecided", "info", sim, "a balance target the runs could not decide yet"),
        Check("campaign-never-completed", "warning", sim, "no campaign run of a player count was completed (a "
              "warning once the runs show the completion rate below `rate`)", RARE),
        Check("campaign-player-count-outlier", "warning", sim, "a player count far off the others in a campaign",
              {"gap": (0.25, 0.01, 1.0), "p": (0.01, 1e-9, 0.5)}),
        Check("campaign-engine-error", "error", sim, "the engine failed in campaign runs"),
        Check("balance-changed", "warning", sim, "a significant change against --baseline"),
        Check("balance-change-cause", "warning", sim, "a changed YAML field behind a significant change"),
        Check("baseline-not-comparable", "info", sim, "a part of the report the baseline does not share"),
    ]


STRUCTURAL = frozenset({
    "yaml-syntax", "duplicate-key", "empty-document", "empty-pack", "file-too-large", "io-error", "not-a-mapping",
    "not-a-regular-file", "outside-pack", "unknown-kind", "unknown-field", "schema", "dangling-reference",
    "duplicate-id", "unknown-vocabulary", "dice-expression", "pack-patch", "requires", "layout", "internal-error",
    "encoding", CONFIG_RULE,
})
"""Problems that keep the pack from being read: never configurable (named so a setting of one
is told so, not "unknown")."""


OTHER_CHECKS: tuple[Check, ...] = (
    Check("card-text-fit", "warning", "validate", "a card text that does not fit its card even at 6 pt"),
    Check("pack-override", "warning", "validate",
          "a document replaces one of a required pack without `replaces:` in pack.yaml"),
    Check("editor-schema-stale", "info", "validate",
          "the pack's doria.schema.json was written by another version of doria-forge or from other models"),
    *_simulation_checks(),
)
"""Every configurable check that is not a content rule."""

SIMULATION: Mapping[str, Check] = {c.id: c for c in OTHER_CHECKS if c.stage == "simulate"}
"""The simulation's checks by id."""


def default(check_id: str, threshold: str) -> float:
    """The default of ``threshold`` of simulation check ``check_id``. Raises KeyError."""
    return SIMULATION[check_id].default(threshold)
