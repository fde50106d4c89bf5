"""The manifest an export keeps in a folder of images it writes (``export png``, ``export tts``, the
previews of ``preview`` and ``watch``): the files it wrote there (and the card of each), so that
written again it deletes the images of cards gone from the pack, and never a file it did not write.

A manifest is JSON: an object whose list under a key (``images``, ``previews``, ``files``) holds one
object per file, ``file`` its path in the folder (posix) and, for one card's image, ``card`` its
``kind:id``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from doria_forge.infra.fsutil import atomic_write_bytes


def listed(manifest: Path, key: str) -> dict[str, dict[str, Any]]:
    """The entries an earlier manifest lists under ``key``, by file (none when the manifest is
    missing, unreadable, no regular file or not one of ours)."""
    from doria_forge.load.files import PackFileError, read_confined

    try:
        # a FIFO of that name kept the export waiting for a writer forever, its images all drawn
        entries = json.loads(read_confined(manifest, None).decode("utf-8")).get(key, [])
        return {e["file"]: e for e in entries if isinstance(e, dict) and isinstance(e.get("file"), str)}
    except (PackFileError, ValueError, AttributeError, TypeError):
        return {}


def write(manifest: Path, payload: Mapping[str, Any]) -> Path:
    """Write ``payload`` as the manifest (atomically); returns its path."""
    return atomic_write_bytes(manifest, (json.dumps(payload, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))


def remove_listed(out_dir: Path, files: Iterable[str], depth: int, *, suffixes: tuple[str, ...] = (".png",)) -> None:
    """Delete ``files`` (as a manifest names them) from ``out_dir``: only files ending in one of
    ``suffixes`` (PNG images unless told) exactly ``depth`` folders down (1: right inside it; 2: in a
    deck's folder), never through a link nor outside the folder (a manifest is not trusted further).
    A folder inside ``out_dir`` left empty by the deletions goes too; one holding anything stays."""
    emptied: set[Path] = set()
    for name in sorted(files):
        pure = PurePosixPath(name)
        parts = pure.parts
        if pure.is_absolute() or len(parts) != depth or not name.endswith(suffixes) or ".." in parts or "\\" in name:
            continue
        path = out_dir.joinpath(*parts)
        if path.is_file() and not path.is_symlink() and not any(p.is_symlink() for p in path.parents[:depth - 1]):
            path.unlink(missing_ok=True)
            emptied.update(path.parents[:depth - 1])
    # the last Room Tile (or a whole deck's images) gone left its folder behind, empty, in the folder
    # uploaded or opened: it was made for those files, so it goes with them
    for folder in sorted(emptied, key=lambda p: len(p.parts), reverse=True):
        try:
            if not any(folder.iterdir()):
                folder.rmdir()
        except OSError:
            pass
