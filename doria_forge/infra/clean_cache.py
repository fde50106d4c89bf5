"""Files a check found clean, remembered by their content, so the check (and the import of
the code it needs) can be skipped while nothing changed.

``validate`` checks the project's print layout files on every run although they rarely change,
and that check needs the layout models: about a tenth of a validate. Only *clean* results are
remembered (an empty marker file in the cache folder, ``doria_forge.infra.fsutil.cache_dir``): a file
with problems is checked afresh each time, so its messages are always the current code's. The
key covers the file's bytes, the name it is shown by and the source of the checking code, so
changing any of them checks again. Deleting the cache only costs time.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path

from doria_forge.infra.fsutil import atomic_write_bytes, cache_dir, caching, source_digest

FORMAT = "clean-2"
"""Part of every key: bumped when what a key means changes."""


def clean_key(check: str, data: bytes, shown: str, code: Iterable[Path]) -> str | None:
    """The key of ``data`` (a file's bytes, shown as ``shown``) for ``check`` (a short name:
    ``layout``) by the source files ``code``; ``None`` when a source cannot be read (an install
    without sources) or within ``fsutil.cache_off`` (``--no-cache``): the check then always runs."""
    if not caching():
        return None
    sources = source_digest(tuple(Path(p) for p in code))
    if sources is None:
        return None
    digest = hashlib.sha256(os.fsencode(f"{FORMAT}\0{check}\0{shown}\0{sources}\0"))  # a name may not be UTF-8
    digest.update(data)
    return digest.hexdigest()


def _marker(check: str, key: str) -> Path:
    return cache_dir() / f"clean-{check}" / key


def is_clean(check: str, key: str | None) -> bool:
    """Whether ``check`` found the content of ``key`` clean before."""
    return key is not None and _marker(check, key).is_file()


def remember_clean(check: str, key: str | None) -> None:
    """Remember that ``check`` found the content of ``key`` clean (silently skipped when the
    cache folder cannot be written: that only costs the next run the check)."""
    if key is None:
        return
    try:
        atomic_write_bytes(_marker(check, key), b"", durable=False)
    except OSError:
        pass
