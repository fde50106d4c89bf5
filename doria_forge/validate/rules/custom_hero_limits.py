"""A custom hero (``premade: false``) keeps to the creation limits of the rules document.

Optional rule of chapter *Preparing Characters*: a player builds a hero from
``creation_points`` (50) spread over all six attributes, each from ``attribute_min`` (1) to
``attribute_max_at_creation`` (13). The engine refuses any other custom hero when a game
starts; this rule finds it before, with the engine's own check
(:func:`doria_forge.model.character.creation_problems`), an **error** at the attribute (or at
``attributes`` for the sum). Premade heroes are printed as the book gives them and are not checked.

Passing::

    kind: character
    id: tinker
    premade: false
    attributes: {STR: 8, CON: 8, AGI: 9, PER: 9, WIS: 8, PSI: 8}   # 50 points, none above 13

Failing::

    kind: character
    id: titan
    premade: false
    attributes: {STR: 16, CON: 8, AGI: 8, PER: 8, WIS: 5, PSI: 5}   # STR above 13
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...model.character import creation_problems
from ..source_map import SourceMap

ID = "custom-hero-limits"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    rules = pack.rules
    for hero in pack.characters.values():
        if hero.premade:
            continue
        for attribute, message in creation_problems(hero.attributes, rules):
            path: tuple[str, ...] = (("attributes", attribute) if attribute is not None and attribute in hero.attributes
                                     else ("attributes",))
            yield source_map.problem(
                "character", hero.id, path, ID, SEVERITY,
                f"custom hero {hero.id}: {message} (creation limits of the rules: {rules.creation_points} "
                f"points, each attribute {rules.attribute_min}..{rules.attribute_max_at_creation})",
                value=True,
            )
