"""The greedy policy on the map (sim.objectives, sim.explorer, sim.outfit): what a party
steers for, how a hurt hero steps back, doors against the Doom Counter, equipment and the shop."""

from __future__ import annotations

import copy

from map_helpers import BASE, QUIET, map_game, pack_with, tile, where, with_docs

from doria_forge.engine.actions import (
    Attack,
    Buy,
    EndTurn,
    MoveItem,
    PickUpToken,
    RevealRoomTile,
    StayUnconscious,
    UseItem,
    Walk,
)
from doria_forge.engine.decks import EQUIPMENT, Card
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.hero import ItemInstance
from doria_forge.engine.loot import give_card
from doria_forge.engine.state import H, I
from doria_forge.model.scenario import Scenario
from doria_forge.sim import explorer, fight_moves, objectives, outfit, party, stances
from doria_forge.sim.bots import attack_options, greedy_bot
from doria_forge.sim.deciding import deciding
from doria_forge.sim.scenario_runner import hero_pool, party_for, run_seed
from doria_forge.sim.search import make_search
from doria_forge.sim.weak import make_weak

ROOM = tile("ROOM", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], runes=[(1, 1, "blue")],
            entrances=[(3, 2)], starts=[(2, 2)])
HALL = tile("HALL", [".....", ".....", ".....", ".....", "....."], doors=[("south", 2), ("east", 2)])


def scenario(**fields) -> Scenario:
    base = {"kind": "scenario", "id": "test", "name": "Test", "story": "s", "goal": "g"}
    return Scenario.model_validate(base | fields)


def game(sc: Scenario, heroes=("warrior",), at=None, tiles=(("ROOM", (0, 0), 0),), **kw):
    pack = with_docs(pack_with(ROOM, HALL), sc)
    return map_game(pack, list(heroes), tiles=list(tiles), at=at or {"warrior": (2, 2)}, scenario=sc.id, **kw)


# --------------------------------------------------------------------------- objectives
def test_objectives_read_helpful_and_harmful_places_and_flags_from_the_rules():
    """A place whose rule sets a flag that fires a rule that wins is worth visiting; a place
    whose rule only hurts is avoided; a token picked up for its reward is fetched."""
    sc = scenario(
        goals={"win": [{"goal": "flag", "flag": "done"}]},
        setup={"tokens": [{"id": "gem", "name": "Gem", "at": {"tile": "ROOM", "square": [3, 3]}}]},
        rules=[
            {"when": {"on": "hero_enters", "place": {"rune": "blue"}}, "do": [{"do": "set_flag", "flag": "lit"}]},
            {"when": {"on": "flag_set", "flag": "lit"}, "do": [{"do": "set_flag", "flag": "done"}]},
            {"when": {"on": "hero_enters", "place": {"tile": "ROOM", "square": [1, 3]}},
             "do": [{"do": "damage", "amount": 2}]},
            {"when": {"on": "token_picked_up", "token": "gem"}, "do": [{"do": "give", "loot_cards": 1}]},
        ])
    found = objectives.objectives(sc)
    assert found.good_flags == {"done", "lit"}
    assert [g.rule for g in found.visit] == [0]
    assert [p.square for p in found.avoid] == [(1, 3)]
    assert found.fetch == ["gem"]
    state = game(sc)
    targets = objectives.targets(state)
    assert targets.visit == {(1, 1)} and targets.fetch == {(3, 3)} and targets.avoid == {(1, 3)}


def test_a_place_whose_check_passed_is_no_longer_a_target():
    """A rule guarded by "flag not set" is done once its flag is set."""
    sc = scenario(goals={"win": [{"goal": "flag", "flag": "done"}]},
                  rules=[{"when": {"on": "hero_enters", "place": {"rune": "blue"}},
                          "if": [{"check": "flag", "flag": "done", "is_set": False}],
                          "do": [{"do": "set_flag", "flag": "done"}]}])
    state = game(sc)
    assert objectives.targets(state).visit == {(1, 1)}
    state.scenario.flags.add("done")
    assert objectives.targets(state).visit == frozenset()


def test_the_party_walks_to_the_token_picks_it_up_and_carries_it_to_its_goal():
    """carry_token goal: fetch the token, then its carrier heads for the goal place."""
    sc = scenario(goals={"win": [{"goal": "carry_token", "token": "gem", "to": {"entrance": True}}]},
                  setup={"tokens": [{"id": "gem", "name": "Gem", "at": {"tile": "ROOM", "square": [1, 3]},
                                     "pick_up_ap": 0}]})
    state = game(sc, at={"warrior": (3, 2)}, ap=20)
    assert greedy_bot(state) == Walk((1, 3))
    state.apply(Walk((1, 3)))
    assert greedy_bot(state) == PickUpToken("gem")
    state.apply(PickUpToken("gem"))
    assert greedy_bot(state) == Walk((3, 2))


def test_a_failed_check_on_a_place_is_tried_again_by_stepping_off_and_on():
    sc = scenario(goals={"win": [{"goal": "flag", "flag": "done"}]},
                  rules=[{"when": {"on": "hero_enters", "place": {"rune": "blue"}},
                          "if": [{"check": "flag", "flag": "done", "is_set": False}],
                          "do": [{"do": "check", "attributes": ["STR", "CON"], "tn": 99,
                                  "success": [{"do": "set_flag", "flag": "done"}]}]}])
    state = game(sc, at={"warrior": (1, 1)}, ap=10)
    step = greedy_bot(state)
    assert isinstance(step, Walk) and step.to in {(1, 2), (2, 1)}
    state.apply(step)
    assert greedy_bot(state) == Walk((1, 1))


# --------------------------------------------------------------------------- doors and the party
def test_with_no_monster_about_the_party_opens_a_door_once_a_round():
    """Phase G: a round without a new Room Tile costs a Doom Counter field; a hero on a
    closed door reveals it, and once a door was opened nobody opens another."""
    sc = scenario()
    state = game(sc, at={"warrior": (4, 2)}, ap=10, deck=["HALL"])
    assert greedy_bot(state) == RevealRoomTile((4, 2))
    state.door_opened = True
    assert greedy_bot(state) != RevealRoomTile((4, 2))


def test_party_door_is_the_door_nearest_to_all_standing_heroes():
    sc = scenario()
    state = game(sc, heroes=("warrior", "mage"), at={"warrior": (2, 2), "mage": (8, 4)},
                 tiles=[("ROOM", (0, 0), 0), ("HALL", (1, 0), 0)], deck=["HALL"])  # a Room Tile still to reveal
    # ROOM's door leads into HALL; HALL's south door (9, 2) and east door (7, 4) are closed
    assert party.party_door(state) == (7, 4)


def test_a_hurt_hero_steps_back_behind_a_friend():
    """Target of a Monster: the closest character is attacked; a hurt hero moves where a
    friend stands closer to the monster."""
    corridor = tile("C", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])
    state = map_game(pack_with(corridor), ["mage", "warrior"], tiles=[("C", (0, 0), 0)],
                     at={"mage": (2, 2), "warrior": (2, 1)}, monsters=[("orc", (2, 0))], ap={"mage": 10})
    mage = state.hero("mage")
    mage.hp = 1
    assert party.hurt(mage)
    before = explorer.retreat(state, mage, 10)
    assert isinstance(before, Walk)
    state.apply(before)
    dist = explorer.distances(state, frozenset([(2, 0)]))
    assert dist[where(state, "warrior")] < dist[where(state, "mage")]
    assert explorer.retreat(state, mage, state.ap["mage"]) is None  # one step back a turn


def _hurt_mage_behind_the_warrior(ap: int = 10) -> GameState:
    """The hurt Mage to act, the Warrior between it and an Orc: greedy steps the Mage back."""
    corridor = tile("C", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])
    state = map_game(pack_with(corridor), ["mage", "warrior"], tiles=[("C", (0, 0), 0)],
                     at={"mage": (2, 2), "warrior": (2, 1)}, monsters=[("orc", (2, 0))], ap={"mage": ap})
    state.hero("mage").hp = 1
    return state


def test_a_bot_asked_twice_about_one_state_answers_the_same():
    """A decision reads the game, not the bot's earlier questions: greedy, weak (a fresh one of
    the same seed), search and the ``back`` stance asked twice, and asked about a deep copy made
    before, choose the same. Deciding to step back used to mark the hero as stepped back: the
    second question got an attack."""
    state = _hurt_mage_behind_the_warrior()
    before = copy.deepcopy(state)
    step = greedy_bot(state)
    assert isinstance(step, Walk)
    assert greedy_bot(state) == step == greedy_bot(before)
    for seed in range(4):
        assert make_weak(seed)(state) == make_weak(seed)(state) == make_weak(seed)(copy.deepcopy(before))
    assert make_search(1, samples=2)(state) == make_search(1, samples=2)(state) == step
    assert stances.back(state) == stances.back(state) == stances.back(copy.deepcopy(before))


def test_greedy_answers_the_same_at_every_decision_of_a_played_game():
    """The first 40 decisions of a shipped scenario (three heroes: hurt heroes step back in it),
    each asked twice and of a deep copy made before: the bots' caches in the game's scratch
    (attack facts, the outlasting monsters, the objectives' squares) and the memory of a step
    back change no answer."""
    state = GameState.new(BASE, party_for(hero_pool(BASE), 3, 0), seed=run_seed(1, "goblin_warren", 3, 0),
                          scenario="goblin_warren", options=GameOptions(setup_loot=True))
    while not state.is_over() and len(state.history) < 40:
        before = copy.deepcopy(state)
        action = greedy_bot(state)
        assert greedy_bot(state) == action == greedy_bot(before), len(state.history)
        state.apply(action)


def test_a_step_back_considered_but_not_taken_is_no_step():
    """Greedy would step the hurt Mage back, but the Mage attacks instead (a careless player, a
    search's other candidate): its next choice still steps back; once that step is played, no
    other this turn."""
    state = _hurt_mage_behind_the_warrior(ap=30)
    step = greedy_bot(state)
    assert isinstance(step, Walk)
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Attack)))
    assert state.current_actor() == "mage"
    step = greedy_bot(state)
    assert isinstance(step, Walk)
    state.apply(step)
    assert state.current_actor() == "mage" and not isinstance(greedy_bot(state), Walk)


def _hazard_game(hazard, heroes=("warrior",), once=False, **kw) -> GameState:
    """A game on the corridor C (door west at (2, 0)) whose scenario hurts a hero ending its move
    on ``hazard`` (a place to keep off: ``objectives.Targets.avoid``)."""
    corridor = tile("C", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])
    sc = scenario(goals={"win": [{"goal": "flag", "flag": "never"}]},
                  rules=[{"when": {"on": "hero_enters", "place": {"tile": "C", "square": list(hazard)}},
                          "do": [{"do": "damage", "amount": 3}], "once": once}])
    return map_game(with_docs(pack_with(corridor), sc), list(heroes), tiles=[("C", (0, 0), 0)], scenario=sc.id,
                    deck=["C"], **kw)


def test_a_hero_ends_no_move_on_a_place_whose_rule_only_hurts_when_another_square_serves():
    """README: the bots keep off places whose rules only hurt. Each move below ended on the
    harmful square before: the way to the party's door (3 AP from (2, 4) reach (2, 1), one step
    short: it stops a step earlier), the square to attack the Orc from (another beside it), a hurt
    Mage's step back behind the Warrior (the other corner as far from the Orc)."""
    state = _hazard_game((2, 1), at={"warrior": (2, 4)}, ap=3)
    assert objectives.targets(state).avoid == {(2, 1)}
    assert greedy_bot(state) == Walk((2, 2))
    state = _hazard_game((2, 1), at={"warrior": (2, 4)}, ap=10, monsters=[("orc", (2, 0))])
    assert greedy_bot(state) == Walk((1, 0))
    state = _hazard_game((4, 4), ("mage", "warrior"), at={"mage": (2, 2), "warrior": (2, 1)},
                         monsters=[("orc", (2, 0))], ap={"mage": 10})
    mage = state.hero("mage")
    mage.hp = 1
    assert explorer.retreat(state, mage, 10) == Walk((0, 4))


def test_a_harmful_place_is_crossed_when_the_way_has_no_other_square():
    """With one square of AP a turn the only step toward the door is onto the harmful square:
    the hero takes it rather than wait for ever; and a harmful rule that fired its ``once`` harms
    nobody more."""
    state = _hazard_game((2, 3), at={"warrior": (2, 4)}, ap=1)
    assert greedy_bot(state) == Walk((2, 3))
    state = _hazard_game((2, 3), at={"warrior": (2, 4)}, ap=1, once=True)
    assert objectives.targets(state).avoid == {(2, 3)}
    state.scenario.fired[0] = 1
    assert objectives.targets(state).avoid == frozenset()


def test_a_hurt_hero_without_a_fitter_friend_fights_on_and_opens_doors():
    """Waiting heals nobody and a round without a new Room Tile costs a Doom Counter field:
    a hurt solo hero (Special Rules for 1 or 2 Players: it never falls unconscious) still
    walks to the monster and opens the party's door; beside a fitter friend it holds back."""
    corridor = tile("C", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])
    solo = map_game(pack_with(corridor), ["warrior"], tiles=[("C", (0, 0), 0)],
                    at={"warrior": (2, 4)}, monsters=[("orc", (2, 0))], ap={"warrior": 10})
    warrior = solo.hero("warrior")
    warrior.hp = 1
    assert party.hurt(warrior) and not explorer.holds_back(solo, warrior)
    assert isinstance(explorer.combat_move(solo, warrior, 10), Walk)
    pair = map_game(pack_with(corridor), ["mage", "warrior"], tiles=[("C", (0, 0), 0)],
                    at={"mage": (2, 4), "warrior": (2, 2)}, monsters=[("orc", (2, 0))], ap={"mage": 10})
    pair.hero("mage").hp = 1
    assert explorer.holds_back(pair, pair.hero("mage"))
    assert explorer.combat_move(pair, pair.hero("mage"), 10) is None
    pair.hero("warrior").hp = 1  # both hurt: nobody is fitter, so the mage fights on too
    assert not explorer.holds_back(pair, pair.hero("mage"))
    doors = game(scenario(), at={"warrior": (4, 2)}, ap=10, deck=["HALL"])
    doors.hero("warrior").hp = 1
    assert greedy_bot(doors) == RevealRoomTile((4, 2))


def test_an_unconscious_hero_below_zero_hp_stays_down_while_a_friend_stands():
    state = map_game(pack_with(HALL), ["warrior", "mage"], tiles=[("HALL", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (2, 3)})
    mage = state.hero("mage")
    mage.unconscious, mage.hp = True, -3
    state.phase, state.decision_queue = H, ["mage"]
    assert greedy_bot(state) == StayUnconscious()
    state.hero("warrior").unconscious = True
    assert greedy_bot(state) != StayUnconscious()


def test_healing_a_friend_needs_the_friend_within_range_1():
    """Small Healing Spell (range 1): the Priestess heals a hurt friend next to her, not one
    across the room."""
    corridor = tile("C", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])
    state = map_game(pack_with(corridor), ["priestess", "warrior"], tiles=[("C", (0, 0), 0)],
                     at={"priestess": (2, 2), "warrior": (2, 4)}, monsters=[("orc", (0, 0))], ap=20)
    warrior = state.hero("warrior")
    warrior.hp = 1
    spell = state.hero("priestess").find("small_healing_spell")
    assert UseItem(spell.uid, "warrior") not in state.legal_actions()
    state.board.move_to("warrior", (2, 3))
    assert UseItem(spell.uid, "warrior") in state.legal_actions()
    assert greedy_bot(state) == UseItem(spell.uid, "warrior", False)


# --------------------------------------------------------------------------- equipment and shop
def test_with_no_monster_about_a_hero_puts_on_better_armor_it_carries():
    state = map_game(pack_with(HALL), ["warrior"], tiles=[("HALL", (0, 0), 0)], at={"warrior": (2, 2)}, ap=10)
    warrior = state.hero("warrior")
    armor = [c for c in state.pack.equipment.values()
             if c.armor_rating and c.zone == "head" and warrior.can_equip(c)]
    best = max(armor, key=lambda c: c.armor_rating)
    item = ItemInstance(best, "warrior/extra:1")
    warrior.belt.append(item)
    assert outfit.armor_gain(warrior, best) > 0
    assert greedy_bot(state) == MoveItem(item.uid, "equip")


def test_the_group_buys_a_healing_potion_for_a_hero_without_one_with_a_card_nobody_uses():
    """Phase I: the group pays with a Backpack card; the potion goes to the hero without one."""
    state = GameState.new(pack_with(HALL), ["warrior", "mage"], seed=2, monsters=["orc"],
                          options=QUIET.__class__(max_rounds=3))
    potion = next(c for c in state.pack.equipment.values()
                  if c.card_type == "potion" and c.effect is not None and c.effect.heal_hp > 0 and c.gold)
    for hero in state.heroes:  # nobody holds a healing potion
        for item in list(hero.all_items()):
            if item.card.effect is not None and item.card.effect.heal_hp > 0:
                hero.discard(item)
    worth = next(c for c in state.pack.equipment.values()
                 if c.gold >= potion.gold and c.card_type != "potion" and not state.hero("mage").meets_requirements(c))
    give_card(state, state.hero("warrior"), Card(EQUIPMENT, worth.id, 900))
    state.hero("warrior").move_to_backpack(state.hero("warrior").belt[-1])
    state.phase, state.shop_open = I, True
    state.loot.shop[0] = Card(EQUIPMENT, potion.id, 901)
    action = greedy_bot(state)
    assert isinstance(action, Buy) and action.slots == (0,) and action in state.legal_actions()
    state.apply(action)
    assert any(i.card.id == potion.id for h in state.heroes for i in h.all_items())


def test_in_a_fight_a_hero_off_the_party_tile_walks_back_to_attack_from_it():
    """Phase G: every Room Tile with a character costs a Doom Counter field, so a hero who
    can attack from the party's Room Tile goes back there first."""
    below = tile("BELOW", [".....", ".....", ".....", ".....", "....."], doors=[("north", 2)])
    state = map_game(pack_with(ROOM, below), ["warrior", "mage", "ranger"],
                     tiles=[("ROOM", (0, 0), 0), ("BELOW", (1, 0), 0)],
                     at={"warrior": (1, 1), "mage": (2, 2), "ranger": (6, 2)}, monsters=[("orc", (3, 3))],
                     ap={"ranger": 15})
    step = explorer.regroup(state, state.hero("ranger"), 15)
    assert isinstance(step, Walk) and step.to[0] < 5  # onto ROOM, rows 0-4
    state.board.move_to("ranger", (1, 2))
    assert explorer.regroup(state, state.hero("ranger"), 15) is None


def test_a_hurt_hero_holding_back_does_not_walk_back_beside_the_monsters():
    """A hurt hero that stepped back off the party's Room Tile walked straight back onto it,
    beside the monsters, once it had no attack (a Goblin Warren replay: at -13 HP, dead that
    round). Close to death (-20 kills), back onto the party's tile it goes only where no monster
    can reach it this round; less hurt or fit, it still walks back (Phase G: a Room Tile with a
    character costs a field)."""
    below = tile("BELOW", [".....", ".....", ".....", ".....", "....."], doors=[("north", 2)])

    def mage_below(hp: int) -> GameState:
        state = map_game(pack_with(ROOM, below), ["warrior", "ranger", "mage"],
                         tiles=[("ROOM", (0, 0), 0), ("BELOW", (1, 0), 0)],
                         at={"warrior": (1, 1), "ranger": (2, 2), "mage": (7, 2)}, monsters=[("orc", (3, 3))],
                         ap={"mage": 15})
        state.hero("mage").hp = hp
        return state

    dying = mage_below(-13)
    assert party.holds_back(dying, dying.hero("mage")) and party.close_to_death(dying, dying.hero("mage"))
    assert explorer.party_move(dying, dying.hero("mage"), 15) is None
    for hp in (1, 20):  # hurt (holding back) but far from death, and fit
        state = mage_below(hp)
        step = explorer.party_move(state, state.hero("mage"), 15)
        assert isinstance(step, Walk) and step.to[0] < 5  # onto ROOM, rows 0-4


def test_a_campaign_party_declares_its_escape_when_a_hero_is_close_to_death():
    """Escaping a campaign scenario: the group keeps XP and Monster Points; a death would cost
    the dead hero's equipment. Single scenarios and scenarios barring escape play on."""
    from doria_forge.engine.actions import DeclareEscape

    sc = scenario()
    state = game(sc, ap=10)
    warrior = state.hero("warrior")
    warrior.hp = state.rules.death_threshold + party.ESCAPE_MARGIN
    assert party.give_up(state) is None  # a single scenario
    state.mode = "campaign"
    assert greedy_bot(state) == DeclareEscape()
    warrior.hp += 1
    assert party.give_up(state) is None
    barred = game(scenario(escape={"allowed": False}), ap=10)
    barred.mode = "campaign"
    barred.hero("warrior").hp = barred.rules.death_threshold + 1
    assert party.give_up(barred) is None


def test_a_friend_lying_off_the_party_tile_is_fetched_by_the_nearest_standing_hero():
    """*Unconsciousness*, *Carry Characters*: a friend left lying on another Room Tile than the
    one the party stands on is fetched by the nearest standing hero who carries nobody (it walks
    to the friend); the others go on. A friend lying on the party's own Room Tile is no reason
    to leave it."""
    for lying_at, fetched in (((2, 2), True), ((7, 2), False)):
        state = game(scenario(), heroes=("warrior", "mage", "priestess"),
                     at={"warrior": (5, 2), "mage": lying_at, "priestess": (8, 4)},
                     tiles=[("ROOM", (0, 0), 0), ("HALL", (1, 0), 2)], ap=20)  # HALL turned: its door north
        mage = state.hero("mage")
        mage.unconscious = True
        state.board.lying.add("mage")
        assert party.anchor_slot(state) == (1, 0)  # two of the three stand on HALL
        action = explorer.first(state, state.hero("warrior"), 20)
        assert explorer.first(state, state.hero("priestess"), 20) is None  # not the nearest
        if fetched:
            assert isinstance(action, Walk) and abs(action.to[0] - 2) + abs(action.to[1] - 2) == 1
        else:
            assert action is None


def test_the_party_s_room_tile_follows_the_characters_however_often_it_is_asked():
    """*Phase G*: each Room Tile with a character on it moves the Doom Counter, so the bots keep
    to the Room Tile where most living characters stand (ties: the one placed last). Every
    decision asks it several times: the answer must follow each move, death and carry at once."""
    state = game(scenario(), heroes=("warrior", "mage", "priestess"),
                 at={"warrior": (5, 2), "mage": (2, 2), "priestess": (8, 4)},
                 tiles=[("ROOM", (0, 0), 0), ("HALL", (1, 0), 2)], ap=20)
    board = state.board
    for _ in range(2):
        assert party.anchor_slot(state) == (1, 0)  # warrior and priestess on HALL
    board.move_to("priestess", (2, 3))
    for _ in range(2):
        assert party.anchor_slot(state) == (0, 0)  # mage and priestess on ROOM
    state.hero("priestess").dead = True
    assert party.anchor_slot(state) == (1, 0)  # one on each: HALL was placed last
    board.move_to("warrior", (3, 2))
    assert party.anchor_slot(state) == (0, 0)
    state.hero("mage").unconscious = True  # lying, still living: counted where it lies
    board.lying.add("mage")
    board.move_to("warrior", (6, 2))
    state.hero("priestess").dead = False  # back on ROOM (2, 3) beside the mage
    assert party.anchor_slot(state) == (0, 0)
    board.carried["warrior"] = "mage"  # carried: where its carrier stands, on HALL
    assert party.anchor_slot(state) == (1, 0)
    board.move_to("warrior", (3, 2))
    assert party.anchor_slot(state) == (0, 0)


def test_a_carried_character_is_found_on_its_carrier_s_square_by_every_map_reading():
    """*Carry Characters*: a carried character is where its carrier is. The bots' readings of
    where figures stand (``board.locator()``, ``reach``) read the positions directly while nobody
    is carried and must turn to the carrier the moment someone is."""
    from doria_forge.sim import reach

    state = game(scenario(), heroes=("warrior", "mage"), at={"warrior": (2, 2), "mage": (2, 3)}, ap=20)
    board = state.board
    assert board.locator()("mage") == reach._on_map(state, "mage") == (2, 3)
    assert [h.uid for h in reach.standing(state)] == ["warrior", "mage"]
    state.hero("mage").unconscious = True
    board.positions.pop("mage")
    board.carried["warrior"] = "mage"  # as a Pick Up leaves the board
    assert board.locator()("mage") == reach._on_map(state, "mage") == (2, 2)
    assert reach._at(state, "mage") == (2, 2)
    assert [h.uid for h in reach.standing(state)] == ["warrior"]  # the carried one does not stand
    del board.carried["warrior"]
    assert board.locator()("mage") is None  # put nowhere: off the map


def test_the_party_s_room_tile_is_read_once_a_decision_and_anew_at_the_next():
    """A decision asks for the party's Room Tile two or three times with nobody moved: inside one
    decision (``sim.deciding``) the first answer stands; the next decision, after a hero moved,
    reads where the characters stand now."""
    state = game(scenario(), heroes=("warrior", "mage", "priestess"),
                 at={"warrior": (5, 2), "mage": (2, 2), "priestess": (8, 4)},
                 tiles=[("ROOM", (0, 0), 0), ("HALL", (1, 0), 2)], ap=20)
    with deciding(state):
        assert party.anchor_slot(state) == (1, 0)  # warrior and priestess on HALL
        state.board.move_to("priestess", (2, 3))  # by hand: no bot moves a figure while deciding
        assert party.anchor_slot(state) == (1, 0)
    with deciding(state):
        assert party.anchor_slot(state) == (0, 0)  # mage and priestess on ROOM


def test_with_nothing_else_to_do_a_hero_takes_the_shot_only_a_critical_gets_through():
    """The Golem's Armor Rating lets the Ranger's Tomahawk through on a critical alone: no blow
    to fight for, but with the door opened this round and nothing else to do the AP left would
    be lost, so the turn ends with the shot. The Mage's Psi Orb costs Psi Points: it keeps them."""
    corridor = tile("C", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])
    for hero, shoots in (("ranger", True), ("mage", False)):
        state = map_game(pack_with(corridor), [hero], tiles=[("C", (0, 0), 0)], at={hero: (2, 2)},
                         monsters=[("golem", (2, 3))], ap=10)
        state.door_opened = True
        assert not attack_options(state, state.hero(hero), 10, hurting=True)
        action = greedy_bot(state)
        assert isinstance(action, Attack) == shoots and action in state.legal_actions(), (hero, action)
        if shoots:
            assert action.target_uid == state.monsters[0].uid
        else:
            assert action == EndTurn()


def test_the_search_s_look_ahead_copies_remember_the_step_back_played():
    """The hurt Mage has stepped back this turn and acts again (a potion to drink or not): the
    real party does not step it back again this turn (``party.stepped_back``). The search's
    playouts, on copies of the game, hold the same note, so a copy plays on as the real party
    would; the copies used to start without it (a Mage free to step back again in the look-ahead)."""
    from doria_forge.sim.fight_moves import RETREATED

    state = _hurt_mage_behind_the_warrior(ap=30)
    mage = state.hero("mage")
    mage.pp = -3  # hurt, whatever a potion gives back
    state.apply(greedy_bot(state))
    give_card(state, mage, Card(EQUIPMENT, "small_healing_potion", 900))  # a candidate besides greedy's
    assert state.current_actor() == "mage" and party.stepped_back(state, mage, RETREATED)
    looked = []

    def spy(s):
        if s.round == state.round:
            looked.append(party.stepped_back(s, s.hero("mage"), RETREATED))
        return greedy_bot(s)

    make_search(1, samples=2, passive=True, rollout=spy)(state)  # passive: more than one candidate
    assert looked and all(looked)
    assert party.stepped_back(state, mage, RETREATED)  # the game's own note is left as it was


def _hurt_mage_by_the_door(ap: int):
    """Room Tiles A (columns 0-4) and B (columns 5-9) joined by a door at (2, 4)-(2, 5); the hurt
    Mage to act at (2, 4) with ``ap`` AP, the Warrior beside an Orc in A's far corner."""
    a = tile("TA", ["....."] * 5, doors=[("east", 2)])
    b = tile("TB", ["....."] * 5, doors=[("west", 2)])
    state = map_game(pack_with(a, b), ["mage", "warrior"], tiles=[("TA", (0, 0), 0), ("TB", (0, 1), 0)],
                     at={"mage": (2, 4), "warrior": (4, 1)}, monsters=[("orc", (4, 0))],
                     ap={"mage": ap, "warrior": 1})
    state.hero("mage").hp = 1
    return state


def test_a_hurt_hero_steps_back_onto_the_party_s_room_tile_when_it_is_as_safe():
    """*Phase G*: each Room Tile with a character on it moves the Doom Counter a field. With 2 AP
    the Mage's safest squares lie 8 steps from the Orc, behind the Warrior: (0, 4) on the party's
    Room Tile and (3, 5) on the empty one; it steps back onto the party's. It used to take the
    empty tile's square (the later square in the order that breaks ties): a field more each round."""
    state = _hurt_mage_by_the_door(2)
    assert state.current_actor() == "mage"
    assert greedy_bot(state) == Walk((0, 4))


def test_a_hurt_hero_steps_onto_an_empty_room_tile_only_for_more_than_the_doom_field():
    """With 3 AP the empty Room Tile offers a square one step further from the Orc than the
    party's (9 steps at (4, 5) against 8 at (0, 4)): one step is worth less than the Doom Counter
    field that tile costs, and the Mage steps back onto the party's tile (it used to take (4, 5))."""
    assert fight_moves.DOOM_FIELD_STEPS >= 1
    state = _hurt_mage_by_the_door(3)
    assert greedy_bot(state) == Walk((0, 4))
