"""The Book of Rules' FAQ (book lines 1947-2010) where the engine models what an answer is
about and no other test checks it: a Monster Level Card with armor rating 0 and a
vulnerability (line 1947), an elementally enchanted non-magic weapon against a Mummy (line
1997), every Room Tile of a scenario deck hidden at the start (line 2001), monsters attacking a
character a Water Pit holds (line 1991). The other answers
are checked in test_engine_combat, test_engine_monster, test_abilities_vocabulary,
test_map_monsters, test_book_examples_map_actions and test_book_examples_psi_points."""

from __future__ import annotations

from test_engine_combat import RULES, hero, monster, weapon

from doria_forge.engine.combat import hero_attack
from doria_forge.engine.dice import ScriptedDice
from doria_forge.engine.events import EventLog
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.validate import validate_pack

PACK = validate_pack("content").pack
NO_DECKS = GameOptions(shop=False, loot=False, monster_deck=False, start_bonuses=False)


def test_faq_armor_rating_0_with_a_vulnerability_counts_once_a_modification_gives_armor():
    """FAQ (book line 1947): "Why are there Monster Level Cards with an armor rating of 0 showing
    a vulnerability? The monster might receive additional armor through modifications, but as
    long as a monster has no armor, the vulnerability can be ignored." The level-1 Orc (AR 0,
    vulnerable to fire) with the Blocker (+1 AR): a 1-damage hit without an element is stopped
    by the armor, a fire hit of 1 damage goes through it and defeats the Orc (1 HP)."""
    state = GameState.new(PACK, ["warrior"], seed=1, monsters=[("orc", ["blocker"])], options=NO_DECKS,
                          start=False)
    [orc] = state.monsters
    assert (orc.card.armor_rating, orc.vulnerability, orc.armor_rating) == (0, "fire", 1)
    plain, fire = weapon("club", "3D", 1), weapon("torch", "3D", 1, element="fire")
    h = hero([plain, fire])
    # 3D 4+4+4 = 12 hits the Blocker Orc's 2D+5+2 (rolled 2+2 = 11) without a critical step
    out = hero_attack(ScriptedDice([4, 4, 4, 2, 2]), EventLog(), h, h.find("club"), plain.attacks[0], orc, RULES)
    assert out.hit and out.critical_steps == 0 and out.wound == 0 and orc.hp == 1
    out = hero_attack(ScriptedDice([4, 4, 4, 2, 2]), EventLog(), h, h.find("torch"), fire.attacks[0], orc, RULES)
    assert out.hit and out.wound == 1 and orc.hp == 0

    bare = monster("orc", hp=1, ar=0, vuln="fire")  # no modification: the vulnerability changes nothing
    out = hero_attack(ScriptedDice([4, 4, 4, 2, 2]), EventLog(), h, h.find("club"), plain.attacks[0], bare, RULES)
    assert out.wound == 1 and bare.hp == 0


def test_faq_an_elementally_enchanted_non_magic_weapon_can_be_used_against_a_mummy():
    """FAQ (book line 1997): "An enchanted weapon keeps its original state, which means it only can
    inflict elemental damage now, but stays a non-magic weapon ... The good news: The weapon can
    be used against a Mummy!" (a magic weapon does not work against the Mummy; NOTES.md)."""
    fire_sword = weapon("fire_sword", "3D", 2, element="fire")
    h = hero([fire_sword])
    mummy = monster("mummy", defense="2D+10", hp=3, vuln="fire", flags=["magic_items_ineffective"],
                    behaviours=["magic_items_ineffective"])
    # 3D 5+5+5 = 15 against 2D+10 rolled 2+2 = 14: a hit without a critical step, 2 damage
    out = hero_attack(ScriptedDice([5, 5, 5, 2, 2]), EventLog(), h, h.find("fire_sword"), fire_sword.attacks[0],
                      mummy, RULES)
    assert out.hit and out.wound == 2 and mummy.hp == 1


def test_faq_every_room_tile_of_a_scenario_deck_starts_hidden():
    """FAQ (book line 2001): "In the scenario setup, the picture shows some Room Tiles open, but the
    description says to create a hidden deck. What is correct? All Room Tiles should be placed in
    hidden form." In every shipped scenario the game starts with the start tile alone on the
    table and every tile of the scenario deck, the target tile too, face down in the deck."""
    for sid, scenario in sorted(PACK.scenarios.items()):
        state = GameState.new(PACK, ["warrior", "mage", "ranger"], seed=1, scenario=sid,
                              options=GameOptions(setup_loot=False))
        board = state.board
        assert [t.tile_id for t in board.layout.tiles.values()] == [scenario.setup.start_tile], sid
        assert board.deck_unseen == len(board.deck) > 0, sid
        if scenario.setup.target_tile is not None:
            assert scenario.setup.target_tile in board.deck, sid


def test_faq_monsters_attack_a_character_held_in_a_water_pit_normally():
    """FAQ (book line 1991): "At the same time, monsters will always be able to attack any
    character normally, even if the character is within the Water Pit for example." The Water
    Pit holds the Warrior fast beside an Orc; the Orc's activation attacks him."""
    from map_helpers import map_game, pack_with, tile

    from doria_forge.engine.decks import TRAP, Card
    from doria_forge.engine.monster_ai import activate_monster
    from doria_forge.engine.traps import resolve_trap

    room = tile("ROOM", ["#####", "#...#", "#...#", "#...#", "#####"])
    state = map_game(pack_with(room), ["warrior"], tiles=[("ROOM", (0, 0), 0)], at={"warrior": (2, 2)},
                     monsters=[("orc", (2, 3))], ap=20)
    warrior = state.hero("warrior")
    state.dice = ScriptedDice([1, 1] + [3] * 20)  # a Fumble against the Water Pit, then the fight
    [result] = resolve_trap(state, Card(TRAP, "water_pit"), warrior)
    assert result.immobilized and warrior.immobilized
    orc = state.monsters[0]
    activate_monster(state, orc)
    attacks = [e for e in state.log.of_kind("monster_attack") if e.actor == orc.uid]
    assert attacks and all(list(e["targets"]) == ["warrior"] for e in attacks)
