"""Exploring the dungeon (Book of Rules *Exploration*, *Reveal a Room Tile (0 AP)*: drawing
Room Tiles until one fits, placing them, Open Room Tiles drawing on; *Monster Icons on a Room
Tile* and *No connection to the dungeon* (both chapters of that name): monster icons and open
sides waking; *Dead Ends*: the Secret Door when no door is left).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..actions import IllegalAction
from ..hero import HeroState
from ..spawn import draw_and_spawn
from ..triggers import fire
from . import exploration
from .dungeon_figures import DungeonFigures
from .exploration import Placement
from .layout import PlacedTile, Pos, Slot

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData


@dataclass
class PendingPlacement:
    """A drawn Room Tile waiting for the revealing hero to choose where it goes."""

    hero: str
    tile_id: str
    options: list[Placement]
    context: Exploring


@dataclass
class PendingSecretDoor:
    """A dead end's Secret Door waiting for the players to choose its wall side (chapter
    *Dead Ends*): ``options`` are ``(square, side)``; ``hero`` speaks for the group."""

    hero: str
    options: list[tuple[Pos, str]]


@dataclass
class Exploring:
    """One exploration under way: the revealing hero, the squares of the way in, the tiles
    placed so far, and whether a hero opened a door for it (``by_door``: a Room Tile it reveals
    counts for Phase G; one a Trap reveals does not)."""

    hero: str
    entry: list[Pos]
    placed: list[PlacedTile] = field(default_factory=list)
    by_door: bool = False
    woken: list[tuple[Slot, str]] = field(default_factory=list)
    """Open sides (tile slot, side) of tiles placed before, cut off from the dungeon until now,
    that this exploration draws on from (chapter *Open Room Tiles*, *No connection to the
    dungeon*)."""


class ExplorationMixin(DungeonFigures):
    """Doors opened, Room Tiles drawn and placed, monster icons woken, dead ends (a part of
    :class:`~doria_forge.engine.map.dungeon.Dungeon`)."""

    deck: list[str]
    deck_unseen: int
    pending: PendingPlacement | None
    pending_secret_door: PendingSecretDoor | None
    dormant: list[Pos]
    dormant_sides: list[tuple[Slot, str]]

    def pending_decider(self, state: GameData) -> str | None:
        """The hero who must choose where a drawn Room Tile or a dead end's Secret Door goes,
        if one waits."""
        if self.pending is not None:
            return self.pending.hero
        return self.pending_secret_door.hero if self.pending_secret_door is not None else None

    def open_door(self, state: GameData, hero: HeroState, door: Pos) -> None:
        """``hero`` opens the closed door it stands on (chapter *Reveal a Room Tile (0 AP)*).
        Raises ``IllegalAction`` when ``hero`` does not stand on that closed door."""
        if self.position(hero.uid) != door or door not in self.layout.closed_doors():
            raise IllegalAction(f"{hero.uid} does not stand at the closed door {door}")
        state.log.emit("door_opened", hero.uid, square=door)

    def reveal(self, state: GameData, hero: HeroState, door: Pos) -> None:
        """Reveal the Room Tile behind the ``door`` ``hero`` opened (chapter *Exploration*). Only
        a Room Tile placed saves this round's Phase G step (chapter *Phase G: Doom Counter*: the
        marker moves one more field "in case no new Room Tile was revealed by opening a door"):
        a door behind which no tile fits (a dead door) does not."""
        self._draw_for_door(state, Exploring(hero.uid, [door], by_door=True), door)

    def _draw_fitting(self, state: GameData, ctx: Exploring, fits: Callable[[str], list[Placement]]) -> bool:
        """Draw Room Tiles until one ``fits`` somewhere (a tile that does not goes under the
        deck) and offer its placements; ``False`` when none of the deck fits."""
        for _ in range(len(self.deck)):
            tile_id = self.deck.pop(0)
            self.deck_unseen = max(0, self.deck_unseen - 1)
            options = fits(tile_id)
            if options:
                self._offer(state, ctx, tile_id, options)
                return True
            self.deck.append(tile_id)
            state.log.emit("room_tile_skipped", None, tile=tile_id, reason="does not fit")
        return False

    def _draw_for_door(self, state: GameData, ctx: Exploring, door: Pos) -> None:
        if self._draw_fitting(state, ctx, lambda t: exploration.placements_at_door(self.layout, state.pack, t, door)):
            return
        self.layout.dead_doors.add(door)
        self.layout.touch()
        state.log.emit("dead_door", None, square=door)
        self._finish(state, ctx)

    def _offer(self, state: GameData, ctx: Exploring, tile_id: str, options: list[Placement]) -> None:
        if len(options) == 1:
            self._place(state, ctx, options[0])
        else:
            self.pending = PendingPlacement(ctx.hero, tile_id, options, ctx)

    def choose_placement(self, state: GameData, index: int) -> None:
        """Place the waiting tile as option ``index``. Raises ``IllegalAction``."""
        pending = self.pending
        if pending is None or not 0 <= index < len(pending.options):
            raise IllegalAction("no such Room Tile placement")
        self.pending = None
        self._place(state, pending.context, pending.options[index])

    def _place(self, state: GameData, ctx: Exploring, placement: Placement) -> None:
        placed = exploration.place(self.layout, state.pack, placement)
        ctx.placed.append(placed)
        if ctx.by_door:
            state.door_opened = True
        state.log.emit("room_tile_placed", ctx.hero, tile=placement.tile_id, slot=placement.slot,
                       rotation=placement.rotation, joins=placement.joins)
        self._continue(state, ctx)

    def _continue(self, state: GameData, ctx: Exploring) -> None:
        """Draw on while an Open Room Tile of this exploration (or an open side it woke) has an
        open side left."""
        connected = self.layout.reachable_from(ctx.entry)
        sides = exploration.unfilled_open_sides(self.layout, ctx.placed, connected)
        sides += [entry for entry in exploration.unfilled_open_sides(
            self.layout, [self.layout.tiles[slot] for slot in dict.fromkeys(s for s, _ in ctx.woken)], connected)
            if (entry[0].slot, entry[1]) in ctx.woken]
        if sides and self._draw_fitting(
                state, ctx, lambda t: exploration.placements_at_open_sides(self.layout, state.pack, t, sides)):
            return
        self._finish(state, ctx)

    def _finish(self, state: GameData, ctx: Exploring) -> None:
        """Treasures, monster icons (by colour and connection), open sides left without a
        connection to the dungeon (drawn for once it has one: ``wake_icons``), dead ends."""
        pack = state.pack
        colours = exploration.colours_in_play(state.players)
        connected = self.layout.reachable_from(ctx.entry)
        for placed in ctx.placed:
            for opening, squares in self.layout.open_sides_facing_empty(placed):
                if not any(p in connected for p in squares):
                    self.dormant_sides.append((placed.slot, opening.side))
        for placed in ctx.placed:
            for pos, _ in exploration.icon_squares(pack, placed, "treasures"):
                self.layout.add_marker(pos, "loot")
            for pos, colour in exploration.icon_squares(pack, placed, "runes"):
                self.layout.add_marker(pos, f"rune:{colour}")
            for pos, colour in exploration.icon_squares(pack, placed, "monster_icons"):
                if colour in colours:
                    self.dormant.append(pos)
        self.wake_icons(state)
        self._dead_end(state, ctx.hero)
        for placed in ctx.placed:
            fire(state, "tile_revealed", tile=placed.tile_id, hero=ctx.hero)

    def wake_icons(self, state: GameData, hero: str | None = None) -> None:
        """Draw for what now connects to the dungeon (the two chapters *No connection to the
        dungeon*): first Room Tiles for the open sides that had none ("as soon as a connection
        is established to these parts, additional rooms are drawn according to the usual
        rules", ``hero`` or else the first living character placing them); the exploration
        that draws them wakes the rest when it is done. Then a monster for every monster icon
        whose square connects ("set up exactly as when the door is normally opened")."""
        heroes = [p for uid, p in self.positions.items() if state.find_hero(uid) is not None]
        connected = self.layout.reachable_from(heroes or [next(iter(self.layout.tiles[(0, 0)].squares()))])
        if self.pending is None and self._wake_sides(state, connected, hero):
            return
        waiting, self.dormant = self.dormant, []
        for pos in waiting:
            if state.outcome is not None or pos not in connected:
                self.dormant.append(pos)
                continue
            draw_and_spawn(state, reason="monster_icon", near=pos)

    def _wake_sides(self, state: GameData, connected: frozenset[Pos], hero: str | None) -> bool:
        """Start drawing Room Tiles for the waiting open sides that now connect to the dungeon
        (their slot still empty); ``False`` when none does (or no character is left to place)."""
        live: list[tuple[Slot, str]] = []
        woken: list[tuple[Slot, str]] = []
        entry: list[Pos] = []  # the squares of the woken sides, where the exploration draws on from
        for slot, side in self.dormant_sides:
            found = [squares for opening, squares in self.layout.open_sides_facing_empty(self.layout.tiles[slot])
                     if opening.side == side]
            if not found:
                continue  # a Room Tile lies beyond it now
            if any(p in connected for p in found[0]):
                woken.append((slot, side))
                entry += [p for squares in found for p in squares]
            else:
                live.append((slot, side))
        decider = hero or next((h.uid for h in state.heroes if not h.dead), None)
        if not woken or decider is None or state.outcome is not None:
            self.dormant_sides = live + woken
            return False
        self.dormant_sides = live
        state.log.emit("open_side_connected", decider, sides=tuple(woken))
        self._continue(state, Exploring(decider, entry, woken=woken))
        return True

    def _dead_end(self, state: GameData, hero: str) -> None:
        """Chapter *Dead Ends*: no unopened door left in the whole dungeon while Room Tiles
        remain: a Secret Door opens; where several wall sides qualify, the players decide
        (``hero`` answers with ``PlaceSecretDoor``)."""
        if not self.deck or self.layout.closed_doors():
            return
        options = exploration.dead_end_options(self.layout)
        if len(options) == 1:
            self._open_secret_door(state, options[0])
        elif options:
            self.pending_secret_door = PendingSecretDoor(hero, options)

    def choose_secret_door(self, state: GameData, index: int) -> None:
        """Open the waiting dead end's Secret Door at option ``index``. Raises ``IllegalAction``."""
        pending = self.pending_secret_door
        if pending is None or not 0 <= index < len(pending.options):
            raise IllegalAction("no such Secret Door side")
        self.pending_secret_door = None
        self._open_secret_door(state, pending.options[index])

    def _open_secret_door(self, state: GameData, spot: tuple[Pos, str]) -> None:
        self.layout.secret_doors[spot[0]] = spot[1]
        self.layout.touch()
        state.log.emit("secret_door", None, square=spot[0], reason="dead_end")
