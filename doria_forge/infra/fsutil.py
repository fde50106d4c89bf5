"""Atomic output files: a reader never sees a half-written PDF, bundle or report; and the per-user
cache folder."""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from doria_forge.infra import staging


def atomic_write_bytes(path: Path, data: bytes, *, durable: bool = True) -> Path:
    """Write ``data`` to ``path`` via a temporary file in the same folder and ``os.replace``.

    Creates missing parent folders. The file gets the permissions of any new file
    (``0666`` less the umask: ``0644`` by default). On Linux the data goes to an unnamed file
    first and gets its temporary name only for the final rename, so even a process killed
    while writing leaves no temporary file. On any error, Ctrl-C or SIGTERM included, the
    temporary file is removed and ``path`` keeps its old content (or stays absent).
    ``durable=False`` skips the fsync (for caches: an entry lost in a crash is recomputed).
    Inside :func:`doria_forge.infra.staging.build_folder` the data is held for the build's folder
    swap instead. A ``path`` that is a symbolic link is written through: the file it points to
    gets the data (created if the link dangles) and the link stays, as a shell's ``>`` would.
    Returns ``path``.

    Raises OSError naming ``path`` (never the temporary file), also when ``path`` exists and is
    not a regular file (a device, a FIFO: it is never replaced).
    """
    path = Path(path)
    if staging.hold(path, data):
        return path
    target = _replaceable(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with _naming(path):
        tmp = _temporary(target, data, durable)
        try:
            os.replace(tmp, target)
        except BaseException:
            _unlink(tmp)
            raise
    return path


def atomic_write_all(files: Mapping[Path, bytes]) -> list[Path]:
    """Write every ``{path: data}`` of ``files`` as :func:`atomic_write_bytes` does, all of them or
    none: each file's data goes to a temporary file beside it first, and only once every one is
    written are they renamed into place (Ctrl-C, SIGTERM and SIGHUP wait for the renames).
    ``simulate scenario --out r.json --report r.html`` wrote the JSON, then failed on the HTML
    (a full disk) and left the JSON of a run whose report was missing. Returns the paths.

    Raises OSError naming the path that cannot be written; then no file of ``files`` has changed.
    """
    pending: list[tuple[Path, Path, str]] = []
    try:
        for path, data in files.items():
            path = Path(path)
            if staging.hold(path, data):
                continue
            target = _replaceable(path)
            target.parent.mkdir(parents=True, exist_ok=True)
            with _naming(path):
                pending.append((path, target, _temporary(target, data, True)))
        with staging.signals_deferred():
            while pending:
                path, target, tmp = pending[0]
                with _naming(path):
                    os.replace(tmp, target)
                pending.pop(0)
    finally:
        for _, _, tmp in pending:
            _unlink(tmp)
    return [Path(path) for path in files]


@contextmanager
def _naming(path: Path) -> Iterator[None]:
    """Re-raise an OSError of writing ``path`` naming ``path``: the temporary name is ours and
    already gone, the user asked for (and can act on) ``path``."""
    try:
        yield
    except OSError as exc:
        if exc.errno is None:
            raise
        raise type(exc)(exc.errno, exc.strerror, str(path)) from exc


def _temporary(target: Path, data: bytes, durable: bool) -> str:
    """``data`` in a temporary file beside ``target``, unnamed until it is whole where the system
    allows; returns its name."""
    return _write_unnamed(target, data, durable) or _write_named(target, data, durable)


def atomic_write_text(path: Path, text: str, *, durable: bool = True) -> Path:
    """``atomic_write_bytes`` for UTF-8 text."""
    return atomic_write_bytes(path, text.encode("utf-8"), durable=durable)


@contextmanager
def written_together(folder: Path) -> Iterator[list[Callable[[], None]]]:
    """Write the files the block writes under ``folder`` (through :func:`atomic_write_bytes`) when
    it ends normally, each atomically, and none of them when it raises: an export stopped half-way
    (a template error in the last of its files) left the files before it written beside the old
    ones. The block gets a list to which it may add actions that finish the change once the files
    are written (removing the images of cards gone from the pack). Ctrl-C, SIGTERM and SIGHUP wait
    until the files are written and the actions done. The folder's other files stay. Raises
    OSError naming a file that cannot be written
    (before any is written when a folder or device is in the place of one, or a file in the place
    of a folder holding one)."""
    after: list[Callable[[], None]] = []
    with staging.holding(folder) as files:
        yield after
    root = Path(folder)  # the held paths are relative to its real path: the same files, named as given
    for rel in files:  # a folder in the place of the last file stopped the writing after the others
        _no_file_above(root, root / rel)
        _replaceable(root / rel)
    with staging.signals_deferred():  # Ctrl-C here left some of the new files beside old ones
        for rel, data in files.items():
            atomic_write_bytes(root / rel, data)
        for action in after:
            action()


def _no_file_above(root: Path, path: Path) -> None:
    """Raise OSError naming the first folder between ``root`` and file ``path`` that exists and is
    not a folder: a file ``schemas/output`` stopped `schema` after the files beside it were written
    ("File exists")."""
    for folder in reversed(path.relative_to(root).parents[:-1]):
        where = root / folder
        if os.path.lexists(where) and not where.is_dir():
            raise OSError(errno.ENOTDIR, "it exists and is not a folder (doria-forge writes files into it)",
                          str(where))


def _replaceable(path: Path) -> Path:
    """The file that writing ``path`` replaces: ``path``, or the file its link points to (the rename
    of :func:`atomic_write_bytes` would put a file where the link was and leave its target
    untouched). Raises OSError when that exists and is not a regular file."""
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    _refuse_special(target)
    return target


def _refuse_special(path: Path) -> None:
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode):
        raise OSError(errno.EEXIST, "it exists and is not a regular file (doria-forge replaces only files)",
                      str(path))


def _write_named(path: Path, data: bytes, durable: bool) -> str:
    """``data`` in a new temporary file beside ``path``; returns its name."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
    except BaseException:
        _unlink(tmp)
        raise
    return tmp


def _write_unnamed(path: Path, data: bytes, durable: bool) -> str | None:
    """``data`` in an unnamed file (Linux ``O_TMPFILE``) in ``path``'s folder, then linked to a
    temporary name beside ``path``; returns the name, or None where the system cannot do it."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not os.path.isdir("/proc/self/fd"):
        return None
    try:
        fd = os.open(path.parent, flag | os.O_WRONLY | getattr(os, "O_CLOEXEC", 0), 0o666)
    except OSError:
        return None  # a file system without unnamed files; write errors surface in _write_named
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
        fh.flush()
        if durable:
            os.fsync(fh.fileno())
        tmp = str(path.parent / f".{path.name}.{os.urandom(4).hex()}.tmp")
        return tmp if _link_fd(fh.fileno(), tmp) else None


def _link_fd(fd: int, target: str) -> bool:
    """Give the open file ``fd`` the name ``target``: ``linkat`` of its ``/proc/self/fd`` entry,
    following the link (``os.link`` calls ``linkat`` with ``AT_SYMLINK_FOLLOW`` when given a
    folder descriptor; without one it calls ``link``, which does not follow and fails across file
    systems)."""
    try:
        proc = os.open("/proc/self/fd", os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        os.link(str(fd), target, src_dir_fd=proc, follow_symlinks=True)
    except (OSError, NotImplementedError):
        return False
    finally:
        os.close(proc)
    return True


def _unlink(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass


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


CACHE_ENV = "DORIA_FORGE_CACHE_DIR"
"""Environment variable naming the cache folder (instead of the per-user default)."""


_CACHE_OFF: ContextVar[bool] = ContextVar("doria_forge_cache_off", default=False)


@contextmanager
def cache_off(off: bool = True) -> Iterator[None]:
    """Within it (when ``off``) :func:`caching` is False: ``--no-cache`` for the checks deep in
    validation that keep a result in the cache folder without a ``cache`` argument reaching them."""
    token = _CACHE_OFF.set(off)
    try:
        yield
    finally:
        _CACHE_OFF.reset(token)


def caching() -> bool:
    """Whether the cache folder may be read and written (not within :func:`cache_off`)."""
    return not _CACHE_OFF.get()


def cache_dir() -> Path:
    """doria-forge's cache folder: ``DORIA_FORGE_CACHE_DIR``, else the per-user cache folder
    (``platformdirs.user_cache_dir("doria-forge")``, e.g. ``~/.cache/doria-forge`` on Linux).
    Matchup results and card text measurements live there; deleting it only costs time."""
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("doria-forge", appauthor=False))


def python_files(folder: Path | str) -> tuple[str, ...]:
    """The paths of the ``.py`` files in ``folder`` and its subfolders (``__pycache__`` aside), in
    the order ``Path`` sorts them (folder by folder): the source of a package, for the keys of
    results its code decides. Walked with ``os.scandir`` and kept as strings: with ``Path``
    objects the key ``validate`` makes on every run cost about three times as much."""
    found: list[str] = []
    folders = [os.fspath(folder)]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        folders.append(entry.path)
                elif entry.name.endswith(".py"):
                    found.append(entry.path)
    return tuple(sorted(found, key=lambda path: path.split(os.sep)))


@cache
def source_digest(paths: tuple[Path, ...]) -> str | None:
    """sha256 (hex) of the bytes of ``paths`` in order: the source of the code a cached result
    depends on, so changed code never reads back an older result. Read once a process (the code
    does not change while it runs). ``None`` when a file cannot be read (an install without
    sources): the caller then works without its cache."""
    digest = hashlib.sha256()
    try:
        for path in paths:
            digest.update(path.read_bytes())
    except OSError:
        return None
    return digest.hexdigest()


def prune_oldest(folder: Path, keep: int, suffix: str) -> int:
    """Remove the oldest files (by modification time) ending in ``suffix`` in the subfolders of
    ``folder`` (cache entries filed under two-character prefixes) beyond the newest ``keep``;
    returns how many were removed. A missing folder holds nothing."""
    entries = []
    try:
        with os.scandir(folder) as subs:
            for sub in subs:
                if sub.is_dir(follow_symlinks=False):
                    with os.scandir(sub.path) as files:
                        entries += [(f.stat().st_mtime_ns, f.path) for f in files
                                    if f.name.endswith(suffix) and f.is_file(follow_symlinks=False)]
    except OSError:
        return 0
    if len(entries) <= keep:
        return 0
    entries.sort()
    removed = 0
    for _, path in entries[:len(entries) - keep]:
        try:
            os.unlink(path)
            removed += 1
        except OSError:
            pass
    return removed
