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


SYSTEM_FOLDERS = ("/proc", "/sys", "/dev")
"""Folders of the kernel's own file systems: their entries are processes, devices and settings,
never outputs (``--out`` naming a link to ``/proc/self/fd/1`` replaced the link with a file)."""

WRITABLE_SYSTEM_FOLDERS = ("/dev/shm",)
"""Ordinary file systems inside ``SYSTEM_FOLDERS``."""


def system_folder(path: str) -> str | None:
    """The folder of ``SYSTEM_FOLDERS`` the absolute path ``path`` lies in, or None."""
    if any(is_inside(path, ok) for ok in WRITABLE_SYSTEM_FOLDERS):
        return None
    return next((top for top in SYSTEM_FOLDERS if is_inside(path, top)), None)


def _link_chain(path: Path) -> list[str]:
    """``path`` made absolute, then each place its chain of links leads to (at most 40 steps):
    ``/proc/self/fd/1`` is a link itself, so the real path alone hides that one was passed."""
    chain = [os.path.abspath(path)]
    for _ in range(40):
        try:
            target = os.readlink(chain[-1])
        except OSError:
            break
        chain.append(os.path.normpath(os.path.join(os.path.dirname(chain[-1]), target)))
    return chain


def refusal(path: Path, *, folder: bool, sources: Iterable[Path] = (), option: str = "--out") -> str | None:
    """Why ``path`` must not be an output (``folder``: an output folder), or None; the reason
    asks for another ``option`` (the option that named the path: ``--out``, ``--report``...).

    Refused: ``-`` (standard output to a shell, a file named ``-`` here); a path inside (or equal to)
    one of ``sources``, following links; a path that is
    (or whose link leads) inside ``/proc``, ``/sys`` or ``/dev``; an existing file output that
    is not a regular file (a device, FIFO, socket).
    """
    if str(path) == "-":
        # the shell's name for standard output: it wrote a file named '-' in the working folder
        return (f"{option} - would be a file named '-': doria-forge writes its files to paths, not to standard "
                f"output; give {option} a file name (where a command has --format json, that prints the report)")
    real = os.path.realpath(path)
    for source in sources:
        source_real = os.path.realpath(source)
        if is_inside(real, source_real):
            where = f"{source} itself" if real == source_real else f"inside {source}"
            return f"cannot write {path}: it is {where}, which doria-forge reads; choose another {option}"
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return _in_system_folder(path, real, option)
    if not folder and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        return f"cannot write {path}: it is {describe_mode(mode)}, not a regular file; choose another {option}"
    return _in_system_folder(path, real, option)


FORMAT_NAMES = {".json": "JSON", ".html": "an HTML page", ".htm": "an HTML page", ".png": "a PNG image",
                ".pdf": "a PDF", ".xlsx": "a workbook", ".csv": "CSV", ".yaml": "YAML", ".yml": "YAML"}
"""What a file of each suffix doria-forge reads or writes holds."""


def misnamed(path: Path, *, writes: str, option: str = "--out") -> str | None:
    """Why ``path`` is the wrong name for the file ``option`` writes, whose format is ``writes``
    (a suffix of :data:`FORMAT_NAMES`: ``".json"``), or None: a name ending in another format's
    suffix (``--out report.html`` got the JSON report, ``--report r.json`` the HTML page, both
    without a word). Any other name is taken as given."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMAT_NAMES or FORMAT_NAMES[suffix] == FORMAT_NAMES[writes]:
        return None
    return (f"cannot write {path}: {option} writes {FORMAT_NAMES[writes]}, not {FORMAT_NAMES[suffix]}; "
            f"give {option} a {writes} file")


def folder_misnamed(path: Path, *, option: str = "--out") -> str | None:
    """Why ``path``, a folder not made yet, is the wrong name for the folder ``option`` writes
    files into, or None: a name ending in a file format's suffix (``export csv --out traps.csv``
    made a folder ``traps.csv`` holding ``trap.csv``, which ``import traps.csv`` then refused)."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMAT_NAMES:
        return None
    return (f"cannot write into {path}: {option} names the folder the files go into, and {Path(path).name} is the "
            f"name of a file ({FORMAT_NAMES[suffix]}); give {option} a folder name")


def _in_system_folder(path: Path, real: str, option: str) -> str | None:
    for step in [*_link_chain(Path(path)), real]:
        system = system_folder(step)
        if system is not None:
            through = f" (through a link to {step})" if step != os.path.abspath(path) else ""
            return (f"cannot write {path}{through}: {system} holds the system's processes and devices, "
                    f"not files; choose another {option}")
    return None
