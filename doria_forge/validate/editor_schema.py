"""Whether a pack's copy of the editor schema (``doria.schema.json``, written by ``new pack``) was
written by another version of doria-forge: an upgrade changes the fields the models take, and an
editor would go on completing and checking the YAML against the old ones.

Told from the version stamp at the head of the file (``model.schema_stamp``), never by making the
schema again: ``validate`` runs on every save. A file not written by doria-forge (no stamp, nor
its ``$id``) is the designer's own and is left alone.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from ..load.problem import Location, Problem, Severity
from ..model.schema_stamp import ANY_KIND, read_stamp

RULE = "editor-schema-stale"


def stale_schema_problems(folder: Path, shown_root: str) -> list[Problem]:
    """An info at ``<shown_root>/doria.schema.json`` (the pack folder ``folder`` as problems show
    it) when that file was written by another doria-forge than this one, naming the command that
    refreshes it; none when it is current, missing, unreadable or not doria-forge's."""
    from doria_forge import __version__

    try:
        ours, written = read_stamp(Path(folder) / ANY_KIND)
    except OSError:
        return []
    if not ours or written == __version__:
        return []
    shown = f"{shown_root}/{ANY_KIND}" if shown_root not in ("", ".") else ANY_KIND
    by = f"doria-forge {written}" if written is not None else "a doria-forge older than its version stamp"
    refresh = f"doria-forge schema --pack {shlex.quote(shown_root or '.')}"
    return [Problem.at(Location(shown), RULE, Severity.INFO,
                       f"{ANY_KIND} was written by {by}, not by this doria-forge {__version__}: an editor checks "
                       f"and completes the YAML against that version's fields; refresh it with `{refresh}`")]
