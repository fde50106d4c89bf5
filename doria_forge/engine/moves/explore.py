"""Revealing Room Tiles (Book of Rules *Reveal a Room Tile (0 AP)*, *Exploration*).

``RevealRoomTile``: the hero stands on a closed door (0 AP); with the optional rule *Door
Events* a Door Event card is resolved first (``door_events``). The drawn tile goes where
the rules allow; when there is more than one way, the revealing hero chooses with
``PlaceRoomTile`` before anything else happens (``map.exploration``); a dead end's Secret
Door with more than one wall side to open in waits for ``PlaceSecretDoor`` (chapter *Dead
Ends*: "the players may decide").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..actions import Action, IllegalAction, PlaceRoomTile, PlaceSecretDoor, RevealRoomTile
from ..door_events import resolve_door_event
from ..ending import check_end
from ..hero import HeroState
from ..state import D
from .common import MoveFamily
from .movement import dungeon

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameData


def legal_reveal(state: GameData, hero: HeroState) -> Iterator[Action]:
    board = dungeon(state)
    if board is None:
        return
    here = board.position(hero.uid)
    if here is not None and here in board.layout.closed_doors():
        yield RevealRoomTile(here)


def apply_reveal(state: GameData, hero: HeroState, action: Action) -> None:
    board = dungeon(state)
    if board is None or not isinstance(action, RevealRoomTile):
        raise IllegalAction("revealing Room Tiles needs the map")
    door = tuple(action.door)
    board.open_door(state, hero, door)  # type: ignore[arg-type]
    # optional rule Door Events: "Resolve the card first, then ... reveal the Room Tile"
    resolve_door_event(state, hero)
    if state.outcome is None:
        board.reveal(state, hero, door)  # type: ignore[arg-type]
    check_end(state)


REVEAL = MoveFamily("reveal", frozenset({D}), (RevealRoomTile,), legal_reveal, apply_reveal, needs_ap=True)


def _placing(state: GameData) -> bool:
    board = dungeon(state)
    return board is not None and board.pending is not None


def legal_place(state: GameData, hero: HeroState) -> Iterator[Action]:
    board = dungeon(state)
    if board is not None and board.pending is not None:
        yield from (PlaceRoomTile(i) for i in range(len(board.pending.options)))


def apply_place(state: GameData, hero: HeroState, action: Action) -> None:
    board = dungeon(state)
    if board is None or board.pending is None or not isinstance(action, PlaceRoomTile):
        raise IllegalAction("no Room Tile waits to be placed")
    board.choose_placement(state, action.index)
    check_end(state)


PLACE = MoveFamily("place_room_tile", frozenset({D}), (PlaceRoomTile,), legal_place, apply_place,
                   interrupt=_placing, interrupt_message="choose where the drawn Room Tile goes (PlaceRoomTile)")


def _choosing_secret_door(state: GameData) -> bool:
    board = dungeon(state)
    return board is not None and board.pending is None and board.pending_secret_door is not None


def legal_secret_door(state: GameData, hero: HeroState) -> Iterator[Action]:
    board = dungeon(state)
    if board is not None and board.pending is None and board.pending_secret_door is not None:
        yield from (PlaceSecretDoor(i) for i in range(len(board.pending_secret_door.options)))


def apply_secret_door(state: GameData, hero: HeroState, action: Action) -> None:
    board = dungeon(state)
    if board is None or not isinstance(action, PlaceSecretDoor):
        raise IllegalAction("no Secret Door waits to be placed")
    board.choose_secret_door(state, action.index)
    check_end(state)


SECRET_DOOR = MoveFamily("place_secret_door", frozenset({D}), (PlaceSecretDoor,), legal_secret_door,
                         apply_secret_door, interrupt=_choosing_secret_door,
                         interrupt_message="choose where the dead end's Secret Door opens (PlaceSecretDoor)")
