"""``monster_defeated``: a rule fires when a monster (or the boss) is defeated."""

from collections.abc import Iterator
from typing import Any, Literal

from ....load.problem import Severity
from ...common import Ref
from .. import german
from ..common import PLAIN, Wording, a_noun
from ..facts import NEVER_FIRES, TRIGGER_FIRES, Facts, Path, RuleFinding, tile_findings, tile_reference
from ..play import Game
from .base import TRIGGERS, TriggerWord


@TRIGGERS.register
class MonsterDefeated(TriggerWord):
    """When a monster is defeated: of type ``monster``, of Room Tile ``tile`` (standing on it,
    or entered play on it and walked off: the monsters ``clear_tile`` waits for), or the
    scenario's boss (``boss: true``); any monster without these."""

    on: Literal["monster_defeated"]
    monster: str | None = None
    """Id of the monster type whose defeat fires the rule (any type without it)."""
    tile: str | None = None
    """Id of the Room Tile the defeated monster must stand on or have entered play on (any tile without it)."""
    boss: bool = False
    """true: only the defeat of the scenario's Boss Monster fires it."""

    actor = "the hero who defeated it"
    actor_de = german.Heroes("der", clause="der es besiegt hat")
    example = {"on": "monster_defeated", "monster": "orc", "tile": "C-8"}

    def describe(self, words: Wording = PLAIN) -> str:
        what = ("the boss" if self.boss else a_noun(words.name("monster", self.monster)) if self.monster
                else "a monster")
        where = f" on Room Tile {self.tile}" if self.tile else ""
        return f"When {what}{where} is defeated"

    def describe_de(self, words: Wording = PLAIN) -> str:
        what = german.some_monster(words.name("monster", self.monster) if self.monster else None, self.boss)
        where = f" auf {german.tile(self.tile)}" if self.tile else ""
        return f"Wenn {what}{where} besiegt wird"

    def matches(self, game: Game, context: dict[str, Any]) -> bool:
        return (self.agrees(context, "monster") and (self.tile is None or self.tile in context.get("tiles", ()))
                and (not self.boss or bool(context.get("boss"))))

    def references(self, path: Path) -> Iterator[Ref]:
        if self.monster:
            yield (path + ("monster",), "monster", self.monster)
        yield from tile_reference(path, self.tile)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A Room Tile not in the scenario; the boss's defeat when no effect spawns a boss; a
        monster type and the boss together (the boss is no monster of a type: it validated clean
        and never fired)."""
        yield from tile_findings(facts, path, self.tile, TRIGGER_FIRES, NEVER_FIRES)
        yield from monster_findings(facts, path, self.monster, self.boss, "defeat")


def monster_findings(facts: Facts, path: Path, monster: str | None, boss: bool, event: str) -> Iterator[RuleFinding]:
    """Findings of a trigger about one monster (its fields ``monster`` and ``boss``, the event
    named ``event`` in the messages): a monster type and the boss together (the boss is no
    monster of a type: it validated clean and never fired), the boss when no effect spawns one."""
    if boss and monster is not None and monster not in facts.pack.bosses:
        yield TRIGGER_FIRES, path + ("monster",), Severity.ERROR, (
            f"boss: true asks for the boss's {event}, and the boss is no monster of type {monster}; leave out "
            "monster or boss" + NEVER_FIRES)
    if boss and not facts.bosses_spawned:
        yield TRIGGER_FIRES, path + ("boss",), Severity.ERROR, (
            "no effect of this scenario spawns a boss" + NEVER_FIRES)
