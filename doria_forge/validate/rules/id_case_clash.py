"""Two ids differ in more than letter case.

The exports name their files by id: ``export png`` writes ``<deck>/<id>-<copy>-front.png``,
``export tts`` a Room Tile's ``room_tiles/<id>.png``, ``preview`` ``<id>.png``. Ids that differ only
in letter case (``A-1`` and ``a-1``) are two files on Linux but one on Windows and macOS, whose
file systems ignore case: one card's image silently replaces the other's. A **warning** at each
such id of the pack, naming the other; the same id in two kinds (a monster ``orc`` and a Loot Card
``orc``) is no clash.

Passing::

    kind: room_tile
    id: A-1
    ---
    kind: room_tile
    id: A-2

Failing::

    kind: room_tile
    id: A-1
    ---
    kind: room_tile
    id: a-1      # room_tiles/a-1.png is room_tiles/A-1.png on Windows and macOS
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..source_map import SourceMap

ID = "id-case-clash"
SEVERITY = Severity.WARNING


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    groups: dict[str, list[tuple[str, str]]] = {}
    for kind, doc_id in sorted((doc.kind, doc.id) for doc in pack):
        groups.setdefault(doc_id.casefold(), []).append((kind, doc_id))
    for members in groups.values():
        for kind, doc_id in members:
            other = next((m for m in members if m[1] != doc_id), None)
            if other is None or (kind, doc_id) not in source_map:  # a required pack's document: its own report
                continue
            yield source_map.problem(
                kind, doc_id, ("id",), ID, SEVERITY,
                f"id {doc_id!r} differs from {other[0]} {other[1]!r} only in letter case: their exported "
                "images (export png, export tts, preview) are one file on Windows and macOS, where one "
                "replaces the other; rename one", value=True)
