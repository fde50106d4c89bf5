"""Monsters on the map (Book of Rules *Monster Activation*: *Target of a Monster*, *Fastest
Way to the Target*, *Monsters and Obstacles/Holes*; the monster abilities of NOTES.md that
need the map), the worked examples rebuilt from their words."""

from __future__ import annotations

from map_helpers import map_game, pack_with, tile, where

from doria_forge.engine.actions import Walk
from doria_forge.engine.defeat import on_monster_defeated
from doria_forge.engine.monster_ai import activate_monster, plan

ROOM = tile("ROOM", [".....", ".....", ".....", ".....", "....."], doors=[("south", 2)])
HALL_W = tile("HW", [".....", ".....", ".....", ".....", "....."], open_sides=[("east", 0, 5)])
HALL_E = tile("HE", [".....", ".....", ".....", ".....", "....."], open_sides=[("west", 0, 5)])
CORRIDOR = tile("COR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])


def targets_of(state, monster) -> list[str]:
    return [e["targets"] for e in state.log.of_kind("monster_attack") if e.actor == monster.uid][-1]


def test_monster_activation_example_1_the_nearer_hero_by_way_is_attacked():
    """Monster Activation, EXAMPLE 1: a melee monster takes the shorter way between the two
    nearest characters: toward the Mage 4 squares away rather than the Huntress 5 away,
    and attacks her after moving only as far as needed."""
    state = map_game(pack_with(ROOM), ["mage", "huntress", "warrior"], tiles=[("ROOM", (0, 0), 0)],
                     at={"mage": (0, 4), "huntress": (4, 1), "warrior": (4, 4)}, monsters=[("orc", (0, 0))])
    orc = state.monsters[0]
    activate_monster(state, orc)
    assert where(state, orc.uid) == (0, 3)
    assert targets_of(state, orc) == ("mage",)


def test_monster_activation_example_1_with_the_preferred_square_taken():
    """EXAMPLE 1, four characters: a monster from the green icon stands on the preferred square,
    so the monster goes to the other free square next to the Mage (the orange rune)."""
    state = map_game(pack_with(ROOM), ["mage", "huntress", "warrior", "priestess"], tiles=[("ROOM", (0, 0), 0)],
                     at={"mage": (0, 4), "huntress": (4, 1), "warrior": (4, 4), "priestess": (4, 3)},
                     monsters=[("orc", (0, 0)), ("zombie", (0, 3))])
    orc = state.monsters[0]
    activate_monster(state, orc)
    assert where(state, orc.uid) == (1, 4)
    assert targets_of(state, orc) == ("mage",)
    assert not state.log.of_kind("monster_pushed")


def test_monster_activation_example_2_same_distance_lower_strength():
    """Monster Activation, EXAMPLE 2: the Adventurer (STR 9) is now as far from the monster as
    the Mage (STR 4); a melee monster attacks the Mage, the lower Strength."""
    state = map_game(pack_with(ROOM), ["adventurer", "mage"], tiles=[("ROOM", (0, 0), 0)],
                     at={"adventurer": (0, 0), "mage": (0, 4)}, monsters=[("orc", (0, 2))])
    orc = state.monsters[0]
    assert state.hero("adventurer").attribute("STR") > state.hero("mage").attribute("STR")
    activate_monster(state, orc)
    assert targets_of(state, orc) == ("mage",)


def test_monster_activation_example_3_a_ranged_monster_steps_back_to_its_range():
    """Monster Activation, EXAMPLE 3: the Slimecrawler (ranged, range 5) stands next to the
    Warrior, chooses him, moves to range 5 as far as possible from him and from the other
    characters, along a wall, and attacks him."""
    state = map_game(pack_with(HALL_W, HALL_E), ["warrior", "mage"], tiles=[("HW", (0, 0), 0), ("HE", (0, 1), 0)],
                     at={"warrior": (2, 2), "mage": (2, 0)}, monsters=[("slimecrawler", (2, 3))])
    slime = state.monsters[0]
    assert slime.range == 5
    activate_monster(state, slime)
    board = state.board
    spot = where(state, slime.uid)
    assert board.range_distance(spot, (2, 2)) == 5
    assert board.walls_around(spot) >= 1
    assert targets_of(state, slime) == ("warrior",)


def test_fastest_way_example_a_monster_pushes_another_off_the_only_square():
    """Fastest Way to the Target, EXAMPLE: the black Goblin has no free square to reach its
    target and swaps places with the Slimecrawler standing on it: the pushed monster goes
    to the nearest free square, along the Goblin's way."""
    state = map_game(pack_with(CORRIDOR), ["mage"], tiles=[("COR", (0, 0), 0)], at={"mage": (2, 4)},
                     monsters=[("goblin", (2, 0)), ("slimecrawler", (2, 3))])
    goblin, slime = state.monsters
    chosen = plan(state, goblin)
    assert chosen.square == (2, 3) and chosen.push == slime.uid
    activate_monster(state, goblin)
    assert where(state, goblin.uid) == (2, 3) and where(state, slime.uid) == (2, 2)
    assert targets_of(state, goblin) == ("mage",)


def test_monsters_jump_holes_for_5_ap_without_a_check_and_attack():
    """Monsters and Obstacles/Holes: a monster jumps a Hole for 5 AP without a check and, with
    5 or more AP before the jump, still attacks."""
    pit = tile("PIT", ["#####", "#####", "..O..", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(pit), ["mage"], tiles=[("PIT", (0, 0), 0)], at={"mage": (2, 4)},
                     monsters=[("mummy", (2, 1))])
    mummy = state.monsters[0]
    assert mummy.action_points == 5
    activate_monster(state, mummy)
    assert where(state, mummy.uid) == (2, 3)
    assert targets_of(state, mummy) == ("mage",)
    assert not state.log.of_kind("jump_check")


def test_a_monster_with_less_than_5_ap_jumps_but_cannot_attack():
    """Monsters and Obstacles/Holes: with less than 5 AP before the jump the monster still
    completes it but cannot attack during this activation."""
    pit = tile("PIT", ["#####", "#####", "..O..", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(pit), ["mage"], tiles=[("PIT", (0, 0), 0)], at={"mage": (2, 4)},
                     monsters=[("black_knight", (2, 1))])
    knight = state.monsters[0]
    assert knight.action_points == 4
    activate_monster(state, knight)
    assert where(state, knight.uid) == (2, 3)
    assert not state.log.of_kind("monster_attack")


def test_melee_strikes_straight_across_a_hole_but_not_diagonally():
    """Monsters and Obstacles/Holes: a character on the far side of a Hole blocks the way, but
    a melee monster strikes exactly across it in a straight line (even 2 squares wide),
    never diagonally."""
    pit = tile("PIT", [".....", ".OO..", ".OO..", ".....", "....."], doors=[("south", 2)])
    state = map_game(pack_with(pit), ["mage"], tiles=[("PIT", (0, 0), 0)], at={"mage": (1, 3)},
                     monsters=[("zombie", (1, 0))])
    board = state.board
    assert board.can_attack_from((1, 0), (1, 3), 1, "melee")
    assert not board.can_attack_from((2, 0), (1, 3), 1, "melee")
    zombie = state.monsters[0]
    activate_monster(state, zombie)
    assert where(state, zombie.uid) == (1, 0) and targets_of(state, zombie) == ("mage",)


def test_a_ghoul_out_of_reach_walks_toward_the_hero_with_the_fewest_hit_points_not_the_nearest():
    """Target of a Monster, criterion 2 (book l.1421): "If no character is in range, the
    monster moves towards the nearest one. Some monsters ignore this condition (for example the
    Archer or the Ghoul)"; NOTES.md: the Ghoul targets the hero with the lowest current HP. A
    corridor of five tiles: the Ghoul (AP 9) in the middle, the Warrior (full HP) 11 squares
    west, the Mage (2 HP) 12 squares east - neither in reach this activation. The Ghoul walks 9
    squares east toward the Mage. Before, it walked toward the nearest hero, the Warrior."""
    corridor = tile("COR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["warrior", "mage"], tiles=[("COR", (0, n), 0) for n in range(5)],
                     at={"warrior": (2, 1), "mage": (2, 24)}, monsters=[("ghoul", (2, 12))])
    ghoul = state.monsters[0]
    state.hero("mage").hp = 2
    assert ghoul.action_points == 9
    assert (state.board.distance(state, ghoul, state.hero("warrior")),
            state.board.distance(state, ghoul, state.hero("mage"))) == (11, 12)
    activate_monster(state, ghoul)
    assert where(state, ghoul.uid) == (2, 21)
    assert not state.log.of_kind("monster_attack")


def test_a_ghoul_attacks_the_hero_it_can_reach_rather_than_walk_toward_a_weaker_one():
    """The Ghoul's card: "Of the heroes it can reach, a Ghoul attacks the one who currently has the
    fewest Hit Points" (German appendix: "wenn möglich"). The same corridor: the Warrior (full
    HP) 3 squares west is in reach, the Mage (2 HP) 12 squares east is not: it attacks the Warrior."""
    corridor = tile("COR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(corridor), ["warrior", "mage"], tiles=[("COR", (0, n), 0) for n in range(5)],
                     at={"warrior": (2, 9), "mage": (2, 24)}, monsters=[("ghoul", (2, 12))])
    ghoul = state.monsters[0]
    state.hero("mage").hp = 2
    state.hero("warrior").hp = 99  # the attack must not end the game
    activate_monster(state, ghoul)
    assert targets_of(state, ghoul) == ("warrior",)


def test_a_melee_monster_of_range_2_also_strikes_exactly_across_a_hole_3_squares_wide():
    """Monsters and Obstacles/Holes (book l.1497): "Melee attackers in this case have enough range
    to strike exactly over the Hole (even Holes that are 2 or more squares wide), but no further":
    melee attackers, not only those of range 1. The Mercenary (melee, range 2) stands at the edge
    of a Hole 3 squares wide, the Mage on the far edge blocks the landing square: it cannot jump
    across, but strikes her over the Hole. One square further (a floor square between) is out of
    its reach. Before, only a range-1 attack struck across holes: the Mercenary stood and did
    nothing."""
    pit = tile("PIT3", ["#####", "#####", ".OOO.", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(pit), ["mage"], tiles=[("PIT3", (0, 0), 0)], at={"mage": (2, 4)},
                     monsters=[("mercenary", (2, 0))])
    board = state.board
    mercenary = state.monsters[0]
    assert (mercenary.attack_type, mercenary.range) == ("melee", 2)
    assert board.can_attack_from((2, 0), (2, 4), 2, "melee")
    assert not board.can_attack_from((2, 0), (2, 4), 2, "ranged")
    activate_monster(state, mercenary)
    assert where(state, mercenary.uid) == (2, 0) and targets_of(state, mercenary) == ("mage",)
    wide = tile("PIT2", ["#####", "#####", ".OO..", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(wide), ["mage"], tiles=[("PIT2", (0, 0), 0)], at={"mage": (2, 4)},
                     monsters=[("mercenary", (2, 0))])
    assert not state.board.can_attack_from((2, 0), (2, 4), 2, "melee")


def test_a_monster_behind_the_hole_needs_6_ap_and_a_free_square_behind_it():
    """Monsters and Obstacles/Holes: with another monster on the far side, the jumper crosses
    only onto a free square behind it and with 6 or more AP before the jump."""
    pit = tile("PIT", ["#####", "#####", ".O...", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    far = tile("FAR", ["#####", "#####", ".....", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    pack = pack_with(pit, far)
    orc_game = map_game(pack, ["mage"], tiles=[("PIT", (0, 0), 0), ("FAR", (0, 1), 0)], at={"mage": (2, 9)},
                        monsters=[("orc", (2, 0)), ("zombie", (2, 2))])
    routes = orc_game.board.monster_routes(orc_game, orc_game.monsters[0], 7)
    assert routes[(2, 3)].cost == 6 and routes[(2, 3)].jumps[0].land == (2, 3)  # over the hole and the Zombie
    mummy_game = map_game(pack, ["mage"], tiles=[("PIT", (0, 0), 0), ("FAR", (0, 1), 0)], at={"mage": (2, 9)},
                          monsters=[("mummy", (2, 0)), ("zombie", (2, 2))])
    assert (2, 3) not in mummy_game.board.monster_routes(mummy_game, mummy_game.monsters[0], 5)


def test_rubble_is_cleared_by_a_monster_for_10_ap():
    """Monsters and Obstacles/Holes: a monster moves up to Rubble and clears it for 10 AP
    (or the rest of its AP); it usually cannot attack after that."""
    state = map_game(pack_with(CORRIDOR), ["mage"], tiles=[("COR", (0, 0), 0)], at={"mage": (2, 4)},
                     monsters=[("gargoyle", (2, 0))])
    state.board.layout.add_marker((2, 2), "rubble")
    gargoyle = state.monsters[0]
    activate_monster(state, gargoyle)
    assert not state.board.layout.has((2, 2), "rubble")
    assert not state.log.of_kind("monster_attack")


def test_zombies_raise_one_more_next_to_them_toward_the_heroes():
    """Zombie (NOTES.md): in Phase F the Zombies raise one more Zombie next to them, toward
    the heroes; a Zombie that cannot, for lack of figures, is activated instead."""
    state = map_game(pack_with(ROOM), ["mage"], tiles=[("ROOM", (0, 0), 0)], at={"mage": (4, 2)},
                     monsters=[("zombie", (0, 2))])
    state.board.zombie_raise(state)
    assert [where(state, m.uid) for m in state.monsters] == [(0, 2), (1, 2)]
    for n in range(3):
        state.board.move_to(state.monsters[0].uid, (0, n))
    full = map_game(pack_with(ROOM), ["mage"], tiles=[("ROOM", (0, 0), 0)], at={"mage": (4, 2)},
                    monsters=[("zombie", (0, c)) for c in range(5)])
    full.board.zombie_raise(full)
    assert len(full.monsters) == 5
    assert {e["reason"] for e in full.log.of_kind("activation")} == {"cannot_raise"}


def test_a_necromancer_calls_its_zombie_next_to_itself_not_at_the_entrance():
    """The Necromancer modification's card: "In Phase F of every round this monster calls a Zombie
    from the ground next to itself": the Zombie stands beside the Necromancer, not at the entrance
    a drawn monster without a square enters by."""
    from doria_forge.engine.spawn import summon_in_phase_f

    state = map_game(pack_with(ROOM), ["mage"], tiles=[("ROOM", (0, 0), 0)], at={"mage": (0, 0)},
                     monsters=[("orc", (4, 4))])
    orc = state.monsters[0]
    orc.modifications = (state.pack.modifications["necromancer"],)
    summon_in_phase_f(state)
    zombie = next(m for m in state.monsters if m.monster.id == "zombie")
    assert state.board.range_distance(where(state, zombie.uid), where(state, orc.uid)) == 1


def test_a_necromancer_with_no_zombie_figure_left_makes_a_zombie_in_play_act():
    """*No monster figures available anymore* (book line 1319): "As soon as an additional monster
    should be placed and there is no figure available for that monster anymore, one of the
    existing monsters of this type on the game board immediately gets an Extra Activation" (the
    German rulebook names monsters placed "aufgrund einer Modifikation"). With all 5 Zombie
    figures on the board the Necromancer's call brings none, and the Zombie first in monster
    order acts at once, as its card says."""
    from doria_forge.engine.spawn import summon_in_phase_f

    state = map_game(pack_with(ROOM), ["mage"], tiles=[("ROOM", (0, 0), 0)], at={"mage": (0, 0)},
                     monsters=[("orc", (4, 4))] + [("zombie", (c, 2)) for c in range(5)])
    orc = state.monsters[0]
    orc.modifications = (state.pack.modifications["necromancer"],)
    state.hero("mage").hp = 99  # the Zombie's attack must not end the game
    summon_in_phase_f(state)
    assert sum(m.monster.id == "zombie" for m in state.monsters) == 5
    assert [(e.actor.split("-")[0], e["reason"]) for e in state.log.of_kind("activation")] == \
        [("zombie", "no_figure_left")]


def test_a_summon_with_at_most_calls_none_while_that_many_of_the_type_are_in_play():
    """The shipped Hollow King's card: "At the start of each round, place one Skeleton of the
    current Monster Level next to the Hollow King, up to two at a time" (``summon`` with
    ``at_most: 2``, played in Phase F): one Skeleton a round next to him, never a third."""
    from doria_forge.engine.spawn import spawn_boss, summon_in_phase_f

    state = map_game(pack_with(ROOM), ["mage"], tiles=[("ROOM", (0, 0), 0)], at={"mage": (0, 0)})
    king = spawn_boss(state, "hollow_king", near=(4, 4))
    counts = []
    for _ in range(3):
        summon_in_phase_f(state)
        skeletons = [m for m in state.monsters if m.monster.id == "skeleton"]
        counts.append(len(skeletons))
    assert counts == [1, 2, 2]
    assert all(state.board.range_distance(where(state, s.uid), where(state, king.uid)) <= 2 for s in skeletons)


def test_mercenary_strikes_a_hero_who_ends_a_move_next_to_it():
    """Mercenary (NOTES.md): a free attack on a hero who ends a move adjacent to it."""
    state = map_game(pack_with(ROOM), ["warrior"], tiles=[("ROOM", (0, 0), 0)], at={"warrior": (4, 0)},
                     monsters=[("mercenary", (2, 2))])
    state.apply(Walk((2, 1)))
    mercenary = state.monsters[0]
    assert [e["reason"] for e in state.log.of_kind("activation")] == ["free_attack"]
    assert targets_of(state, mercenary) == ("warrior",)
    state2 = map_game(pack_with(ROOM), ["warrior"], tiles=[("ROOM", (0, 0), 0)], at={"warrior": (4, 0)},
                      monsters=[("mercenary", (2, 2))])
    state2.apply(Walk((3, 0)))
    assert not state2.log.of_kind("activation")


def test_shaman_fireball_spreads_one_square_from_its_target():
    """Shaman (NOTES.md): the fireball spreads 1 square orthogonally from the target square,
    so a hero next to the target is hit by the same roll; one two squares off is not."""
    state = map_game(pack_with(ROOM), ["warrior", "mage", "ranger"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (4, 1), "mage": (4, 2), "ranger": (2, 4)}, monsters=[("shaman", (0, 2))])
    shaman = state.monsters[0]
    activate_monster(state, shaman)
    assert set(targets_of(state, shaman)) == {"warrior", "mage"}


def test_the_ember_dragons_breath_hits_every_hero_on_a_straight_line_of_3_squares():
    """The shipped Ember Dragon's card: "the Dragon may breathe: one attack roll against every
    hero in a straight line of 3 squares" (``hit_line``, length 3): it takes the square whose
    line holds two heroes and breathes on both with one roll; a hero off every such line is
    spared (a bite would have hit one hero)."""
    from doria_forge.engine.spawn import spawn_boss

    state = map_game(pack_with(ROOM), ["warrior", "mage", "ranger"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (2, 3), "ranger": (0, 4)})
    dragon = spawn_boss(state, "ember_dragon", near=(2, 0))
    activate_monster(state, dragon)
    assert set(targets_of(state, dragon)) == {"warrior", "mage"}
    assert len(state.log.of_kind("monster_attack")) == 1


def test_dark_mage_chain_lightning_branches_within_range_2():
    """Dark Mage (NOTES.md, FAQ): range 6 to the first target, then to every target within
    range 2 of a hit one, branching; a hero farther from all of them is spared."""
    state = map_game(pack_with(HALL_W, HALL_E), ["warrior", "mage", "ranger", "priestess"],
                     tiles=[("HW", (0, 0), 0), ("HE", (0, 1), 0)],
                     at={"warrior": (2, 4), "mage": (2, 6), "ranger": (0, 6), "priestess": (4, 0)},
                     monsters=[("dark_mage", (2, 9))])
    mage_ = state.monsters[0]
    activate_monster(state, mage_)
    assert set(targets_of(state, mage_)) == {"warrior", "mage", "ranger"}


def test_troll_hits_every_hero_in_range_and_spear_thrower_one_next_to_its_target():
    """Troll: every hero in range with one roll. Spear Thrower: its target and a hero next to it."""
    state = map_game(pack_with(ROOM), ["warrior", "mage", "ranger"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (2, 1), "mage": (2, 3), "ranger": (4, 4)}, monsters=[("troll", (2, 2))])
    troll = state.monsters[0]
    activate_monster(state, troll)
    assert set(targets_of(state, troll)) >= {"warrior", "mage"}
    state = map_game(pack_with(ROOM), ["warrior", "mage", "ranger"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (4, 1), "mage": (4, 2), "ranger": (0, 4)}, monsters=[("spear_thrower", (0, 1))])
    spear = state.monsters[0]
    activate_monster(state, spear)
    hit = targets_of(state, spear)
    assert len(hit) == 2 and set(hit) == {"warrior", "mage"}


def test_gargoyle_flies_over_holes_and_poltergeist_through_walls():
    """Gargoyle and Poltergeist fly: they cross Holes and red-bordered squares like floor; the
    Poltergeist also moves through Walls and can be attacked where it stands."""
    pit = tile("PIT", ["#####", "#####", "..O..", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    state = map_game(pack_with(pit), ["mage"], tiles=[("PIT", (0, 0), 0)], at={"mage": (2, 4)},
                     monsters=[("gargoyle", (2, 0))])
    routes = state.board.monster_routes(state, state.monsters[0], 10)
    assert routes[(2, 3)].cost == 3 and not routes[(2, 3)].jumps
    walled = tile("WALL", [".....", "#####", ".....", ".....", "....."], doors=[("south", 2)])
    state = map_game(pack_with(walled), ["mage"], tiles=[("WALL", (0, 0), 0)], at={"mage": (3, 2)},
                     monsters=[("poltergeist", (0, 2))])
    ghost = state.monsters[0]
    routes = state.board.monster_routes(state, ghost, 9)
    assert routes[(2, 2)].cost == 2                     # straight through the wall (1, 2)
    state.board.move_to(ghost.uid, (1, 2))             # standing in the wall
    mage = state.hero("mage")
    assert state.board.hero_can_target(state, mage, mage.hands[0].card.attacks[0], ghost)


def test_explosion_hurts_the_heroes_next_to_the_defeated_monster():
    """Explosion (Monster Modification, rule correction): when its monster is defeated, every
    character next to it suffers the card's damage; characters farther away do not."""
    state = map_game(pack_with(ROOM), ["warrior", "mage"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (2, 1), "mage": (4, 4)}, monsters=[("zombie", (2, 2))])
    zombie = state.monsters[0]
    zombie.modifications = (state.pack.modifications["explosion"],)
    warrior, mage = state.hero("warrior"), state.hero("mage")
    for item in warrior.equipped():
        if item.is_armor:
            item.damaged = True  # no armor to block: the whole blast lands
    before = (warrior.hp, mage.hp)
    on_monster_defeated(state, zombie, warrior)
    assert warrior.hp == before[0] - 2 and mage.hp == before[1]


def test_distances_to_heroes_standing_side_by_side_count_the_way_around_them():
    """Monster Order (the distance to the nearest character) and Fastest Way to the Target: a
    monster never walks past a character, so to reach the hero standing behind another in a
    corridor it goes all the way round; the square beside the first hero that the second one
    holds is no way at all. With a hole on the table (something to jump) the distances are the
    same walked steps."""
    loop = tile("LOOP", [".....", ".#O#.", ".#.#.", ".###.", "....."], doors=[("south", 2)])
    state = map_game(pack_with(loop), ["warrior", "mage"], tiles=[("LOOP", (0, 0), 0)],
                     at={"warrior": (0, 1), "mage": (0, 2)}, monsters=[("goblin", (4, 0))])
    board = state.board
    goblin = state.monsters[0]
    found = board.distances(state, goblin, state.heroes)
    # up the west side to (1, 0), then beside the warrior on (0, 0): 4 steps + 1 onto the hero
    assert found["warrior"] == 5
    # the mage beside the warrior: the way along the top row is barred by the warrior, so round
    # the east side: (4, 0) -> (4, 4) -> (0, 4) -> (0, 3), 9 steps + 1
    assert found["mage"] == 10
    assert board.distance_to_nearest_hero(state, goblin) == 5


def test_remembered_distances_follow_the_other_monsters_where_a_jump_lands():
    """Monsters and Obstacles/Holes: a monster on the square a jump lands on is jumped past
    only onto a free square behind it; elsewhere another monster is simply passed. The distances the monster order and the plans remember are those a
    fresh search finds, wherever the second monster stands; only a jump's landing square and
    the square behind it make them differ."""
    pit = tile("PIT", ["#####", "#####", ".OO..", "#####", "#####"], doors=[("west", 2), ("east", 2)])
    far = tile("FAR", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])
    pack = pack_with(pit, far)
    state = map_game(pack, ["warrior", "mage"], tiles=[("PIT", (0, 0), 0), ("FAR", (0, 1), 0)],
                     at={"warrior": (2, 7), "mage": (4, 8)}, monsters=[("orc", (2, 0)), ("zombie", (0, 6)), ("goblin", (2, 4))])
    board = state.board
    orc, zombie, _ = state.monsters
    layout = board.layout
    spots = layout.jump_spots()
    for pos in layout.all_squares():
        for over, land in layout.jumps_from(pos):
            assert land in spots
            behind = (2 * land[0] - over[-1][0], 2 * land[1] - over[-1][1])
            assert behind in spots
    seen = set()
    for square in sorted(layout.all_squares()):
        if not board.free(state, square) or square == (2, 0):
            continue
        board.move_to(zombie.uid, square)
        remembered = board.distances(state, orc, state.heroes)
        board._reach_memo.clear()
        assert remembered == board.distances(state, orc, state.heroes), square
        seen.add(tuple(sorted(remembered.items())))
    # the zombie on the landing square (2, 3), the goblin behind it: no free square to land on,
    # the orc reaches nobody; the zombie anywhere else: the orc lands on (2, 3) and passes the goblin
    assert len(seen) == 2


def test_monster_routes_of_equal_cost_keep_the_walk_and_the_first_way_found():
    """Fastest Way to the Target, Monsters and Obstacles/Holes: of two ways that cost the same
    AP the monster takes the one without a jump (5 AP over the two holes against a walk of 5
    squares round them); of two equal walks, the first found: the search takes the squares by
    cost, in the order it reached them, each square's neighbours north, east, south, west. The
    same routes whatever the budget."""
    pit = tile("PIT", [".....", ".....", ".OO..", ".....", "....."], doors=[("south", 3)])
    state = map_game(pack_with(pit), ["mage"], tiles=[("PIT", (0, 0), 0)], at={"mage": (0, 4)},
                     monsters=[("orc", (2, 0))])
    orc = state.monsters[0]
    for budget in (5, 9, None):
        routes = state.board.monster_routes(state, orc, budget)
        round_the_holes = routes[(2, 3)]
        assert round_the_holes.cost == 5 and not round_the_holes.jumps
        assert round_the_holes.path == ((1, 0), (1, 1), (1, 2), (1, 3), (2, 3))
        # (0, 1) from (0, 0) or from (1, 1), both 2 AP away: (0, 0), north of (1, 0), was reached
        # before (1, 1), east of it
        assert routes[(0, 1)].path == ((1, 0), (0, 0), (0, 1))
        # (1, 0) north of the start before (3, 0) south of it: (1, 1) by the north
        assert routes[(1, 1)].path == ((1, 0), (1, 1))
        assert routes[(4, 2)].path == ((3, 0), (3, 1), (3, 2), (4, 2))


def test_of_two_equal_squares_a_monster_takes_the_one_fewer_heroes_see():
    """Target of a Monster: "In case of doubt, the path that offers the most cover and where the
    monster can be attacked by fewer heroes will be chosen." The Orc reaches the Mage from two
    squares at the same AP with no wall beside either; the Warrior sees only one of them past
    the wall, and the Orc takes the other. Moved to see the other square, it flips the choice."""
    room = tile("WALLED", [".....", ".....", "...#.", ".....", "....."], doors=[("south", 2)])
    for warrior, unseen in (((2, 4), (2, 1)), ((3, 4), (1, 2))):
        state = map_game(pack_with(room), ["mage", "warrior"], tiles=[("WALLED", (0, 0), 0)],
                         at={"mage": (2, 2), "warrior": warrior}, monsters=[("orc", (0, 0))])
        board = state.board
        seen = next(sq for sq in ((1, 2), (2, 1)) if sq != unseen)
        assert board.sees(warrior, seen) and not board.sees(warrior, unseen)
        assert board.layout.walls_around(seen) == board.layout.walls_around(unseen) == 0
        orc = state.monsters[0]
        activate_monster(state, orc)
        assert where(state, orc.uid) == unseen
        assert targets_of(state, orc) == ("mage",)


def test_the_first_in_monster_order_measures_only_the_head_of_the_order(monkeypatch):
    """*Monster Order*: higher AP first, then the priority letter, then the distance to the
    nearest character. Who acts next is the first of that order; the distances of monsters that
    AP and letter already put behind are never measured for it, and an order of a subset of the
    monsters is the whole order restricted to it."""
    from doria_forge.engine import monster_ai
    from doria_forge.engine.phases import next_marker

    state = map_game(pack_with(ROOM), ["mage"], tiles=[("ROOM", (0, 0), 0)], at={"mage": (0, 4)},
                     monsters=[("orc", (4, 0)), ("orc", (1, 4)), ("orc", (2, 2)), ("zombie", (0, 0)),
                                                                       ("zombie", (3, 3))])
    orcs = [m for m in state.monsters if m.monster.id == "orc"]
    zombies = [m for m in state.monsters if m.monster.id == "zombie"]
    assert zombies[0].action_points < orcs[0].action_points  # the Zombies are behind on AP alone
    whole = monster_ai.ordered_monsters(state)
    assert [m.uid for m in whole[:3]] == [orcs[1].uid, orcs[2].uid, orcs[0].uid]  # nearest first
    measured: list[str] = []
    real = state.board.distance_to_nearest_hero

    def counted(state_, monster):
        measured.append(monster.uid)
        return real(state_, monster)

    monkeypatch.setattr(state.board, "distance_to_nearest_hero", counted)
    assert monster_ai.first_in_order(state, state.monsters) is whole[0]
    assert not any(z.uid in measured for z in zombies)
    state.ap["mage"] = 0
    state.activated.clear()
    assert next_marker(state) == ("monster", whole[0])
    assert [m.uid for m in monster_ai.ordered_where(state, lambda m: m is not orcs[1])] == [
        m.uid for m in whole if m is not orcs[1]]
    orcs[1].hp = 0
    orcs[1].defeated = True
    assert monster_ai.first_in_order(state, state.monsters) is orcs[2]


def test_a_monster_staying_to_attack_plans_what_the_search_of_its_routes_plans(shipped_pack, monkeypatch):
    """``plan`` settles "attack the first-ranked hero from where it stands" without searching
    the monster's routes (``monster_ai._staying``); over the activations of shipped games
    (greedy heroes, 4 of them), each plan equals the one worked out with every route on a copy
    of the same game: the same square, route, targets and push, with the same dice left."""
    import copy

    from doria_forge.engine import monster_ai
    from doria_forge.engine.game import GameOptions, GameState
    from doria_forge.sim.play import play_scenario
    from doria_forge.sim.policies import make_policy
    from doria_forge.sim.scenario_runner import hero_pool, party_for

    real_plan, real_staying = monster_ai.plan, monster_ai._staying
    compared = {"stayed": 0, "moved": 0}

    def checked(state, monster):
        twin = copy.deepcopy(state)
        monkeypatch.setattr(monster_ai, "_staying", lambda *args: None)
        full = real_plan(twin, twin.monster(monster.uid))
        monkeypatch.setattr(monster_ai, "_staying", real_staying)
        chosen = real_plan(state, monster)
        assert (chosen.square, chosen.route, [h.uid for h in chosen.targets], chosen.push) == \
            (full.square, full.route, [h.uid for h in full.targets], full.push)
        assert state.dice._rng.getstate() == twin.dice._rng.getstate()
        compared["stayed" if chosen.route is None and chosen.targets else "moved"] += 1
        return chosen

    monkeypatch.setattr(monster_ai, "plan", checked)
    for scenario, seed in (("sunken_reliquary", 3), ("sunken_reliquary", 8)):
        state = GameState.new(shipped_pack, party_for(hero_pool(shipped_pack), 4, seed), seed=seed,
                              scenario=scenario, options=GameOptions(setup_loot=True, max_rounds=6))
        play_scenario(state, make_policy("greedy", seed))
    assert compared["stayed"] >= 10 and compared["moved"] >= 10


def test_monster_order_3_the_orc_3_squares_away_before_the_orc_7_squares_away():
    """*Monster Order* 3 (book line 1409): at the same AP and letter, "closer monsters are
    activated first (for example the Orc in range 3 before the Orc in 7 squares range)". The far
    Orc entered the board first; the near one still goes first, and acts first when both are due."""
    from doria_forge.engine.monster_ai import ordered_monsters
    from doria_forge.engine.phases import next_marker

    state = map_game(pack_with(ROOM), ["mage"], tiles=[("ROOM", (0, 0), 0)], at={"mage": (0, 4)},
                     monsters=[("orc", (3, 0)), ("orc", (0, 1))])
    far, near = state.monsters
    assert (state.board.distance_to_nearest_hero(state, near), state.board.distance_to_nearest_hero(state, far)) == (3, 7)
    assert [m.uid for m in ordered_monsters(state)] == [near.uid, far.uid]
    state.ap["mage"] = 0
    state.activated.clear()
    assert next_marker(state) == ("monster", near)
