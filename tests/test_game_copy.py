"""``GameState.copy`` (``engine.copying``): a copy is a deep copy that plays on exactly as the
original does, shares nothing that can change (but the caches kept by layout version, on
purpose), and keeps the original untouched whatever is done to it."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from pydantic import BaseModel

from doria_forge.engine import copying
from doria_forge.engine.actions import Action
from doria_forge.engine.decks import Card
from doria_forge.engine.events import Event
from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.hero import COPY_PLAN as HERO_PLAN
from doria_forge.engine.map.layout import Version
from doria_forge.engine.state import COPY_PLAN as STATE_PLAN
from doria_forge.engine.state import GameData
from doria_forge.model.pack import ContentPack
from doria_forge.sim.play import play_scenario
from doria_forge.sim.policies import make_policy
from doria_forge.sim.scenario_runner import hero_pool, party_for, policy_seed, run_seed

SHARED_ON_PURPOSE = {("Layout", "_memo"), ("Layout", "version"), ("Layout", "_grown_from"),
                     ("Dungeon", "_reach_memo"), ("SightCache", "_known"), ("SightCache", "_version")}
"""Caches kept by layout version (``Layout.version`` tokens): a copy starts with what the game
worked out, and a change of either makes a new version instead of changing them in place."""

DROPPED = {("HeroState", "_eq_cache"), ("MonsterState", "_mod_cache")}
"""Caches a copy works out again from its own objects."""

CLEARED = frozenset({("GameState", "scratch")})
"""What a copy starts empty (the bots' free cache of the game, ``GameData.scratch``)."""


def immutable(value: Any) -> bool:
    """Whether ``value`` can never change (so a copy may share it)."""
    if isinstance(value, (str, int, float, bool, bytes, type(None), Card, Action, Event, ContentPack, Version)):
        return True  # an Event's data is never changed once emitted
    if isinstance(value, (tuple, frozenset)):
        return all(immutable(v) for v in value)
    if isinstance(value, BaseModel):
        return bool(value.model_config.get("frozen"))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        frozen = type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
        return frozen and all(immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return callable(value) and not hasattr(value, "__dict__") or isinstance(value, type)


def _attrs(obj: Any) -> dict[str, Any]:
    found = dict(getattr(obj, "__dict__", {}))
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                found[name] = getattr(obj, name)
    return found


def differences(original: Any, copy: Any, skip: frozenset[tuple[str, str]] = CLEARED) -> list[str]:
    """Every place where ``copy`` is not a deep copy of ``original``: a mutable object shared
    (but ``SHARED_ON_PURPOSE``), another type or value, an object reached twice in one copied
    twice (or two in one), an attribute missing (but ``DROPPED``). Walks every attribute."""
    problems: list[str] = []
    seen: dict[int, Any] = {}
    stack: list[tuple[Any, Any, str, tuple[str, str] | None]] = [(original, copy, "state", None)]
    while stack:
        a, b, path, owned = stack.pop()
        if a is b:
            if not immutable(a) and owned not in SHARED_ON_PURPOSE:
                problems.append(f"{path}: a {type(a).__name__} shared by the copy")
            continue
        if type(a) is not type(b):
            problems.append(f"{path}: {type(a).__name__} copied as {type(b).__name__}")
            continue
        if id(a) in seen:
            if seen[id(a)] is not b:
                problems.append(f"{path}: one object in the game, two in the copy")
            continue
        seen[id(a)] = b
        if isinstance(a, (str, int, float, bool, bytes)) or immutable(a) and not isinstance(a, (tuple, frozenset)):
            if a != b:
                problems.append(f"{path}: {a!r} copied as {b!r}")
        elif isinstance(a, random.Random):
            if a.getstate() != b.getstate():
                problems.append(f"{path}: the dice differ")
        elif isinstance(a, dict):
            if a.keys() != b.keys():
                problems.append(f"{path}: keys differ")
                continue
            stack.extend((v, b[k], f"{path}[{k!r}]", None) for k, v in a.items())
        elif isinstance(a, (list, tuple)):
            if len(a) != len(b):
                problems.append(f"{path}: length {len(a)} copied as {len(b)}")
                continue
            stack.extend((v, w, f"{path}[{i}]", None) for i, (v, w) in enumerate(zip(a, b)))
        elif isinstance(a, (set, frozenset)):
            if a != b or not all(immutable(v) for v in a):
                problems.append(f"{path}: the set differs or holds mutable things")
        else:
            mine, theirs = _attrs(a), _attrs(b)
            kind = type(a).__name__
            for name, value in mine.items():
                if (kind, name) in skip:
                    continue
                if name not in theirs:
                    if (kind, name) not in DROPPED:
                        problems.append(f"{path}.{name}: missing in the copy")
                    continue
                stack.append((value, theirs[name], f"{path}.{name}", (kind, name)))
    return problems


def _game(pack: Any, scenario: str, run: int, steps: int) -> tuple[GameState, Any]:
    seed = run_seed(1, scenario, 4, run)
    state = GameState.new(pack, party_for(hero_pool(pack), 4, run), seed=seed, scenario=scenario,
                          options=GameOptions(setup_loot=True))
    policy = make_policy("greedy", policy_seed(seed))
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(policy(state))
    return state, seed


@pytest.fixture(scope="module")
def midgames(shipped_pack) -> list[GameState]:
    """Games of every shipped scenario (4 heroes) stopped early and late: monsters on the map,
    Room Tiles revealed, cards carried and damaged, tokens, fallen monsters."""
    games = []
    for scenario in sorted(shipped_pack.scenarios):
        # three samples: a change of the engine or the bots that ends one more game before its
        # stop still leaves enough games under way
        for run, steps in ((0, 25), (1, 60), (2, 40)):
            state, _ = _game(shipped_pack, scenario, run, steps)
            if not state.is_over():
                games.append(state)
    assert len(games) >= 12
    return games


def test_a_copy_is_a_deep_copy_that_shares_nothing_that_changes(midgames):
    for state in midgames:
        assert differences(state, state.copy()) == []


def test_a_copy_with_fresh_dice_and_no_log_copies_everything_else(midgames):
    skip = CLEARED | {("GameState", "dice"), ("GameState", "log")}
    for state in midgames:
        twin = state.copy(seed=3, log=False)
        assert differences(state, twin, skip) == []
        assert not twin.log.enabled and len(twin.log) == 0


def test_the_check_finds_a_list_the_copy_would_share(midgames, monkeypatch):
    """The walk above would catch a plan that shares a mutable field (here a hero's Belt, a
    Dungeon's figure positions and the Loot stacks), and a field nobody planned for is still
    copied deeply (``engine.copying``: unnamed attributes fall back to ``copy.deepcopy``)."""
    state = midgames[-1]
    monkeypatch.setitem(HERO_PLAN, "belt", copying.share)
    monkeypatch.setitem(STATE_PLAN, "ap", copying.share)
    found = differences(state, state.copy())
    assert any(p.endswith(".belt: a list shared by the copy") for p in found)
    assert any(p.endswith(".ap: a dict shared by the copy") for p in found)
    monkeypatch.undo()
    state.heroes[0].__dict__["notes"] = {"seen": [1, 2]}  # a field added later, in no plan
    state.board.__dict__["marks"] = [[1], [2]]
    try:
        twin = state.copy()
        assert differences(state, twin) == []
        assert twin.heroes[0].__dict__["notes"] == {"seen": [1, 2]}
    finally:
        del state.heroes[0].__dict__["notes"], state.board.__dict__["marks"]


def test_every_field_of_the_game_has_a_copy_plan():
    """A new field of ``GameData`` gets a line in ``COPY_PLAN`` (it would be deep-copied
    meanwhile: safe, slower)."""
    assert {f.name for f in dataclasses.fields(GameData)} == set(STATE_PLAN)


def test_a_copy_plays_on_exactly_as_the_game(shipped_pack):
    """Same dice, same policy seed: the same actions, outcome, heroes and saved game."""
    for scenario, run, steps in (("greywater_toll", 0, 60), ("warlords_muster", 1, 90), ("goblin_warren", 2, 30)):
        state, seed = _game(shipped_pack, scenario, run, steps)
        twin = state.copy()
        for game in (state, twin):
            play_scenario(game, make_policy("greedy", policy_seed(seed) + 1))
        assert twin.history == state.history and twin.outcome == state.outcome
        assert twin.to_json() == state.to_json()
        assert [(h.uid, h.hp, h.pp, [i.uid for i in h.all_items()]) for h in twin.heroes] == \
               [(h.uid, h.hp, h.pp, [i.uid for i in h.all_items()]) for h in state.heroes]
        assert [e.kind for e in twin.log] == [e.kind for e in state.log]


def _fingerprint(state: GameState) -> Any:
    board = state.board
    play = state.scenario
    return (repr([(h.hp, h.pp, h.dead, sorted(h.hero_bonuses), dict(h.attributes),
                   [(i.uid, i.damaged) for i in h.all_items()], list(h.belt)) for h in state.heroes]),
            dict(board.positions), sorted(board.lying), list(board.deck), dict(board.layout.markers),
            [list(s) for s in state.loot.stacks], list(state.loot.discard), list(state.monster_deck.cards),
            [(m.uid, m.hp, dict(m.data)) for m in state.monsters], dict(state.ap), len(state.history),
            sorted(play.flags), {k: dataclasses.astuple(t) for k, t in play.tokens.items()}, sorted(play.revealed))


def test_changing_a_copy_leaves_the_game_untouched(midgames):
    for state in midgames:
        before = _fingerprint(state)
        twin = state.copy()
        hero = twin.heroes[0]
        hero.hp -= 5
        hero.hero_bonuses.add("extra_damage")
        hero.attributes["STR"] = 1
        for item in hero.all_items():
            item.damaged = not item.damaged
        hero.belt.clear()
        twin.board.positions[hero.uid] = (99, 99)
        twin.board.lying.add("nobody")
        twin.board.deck.clear()
        twin.board.layout.add_marker((0, 0), "marker:test")
        twin.loot.stacks[0].clear()
        twin.loot.discard.append(Card("trap", "test"))
        twin.monster_deck.cards.clear()
        for monster in twin.monsters:
            monster.hp -= 1
            monster.data["entering"] = "test"
        twin.ap["nobody"] = 3
        twin.history.append(None)
        twin.scenario.flags.add("test-flag")
        twin.scenario.revealed.add("test-tile")
        for token in twin.scenario.tokens.values():
            token.carrier = "nobody"
        assert _fingerprint(state) == before
