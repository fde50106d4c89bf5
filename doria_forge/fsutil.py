"""Atomic output files: a reader never sees a half-written PDF, bundle or report."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from doria_forge import staging


def atomic_write_bytes(path: Path, data: bytes, *, durable: bool = True) -> Path:
    """Write ``data`` to ``path`` via a temporary file in the same folder and ``os.replace``.

    Creates missing parent folders. The file gets the permissions of any new file
    (``0666`` less the umask: ``0644`` by default). On any error, Ctrl-C or SIGTERM included,
    the temporary file is removed and ``path`` keeps its old content (or stays absent).
    ``durable=False`` skips the fsync (for caches: an entry lost in a crash is recomputed).
    Inside :func:`doria_forge.staging.build_folder` the data is held for the build's folder
    swap instead. Returns ``path``.

    Raises OSError, also when ``path`` exists and is not a regular file (a device, a FIFO:
    it is never replaced).
    """
    path = Path(path)
    if staging.hold(path, data):
        return path
    _refuse_special(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o666 & ~_umask())
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


def _refuse_special(path: Path) -> None:
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode):
        raise OSError(errno.EEXIST, "it exists and is not a regular file (doria-forge replaces only files)",
                      str(path))


def _umask() -> int:
    """The process's umask (read without a window where it is changed, where Linux tells it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
