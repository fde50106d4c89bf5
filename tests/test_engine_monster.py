"""MonsterState: level cards, modifications, Monster Level up (Book of Rules: Getting Hit and
Armor Rating, Hero and Monster Level > Monsters; NOTES.md: level above 4)."""

from __future__ import annotations

import copy

import pytest

from doria_forge.engine.events import EventLog
from doria_forge.engine.monster import MonsterState
from doria_forge.model import ContentPack, Monster, MonsterLevel, MonsterModification, Rules

LEVELS = {  # level: (attack, defense, psi, damage, hp, ar)
    1: ("2D+4", "2D+3", "2D+2", 2, 3, 0),
    2: ("3D+2", "2D+5", "2D+3", 3, 5, 1),
    3: ("3D+4", "3D+2", "2D+5", 4, 6, 1),
    4: ("4D+2", "3D+4", "3D+2", 5, 8, 2),
}


def orc_pack(rules: Rules | None = None) -> ContentPack:
    docs = [Monster(id="orc", name="Orc", attack_type="melee", range=1, action_points=8, vulnerability="fire",
                    priority="A", figures=4, deck_cards=10,
                    ability={"id": "orc_extra_activation_on_wound", "text": "more",
                             "behaviours": [{"behaviour": "extra_activation_on_wound"}]})]
    for lvl, (a, d, p, dmg, hp, ar) in LEVELS.items():
        docs.append(MonsterLevel(id=f"orc-{lvl}", monster="orc", level=lvl, attack=a, defense=d,
                                 psi_resistance=p, damage=dmg, hit_points=hp, armor_rating=ar))
    docs.append(MonsterModification(id="colossal", name="Colossal", text="big",
                                    modifiers={"hit_points": 2, "damage": 1, "attack": 1}))
    docs.append(MonsterModification(id="fire_creature", name="Fire Creature", text="fire",
                                    modifiers={"defense": 2, "armor_rating": 1, "action_points": 2},
                                    behaviours=[{"behaviour": "damage_element", "element": "fire"}]))
    if rules:
        docs.append(rules)
    return ContentPack.from_documents(docs)


def test_from_pack_reads_the_level_card():
    orc = MonsterState.from_pack(orc_pack(), "orc", 2, uid="orc-a")
    assert orc.uid == "orc-a" and orc.card.id == "orc-2"
    assert (str(orc.attack), str(orc.defense), str(orc.psi_resistance)) == ("3D+2", "2D+5", "2D+3")
    assert (orc.damage, orc.hp, orc.hp_max, orc.armor_rating) == (3, 5, 5, 1)
    assert (orc.action_points, orc.priority, orc.attack_type, orc.range) == (8, "A", "melee", 1)
    assert orc.damage_element is None and orc.vulnerability == "fire"


def test_modifications_change_the_numbers():
    """Monster Modifications: flat modifiers on dice bonus and points; Fire Creature deals fire."""
    orc = MonsterState.from_pack(orc_pack(), "orc", 1, modifications=["colossal", "fire_creature"])
    assert (str(orc.attack), str(orc.defense)) == ("2D+5", "2D+5")
    assert (orc.damage, orc.hp, orc.armor_rating, orc.action_points) == (3, 5, 1, 10)
    assert orc.damage_element == "fire"


def test_level_up_changes_current_hp_by_the_difference_only():
    """Hero and Monster Level > Monsters: HP and AR change only by the difference; other values at once."""
    pack = orc_pack()
    orc = MonsterState.from_pack(pack, "orc", 1)
    orc.take_damage(2)
    log = EventLog()
    orc.set_level(3, pack, log)
    assert orc.hp == 1 + 3 and orc.hp_max == 6 and orc.armor_rating == 1
    assert str(orc.attack) == "3D+4"
    assert log.of_kind("monster_level")[0]["hp_change"] == 3


def test_levels_above_four_keep_level_four_and_add_hp():
    """Hero and Monster Level: above level 4 the level-4 card stays, +1 HP per level."""
    pack = orc_pack()
    orc = MonsterState.from_pack(pack, "orc", 4)
    orc.set_level(6, pack)
    assert orc.card.level == 4 and orc.hp_max == 10 and orc.hp == 10
    fresh = MonsterState.from_pack(pack, "orc", 7)
    assert fresh.hp == 11 and str(fresh.attack) == "4D+2"
    big = MonsterState.from_pack(orc_pack(Rules(id="r", monster_level_above_max_hp=3)), "orc", 5)
    assert big.hp == 11


def test_take_damage_defeats_at_zero_and_errors():
    pack = orc_pack()
    orc = MonsterState.from_pack(pack, "orc", 2)
    assert orc.take_damage(4) == 4 and not orc.defeated
    orc.take_damage(1)
    assert orc.defeated and orc.take_damage(3) == 0
    with pytest.raises(KeyError):
        MonsterState.from_pack(pack, "troll", 1)
    with pytest.raises(ValueError):
        MonsterState.from_pack(pack, "orc", 0)


def test_vampire_style_heal_above_maximum():
    orc = MonsterState.from_pack(orc_pack(), "orc", 1)
    assert orc.heal(2) == 0
    assert orc.heal(2, cap=False) == 2 and orc.hp == 5


def _content_pack() -> ContentPack:
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "content"
    assert (root / "monsters").is_dir(), f"{root} has no monsters/"
    from ruamel.yaml import YAML

    from doria_forge.model import KINDS

    yaml = YAML(typ="safe")
    docs = [KINDS[raw["kind"]].model_validate(raw)
            for path in sorted(root.rglob("*.yaml")) for raw in yaml.load_all(path.read_text(encoding="utf-8")) if raw]
    return ContentPack.from_documents(docs)


def test_base_pack_monsters_load_and_every_ability_acts():
    """Every monster of content/ builds at levels 1-5, and every ability of a base monster
    (NOTES.md *Monster abilities*: all nineteen have one) changes something in play."""
    from doria_forge.engine import abilities

    pack = _content_pack()
    for mid, m in pack.monsters.items():
        assert m.ability is not None and m.ability.behaviours, mid
        assert abilities.rule_for_type(m) != abilities.AbilityProfile(id=m.ability.id), mid
        for level in range(1, 6):
            state = MonsterState.from_pack(pack, mid, level)
            assert state.hp == state.hp_max > 0


def test_monster_ability_element_beats_a_modification_element():
    """FAQ *There seem to be conflicting rules with some cards - which one is effective?*:
    "Monster abilities (noted on the Monster Level Cards) come next. After that, any monster
    modifications take effect." A Troll's earth blows (its ability) therefore stay earth under
    a Fire Creature card; a monster without an element of its own takes the modification's
    ``damage_element`` behaviour."""
    docs = [Monster(id="troll", name="Troll", attack_type="melee", range=1, action_points=6, vulnerability="air",
                    priority="B", figures=1, deck_cards=1,
                    ability={"id": "troll_all_in_range", "text": "all", "behaviours": [
                        {"behaviour": "hit_all_in_range"}, {"behaviour": "damage_element", "element": "earth"}]}),
            Monster(id="orc", name="Orc", attack_type="melee", range=1, action_points=8, vulnerability="fire",
                    priority="A", figures=1, deck_cards=1)]
    for mid in ("troll", "orc"):
        docs.append(MonsterLevel(id=f"{mid}-1", monster=mid, level=1, attack="2D", defense="2D",
                                 psi_resistance="2D", damage=2, hit_points=5, armor_rating=0))
    docs.append(MonsterModification(id="fire_creature", name="Fire Creature", text="fire",
                                    behaviours=[{"behaviour": "damage_element", "element": "fire"}]))
    docs.append(MonsterModification(id="drowned", name="Drowned", text="wet",
                                    behaviours=[{"behaviour": "damage_element", "element": "water"}]))
    pack = ContentPack.from_documents(docs)
    assert MonsterState.from_pack(pack, "troll", 1, modifications=["fire_creature"]).damage_element == "earth"
    assert MonsterState.from_pack(pack, "orc", 1, modifications=["drowned"]).damage_element == "water"
    assert MonsterState.from_pack(pack, "orc", 1, modifications=["fire_creature"]).damage_element == "fire"
    assert MonsterState.from_pack(pack, "orc", 1).damage_element is None


def test_a_modification_added_later_changes_the_remembered_numbers():
    # the sums of the modifiers are remembered per tuple of modifications: a card taken on later
    # (No monster figures available anymore: the first monster takes the new one's modifications)
    # gives a new tuple, so AP, AR, damage and max HP follow it at once, in a copied game too
    pack = orc_pack()
    orc = MonsterState.from_pack(pack, "orc", 1, ["colossal"])
    assert (orc.action_points, orc.armor_rating, orc.damage, orc.hp_max) == (8, 0, 3, 5)
    copied = copy.deepcopy(orc)
    orc.modifications = orc.modifications + (pack.modifications["fire_creature"],)
    assert (orc.action_points, orc.armor_rating, orc.damage, orc.hp_max) == (10, 1, 3, 5)
    assert (copied.action_points, copied.armor_rating) == (8, 0)
    orc.modifications = ()
    assert (orc.action_points, orc.armor_rating, orc.damage, orc.hp_max) == (8, 0, 2, 3)
