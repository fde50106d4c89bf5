"""The greedy bot remembers the facts of its attack options (``bots._option_facts``: per hero,
monster, card, profile, Damaged marker, from the Belt) for the rest of the game: a change of
the Damaged marker or of the monster's defeat gives the facts anew, never the remembered ones."""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile

from doria_forge.engine.combat import attack_problem
from doria_forge.sim.bots import attack_options

ROOM = tile("R", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])


def _game():
    return map_game(pack_with(ROOM), ["warrior"], tiles=[("R", (0, 0), 0)], at={"warrior": (2, 2)},
                    monsters=[("orc", (2, 3)), ("orc", (1, 2))], ap=20)


def _weapons(options):
    return {(o[1][0], o[1][2]) for o in options}


def test_a_damaged_weapon_leaves_the_options_and_comes_back_repaired():
    """*Attack or Use Items*: a damaged card cannot attack. Asked again in the same game after
    the Damaged marker is put on, the options without that card; taken off, the same options
    as before (for each monster next to the hero)."""
    state = _game()
    hero = state.hero("warrior")
    before = attack_options(state, hero, 20)
    assert {o[1][2] for o in before} == {m.uid for m in state.monsters}
    weapon = before[0][2]
    weapon.damaged = True
    damaged = attack_options(state, hero, 20)
    assert all(o[2] is not weapon for o in damaged)
    assert all(attack_problem(hero, o[2], o[2].card.attacks[o[1][1]], state.monster(o[1][2]),
                              from_belt=o[1][3]) is None for o in damaged)
    # as if repaired: the remembered facts of the damaged card are not those of the sound one
    assert _weapons(attack_options(state, hero, 20, include_damaged=True)) == _weapons(before)
    weapon.damaged = False
    assert attack_options(state, hero, 20) == before


def test_a_defeated_monster_is_no_option_though_asked_before():
    """A defeated monster is no target (``attack_problem``): its options go, the other's stay."""
    state = _game()
    hero = state.hero("warrior")
    first, second = state.monsters
    assert {o[1][2] for o in attack_options(state, hero, 20)} == {first.uid, second.uid}
    first.defeated = True
    assert {o[1][2] for o in attack_options(state, hero, 20)} == {second.uid}


def test_only_attacks_that_get_past_the_armor_when_asked_and_as_the_hero_bonuses_change():
    """*Critical Rolls and Fumbles*: the Priestess's Sun Staff deals 1 against a Golem's Armor
    Rating 1, so only a critical would hurt it: an option, but not one that hurts (``hurting``).
    With the hero bonus *Extra Damage* (chapter *Hero and Monster Level*) it deals 2 and does,
    though the options were asked before in the same game."""
    state = map_game(pack_with(ROOM), ["priestess"], tiles=[("R", (0, 0), 0)], at={"priestess": (2, 2)},
                     monsters=[("golem", (2, 3))], ap=20)
    hero = state.hero("priestess")
    assert _weapons(attack_options(state, hero, 20))
    assert attack_options(state, hero, 20, hurting=True) == []
    hero.hero_bonuses.add("extra_damage")
    assert _weapons(attack_options(state, hero, 20, hurting=True)) == _weapons(attack_options(state, hero, 20))


def test_a_card_put_on_that_adds_to_the_attacks_gives_the_facts_anew():
    """Ironguard Gauntlets (+1 melee, a bonus marker of the Body Zone) put on in place of Bark
    Bracers, which go to the Backpack: the Belt and the Backpack hold as many cards as before,
    yet the Warrior's blows are better; asked again in the same game, the options are those a
    fresh game gives, never the ones remembered from before (they were, until the key named
    the cards worn)."""
    from doria_forge.engine.hero import ItemInstance
    from doria_forge.sim.bots import FACTS

    state = _game()
    hero = state.hero("warrior")
    hero.equip(ItemInstance(state.pack.equipment["bark_bracers"], "warrior/test:bracers"))
    gauntlets = ItemInstance(state.pack.equipment["ironguard_gauntlets"], "warrior/test:gauntlets")
    hero.backpack.append(gauntlets)
    before = attack_options(state, hero, 20)
    hero.equip(gauntlets, displace="backpack")
    assert hero.bonus("melee") == 1 and len(hero.backpack) == 1
    after = attack_options(state, hero, 20)
    state.scratch.pop(FACTS)
    fresh = attack_options(state, hero, 20)
    assert after == fresh
    assert all(a[0] > b[0] for a, b in zip(after, before, strict=True))
