"""Campaigns played in order with what carries over (sim.campaign, engine.campaign; Book of
Rules *Campaigns*, *Equipment and hero level in campaigns*, *Monster level in campaigns*)."""

import json
import shutil
from pathlib import Path

import pytest
from scenario_sim_helpers import QUICK, QUICK_CAMPAIGN, add_documents, validated
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.engine.actions import IllegalAction, RaiseAttribute
from doria_forge.engine.campaign import hero_for_next_scenario, kept_loot, new_campaign_game, replacement_hero
from doria_forge.engine.decks import card_gold
from doria_forge.engine.state import SETUP, H
from doria_forge.sim.campaign import MAX_ATTEMPTS, make_campaign_plan, play_campaign
from doria_forge.sim.play import play_scenario
from doria_forge.sim.policies import make_policy

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


@pytest.fixture(scope="module")
def campaign_pack(tmp_path_factory):
    folder = tmp_path_factory.mktemp("campaign") / "content"
    shutil.copytree(ROOT / "content", folder)
    add_documents(folder, "scenarios/quick.yaml", QUICK)
    add_documents(folder, "campaigns/quick.yaml", QUICK_CAMPAIGN)
    return folder


@pytest.fixture(scope="module")
def pack(campaign_pack):
    return validated(campaign_pack).pack


def test_a_hero_keeps_attributes_bonuses_and_its_most_valuable_loot(pack):
    """*Equipment and hero level in campaigns*: keep the reward's number of Loot Cards; the
    inventory is refilled to the starting hand for the next scenario."""
    state = new_campaign_game(pack, ["warrior", "mage"], scenario="quick_a", seed=4, monster_level=1)
    play_scenario(state, make_policy("greedy", 4))
    warrior = state.hero("warrior")
    warrior.attributes["STR"] += 2
    warrior.hero_bonuses.add(pack.rules.hero_bonuses[0])
    loot = [state.item_cards[i.uid] for i in warrior.all_items() if i.uid in state.item_cards]
    assert loot, "the starting hand holds Loot Cards"
    kept = kept_loot(state, warrior, 1)
    assert len(kept) == 1 and card_gold(pack, kept[0]) == max(card_gold(pack, c) for c in loot)
    fresh, cards = hero_for_next_scenario(state, warrior, 1)
    assert cards == kept
    assert fresh.attributes["STR"] == pack.characters["warrior"].attributes["STR"] + 2
    assert fresh.hero_bonuses == warrior.hero_bonuses
    assert fresh.hp == fresh.hp_max and fresh.pp == fresh.pp_max
    held = [i.card.id for i in fresh.all_items()]
    assert held.count(kept[0].id) >= 1
    assert len(held) == len(pack.characters["warrior"].standard_items) + 1

    nxt = new_campaign_game(pack, [fresh, "mage"], scenario="quick_b", seed=5, monster_level=2,
                            kept={fresh.uid: cards})
    in_stacks = [c for stack in nxt.loot.stacks for c in stack] + [c for c in nxt.loot.shop if c]
    dealt = [c for c in nxt.item_cards.values()]
    assert in_stacks.count(kept[0]) + dealt.count(kept[0]) == 1  # the kept card is in play once
    assert nxt.mode == "campaign" and nxt.monster_level == 2
    assert len(nxt.hero("warrior").all_items()) >= pack.rules.starting_cards  # refilled


def test_a_won_campaign_runs_every_scenario_once(pack):
    plan = make_campaign_plan(pack, "quick_run", players=[2], runs=1, seed=3)
    record = play_campaign(pack, plan, 2, 0)
    assert record.completed and record.end is None
    assert [(a[1], a[2]) for a in record.attempts] == [("quick_a", "won"), ("quick_b", "won"), ("quick_a", "won")]
    # 8 starting Monster Points, never fewer; the hero level after scenario 2 (3 with the
    # two-player bonus) is above Monster Level 1: +1 (the book's recommendation)
    assert record.monster_points >= 9


def test_a_scenario_failed_twice_ends_the_campaign_there(pack):
    plan = make_campaign_plan(pack, "doomed_run", players=[1], runs=1, seed=3)
    record = play_campaign(pack, plan, 1, 0)
    assert not record.completed and record.end == (1, "doomed", "lost")
    assert [a[1] for a in record.attempts] == ["quick_a"] + ["doomed"] * MAX_ATTEMPTS


def test_simulate_campaign_reports_completion_and_where_campaigns_end(campaign_pack, tmp_path):
    out = tmp_path / "c.json"
    # 30 runs a count: enough to show the completion rate below 10% (29 failures in a row)
    result = runner.invoke(app, ["simulate", "campaign", "doomed_run", str(campaign_pack), "--runs", "30",
                                 "--players", "1-2", "--jobs", "1", "--no-progress", "--out", str(out),
                                 "--fail-on", "warning"])
    assert result.exit_code == 1, result.output
    assert "campaign-never-completed" in result.output and "campaigns/quick.yaml:" in result.output
    entry = json.loads(out.read_text())["campaigns"][0]
    for summary in entry["players"]:
        assert summary["completed"] == 0 and summary["completion_rate"] == 0.0
        assert summary["ends"] == [{"index": 1, "scenario": "doomed", "outcome": "lost", "count": 30}]
        assert summary["scenarios"][0]["wins"] == 30
    few = runner.invoke(app, ["simulate", "campaign", "doomed_run", str(campaign_pack), "--runs", "2", "--players",
                              "1", "--jobs", "1", "--no-progress", "--out", str(out), "--fail-on", "warning"])
    # 0 of 2 is no evidence that it never happens: an info that says so, no failing gate
    assert few.exit_code == 0, few.output
    assert "info [campaign-never-completed]" in few.output and "too few runs to call it never" in few.output
    # the file it names holds a campaign report: it said "scenario report: c.json"
    assert f"campaign report: {out}" in few.output and "scenario report" not in few.output
    bad = runner.invoke(app, ["simulate", "campaign", "nope", str(campaign_pack), "--no-progress"])
    assert bad.exit_code == 2 and "unknown campaign 'nope'" in bad.output


TARGETS_CAMPAIGN = """\
kind: campaign
id: quick_targets
name: Quick Targets
source: sample
scenarios: [quick_a, quick_b]
rewards:
  - {after_scenario: 1, text: "Keep one card.", keep_loot_cards: 1}
balance:
  completion_rate: {all: [0.0, 0.3]}        # quick scenarios are always won: this fails
  scenario_win_rate:
    quick_a: {all: [0.5, 1.0]}
  carry_over:
    loot_cards: [0, 10]
"""


def test_a_campaign_report_keeps_its_carry_over_maxima_for_a_later_baseline(campaign_pack, pack, tmp_path):
    """Each report says the most one scenario could pass on (``carry_over.NAME.most``): a later
    ``--baseline`` comparison judges the two reports' carry-over by betting within those bounds,
    and says so."""
    from doria_forge.sim.campaign import carry_maxima

    old, new = tmp_path / "old.json", tmp_path / "new.json"
    for out, extra in ((old, []), (new, ["--baseline", str(old)])):
        result = runner.invoke(app, ["simulate", "campaign", "doomed_run", str(campaign_pack), "--runs", "3",
                                     "--players", "2", "--jobs", "1", "--no-progress", "--out", str(out),
                                     "--fail-on", "never", *extra])
        assert result.exit_code == 0, result.output
    report = json.loads(new.read_text())
    carried = report["campaigns"][0]["players"][0]["carry_over"]
    maxima = carry_maxima(pack, "doomed_run", 2)
    assert {name: carried[name]["most"] for name in maxima} == maxima and maxima["group_xp"] == 5.0
    assert report["baseline"]["methods"]["betting-over-runs"] == 3


def test_campaign_balance_targets_are_judged_and_reported_per_scenario(tmp_path):
    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content", folder)
    add_documents(folder, "scenarios/quick.yaml", QUICK)
    add_documents(folder, "campaigns/targets.yaml", TARGETS_CAMPAIGN)
    out, html = tmp_path / "c.json", tmp_path / "c.html"
    result = runner.invoke(app, ["simulate", "campaign", "quick_targets", str(folder), "--runs", "8", "--players", "2",
                                 "--jobs", "1", "--no-progress", "--out", str(out), "--report", str(html),
                                 "--fail-on", "warning"])
    assert result.exit_code == 1, result.output
    report = json.loads(out.read_text())
    verdicts = {v["metric"]: v for v in report["verdicts"]["targets"]}
    assert verdicts["completion_rate"]["verdict"] == "fails"  # 8 of 8 completed: 63%-100% lies above 0-30%
    assert verdicts["scenario_win_rate:quick_a"]["verdict"] == "holds"
    carried = verdicts["carry_over:loot_cards"]
    assert carried["verdict"] == "holds" and carried["estimate"] == 2.0  # one card each, two heroes
    failing = next(f for f in report["findings"] if f["rule_id"] == "campaign-balance-completion")
    lines = (folder / "campaigns" / "targets.yaml").read_text().splitlines()
    assert "completion_rate" in lines[failing["line"] - 1]
    page = html.read_text(encoding="utf-8")
    assert "Per scenario" in page and "1. quick_a" in page and "2. quick_b" in page
    assert "Balance targets (2 hold, 1 fail, 0 undecided)" in page


def test_a_player_count_far_off_the_others_is_a_campaign_finding(pack):
    from doria_forge.sim.findings import campaign_findings, no_location

    campaign = pack.campaigns["quick_run"]
    summaries = [{"players": n, "runs": 40, "completed": c, "ends": [], "scenarios": []}
                 for n, c in ((1, 30), (2, 31), (4, 2))]
    found = campaign_findings(campaign, summaries, no_location, {"runs": 40, "seed": 5, "policy": "greedy"})
    (outlier,) = [f for f in found if f.rule_id == "campaign-player-count-outlier"]
    assert outlier.players == (4,) and "far harder" in outlier.message and "completed 5% of 40 runs" in outlier.message
    assert "doria-forge simulate campaign quick_run --players 4 --runs 40 --seed 5" in outlier.message


def test_a_player_count_with_its_own_completion_band_is_judged_by_it_not_called_an_outlier(pack):
    # As a scenario's win-rate band per count: the designer expects that count to differ (the book
    # calls the pure solo game very risky), so its verdict judges it and no outlier warning repeats it.
    from doria_forge.model.scenario import CampaignBalance
    from doria_forge.sim.findings import campaign_findings, no_location

    summaries = [{"players": n, "runs": 40, "completed": c, "ends": [], "scenarios": []}
                 for n, c in ((1, 2), (2, 31), (4, 30))]
    campaign = pack.campaigns["quick_run"]
    banded = campaign.model_copy(update={"balance": CampaignBalance.model_validate(
        {"completion_rate": {"1": [0.0, 0.3], "all": [0.5, 0.9]}})})
    outliers = [f.players for f in campaign_findings(campaign, summaries, no_location) if
                f.rule_id == "campaign-player-count-outlier"]
    assert outliers == [(1,)]
    assert not [f for f in campaign_findings(banded, summaries, no_location)
                if f.rule_id == "campaign-player-count-outlier"]


DEADLY = """\
kind: scenario
id: deadly
name: Deadly
source: sample
players: [1, 6]
story: "The cellar floods with fire at the end of the first round."
goal: "Hold out for three rounds (nobody can)."
goals:
  win:
    - {goal: survive, rounds: 3}
rules:
  - text: "Fire fills the cellar."
    when: {on: round_end, round: 1}
    do:
      - {do: damage, amount: 30, who: all, ignores_armor: true}
      - {do: damage, amount: 30, who: all, ignores_armor: true}
max_rounds: 5
---
kind: campaign
id: deadly_run
name: Deadly Run
source: sample
scenarios: [quick_a, deadly, quick_b]
rewards:
  - {after_scenario: 2, text: "Keep one card and a hero bonus.", keep_loot_cards: 1, hero_bonus: true}
monster_points_per_level: 20  # the 5 points leave the Monster Level alone: the same games follow
"""


def test_after_a_death_on_the_last_attempt_the_party_goes_on_with_5_monster_points(tmp_path):
    """*Death of a character in campaigns* (book lines 1903-1909): a death ends the scenario at
    once; the players replay it ("the Monster Points will remain the same") or, "if the scenario
    was nearly completed, players can simply continue to the next scenario - however, 5 Monster
    Points will be added to the total before the next scenario starts". A death never ends the
    campaign: the simulation replays first and on the last attempt goes on with +5 (the
    campaign did end there before)."""
    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content", folder)
    add_documents(folder, "scenarios/quick.yaml", QUICK)
    add_documents(folder, "scenarios/deadly.yaml", DEADLY)
    pack = validated(folder).pack
    plan = make_campaign_plan(pack, "deadly_run", players=[2], runs=1, seed=3)
    record = play_campaign(pack, plan, 2, 0)
    assert [(a[1], a[2]) for a in record.attempts] == (
        [("quick_a", "won")] + [("deadly", "hero_died")] * MAX_ATTEMPTS + [("quick_b", "won")])
    assert record.completed and record.end is None and record.continued == [1]
    # one hero in every attempt: the first death ends the scenario "immediately" (book line
    # 1707), so the fire's damage stops before it reaches the second hero
    assert record.deaths == MAX_ATTEMPTS
    # the same games without the 5 points: exactly 5 Monster Points fewer at the end
    rules = folder / "rules.yaml"
    rules.write_text(rules.read_text().replace("campaign_continue_monster_points: 5", "campaign_continue_monster_points: 0"))
    free = validated(folder).pack
    assert free.rules.campaign_continue_monster_points == 0
    same = play_campaign(free, plan, 2, 0)
    assert same.attempts == record.attempts and record.monster_level == same.monster_level
    assert record.monster_points == same.monster_points + 5


def test_a_dead_hero_loses_its_equipment_except_its_campaign_items(pack):
    """*Death of a character in campaigns* (book line 1905): "the equipment of the character that
    died is lost (except special Campaign items)"; the new character "receives the same amount
    of XP and hero bonuses as the other characters". The Warrior carries a campaign item and
    dies: the Warrior who replaces him has his standard items and that campaign item, no Loot
    Card of the dead one."""
    from doria_forge.engine.hero import HeroState
    from doria_forge.model import Equipment
    from doria_forge.sim.campaign import _carry_over

    seal = Equipment(id="harbour_seal", name="Harbour Seal", card_type="item", deck="campaign", zone="accessory", ap=0)
    warrior = pack.characters["warrior"]
    items = [pack.equipment[i] for i in pack.rules.starting_standard_items(warrior.standard_items)] + [seal]
    hero = HeroState.from_character(warrior, items, pack.rules, uid="warrior")
    state = new_campaign_game(pack, [hero, "mage"], scenario="quick_a", seed=4, monster_level=1)
    dead = state.hero("warrior")
    assert any(i.uid in state.item_cards for i in dead.all_items()), "the dead Warrior carries Loot Cards"
    dead.dead = True
    heroes, kept, _, _ = _carry_over(pack, state, keep=2)
    fresh = heroes[0]
    assert isinstance(fresh, HeroState) and fresh.uid == "warrior" and "warrior" not in kept
    held = sorted(i.card.id for i in fresh.all_items())
    assert held == sorted([*pack.rules.starting_standard_items(warrior.standard_items), "harbour_seal"])


def test_group_xp_left_at_the_end_starts_the_next_scenario_on_the_track(pack):
    """*XP in Campaigns* (book lines 1832-1834): Group XP "remaining on the Group XP track at the
    end of a scenario that cannot yet be converted ... have to be placed directly onto the Group
    XP track at the beginning of the following scenario". Two heroes in a campaign need 3 x 2 = 6
    Group XP a point: the 5 left over stand on the track when the next scenario begins."""
    state = new_campaign_game(pack, ["warrior", "mage"], scenario="quick_b", seed=5, monster_level=1, group_xp=5)
    assert state.round == 1 and state.group_xp == 5
    assert all(h.attribute_points == 0 for h in state.heroes)


def test_group_xp_that_can_be_converted_at_the_end_become_attribute_points_not_carried_xp(pack):
    """*XP in Campaigns* (book lines 1832-1834): only XP "that cannot yet be converted" are noted
    on the Campaign Overview; *Character Improvement* example 2 (book line 1725): "In a
    Campaign, 4 players have to accumulate 12 Group XPs before they can be redeemed. As soon as
    12 Group XP are reached, each character can increase one attribute." 10 XP on the track
    and a reward of 3 at the end: each living character gets 1 Attribute Point and 1 XP is
    carried (the engine carried all 13). *Campaigns* (book line 1827): 3 characters gain a point
    "whenever 9 Group XP have been collected": 8 cannot yet be converted and are all carried."""
    from doria_forge.engine.campaign import group_xp_carried

    four = new_campaign_game(pack, ["warrior", "mage", "huntress", "priestess"], scenario="quick_a", seed=4,
                             monster_level=1)
    four.group_xp = 10
    four.hero("mage").dead = True
    assert group_xp_carried(four, 3) == 1 and four.group_xp == 1
    assert {h.uid: h.attribute_points for h in four.heroes} == {"warrior": 1, "mage": 0, "huntress": 1,
                                                                 "priestess": 1}
    three = new_campaign_game(pack, ["warrior", "mage", "huntress"], scenario="quick_a", seed=4, monster_level=1,
                              group_xp=8)
    assert group_xp_carried(three) == 8 and all(h.attribute_points == 0 for h in three.heroes)


def test_a_campaign_carries_fewer_group_xp_than_one_conversion_costs(tmp_path):
    """The Group XP a scenario passes on are what "cannot yet be converted" (book lines
    1832-1834): with 2 players fewer than 3 x 2 = 6, whatever a won scenario's reward gives.
    Quick A rewards 13 Group XP: the party carried 13 or more; now 2 Attribute Points each are
    redeemed and at most 5 XP carried."""
    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content", folder)
    add_documents(folder, "scenarios/quick.yaml", QUICK.replace("group_xp: 2", "group_xp: 13"))
    add_documents(folder, "campaigns/quick.yaml", QUICK_CAMPAIGN)
    pack = validated(folder).pack
    assert pack.scenarios["quick_a"].rewards.group_xp == 13
    record = play_campaign(pack, make_campaign_plan(pack, "quick_run", players=[2], runs=1, seed=3), 2, 0)
    assert record.carried and all(xp < 6 for xp, _, _ in record.carried)


def test_a_campaign_given_to_simulate_scenario_is_pointed_to_simulate_campaign(campaign_pack, tmp_path):
    """`simulate scenario CAMPAIGN` said only "unknown scenario" and listed the scenarios; a
    designer who mixed the two commands up is told which one plays the id (and back)."""
    for command, doc_id, right in (("scenario", "doomed_run", "simulate campaign doomed_run"),
                                   ("campaign", "quick_a", "simulate scenario quick_a")):
        result = runner.invoke(app, ["simulate", command, doc_id, str(campaign_pack), "--runs", "1", "--no-progress",
                                     "--out", str(tmp_path / "x.json")])
        assert result.exit_code == 2, result.output
        assert f"unknown {command} {doc_id!r}" in result.output and right in result.output
        assert "Traceback" not in result.output and not (tmp_path / "x.json").exists()


def test_the_terminal_shows_each_scenarios_numbers_within_the_campaign(tmp_path):
    """README: `simulate campaign` gives "each scenario's numbers within it"; the terminal showed
    the campaign's completion alone, while its findings judged a scenario's win rate within it."""
    result = runner.invoke(app, ["simulate", "campaign", "greywater_smugglers", "content", "--players", "1",
                                 "--runs", "3", "--jobs", "1", "--no-progress", "--out", str(tmp_path / "c.json")],
                           env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    entry = json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))["campaigns"][0]
    for step in entry["players"][0]["scenarios"]:
        row = f"1   {step['index'] + 1}. {step['scenario']}"
        line = next(line for line in result.output.splitlines() if row in line)
        assert line.split()[3:5] == [str(step["attempts"]), str(step["wins"])], line


AMULET_RUN = """\
kind: scenario
id: amulet_a
name: Amulet A
source: sample
players: [1, 6]
story: "Hold the stairs for one round; the lock-keeper's amulet lies on his chair."
goal: "Survive one round."
goals:
  win:
    - {goal: survive, rounds: 1}
rewards:
  items: [warding_amulet]
max_rounds: 5
---
kind: campaign
id: amulet_run
name: Amulet Run
source: sample
scenarios: [amulet_a, quick_b, quick_b]
"""


def test_a_won_scenarios_reward_item_goes_to_a_hero_who_can_use_it_for_the_rest_of_the_campaign(
        tmp_path, monkeypatch):
    """*Campaign Sheet Anatomy*: the sheet notes the "equipment received" after a scenario (the
    book's example: "2. Dark Mage - Frostfire Spell"); *Death of a character in campaigns*:
    "special Campaign items" outlast even a death. A scenario's ``rewards.items`` were printed
    but never given: the Warding Amulet (PSI 6) goes to the Mage (the Warrior's PSI is 1), is
    carried into both later scenarios though no Loot Card is kept, and leaves the Loot stacks
    (the deck prints it once: it is never in play twice)."""
    import doria_forge.sim.campaign as sim_campaign

    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content", folder)
    add_documents(folder, "scenarios/quick.yaml", QUICK)
    add_documents(folder, "scenarios/amulet.yaml", AMULET_RUN)
    pack = validated(folder).pack
    games = []

    def spy(*args, **kwargs):
        state = new_campaign_game(*args, **kwargs)
        games.append(state)
        return state

    monkeypatch.setattr(sim_campaign, "new_campaign_game", spy)
    plan = make_campaign_plan(pack, "amulet_run", players=[2], runs=1, seed=3, heroes=["warrior", "mage"])
    record = play_campaign(pack, plan, 2, 0)
    assert [(a[1], a[2]) for a in record.attempts] == [("amulet_a", "won"), ("quick_b", "won"), ("quick_b", "won")]
    first, *later = games
    assert not any(i.card.id == "warding_amulet" and i.uid not in first.item_cards
                   for h in first.heroes for i in h.all_items())
    for state in later:
        held = {h.character.id: [i for i in h.all_items() if i.card.id == "warding_amulet"] for h in state.heroes}
        assert len(held["mage"]) == 1 and held["mage"][0].uid not in state.item_cards and not held["warrior"]
        in_play = [c for stack in state.loot.stacks for c in stack] + [c for c in state.loot.shop if c]
        in_play += list(state.item_cards.values())
        assert not any(c.id == "warding_amulet" for c in in_play)


def test_with_the_gold_rule_a_hero_keeps_items_worth_3_gold_per_card(pack):
    """*Equipment and hero level in campaigns*, OPTIONAL RULE: "Instead of taking 1/2/3/4 cards
    into the next Campaign scenario, the players can take items worth 3 gold per card. This
    allows to take along 3 items each worth 1 gold or 1 item worth 3 gold or 1 item worth 2
    gold/1 item worth 1 gold." The rule was recognised but the heroes kept whole cards. A hero
    with cards of 3, 2, 1 and 1 gold and one card kept takes the 2 and a 1 (3 gold, the most
    cards); with the rule off the 3."""
    from doria_forge.engine.decks import EQUIPMENT, Card
    from doria_forge.engine.hero import ItemInstance
    from doria_forge.model.optional_rules import CAMPAIGN_KEEP_BY_GOLD

    state = new_campaign_game(pack, ["warrior"], scenario="quick_a", seed=4, monster_level=1)
    hero = state.hero("warrior")
    by_gold = {g: sorted(e.id for e in pack.equipment.values() if e.deck == "loot" and e.gold == g) for g in (1, 2, 3)}
    for uid in [i.uid for i in hero.all_items() if i.uid in state.item_cards]:
        hero.discard(next(i for i in hero.all_items() if i.uid == uid))
        del state.item_cards[uid]
    for card_id in [by_gold[3][0], by_gold[2][0], by_gold[1][0], by_gold[1][1]]:
        card = Card(EQUIPMENT, card_id, 1)
        item = ItemInstance(pack.equipment[card_id], f"warrior/{card.uid}")
        hero.backpack.append(item)
        state.item_cards[item.uid] = card
    assert [card_gold(pack, c) for c in kept_loot(state, hero, 1)] == [3]
    state.optional_rules = state.optional_rules | {CAMPAIGN_KEEP_BY_GOLD}
    assert [card_gold(pack, c) for c in kept_loot(state, hero, 1)] == [2, 1]
    assert sorted(card_gold(pack, c) for c in kept_loot(state, hero, 2)) == [1, 2, 3]  # 6 gold: 3 + 2 + 1
    fresh, cards = hero_for_next_scenario(state, hero, 1)
    assert sorted(i.card.id for i in fresh.all_items() if i.card.deck == "loot") == sorted(c.id for c in cards)


COSTLY = """\
kind: scenario
id: costly
name: Costly
source: sample
players: [1, 6]
story: "The roof comes down at the end of the first round, and the smugglers hear of it."
goal: "Hold out for three rounds (nobody can)."
goals:
  win:
    - {goal: survive, rounds: 3}
rules:
  - text: "The roof comes down."
    when: {on: round_end, round: 1}
    do:
      - {do: lose}
rewards:
  monster_points: 3
max_rounds: 5
---
kind: campaign
id: costly_run
name: Costly Run
source: sample
scenarios: [quick_a, costly, quick_b]
monster_points_per_level: 100  # the points leave the Monster Level alone: the same games follow
"""


def test_a_scenarios_own_monster_points_count_won_or_not(tmp_path):
    """*Monster level in campaigns*: "Campaigns can also define conditions for Monster Points
    within scenarios, these will then be added on top", and the points a scenario collects stay
    when it fails ("keeps all XP ... but also all Monster Points" on an escape; "the Monster
    Points will remain the same" on a replay). The field says so: "Monster Points the scenario
    adds in a campaign, won or not"; the simulation added them only for a win. A scenario lost
    twice with 3 Monster Points of its own now adds 3 for each play; the sheet prints it."""
    from doria_forge.export.pdf.sheets import carry_over_lines

    folder = tmp_path / "content"
    shutil.copytree(ROOT / "content", folder)
    add_documents(folder, "scenarios/quick.yaml", QUICK)
    add_documents(folder, "scenarios/costly.yaml", COSTLY)
    pack = validated(folder).pack
    plan = make_campaign_plan(pack, "costly_run", players=[2], runs=1, seed=3)
    record = play_campaign(pack, plan, 2, 0)
    assert [(a[1], a[2]) for a in record.attempts] == [("quick_a", "won")] + [("costly", "lost")] * MAX_ATTEMPTS
    costly = folder / "scenarios" / "costly.yaml"
    costly.write_text(costly.read_text().replace("monster_points: 3", "monster_points: 0"))
    free = validated(folder).pack
    same = play_campaign(free, plan, 2, 0)
    assert same.attempts == record.attempts
    assert record.monster_points == same.monster_points + 3 * MAX_ATTEMPTS
    assert "+3 Monster Points (won or not)" in carry_over_lines(pack, pack.campaigns["costly_run"])[1]


def test_between_scenarios_the_party_chooses_from_what_players_see(pack):
    """The choices the book leaves to the players between campaign scenarios (which Loot Cards
    to keep, with or without the 3-gold rule; who takes a reward item) read only the heroes'
    own cards and sheets: shuffling what nobody has seen (the undrawn cards, the dice, the
    setup's seed: ``test_information.shuffle_hidden``) never changes them."""
    from test_information import shuffle_hidden

    from doria_forge.engine.campaign import reward_recipient
    from doria_forge.model.optional_rules import CAMPAIGN_KEEP_BY_GOLD

    amulet = pack.equipment["warding_amulet"]
    for seed in range(4):
        state = new_campaign_game(pack, ["warrior", "mage"], scenario="quick_a", seed=seed, monster_level=1)
        play_scenario(state, make_policy("greedy", seed))
        for rules in (frozenset(), frozenset({CAMPAIGN_KEEP_BY_GOLD})):
            state.optional_rules = rules
            other = shuffle_hidden(state, seed)
            for hero in state.heroes:
                for keep in (1, 2):
                    assert kept_loot(state, hero, keep) == kept_loot(other, other.hero(hero.uid), keep)
            assert reward_recipient(state.heroes, amulet) == reward_recipient(other.heroes, amulet) == 1


def _carried_with_points(pack, points):
    """The warrior after a played campaign scenario, going on with ``points`` saved Attribute Points."""
    state = new_campaign_game(pack, ["warrior", "mage"], scenario="quick_a", seed=4, monster_level=1)
    play_scenario(state, make_policy("greedy", 4))
    warrior = state.hero("warrior")
    warrior.attribute_points = points
    fresh, _ = hero_for_next_scenario(state, warrior, 0)
    return fresh


def test_saved_attribute_points_wait_for_the_first_phase_h_of_the_next_scenario(pack):
    """*Level Up*: Attribute Points "can be saved as long as desired, but can only be spent in
    Phase H": a hero carrying 2 into the next campaign scenario cannot spend them while the party
    chooses its hero bonuses before the first round, and spends them in round 1's Phase H."""
    fresh = _carried_with_points(pack, 2)
    strength = dict(fresh.attributes)
    state = new_campaign_game(pack, [fresh, "mage"], scenario="quick_b", seed=5, monster_level=1,
                              hero_bonuses={fresh.uid: 1})
    assert state.phase == SETUP and state.current_actor() == fresh.uid  # choosing the bonus
    assert not any(isinstance(a, RaiseAttribute) for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="Phase H"):
        state.apply(RaiseAttribute("STR"))
    bot = make_policy("greedy", 5)
    while not (state.phase == H and state.current_actor() == fresh.uid) and not state.is_over():
        assert state.hero(fresh.uid).attribute_points == 2
        state.apply(bot(state))
    assert state.phase == H and state.round == 1
    assert RaiseAttribute("STR") in state.legal_actions()
    state.apply(RaiseAttribute("STR"))
    assert state.hero(fresh.uid).attributes["STR"] == strength["STR"] + 1


def test_a_character_created_after_a_death_distributes_its_points_before_the_scenario(pack):
    """*Death of a character in campaigns*: the new character "receives the same amount of XP ...
    and is allowed to distribute them freely before the next scenario"."""
    fresh = replacement_hero(pack, pack.characters["warrior"], "warrior", 2)
    state = new_campaign_game(pack, [fresh, "mage"], scenario="quick_b", seed=5, monster_level=1,
                              new_characters=[fresh.uid])
    assert state.phase == SETUP and state.current_actor() == fresh.uid
    assert RaiseAttribute("CON") in state.legal_actions()
    state.apply(RaiseAttribute("CON"))
    assert state.hero(fresh.uid).attribute_points == 1
