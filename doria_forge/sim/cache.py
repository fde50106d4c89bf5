"""The matchup cache: a duel matrix cell's numbers, remembered between runs.

A cell (hero, monster, Monster Level) is keyed by the sha256 of everything its duels
read: the hero's character document and its standard items, the monster document,
the Monster Level Card in play, the rules document, the source code of the engine,
the simulation and the board's geometry (``engine_version``), the master seed and the run
plan (``--runs`` / ``--precision``). Editing one Monster Level Card therefore changes the keys of only
the matchups that card takes part in; everything else is read back.

Entries are small JSON files under the per-user cache folder
(``platformdirs.user_cache_dir("doria-forge")``, e.g. ``~/.cache/doria-forge`` on
Linux; ``DORIA_FORGE_CACHE_DIR`` overrides it), one per cell, written atomically. An
entry that cannot be read is ignored and recomputed; a cache folder that cannot be
written is skipped with one warning, the simulation goes on. The folder is bounded: past
``MAX_ENTRIES`` entries the oldest are removed.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from doria_forge.infra.fsutil import (  # noqa: F401 (CACHE_ENV re-exported)
    CACHE_ENV,
    atomic_write_text,
    cache_dir,
    prune_oldest,
    python_files,
)
from doria_forge.model import ContentPack, Document

log = logging.getLogger(__name__)

T = TypeVar("T")


MAX_ENTRIES = 20_000
"""Most matchups kept (about 33 full duel matrices of the shipped pack); beyond, the oldest
are removed after a run that wrote some: every change of the engine's code, the seed or
``--runs`` makes a new set of keys, and the entries of the old ones are never read again."""

FORMAT = "matchup-v2"
"""Version of the entry layout; part of every key (v2: a cell has its interval's
``confidence``; a v1 cell read back would claim 95% for a look's wider interval)."""

# The packages and modules whose code decides a game's numbers; a change to any of their files
# changes every key (results computed by other code are never read back). geometry.py is the
# board's: Room Tile size, sides, rotation and neighbours, which the engine's map is built of.
_ENGINE_CODE = ("engine", "sim", "model", "geometry.py")


@lru_cache(maxsize=1)
def engine_version() -> str:
    """sha256 of the source of the engine, simulation and content model packages and of the
    board's geometry module (:func:`code_digest` of the installed package)."""
    return code_digest(Path(__file__).resolve().parents[1])


def code_digest(root: Path) -> str:
    """sha256 of the source files of :data:`_ENGINE_CODE` under ``root`` (the ``doria_forge``
    package folder), each by its path below ``root`` and its bytes."""
    digest = hashlib.sha256()
    for part in _ENGINE_CODE:
        files = (str(root / part),) if part.endswith(".py") else python_files(root / part)
        for path in map(Path, files):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _doc_hash(doc: BaseModel) -> str:
    blob = json.dumps(doc.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class MatchupCache:
    """Cached cell results of one pack. ``key(hero, monster, level, seed, plan_key)``
    names a cell; ``get(key, decode)`` returns its stored fields as ``decode`` makes them, or ``None``;
    ``put(key, fields)`` stores them. ``folder`` defaults to ``cache_dir()``."""

    def __init__(self, pack: ContentPack, folder: Path | None = None) -> None:
        self.pack = pack
        self.folder = Path(folder) if folder is not None else cache_dir()
        self._hashes: dict[tuple[str, str], str] = {}
        self._writable = True
        self.hits = self.misses = 0
        self.written = 0

    def _hash(self, kind: str, doc: Document) -> str:
        key = (kind, doc.id)
        if key not in self._hashes:
            self._hashes[key] = _doc_hash(doc)
        return self._hashes[key]

    def key(self, hero: str, monster: str, level: int, seed: int, plan_key: str) -> str:
        """The sha256 hex key of one cell (see the module docstring)."""
        pack = self.pack
        character = pack.characters[hero]
        rules = pack.rules
        card = pack.level_card(monster, min(level, rules.max_monster_level_card))
        parts = [
            FORMAT, engine_version(), f"seed={seed}", plan_key, f"level={level}",
            self._hash("character", character),
            *(self._hash("equipment", pack.equipment[i]) for i in character.standard_items),
            self._hash("monster", pack.monsters[monster]),
            self._hash("monster_level", card),
            self._hash("rules", rules),
        ]
        return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()

    def _path(self, key: str) -> Path:
        return self.folder / "matchups" / key[:2] / f"{key}.json"

    def get(self, key: str, decode: Callable[[Any], T]) -> T | None:
        """``decode(fields)`` of the fields stored under ``key``, or ``None`` when the entry is
        absent, unreadable or damaged: ``decode`` raises KeyError, TypeError or ValueError for
        fields it cannot take (an entry of valid JSON in another shape stopped every later
        ``simulate`` with a traceback instead of being played again)."""
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("key") != key:
                raise ValueError("another entry")
            value = decode(data["fields"])
        except (OSError, KeyError, TypeError, ValueError):
            self.misses += 1
            return None
        self.hits += 1
        return value

    def put(self, key: str, fields: dict) -> None:
        """Store ``fields`` (JSON-ready) under ``key``; a folder that cannot be written is
        reported once and skipped."""
        if not self._writable:
            return
        try:
            atomic_write_text(self._path(key), json.dumps({"key": key, "fields": fields}, sort_keys=True),
                              durable=False)
        except OSError as exc:
            self._writable = False
            log.warning("matchup cache %s cannot be written (%s); simulating without it", self.folder,
                        exc.strerror or exc)
            return
        self.written += 1

    def prune(self, keep: int | None = None) -> int:
        """Remove the oldest entries beyond ``keep`` (default :data:`MAX_ENTRIES`; by modification
        time); returns how many. Looks only when this cache wrote something."""
        if not self.written:
            return 0
        return prune_oldest(self.folder / "matchups", MAX_ENTRIES if keep is None else keep, ".json")

