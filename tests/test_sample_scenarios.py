"""The shipped sample scenarios and campaign (content/scenarios, content/campaigns).

Issue 8 asks for at least five single scenarios (a boss, an escape and a timed one among them)
and a campaign of three linked scenarios, and that across them every trigger, condition,
effect and goal kind of the scenario vocabulary is used at least once. The kinds are read
from the model's unions, so a kind added to the vocabulary fails here until a sample uses it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import get_args

import pytest

from doria_forge.model import scenario as sc
from doria_forge.validate import validate_pack

CONTENT = Path(__file__).resolve().parents[1] / "content"


@pytest.fixture(scope="module")
def pack():
    result = validate_pack(CONTENT)
    assert result.errors == 0
    return result.pack


def _kinds(union: object, field: str) -> set[str]:
    """The discriminator values of an ``Annotated[A | B | ..., Field(discriminator=field)]`` union."""
    members = get_args(get_args(union)[0])
    return {value for cls in members for value in get_args(cls.model_fields[field].annotation)}


def _effects(effects: list) -> Iterator[object]:
    for effect in effects:
        yield effect
        if isinstance(effect, sc.Check):
            yield from _effects(effect.success)
            yield from _effects(effect.failure)


def test_vocabulary_unions_are_read_completely():
    """The helper sees every member of each union (guards the coverage test below)."""
    assert _kinds(sc.Trigger, "on") >= {"round_start", "hero_enters", "flag_set"}
    assert len(_kinds(sc.Trigger, "on")) == len(get_args(get_args(sc.Trigger)[0]))
    assert len(_kinds(sc.Effect, "do")) == len(get_args(get_args(sc.Effect)[0]))
    assert _kinds(sc.Goal, "goal") >= {"defeat_boss", "escape", "survive", "time_limit"}


def test_every_kind_of_the_vocabulary_is_used_by_a_shipped_scenario_or_card(pack):
    triggers, conditions, effects, goals = set(), set(), set(), set()
    # a Boss Monster card's exploration game speaks the scenario vocabulary too
    games = [*pack.scenarios.values(), *(b.exploration for b in pack.bosses.values() if b.exploration is not None)]
    for scenario in games:
        for rule in scenario.rules:
            if rule.when is not None:
                triggers.add(rule.when.on)
            conditions |= {c.check for c in rule.conditions}
            effects |= {e.do for e in _effects(rule.effects)}
        goals |= {g.goal for g in scenario.goals.win + scenario.goals.lose}
    for event in pack.door_events.values():  # Door Event cards speak the same effect vocabulary
        effects |= {e.do for e in _effects(event.effects)}
    assert _kinds(sc.Trigger, "on") - triggers == set()
    assert _kinds(sc.Condition, "check") - conditions == set()
    assert _kinds(sc.Effect, "do") - effects == set()
    assert _kinds(sc.Goal, "goal") - goals == set()


def test_at_least_five_single_scenarios_with_a_boss_an_escape_and_a_timed_one(pack):
    singles = [s for s in pack.scenarios.values() if s.mode == "single"]
    assert len(singles) >= 5
    win_goals = [g for s in singles for g in s.goals.win]
    boss_goals = [g for g in win_goals if isinstance(g, sc.DefeatBoss)]
    assert boss_goals and all(g.boss in pack.bosses for g in boss_goals)
    assert any(isinstance(g, sc.Escape) for g in win_goals)
    assert any(isinstance(g, sc.Survive) for g in win_goals) or any(
        isinstance(g, sc.TimeLimit) for s in singles for g in s.goals.lose)


def test_the_boss_scenario_spawns_the_boss_it_must_defeat(pack):
    for scenario in pack.scenarios.values():
        spawned = {e.boss for r in scenario.rules for e in _effects(r.effects) if isinstance(e, sc.Spawn) and e.boss}
        for goal in scenario.goals.win:
            if isinstance(goal, sc.DefeatBoss):
                assert goal.boss in spawned, scenario.id


def test_campaign_of_three_linked_campaign_scenarios_with_rewards(pack):
    assert pack.campaigns
    campaign = next(c for c in pack.campaigns.values() if len(c.scenarios) >= 3)
    linked = [pack.scenarios[sid] for sid in campaign.scenarios]
    assert all(s.mode == "campaign" for s in linked)
    assert campaign.rewards and {r.after_scenario for r in campaign.rewards} <= set(range(1, len(linked) + 1))


def test_every_shipped_scenario_sets_balance_targets_and_max_rounds(pack):
    for scenario in pack.scenarios.values():
        assert scenario.balance is not None and scenario.balance.win_rate, scenario.id
        assert "max_rounds" in scenario.model_fields_set, scenario.id
        low, high = scenario.balance.rounds or (1, scenario.max_rounds)
        assert high <= scenario.max_rounds, scenario.id



def test_shipped_scenarios_pass_every_scenario_rule():
    """The scenario rules find nothing in the samples, not even a rule written only as prose (The
    Sunken Reliquary's undead rule is a lasting rule the engine plays)."""
    result = validate_pack(CONTENT)
    found = [(p.rule_id, p.severity.value) for p in result.problems if p.rule_id.startswith("scenario-")]
    assert found == []
