"""A bot party's situation on the map, as its moves read it: who is hurt and holds back (chapter
*Unconsciousness*), whether a campaign party gives the scenario up (*Escaping a campaign
scenario*), who lies unconscious with nobody carrying it, the Room Tile where the party stands
(each Room Tile with a character on it moves the Doom Counter: *Phase G*), whether a fight is
under way and whether the goal can wait for it, and which closed door the party opens next.
"""

from __future__ import annotations

from typing import Any

from doria_forge.engine.actions import Action, DeclareEscape
from doria_forge.engine.doom import doom_steps
from doria_forge.engine.hero import HeroState
from doria_forge.engine.map.layout import slot_of

from . import objectives
from .deciding import per_decision
from .hurting import ranges_against
from .reach import FAR, Pos, _at, _on_map, distances, monsters_on_map, standing

HURT_SHARE = 0.5
"""Share of its HP at or below which a hero is hurt (``hurt``)."""


def hurt(hero: HeroState) -> bool:
    """Half its HP or less (at least 1), or negative PP: time to stay out of reach."""
    return hero.hp <= max(1, int(hero.hp_max * HURT_SHARE)) or hero.pp < 0


@per_decision
def holds_back(state: Any, hero: HeroState) -> bool:
    """A hurt hero with a fitter friend standing leaves the fighting and the doors to the
    friend. Without one it fights on: waiting heals nobody (negative points are only
    regained unconscious), the Doom Counter moves every round without a new Room Tile, and
    a solo hero never falls unconscious (chapter *Special Rules for 1 or 2 Players*)."""
    return hurt(hero) and any(not hurt(h) for h in standing(state) if h is not hero)


STEP_BACKS = "step-backs"
"""The ``state.scratch`` key of the bots' step-back notes: ``{note key: {hero uid: (round, length
of the history, step)}}`` (``chose_step_back``; each move that steps back keeps its own note key)."""


def chose_step_back(state: Any, hero: HeroState, key: str, step: Action) -> Action:
    """Note that ``hero``, deciding now, chose ``step`` to step back, and return ``step``. The
    note (``state.scratch[STEP_BACKS][key]``: ``{hero uid: (round, length of the history, step)}``,
    the last choice of each hero) changes no answer in this state: a step counts from when the game
    has played it (``stepped_back``), so a bot asked twice answers the same, and a step considered
    but not taken (a search's other candidate won, a careless player attacked) is no step."""
    noted = state.scratch.setdefault(STEP_BACKS, {}).setdefault(key, {})
    noted[hero.uid] = (state.round, len(state.history), step)
    return step


def stepped_back(state: Any, hero: HeroState, key: str) -> bool:
    """Whether the last step back played this round (noted under ``key``, ``chose_step_back``:
    one that stands in the game's history where it was chosen) is ``hero``'s: one step back a
    turn, the next choice made from there; a hero steps back again once a friend has stepped back
    after it (the Initiative Board lets them take turns within a round)."""
    noted = state.scratch.get(STEP_BACKS, {}).get(key)
    if not noted:
        return False
    history, now = state.history, state.round
    last, by = -1, None
    for uid, (chosen_round, at, step) in noted.items():
        if chosen_round == now and last < at < len(history) and history[at] == step:
            last, by = at, uid
    return by == hero.uid


def carry_step_backs(state: Any, copy: Any) -> Any:
    """Give ``copy`` (a look-ahead copy of ``state``: ``GameState.copy`` and ``determinized``
    start the bots' notes empty) ``state``'s step-back notes, and return it: a hero that stepped
    back this turn does not step back again in the copy, as it would not in the game. The notes
    are copied (the copy's choices note into its own); the steps are immutable actions."""
    notes = state.scratch.get(STEP_BACKS)
    if notes:
        copy.scratch[STEP_BACKS] = {key: dict(noted) for key, noted in notes.items()}
    return copy


ESCAPE_MARGIN = 8
"""Points (HP or PP) above death at which a campaign party gives the scenario up."""


def give_up(state: Any) -> Action | None:
    """Declare the escape of a campaign scenario that allows it when a character is within
    ``ESCAPE_MARGIN`` points of death (chapter *Escaping a campaign scenario*: the group keeps
    its XP and Monster Points, where a death costs the dead hero's equipment)."""
    return DeclareEscape() if play_escape_pending(state) and not left_behind(state) else None


def close_to_death(state: Any, hero: HeroState) -> bool:
    """A living character within ``ESCAPE_MARGIN`` points (HP or PP) of death (chapter *Hit
    Points*: -20 HP or PP kills, ``rules.death_threshold``)."""
    return not hero.dead and min(hero.hp, hero.pp) <= state.rules.death_threshold + ESCAPE_MARGIN


def left_behind(state: Any) -> list[HeroState]:
    """Unconscious friends nobody carries while a standing hero who carries nobody could pick
    them up: an escape now would leave them lying where the monsters are."""
    board = state.board
    carried = set(board.carried.values())
    free_hands = [h for h in standing(state) if h.uid not in board.carried]
    if not free_hands:
        return []
    return [h for h in state.heroes if not h.dead and not h.can_act and h.uid not in carried
            and _on_map(state, h.uid) is not None]


def play_escape_pending(state: Any) -> bool:
    """A campaign scenario the party would give up now (its escape allowed and not declared, a
    character close to death), whether or not a friend is left lying (``give_up`` waits for them)."""
    play = state.scenario
    if play is None or state.mode != "campaign" or not play.scenario.escape.allowed or play.escape_declared:
        return False
    return any(close_to_death(state, h) for h in state.heroes)


@per_decision
def anchor_slot(state: Any) -> tuple[int, int] | None:
    """The Room Tile slot where most living characters are (ties: the one placed last). Worked
    out once a decision (``sim.deciding``: a decision asks two or three times with nobody moved);
    every decision reads the figures anew (a move, a tile or a death changes the answer)."""
    board = state.board
    counts: dict[tuple[int, int], int] = {}
    for h in state.heroes:
        where = _on_map(state, h.uid)
        if not h.dead and where is not None:
            slot = slot_of(where)
            counts[slot] = counts.get(slot, 0) + 1
    if len(counts) < 2:  # every decision asks: most often the party stands together
        return next(iter(counts), None)
    tiles = board.layout.tiles  # slot -> its placed tile

    def rank(s: tuple[int, int]) -> tuple:
        placed = tiles.get(s)
        return (counts[s], placed.order if placed is not None else -1, s)

    return max(counts, key=rank)


@per_decision
def costly_split(state: Any, hero: HeroState) -> frozenset[tuple[int, int]] | None:
    """The Room Tile slots other characters stand on, when ``hero`` ending the round on any other
    Room Tile would make the Doom Counter step onto an effect field (an Extra Activation or a
    Monster Level Up) in Phase G that it would not reach with ``hero`` where it stands; ``None``
    when no tile costs that (the hero stands alone already or has no friend on the map, the game
    plays without the Doom Counter, or the extra field is a plain one).

    *Phase G: Doom Counter*: one field for each Room Tile with a character on it (unconscious ones
    too), one more when no door was opened this round, and its effects play at once. A careful
    party counts it from the open table (the track, the round marker's door side, where the
    figures stand), as if the others stayed where they are: in the first round, with a door opened
    and the party on two Room Tiles, the marker goes from the head over 40 onto 39, an Extra
    Activation of every monster, where one tile stops it on 40 (the chapter's example)."""
    here = _on_map(state, hero.uid)
    if here is None or not state.options.doom:
        return None
    held = frozenset(slot_of(where) for h in state.heroes if h is not hero and not h.dead
                     and (where := _on_map(state, h.uid)) is not None)
    if not held or slot_of(here) not in held:
        return None  # alone already (or solo): another tile costs no field more than staying
    doom = state.doom
    split = doom.preview(doom_steps(len(held) + 1, state.door_opened))
    stay = doom.preview(doom_steps(len(held), state.door_opened))
    return held if len(split) > len(stay) else None


def engaged(state: Any) -> bool:
    """Whether a standing hero has a monster next to it that the party can hurt (what a new Room
    Tile brings would join a fight already under way). A monster no standing hero can hurt is
    no fight to finish first: waiting for it to go away only lets the Doom Counter run, so the
    party goes on exploring."""
    board = state.board
    heroes = standing(state)
    near = {n for h in heroes for n in board.layout.neighbours(_at(state, h.uid))}
    # which monsters the party can hurt is asked only of those next to a hero (every decision asks)
    return any(_at(state, m.uid) in near and any(ranges_against(state, h, m) for h in heroes)
               for m in monsters_on_map(state))


def goal_needs_tiles(state: Any) -> bool:
    """Whether the goal cannot wait for the fight to end: the scenario's target Room Tile (where
    its goal happens; in an exploration game without one, the tile under the Boss Monster card,
    the setup's ``boss_card``) is not revealed yet and nothing on the map is known to steer for. Measured
    at 4 heroes, 200 runs: holding the doors shut in every fight cost The Alchemist's Fuse 26
    points of win rate (66% against 92%) and The Goblin Warren 18 (28% against 46%)."""
    play = state.scenario
    if play is None:
        return False
    setup = play.scenario.setup
    target = setup.target_tile
    if target is None and setup.boss_card is not None:
        # an exploration game: the goal waits under the Boss Monster card until it comes out of
        # the stack (whether it has is on the table; which tile holds it is not)
        target = getattr(state.board, "boss_card_tile", None)
    return target is not None and target not in play.revealed and not objectives.targets(state).any


def together(state: Any, slot: tuple[int, int]) -> bool:
    """Every standing hero is on the Room Tile in ``slot`` or has no AP left to get there."""
    for h in standing(state):
        where = _at(state, h.uid)
        if slot_of(where) != slot and state.ap.get(h.uid, 0) >= 1:
            return False
    return True


def party_door(state: Any) -> Pos | None:
    """The closed door the party opens next: the fewest steps summed over the standing
    heroes (ties: square order); ``None`` when no door is left."""
    doors = party_doors(state)
    return doors[0] if doors else None


def openable_doors(state: Any) -> list[Pos]:
    """The closed doors a hero may still open to reveal a Room Tile: none while the Room Tile
    deck is empty (its size lies open on the table: behind every door the heroes would find a
    dead door, and walk there for nothing), else those not found dead."""
    board = state.board
    if not board.deck:
        return []
    layout = board.layout
    return [d for d in layout.closed_doors() if d not in layout.dead_doors]


def party_doors(state: Any) -> list[Pos]:
    """The closed doors in the order the party would open them (see :func:`party_door`)."""
    doors = openable_doors(state)
    if not doors:
        return []
    fields = [distances(state, frozenset([_at(state, h.uid)])) for h in standing(state)]
    return sorted(doors, key=lambda d: (sum(f.get(d, FAR) for f in fields), d))
