"""Where something is in a content pack, and what is wrong there.

``Location``, ``Severity`` and ``Problem`` live here, in the first stage of the
pipeline, so that the loader can report YAML mistakes without importing the
validator; ``doria_forge.validate`` re-exports them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Severity(str, Enum):
    """How bad a problem is: an ``error`` fails validation, a ``warning`` does not (unless
    ``validate --strict``), an ``info`` only tells (an expansion replacing a card of the
    pack it requires)."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, order=True, slots=True)
class Location:
    """A position in a pack file. ``line`` and ``column`` are 1-based.

    ``file`` is the path as reported to the user (posix separators), e.g.
    ``content/monsters/orc.yaml``.
    """

    file: str
    line: int = 1
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


READ_FIRST = frozenset({"yaml-syntax", "encoding", "io-error", "outside-pack", "not-a-regular-file",
                        "file-too-large"})
"""Rule ids of the loader's problems that lose a file's documents: reported before all others."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding of the loader, the schema check, the cross-reference check or a rule.

    ``rule_id`` names what found it (``yaml-syntax``, ``unknown-field``,
    ``monster-level-monotonic``...). Problems that kept a file from being read
    (:data:`READ_FIRST`: a YAML syntax error, a bad encoding, an unreadable file) sort first,
    since the documents they lost cause the problems after them (a reference to a monster
    whose file did not parse); then by file, line, column, rule id, then message, so reports
    are deterministic.
    """

    file: str
    line: int
    column: int
    rule_id: str
    severity: Severity
    message: str

    @classmethod
    def at(cls, location: Location, rule_id: str, severity: Severity, message: str) -> Problem:
        """Build a problem at ``location``."""
        return cls(location.file, location.line, location.column, rule_id, Severity(severity), message)

    @property
    def location(self) -> Location:
        return Location(self.file, self.line, self.column)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def sort_key(self) -> tuple[bool, str, int, int, str, str, str]:
        return (self.rule_id not in READ_FIRST, self.file, self.line, self.column, self.rule_id, self.severity.value,
                self.message)

    def __lt__(self, other: Problem) -> bool:
        if not isinstance(other, Problem):
            return NotImplemented
        return self.sort_key() < other.sort_key()
