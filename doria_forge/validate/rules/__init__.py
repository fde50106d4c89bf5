"""Content rules: one rule per module, in the style of yamllint's ``rules/``.

Each rule module defines ``ID`` (kebab-case rule id), ``SEVERITY`` (a
:class:`~doria_forge.load.problem.Severity`), a docstring with a passing and a
failing YAML example, and ``check(pack, source_map) -> Iterable[Problem]``.
A module may also define ``CLAIMS = {kind: frozenset(top-level keys)}``: keys
the schema stage leaves to the rule so the rule can give a clearer message
than "unknown field".

The registry below is explicit so the order of rules (and so of reports) never
depends on the file system.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import ModuleType

from ...infra.terminal import plain_doc
from ...load.problem import Problem, Severity
from . import (
    ability_behaviours,
    boss_levels,
    campaign_links,
    card_art,
    custom_hero_limits,
    dice_expression,
    equipment_requirements,
    id_case_clash,
    missing_translation,
    monster_level_cards,
    monster_level_monotonic,
    monster_stat_on_level_card,
    patch_target,
    printable_text,
    room_tile_markers,
    room_tile_openings,
    room_tile_pockets,
    room_tile_reachable,
    room_tile_shape,
    scenario_balance,
    scenario_flags,
    scenario_goals,
    scenario_prose,
    scenario_references,
    scenario_rubble,
    scenario_spawn_figures,
    scenario_tile_deck,
    scenario_triggers,
    single_manifest,
    standard_items_deck,
    tune_knobs,
)

RULE_MODULES: tuple[ModuleType, ...] = (
    dice_expression,
    equipment_requirements,
    monster_level_cards,
    monster_level_monotonic,
    monster_stat_on_level_card,
    boss_levels,
    ability_behaviours,
    room_tile_shape,
    room_tile_openings,
    room_tile_reachable,
    room_tile_markers,
    room_tile_pockets,
    scenario_tile_deck,
    scenario_references,
    scenario_rubble,
    scenario_spawn_figures,
    scenario_triggers,
    scenario_flags,
    scenario_goals,
    scenario_balance,
    tune_knobs,
    scenario_prose,
    campaign_links,
    custom_hero_limits,
    standard_items_deck,
    printable_text,
    missing_translation,
    card_art,
    single_manifest,
    patch_target,
    id_case_clash,
)


@dataclass(frozen=True)
class Rule:
    """A registered rule: its id, default severity, one-line summary and check function."""

    id: str
    severity: Severity
    summary: str
    check: Callable[..., Iterable[Problem]]
    claims: Mapping[str, frozenset[str]]


def _rule(module: ModuleType) -> Rule:
    doc = (module.__doc__ or "").strip()
    return Rule(
        id=module.ID,
        severity=Severity(module.SEVERITY),
        summary=plain_doc(doc.splitlines()[0]) if doc else module.ID,
        check=module.check,
        claims=getattr(module, "CLAIMS", {}),
    )


RULES: tuple[Rule, ...] = tuple(_rule(m) for m in RULE_MODULES)
"""Every content rule, in reporting order."""


def get_rule(rule_id: str) -> Rule:
    """The rule with id ``rule_id``. Raises KeyError if there is none."""
    for rule in RULES:
        if rule.id == rule_id:
            return rule
    raise KeyError(rule_id)


def claimed_fields(rules: Iterable[Rule] = RULES) -> dict[str, frozenset[str]]:
    """Union of the rules' ``CLAIMS``: kind -> top-level keys the rules report themselves."""
    out: dict[str, frozenset[str]] = {}
    for rule in rules:
        for kind, keys in rule.claims.items():
            out[kind] = out.get(kind, frozenset()) | frozenset(keys)
    return out


__all__ = ["RULES", "RULE_MODULES", "Rule", "claimed_fields", "get_rule"]
