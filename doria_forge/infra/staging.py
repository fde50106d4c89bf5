"""A build's output folder is replaced as a whole, or not at all.

Inside :func:`build_folder`, every output written under the folder (through
:func:`doria_forge.infra.fsutil.atomic_write_bytes`) is held in memory instead of written. When the
block ends normally, the held files are written into a fresh staging folder beside it, which
is swapped in for the old folder in one rename (Linux: ``renameat2(RENAME_EXCHANGE)``); the
old folder is then removed. So:

* a build stopped at any point before the swap (an error, Ctrl-C, SIGTERM, even SIGKILL)
  leaves the previous outputs untouched and no temporary file in them; the staging folder
  exists only for the few milliseconds of the final write (signals wait until it is done), and
  one left by a SIGKILL in that moment is removed by the next build;
* outputs of content deleted since the last build do not linger: the new folder holds only
  what this build wrote;
* the folder may only be replaced when it holds nothing a build did not write. Each build
  records its files in ``.doria-forge-build`` (JSON) inside the folder; a folder holding
  anything else (your own files, the pack...) is refused, unless it is empty or absent;
* but what doria-forge's other commands write into ``build/`` by default (``simulate scenario``'s
  ``scenario-ID.json``, ``export png``'s ``png/``...: :data:`_OTHER_COMMANDS`) is neither the
  build's to remove nor a reason to refuse: each such regular file is linked (else copied)
  into the new folder as it is, before the swap, so the old folder keeps it until then.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doria_forge.infra.regular_files import open_regular

MANIFEST = ".doria-forge-build"
"""The file in a build folder that lists the files the build wrote (JSON)."""

_FORMAT = "doria-forge-build"
_LEGACY = re.compile(r"^(simulation\.json|scenarios\.(json|html)|[^/]+\.bundle\.json|pdf/[^/]+\.pdf)$")
"""Outputs of builds from before the manifest existed, which a build may replace."""
_OTHER_COMMANDS = re.compile(r"^(?:(?:scenario|campaign)-[^/]+\.json|content\.xlsx|csv/[^/]+\.csv"
                             r"|preview/(?:[^/]+\.png|previews\.json)"
                             r"|(?:png|tts)/(?:[^/]+/)*[^/]+\.(?:png|json)|(?:pdf|errata)/[^/]+\.pdf)$")
"""Default outputs of the other commands under ``build/`` (``simulate scenario|campaign``,
``export xlsx|png|tts|csv|pdf`` and ``export pdf --changed-since``, ``watch --preview`` and
``preview`` with their folder's manifest), which a build keeps: a report kept as the
next ``--baseline`` made every later ``build`` refuse its own folder."""


class StagingRefused(ValueError):
    """The output folder holds something a build did not write; replacing it would lose it."""


@dataclass
class _Held:
    root: Path
    files: dict[str, bytes] = field(default_factory=dict)


_HELD: ContextVar[_Held | None] = ContextVar("doria_forge_staged_build", default=None)


def hold(path: Path, data: bytes) -> bool:
    """Keep ``data`` for ``path`` in memory when ``path`` lies in the build folder being
    staged; returns whether it did (False: write it as usual)."""
    held = _HELD.get()
    if held is None:
        return False
    path = Path(path)
    target = Path(os.path.realpath(path.parent)) / path.name
    if not target.is_relative_to(held.root) or target == held.root:
        return False
    held.files[target.relative_to(held.root).as_posix()] = bytes(data)
    return True


def check_replaceable(out: Path) -> list[str]:
    """The files of folder ``out`` a build keeps (outputs of the other commands, paths relative
    to ``out``). Raise StagingRefused when it exists and holds anything else but the files the
    last build recorded in its manifest (or, without a manifest, build outputs)."""
    out = Path(out)
    if not out.is_dir():
        return []

    def unreadable(exc: OSError) -> None:
        raise StagingRefused(f"build replaces {out} as a whole, but cannot look into {exc.filename}: "
                             f"{exc.strerror}; choose another --out folder")

    entries: list[str] = []
    for folder, dirnames, filenames in os.walk(out, onerror=unreadable):
        rel = Path(folder).relative_to(out)
        # A link to a folder is an entry of its own, never followed.
        entries += [(rel / name).as_posix() for name in dirnames if os.path.islink(os.path.join(folder, name))]
        entries += [(rel / name).as_posix() for name in filenames]
    recorded = _manifest(out)
    if recorded is None:
        foreign = sorted(name for name in entries if not _LEGACY.match(name))
    else:
        foreign = sorted(set(entries) - recorded - {MANIFEST})
    kept = [name for name in foreign if _OTHER_COMMANDS.match(name) and (out / name).is_file()
            and not (out / name).is_symlink()]
    foreign = [name for name in foreign if name not in kept]
    if foreign:
        shown = ", ".join(foreign[:5]) + (f" and {len(foreign) - 5} more" if len(foreign) > 5 else "")
        raise StagingRefused(f"build replaces {out} as a whole, but it holds files a build did not write "
                             f"({shown}); choose a new or empty --out folder, or move them away")
    return kept


_MOUNTINFO = "/proc/self/mountinfo"
"""Linux's list of this process's mount points (the fifth field of each line, octal-escaped)."""


def is_mount_point(folder: Path) -> bool:
    """Whether a file system is mounted on ``folder`` (through links): a container's volume, also
    a bind mount of a folder of the same file system, which ``os.path.ismount`` does not see. A
    mount point cannot be renamed, so no new build folder can be swapped in for it (EBUSY)."""
    real = os.path.realpath(folder)
    try:
        with open(_MOUNTINFO, encoding="utf-8", errors="surrogateescape") as fh:
            points = {re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), fields[4])
                      for fields in map(str.split, fh) if len(fields) > 4}
    except OSError:  # not Linux
        return os.path.ismount(real)
    return real in points


def _manifest(out: Path) -> set[str] | None:
    try:
        manifest, _ = open_regular(out / MANIFEST)  # a FIFO named like it kept every build waiting
        with manifest:
            data = json.loads(manifest.read(64 * 1024**2))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != _FORMAT or not isinstance(data.get("files"), list):
        return None
    return {str(name) for name in data["files"]}


@contextmanager
def build_folder(out: Path) -> Iterator[Path]:
    """Stage every output written under folder ``out`` and swap them in when the block ends
    normally (see the module docstring). Yields ``out``.

    Raises StagingRefused (before the block runs) when ``out`` holds files a build did not
    write, and OSError when the staged folder cannot be written (the old one then stays).
    """
    out = Path(os.path.realpath(out))
    kept = check_replaceable(out)
    with holding(out) as files:
        yield out
    with signals_deferred():
        _commit(out, files, kept)


@contextmanager
def holding(out: Path) -> Iterator[dict[str, bytes]]:
    """Hold in memory every output written under folder ``out`` in the block (:func:`hold`) instead
    of writing it. Yields the held files (``{path relative to out: bytes}``) for the caller to
    write once the block has ended normally; an inner block holds its own folder's files, which
    reach the outer one when the caller writes them."""
    held = _Held(Path(os.path.realpath(out)))
    token = _HELD.set(held)
    try:
        yield held.files
    finally:
        _HELD.reset(token)


def _commit(out: Path, files: dict[str, bytes], kept: list[str]) -> None:
    parent = out.parent
    parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(parent, out.name)
    stage = parent / f".{out.name}.staging-{os.getpid()}-{secrets.token_hex(4)}"
    os.mkdir(stage)
    try:
        manifest = {"format": _FORMAT, "files": sorted(files)}
        for rel, data in [*sorted(files.items()), (MANIFEST, (json.dumps(manifest, indent=1) + "\n").encode())]:
            target = stage / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            with open(target, "xb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
        for rel in kept:
            if rel not in files:  # the build's own file of that name wins
                _keep(out / rel, stage / rel)
        _swap(stage, out)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise


def _keep(source: Path, target: Path) -> None:
    """Put file ``source`` at ``target`` as it is: a hard link (no copy of a folder of PNGs), else a copy."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def _swap(stage: Path, out: Path) -> None:
    """Put folder ``stage`` in the place of ``out`` and remove the old ``out``."""
    try:
        os.rename(stage, out)  # no ``out`` yet (or an empty one)
        return
    except OSError:
        if not out.is_dir():
            raise
    if _exchange(stage, out):
        shutil.rmtree(stage, ignore_errors=True)  # it now holds the old outputs
        return
    old = out.parent / f".{out.name}.old-{os.getpid()}-{secrets.token_hex(4)}"
    os.rename(out, old)
    os.rename(stage, out)
    shutil.rmtree(old, ignore_errors=True)


def _exchange(a: Path, b: Path) -> bool:
    """Atomically exchange two paths (Linux ``renameat2`` with ``RENAME_EXCHANGE``)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    return renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0


def _remove_stale(parent: Path, name: str) -> None:
    """Remove staging and old folders of ``name`` left by builds that were killed."""
    pattern = re.compile(rf"^\.{re.escape(name)}\.(?:staging|old)-(\d+)-[0-9a-f]+$")
    with suppress(OSError):
        for entry in parent.iterdir():
            match = pattern.match(entry.name)
            if match and not _alive(int(match.group(1))):
                shutil.rmtree(entry, ignore_errors=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


@contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP until the block is done (a final write of outputs that
    belong together is short, and stopping half-way would leave a staging folder behind, or the
    new files of an export beside old ones); the first that came then takes effect as it would
    have (Ctrl-C, exit 143...). A signal ignored stays ignored; outside the main thread, where no
    handler can be set, the block runs as it is.

    The signals are caught by handlers that note them, not blocked with ``pthread_sigmask``: a
    mask holds them only from the thread that sets it, and the system gives a process's signal to
    any thread that does not block it (a progress bar's, a pool's), whose C handler then had
    Python stop the main thread half-way all the same."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    previous: dict[int, Any] = {}
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is None or signal.getsignal(signum) in (signal.SIG_IGN, None):
            continue  # ignored (or set outside Python): left as it is
        previous[signum] = signal.signal(signum, lambda got, frame: came.append(got))
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if came:
            signal.raise_signal(came[0])
