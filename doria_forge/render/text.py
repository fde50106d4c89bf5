"""A game state as a compact text view (for terminals, logs and replays).

One character a square: ``#`` wall, ``.`` floor, ``O`` hole, ``R`` red-bordered,
``+`` a closed door, ``$`` a Loot Marker, ``%`` Rubble, ``x`` a Blocked Door, ``*`` a rune;
heroes are their seat numbers ``1``-``6`` (an unconscious hero in brackets in the legend),
monsters letters ``a``, ``b``... in board order. Below the map: round, phase, Doom Counter,
Monster Level and a legend line per figure with its HP. Without a map only the legend.
"""

from __future__ import annotations

import string
from typing import Any

from doria_forge.engine.map.layout import HOLE, RED, WALL


def figure_marks(state: Any) -> dict[str, str]:
    """uid -> the character that stands for the figure (heroes 1-6, monsters a-z, A-Z)."""
    marks = {h.uid: str(n + 1) for n, h in enumerate(state.heroes)}
    letters = string.ascii_lowercase + string.ascii_uppercase
    for n, m in enumerate(state.monsters):
        marks[m.uid] = letters[n % len(letters)]
    return marks


def render_text(state: Any) -> str:
    """The text view of ``state`` (see the module docstring)."""
    lines = []
    marks = figure_marks(state)
    board = state.board
    if getattr(board, "spatial", False):
        layout = board.layout
        squares = list(layout.all_squares())
        rows = [p[0] for p in squares]
        cols = [p[1] for p in squares]
        doors = set(layout.closed_doors())
        at = {}
        for uid, pos in board.positions.items():
            at[pos] = marks.get(uid, "?")
        for r in range(min(rows), max(rows) + 1):
            line = []
            for c in range(min(cols), max(cols) + 1):
                line.append(_square(layout, (r, c), doors, at))
            lines.append("".join(line).rstrip())
        lines.append("")
    doom = state.doom.position if state.doom.position is not None else "head"
    lines.append(f"round {state.round}  phase {state.phase}  Doom Counter {doom}  Monster Level {state.monster_level}"
                 f"  Group XP {state.group_xp}" + (f"  outcome {state.outcome}" if state.outcome else ""))
    for hero in state.heroes:
        status = " dead" if hero.dead else " unconscious" if hero.unconscious else ""
        ap = state.ap.get(hero.uid, 0)
        lines.append(f"  {marks[hero.uid]} {hero.uid}: HP {hero.hp}/{hero.hp_max}, PP {hero.pp}/{hero.pp_max}, "
                     f"AP {ap}{status}")
    for monster in state.monsters:
        mods = ", ".join(m.name for m in monster.modifications)
        lines.append(f"  {marks[monster.uid]} {monster.uid}: HP {monster.hp}/{monster.hp_max} L{monster.level}"
                     + (f" ({mods})" if mods else ""))
    return "\n".join(lines) + "\n"


def _square(layout: Any, pos: tuple[int, int], doors: set, at: dict) -> str:
    if pos in at:
        return at[pos]
    if layout.tile_at(pos) is None:
        return " "
    if pos in doors:
        return "+"
    if layout.has(pos, "rubble"):
        return "%"
    if layout.has(pos, "blocked_door"):
        return "x"
    if layout.has(pos, "loot"):
        return "$"
    if any(m.startswith("rune:") for m in layout.markers.get(pos, ())):
        return "*"
    kind = layout.kind(pos)
    return {WALL: "#", HOLE: "O", RED: "R"}.get(kind, ".")
