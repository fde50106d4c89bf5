"""Defeated monsters (Book of Rules *Defeated Monsters*: Treasures, Experience Points).

The group gets ``rules.xp_per_defeat`` XP plus the modifications' ``extra_xp``; the
hero who defeated the monster draws ``rules.loot_per_defeat`` plus the modifications'
``extra_loot`` Loot Cards at once and plays them in order (Traps trigger immediately;
optional rule ``stop_loot_after_trap``). A monster killed by poison (no killer) gives
XP but no loot. A monster with ``explode_on_defeat`` (the Explosion modification) hurts
every character next to it as it falls (one armor card may block; monsters are unharmed); a
character it kills ends the scenario at once (*Death of a Character*): the blast stops there and
no loot is drawn. The figure leaves the board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .abilities import rule_for
from .combat import absorb_damage
from .ending import a_character_died, check_end
from .hero import HeroState
from .loot import draw_defeat_loot, receive_loot
from .monster import MonsterState
from .triggers import fire

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameData


def on_monster_defeated(state: GameData, monster: MonsterState, killer: HeroState | None) -> None:
    """Play a monster's defeat (see the module docstring); ``killer`` is ``None`` for
    poison and other damage nobody dealt."""
    tiles = state.board.tiles_of(monster)  # before its figure leaves the board
    blast = rule_for(monster).defeat_damage
    if blast:
        for hero in state.board.adjacent_heroes(state, monster):
            state.log.emit("explosion", monster.uid, target=hero.uid, damage=blast)
            absorb_damage(state.log, hero, blast, policy=state.defense_policy, source=monster.uid)
            if hero.dead:  # *Death of a Character*: the scenario ends at once, the blast with it
                break
    if monster in state.monsters:
        state.monsters.remove(monster)
    state.defeated.append(monster)
    xp = state.rules.xp_per_defeat + sum(m.extra_xp for m in monster.modifications)
    state.group_xp += xp
    state.log.emit("group_xp", killer.uid if killer else None, gained=xp, total=state.group_xp, reason=monster.uid)
    state.board.monster_removed(state, monster)
    fire(state, "monster_defeated", monster=monster.monster.id, tiles=tiles, boss=monster.is_boss,
         hero=killer.uid if killer else None)
    if killer is not None and state.options.loot and state.loot is not None \
            and not a_character_died(state):  # a blast that killed ended the scenario
        n = state.rules.loot_per_defeat + sum(m.extra_loot for m in monster.modifications)
        if "stop_loot_after_trap" in state.optional_rules:
            draw_defeat_loot(state, killer, n)
        else:
            cards = [c for c in (state.loot.draw(state.dice) for _ in range(n)) if c is not None]
            receive_loot(state, killer, cards)
    check_end(state)
