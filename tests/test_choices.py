"""The choices the Book of Rules leaves to the players, asked of a choice policy
(engine.choices): the engine's own reading by default, for the heroes, against them, at random."""

from __future__ import annotations

import pytest
from map_helpers import map_game, pack_with, tile, where

from doria_forge.engine.actions import PlaceSecretDoor, RevealRoomTile
from doria_forge.engine.choices import OPEN_CHOICES, ChoicePolicy, order
from doria_forge.engine.dice import DiceRoller
from doria_forge.engine.game import GameState
from doria_forge.engine.monster_ai import ordered_monsters, plan
from doria_forge.engine.spawn import raise_the_dead, spawn_monster
from doria_forge.sim.bots import greedy_bot
from doria_forge.sim.explorer import place_tile
from doria_forge.sim.play import play_scenario

ROOM = tile("ROOM", [".....", ".....", ".....", ".....", "....."], doors=[("south", 2)])


def _game(choices=None, seed=3):
    state = GameState.new(_game.pack, ["warrior", "mage", "ranger", "priestess"], seed=seed,
                          scenario="goblin_warren", choices=choices, log=True)
    play_scenario(state, greedy_bot)
    return state


def test_every_open_choice_names_its_chapter_its_passage_and_both_readings():
    for choice in OPEN_CHOICES.values():
        assert choice.chapter and choice.passage and choice.engine and choice.for_heroes


def test_the_book_reading_plays_the_same_game_as_no_choice_policy_and_counts_the_choices(shipped_pack):
    """Without a choice policy the engine decides as it always did; a policy that plays every
    choice as the book reads it gives the very same game, and counts how often each came up."""
    _game.pack = shipped_pack
    plain = _game()
    counting = ChoicePolicy()
    counted = _game(counting)
    assert [(e.kind, e.actor, e.data) for e in plain.log] == [(e.kind, e.actor, e.data) for e in counted.log]
    assert counted.replayable and sum(counting.counts.values()) > 0
    assert set(counting.counts) <= set(OPEN_CHOICES)


def test_whatever_it_decides_a_choice_policy_draws_the_dice_the_engine_would(shipped_pack):
    """So two games that differ only in one open choice keep the same dice (common random
    numbers for the rules-clarity report)."""
    states = []
    for mode in ("book", "heroes", "against", "random"):
        dice = DiceRoller(11)
        holder = type("S", (), {"choice_policy": ChoicePolicy(mode=mode, seed=2), "dice": dice})()
        picked = order(holder, "monster_target", [1, 2, 3, 4], benefit=float,
                       default=lambda o: (dice.shuffle(o), o)[1])
        states.append(dice.getstate())
        if mode == "heroes":
            assert picked[0] == 4
        if mode == "against":
            assert picked[0] == 1
    assert all(s == states[0] for s in states)


def test_a_game_whose_choices_depart_from_the_book_cannot_be_replayed(shipped_pack):
    state = GameState.new(shipped_pack, ["warrior"], seed=1, scenario="goblin_warren",
                          choices=ChoicePolicy(modes={"monster_target": "against"}))
    assert not state.replayable
    with pytest.raises(ValueError):
        ChoicePolicy(mode="kind")
    with pytest.raises(ValueError):
        ChoicePolicy(modes={"who_buys_the_beer": "heroes"})


def _tied(choices):
    """Two identical warriors at the same distance from an Orc (criteria 2-4 of *Target of a
    Monster* leave them equal); the second is badly hurt."""
    state = map_game(pack_with(ROOM), ["warrior", "warrior"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (2, 1), "warrior-2": (2, 3)}, monsters=[("orc", (2, 2))], ap=0)
    state.hero("warrior-2").hp = 2
    state.choice_policy = choices
    return state


def test_criterion_5_the_players_decide_which_character_is_attacked():
    """Target of a Monster, 5. Player decision: "If there are still any uncertainties, the players
    may decide which character is attacked." For the heroes, the Orc strikes the warrior with the
    most HP left; against them, the one about to fall; the engine's reading is a draw."""
    orc = lambda s: s.monsters[0]  # noqa: E731
    heroes = _tied(ChoicePolicy(modes={"monster_target": "heroes"}))
    assert [h.uid for h in plan(heroes, orc(heroes)).targets] == ["warrior"]
    against = _tied(ChoicePolicy(modes={"monster_target": "against"}))
    assert [h.uid for h in plan(against, orc(against)).targets] == ["warrior-2"]
    seen = set()
    for seed in range(12):
        s = _tied(None)
        s.dice = DiceRoller(seed)
        seen.add(plan(s, orc(s)).targets[0].uid)
    assert seen == {"warrior", "warrior-2"}
    assert heroes.choice_policy.counts["monster_target"] >= 1


def test_where_the_second_goblin_enters_among_equal_squares_is_the_players_decision():
    """Multiple monsters per monster icon: "every additional monster is placed as close as possible
    to the first monster". Among equally close squares (and equally close to the weakest hero),
    the engine's reading takes the north-west one; the players may put it elsewhere."""
    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], icons=[(2, 2, "white")])
    spots = {}
    for mode in (None, "heroes", "against"):
        state = map_game(pack_with(room), ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": (0, 2)}, ap=30,
                         deck=["A-3"], monster_cards=["goblin"])
        state.choice_policy = ChoicePolicy(modes={"monster_placement": mode}) if mode else None
        state.apply(RevealRoomTile((0, 2)))
        first, second = state.monsters
        assert abs(where(state, second.uid)[0] - where(state, first.uid)[0]) \
            + abs(where(state, second.uid)[1] - where(state, first.uid)[1]) == 1
        spots[mode] = where(state, second.uid)
    mage = (0, 2)

    def far(p):
        return abs(p[0] - mage[0]) + abs(p[1] - mage[1])

    assert far(spots["heroes"]) >= far(spots["against"])


def test_the_side_of_a_dead_ends_secret_door_is_asked_of_the_choice_policy():
    """Dead Ends: "the players may decide where the Secret Door materializes". The bots take the
    first side offered unless the game's choice policy decides otherwise."""
    start = tile("S", ["##.##", "#...#", "#...#", "#...#", "#####"], doors=[("north", 2)],
                 starts=[(2, 2)], entrances=[(3, 2)])
    closet = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)])
    picks, sides = {}, {}
    for mode in (None, "heroes", "against"):
        state = map_game(pack_with(start, closet), ["mage"], tiles=[("S", (0, 0), 0)], at={"mage": (0, 2)},
                         deck=["A-3", "B-3"])
        state.choice_policy = ChoicePolicy(modes={"secret_door_side": mode}) if mode else None
        state.apply(RevealRoomTile((0, 2)))
        state.board.move_to("mage", (-3, 3))  # in the closet, next to its east wall
        picks[mode] = place_tile(state)
        sides[mode] = state.board.pending_secret_door.options[picks[mode].index][1]
    assert picks[None] == PlaceSecretDoor(0)
    assert sides["heroes"] == "east" and sides["against"] != "east"


def test_only_a_tie_for_the_square_a_monster_takes_is_an_open_choice():
    """A monster takes the first square of its order; squares tying further down decide nothing,
    so they are neither asked nor drawn: asking them counted choices no game could feel (36 of 45
    ``monster_square`` choices of 30 games of The Goblin Warren)."""
    from doria_forge.engine.monster_ai import _best_of

    state = _game(ChoicePolicy(mode="heroes"))
    counts = state.choice_policy.counts
    before = counts.get("monster_square", 0)
    taken = _best_of(state, ["a", "b", "c"], {"a": 0, "b": 1, "c": 1}.__getitem__, "monster_square", lambda sq: 0.0)
    assert taken == "a" and counts.get("monster_square", 0) == before
    tied = _best_of(state, ["a", "b", "c"], {"a": 0, "b": 0, "c": 1}.__getitem__, "monster_square",
                    {"a": 0.0, "b": 1.0, "c": 5.0}.__getitem__)
    assert tied == "b" and counts["monster_square"] == before + 1  # for the heroes: b, never c


def _twin_orcs(choices):
    """Two Orcs that the first four criteria of *Monster Order* leave equal (same AP, letter,
    distance 1 to a hero, no modification): one beside a healthy warrior, one beside a warrior
    5 HP short of death; the box holds no third Orc figure."""
    state = map_game(pack_with(ROOM), ["warrior", "warrior"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (1, 1), "warrior-2": (3, 3)}, monsters=[("orc", (1, 2)), ("orc", (3, 2))], ap=0)
    state.hero("warrior-2").hp = state.rules.death_threshold + 5
    state.choice_policy = choices
    return state


def test_criterion_5_the_players_decide_which_of_two_equal_monsters_acts_first():
    """Monster Order, 5. Player decision, between two monsters of one kind: against the heroes the
    Orc about to strike the warrior near death leads, for them the other one; so when no Orc
    figure is left (*No monster figures available anymore*) the Extra Activation goes to the
    first of them, and the warrior near death is struck only when the players decide against
    themselves. Rated by the damage alone, the twins tied and both policies took the same order."""
    struck, leads = {}, {}
    for mode in ("heroes", "against"):
        state = _twin_orcs(ChoicePolicy(modes={"monster_order": mode}))
        leads[mode] = [where(state, m.uid) for m in ordered_monsters(state)]
        spawn_monster(state, "orc", reason="test")
        host = next(e for e in state.log if e.kind == "no_figure_left").actor
        struck[mode] = next(e.data["targets"] for e in state.log if e.kind == "activation" and e.actor == host)
        assert state.choice_policy.counts["monster_order"] >= 1
    assert leads["against"] == [(3, 2), (1, 2)] and leads["heroes"] == [(1, 2), (3, 2)]
    assert struck["against"] == ("warrior-2",) and struck["heroes"] == ("warrior",)


def test_rating_the_monster_order_draws_none_of_the_games_dice():
    """The for/against rating plans each monster's activation on a copy of the game: the game's
    dice, its board and the other choices' counts stay as they were."""
    state = _twin_orcs(ChoicePolicy(modes={"monster_order": "against"}))
    dice, squares = state.dice.getstate(), {m.uid: where(state, m.uid) for m in state.monsters}
    ordered_monsters(state)
    assert state.dice.getstate() == dice and {m.uid: where(state, m.uid) for m in state.monsters} == squares
    assert set(state.choice_policy.counts) == {"monster_order"}


def test_of_two_equal_zombies_the_one_that_multiplies_is_the_players_decision():
    """*No monster figures available anymore*: "every Zombie that cannot multiply will be
    activated". With one Zombie figure left, the first of two equal Zombies multiplies and the
    other strikes: against the heroes the one beside the warrior near death is left to strike,
    for them the one beside the healthy warrior."""
    struck = {}
    for mode in ("heroes", "against"):
        state = map_game(pack_with(ROOM), ["warrior", "warrior"], tiles=[("ROOM", (0, 0), 0)],
                         at={"warrior": (1, 1), "warrior-2": (3, 3)},
                         monsters=[("zombie", (1, 2)), ("zombie", (3, 2)), ("zombie", (0, 4)), ("zombie", (4, 0))],
                         ap=0)
        state.hero("warrior-2").hp = state.rules.death_threshold + 5
        state.choice_policy = ChoicePolicy(modes={"monster_order": mode})
        twins = {m.uid for m in state.monsters[:2]}
        raise_the_dead(state)
        struck[mode] = [e.data["targets"] for e in state.log if e.kind == "activation"
                        and e.data["reason"] == "cannot_raise" and e.actor in twins]
    assert struck["against"] == [("warrior-2",)] and struck["heroes"] == [("warrior",)]
