"""Finished chunks of scenario and campaign runs, kept on disk under keys of what they read: a
rebuild plays again only the runs whose inputs changed, and a run stopped by a lost Dask cluster
resumes where it stopped (``--scheduler``, see :mod:`doria_forge.sim.distributed`).

A chunk is a task of a run plan, ``(plan, players, first run, end run)``, and its aggregate.
Its key is the sha256 of everything its numbers depend on:

- the documents its runs can read (:func:`plan_reads`): the scenario played (a campaign: the
  campaign and each of its scenarios) and every document of the game around it (monsters and
  their Monster Level Cards, Monster Modifications, Loot and standard equipment, Traps, heroes,
  Room Tiles, Boss Monster cards but their ``exploration`` section, Door Event cards, the
  rules), each by the hash of its validated content. Other scenarios and campaigns, the
  manifest and the files' layout are not read: an edit to one scenario leaves every other
  scenario's chunks valid;
- a Boss Monster card's ``exploration`` section (``model.exploration``: its exploration game,
  ``exploration-BOSS`` among the scenarios ``build`` and ``simulate exploration`` play) only for
  that game: any game may meet the boss, so the rest of the card is read by every run, but only
  its own exploration game plays the section. An edit to the section (its rules, its ``balance``
  band) leaves every scenario's and every other boss's chunks valid;
- the source code of the engine, the simulation and the board's geometry
  (``sim.cache.engine_version``);
- the plan's fields (seed, policy, hero pool, stall limit; not ``runs`` nor ``first_run``, which
  only decide which chunks are made) and the chunk's player count and run range.

So a kept chunk is used only where playing it again would give the very same numbers.

Entries live under ``chunks/`` in the per-user cache folder (``DORIA_FORGE_CACHE_DIR``), one
pickle per chunk, written atomically as each chunk finishes. The folder is bounded: past
``MAX_ENTRIES`` entries the oldest are removed. An entry that cannot be read is played again; a
cache folder that cannot be written is skipped with one warning. The folder is the user's own:
entries are trusted as the rest of the cache.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import pickle
import weakref
from pathlib import Path
from typing import Any

from doria_forge.infra.fsutil import atomic_write_bytes, cache_dir, prune_oldest
from doria_forge.model import ContentPack
from doria_forge.model.exploration import PREFIX, exploration_id

from .executors import Task

log = logging.getLogger(__name__)

FORMAT = "chunk-v2"
"""Version of the entry layout; part of every key."""

MAX_ENTRIES = 20_000
"""Most chunks kept (about 16 runs each); beyond, the oldest are removed after a run."""

OWN_KINDS = ("scenario", "campaign", "pack")
"""Kinds a plan reads only for itself (its own scenario or campaign), never the others'."""


def plan_reads(pack: ContentPack, plan: Any) -> str:
    """The sha256 of every document the runs of ``plan`` (a ``ScenarioPlan`` or a
    ``CampaignPlan``) can read (see the module docstring)."""
    digests = _digests(pack)
    if hasattr(plan, "scenario"):
        own = [("scenario", plan.scenario)]
    else:
        campaign = pack.campaigns[plan.campaign]
        own = [("campaign", plan.campaign)] + [("scenario", sid) for sid in campaign.scenarios]
    # a boss card's exploration section, for the exploration game it makes (none for another scenario)
    own += [(PREFIX, sid) for kind, sid in own if kind == "scenario" and (PREFIX, sid) in digests]
    text = digests[("", "")] + "".join(f"|{kind}/{doc_id}:{digests.get((kind, doc_id), '-')}" for kind, doc_id in own)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


_DIGESTS: dict[int, tuple[weakref.ref, dict[tuple[str, str], str]]] = {}


def _digests(pack: ContentPack) -> dict[tuple[str, str], str]:
    """``(kind, id)`` -> sha256 of each document of ``pack`` whose kind is a plan's own,
    ``("exploration", exploration game's scenario id)`` -> sha256 of the ``exploration`` section
    of each Boss Monster card with one, and ``("", "")`` -> one sha256 of all the other documents,
    boss cards without their ``exploration`` section (made once per pack)."""
    found = _DIGESTS.get(id(pack))
    if found is not None and found[0]() is pack:
        return found[1]
    out: dict[tuple[str, str], str] = {}
    common = hashlib.sha256()
    for doc in sorted(pack, key=lambda d: (d.kind, d.id)):
        data = doc.model_dump(mode="json")
        section = data.pop(PREFIX, None) if doc.kind == "boss" else None
        if section is not None:
            out[(PREFIX, exploration_id(doc.id))] = _sha256(section)
        if doc.kind in OWN_KINDS:
            out[(doc.kind, doc.id)] = _sha256(data)
        else:
            common.update(f"{doc.kind}/{doc.id}:{_sha256(data)}\n".encode())
    out[("", "")] = common.hexdigest()

    def forget(_ref: weakref.ref) -> None:  # the pack is gone: its id may be reused
        _DIGESTS.pop(key, None)

    key = id(pack)
    _DIGESTS[key] = (weakref.ref(pack, forget), out)
    return out


def _sha256(data: Any) -> str:
    """sha256 hex of the canonical JSON of ``data`` (a document's or a section's dump)."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()


class ChunkStore:
    """The kept chunks of runs of ``pack`` (see the module docstring); ``count`` is how many
    this store has written or found, ``written`` how many it wrote."""

    def __init__(self, pack: ContentPack, folder: Path | None = None) -> None:
        from .cache import engine_version

        self.pack = pack
        self.folder = (Path(folder) if folder is not None else cache_dir()) / "chunks"
        self._prefix = f"{FORMAT}:{engine_version()}"
        self._reads: dict[int, str] = {}
        self._writable = True
        self.count = 0
        self.written = 0

    def key(self, task: Task) -> str:
        """The sha256 hex key of ``task``."""
        plan, players, start, stop = task
        reads = self._reads.get(id(plan))
        if reads is None:
            reads = self._reads[id(plan)] = plan_reads(self.pack, plan)
        fields = {f.name: getattr(plan, f.name) for f in dataclasses.fields(plan)
                  if f.name not in ("runs", "players", "first_run")}
        text = f"{self._prefix}:{reads}:{type(plan).__name__}:{sorted(fields.items())!r}:{players}:{start}:{stop}"
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
        if getattr(stats, "players", None) != task[1] or getattr(stats, "runs", None) != task[3] - task[2]:
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
            log.warning("cannot keep finished chunks in %s (%s); the next run plays them again",
                        self.folder, exc.strerror or exc)
            return
        self.count += 1
        self.written += 1

    def prune(self, keep: int = MAX_ENTRIES) -> int:
        """Remove the oldest entries beyond ``keep`` (by modification time); returns how many.
        Looks only when this store wrote something."""
        if not self.written:
            return 0
        return prune_oldest(self.folder, keep, ".pickle")
