"""ContentPack: the validated, resolved and immutable content the engine and exporters read.

Built by the validate stage; nothing downstream of it reads YAML again.
"""

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from types import MappingProxyType
from typing import TypeVar

from .boss import Boss
from .character import Character
from .common import Document
from .equipment import Equipment
from .monster import Monster, MonsterLevel, MonsterModification
from .room_tile import RoomTile
from .rules import DoorEvent, Pack, Rules
from .scenario import Campaign, Scenario
from .trap import Trap

D = TypeVar("D", bound=Document)


@cache
def kind_of(model: type[Document]) -> str:
    """The ``kind:`` of a document model (the default of its ``kind`` field, e.g. ``trap``);
    remembered, as the typed views read it on every access."""
    kind = model.model_fields["kind"].default
    if not isinstance(kind, str):
        raise TypeError(f"{model.__name__} names no document kind")
    return kind


@dataclass(frozen=True)
class RequiredPack:
    """A pack this one was resolved against: its ``id``, ``version`` and ``content_sha256`` (the
    content hash of that pack alone, as its own bundle records it)."""

    id: str
    version: str
    content_sha256: str


@dataclass(frozen=True)
class ContentPack:
    """All documents of a pack by kind and id, in a deterministic order.

    ``documents[kind][id]`` is a validated model instance. Use the typed
    accessors (``monsters``, ``level_card``...) rather than raw kinds.
    """

    documents: Mapping[str, Mapping[str, Document]]
    _empty: Mapping[str, Document] = field(default_factory=lambda: MappingProxyType({}), repr=False)
    origins: Mapping[tuple[str, str], str] = field(default_factory=lambda: MappingProxyType({}), repr=False,
                                                   compare=False)
    """Where each document was written, ``(kind, id) -> "file:line:column"`` (empty for packs built
    in code). Outputs that report on a card (a text cut to fit, a preflight finding) name it there;
    it is not content, so it is not in the content hash and does not make two packs differ."""
    own: frozenset[tuple[str, str]] | None = field(default=None, repr=False, compare=False)
    """The ``(kind, id)`` of the documents exports print: for an expansion, those it defines,
    replaces or patches itself (not the content of the packs it requires); ``None`` means every
    document (a pack without ``requires``, or exports asked to include the dependencies)."""
    requires: tuple[RequiredPack, ...] = field(default=(), compare=False)
    """The packs this one was resolved against (``requires`` of its manifest, and theirs), in load order."""

    @classmethod
    def from_documents(cls, docs: list[Document],
                       origins: Mapping[tuple[str, str], str] | None = None) -> "ContentPack":
        """Group ``docs`` by kind, sorted by id. ``origins`` as for :attr:`origins`.
        Raises ValueError on a duplicate (kind, id)."""
        by_kind: dict[str, dict[str, Document]] = {}
        for doc in docs:
            bucket = by_kind.setdefault(doc.kind, {})
            if doc.id in bucket:
                raise ValueError(f"duplicate {doc.kind} id {doc.id!r}")
            bucket[doc.id] = doc
        frozen = {k: MappingProxyType(dict(sorted(v.items()))) for k, v in sorted(by_kind.items())}
        return cls(MappingProxyType(frozen), origins=MappingProxyType(dict(origins or {})))

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # Mapping proxies do not pickle; rebuilding from the documents keeps the pack
        # transferable to worker processes of the simulation.
        return (_rebuild, (list(self), dict(self.origins), self.own, self.requires))

    # what this pack prints --------------------------------------------------
    def is_own(self, kind: str, doc_id: str) -> bool:
        """Whether exports print document ``kind``/``doc_id`` (see :attr:`own`)."""
        return self.own is None or (kind, doc_id) in self.own

    def own_of_kind(self, kind: str) -> Mapping[str, Document]:
        """The documents of ``kind`` exports print, by id (all of them when :attr:`own` is None)."""
        docs = self.of_kind(kind)
        if self.own is None:
            return docs
        return MappingProxyType({k: v for k, v in docs.items() if (kind, k) in self.own})

    def of(self, model: type[D]) -> Mapping[str, D]:
        """``of_kind`` typed by the document model: ``pack.of(Trap)`` maps ids to ``Trap`` documents."""
        return self.of_kind(kind_of(model))  # type: ignore[return-value]  # the kind's documents are its model's

    def own_of(self, model: type[D]) -> Mapping[str, D]:
        """``own_of_kind`` typed by the document model: ``pack.own_of(Trap)`` maps ids to ``Trap``
        documents (the kind is the model's ``kind``)."""
        return self.own_of_kind(kind_of(model))  # type: ignore[return-value]  # the kind's documents are its model's

    def printing(self, keys: frozenset[tuple[str, str]] | None) -> "ContentPack":
        """The same pack printing only ``keys`` (``(kind, id)`` pairs; None: everything)."""
        return replace(self, own=keys)

    def own_pack(self) -> "ContentPack":
        """A pack of only the documents exports print, plus the manifest (the bundle's content)."""
        if self.own is None:
            return self
        docs = [d for d in self if d.kind == "pack" or self.is_own(d.kind, d.id)]
        origins = {k: v for k, v in self.origins.items() if k in {(d.kind, d.id) for d in docs}}
        return ContentPack.from_documents(docs, origins)

    def origin(self, kind: str, doc_id: str) -> str:
        """``file:line:column`` where document ``kind``/``doc_id`` starts, or ``""`` when unknown."""
        return self.origins.get((kind, doc_id), "")

    def of_kind(self, kind: str) -> Mapping[str, Document]:
        return self.documents.get(kind, self._empty)

    def get(self, kind: str, doc_id: str) -> Document | None:
        return self.of_kind(kind).get(doc_id)

    def has(self, kind: str, doc_id: str) -> bool:
        """Whether a reference to ``kind``/``doc_id`` resolves (``optional_rule`` ids live in ``rules``)."""
        if kind == "optional_rule":
            return any(r.id == doc_id for r in self.rules.optional_rules)
        return doc_id in self.of_kind(kind)

    def __iter__(self) -> Iterator[Document]:
        for kind in self.documents:
            yield from self.documents[kind].values()

    def __len__(self) -> int:
        return sum(len(v) for v in self.documents.values())

    # typed views -----------------------------------------------------------
    @property
    def monsters(self) -> Mapping[str, Monster]:
        return self.of(Monster)

    @property
    def monster_levels(self) -> Mapping[str, MonsterLevel]:
        return self.of(MonsterLevel)

    @property
    def modifications(self) -> Mapping[str, MonsterModification]:
        return self.of(MonsterModification)

    @property
    def bosses(self) -> Mapping[str, Boss]:
        """Boss Monster cards by id."""
        return self.of(Boss)

    @property
    def equipment(self) -> Mapping[str, Equipment]:
        return self.of(Equipment)

    @property
    def traps(self) -> Mapping[str, Trap]:
        return self.of(Trap)

    @property
    def characters(self) -> Mapping[str, Character]:
        return self.of(Character)

    @property
    def room_tiles(self) -> Mapping[str, RoomTile]:
        return self.of(RoomTile)

    @property
    def scenarios(self) -> Mapping[str, Scenario]:
        return self.of(Scenario)

    @property
    def campaigns(self) -> Mapping[str, Campaign]:
        return self.of(Campaign)

    @property
    def door_events(self) -> Mapping[str, DoorEvent]:
        return self.of(DoorEvent)

    @cached_property
    def rules(self) -> Rules:
        """The pack's single ``rules`` document, or the English defaults when it has none.

        Cached: the engine reads it on every step and the pack never changes."""
        docs = list(self.of_kind("rules").values())
        return docs[0] if docs else _DEFAULT_RULES  # type: ignore[return-value]

    @property
    def info(self) -> Pack:
        """The pack manifest, or a placeholder ``unnamed`` 0.0.0 when absent."""
        docs = list(self.of_kind("pack").values())
        return docs[0] if docs else Pack(id="unnamed", name="Unnamed pack", version="0.0.0")  # type: ignore[return-value]

    def level_card(self, monster_id: str, level: int) -> MonsterLevel:
        """The Monster Level Card of ``monster_id`` at ``level`` (1-4).

        Raises KeyError when the pack has no such card.
        """
        card = self._level_cards.get((monster_id, level))
        if card is None:
            raise KeyError(f"no Monster Level Card for {monster_id} level {level}")
        return card

    @cached_property
    def _level_cards(self) -> dict[tuple[str, int], MonsterLevel]:
        """``(monster id, level)`` -> the first Monster Level Card (by id) for it: one lookup
        instead of a scan of every card, which grew with the pack on every spawn."""
        out: dict[tuple[str, int], MonsterLevel] = {}
        for card in self.monster_levels.values():
            out.setdefault((card.monster, card.level), card)
        return out

    # serialisation ----------------------------------------------------------
    def to_data(self) -> dict[str, dict[str, dict]]:
        """Plain JSON-ready data: ``{kind: {id: document fields}}``, sorted."""
        return {
            kind: {doc_id: doc.model_dump(mode="json") for doc_id, doc in docs.items()}
            for kind, docs in self.documents.items()
        }

    def content_hash(self) -> str:
        """sha256 hex digest of the canonical JSON of all documents (order-independent of files).
        Remembered: the pack is frozen and its documents are frozen models."""
        cached = self.__dict__.get("_content_hash")
        if cached is None:
            cached = self._compute_content_hash()
            object.__setattr__(self, "_content_hash", cached)
        return cached

    def _compute_content_hash(self) -> str:
        blob = json.dumps(self.to_data(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()


_DEFAULT_RULES = Rules(id="rules-en")


def _rebuild(docs: list[Document], origins: dict, own: frozenset | None, requires: tuple) -> ContentPack:
    return replace(ContentPack.from_documents(docs, origins), own=own, requires=requires)
