"""Load stage: a pack's YAML files -> plain documents with file:line:column for every value.

Public API: :func:`load_pack`, :func:`check_pack_path`, :func:`load_text`, :class:`LoadedDocument`,
:class:`LoadResult`, and the position/problem types :class:`Location`,
:class:`Problem`, :class:`Severity`.
"""

from .loader import (
    LoadedDocument,
    LoadResult,
    PackPathError,
    PathKey,
    check_pack_path,
    discover_files,
    load_pack,
    load_text,
)
from .problem import Location, Problem, Severity

__all__ = [
    "LoadedDocument",
    "LoadResult",
    "Location",
    "PackPathError",
    "PathKey",
    "Problem",
    "Severity",
    "check_pack_path",
    "discover_files",
    "load_pack",
    "load_text",
]
