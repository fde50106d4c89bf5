"""``defeat_boss``: the goal is the defeat of the scenario's Boss Monster."""

from collections.abc import Iterator
from typing import Literal

from pydantic import model_validator

from ....load.problem import Severity
from ...common import Ref
from .. import german
from ..common import PLAIN, Wording, inside
from ..facts import GOAL_REACHABLE, NEVER_REACHED, Facts, Path, RuleFinding, tile_findings, tile_reference
from ..play import Game
from .base import GOALS, GoalWord


@GOALS.register
class DefeatBoss(GoalWord):
    """The scenario's boss (``boss``: the Boss Monster id it spawns) is defeated, and with
    ``escort`` every monster of that type of Room Tile ``tile`` too (standing on it, or entered
    play on it and walked off: the monsters ``clear_tile`` waits for), in either order: a boss
    whose card names its guard ("Gruzak and every Orc on his Room Tile")."""

    goal: Literal["defeat_boss"]
    boss: str
    """Id of the Boss Monster whose defeat is the goal."""
    escort: str | None = None
    """Id of a monster type whose monsters of Room Tile ``tile`` must be defeated too (needs ``tile``)."""
    tile: str | None = None
    """Id of the Room Tile whose ``escort`` monsters must be defeated (only with ``escort``)."""

    example = {"goal": "defeat_boss", "boss": "ember_dragon"}

    @model_validator(mode="after")
    def _escort_on_a_tile(self) -> "DefeatBoss":
        if (self.escort is None) != (self.tile is None):
            raise ValueError("escort and tile go together: the type of the boss's guard and the Room Tile it guards")
        return self

    def describe(self, words: Wording = PLAIN) -> str:
        boss = f"defeat {inside(words.name('boss', self.boss))}"
        if self.escort is None:
            return boss
        return f"{boss} and every {words.name('monster', self.escort)} of Room Tile {self.tile}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        boss = f"{german.phrase('der', german.BOSS, 'akk')} {german.quoted(words.name('boss', self.boss))}"
        if self.escort is None:
            return f"die Helden besiegen {boss}"
        escort = german.monster_type(words.name("monster", self.escort))
        return f"die Helden besiegen {boss} und jedes {escort} von {german.tile(self.tile or '?')}"

    def reached(self, game: Game, end_of_round: bool) -> bool:
        return self.boss in game.bosses_defeated and (
            self.escort is None or not game.monsters_of(self.tile, self.escort))

    def references(self, path: Path) -> Iterator[Ref]:
        yield (path + ("boss",), "boss", self.boss)
        if self.escort is not None:
            yield (path + ("escort",), "monster", self.escort)
        yield from tile_reference(path, self.tile)

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A boss of the pack that no effect spawns; an escort's Room Tile that is not in the scenario."""
        if self.boss in facts.pack.bosses and self.boss not in facts.bosses_spawned:
            yield GOAL_REACHABLE, path + ("boss",), Severity.ERROR, (
                f"no effect spawns the boss {self.boss}" + NEVER_REACHED)
        yield from tile_findings(facts, path, self.tile, GOAL_REACHABLE, NEVER_REACHED)
