"""The proposed change as YAML: each changed document's file read and written again with
ruamel.yaml's round trip (``authoring.sheet_merge``, as ``import --force`` does), so comments,
key order, quoting and every other document of the file stay as they were and only the knob
values change; shown as a unified diff, or written in place atomically (``fsutil``: a reader
never sees a half-written file, and a file that changed since it was read is not overwritten).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .knobs import Knob


class PatchError(Exception):
    """A file that cannot be patched (gone, changed since it was read, not writable)."""


@dataclass(frozen=True)
class FilePatch:
    """One file's change: ``path`` on disk, ``shown`` as the validator names it, its ``old``
    and ``new`` text."""

    path: Path
    shown: str
    old: str
    new: str

    def diff(self) -> str:
        """The unified diff of the file (3 lines of context; ``a/FILE`` -> ``b/FILE`` for a
        relative name, as ``git apply -p1`` and ``patch -p1`` read it)."""
        relative = not self.shown.startswith("/")
        return "".join(difflib.unified_diff(self.old.splitlines(keepends=True), self.new.splitlines(keepends=True),
                                            f"a/{self.shown}" if relative else self.shown,
                                            f"b/{self.shown}" if relative else self.shown))


def _read(path: Path) -> str:
    """The text of ``path`` as it is on disk: ``read_text`` turned CRLF into LF, so a Windows
    file came back from ``--write`` with every line changed (``merged_text`` keeps CRLF when it
    sees it). Raises OSError, UnicodeDecodeError."""
    return path.read_bytes().decode("utf-8")


def snapshot(source_map: Any, knobs: Sequence[Knob]) -> dict[str, str]:
    """The text of every file holding a document of ``knobs``, by the name the validator gives
    it: read when the search starts, the text its candidates are patches of (``plan_patches``),
    so that a file edited while tune runs is refused by ``write_patches`` instead of written
    over. A file that cannot be read is left out (``plan_patches`` then says so)."""
    texts: dict[str, str] = {}
    for knob in knobs:
        loaded = source_map.document(knob.kind, knob.doc_id)
        if loaded is None or loaded.file in texts:
            continue
        try:
            texts[loaded.file] = _read(Path(loaded.file))
        except (OSError, UnicodeDecodeError):
            continue
    return texts


def plan_patches(source_map: Any, changes: Mapping[Knob, int], texts: Mapping[str, str] | None = None
                 ) -> list[FilePatch]:
    """The file changes that set every knob of ``changes`` to its value, one per file (files in
    the order the validator read them). ``source_map`` (``validate.source_map.SourceMap``)
    says which file holds each document; ``texts`` (``snapshot``) the text of each file as the
    search began, which the patch changes (a file not in it is read now). Raises PatchError when
    a file cannot be read."""
    from doria_forge.authoring.sheet_merge import Merge, merged_text

    by_file: dict[str, dict[tuple[str, str], dict[tuple[str | int, ...], Any]]] = {}
    for knob, value in changes.items():
        if value == knob.value:
            continue
        loaded = source_map.document(knob.kind, knob.doc_id)
        if loaded is None:
            raise PatchError(f"no file holds {knob.kind} {knob.doc_id!r}")
        by_file.setdefault(loaded.file, {}).setdefault((knob.kind, knob.doc_id), {})[knob.path] = value
    patches = []
    for shown, documents in by_file.items():
        path = Path(shown)
        try:
            old = texts[shown] if texts is not None and shown in texts else _read(path)
        except (OSError, UnicodeDecodeError) as exc:
            raise PatchError(f"cannot read {shown}: {exc}") from None
        new = old
        for (kind, doc_id), fields in documents.items():
            new = merged_text(new, Merge(kind, updates={doc_id: dict(fields)}), header="")
        patches.append(FilePatch(path, shown, old, new))
    return patches


def write_patches(patches: Sequence[FilePatch]) -> list[Path]:
    """Write every patch in place, all files or none (``fsutil.atomic_write_all``: every new text
    goes to a temporary file beside its file first, and only then are they renamed into place, so
    Ctrl-C, SIGTERM and SIGHUP wait for the renames). A campaign's change (its scenarios' files) is
    applied whole, never half: values never simulated together never reach the sources. A file
    whose text is no longer the one the patch was made from is refused (PatchError) before anything
    is written; a file that cannot be written is PatchError naming it, and then no file has changed.
    Returns the paths."""
    from doria_forge.infra.fsutil import atomic_write_all

    for patch in patches:
        try:
            current = _read(patch.path)
        except (OSError, UnicodeDecodeError) as exc:
            raise PatchError(f"cannot read {patch.shown}: {exc}") from None
        if current != patch.old:
            raise PatchError(f"{patch.shown} changed while tune ran; nothing was written: run tune again")
    shown = {str(patch.path): patch.shown for patch in patches}
    try:
        return atomic_write_all({patch.path: patch.new.encode("utf-8") for patch in patches})
    except OSError as exc:
        which = shown.get(str(exc.filename), exc.filename)
        raise PatchError(f"cannot write {which}: {exc.strerror or exc}; nothing was written") from None


__all__ = ["FilePatch", "PatchError", "plan_patches", "snapshot", "write_patches"]
