"""Area effects of heroes' weapons and spells (``AttackProfile.area``, ``affects_friends``).

FAQ *On items that say they "affect friends" - what does this mean?*: "The item has an area
effect and can both hit monsters and other characters. This means that any character being hit
by this area effect also has to roll defense against the attack and will receive the same type
of damage if not defended." Chapter *Psi Spells*: "The caster is always exempt from the effects
of their own spell." The cards come from the fixture pack tests/fixtures/area_effects (no
shipped card has an area)."""

from __future__ import annotations

from pathlib import Path

import pytest
from map_helpers import HALL, map_game, pack_with, with_docs

from doria_forge.engine.actions import Attack
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.hero import IllegalAction
from doria_forge.engine.hero_sheet import ItemInstance
from doria_forge.validate import validate_pack

FIXTURE = Path(__file__).parent / "fixtures" / "area_effects"
AREA = validate_pack(FIXTURE).pack
CARDS = {cid: AREA.equipment[cid] for cid in ("fireball", "sparing_flame", "chain_lightning")}


def _fight(card_id: str, *, warrior_at=(2, 3), goblin_at=(1, 2), seed=1):
    """The Mage (0, 2) holding ``card_id``; an Orc at (2, 2), a second Orc next to it at ``goblin_at``,
    the Warrior at ``warrior_at`` (next to the first Orc by default): a fireball on the first Orc
    covers the other Orc and the Warrior."""
    pack = with_docs(pack_with(HALL), *CARDS.values())
    state = map_game(pack, ["mage", "warrior"], tiles=[("HALL", (0, 0), 0)],
                     at={"mage": (0, 2), "warrior": warrior_at},
                     monsters=[("orc", (2, 2)), ("orc", goblin_at)], ap=40, seed=seed)
    mage = state.hero("mage")
    mage.pp = 20
    item = ItemInstance(state.pack.equipment[card_id], f"mage/equipment:{card_id}:1")
    mage.belt.append(item)
    first, second = sorted(state.monsters, key=lambda m: state.board.position(m.uid) != (2, 2))
    return state, item, first, second


def _events(state, kind):
    return [e for e in state.log if e.kind == kind]


def test_a_fireball_rolls_once_and_two_monsters_and_the_friend_next_to_the_target_each_defend():
    """FAQ: one roll of the Fireball (spread) on the Orc hits the Orc next to it and the Warrior
    standing beside the target; each monster rolls its own psi resistance, the Warrior his own
    (magic: psi resistance), and the Warrior, not defended, loses the card's damage (+ critical
    steps) to the Mage. The Mage is not hit."""
    state, item, first, second = _fight("fireball")
    warrior = state.hero("warrior")
    for armor in [i for i in warrior.equipped() if i.is_armor]:  # nothing blocks: the wound is the damage
        warrior.discard(armor)
    hp_before, mage_hp = warrior.hp, state.hero("mage").hp
    # attack 3D+2: 10 (rolled again: 9) + 9 + 9 = 39; each defense rolls 2 faces of 1: no critical misses
    state.dice = ScriptedDice([10, 9, 9, 9] + [1, 1] * 3)
    state.apply(Attack(item.uid, 0, first.uid, True))

    (area,) = _events(state, "area_attack")
    assert area.actor == "mage" and area["attack"] == 39
    assert set(area["figures"]) == {first.uid, second.uid, "warrior"}
    assert "mage" not in area["figures"]
    defended = {e.actor for e in _events(state, "monster_defense")}
    assert defended == {first.uid, second.uid}  # each monster its own roll
    (friend,) = _events(state, "defense")
    assert friend.actor == "warrior" and friend["attacker"] == "mage" and friend["hit"]
    assert friend["defense_with"] in ("psi_resistance",) or friend["defense_with"].startswith("warrior/")
    lost = [e for e in _events(state, "hp_lost") if e.actor == "warrior"]
    assert lost and lost[0]["source"] == "mage"
    # the card's 3 damage + 1 per critical step of his own roll, no armor in the way
    assert friend["critical_steps"] >= 1
    assert hp_before - warrior.hp == 3 + friend["critical_steps"]
    assert all(e["hit"] for e in _events(state, "monster_defense"))
    assert state.hero("mage").hp == mage_hp


def test_an_area_that_does_not_affect_friends_leaves_the_friend_in_it_untouched():
    """``affects_friends: false``: the same burst hits both Orcs, and the Warrior next to the target
    rolls nothing and loses nothing."""
    state, item, first, second = _fight("sparing_flame")
    warrior = state.hero("warrior")
    hp_before = warrior.hp
    state.dice = ScriptedDice([10, 9, 9, 9] + [1, 1] * 2)
    state.apply(Attack(item.uid, 0, first.uid, True))
    (area,) = _events(state, "area_attack")
    assert set(area["figures"]) == {first.uid, second.uid}
    assert not _events(state, "defense")
    assert warrior.hp == hp_before
    assert {e.actor for e in _events(state, "monster_defense")} == {first.uid, second.uid}


def test_a_monster_out_of_the_area_is_not_hit_and_each_monster_defends_with_its_own_roll():
    """One roll against different defenses: the target fails its defense, the other Orc (out of
    the burst, two squares away) is not in the area at all; a spread hits only the squares next to
    the target."""
    state, item, first, second = _fight("sparing_flame", goblin_at=(4, 2))
    state.dice = ScriptedDice([5, 5, 5] + [1, 1])
    state.apply(Attack(item.uid, 0, first.uid, True))
    (area,) = _events(state, "area_attack")
    assert area["figures"] == (first.uid,)


def test_a_chain_branches_from_figure_to_figure_within_its_range():
    """Chain Lightning (chain, range 2): from the target to the Orc two squares further and on to
    the Warrior within 2 of that Orc (FAQ: the lightning "will branch after the first target")."""
    state, item, first, second = _fight("chain_lightning", goblin_at=(4, 2), warrior_at=(4, 4))
    state.dice = ScriptedDice([1, 1, 1] + [5, 5] * 3)
    state.apply(Attack(item.uid, 0, first.uid, True))
    (area,) = _events(state, "area_attack")
    assert area["figures"] == (first.uid, second.uid, "warrior")


def test_a_friend_named_in_the_area_of_a_card_that_spares_friends_is_refused():
    """The engine's own check: a friend can be in the area only of a card that affects friends."""
    from doria_forge.engine.combat import hero_area_attack

    state, item, first, second = _fight("sparing_flame")
    with pytest.raises(IllegalAction, match="does not affect friends"):
        hero_area_attack(state.dice, state.log, state.hero("mage"), item, item.card.attacks[0], first,
                         [first, state.hero("warrior")], state.rules, from_belt=True)


def test_bad_area_values_are_errors_at_file_line_and_column_without_a_traceback(tmp_path):
    """A designer's mistakes in an area: an unknown shape, a line without its length, a number of
    another shape, and ``affects_friends`` without an area (the FAQ: only an area effect hits
    friends) - each an error at its file:line:col, exit code 1, no traceback."""
    import shutil

    from typer.testing import CliRunner

    from doria_forge.commands.cli import app

    pack = tmp_path / "area"
    shutil.copytree(FIXTURE, pack)
    cards = pack / "equipment" / "area_spells.yaml"
    text = cards.read_text(encoding="utf-8")
    text = text.replace("area: {shape: spread}, affects_friends: true", "area: {shape: cone}, affects_friends: true", 1)
    text = text.replace("area: {shape: spread}}", "affects_friends: true}", 1)
    text = text.replace("area: {shape: chain, range: 2}", "area: {shape: line, range: 2}", 1)
    cards.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.output.splitlines() if "area_spells.yaml:" in line]
    assert any("attacks[0].area.shape" in line and "'cone'" in line for line in lines), result.output
    assert any("affects_friends needs an area effect" in line for line in lines), result.output
    assert any("needs length" in line or "range does not belong" in line for line in lines), result.output
    for line in lines:  # file:line:col
        location = line.split(": error")[0]
        assert location.rsplit(":", 2)[1].isdigit() and location.rsplit(":", 2)[2].isdigit(), line


def test_the_replay_says_whom_the_area_attack_hit():
    """The replay's event log names every figure of the area and each one's own defense."""
    from doria_forge.sim.event_text import Names, event_sentence

    state, item, first, second = _fight("fireball")
    state.dice = ScriptedDice([10, 9, 9, 9] + [1, 1] * 3)
    state.apply(Attack(item.uid, 0, first.uid, True))
    names = Names(state.pack)
    (area,) = _events(state, "area_attack")
    said = event_sentence(area, names)
    assert said.startswith("Mage attacks ") and "Warrior" in said and "Fireball" in said, said
    assert "area: spread" in said and "attack 39" in said, said
    defenses = [event_sentence(e, names) for e in _events(state, "monster_defense")]
    assert len(defenses) == 2 and all(" defends against Mage: defense " in d for d in defenses), defenses


def _mage_with_only(state, item):
    """The Mage keeps no attack but ``item`` (so the bot's choice is the area card or none)."""
    mage = state.hero("mage")
    for other in list(mage.all_items()):
        if other.card.attacks and other is not item:
            mage.discard(other)
    return mage


def test_a_bot_does_not_fireball_its_own_warrior_for_one_orc():
    """A careful party does not fireball its own Warrior for one monster: with the Warrior next to
    the only Orc in reach the bot leaves the Fireball, which a friend in the burst would defend
    against and take fire from (FAQ); with the Warrior out of the burst it casts it."""
    from doria_forge.sim.bots import attack_options, greedy_bot

    state, item, first, second = _fight("fireball", goblin_at=(4, 4))
    state.monsters.remove(second)  # one Orc: a worthless target next to a friend
    state.board.monster_removed(state, second)
    mage = _mage_with_only(state, item)
    fireball_on_orc = [o for o in attack_options(state, mage, 40) if o[1][0] == item.uid]
    assert fireball_on_orc == []
    assert greedy_bot(state) != Attack(item.uid, 0, first.uid, True)

    state.board.move_to("warrior", (4, 4))  # out of the burst
    assert greedy_bot(state) == Attack(item.uid, 0, first.uid, True)


def test_a_bot_counts_every_monster_of_the_area():
    """Two monsters in the burst are worth more than one: the Sparing Flame's option on the Orc
    with another Orc next to it scores above the same spell on the Orc alone."""
    from doria_forge.sim.bots import attack_options

    state, item, first, second = _fight("sparing_flame", warrior_at=(4, 4))
    mage = _mage_with_only(state, item)
    both = max(o[0] for o in attack_options(state, mage, 40) if o[1][2] == first.uid)
    state.board.move_to(second.uid, (4, 0))  # out of the burst
    alone = max(o[0] for o in attack_options(state, mage, 40) if o[1][2] == first.uid)
    assert both > alone > 0


def test_the_card_front_prints_the_area_and_whether_it_affects_friends_in_both_editions():
    """The card prints what the profile plays, as it prints piercing or poison: the shape with its
    number and "affects friends" (German: "trifft auch Freunde") - a player reads from the card
    whom the spell hits."""
    from doria_forge.export.pdf.faces import equipment_spec
    from doria_forge.i18n import language

    fireball, sparing, chain = (equipment_spec(CARDS[c]).text for c in ("fireball", "sparing_flame", "chain_lightning"))
    assert "area (the target and all next to it), affects friends." in fireball
    assert "area (the target and all next to it)." in sparing and "affects friends" not in sparing
    assert "area (a chain, 2 squares from figure to figure), affects friends." in chain
    with language("de"):
        german = equipment_spec(CARDS["chain_lightning"]).text
    assert "Bereich (eine Kette, 2 Felder von Figur zu Figur), trifft auch Freunde." in german


def test_an_area_card_taken_from_a_friend_and_used_at_once_hits_the_whole_area():
    """*Take, Use or Repair Other Items (5 AP)*: the Mage takes the Warrior's Sparing Flame and casts
    it in one action; it is the same area attack (both Orcs defend), costing 5 AP more."""
    from doria_forge.engine.actions import UseOtherItem

    state, item, first, second = _fight("sparing_flame", warrior_at=(0, 3), goblin_at=(2, 1))
    state.hero("mage").discard(item)
    state.hero("warrior").belt.append(item)
    ap_before = state.ap["mage"]
    state.dice = ScriptedDice([10, 9, 9, 9] + [1, 1] * 2)
    state.apply(UseOtherItem("warrior", item.uid, profile_index=0, monster_uid=first.uid))
    (area,) = _events(state, "area_attack")
    assert set(area["figures"]) == {first.uid, second.uid}
    assert {e.actor for e in _events(state, "monster_defense")} == {first.uid, second.uid}
    assert ap_before - state.ap["mage"] == item.card.attacks[0].ap + state.rules.take_item_ap
    assert state.hero("mage").location(item) is not None  # it ends with its user


def test_a_monster_the_card_cannot_hurt_is_left_out_of_the_area_and_the_log_says_so():
    """A ranged area (a thrown bomb) bursting next to a Skeleton: the Skeleton is immune to ranged
    attacks (its ability), so it rolls no defense and loses nothing; the Orc it was aimed at does."""
    bomb = CARDS["sparing_flame"].model_copy(update={
        "id": "bomb", "card_type": "weapon", "attacks": [CARDS["sparing_flame"].attacks[0].model_copy(
            update={"attack_type": "ranged", "pp": 0, "element": None})]})
    pack = with_docs(pack_with(HALL), bomb)
    state = map_game(pack, ["mage", "warrior"], tiles=[("HALL", (0, 0), 0)], at={"mage": (0, 2), "warrior": (4, 4)},
                     monsters=[("orc", (2, 2)), ("skeleton", (2, 1))], ap=40)
    item = ItemInstance(bomb, "mage/equipment:bomb:1")
    state.hero("mage").belt.append(item)
    orc = next(m for m in state.monsters if m.monster.id == "orc")
    skeleton = next(m for m in state.monsters if m.monster.id == "skeleton")
    hp = skeleton.hp
    state.dice = ScriptedDice([10, 9, 9, 9] + [1, 1])
    state.apply(Attack(item.uid, 0, orc.uid, True))
    (area,) = _events(state, "area_attack")
    assert set(area["figures"]) == {orc.uid, skeleton.uid}
    assert [e.actor for e in _events(state, "monster_defense")] == [orc.uid]
    assert [e.actor for e in _events(state, "area_unaffected")] == [skeleton.uid]
    assert skeleton.hp == hp
