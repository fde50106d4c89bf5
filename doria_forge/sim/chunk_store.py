"""Finished chunks of runs kept on disk, so that a distributed run stopped by a lost cluster
resumes where it stopped (``--scheduler``, see :mod:`doria_forge.sim.distributed`).

A chunk is a task of a run plan, ``(plan, players, first run, end run)``, and its aggregate.
Its key is the sha256 of everything its numbers depend on: the pack's content hash, the source
code of the engine and the simulation (``sim.cache.engine_version``), the plan's fields (its
scenario or campaign, seed, policy, hero pool, stall limit; not ``runs`` nor ``first_run``, which
only decide which chunks are made) and the chunk's player count and run range. Any change gives new
keys, so a resumed run never mixes in numbers of other content or code.

Entries live under ``chunks/`` in the per-user cache folder (``DORIA_FORGE_CACHE_DIR``), one
pickle per chunk, written atomically; they are removed once the whole run has finished. An
entry that cannot be read is played again; a cache folder that cannot be written is skipped
with one warning. The folder is the user's own: entries are trusted as the rest of the cache.
"""

from __future__ import annotations

import dataclasses
import hashlib
import logging
import pickle
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from doria_forge.fsutil import atomic_write_bytes, cache_dir
from doria_forge.model import ContentPack

from .executors import Task

log = logging.getLogger(__name__)

FORMAT = "chunk-v1"
"""Version of the entry layout; part of every key."""


class ChunkStore:
    """The kept chunks of runs of ``pack`` (see the module docstring); ``count`` is how many
    this store has written or found."""

    def __init__(self, pack: ContentPack, folder: Path | None = None) -> None:
        from .cache import engine_version

        self.folder = (Path(folder) if folder is not None else cache_dir()) / "chunks"
        self._prefix = f"{FORMAT}:{pack.content_hash()}:{engine_version()}"
        self._writable = True
        self.count = 0

    def key(self, task: Task) -> str:
        """The sha256 hex key of ``task``."""
        plan, players, start, stop = task
        fields = {f.name: getattr(plan, f.name) for f in dataclasses.fields(plan)
                  if f.name not in ("runs", "players", "first_run")}
        text = f"{self._prefix}:{type(plan).__name__}:{sorted(fields.items())!r}:{players}:{start}:{stop}"
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def _path(self, task: Task) -> Path:
        key = self.key(task)
        return self.folder / key[:2] / f"{key}.pickle"

    def get(self, task: Task) -> Any | None:
        """The kept aggregate of ``task``, or None."""
        try:
            data = self._path(task).read_bytes()
            stats = pickle.loads(data)  # noqa: S301 - the user's own cache folder
        except Exception:  # noqa: BLE001 - absent or damaged: played again
            return None
        if getattr(stats, "players", None) != task[1]:
            return None
        self.count += 1
        return stats

    def put(self, task: Task, stats: Any) -> None:
        """Keep the aggregate of ``task`` (skipped, with one warning, when the folder cannot be written)."""
        if not self._writable:
            return
        try:
            atomic_write_bytes(self._path(task), pickle.dumps(stats, protocol=pickle.HIGHEST_PROTOCOL), durable=False)
        except OSError as exc:
            self._writable = False
            log.warning("cannot keep finished chunks in %s (%s); an interrupted run will start again",
                        self.folder, exc.strerror or exc)
            return
        self.count += 1

    def forget(self, tasks: Iterable[Task]) -> None:
        """Remove the entries of ``tasks`` (a run that finished)."""
        for task in tasks:
            try:
                self._path(task).unlink(missing_ok=True)
            except OSError:
                pass
