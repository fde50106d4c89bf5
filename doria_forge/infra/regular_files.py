"""Opening a file the user gave (or named like one doria-forge wrote) only when it is a regular file.

A FIFO in the place of a file kept a plain ``open`` waiting for a writer forever, and a device
(``/dev/zero``) was read without end: :func:`open_regular` opens without waiting and looks at
what it opened, on the open descriptor (the name may be swapped in between). The pack loader,
the card art and the build folder's manifest each read through it and word its errors their way.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import IO


class NotARegularFile(OSError):
    """What was opened is no regular file (a FIFO, a device, a folder, a socket); ``mode`` is its
    ``st_mode`` (for the caller's message), ``strerror`` "not a regular file"."""

    def __init__(self, path: Path | str, mode: int):
        super().__init__(errno.EINVAL, "not a regular file", str(path))
        self.mode = mode


def open_regular(path: Path | str, *, follow_link: bool = False) -> tuple[IO[bytes], os.stat_result]:
    """``path`` opened for reading in binary, with the status of the open descriptor.

    Opened without blocking (a FIFO does not wait for a writer), closed on ``exec``, and, unless
    ``follow_link``, without following a final symbolic link (which then fails with ``ELOOP``).
    Raises :class:`NotARegularFile` (the descriptor closed) when it is no regular file, and
    ``OSError`` when it cannot be opened.
    """
    flags = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
             | (0 if follow_link else getattr(os, "O_NOFOLLOW", 0)))
    fd = os.open(path, flags)
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise NotARegularFile(path, status.st_mode)
        return os.fdopen(fd, "rb"), status
    except BaseException:
        os.close(fd)
        raise
