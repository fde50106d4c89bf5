"""The names of the editor schema and the version stamp it carries, apart from the code that
makes the schema (``model.schema_export``, which imports pydantic's JSON Schema code): ``validate``
reads a pack's stamp on every run without loading it."""

from __future__ import annotations

import re
from pathlib import Path

SCHEMA_ID = "https://doria-forge.invalid/schemas/{name}"
"""The ``$id`` of each schema file ``name``."""

ANY_KIND = "doria.schema.json"
"""File name of the schema that accepts a document of any kind."""

_STAMP = re.compile(r'^\s*\{\s*"\$comment":\s*"written by doria-forge ([^"\s]+)"')
"""The stamp at the head of ``doria.schema.json`` (``$comment`` sorts first of its keys)."""


def stamp() -> str:
    """The ``$comment`` of ``doria.schema.json``: ``written by doria-forge VERSION``."""
    from doria_forge import __version__

    return f"written by doria-forge {__version__}"


def stamped_version(head: str) -> str | None:
    """The doria-forge version the stamp at the start of a ``doria.schema.json`` text names
    (``head``: its first few hundred characters are enough), or None when it has none."""
    found = _STAMP.match(head)
    return found[1] if found else None


_HEAD = 512
"""Bytes read for the stamp (it is the first key of the file)."""


def read_stamp(path: Path) -> tuple[bool, str | None]:
    """Whether the file at ``path`` is a ``doria.schema.json`` doria-forge wrote (its stamp, or
    for one written before stamps its ``$id``), and the version its stamp names (None without
    one). Raises OSError when it cannot be read."""
    with Path(path).open("rb") as file:
        head = file.read(_HEAD)
        version = stamped_version(head.decode("utf-8", "replace"))
        if version is not None:
            return True, version
        return f'"$id": "{SCHEMA_ID.format(name=ANY_KIND)}"'.encode() in head + file.read(), None
