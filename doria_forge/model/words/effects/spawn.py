"""``spawn``: monsters or the boss enter the game (chapter *Spawning monsters*)."""

from collections.abc import Iterable, Iterator
from typing import Annotated, Literal

from pydantic import Field, model_validator

from ....load.problem import Severity
from ...common import Ref
from .. import german
from ..common import PLAIN, Place, Wording, a_noun, inside
from ..facts import Facts, Path, RuleFinding
from ..play import Game
from .base import EFFECTS, EffectWord


@EFFECTS.register
class Spawn(EffectWord):
    """Bring ``count`` monsters of type ``monster`` (or the scenario's ``boss``, or drawn
    from the monster deck without either) at Monster Level ``level`` (default: the current
    one) onto ``at`` (default: the entrance)."""

    do: Literal["spawn"]
    monster: str | None = None
    """Id of the monster type to place (without it and boss: drawn from the monster deck)."""
    boss: str | None = None
    """Id of the Boss Monster to place instead of a monster."""
    count: Annotated[int, Field(ge=1, le=10)] = 1
    """How many monsters to place at once, 1-10 (at most the monster's figures)."""
    level: Annotated[int, Field(ge=1, le=10)] | None = None
    """Monster Level of the placed monsters, 1-10 (the current Monster Level without it)."""
    at: Place | None = None
    """Where the monsters are placed (the entrance without it)."""

    example = {"do": "spawn", "monster": "goblin", "count": 2, "at": {"tile": "C-8"}}
    for_party = "hurts"

    @model_validator(mode="after")
    def _monster_or_boss(self) -> "Spawn":
        # both validated clean and the game placed the boss alone: the monster was lost without a word
        if self.monster is not None and self.boss is not None:
            raise ValueError(f"a spawn places a monster or the boss, not both (monster {self.monster}, boss "
                             f"{self.boss}): write two spawns")
        return self

    def describe(self, words: Wording = PLAIN) -> str:
        where = self.at.on() if self.at else "at the entrance"
        level = f" at Monster Level {self.level}" if self.level else ""
        if self.boss:
            return f"place {inside(words.name('boss', self.boss))} (the boss){level} {where}"
        if self.monster:
            name = words.name("monster", self.monster)
            what = a_noun(name) if self.count == 1 else f"{self.count} × {name}"
            return f"place {what}{level} {where}"
        if self.count == 1:
            return f"draw a monster from the monster deck and place it{level} {where}"
        return f"draw {self.count} monsters from the monster deck and place them{level} {where}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        where = self.at.on_de(to=True, words=words) if self.at else "an den Eingang"
        level = f" ({german.de('Monster Level')} {self.level})" if self.level else ""
        if self.boss:
            boss = german.phrase("der", german.BOSS, "akk")
            return f"stelle {boss} {german.quoted(words.name('boss', self.boss))}{level} {where}"
        if self.monster:
            return f"stelle {self.count} × {words.name('monster', self.monster)}{level} {where}"
        deck = german.de("Monster Deck")
        if self.count == 1:
            return f"ziehe ein Monster vom {deck} und stelle es{level} {where}"
        return f"ziehe {self.count} Monster vom {deck} und stelle sie{level} {where}"

    def play(self, game: Game, triggering: str | None) -> None:
        squares = game.squares(self.at) if self.at is not None else []
        near = squares[0] if squares else None
        for _ in range(self.count):
            if game.over:
                return
            if self.boss:
                game.spawn_boss(self.boss, self.level, near)
            else:
                game.spawn_monster(self.monster, self.level, near)

    def references(self, path: Path) -> Iterator[Ref]:
        if self.monster:
            yield (path + ("monster",), "monster", self.monster)
        if self.boss:
            yield (path + ("boss",), "boss", self.boss)

    def spawns_bosses(self) -> Iterable[str]:
        return (self.boss,) if self.boss else ()

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """More of one monster at once than the game has figures of it (Book of Rules,
        *Component Overview* and *No monster figures available anymore*): an error."""
        monster = facts.pack.monsters.get(self.monster) if self.monster is not None else None
        if monster is None or self.count <= monster.figures:
            return
        figures = monster.figures
        yield "scenario-spawn-figures", path + ("count",), Severity.ERROR, (
            f"spawns {self.count} {monster.name} at once, but the game has {figures} "
            f"figure{'s' if figures != 1 else ''} of it (its figures): the rest would become Extra "
            f"Activations (Book of Rules, No monster figures available anymore); spawn at most {figures}")
