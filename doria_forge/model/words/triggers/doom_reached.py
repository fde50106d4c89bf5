"""``doom_reached``: a rule fires when the Doom Counter reaches a field (chapter *Doom Counter*)."""

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import Field

from ....load.problem import Severity
from .. import german
from ..common import PLAIN, Wording
from ..facts import NEVER_FIRES, TRIGGER_FIRES, Facts, Path, RuleFinding
from ..play import Game
from .base import TRIGGERS, TriggerWord


@TRIGGERS.register
class DoomReached(TriggerWord):
    """When the Doom Counter marker steps onto field ``field`` (any scenario, Phase G or not)."""

    on: Literal["doom_reached"]
    field: Annotated[int, Field(ge=0, le=99)]
    """The Doom Counter field (0-99) whose reaching fires the rule."""

    example = {"on": "doom_reached", "field": 34}

    def describe(self, words: Wording = PLAIN) -> str:
        return f"When the Doom Counter reaches field {self.field}"

    def describe_de(self, words: Wording = PLAIN) -> str:
        return f"Wenn das Monster der {german.de('Doom Counter')} Feld {self.field} erreicht"

    def matches(self, game: Game, context: dict[str, Any]) -> bool:
        return self.agrees(context, "field")

    def findings(self, facts: Facts, path: Path) -> Iterator[RuleFinding]:
        """A field that is not on the pack's Doom Counter track."""
        fields = facts.pack.rules.doom_track.fields
        if self.field not in fields:
            yield TRIGGER_FIRES, path + ("field",), Severity.ERROR, (
                f"field {self.field} is not on the Doom Counter track ({_fields(fields)})" + NEVER_FIRES)


def _fields(fields: list[int]) -> str:
    """``fields 40-30`` for a track of consecutive fields, else each field."""
    if len(fields) > 2 and sorted(fields) == list(range(min(fields), max(fields) + 1)):
        return f"fields {fields[0]}-{fields[-1]}"
    return "fields " + ", ".join(map(str, fields))
