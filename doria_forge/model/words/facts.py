"""What a scenario word may ask when ``validate`` checks it: the :class:`Facts` of its scenario.

A word's ``findings`` are written against this protocol (implemented by
``validate.scenario_facts.ScenarioFacts``), so the word's module owns what is wrong with it
while the validation layer owns how the scenario's facts are gathered. Each finding names the
validation rule it belongs to (``scenario-trigger-fires``...), so that rule's id, severity
and configuration apply to it as to the rule's own findings.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Protocol

from ...load.problem import Severity

if TYPE_CHECKING:  # pragma: no cover
    from ..pack import ContentPack
    from ..scenario import Scenario, Token

Path = tuple[str | int, ...]
"""A field path in the scenario document."""

Finding = tuple[Path, Severity, str]
"""A finding of a validation rule: the field path, its severity, the message."""

RuleFinding = tuple[str, Path, Severity, str]
"""A word's finding: the id of the validation rule it belongs to, then a :data:`Finding`."""

NEVER_FIRES = ": this rule can never fire"
NEVER_REACHED = ": this goal can never be reached"


class RoundLimitLike(Protocol):
    """The last round a game can reach: ``round`` and ``reason`` in words."""

    @property
    def round(self) -> int: ...

    @property
    def reason(self) -> str: ...


class Facts(Protocol):
    """What the scenario's data says about its games (see ``validate.scenario_facts``)."""

    @property
    def pack(self) -> ContentPack: ...

    @property
    def scenario(self) -> Scenario: ...

    @property
    def flags_set(self) -> frozenset[str]: ...

    @property
    def markers_placed(self) -> frozenset[str]: ...

    @property
    def tokens(self) -> Mapping[str, Token]: ...

    @property
    def tokens_placed(self) -> frozenset[str]: ...

    @property
    def bosses_spawned(self) -> frozenset[str]: ...

    def tile_problems(self, path: Path, tile: str, consequence: str = "") -> Iterator[Finding]:
        """Findings when Room Tile ``tile`` may not be in a game (an error ending in
        ``consequence`` when it never is, a warning when it is only a random tile)."""

    def round_limit(self, *, ignore: Path | None = None) -> RoundLimitLike:
        """The earliest round after which no game goes on (the goal at ``ignore`` not counted)."""
