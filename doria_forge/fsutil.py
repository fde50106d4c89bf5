"""Atomic output files: a reader never sees a half-written PDF, bundle or report."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def atomic_write_bytes(path: Path, data: bytes, *, durable: bool = True) -> Path:
    """Write ``data`` to ``path`` via a temporary file in the same folder and ``os.replace``.

    Creates missing parent folders. On any error the temporary file is removed and
    ``path`` keeps its old content (or stays absent). ``durable=False`` skips the fsync
    (for caches: an entry lost in a crash is recomputed). Returns ``path``.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return path


def atomic_write_text(path: Path, text: str, *, durable: bool = True) -> Path:
    """``atomic_write_bytes`` for UTF-8 text."""
    return atomic_write_bytes(path, text.encode("utf-8"), durable=durable)
