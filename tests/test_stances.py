"""Party stances (sim.stances) and the search over them (``make_search(plans=...)``).

Small fights on a test map (a 5 x 5 hall): what each stance does with a hero, and that the
stance the search commits to for a round comes from its playouts, is reproducible from the
policy's seed and does not depend on the order of the cards nobody has seen."""

from __future__ import annotations

import copy

from map_helpers import HALL, map_game, pack_with, where
from test_information import shuffle_hidden

from doria_forge.engine.actions import Attack, EndTurn, Walk
from doria_forge.engine.map.layout import manhattan
from doria_forge.sim import stances
from doria_forge.sim.bots import greedy_bot
from doria_forge.sim.search import SEEN, STANCE, make_search, played_note


def far_orc():
    """The Warrior in the hall's middle row, an Orc four squares off: greedy walks up to it."""
    return map_game(pack_with(HALL), ["warrior", "mage"], tiles=[("HALL", (0, 0), 0)],
                    at={"warrior": (0, 2), "mage": (0, 4)}, monsters=[("orc", (4, 2))], ap=10)


def next_to_orc():
    """The Warrior next to an Orc, room to step away."""
    return map_game(pack_with(HALL), ["warrior", "mage"], tiles=[("HALL", (0, 0), 0)],
                    at={"warrior": (2, 2), "mage": (4, 4)}, monsters=[("orc", (2, 1))], ap=10)


def test_hold_does_not_walk_toward_a_monster_it_cannot_reach():
    """Greedy walks the Warrior toward the far Orc; holding, it waits where it is, so the Orc has
    to come to it."""
    state = far_orc()
    assert isinstance(greedy_bot(state.copy(log=False)), Walk)
    assert stances.hold(state) == EndTurn()


def test_hold_attacks_what_stands_next_to_the_hero():
    state = next_to_orc()
    action = stances.hold(state)
    assert isinstance(action, Attack) and action.target_uid == state.monsters[0].uid


def test_back_steps_away_from_the_monsters_then_waits():
    """Next to the Orc, ``back`` walks to a square farther from it (once a turn), then, with no
    attack from there, ends the turn instead of walking back in."""
    state = next_to_orc()
    orc = where(state, state.monsters[0].uid)
    step = stances.back(state)
    assert isinstance(step, Walk) and manhattan(step.to, orc) > manhattan((2, 2), orc)
    state.apply(step)
    assert stances.back(state) == EndTurn()


def test_focus_attacks_the_monster_closest_to_defeat():
    """Two Orcs next to the Warrior, one nearly beaten: every stance attack goes to that one."""
    state = map_game(pack_with(HALL), ["warrior", "mage"], tiles=[("HALL", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (4, 4)}, monsters=[("orc", (2, 1)), ("orc", (2, 3))], ap=10)
    state.monsters[0].hp = 4
    weak = state.monsters[1]
    weak.hp = 1
    action = stances.focus(state)
    assert isinstance(action, Attack) and action.target_uid == weak.uid


def test_every_stance_plays_greedy_outside_a_fight():
    state = map_game(pack_with(HALL), ["warrior", "mage"], tiles=[("HALL", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (4, 4)}, ap=10)
    for policy in stances.POLICIES.values():
        assert policy(state.copy(log=False)) == greedy_bot(state.copy(log=False))


def rated_by_distance(state):
    """A playout end rated by how far the Warrior stands from the Orc (a stand-off pays)."""
    orc = next((m for m in state.monsters if not m.defeated), None)
    here, there = where(state, "warrior"), orc and where(state, orc.uid)
    return 0.0 if here is None or there is None else float(manhattan(here, there))


def test_the_search_commits_to_the_stance_whose_playouts_end_best_for_the_round():
    """Rated by the distance to the Orc, a stance that does not close in beats greedy's charge;
    the choice is made once a round: the next decision of that round plays it without playouts."""
    state = far_orc()
    policy = make_search(5, plans=stances.STANCES, plan_samples=1, actions=False, score=rated_by_distance)
    first = policy(state)
    assert not isinstance(first, Attack)
    played = policy.stats.playouts
    assert (policy.stats.decisions, played) == (1, len(stances.STANCES))
    assert played_note(state, STANCE) is None  # a commitment once the game has played the decision
    state.apply(first)
    assert played_note(state, STANCE)[2] in ("hold", "back")
    assert state.round == 1 and state.current_actor() is not None
    policy(state)
    assert policy.stats.playouts == played


def test_the_stance_is_reproducible_from_the_seed_and_blind_to_undrawn_cards():
    """Two fresh policies with one seed choose the same stance; so does one playing a copy whose
    undrawn decks and dice are shuffled (the playouts run on determinized copies)."""
    chosen = []
    for state in (next_to_orc(), next_to_orc(), shuffle_hidden(next_to_orc(), seed=3)):
        make_search(9, plans=stances.STANCES, plan_samples=2, actions=False)(state)
        chosen.append(state.scratch[STANCE])
    assert chosen[0] == chosen[1] == chosen[2]


def test_with_plan_new_the_stance_is_chosen_only_when_monsters_have_come():
    """``plan_new``: a stance is searched at the first fight decision after monsters came onto the
    map; the next round, with no new monster, the party plays greedy's charge without playouts."""
    state = far_orc()
    policy = make_search(5, plans=stances.STANCES, plan_samples=1, actions=False, plan_new=True,
                         score=rated_by_distance)
    state.apply(policy(state))
    assert policy.stats.decisions == 1
    state.round += 1
    assert policy(state) == greedy_bot(state.copy(log=False))
    assert policy.stats.decisions == 1


def test_the_plans_search_asked_twice_about_one_state_answers_the_same():
    """Deciding is pure: the plans search asked twice about one state (a fresh policy asked about
    a deep copy made before too) chooses the same and notes nothing that counts before the game
    plays the decision. With ``plan_new`` it used to note the monsters it had seen as it decided:
    asked again, it saw no new monster and played greedy's charge instead of the stance found."""
    state = far_orc()
    before = copy.deepcopy(state)

    def policy():
        return make_search(5, plans=stances.STANCES, plan_samples=1, actions=False, plan_new=True,
                           score=rated_by_distance)

    asked = policy()
    first = asked(state)
    assert not isinstance(first, Attack)  # a stance that keeps its distance, not the charge
    assert asked(state) == first == policy()(before)
    assert played_note(state, STANCE) is None and played_note(state, SEEN) is None


def test_door_move_names_opening_a_door_and_walking_onto_one():
    """The ``doors`` switch weighs these against ending the turn."""
    from map_helpers import tile

    from doria_forge.engine.actions import RevealRoomTile
    from doria_forge.sim.search import door_move

    room = tile("ROOM", [".....", ".....", ".....", ".....", "....."], doors=[("north", 2)])
    state = map_game(pack_with(room), ["warrior", "mage"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (4, 4)}, monsters=[("orc", (0, 4))], ap=10)
    door = state.board.layout.closed_doors()[0]
    assert door_move(state, RevealRoomTile(door)) and door_move(state, Walk(door))
    assert not door_move(state, Walk((3, 3))) and not door_move(state, EndTurn())


def test_opener_leaves_the_door_to_a_friend_with_more_hp():
    """No monster about, greedy walks the Mage (4 HP) onto the party's door; with the Warrior (13
    HP) still to act it waits instead; with the Warrior's AP spent it goes itself."""
    from map_helpers import tile

    room = tile("ROOM", [".....", ".....", ".....", ".....", "....."], doors=[("north", 2)])
    state = map_game(pack_with(room), ["mage", "warrior"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (4, 4), "mage": (2, 3)}, ap=10, deck=["ROOM"])  # a Room Tile behind the door
    assert state.current_actor() == "mage"
    door = state.board.layout.closed_doors()[0]
    assert greedy_bot(state.copy(log=False)) == Walk(door)
    assert stances.with_opener(greedy_bot)(state) == EndTurn()
    state.ap["warrior"] = 0
    assert stances.with_opener(greedy_bot)(state) == Walk(door)
