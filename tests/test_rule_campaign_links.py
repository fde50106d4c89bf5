"""campaign-links: a campaign's rewards and scenarios fit together (chapter *Campaigns*)."""

from scenario_helpers import TILES, scenario
from validate_helpers import lines, validate_files

from doria_forge.validate.rules import campaign_links

CAMPAIGN = """\
kind: campaign
id: vaults
name: The Vaults
scenarios:
  - vault
  - vault-2
rewards:
  - {after_scenario: 1, text: "Keep one Loot Card."}
  - {after_scenario: 2, text: "The campaign is won."}
"""


def problems(tmp_path, campaign: str, mode: str = "campaign") -> list[str]:
    files = {"tiles.yaml": TILES, "c.yaml": campaign,
             "s1.yaml": scenario(("story:", f"mode: {mode}\nstory:")),
             "s2.yaml": scenario(("id: vault", "id: vault-2"), ("story:", "mode: campaign\nstory:"))}
    return lines(validate_files(tmp_path, files).problems, campaign_links.ID)


def test_linked_campaign_scenarios_and_rewards_pass(tmp_path):
    assert problems(tmp_path, CAMPAIGN) == []


def test_reward_after_the_last_scenario_a_repeat_and_a_single_scenario(tmp_path):
    text = CAMPAIGN.replace("  - vault-2\n", "  - vault-2\n  - vault\n").replace("after_scenario: 2", "after_scenario: 4")
    assert problems(tmp_path, text, mode="single") == [
        "c.yaml:5:5 warning [campaign-links] scenario vault is a single scenario (mode: single); a campaign plays "
        "scenarios written for it (mode: campaign)",
        "c.yaml:7:5 warning [campaign-links] scenario vault is already scenario 1 of this campaign",
        "c.yaml:10:22 error [campaign-links] reward after scenario 4 is never given: the campaign has 3 scenarios",
    ]



def test_campaign_targets_name_its_scenarios_and_player_counts(tmp_path):
    """A target for a scenario the campaign does not play, or for a player count it is not
    played with, is never judged."""
    text = CAMPAIGN + ("balance:\n  completion_rate: {\"5\": [0.1, 0.5], all: [0.2, 0.9]}\n"
                       "  scenario_win_rate:\n    vault: {all: [0.3, 0.9]}\n    vault-3: {all: [0.3, 0.9]}\n")
    files = {"tiles.yaml": TILES, "c.yaml": text,
             "s1.yaml": scenario(("story:", "mode: campaign\nplayers: [1, 4]\nstory:")),
             "s2.yaml": scenario(("id: vault", "id: vault-2"), ("story:", "mode: campaign\nstory:")),
             "s3.yaml": scenario(("id: vault", "id: vault-3"), ("story:", "mode: campaign\nstory:"))}
    assert lines(validate_files(tmp_path, files).problems, campaign_links.ID) == [
        "c.yaml:11:21 error [campaign-links] no campaign with 5 players is simulated: its scenarios are all for "
        "1-4 players",
        "c.yaml:14:5 error [campaign-links] scenario vault-3 is not played in this campaign: its target is never "
        "judged (did you mean 'vault-2'?)",
    ]


def test_a_campaign_without_scenarios_is_an_error_not_a_campaign_always_completed(tmp_path):
    """`scenarios: []` validated clean, and `simulate campaign` reported it completed in 100% of runs."""
    text = "kind: campaign\nid: empty\nname: Empty\nstory: S\nscenarios: []\n"
    assert lines(validate_files(tmp_path, {"c.yaml": text}).problems, "schema") == [
        "c.yaml:5:12 error [schema] scenarios: List should have at least 1 item, not 0"]
