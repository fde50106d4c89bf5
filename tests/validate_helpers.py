"""Helpers for tests of the validate stage and of content rules (test code, so it lives
in ``tests/`` rather than in the installed package).

``validate_files(root, {"monsters/orc.yaml": "..."})`` writes a small pack
under ``root`` and validates it; the ``*_yaml`` builders return minimal valid
documents of each kind to combine with the case under test. Problems name
files relative to the pack (``display_root=""``) so tests can compare exact
``file:line:column`` strings.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from pathlib import Path

from doria_forge.load.problem import Problem
from doria_forge.validate.pipeline import ValidationResult, validate_pack


def write_pack(root: Path, files: Mapping[str, str | bytes]) -> Path:
    """Write ``files`` (path in pack -> text, dedented, or raw bytes) under ``root``; return ``root``."""
    for rel, content in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(textwrap.dedent(content).lstrip("\n"), encoding="utf-8")
    return root


def validate_files(root: Path, files: Mapping[str, str | bytes]) -> ValidationResult:
    """Write ``files`` under ``root`` and validate them as one pack, files named relative to it."""
    return validate_pack(write_pack(root, files), display_root="")


def lines(problems: tuple[Problem, ...] | list[Problem], rule_id: str | None = None) -> list[str]:
    """``file:line:col severity [rule] message`` of each problem (only ``rule_id``'s when given)."""
    return [
        f"{p.file}:{p.line}:{p.column} {p.severity.value} [{p.rule_id}] {p.message}"
        for p in problems
        if rule_id is None or p.rule_id == rule_id
    ]


def monster_yaml(monster_id: str = "orc", **extra: object) -> str:
    """A valid ``monster`` document."""
    fields = {
        "kind": "monster", "id": monster_id, "name": monster_id.title(), "attack_type": "melee",
        "range": 1, "action_points": 7, "vulnerability": "fire", "priority": "A",
        "figures": 2, "deck_cards": 5,
    }
    fields.update(extra)
    return _yaml(fields)


def level_yaml(monster_id: str = "orc", level: int = 1, card_id: str | None = None, **extra: object) -> str:
    """A valid ``monster_level`` document; stats grow with ``level`` unless overridden."""
    fields = {
        "kind": "monster_level", "id": card_id or f"{monster_id}-{level}", "monster": monster_id,
        "level": level, "attack": f"2D+{level}", "defense": f"2D+{level}", "psi_resistance": "2D",
        "damage": level, "hit_points": level, "armor_rating": level - 1,
    }
    fields.update(extra)
    return _yaml(fields)


def monster_with_levels(monster_id: str = "orc", levels: tuple[int, ...] = (1, 2, 3, 4)) -> str:
    """A monster and its Monster Level Cards as one multi-document YAML text."""
    return "---\n".join([monster_yaml(monster_id)] + [level_yaml(monster_id, lv) for lv in levels])


def room_tile_yaml(tile_id: str = "B-4", squares: tuple[str, ...] = ("##.##", "#...#", ".....", "#...#", "##.##"),
                   doors: str = "[{side: north, offset: 2}]", **extra: object) -> str:
    """A valid ``room_tile`` document (default: doors north, reachable everywhere)."""
    rows = "\n".join(f'  - "{row}"' for row in squares)
    text = f"kind: room_tile\nid: {tile_id}\nsquares:\n{rows}\ndoors: {doors}\n"
    return text + _yaml(extra) if extra else text


def _yaml(fields: Mapping[str, object]) -> str:
    out = []
    for key, value in fields.items():
        if isinstance(value, bool):
            value = "true" if value else "false"
        out.append(f"{key}: {value}")
    return "\n".join(out) + "\n"
