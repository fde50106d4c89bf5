"""Which paths an output may take: never into the sources, never over a special file.

``--out`` pointing into the pack wrote outputs among the sources (``--out content``), and as
root ``--out /dev/sda`` replaced a device node with a PDF. :func:`refusal` names such a path
before anything runs; the pipeline turns it into a usage error (exit 2).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from doria_forge.load.files import describe_mode, is_inside


def source_paths(pack: Path, project: Path | None) -> list[Path]:
    """What a run reads and must never write over: the pack (folder or file) and the project's
    ``templates/`` and ``layouts/`` folders beside it, where they exist."""
    paths = [Path(pack)]
    if project is not None:
        paths += [p for p in (Path(project) / "templates", Path(project) / "layouts") if p.is_dir()]
    return paths


def refusal(path: Path, *, folder: bool, sources: Iterable[Path] = ()) -> str | None:
    """Why ``path`` must not be an output (``folder``: an output folder), or None.

    Refused: a path inside (or equal to) one of ``sources``, following links; an existing file
    output that is not a regular file (a device, FIFO, socket).
    """
    real = os.path.realpath(path)
    for source in sources:
        source_real = os.path.realpath(source)
        if is_inside(real, source_real):
            return f"cannot write {path}: it is inside {source}, which doria-forge reads; choose another --out"
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if not folder and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        return f"cannot write {path}: it is {describe_mode(mode)}, not a regular file; choose another --out"
    return None
