"""Printed content that was missing (issue 23): monster traits on monster cards, the campaign sheet
filled from the campaign, the ruler's caption clear of its numbers. (The errata sheet's change list
is tested with `export pdf --changed-since` in test_diff.py.)"""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from doria_forge.export.layouts import load_layout
from doria_forge.export.pdf.compose import PdfWriter, write_card_sheets
from doria_forge.export.pdf.export import DEFAULT_LAYOUT_FILE, build_decks
from doria_forge.export.pdf.faces import monster_spec
from doria_forge.export.pdf.layout import mm
from doria_forge.export.pdf.marks import RULER_MM, RulerPlace, draw_ruler
from doria_forge.export.pdf.sheets import campaign_sheet_faces, carry_over_lines
from doria_forge.i18n import language


def _words(path: Path) -> list[dict]:
    with pdfplumber.open(str(path)) as pdf:
        return [w for page in pdf.pages for w in page.extract_words(keep_blank_chars=False)]


def test_monster_cards_print_their_traits(shipped_pack, tmp_path):
    """The Vampire, Zombie and Ghoul are undead (Book of Rules: Undead monsters...); their cards say so."""
    undead = [m for m in shipped_pack.monsters.values() if "undead" in m.flags]
    assert undead
    for monster in undead:
        assert "Undead" in monster_spec(monster).kind_label
    with language("de"):
        assert "Untot" in monster_spec(undead[0]).kind_label
    deck = next(d for d in build_decks(shipped_pack) if d.name == "monster")
    cards = [c for c in deck.cards if c.ref == f"monster:{undead[0].id}"][:1]
    layout = load_layout(DEFAULT_LAYOUT_FILE).for_deck("monster")
    text = " ".join(w["text"] for w in _words(write_card_sheets(tmp_path / "m.pdf", cards, layout, "m")))
    assert "Undead" in text


def test_the_campaign_sheet_is_filled_from_the_campaign(shipped_pack):
    """Scenarios in order, what each gives and carries over (the campaign's keep_loot_cards and
    hero_bonus replacing the scenario's own), and the campaign's reward texts."""
    campaign = shipped_pack.campaigns["greywater_smugglers"]
    faces = campaign_sheet_faces(shipped_pack)
    filled = next(f for f in faces if f.campaign is not None)
    assert faces[-1].campaign is None  # a blank one to copy
    lines = carry_over_lines(shipped_pack, campaign)
    assert filled.carry_over == lines and len(lines) == len(campaign.scenarios)
    first = shipped_pack.scenarios[campaign.scenarios[0]]
    assert lines[0].startswith(f"1. {first.display_name}: {first.rewards.group_xp} Group XP")
    reward = next(r for r in campaign.rewards if r.after_scenario == 1)
    assert f"each hero keeps {reward.keep_loot_cards} Loot Cards" in lines[0] and "a hero bonus" in lines[0]
    assert lines[0].endswith(reward.text)


def test_a_second_reward_after_one_scenario_is_printed_as_the_campaign_plays_it(shipped_pack):
    """Two ``rewards`` entries after one scenario: the simulation keeps the cards of the first
    (``Campaign.reward_after``); the sheet printed those of the last."""
    campaign = shipped_pack.campaigns["greywater_smugglers"]
    first = campaign.reward_after(1)
    assert first is not None and first.keep_loot_cards == 2
    second = first.model_copy(update={"keep_loot_cards": 4, "text": "Four cards."})
    twice = campaign.model_copy(update={"rewards": [first, second, *campaign.rewards[1:]]})
    played = twice.loot_kept_after(1, shipped_pack.scenarios[twice.scenarios[0]].rewards)
    line = carry_over_lines(shipped_pack, twice)[0]
    assert played == 2 and f"each hero keeps {played} Loot Cards" in line and "Four cards." not in line


def test_the_sheet_and_the_simulation_take_what_a_scenario_gives_from_the_campaign(shipped_pack):
    """*Equipment and hero level in campaigns*: the Loot Cards kept and the hero bonus after a
    scenario are the campaign reward's where it gives them, else the scenario's own
    (``Campaign.loot_kept_after``, ``Campaign.hero_bonus_after``); the sheet printed its own copy
    of the simulation's choice. A campaign entry of 0 cards and no bonus wins over a scenario
    that gives 3 and a bonus; without the entry the scenario's own are printed."""
    import dataclasses

    from doria_forge.model.scenario import CampaignReward

    campaign = shipped_pack.campaigns["greywater_smugglers"]
    sid = campaign.scenarios[0]
    scenario = shipped_pack.scenarios[sid]
    generous = scenario.model_copy(update={"rewards": scenario.rewards.model_copy(
        update={"keep_loot_cards": 3, "hero_bonus": True})})
    documents = {**shipped_pack.documents, "scenario": {**shipped_pack.documents["scenario"], sid: generous}}
    pack = dataclasses.replace(shipped_pack, documents=documents)
    stingy = campaign.model_copy(update={"rewards": [CampaignReward(after_scenario=1, text="Nothing.",
                                                                    keep_loot_cards=0, hero_bonus=False)]})
    silent = campaign.model_copy(update={"rewards": []})
    assert (stingy.loot_kept_after(1, generous.rewards), stingy.hero_bonus_after(1, generous.rewards)) == (0, False)
    assert (silent.loot_kept_after(1, generous.rewards), silent.hero_bonus_after(1, generous.rewards)) == (3, True)
    assert (silent.loot_kept_after(1, None), silent.hero_bonus_after(1, None)) == (0, False)  # no such scenario
    line = carry_over_lines(pack, stingy)[0]
    assert "keeps" not in line and "hero bonus" not in line
    line = carry_over_lines(pack, silent)[0]
    assert "each hero keeps 3 Loot Cards" in line and "a hero bonus" in line


def test_one_monster_point_and_one_kept_card_are_singular_in_both_editions(shipped_pack):
    """The sheet printed "+1 Monster Points" and "each hero keeps 1 Loot Cards" (German "+1
    Monsterpunkte", "1 Schatzkarten"): one is singular, more plural."""
    campaign = shipped_pack.campaigns["greywater_smugglers"]
    first = shipped_pack.scenarios[campaign.scenarios[0]]
    assert first.rewards.monster_points == 1  # the shipped first scenario: one point
    one = campaign.model_copy(update={"rewards": [r.model_copy(update={"keep_loot_cards": 1})
                                                  if r.after_scenario == 1 else r for r in campaign.rewards]})
    line = carry_over_lines(shipped_pack, one)[0]
    assert "+1 Monster Point (won or not)" in line and "each hero keeps 1 Loot Card," in line
    assert "each hero keeps 2 Loot Cards" in carry_over_lines(shipped_pack, campaign)[0]
    with language("de"):
        line = carry_over_lines(shipped_pack, one)[0]
        assert "+1 Monsterpunkt (gewonnen oder nicht)" in line and "jeder Held behält 1 Schatzkarte," in line
        assert "jeder Held behält 2 Schatzkarten" in carry_over_lines(shipped_pack, campaign)[0]


def test_the_rulers_caption_does_not_cover_its_numbers(tmp_path):
    writer = PdfWriter("ruler", (mm(210), mm(40)))
    draw_ruler(writer.canvas, RulerPlace(20, 10, False, 7.0))
    words = _words(writer.save(tmp_path / "ruler.pdf"))
    digits = [w for w in words if w["text"].isdigit() and len(w["text"]) == 1]
    caption = [w for w in words if not (w["text"].isdigit() and len(w["text"]) == 1)]
    assert len(digits) == 10 and caption

    def overlap(a, b):
        return a["x0"] < b["x1"] and b["x0"] < a["x1"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]

    assert not [(d["text"], c["text"]) for d in digits for c in caption if overlap(d, c)]
    assert min(c["x0"] for c in caption) >= mm(20 + RULER_MM) - 0.5  # after the bar's end
    assert max(c["x1"] for c in caption) <= mm(210)
