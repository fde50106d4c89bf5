"""Monsters entering the game (Book of Rules *Monster Icons on a Room Tile*, *Monster
modifiers*, *Multiple monsters per monster icon*, *No monster figures available
anymore*, *Current initiative for monsters*).

``add_monster`` puts a figure on the board; ``spawn_monster`` applies the rules around
it (figure limits, Horde, acting at once); ``draw_and_spawn`` draws from the monster
deck first. Phase F: ``summon_in_phase_f`` (behaviour ``summon``) and ``raise_the_dead``
(behaviour ``raise_dead``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from . import abilities
from .monster import MonsterState
from .monster_ai import activate_monster, first_in_order, ordered_where
from .state import D

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model.monster import MonsterModification

    from .board import SpatialBoard
    from .state import GameData


def add_monster(state: GameData, monster_id: str, modifications: Sequence[str] = (), *,
                reason: str = "spawn", near: Any = None) -> MonsterState | None:
    """Put a new monster of ``monster_id`` with ``modifications`` on the board at the
    current Monster Level (no figure check); on a map its figure goes to the free square
    closest to ``near`` (a square or another monster) or, without it, to the entrance
    (``board.monster_square``). Returns ``None`` when no free square is left for it: the
    figure does not enter (the caller plays that as *No monster figures available
    anymore*). Raises ``KeyError`` for unknown ids."""
    return _enter(state, lambda uid: MonsterState.from_pack(state.pack, monster_id, state.monster_level,
                                                            tuple(modifications), uid=uid),
                  monster_id, tuple(modifications), reason, near)


def _enter(state: GameData, build: Callable[[str], MonsterState], monster_id: str, modifications: tuple[str, ...],
           reason: str, near: Any) -> MonsterState | None:
    """Bring the figure ``build(uid)`` makes onto the board (see ``add_monster``)."""
    monster = build(f"{monster_id}-{state.monster_serial + 1}")
    square = state.board.monster_square(state, monster, near)
    if square is None:
        state.log.emit("no_square", None, monster=monster_id, modifications=modifications, reason=reason)
        return None
    state.monster_serial += 1
    state.monsters.append(monster)
    state.log.emit("monster_placed", monster.uid, monster=monster_id, level=monster.level,
                   modifications=modifications, reason=reason)
    if state.board.spatial:
        # drawn once as the figure enters, so that asking who acts next never rolls dice
        monster.data["tie_break"] = state.dice.tie_break()
    state.board.place_monster(state, monster, square, entering=near is None)
    return monster


def spawn_monster(state: GameData, monster_id: str, modifications: tuple[str, ...] = (),
                  *, reason: str = "spawn", near: Any = None, card: bool = False) -> MonsterState | None:
    """Bring a monster of ``monster_id`` with ``modifications`` into play at the
    current Monster Level.

    No figure left (as many of the type on the board as ``monster.figures``), or no free
    square left for it on the map: the first monster of that type in monster order takes
    the modifications (HP rise with its new maximum) and gets an Extra Activation at once;
    returns ``None``.
    A monster card (``card``: drawn from the monster deck, not a figure a scenario names) of a
    monster with the behaviour ``figures_per_card`` brings that many figures (chapter *Multiple
    monsters per monster icon*: "for example, Goblins"), and a modification with ``horde``
    ``extra_figures`` more, with the other modifications (Monster modifiers, EXAMPLE 2: "the
    Horde of exploding Fire Zombies"), each as close as possible to the first; each is
    subject to the figure limit like any monster. In the action phase a monster whose AP is
    above the acting hero's activates immediately.
    """
    pack = state.pack
    mtype = pack.monsters[monster_id]
    mods = tuple(pack.modifications[m] for m in modifications)
    monster = _one_figure(state, monster_id, mods, reason, near)
    if monster is None:
        return None
    kin = tuple(m for m in mods if not m.extra_figures)
    # the card's other figures (Goblins come two to a card) and a Horde's, each as close as
    # possible to the first, with the card's modifications; each is placed for its own reason
    # ("same_card", "horde"), which the replay words (``sim.event_text.REASONS``)
    per_card = abilities.rule_for_type(mtype, mods).figures_per_card if card else 1
    others = ["same_card"] * (per_card - 1) + ["horde"] * sum(m.extra_figures for m in mods)
    for why in others:
        if state.outcome is not None:
            break
        other = _one_figure(state, monster_id, kin, why, monster)
        if other is not None:
            _current_initiative(state, other)
    _current_initiative(state, monster)
    return monster


def _current_initiative(state: GameData, monster: MonsterState) -> None:
    """Chapter *Current initiative for monsters*: a monster revealed in the action phase with
    more AP than the acting hero has left activates at once."""
    if state.phase == D and state.outcome is None and monster.uid not in state.activated:
        top = max((state.ap[h.uid] for h in state.ready_heroes()), default=0)
        if monster.action_points > top:
            state.activated.add(monster.uid)
            activate_monster(state, monster, reason="current_initiative")


def in_play(state: GameData, monster_id: str) -> list[MonsterState]:
    """The monsters of type ``monster_id`` on the board, not defeated (the figures of the box in use)."""
    return [m for m in state.monsters if m.monster.id == monster_id and not m.defeated]


def _one_figure(state: GameData, monster_id: str, mods: tuple[MonsterModification, ...], reason: str,
                near: Any) -> MonsterState | None:
    """One figure of ``monster_id`` with ``mods`` onto the board near ``near``; when the box has
    no figure of it left (or no free square is left for it): ``_no_figure_left`` and ``None``."""
    on_board = in_play(state, monster_id)
    monster = None
    if len(on_board) < state.pack.monsters[monster_id].figures:
        monster = add_monster(state, monster_id, tuple(m.id for m in mods), reason=reason, near=near)
    if monster is None:
        _no_figure_left(state, on_board, mods)
    return monster


def _no_figure_left(state: GameData, on_board: list[MonsterState], mods: tuple[MonsterModification, ...]) -> None:
    """Chapter *No monster figures available anymore*: the first monster of the type on the
    board (monster order) takes the modifications meant for the new one and gets an Extra
    Activation at once."""
    if not on_board:
        return
    host = first_in_order(state, on_board)
    if host is None:
        return
    if mods:
        before = host.hp_max
        host.modifications = host.modifications + mods
        host.hp += host.hp_max - before
    state.log.emit("no_figure_left", host.uid, monster=host.monster.id, modifications=tuple(m.id for m in mods))
    activate_monster(state, host, reason="no_figure_left")


def spawn_boss(state: GameData, boss_id: str, *, level: int | None = None, near: Any = None) -> MonsterState | None:
    """Bring the Boss Monster ``boss_id`` into play at Monster Level ``level`` (default: the
    current one) onto ``near``, activating at once like any monster revealed faster than the
    acting hero; ``None`` when no free square is left for it (see ``add_monster``). Raises
    ``KeyError`` for an unknown boss."""
    return _enter(state, lambda uid: MonsterState.from_boss(state.pack, boss_id, level or state.monster_level,
                                                            uid=uid),
                  boss_id, (), "boss", near)


def draw_and_spawn(state: GameData, reason: str = "monster_icon", near: Any = None) -> MonsterState | None:
    """Draw from the monster deck (modifications until a monster) and spawn it (``near``:
    where its figure goes on a map, see ``add_monster``)."""
    if state.monster_deck is None:
        return None
    drawn = state.monster_deck.draw_monster(state.dice)
    if drawn is None:
        return None
    monster_id, mods = drawn
    state.log.emit("monster_drawn", None, monster=monster_id, modifications=mods)
    return spawn_monster(state, monster_id, mods, reason=reason, near=near, card=True)


def summon_in_phase_f(state: GameData) -> None:
    """Phase F, first step (Monster Modifications, e.g. the Necromancer): every ``summon``
    of every monster, in monster order, brings one monster of its type into play
    (``spawn_monster``, as a drawn card of it would) as close as possible to the summoner.
    With no figure of that type left, one of its type in play gets an Extra Activation
    instead (chapter *No monster figures available anymore*: "As soon as an additional
    monster should be placed and there is no figure available"; the German rulebook names
    monsters placed "aufgrund einer Modifikation"). A summon ``at_most`` N calls none while N of
    the type are in play."""
    for monster in ordered_where(state, lambda m: bool(abilities.rule_for(m).summons)):
        for monster_id, reason, at_most in abilities.rule_for(monster).summons:
            if state.outcome is not None:
                return
            if monster_id in state.pack.monsters and (at_most is None or len(in_play(state, monster_id)) < at_most):
                spawn_monster(state, monster_id, (), reason=reason, card=True, near=monster)


def raise_the_dead(state: GameData) -> None:
    """Phase F: every monster with ``raise_dead`` (the Zombie) calls one more of its type
    onto a free square next to it, toward the nearest hero; one whose type has no figure
    left, or that finds no free square for it, acts instead (chapter *No monster figures
    available anymore*: "every Zombie that cannot multiply will be activated")."""
    board = cast("SpatialBoard", state.board)
    # the first in order multiply; those left when the figures run out are the ones that act
    risers = ordered_where(state, lambda m: abilities.rule_for(m).raises_in_phase_f, leaders_act=False)
    for monster in risers:
        if state.outcome is not None or monster.defeated:
            return
        kind = monster.monster
        alive = len(in_play(state, kind.id))
        if alive >= getattr(kind, "figures", 1):
            activate_monster(state, monster, reason="cannot_raise")
            continue
        here = board.position(monster.uid)
        heroes = [board.position(h.uid) for h in state.heroes if h.can_act and board.position(h.uid) is not None]
        spots = [p for p in board.neighbours(here) if board.occupant(p) is None] if here is not None else []
        if heroes and spots:
            spot = min(spots, key=lambda p: (min(board.range_distance(p, h) for h in heroes), p))
        else:
            spot = here
        if add_monster(state, kind.id, (), reason="raised", near=spot) is None:
            # no free square left for the new Zombie: it cannot multiply, so it acts
            activate_monster(state, monster, reason="cannot_raise")
