"""``boss_card_drawn``: a rule fires when the Boss Monster card comes out of the Room Tile stack
(chapter *Single Scenario Mode*: an exploration game's end condition on a *Boss Monster* card)."""

from collections.abc import Iterator
from typing import Any, Literal

from ....load.problem import Severity
from .. import german
from ..common import PLAIN, Wording
from ..facts import NEVER_FIRES, TRIGGER_FIRES, Facts, Path, RuleFinding
from ..play import Game
from .base import TRIGGERS, TriggerWord


@TRIGGERS.register
class BossCardDrawn(TriggerWord):
    """When the boss card, shuffled into the Room Tile stack by the setup's ``boss_card``, is drawn:
    the Room Tile under it is drawn with it, and the rule fires once that tile is placed (its
    ``tile_revealed`` rules first). The place ``{boss_card: true}`` is that Room Tile: "when it is
    drawn, the Dragon waits on that tile"."""

    on: Literal["boss_card_drawn"]

    actor = "the hero who revealed it"
    example = {"on": "boss_card_drawn"}

    def describe(self, words: Wording = PLAIN) -> str:
        return "When the boss card is drawn from the Room Tile stack"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"Wenn die {german.de('Boss Monster')}-Karte aus dem {german.de('Room Tile')}n-Stapel gezogen wird"

    def matches(self, game: Game, context: dict[str, Any]) -> bool:
        return True

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A setup that puts no boss card into the Room Tile stack (``boss_card``)."""
        if facts.scenario.setup.boss_card is None:
            yield TRIGGER_FIRES, path + ("on",), Severity.ERROR, (
                "the setup puts no boss card into the Room Tile stack (setup: boss_card: bottom_third...)"
                + NEVER_FIRES)
