"""Whether a pack's copy of the editor schema (``doria.schema.json``, written by ``new pack`` and
``schema --pack``) was written from other models than this doria-forge's: an upgrade, or on a
source checkout a commit that changed the models at the same version, changes the fields the
models take, and an editor would go on completing and checking the YAML against the old ones.

Told from the stamp at the head of the file (``model.schema_stamp``): the version, then the
digest of the schema. ``validate`` runs on every save, and making the schema costs more than the
rest of a validate of a small pack, so the current digest is worked out only for a pack that
holds a stamped copy, and then once per source of the models: it is kept in the cache folder under
the digest of the models' source files (and pydantic's version, which writes the schema). A file
not written by doria-forge (no stamp, nor its ``$id``) is the designer's own and is left alone.
"""

from __future__ import annotations

import hashlib
import re
import shlex
from pathlib import Path

from ..load.problem import Location, Problem, Severity
from ..model.schema_stamp import ANY_KIND, read_stamp

RULE = "editor-schema-stale"

CACHE_FORMAT = "editor-schema-1"
"""Part of the cache key: bumped when what an entry means changes."""

_DIGEST = re.compile(r"[0-9a-f]{16}")


def _model_sources() -> tuple[Path, ...]:
    """The source files the editor schema is made from: the content models (and the words they
    are built of) and the modules below them they read constants from."""
    import doria_forge.model as model
    from doria_forge.infra.fsutil import python_files

    root = Path(model.__file__).resolve().parent
    return (*map(Path, python_files(root)), root.parent / "geometry.py", root.parent / "i18n.py")


def current_schema_digest() -> str:
    """The schema digest (``model.schema_stamp.schema_digest``) of ``doria.schema.json`` as this
    doria-forge writes it: read from the cache folder when the models' source is unchanged, else
    made (a fraction of a second) and kept there. Without readable sources, a writable cache or
    with the cache off (``fsutil.cache_off``: ``--no-cache``) it is made on every call."""
    import pydantic

    from doria_forge import __version__
    from doria_forge.infra.fsutil import atomic_write_text, cache_dir, caching, source_digest

    sources = source_digest(_model_sources()) if caching() else None
    entry = None
    if sources is not None:
        key = hashlib.sha256(f"{CACHE_FORMAT}\0{__version__}\0{pydantic.VERSION}\0{sources}".encode()).hexdigest()
        entry = cache_dir() / "editor-schema" / key[:2] / key
        try:
            kept = entry.read_text(encoding="ascii")
            if _DIGEST.fullmatch(kept):
                return kept
        except (OSError, UnicodeDecodeError):
            pass  # not made yet for these models (or a damaged entry): make it
    from doria_forge.model.schema_export import any_kind_digest

    digest = any_kind_digest()
    if entry is not None:
        try:
            atomic_write_text(entry, digest, durable=False)
        except OSError:
            pass  # a cache that cannot be written only costs the next validate the schema
    return digest


def stale_schema_problems(folder: Path, shown_root: str) -> list[Problem]:
    """An info at ``<shown_root>/doria.schema.json`` (the pack folder ``folder`` as problems show
    it) when that file was written by another doria-forge than this one, or by this version from
    other models, naming the command that refreshes it; none when it is current, missing,
    unreadable or not doria-forge's."""
    from doria_forge import __version__

    try:
        ours, written, digest = read_stamp(Path(folder) / ANY_KIND)
    except OSError:
        return []
    if not ours:
        return []
    if written != __version__:
        by = f"doria-forge {written}" if written is not None else "a doria-forge older than its version stamp"
        why = f"was written by {by}, not by this doria-forge {__version__}"
    elif digest is None:
        why = f"was written by doria-forge {written} before schemas carried a digest of their models"
    elif digest != current_schema_digest():
        why = (f"was written by doria-forge {written} from other models than this one's (they changed at the same "
               "version)")
    else:
        return []
    shown = f"{shown_root}/{ANY_KIND}" if shown_root not in ("", ".") else ANY_KIND
    refresh = f"doria-forge schema --pack {shlex.quote(shown_root or '.')}"
    return [Problem.at(Location(shown), RULE, Severity.INFO,
                       f"{ANY_KIND} {why}: an editor checks and completes the YAML against the fields it was made "
                       f"from; refresh it with `{refresh}`")]
