"""The board: where figures stand and what the map allows.

Every question the rules ask of the map goes through a :class:`Board` (distances,
range and Line of Sight, moving monsters, Room Tiles occupied for Phase G, Loot
Markers, who a Trap reaches, throwing, Phase F map effects).
:class:`NoMap` answers them for games without a map (duels, rules tests): every hero
is at distance 0 from every monster and in range, all heroes share one Room Tile
(``options.occupied_room_tiles``), no door is opened unless ``state.door_opened`` is
set, ``state.loot_markers`` Loot Markers are reachable. The dungeon map
(``engine.map``) is the other implementation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model.equipment import AttackProfile
    from doria_forge.model.pack import ContentPack
    from doria_forge.model.trap import Trap

    from .hero import HeroState
    from .monster import MonsterState

S = TypeVar("S", contravariant=True)
"""The game state a board reads and changes (``engine.state.GameData``, whose ``board`` is a
``Board[GameData]``): a type parameter, so that this module does not import the state that
holds the board."""


class Board(Protocol[S]):
    """What the engine asks of the map. Distances and ranges are in squares
    (orthogonal steps, chapter *Adjacent*). ``spatial``: whether figures stand on
    squares (the monster AI then plans moves through the map's route and sight
    queries, see ``engine.map.Dungeon``)."""

    spatial: bool

    def distance(self, state: S, monster: MonsterState, hero: HeroState) -> int:
        """Squares between ``monster`` and ``hero`` along the way the monster would walk."""
        ...

    def distance_to_nearest_hero(self, state: S, monster: MonsterState) -> int:
        """Criterion 3 of *Monster Order*: squares to the nearest character."""
        ...

    def in_range(self, state: S, monster: MonsterState, hero: HeroState) -> bool:
        """Whether ``monster`` can attack ``hero`` from where it stands now (range and Line of Sight)."""
        ...

    def hero_can_target(self, state: S, hero: HeroState, profile: AttackProfile | None,
                        monster: MonsterState) -> bool:
        """Range and Line of Sight of a hero's attack with ``profile`` on ``monster``."""
        ...

    def move_monster(self, state: S, monster: MonsterState) -> None:
        """Move ``monster`` before it attacks (chapter *Monster Activation*)."""
        ...

    def monster_removed(self, state: S, monster: MonsterState) -> None:
        """A defeated monster's figure leaves the board."""
        ...

    def tile_id_at(self, uid: str) -> str | None:
        """The id of the Room Tile the figure ``uid`` stands on (``None`` off the map)."""
        ...

    def tiles_of(self, monster: MonsterState) -> set[str]:
        """The ids of the Room Tiles ``monster`` is a monster of: the one it stands on and the
        one it entered play on (empty off the map)."""
        ...

    def monster_square(self, state: S, monster: MonsterState, near: Any = None) -> Any:
        """Where a new monster's figure would enter: next to ``near`` (a square or a monster)
        or at the entrance; ``None`` when no free square is left for it (the figure then
        does not enter: chapter *No monster figures available anymore*)."""
        ...

    def place_monster(self, state: S, monster: MonsterState, square: Any, *, entering: bool = False) -> None:
        """Put a new monster's figure on ``square`` (from ``monster_square``); ``entering``:
        it comes in at the entrance (and acts with 1 AP less on its first activation)."""
        ...

    def after_initiative(self, state: S) -> None:
        """Called at the end of every Phase C (heroes take their starting squares)."""
        ...

    def pending_decider(self, state: S) -> str | None:
        """The hero who must answer a choice the map is waiting for (where a drawn Room
        Tile goes), or ``None``."""
        ...

    def occupied_room_tiles(self, state: S) -> int:
        """Room Tiles with at least one character on them (Phase G)."""
        ...

    def loot_markers(self, state: S, hero: HeroState) -> int:
        """Loot Markers ``hero`` can search where it stands (chapter *Search Treasures*)."""
        ...

    def take_loot_marker(self, state: S, hero: HeroState) -> None:
        """Remove the Loot Marker ``hero`` searched."""
        ...

    def hero_adjacent(self, state: S, hero: HeroState, other: HeroState, reach: int = 1) -> bool:
        """Whether ``other`` is within range 1 of ``hero`` (``reach`` above 1: within that range
        and in Line of Sight, as a spell on a friend with the hero bonus *Range x2*)."""
        ...

    def adjacent_heroes(self, state: S, monster: MonsterState) -> list[HeroState]:
        """The characters on squares adjacent to ``monster`` (an Explosion's reach)."""
        ...

    def can_throw(self, state: S, thrower: HeroState, receiver: HeroState) -> bool:
        """Whether ``thrower`` may throw an item to ``receiver`` (chapter *Throw Items*)."""
        ...

    def trap_targets(self, state: S, drawer: HeroState, trap: Trap) -> list[HeroState]:
        """Who a Trap drawn by ``drawer`` affects (chapter *Traps and Secret Doors*)."""
        ...

    def trap_sprung(self, state: S, drawer: HeroState, trap: Trap, failed: list[HeroState]) -> None:
        """What a Trap does to the map once it played out (``failed``: who missed the TN):
        blocking the room's doors, revealing a Room Tile behind a Secret Door."""
        ...

    def phase_f_traps(self, state: S) -> None:
        """Lasting Trap effects acting in Phase F."""
        ...

    def zombie_raise(self, state: S) -> None:
        """Zombies raise one more Zombie next to them toward the heroes in Phase F."""
        ...

    def setup(self, state: S) -> None:
        """Prepare the board once the game's decks and heroes exist (``GameState.new``)."""
        ...

    def to_data(self) -> dict[str, Any]:
        """How to build this board afresh for a replay (``{"type": ...}``; see ``engine.game``)."""
        ...


class _Options(Protocol):
    @property
    def occupied_room_tiles(self) -> int: ...


class Tabletop(Protocol):
    """What the board without a map reads and changes of a game (``engine.state.GameData``):
    its heroes, its ``options.occupied_room_tiles`` and the Loot Markers left."""

    @property
    def heroes(self) -> list[HeroState]: ...

    @property
    def options(self) -> _Options: ...

    loot_markers: int


class NoMap:
    """The board when there is no map (see the module docstring)."""

    spatial = False

    def distance(self, state: Tabletop, monster: MonsterState, hero: HeroState) -> int:
        return 0

    def distance_to_nearest_hero(self, state: Tabletop, monster: MonsterState) -> int:
        return 0

    def in_range(self, state: Tabletop, monster: MonsterState, hero: HeroState) -> bool:
        return True

    def hero_can_target(self, state: Tabletop, hero: HeroState, profile: AttackProfile | None,
                        monster: MonsterState) -> bool:
        return True

    def move_monster(self, state: Tabletop, monster: MonsterState) -> None:
        """Without a map monsters do not move."""

    def monster_removed(self, state: Tabletop, monster: MonsterState) -> None:
        """Nothing stands anywhere."""

    def tile_id_at(self, uid: str) -> str | None:
        return None

    def tiles_of(self, monster: MonsterState) -> set[str]:
        return set()

    def monster_square(self, state: Tabletop, monster: MonsterState, near: Any = None) -> Any:
        """Without a map every figure enters (it stands nowhere): ``()``."""
        return ()

    def place_monster(self, state: Tabletop, monster: MonsterState, square: Any, *, entering: bool = False) -> None:
        """Figures stand nowhere without a map."""

    def after_initiative(self, state: Tabletop) -> None:
        """No starting squares without a map."""

    def pending_decider(self, state: Tabletop) -> str | None:
        return None

    def occupied_room_tiles(self, state: Tabletop) -> int:
        return state.options.occupied_room_tiles

    def loot_markers(self, state: Tabletop, hero: HeroState) -> int:
        return state.loot_markers

    def take_loot_marker(self, state: Tabletop, hero: HeroState) -> None:
        state.loot_markers -= 1

    def hero_adjacent(self, state: Tabletop, hero: HeroState, other: HeroState, reach: int = 1) -> bool:
        """Every other hero counts as within range 1 (and so within any ``reach``)."""
        return True

    def adjacent_heroes(self, state: Tabletop, monster: MonsterState) -> list[HeroState]:
        """Every hero stands next to every monster."""
        return [h for h in state.heroes if not h.dead]

    def can_throw(self, state: Tabletop, thrower: HeroState, receiver: HeroState) -> bool:
        """The same Room Tile: always."""
        return True

    def trap_targets(self, state: Tabletop, drawer: HeroState, trap: Trap) -> list[HeroState]:
        """The drawer (a *person* Trap), else every hero (all share one Room Tile)."""
        if trap.trap_type == "person":
            return [drawer]
        return list(state.heroes)

    def trap_sprung(self, state: Tabletop, drawer: HeroState, trap: Trap, failed: list[HeroState]) -> None:
        """Doors and Room Tiles need a map."""

    def phase_f_traps(self, state: Tabletop) -> None:
        """No lasting Trap effects without a map."""

    def zombie_raise(self, state: Tabletop) -> None:
        """Placing raised Zombies needs the map."""

    def setup(self, state: Tabletop) -> None:
        """Nothing to lay out."""

    def to_data(self) -> dict[str, Any]:
        return {"type": "no_map"}

    @classmethod
    def from_data(cls, pack: ContentPack, data: dict[str, Any]) -> NoMap:
        return cls()


class MonsterRoutes(Protocol):
    """Square -> route (``cost`` in AP, ``path``, ``no_attack``, ``final``, ``cleared``, ``end``)
    of every square a monster can move to (``SpatialBoard.monster_routes``): a read-only mapping
    that answers a route's AP and the squares it may still attack from without building routes
    (a plan reads those of every square, and the routes of a few)."""

    def __getitem__(self, square: Any) -> Any:
        ...

    def __iter__(self) -> Iterator[Any]:
        ...

    def __len__(self) -> int:
        ...

    def __contains__(self, square: object) -> bool:
        ...

    def cost(self, square: Any) -> int:
        """AP of the route to ``square``. Raises ``KeyError`` for a square not listed."""
        ...

    def attack_squares(self) -> list[Any]:
        """The squares whose route leaves the attack (not ``no_attack``), in the mapping's order."""
        ...


class SpatialBoard(Board[S], Protocol[S]):
    """A board whose figures stand on squares (``spatial`` is true): what the monster AI
    asks to plan a move (chapter *Monster Activation*). Squares are ``(row, col)``;
    costs and ranges in AP and squares."""

    def position(self, uid: str) -> Any:
        """The square of a figure, or ``None``."""
        ...

    def monster_routes(self, state: S, monster: MonsterState, budget: int | None) -> MonsterRoutes:
        """The routes (``MonsterRoutes``) of every square the monster can move to within
        ``budget`` AP (``None``: any)."""
        ...

    def can_attack_from(self, pos: Any, target: Any, attack_range: int, attack_type: str) -> bool:
        """Whether an attack reaches ``target`` from ``pos`` (range, Line of Sight, holes)."""
        ...

    def attack_squares(self, squares: Iterable[Any], target: Any, attack_range: int, attack_type: str) -> set[Any]:
        """The ``squares`` from which ``can_attack_from`` reaches ``target``."""
        ...

    def range_distance(self, a: Any, b: Any) -> int:
        ...

    def distances(self, state: S, monster: MonsterState, heroes: Iterable[HeroState]) -> dict[str, int]:
        """Hero uid -> ``distance`` (AP of the monster's way to the hero) for each of ``heroes``."""
        ...

    def sees(self, a: Any, b: Any) -> bool:
        ...

    def neighbours(self, pos: Any) -> list[Any]:
        """Squares one step from ``pos``."""
        ...

    def walls_around(self, pos: Any) -> int:
        """Sides of ``pos`` against a wall (how much it runs along a wall)."""
        ...

    def occupant(self, pos: Any) -> str | None:
        ...

    def occupants(self) -> dict[Any, str]:
        """Square -> ``occupant`` of every occupied square."""
        ...

    def nearest_free(self, state: S, origin: Any, *, toward: Any = None, choice: str | None = None,
                     benefit: Callable[[Any], float] | None = None, barred: Any = frozenset()) -> Any:
        """The free square nearest to ``origin``, the search never passing ``barred`` squares."""
        ...

    def hero_squares(self, state: S, exclude: str | None = None) -> set[Any]:
        """Squares of the standing characters (not the unconscious)."""
        ...

    def away_from_heroes(self, state: S) -> Callable[[Any], float]:
        """Scores a square by its distance from the standing heroes (``engine.choices``)."""
        ...

    def move_to(self, uid: str, pos: Any) -> None:
        ...

    def clear_rubble(self, state: S, pos: Any, by: str | None = None) -> None:
        """Take the Rubble off ``pos`` (the hero ``by`` cleared it, or a monster did)."""
        ...

    def is_buried(self, uid: str) -> bool:
        """Whether the figure ``uid`` lies buried under Rubble (it cannot move)."""
        ...

    def moved_on(self, uid: str) -> None:
        """The figure ``uid`` made a move action (it leaves a Hole a Trap opened under it)."""
        ...
