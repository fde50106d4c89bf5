"""The scenario runner (sim.scenario_runner, sim.run_record, sim.aggregate): seeds, parties,
records read from the event log, aggregates that do not depend on how runs are split."""

from collections import Counter

import pytest

from doria_forge.sim.aggregate import RunStats
from doria_forge.sim.executors import local_executor, run_plans
from doria_forge.sim.scenario_runner import make_plan, party_for, play_run, run_seed


def test_run_seeds_are_pure_and_distinct():
    assert run_seed(1, "s", 4, 7) == run_seed(1, "s", 4, 7)
    seeds = {run_seed(1, "s", n, i) for n in (1, 4) for i in range(50)}
    assert len(seeds) == 100
    assert all(0 <= s < 2 ** 63 for s in seeds)


def test_parties_rotate_through_the_pool():
    pool = ["a", "b", "c", "d", "e"]
    assert party_for(pool, 3, 0) == ["a", "b", "c"]
    assert party_for(pool, 3, 4) == ["e", "a", "b"]
    seats = Counter(h for run in range(10) for h in party_for(pool, 2, run))
    assert set(seats.values()) == {4}  # over whole rotations every hero plays equally often


def test_bad_plans_are_value_errors(shipped_pack):
    with pytest.raises(ValueError, match="unknown scenario 'nope'"):
        make_plan(shipped_pack, "nope")
    with pytest.raises(ValueError, match="unknown policy"):
        make_plan(shipped_pack, "sunken_reliquary", policy="clever")
    with pytest.raises(ValueError, match="unknown hero 'paladin'"):
        make_plan(shipped_pack, "sunken_reliquary", heroes=["paladin"])
    plan = make_plan(shipped_pack, "sunken_reliquary")
    assert plan.players == tuple(range(1, 7))  # the scenario's whole range
    assert len(plan.pool) == len([c for c in shipped_pack.characters.values() if c.premade])


def test_a_party_never_holds_a_hero_twice(shipped_pack):
    # Book, *Preparing Characters*: every player selects a character (the box holds each card
    # once). A pool of two heroes for four players played parties of warrior, mage, warrior, mage.
    with pytest.raises(ValueError, match="'warrior' is named twice"):
        make_plan(shipped_pack, "sunken_reliquary", players=[2], heroes=["warrior", "warrior"])
    with pytest.raises(ValueError, match="2 heroes named for parties of up to 4 players"):
        make_plan(shipped_pack, "sunken_reliquary", players=[2, 4], heroes=["warrior", "mage"])
    with pytest.raises(ValueError, match="^1 hero named for parties of up to 2 players"):  # not "1 heroes"
        make_plan(shipped_pack, "sunken_reliquary", players=[2], heroes=["warrior"])
    with pytest.raises(ValueError, match="up to 6 players"):  # the scenario's whole range by default
        make_plan(shipped_pack, "sunken_reliquary", heroes=["warrior", "mage"])
    plan = make_plan(shipped_pack, "sunken_reliquary", players=[1, 2], heroes=["warrior", "mage"])
    for players in plan.players:
        for run in range(6):
            party = party_for(plan.pool, players, run)
            assert len(set(party)) == len(party) == players


def test_a_record_adds_up_its_event_log(shipped_pack):
    plan = make_plan(shipped_pack, "sunken_reliquary", players=[3], runs=1, seed=5)
    record, state = play_run(shipped_pack, plan, 3, 0)
    assert state is not None and record.outcome == state.outcome
    assert record.party == tuple(party_for(plan.pool, 3, 0))
    assert sum(record.damage.values()) == sum(e["amount"] for e in state.log.of_kind("hp_lost"))
    assert record.deaths == len(state.log.of_kind("death")) == sum(record.killers.values())
    assert record.unconscious == len(state.log.of_kind("unconscious"))
    assert record.doom_steps == state.doom.steps
    assert sum(record.loot.values()) == len(state.log.of_kind("loot"))
    placed = {e.actor: e["monster"] for e in state.log.of_kind("monster_placed")}
    for event in state.log.of_kind("hp_lost"):
        if event["source"] in placed:
            assert record.damage[f"monster:{placed[event['source']]}"] > 0
    # the same run again gives the same record: every number reproduces from the seed
    again, _ = play_run(shipped_pack, plan, 3, 0)
    assert again == record


def test_numbers_do_not_depend_on_jobs_or_on_merge_order(shipped_pack):
    plan = make_plan(shipped_pack, "sunken_reliquary", players=[1, 2], runs=5, seed=9)
    one = run_plans(shipped_pack, [plan], executor=local_executor(1))[0]
    two = run_plans(shipped_pack, [plan], executor=local_executor(2))[0]
    assert {n: s.to_data() for n, s in one.items()} == {n: s.to_data() for n, s in two.items()}
    # runs 0-4 of 2 players, merged in reverse, equal the whole
    parts = [plan.play_chunk(shipped_pack, 2, i, i + 1) for i in range(5)]
    merged = RunStats(2)
    for part in reversed(parts):
        merged.merge(part)
    assert merged.to_data() == one[2].to_data()
    data = one[2].to_data()
    assert data["runs"] == 5 and sum(data["outcomes"].values()) == 5
    assert data["rounds"]["p10"] <= data["rounds"]["median"] <= data["rounds"]["p90"]
    assert data["win_rate_ci"][0] <= data["win_rate"] <= data["win_rate_ci"][1]
    picks = data["replays"]
    assert {"best", "median", "worst"} == set(picks)
    assert picks["worst"]["quality"] <= picks["median"]["quality"] <= picks["best"]["quality"]


def test_player_counts_outside_the_range_are_named_as_counts(shipped_pack):
    """"scenario goblin_warren is for 1-2 players, not [4]": the counts were shown as a Python list."""
    from doria_forge.sim.campaign import make_campaign_plan

    with pytest.raises(ValueError, match=r"sunken_reliquary is for 1-6 players, not 7, 8$"):
        make_plan(shipped_pack, "sunken_reliquary", players=[7, 8])
    with pytest.raises(ValueError, match=r"are all for 1-6 players, not 7$"):
        make_campaign_plan(shipped_pack, "greywater_smugglers", players=[7])
