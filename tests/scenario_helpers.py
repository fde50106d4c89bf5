"""A small pack for the tests of the scenario rules: four Room Tiles and one scenario.

``A-1`` is the start tile, ``B-4`` has a blue rune at [1, 1], ``C-7`` and ``F-1`` are plain;
every tile has the helpers' shape (doors in the middle of the north side). ``SCENARIO`` uses
them all validly; tests break one field with ``str.replace`` and check where it is reported.
"""

from __future__ import annotations

from validate_helpers import room_tile_yaml

TILES = "---\n".join([
    room_tile_yaml("A-1", start_tile="true"),
    room_tile_yaml("B-4", runes="[{square: [1, 1], color: blue}]"),
    room_tile_yaml("C-7"),
    room_tile_yaml("F-1"),
])

SCENARIO = """\
kind: scenario
id: vault
name: The Vault
story: The heroes go down.
goal: Bring the idol back.
goals:
  win:
    - goal: carry_token
      token: idol
      to: {entrance: true}
setup:
  start_tile: A-1
  tile_deck:
    - tile: B-4
    - tile: C-7
  target_tile: F-1
  target_position: 3
  tokens:
    - id: idol
      name: Idol
      at: {rune: blue, tile: B-4}
rules:
  - when: {on: token_picked_up, token: idol}
    do:
      - {do: place_marker, marker: web, at: {tile: F-1, square: [1, 1]}}
      - {do: set_flag, flag: alarm}
  - when: {on: hero_enters, place: {marker: web}}
    if:
      - {check: flag, flag: alarm}
      - {check: round, min: 2}
    do:
      - {do: remove_marker, marker: web}
      - {do: damage, amount: 1, who: carrier, token: idol}
max_rounds: 20
"""


def scenario(*edits: tuple[str, str]) -> str:
    """``SCENARIO`` with each ``(old, new)`` replaced once (``old`` must occur)."""
    text = SCENARIO
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text
