"""Where each document of a pack, and each field in it, was written.

Rules see validated models (which know nothing about YAML); the ``SourceMap``
lets them point a problem at the field that causes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ..load.loader import LoadedDocument, PathKey
from ..load.problem import Location, Problem, Severity


def document_key(doc: LoadedDocument) -> tuple[str, str] | None:
    """The ``(kind, id)`` a loaded document declares, or None when either is not a string."""
    data = doc.data
    if not isinstance(data, dict):
        return None
    kind, doc_id = data.get("kind"), data.get("id")
    if isinstance(kind, str) and isinstance(doc_id, str):
        return kind, doc_id
    return None


class SourceMap:
    """Maps ``(kind, id, field path)`` to a :class:`Location`.

    Built from every loaded document, including ones that failed the schema
    check, so that rules can also look at raw data (``raw_documents``). When a
    ``(kind, id)`` occurs twice, the first occurrence is the one mapped.
    ``fallback`` is used for documents the map does not know (a bug in a rule,
    never a crash).
    """

    def __init__(self, documents: Iterable[LoadedDocument], *, fallback: Location | None = None) -> None:
        self._documents: tuple[LoadedDocument, ...] = tuple(documents)
        self._by_key: dict[tuple[str, str], LoadedDocument] = {}
        for doc in self._documents:
            key = document_key(doc)
            if key is not None and key not in self._by_key:
                self._by_key[key] = doc
        self.fallback = fallback or Location(".", 1, 1)

    @property
    def documents(self) -> tuple[LoadedDocument, ...]:
        """All loaded documents, in file order."""
        return self._documents

    def raw_documents(self, kind: str) -> Iterator[LoadedDocument]:
        """Loaded documents whose ``kind`` is ``kind``, valid or not (duplicates included)."""
        for doc in self._documents:
            if isinstance(doc.data, dict) and doc.data.get("kind") == kind:
                yield doc

    def document(self, kind: str, doc_id: str) -> LoadedDocument | None:
        """The loaded document of ``kind``/``doc_id`` (its first occurrence), or None."""
        return self._by_key.get((kind, doc_id))

    def __contains__(self, key: object) -> bool:
        return key in self._by_key

    def keys(self) -> Iterable[tuple[str, str]]:
        return self._by_key.keys()

    def locate(self, kind: str, doc_id: str, path: Iterable[str | int] = (), *, value: bool = False) -> Location:
        """Location of ``path`` in document ``kind``/``doc_id``.

        A path the YAML does not spell out (a default value, a missing field)
        resolves to its nearest written ancestor; ``value=True`` prefers the
        value's position over its key's.
        """
        doc = self._by_key.get((kind, doc_id))
        if doc is None:
            return self.fallback
        return doc.locate(tuple(path), value=value)

    def problem(
        self,
        kind: str,
        doc_id: str,
        path: PathKey | Iterable[str | int],
        rule_id: str,
        severity: Severity | str,
        message: str,
        *,
        value: bool = False,
    ) -> Problem:
        """A problem located at ``path`` of document ``kind``/``doc_id``."""
        return Problem.at(self.locate(kind, doc_id, tuple(path), value=value), rule_id, Severity(severity), message)

    def raw(self, kind: str, doc_id: str) -> Mapping[str, Any] | None:
        """The plain YAML data of ``kind``/``doc_id``, or None."""
        doc = self._by_key.get((kind, doc_id))
        return doc.data if doc is not None else None
