"""The ``search`` policy (sim.search): flat Monte Carlo over determinized copies, greedy playing on.

Small fights on a test map: a Warrior next to an Orc holds a healing potion, so its candidates
are greedy's attack and the potion. Playout ends are rated by a scripted ``score`` where a test
needs to know which candidate is better; the budget is counted in playouts."""

from __future__ import annotations

from map_helpers import HALL, map_game, pack_with, tile, with_docs

from doria_forge.engine.actions import Attack, UseItem
from doria_forge.engine.decks import EQUIPMENT, Card
from doria_forge.engine.loot import give_card
from doria_forge.model.scenario import Scenario
from doria_forge.sim import search
from doria_forge.sim.search import make_search


def fight():
    """Phase D, the Warrior to act next to an Orc, a greater healing potion on its Belt."""
    state = map_game(pack_with(HALL), ["warrior", "mage"], tiles=[("HALL", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (4, 4)}, monsters=[("orc", (2, 1))], ap=10)
    warrior = state.hero("warrior")
    give_card(state, warrior, Card(EQUIPMENT, "greater_healing_potion", 900))
    warrior.hp = 9  # hurt, but above the third of its HP at which greedy drinks
    return state


def holds_potion(state) -> bool:
    return any(i.card.id == "greater_healing_potion" for i in state.hero("warrior").all_items())


def scripted(values):
    """A ``score`` that returns ``values`` in turn (one per playout, in the order played)."""
    it = iter(values)
    return lambda state: next(it)


def test_the_candidates_are_greedys_attack_and_the_potion():
    state = fight()
    options = search.candidates(state, state.hero("warrior"), search.WIDTH, passive=False)
    assert isinstance(options[0], Attack) and options[0].target_uid == state.monsters[0].uid
    assert any(isinstance(a, UseItem) for a in options[1:])


def test_search_takes_the_candidate_whose_playouts_end_better():
    """Rated by whether the potion is still held, every playout of the potion ends better (the
    dice do not matter): the search drinks it, against greedy's attack; rated the other way it
    keeps greedy's attack."""
    drink = make_search(3, samples=2, score=lambda s: 0.0 if holds_potion(s) else 100.0)
    assert isinstance(drink(fight()), UseItem)
    keep = make_search(3, samples=2, score=lambda s: 100.0 if holds_potion(s) else 0.0)
    assert isinstance(keep(fight()), Attack)


def test_greedys_choice_keeps_leads_within_the_margin():
    """A challenger must beat greedy's choice by more than ``margin`` a playout."""
    small = make_search(3, samples=1, margin=2.0, confirm=0, score=scripted([0.0, 1.5]))
    assert isinstance(small(fight()), Attack)
    large = make_search(3, samples=1, margin=2.0, confirm=0, score=scripted([0.0, 2.5]))
    assert isinstance(large(fight()), UseItem)


def test_the_budget_is_counted_in_playouts():
    """``samples`` playouts a candidate; with ``confirm``, greedy's choice and a challenger that
    led get ``confirm`` fresh playouts each, and only then."""
    policy = make_search(3, samples=3, confirm=0, score=lambda s: 0.0)
    policy(fight())
    assert (policy.stats.decisions, policy.stats.playouts) == (1, 3 * 2)
    quiet = make_search(3, samples=1, confirm=2, score=lambda s: 0.0)  # nobody leads: nothing to confirm
    quiet(fight())
    assert quiet.stats.playouts == 2
    led = make_search(3, samples=1, confirm=2, score=scripted([0.0, 50.0, 0.0, 40.0, 0.0, 40.0]))
    assert isinstance(led(fight()), UseItem)
    assert led.stats.playouts == 2 + 2 * 2


def test_a_lead_of_one_playout_that_the_confirmation_does_not_repeat_keeps_greedys_choice():
    """The potion led greedy's attack by 50 in the first playout, then fell 60 behind on the first
    fresh pair (behind on all its playouts): greedy's attack, and the second pair is not played.
    Judged on the fresh playouts alone (``pooled=False``), falling 5 behind is enough."""
    policy = make_search(3, samples=1, confirm=2, score=scripted([0.0, 50.0, 0.0, -60.0]))
    assert isinstance(policy(fight()), Attack)
    assert policy.stats.playouts == 2 + 2
    fresh = make_search(3, samples=1, confirm=2, pooled=False, score=scripted([0.0, 50.0, 0.0, -5.0]))
    assert isinstance(fresh(fight()), Attack)
    assert fresh.stats.playouts == 2 + 2


def test_the_confirmation_judges_the_mean_of_all_playouts_of_the_two():
    """Ahead by 3, then by 1 and 1 on the fresh pairs: a mean lead of 5/3, within the margin of 2:
    greedy's attack. Ahead by 3, 3 and 3: the potion. On the fresh pairs alone (``pooled=False``)
    a first lead of 50 does not count: ahead by 3 and 0.5 is a mean of 1.75, greedy's attack."""
    within = make_search(3, samples=1, confirm=2, margin=2.0, score=scripted([0.0, 3.0, 0.0, 1.0, 0.0, 1.0]))
    assert isinstance(within(fight()), Attack)
    beyond = make_search(3, samples=1, confirm=2, margin=2.0, score=scripted([0.0, 3.0, 0.0, 3.0, 0.0, 3.0]))
    assert isinstance(beyond(fight()), UseItem)
    fresh = make_search(3, samples=1, confirm=2, margin=2.0, pooled=False,
                        score=scripted([0.0, 50.0, 0.0, 3.0, 0.0, 0.5]))
    assert isinstance(fresh(fight()), Attack)


def test_the_same_seed_gives_the_same_choice_and_values():
    """The playouts depend only on the policy's seed and what the players know: two fresh
    policies with one seed weigh the same fight alike (the reason line's values included)."""
    from doria_forge.sim.reasons import KEY

    first, second = fight(), fight()
    a = make_search(11, samples=2)(first)
    b = make_search(11, samples=2)(second)
    assert a == b
    assert first.scratch[KEY].alternatives == second.scratch[KEY].alternatives
    assert len(first.scratch[KEY].alternatives) == 2


def test_stepping_back_is_a_candidate_with_retreat_and_ending_the_turn_only_when_passive():
    """The Mage (hurt, a fitter Warrior standing) can step away from the Orc: ``retreat`` adds
    that step but not ``EndTurn``; ``passive`` adds both."""
    from doria_forge.engine.actions import EndTurn, Walk

    state = map_game(pack_with(HALL), ["warrior", "mage"], tiles=[("HALL", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (2, 0)}, monsters=[("orc", (1, 0))], ap=10)
    mage = state.hero("mage")
    mage.hp = 1
    plain = search.candidates(state, mage, search.WIDTH, passive=False)
    stepping = search.candidates(state, mage, search.WIDTH, passive=False, retreat=True)
    waiting = search.candidates(state, mage, search.WIDTH, passive=True)
    steps = [a for a in stepping if isinstance(a, Walk) and a not in plain]
    assert steps and not any(isinstance(a, EndTurn) for a in stepping)
    assert steps[0] in waiting and EndTurn() in waiting


def test_screen_ends_the_first_playouts_sooner_and_the_confirming_ones_at_the_horizon():
    """``screen=1``: the first playout of each candidate stops after this round, the fresh pair
    that confirms a leader runs a round further (``horizon=2``). A fight that lasts: an Ogre and
    an Orc, nine rounds allowed."""
    from dataclasses import replace

    from map_helpers import QUIET

    reached = []

    def score(state):
        reached.append(state.round)
        return 50.0 if len(reached) == 2 else 0.0  # the potion leads the first pair only

    state = map_game(pack_with(HALL), ["warrior", "mage"], tiles=[("HALL", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (4, 4)}, monsters=[("ogre", (2, 1)), ("orc", (3, 1))],
                     ap=10, options=replace(QUIET, max_rounds=9))
    give_card(state, state.hero("warrior"), Card(EQUIPMENT, "greater_healing_potion", 900))
    state.hero("warrior").hp = 9
    make_search(3, samples=1, confirm=1, screen=1, horizon=2, score=score)(state)
    first, confirming = reached[:2], reached[2:]
    assert len(confirming) == 2
    assert first == [state.round + 1] * 2 and confirming == [state.round + 2] * 2


def _lasting_fight():
    """An Ogre and an Orc against a hurt Warrior with a potion and a Mage: a fight that lasts
    (nine rounds allowed)."""
    from dataclasses import replace

    from map_helpers import QUIET

    state = map_game(pack_with(HALL), ["warrior", "mage"], tiles=[("HALL", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (4, 4)}, monsters=[("ogre", (2, 1)), ("orc", (3, 1))],
                     ap=10, options=replace(QUIET, max_rounds=9))
    give_card(state, state.hero("warrior"), Card(EQUIPMENT, "greater_healing_potion", 900))
    state.hero("warrior").hp = 9
    return state


def test_fight_on_plays_a_round_more_only_while_monsters_stand_on_the_map(shipped_pack):
    """In a game of a shipped scenario a playout stops at the round end's last decision (Phase I:
    the shop), and ``fight_on`` goes on from there to the next round's end while monsters stand
    on the map; with none left it does not move."""
    from doria_forge.engine.game import GameState
    from doria_forge.sim.bots import fighting, greedy_bot

    heroes = sorted(c for c, d in shipped_pack.characters.items() if d.premade)[:4]
    state = GameState.new(shipped_pack, heroes, seed=78, scenario="greywater_toll", log=False)
    while not fighting(state):
        state.apply(greedy_bot(state))
    search.play_out(state, greedy_bot, 1)
    end = state.round
    assert state.phase in (search.H, search.I) and search.explorer.monsters_on_map(state)
    fighting_on = state.copy(log=False)
    search.fight_on(fighting_on, greedy_bot, 1)
    assert (fighting_on.round, fighting_on.phase in (search.H, search.I)) == (end + 1, True)
    quiet = state.copy(log=False)
    for monster in quiet.monsters:
        monster.defeated = True
    search.fight_on(quiet, greedy_bot, 1)
    assert (quiet.round, quiet.phase, len(quiet.history)) == (end, state.phase, len(state.history))


def test_extend_rates_a_playout_at_its_horizon_and_a_round_later():
    """``extend=1, extend_weight=0.5``: each playout is rated at the end of this round and again a
    round later (the game goes on), and a candidate is judged on the mean of the two: the potion,
    2 behind greedy's attack at the horizon and 10 ahead a round later (a mean lead of 4, beyond
    the margin of 2), is taken; rated at the horizon alone it is not."""
    reached = []
    values = iter([0.0, 0.0, -2.0, 10.0])

    def score(state):
        reached.append(state.round)
        return next(values)

    state = _lasting_fight()
    options = search.candidates(state, state.hero("warrior"), 1, passive=False)
    assert len(options) == 2 and isinstance(options[1], UseItem)
    policy = make_search(3, samples=1, confirm=0, horizon=1, width=1, extend=1, extend_weight=0.5, score=score)
    assert isinstance(policy(state), UseItem)
    # a playout ends at the first decision after its last round end (as ``screen`` above)
    assert reached == [state.round + 1, state.round + 2] * 2
    plain = make_search(3, samples=1, confirm=0, horizon=1, width=1, score=scripted([0.0, -2.0]))
    assert isinstance(plain(_lasting_fight()), Attack)


def test_a_hurt_hero_weighs_swapping_places_with_a_fitter_friend():
    """Chapter *Swap Places (5 AP)*: the Mage (hurt) stands next to the Orc and the Warrior;
    swapping puts the fitter Warrior in the Mage's square. A candidate with ``swap`` (the
    default), not without it, and never for a hero who is not hurt or a friend less fit."""
    from doria_forge.engine.actions import SwapPlaces

    state = map_game(pack_with(HALL), ["warrior", "mage"], tiles=[("HALL", (0, 0), 0)],
                     at={"warrior": (2, 1), "mage": (2, 0)}, monsters=[("orc", (1, 0))],
                     ap={"mage": 12, "warrior": 10})
    mage, warrior = state.hero("mage"), state.hero("warrior")
    mage.hp = 3
    assert state.current_actor() == mage.uid and SwapPlaces(warrior.uid) in state.legal_actions()
    assert SwapPlaces(warrior.uid) in search.candidates(state, mage, search.WIDTH, passive=False, swap=True)
    assert SwapPlaces(warrior.uid) not in search.candidates(state, mage, search.WIDTH, passive=False)
    mage.hp = mage.hp_max
    assert SwapPlaces(warrior.uid) not in search.candidates(state, mage, search.WIDTH, passive=False, swap=True)
    mage.hp, warrior.hp = 3, 2
    assert SwapPlaces(warrior.uid) not in search.candidates(state, mage, search.WIDTH, passive=False, swap=True)
    assert search.SWAP


def test_a_playout_ending_nearer_the_escape_is_worth_more():
    """An escape goal (every hero must stand on the SHAFT tile at a round's end, as in Cave-In
    at the Salt Mine) counts each standing hero's steps to it in ``value``: the same game with
    the Huntress three steps nearer the shaft is worth more, and once both stand on it no step is
    left to count."""
    shaft = tile("SHAFT", [".....", ".....", ".....", ".....", "....."], doors=[("east", 2)])
    hall = tile("HALL2", [".....", ".....", ".....", ".....", "....."], doors=[("west", 2)])
    sc = Scenario.model_validate({"kind": "scenario", "id": "test", "name": "Test", "story": "s", "goal": "g",
                                  "goals": {"win": [{"goal": "escape", "at": {"tile": "SHAFT"}, "all": True}]}})
    pack = with_docs(pack_with(shaft, hall), sc)

    def at(huntress):
        return map_game(pack, ["warrior", "huntress"], tiles=[("SHAFT", (0, 0), 0), ("HALL2", (0, 1), 0)],
                        at={"warrior": (2, 2), "huntress": huntress}, ap=10, scenario=sc.id)

    far, near, there = at((2, 9)), at((2, 6)), at((2, 3))
    assert search._way_left(far) == 5 and search._way_left(near) == 2 and search._way_left(there) == 0
    assert search.value(far) < search.value(near) < search.value(there)
