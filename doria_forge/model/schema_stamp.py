"""The names of the editor schema and the stamp it carries, apart from the code that makes the
schema (``model.schema_export``, which imports pydantic's JSON Schema code): ``validate`` reads a
pack's stamp on every run without loading it.

The stamp names the version of doria-forge that wrote the schema and a digest of the schema
itself (all but the stamp): on a source checkout the version stays the same from commit to
commit while the models change, and only the digest tells the copy in a pack from the current one.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

SCHEMA_ID = "https://doria-forge.invalid/schemas/{name}"
"""The ``$id`` of each schema file ``name``."""

ANY_KIND = "doria.schema.json"
"""File name of the schema that accepts a document of any kind."""

_STAMP = re.compile(r'^\s*\{\s*"\$comment":\s*"written by doria-forge ([^"\s,]+)(?:, schema ([0-9a-f]+))?"')
"""The stamp at the head of ``doria.schema.json`` (``$comment`` sorts first of its keys); stamps
written before the digest name the version alone."""


def schema_digest(text: str) -> str:
    """The digest the stamp gives of the schema's ``text`` without its stamp: 16 hex digits of
    its sha256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def stamp(digest: str) -> str:
    """The ``$comment`` of ``doria.schema.json``: ``written by doria-forge VERSION, schema DIGEST``
    (``digest``: :func:`schema_digest` of the rest of the schema)."""
    from doria_forge import __version__

    return f"written by doria-forge {__version__}, schema {digest}"


def stamped(head: str) -> tuple[str, str | None] | None:
    """The doria-forge version and the schema digest (None in a stamp older than digests) the
    stamp at the start of a ``doria.schema.json`` text names (``head``: its first few hundred
    characters are enough), or None when it has no stamp."""
    found = _STAMP.match(head)
    return (found[1], found[2]) if found else None


_HEAD = 512
"""Bytes read for the stamp (it is the first key of the file)."""


def read_stamp(path: Path) -> tuple[bool, str | None, str | None]:
    """Whether the file at ``path`` is a ``doria.schema.json`` doria-forge wrote (its stamp, or
    for one written before stamps its ``$id``), the version its stamp names and the schema
    digest (each None without one). Raises OSError when it cannot be read, or is no regular file
    inside its folder (a pack's): a FIFO of that name kept ``validate`` waiting for a writer
    forever, and a link to ``/dev/zero`` read without end."""
    from doria_forge.load.files import PackFileError, check_confined, max_file_bytes

    path = Path(path)
    try:
        check_confined(path, path.parent, area="its pack")
    except PackFileError as exc:
        raise OSError(exc.problem.message) from None
    with path.open("rb") as file:
        head = file.read(_HEAD)
        found = stamped(head.decode("utf-8", "replace"))
        if found is not None:
            return True, *found
        return f'"$id": "{SCHEMA_ID.format(name=ANY_KIND)}"'.encode() in head + file.read(max_file_bytes()), None, None
