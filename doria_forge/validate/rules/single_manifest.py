"""A pack has at most one ``pack`` manifest and one ``rules`` document.

The exporters and the engine read ``pack.info`` (id and version name the bundle) and
``pack.rules`` (every number of the Book of Rules) from a single document. With two of a kind,
the one whose id sorts first silently won and the other was ignored: an **error** at every
document after the first (the pack's ``pack.yaml`` is first, wherever its file sorts), naming
where the first one is.

Passing::

    # pack.yaml
    kind: pack
    id: doria-base

Failing::

    # pack.yaml                     # extras/pack.yaml
    kind: pack                      kind: pack
    id: doria-base                  id: doria-extras   # a second manifest
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...packs import MANIFEST_NAMES
from ..source_map import SourceMap, document_key

ID = "single-manifest"
SEVERITY = Severity.ERROR

_SINGLE = {"pack": "pack manifest", "rules": "rules document"}


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for kind, label in _SINGLE.items():
        # File order (not id order), so the first one written is the one kept in the report.
        # A repeat of the same id is the duplicate-id rule's to report, not this one's.
        docs, seen = [], set()
        for d in source_map.raw_documents(kind):
            key = document_key(d)
            if key is not None and key[1] not in seen and pack.has(kind, key[1]):
                seen.add(key[1])
                docs.append(d)
        if kind == "pack":  # the pack.yaml beside the pack's folders is its manifest, wherever it sorts
            docs.sort(key=lambda d: d.path not in MANIFEST_NAMES)
        for doc in docs[1:]:
            yield Problem.at(
                doc.locate(("id",), value=True), ID, SEVERITY,
                f"second {label} {doc.data['id']!r}; a pack has one, the first is "
                f"{docs[0].data['id']!r} at {docs[0].locate(('id',))} (merge them or remove one)",
            )
