"""Answers worked out from content documents alone, remembered by the documents' identities.

A loaded document (a model of the pack: a scenario, a card, a monster type) never changes, so
what is worked out from it alone holds as long as it lives. :class:`ByDocument` keys its answers
by ``id`` and keeps the documents with them, so no other object takes their ids while an answer
is kept; an entry whose documents are not the ones asked about is worked out again. It forgets
every answer at once when it holds ``cap`` of them (a long process that loads many packs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

D = TypeVar("D")
V = TypeVar("V")


class ByDocument(dict[Any, tuple[Any, V]], Generic[V]):
    """``id`` of a document (or a tuple of ids) -> (the document or documents, the answer)."""

    __slots__ = ("cap",)

    def __init__(self, cap: int) -> None:
        super().__init__()
        self.cap = cap

    def of(self, doc: D, make: Callable[[D], V]) -> V:
        """``make(doc)``, worked out once per document."""
        found = self.get(id(doc))
        if found is None or found[0] is not doc:
            found = self._keep(id(doc), doc, make(doc))
        return found[1]

    def of_all(self, docs: tuple[Any, ...], make: Callable[[], V]) -> V:
        """``make()``, an answer read from ``docs`` alone, worked out once per ``docs`` (the
        same documents in the same order)."""
        key = tuple([id(d) for d in docs])
        found = self.get(key)
        if found is None or any(a is not b for a, b in zip(found[0], docs, strict=True)):
            found = self._keep(key, docs, make())
        return found[1]

    def _keep(self, key: Any, docs: Any, answer: V) -> tuple[Any, V]:
        if len(self) >= self.cap:
            self.clear()
        found = self[key] = (docs, answer)
        return found
