"""The verification duel: one premade hero with its standard equipment against one
monster at Monster Level 1-4, adjacent, no movement, played through the
``GameState`` round structure (Phase C initiative, AP spent on the Initiative Board,
the monster activating at its AP value, Phase E poison).

What a duel switches off (``DUEL_OPTIONS``), so that it isolates the hero-vs-monster
matchup: the shop (B, I), loot draws and traps, the monster deck, Phase F
(specials), Phase G (the Doom Counter: Extra Activations and Monster Level ups
would bring other monsters or change the level under test), Phase H (level up: a
duel grants no XP before it ends) and the solo hero bonus before the first round.
Phase E (poison) stays on: Slimecrawler and Golem poison belongs to the matchup.
With one hero the book's *1 Player* rules apply: the hero never becomes
unconscious (fewer dice with negative HP/PP, nothing subtracted), so a duel ends
when the monster is defeated, the hero dies (``rules.death_threshold``) or after
``max_rounds`` rounds (``ended_by="round_limit"``).

Deterministic: the same (pack, hero, monster, level, seed, bot) gives the same result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.hero import HeroState, clone_hero
from doria_forge.model.pack import ContentPack

from .bots import greedy_bot

DUEL_OPTIONS = GameOptions(shop=False, loot=False, doom=False, poison=True, special=False, level_up=False,
                           monster_deck=False, setup_loot=False, start_bonuses=False, end_when_no_monsters=True)
"""The flags of a duel (see the module docstring)."""

ENDED_BY = {
    "monsters_defeated": "monster_defeated",
    "hero_died": "hero_died",
    "all_unconscious": "hero_unconscious",
    "round_limit": "round_limit",
}


@dataclass(frozen=True, slots=True)
class DuelResult:
    """``hero_won``: the monster was defeated; ``rounds`` played; ``hero_hp_lost`` /
    ``monster_hp_lost``: Hit Points at the start minus at the end (a Vampire healing
    above its maximum can make the monster's negative); ``ended_by``:
    ``monster_defeated``, ``hero_died``, ``hero_unconscious`` (only without solo
    rules) or ``round_limit``."""

    hero_won: bool
    rounds: int
    hero_hp_lost: int
    monster_hp_lost: int
    ended_by: str


_TEMPLATES: dict[tuple[int, str], tuple[ContentPack, HeroState]] = {}


def _hero(pack: ContentPack, character_id: str) -> HeroState:
    """The premade hero with its standard items, built once per pack and cloned."""
    key = (id(pack), character_id)
    cached = _TEMPLATES.get(key)
    if cached is None or cached[0] is not pack:
        character = pack.characters[character_id]
        items = [pack.equipment[i] for i in character.standard_items]
        cached = (pack, HeroState.from_character(character, items, pack.rules, uid=character_id))
        if len(_TEMPLATES) > 256:
            _TEMPLATES.clear()
        _TEMPLATES[key] = cached
    return clone_hero(cached[1])


def duel_state(pack: ContentPack, character_id: str, monster_id: str, level: int, seed: int, *,
               max_rounds: int = 30, log: bool = False, options: GameOptions | None = None) -> GameState:
    """The ``GameState`` of a duel, run to the hero's first decision."""
    opts = replace(options or DUEL_OPTIONS, max_rounds=max_rounds)
    return GameState.new(pack, [_hero(pack, character_id)], seed=seed, monster_level=level,
                         monsters=[monster_id], options=opts, log=log)


def run_duel(pack: ContentPack, character_id: str, monster_id: str, level: int, seed: int, *,
             bot: Callable | None = None, max_rounds: int = 30, log: bool = False,
             options: GameOptions | None = None) -> DuelResult:
    """Play one duel of premade hero ``character_id`` against ``monster_id`` at Monster
    Level ``level`` (1-4; higher levels use the level-4 card + HP) with dice ``seed``.
    ``bot`` chooses the hero's actions (default ``greedy_bot``); ``log`` keeps the
    EventLog (off for bulk runs); ``options`` replaces ``DUEL_OPTIONS``.

    Raises KeyError for an unknown hero or monster."""
    state = duel_state(pack, character_id, monster_id, level, seed, max_rounds=max_rounds, log=log,
                       options=options)
    return play_duel(state, bot or greedy_bot)


def play_duel(state: GameState, bot: Callable) -> DuelResult:
    """Play a prepared duel state to its end with ``bot``."""
    hero = state.heroes[0]
    monster = (state.monsters or state.defeated)[0]
    hero_start, monster_start = hero.hp_max, monster.hp_max
    apply = state.apply
    while state.outcome is None:
        apply(bot(state))
    return DuelResult(
        hero_won=state.outcome == "monsters_defeated",
        rounds=state.round,
        hero_hp_lost=hero_start - hero.hp,
        monster_hp_lost=monster_start - monster.hp,
        ended_by=ENDED_BY.get(state.outcome, state.outcome),
    )
