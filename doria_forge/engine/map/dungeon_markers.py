"""Markers on the map and the Traps that place them (Book of Rules *Dungeon Markers*: Rubble
buries, a Hole strands, Blocked Doors, loot; *Traps and Secret Doors*: who a Trap reaches,
its effects on the map, disarming a lasting Trap in Phase F; *Open Room Tiles*: a Large
Room).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..hero import HeroState
from ..traps import trap_check
from . import exploration
from .dungeon_exploration import Exploring
from .dungeon_figures import DungeonFigures
from .layout import Pos, slot_of, step, to_global

if TYPE_CHECKING:  # pragma: no cover
    from doria_forge.model.trap import Trap

    from ..state import GameData


@dataclass
class LastingTrap:
    """A Trap whose effect lasts on the map: the tile slots of its room and the door squares
    it blocked."""

    trap_id: str
    room: list[tuple[int, int]]
    squares: list[Pos]


class MarkersMixin(DungeonFigures):
    """Putting and taking markers with what they do to a figure there; Traps on the map (a
    part of :class:`~doria_forge.engine.map.dungeon.Dungeon`)."""

    deck: list[str]
    buried: set[str]
    stranded: set[str]
    lasting: list[LastingTrap]

    if TYPE_CHECKING:  # pragma: no cover
        # exploration's (``ExplorationMixin``), which a Trap's Secret Door and cleared Rubble set off
        def wake_icons(self, state: GameData, hero: str | None = None) -> None: ...

        def _draw_for_door(self, state: GameData, ctx: Exploring, door: Pos) -> None: ...

    def clear_rubble(self, state: GameData, pos: Pos, by: str | None = None) -> None:
        """Remove the Rubble on ``pos`` (the hero ``by`` or a monster cleared it): a figure
        buried under it is free again; newly connected open sides draw their Room Tiles (the
        hero ``by`` placing them) and monster icons their monsters."""
        if self.take_marker(state, pos, "rubble"):
            state.log.emit("rubble_cleared", None, square=pos)
            self.wake_icons(state, by)

    def put_marker(self, state: GameData, pos: Pos, marker: str) -> bool:
        """Put ``marker`` on ``pos`` with what the book makes of a figure standing there
        (chapter *Dungeon Markers*): under Rubble a character or monster is *buried*: it
        "will remain on this square until the Rubble has been cleared" and can be attacked
        (and, by our reading, attack) only within range 1; on a new Hole a figure is
        *stranded*: it "must remain on the square until the character's next move action",
        the others still jump over the Hole. A Blocked Door is never put on a door a figure
        stands on (it would wall the figure in). Other markers (loot, fire, ice, air, runes,
        scenario markers) only lie there. Returns whether the marker was put down (not when it
        lay there already or was refused)."""
        here = [uid for uid, p in self.positions.items() if p == pos]
        if marker == "blocked_door" and here:
            return False
        new = not self.layout.has(pos, marker)
        self.layout.add_marker(pos, marker)
        if marker == "rubble":
            self.buried.update(here)
            for uid in here:
                state.log.emit("buried", uid, square=pos)
        elif marker == "hole":
            self.stranded.update(here)
        return new

    def take_marker(self, state: GameData, pos: Pos, marker: str) -> bool:
        """Take ``marker`` off ``pos`` (a buried figure there is free again). Returns whether
        one lay there."""
        if not self.layout.remove_marker(pos, marker):
            return False
        here = {uid for uid, p in self.positions.items() if p == pos}
        if marker == "rubble":
            self.buried -= here
        elif marker == "hole":
            self.stranded -= here
        return True

    def is_buried(self, uid: str) -> bool:
        """Whether the figure ``uid`` lies buried under Rubble (see ``put_marker``)."""
        return uid in self.buried

    def moved_on(self, uid: str) -> None:
        """The figure ``uid`` made a move action: it no longer stands stranded on a Hole."""
        self.stranded.discard(uid)

    def loot_markers(self, state: GameData, hero: HeroState) -> int:
        pos = self.position(hero.uid)
        return 1 if pos is not None and self.layout.has(pos, "loot") else 0

    def take_loot_marker(self, state: GameData, hero: HeroState) -> None:
        pos = self.position(hero.uid)
        if pos is not None:
            self.layout.remove_marker(pos, "loot")

    def trap_targets(self, state: GameData, drawer: HeroState, trap: Trap) -> list[HeroState]:
        """A *person* Trap: the drawer; an *area* Trap: the drawer and the characters within
        range 1 of it; a *room* Trap: everyone on the drawer's Room Tile, or on a Large Room
        all its tiles up to the nearest doors."""
        pos = self.position(drawer.uid)
        if trap.trap_type == "person" or pos is None:
            return [drawer]
        if trap.trap_type == "area":
            near = set(self.layout.neighbours(pos)) | {pos}
            return [h for h in state.heroes if self.position(h.uid) in near]
        room = self.large_room(slot_of(pos))
        return [h for h in state.heroes if (p := self.position(h.uid)) is not None and slot_of(p) in room]

    def large_room(self, slot: tuple[int, int]) -> set[tuple[int, int]]:
        """The tile slots joined to ``slot`` through open sides (chapter *Open Room Tiles*)."""
        room = {slot}
        todo = [slot]
        while todo:
            placed = self.layout.tiles[todo.pop()]
            for opening in self.layout.openings(placed):
                if opening.is_door:
                    continue
                for cell in opening.cells:
                    pos = to_global(placed.slot, cell)
                    far = step(pos, opening.side)
                    other = slot_of(far)
                    if other in self.layout.tiles and other not in room and self.layout.connected_across(pos, far):
                        room.add(other)
                        todo.append(other)
        return room

    def trap_sprung(self, state: GameData, drawer: HeroState, trap: Trap, failed: list[HeroState]) -> None:
        """A Trap's effects on the map (chapter *Traps and Secret Doors*): ``places_marker``
        puts its marker under every character who failed (``put_marker``: a Hole strands
        them, Rubble buries them); ``blocks_doors``
        (when anyone failed) puts Blocked Door markers on every door of the drawer's room
        (a Large Room: all its tiles) until the Trap is disarmed in Phase F;
        ``reveals_room_tile`` opens a Secret Door in a wall side of the drawer's tile that
        has no neighbour, as close to the drawer as possible (with none, in the nearest such
        side of another room: ``exploration.secret_door_spot``), and reveals the next Room Tile
        behind it (a Trap never counts as a door opened for the Doom Counter)."""
        pos = self.position(drawer.uid)
        if pos is None:
            return
        effect = trap.effect
        if effect.places_marker is not None:
            for hero in failed:
                square = self.positions.get(hero.uid)
                if square is not None:
                    self.put_marker(state, square, effect.places_marker)
                    state.log.emit("marker_placed", hero.uid, marker=effect.places_marker, square=square,
                                   reason=trap.id)
        if effect.blocks_doors and failed:
            room = self.large_room(slot_of(pos))
            squares = []
            for slot in sorted(room):
                placed = self.layout.tiles[slot]
                for opening in self.layout.openings(placed):
                    if opening.is_door:
                        square = to_global(slot, opening.cells[0])
                        if not self.layout.has(square, "blocked_door") and self.occupant(square) is None:
                            self.put_marker(state, square, "blocked_door")
                            squares.append(square)
            if squares:
                self.lasting.append(LastingTrap(trap.id, sorted(room), squares))
                state.log.emit("doors_blocked", drawer.uid, trap=trap.id, squares=tuple(squares))
        if effect.reveals_room_tile and self.deck:
            spot = exploration.secret_door_spot(self.layout, near=pos, slot=slot_of(pos))
            if spot is not None:
                self.layout.secret_doors[spot[0]] = spot[1]
                self.layout.touch()
                state.log.emit("secret_door", drawer.uid, square=spot[0], reason=trap.id)
                self._draw_for_door(state, Exploring(drawer.uid, [spot[0]]), spot[0])

    def phase_f_traps(self, state: GameData) -> None:
        """Phase F: the characters in a room whose doors a Trap blocked try to disarm it, in
        seat order (the Trap's check); the first success ends it: the doors are unblocked and
        every character in the room that Trap Immobilized is free (chapter *Traps and Secret
        Doors*: "all room effects like Blocked Doors and any movement impacts will end")."""
        for lasting in list(self.lasting):
            trap = state.pack.traps[lasting.trap_id]
            tn = trap.target_number(state.monster_level)
            for hero in state.heroes:
                where = self.position(hero.uid)
                if not hero.can_act or where is None or slot_of(where) not in lasting.room:
                    continue
                check = trap_check(state, hero, trap, tn)
                state.log.emit("trap_disarm", hero.uid, trap=trap.id, total=check.total, target_number=tn,
                               success=check.success)
                if check.success:
                    for square in lasting.squares:
                        self.take_marker(state, square, "blocked_door")
                    self.lasting.remove(lasting)
                    self._release_held(state, trap.id, lasting.room)
                    break

    def _release_held(self, state: GameData, trap_id: str, room: list[tuple[int, int]]) -> None:
        """End the Immobilized status a disarmed room Trap ``trap_id`` put on the characters in
        its ``room`` (a hero held by another Trap, or by this card drawn in another room, stays)."""
        for hero in state.heroes:
            where = self.position(hero.uid)
            if hero.immobilized and hero.immobilized_by == trap_id and where is not None and slot_of(where) in room:
                hero.immobilized, hero.immobilized_by = False, None
                state.log.emit("freed", hero.uid, trap=trap_id, reason="trap_disarmed")
