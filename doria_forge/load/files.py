"""Which files of a pack are read, and how they are read.

A pack comes from people the maintainer may not know, so reading it must never make
doria-forge read something that is not the pack, block, or run out of memory:

* Only regular files are read. A FIFO, device or socket named ``*.yaml`` is refused
  before it is opened (a FIFO would block forever, ``/dev/zero`` never ends); the file is
  opened non-blocking and checked again on its descriptor, so swapping it in between does
  not help.
* A symbolic link is read only when its real path lies inside the pack; a link that
  leads out of the pack, or nowhere, is refused without opening its target. Links to
  folders are not followed (no loops; a folder inside the pack is read where it lives).
* A file larger than :func:`max_file_bytes` (``DEFAULT_MAX_FILE_BYTES``, changed with
  the environment variable ``DORIA_FORGE_MAX_FILE_BYTES``) is refused before it is read.
* A folder or file that cannot be listed or read is an error naming it, never a silent
  gap in the pack.

Refusals are :class:`PathProblem` values: a path (as found on disk) and a message that
says what is wrong with it and quotes nothing from the file. Hidden files and folders
(``.git``) are not content and are skipped.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from doria_forge.infra.regular_files import NotARegularFile, open_regular

YAML_SUFFIXES = (".yaml", ".yml")

DEFAULT_MAX_FILE_BYTES = 4 * 1024 * 1024
"""Largest pack file read by default (4 MiB). The shipped pack's largest file is about 20 kB;
a file this size already takes the YAML parser several seconds."""

MAX_FILE_ENV = "DORIA_FORGE_MAX_FILE_BYTES"
"""Environment variable that changes the file size limit: bytes, or a number with a ``K``,
``M`` or ``G`` suffix (powers of 1024), e.g. ``DORIA_FORGE_MAX_FILE_BYTES=16M``."""

# Rule ids of the refusals (the loader reports them as problems).
IO_ERROR = "io-error"
OUTSIDE_PACK = "outside-pack"
NOT_A_FILE = "not-a-regular-file"
FILE_TOO_LARGE = "file-too-large"

_UNITS = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3}


class FileLimitError(ValueError):
    """``DORIA_FORGE_MAX_FILE_BYTES`` is set to something that is not a size (a usage error)."""


@dataclass(frozen=True)
class PathProblem:
    """A path of the pack that is not read: ``path`` on disk, ``rule_id`` (``io-error``,
    ``outside-pack``, ``not-a-regular-file``, ``file-too-large``) and a message that names
    no content of the file."""

    path: Path
    rule_id: str
    message: str


class PackFileError(Exception):
    """A pack file that must not or cannot be read; carries its :class:`PathProblem`."""

    def __init__(self, problem: PathProblem) -> None:
        super().__init__(problem.message)
        self.problem = problem


def max_file_bytes() -> int:
    """The largest file size read, in bytes: ``DORIA_FORGE_MAX_FILE_BYTES`` when set, else
    ``DEFAULT_MAX_FILE_BYTES``. Raises FileLimitError for a value that is not a positive size."""
    raw = os.environ.get(MAX_FILE_ENV, "").strip()
    if not raw:
        return DEFAULT_MAX_FILE_BYTES
    text = raw.upper().removesuffix("IB").removesuffix("B")
    unit = text[-1:] if text[-1:] in _UNITS else ""
    number = text[: len(text) - len(unit)].strip()
    if not number.isdigit() or int(number) <= 0:
        raise FileLimitError(f"{MAX_FILE_ENV}={raw!r} is not a size; write bytes or a number with K, M or G")
    return int(number) * _UNITS[unit]


def describe_mode(mode: int) -> str:
    """What a file of ``mode`` (``st_mode``) is, for messages: ``a FIFO (named pipe)``, ``a device``..."""
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "a special file"


def _size(n: int) -> str:
    return f"{n / 1024**2:.1f} MiB" if n >= 1024**2 else f"{n} bytes"


def is_inside(path: str, root: str) -> bool:
    """Whether ``path`` is ``root`` or lies under it (both absolute, links resolved)."""
    try:
        return os.path.commonpath([path, root]) == root
    except ValueError:  # different drives
        return False


def is_yaml_name(name: str) -> bool:
    """Whether a file name is a content file name (``*.yaml``/``*.yml``, not hidden)."""
    return not name.startswith(".") and name.lower().endswith(YAML_SUFFIXES)


def discover(root: Path) -> tuple[list[Path], list[PathProblem]]:
    """The content files under the pack folder ``root`` and the paths refused while looking.

    Returns ``(files, problems)``: ``files`` are the ``*.yaml``/``*.yml`` regular files (or
    links to regular files inside the pack), sorted by posix path relative to ``root``;
    ``problems`` name every folder that cannot be listed and every content-named path that
    will not be read (a link out of the pack, a FIFO...). Hidden entries are skipped.
    """
    root = Path(root)
    real_root = os.path.realpath(root)
    files: list[Path] = []
    problems: list[PathProblem] = []
    pending = [root]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError as exc:
            problems.append(PathProblem(folder, IO_ERROR, f"cannot read folder: {exc.strerror or exc}"))
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            path = Path(entry.path)
            try:
                if entry.is_symlink():
                    _linked(path, real_root, files, problems)
                elif entry.is_dir(follow_symlinks=False):
                    pending.append(path)
                elif is_yaml_name(entry.name):
                    mode = entry.stat(follow_symlinks=False).st_mode
                    if stat.S_ISREG(mode):
                        files.append(path)
                    else:
                        problems.append(PathProblem(path, NOT_A_FILE,
                                                    f"is {describe_mode(mode)}, not a file; not read"))
            except OSError as exc:
                problems.append(PathProblem(path, IO_ERROR, f"cannot read: {exc.strerror or exc}"))
    files.sort(key=lambda p: p.relative_to(root).as_posix())
    return files, problems


def _linked(path: Path, real_root: str, files: list[Path], problems: list[PathProblem]) -> None:
    """Sort a symbolic link found in the pack into ``files`` or ``problems``."""
    target = os.path.realpath(path)
    inside = is_inside(target, real_root)
    try:
        mode = os.stat(target).st_mode
    except OSError as exc:
        if is_yaml_name(path.name):
            problems.append(PathProblem(path, IO_ERROR, "is a symbolic link that leads back to itself (a loop of "
                                        "links); not read" if exc.errno == errno.ELOOP else
                                        "is a symbolic link to nothing (broken link); not read"))
        return
    if stat.S_ISDIR(mode):
        # A folder inside the pack is read where it lives; one outside is not the pack.
        if not inside:
            problems.append(PathProblem(path, OUTSIDE_PACK,
                                        "is a symbolic link to a folder outside the pack; not read"))
        return
    if not is_yaml_name(path.name):
        return
    if not inside:
        problems.append(PathProblem(path, OUTSIDE_PACK, "is a symbolic link to a file outside the pack; not read"))
    elif not stat.S_ISREG(mode):
        problems.append(PathProblem(path, NOT_A_FILE,
                                    f"is a symbolic link to {describe_mode(mode)}, not a file; not read"))
    else:
        files.append(path)


def check_confined(path: Path, root: Path | None, *, area: str = "the pack") -> None:
    """Raise PackFileError unless ``path`` is a regular file whose real path lies inside
    folder ``root`` (``None``: anywhere); ``area`` names ``root`` in messages. Opens nothing:
    for files another library reads (card art), after this check."""
    real = _confined(path, root, None, area)
    try:
        mode = os.stat(real).st_mode
    except OSError as exc:
        raise PackFileError(PathProblem(Path(path), IO_ERROR, f"cannot read file: {exc.strerror or exc}")) from None
    if not stat.S_ISREG(mode):
        raise PackFileError(PathProblem(Path(path), NOT_A_FILE, f"is {describe_mode(mode)}, not a file; not read"))


def real_folder(root: Path) -> str:
    """The real path of folder ``root`` (links resolved): what :func:`read_confined` takes as
    ``real_root`` when it reads many files of one folder (a pack's), so the folder's path is
    resolved once, not once a file (each resolution asks the file system for every part of it)."""
    return os.path.realpath(root)


def _confined(path: Path, root: Path | None, real_root: str | None, area: str) -> str:
    """The real path of ``path``, when it lies inside folder ``root`` (whose real path is
    ``real_root`` when the caller knows it); raises PackFileError otherwise."""
    real = os.path.realpath(path)
    if root is not None and not is_inside(real, real_root if real_root is not None else os.path.realpath(root)):
        raise PackFileError(PathProblem(Path(path), OUTSIDE_PACK, f"lies outside {area} (through a link); not read"))
    return real


def read_confined(path: Path, root: Path | None, limit: int | None = None, *, area: str = "the pack",
                  real_root: str | None = None) -> bytes:
    """The bytes of the regular file ``path``, when its real path lies inside folder ``root``
    (``None``: anywhere, for a file the user named on the command line); ``area`` names
    ``root`` in messages; ``real_root``: ``root``'s real path, when the caller resolved it
    (:func:`real_folder`).

    The file is checked before it is opened (regular file, inside ``root``, at most ``limit``
    bytes, default :func:`max_file_bytes`), opened non-blocking without following a final
    symbolic link, and checked again on the open descriptor; at most ``limit`` bytes are read.

    Raises PackFileError (never quoting the file) when it must not or cannot be read; a file
    above the default limit is told how to raise it (``DORIA_FORGE_MAX_FILE_BYTES`` changes no
    other limit).
    """
    adjustable = limit is None
    limit = max_file_bytes() if limit is None else limit
    path = Path(path)
    real = _confined(path, root, real_root, area)
    try:
        _check(path, os.stat(real), limit, adjustable)
        fh, status = open_regular(real)
        with fh:
            _check(path, status, limit, adjustable)
            data = fh.read(limit + 1)
    except NotARegularFile as exc:  # swapped for one after the check
        raise PackFileError(_not_a_file(path, exc.mode)) from None
    except OSError as exc:
        raise PackFileError(PathProblem(path, IO_ERROR, f"cannot read file: {exc.strerror or exc}")) from None
    if len(data) > limit:  # it grew after the check
        raise PackFileError(_too_large(path, None, limit, adjustable))
    return data


def _check(path: Path, st: os.stat_result, limit: int, adjustable: bool) -> None:
    if not stat.S_ISREG(st.st_mode):
        raise PackFileError(_not_a_file(path, st.st_mode))
    if st.st_size > limit:
        raise PackFileError(_too_large(path, st.st_size, limit, adjustable))


def _not_a_file(path: Path, mode: int) -> PathProblem:
    return PathProblem(path, NOT_A_FILE, f"is {describe_mode(mode)}, not a file; not read")


def _too_large(path: Path, size: int | None, limit: int, adjustable: bool) -> PathProblem:
    what = f"file is {_size(size)}, more" if size is not None else "file is more"
    change = f" (set {MAX_FILE_ENV} to change the limit)" if adjustable else ""
    return PathProblem(path, FILE_TOO_LARGE, f"{what} than the limit of {_size(limit)}; not read{change}")
