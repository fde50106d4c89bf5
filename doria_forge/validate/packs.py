"""Packs on top of packs: the documents of a pack and of every pack it requires, as one game.

Precedence, from lowest to highest: the required packs in load order (each after the packs it
needs, see :mod:`doria_forge.packs`), then the pack being validated. A pack may

- **add** content: new ids resolve across all the packs (an expansion's hero may carry base
  items, its scenario may use base Room Tiles);
- **replace** a document of a pack it requires: the same ``kind`` and ``id`` (any id for the
  single ``rules`` document) replaces it whole;
- **patch** a document of a pack it requires: a ``patch`` document changes only the fields it
  names (:class:`doria_forge.model.Patch`); several patches of one document apply in order.

Every replacement is reported at the document that makes it (rule ``pack-override``), naming
what it overrides: an ``info`` when the manifest announces it (``replaces: [monster/orc]``), a
``warning`` when it does not (two packs that happen to use one id clash without a word
otherwise; ``--strict`` fails on it). An entry of ``replaces`` that replaces nothing is a
warning with the closest id. A required pack replacing a document of a pack it builds on is an
``info``. Two required packs that do not require one another (neither builds on the other)
defining the same document is an **error** (rule ``pack-conflict``) at the later one, naming
both: which one wins would depend on the order of ``requires``. The requiring pack settles it by
writing that document itself (or one pack requires the other). Every patch is an ``info``
(``pack-override``, its mistakes ``pack-patch`` errors). Two patches changing one field of a
document (or a field and a key inside it) are told, each at the later patch's field, naming the
earlier one's: an **error** (``pack-conflict``) where both are in one pack (the order of its files
would choose) or in required packs that do not require one another (settled by the requiring pack
patching that field, or writing the document), an ``info`` where the later pack builds on the
earlier (it wins, as a replacement does). Within one pack, a repeated id stays a
``duplicate-id`` error. The manifests of the required packs are not content of the game; the
validated pack records them as :class:`~doria_forge.model.RequiredPack` (id, version, content
hash). Exports print only the pack's own documents (``ContentPack.own``): added, replaced or
patched by it.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ..infra.terminal import relative_path
from ..load.loader import LoadedDocument, LoadResult, load_pack
from ..load.problem import Problem, Severity
from ..load.schema import check_document
from ..model import KINDS, ContentPack, Pack, Patch, RequiredPack
from ..packs import FoundPack, Resolution, resolve
from .source_map import document_key

OVERRIDE = "pack-override"
PATCH = "pack-patch"
CONFLICT = "pack-conflict"
SINGLETON_KINDS = frozenset({"rules"})
"""Kinds a game has one document of: a pack's own replaces the required pack's, whatever its id."""


@dataclass
class Layered:
    """A pack merged with the packs it requires: the ``documents`` to validate (overridden ones
    left out, patched ones merged), the ``problems`` found merging (and loading the required
    packs), the ``own`` documents of the pack, and the ``required`` packs with their documents."""

    documents: list[LoadedDocument]
    problems: list[Problem]
    own: frozenset[tuple[str, str]]
    required: list[tuple[FoundPack, list[LoadedDocument]]] = field(default_factory=list)

    def required_packs(self) -> tuple[RequiredPack, ...]:
        """Each required pack's id, version and content hash (of that pack alone, as its bundle has it)."""
        return tuple(RequiredPack(found.id, found.version, _content_hash(docs)) for found, docs in self.required)


def _content_hash(documents: Iterable[LoadedDocument]) -> str:
    models, seen = [], set()
    for doc in documents:
        model, _ = check_document(doc, KINDS)
        if model is not None and (model.kind, model.id) not in seen:
            seen.add((model.kind, model.id))
            models.append(model)
    return ContentPack.from_documents(models).content_hash()


def manifest_of(documents: Iterable[LoadedDocument]) -> tuple[Pack, LoadedDocument] | None:
    """The first valid ``pack`` manifest among ``documents``, with its document."""
    for doc in documents:
        if isinstance(doc.data, dict) and doc.data.get("kind") == "pack":
            model, found = check_document(doc, {"pack": Pack})
            if model is not None:
                return model, doc
    return None


def _loaded_requirements(root: Path, documents: list[LoadedDocument]) -> tuple[
        Pack, LoadedDocument, Resolution, list[tuple[FoundPack, LoadResult]]] | None:
    """The manifest among ``documents`` (of the pack in folder ``root``), its document, how its
    ``requires`` resolved and each required pack loaded (in load order); None when it requires none."""
    found = manifest_of(documents)
    if found is None or not found[0].requires:
        return None
    manifest, manifest_doc = found
    resolution = resolve(root, manifest, manifest_doc)
    return manifest, manifest_doc, resolution, [
        (pack, load_pack(pack.root, display_root=relative_path(pack.root))) for pack in resolution.packs]


def required_documents(root: Path, documents: list[LoadedDocument]) -> tuple[
        list[tuple[FoundPack, LoadedDocument]], frozenset[tuple[str, str]]]:
    """The documents of the packs that the manifest among ``documents`` (of the pack in folder
    ``root``) requires, each with its pack, and the ``(kind, id)`` keys the manifest announces it
    replaces (``replaces:``); nothing when it requires none or they cannot be found. For the
    commands that write a new document into a pack (``new``): one with the key of a required
    pack's document replaces it."""
    found = _loaded_requirements(root, documents)
    if found is None:
        return [], frozenset()
    manifest, _, _, loaded = found
    return ([(pack, doc) for pack, result in loaded for doc in result.documents],
            frozenset(_announced(entry) for entry in manifest.replaces))


def layered(root: Path, documents: list[LoadedDocument]) -> Layered | None:
    """The pack in folder ``root`` (its loaded ``documents``) merged with the packs its manifest
    requires, or None when it requires none (nothing to merge)."""
    found = _loaded_requirements(root, documents)
    if found is None:
        return None
    manifest, manifest_doc, resolution, loaded = found
    problems = list(resolution.problems)
    layers: list[tuple[str, list[LoadedDocument]]] = []
    required = []
    for pack, result in loaded:
        problems.extend(result.problems)
        layers.append((f"{pack.id} {pack.version}", list(result.documents)))
        required.append((pack, list(result.documents)))
    layers.append((f"{manifest.id} {manifest.version}", documents))
    announced = frozenset(_announced(entry) for entry in manifest.replaces)
    merged, merge_problems, own = merge(layers, _requirements(resolution.packs), announced=announced)
    merge_problems += _unused_announcements(manifest, manifest_doc, layers, announced)
    return Layered(merged, problems + merge_problems, own, required)


def _requirements(packs: Iterable[FoundPack]) -> list[set[int]]:
    """For each layer (the required ``packs`` in load order, then the requiring pack), the
    layers it requires, transitively."""
    packs = list(packs)
    index = {found.id: i for i, found in enumerate(packs)}
    below: list[set[int]] = []
    for found in packs:  # load order: a pack's requirements come before it
        mine: set[int] = set()
        for requirement in found.manifest.requires:
            if requirement.id in index and index[requirement.id] < len(below):
                mine |= {index[requirement.id]} | below[index[requirement.id]]
        below.append(mine)
    below.append(set(range(len(packs))))
    return below


def _announced(entry: str) -> tuple[str, str]:
    """``"monster/orc"`` as the merge key ``("monster", "orc")`` (any id for a single kind)."""
    kind, _, doc_id = entry.partition("/")
    return (kind, "") if kind in SINGLETON_KINDS else (kind, doc_id)


def _unused_announcements(manifest: Pack, manifest_doc: LoadedDocument, layers: list[tuple[str, list[LoadedDocument]]],
                          announced: frozenset[tuple[str, str]]) -> list[Problem]:
    """A warning for each ``replaces`` entry no document of the pack replaces."""
    required = {key for _, docs in layers[:-1] for doc in docs if (key := _key(doc)) is not None}
    own = {key for doc in layers[-1][1] if (key := _key(doc)) is not None}
    names = sorted(f"{k}/{d}" for k, d in required if d)
    out = []
    for index, entry in enumerate(manifest.replaces):
        key = _announced(entry)
        if key in required and key in own:
            continue
        why = "this pack has no such document" if key in required else "no required pack has it"
        close = difflib.get_close_matches(entry, names, n=1, cutoff=0.6)
        if key[0] not in KINDS:  # `monsters/orc`: "no required pack has it" sent the designer looking for an orc
            why, close = _no_kind(key[0]), []
        hint = f" (did you mean {close[0]!r}?)" if close and close[0] != entry else ""
        out.append(Problem.at(manifest_doc.locate(("replaces", index), value=True), OVERRIDE, Severity.WARNING,
                              f"replaces {entry!r}, but {why}{hint}"))
    return out


def _no_kind(kind: str) -> str:
    """Why ``kind`` of a ``kind/id`` written in a manifest or a patch names nothing: no content
    kind is called so (with the closest, and the list)."""
    close = difflib.get_close_matches(kind, sorted(KINDS), n=1, cutoff=0.6)
    return (f"{kind!r} is no content kind" + (f" (did you mean {close[0]!r}?)" if close else "")
            + f"; write kind/id with a kind of {', '.join(sorted(KINDS))}")


def _key(doc: LoadedDocument) -> tuple[str, str] | None:
    key = document_key(doc)
    if key is not None and key[0] in SINGLETON_KINDS:
        return key[0], ""
    return key


def merge(layers: list[tuple[str, list[LoadedDocument]]], requires: list[set[int]] | None = None, *,
          announced: frozenset[tuple[str, str]] = frozenset()
          ) -> tuple[list[LoadedDocument], list[Problem], frozenset[tuple[str, str]]]:
    """Merge ``layers`` (``(label, documents)``, lowest precedence first; the last is the pack
    being validated). ``requires[n]``: the layers layer ``n`` requires, transitively (default:
    every layer below it). ``announced``: the keys the last layer's manifest says it replaces
    (``replaces``). Returns the documents to validate, the problems, and the ``(kind, id)`` of
    the last layer's own documents."""
    out: list[LoadedDocument] = []
    current: dict[tuple[str, str], tuple[int, LoadedDocument]] = {}
    problems: list[Problem] = []
    own: set[tuple[str, str]] = set()
    last = len(layers) - 1
    requires = requires if requires is not None else [set(range(n)) for n in range(len(layers))]
    conflicts: dict[tuple[str, str], tuple[int, LoadedDocument, int, LoadedDocument]] = {}
    fields = _PatchedFields(layers, requires)

    def swap(old: LoadedDocument, new: LoadedDocument) -> None:
        out[next(i for i, d in enumerate(out) if d is old)] = new

    for number, (_, documents) in enumerate(layers):
        patches = []
        for doc in documents:
            key, exact = _key(doc), document_key(doc)
            if key is None or exact is None:
                out.append(doc)  # the schema check says what is wrong with it
                continue
            if key[0] == "pack":
                if number == last:
                    out.append(doc)
                    own.add(exact)
                continue
            if key[0] == "patch":
                patches.append(doc)
                continue
            earlier = current.get(key)
            if earlier is not None and earlier[0] != number and earlier[0] not in requires[number]:
                conflicts[key] = (earlier[0], earlier[1], number, doc)  # settled if a later layer writes it
            elif earlier is not None and earlier[0] != number:
                conflicts.pop(key, None)
            if earlier is not None and earlier[0] != number:
                old_label = layers[earlier[0]][0]
                fields.replaced(key)
                swap(earlier[1], doc)
                current[key] = (number, doc)
                what = f"{key[0]} {document_key(earlier[1])[1]!r}"  # type: ignore[index]
                if number == last or earlier[0] in requires[number]:  # a clash is the pack-conflict error
                    problems.append(_override(doc, what, old_label, earlier[1], number == last, key in announced))
            else:
                out.append(doc)
                current.setdefault(key, (number, doc))
            if number == last:
                own.add(exact)
        for doc in patches:
            patched = _apply(doc, current, number, layers, problems)
            if patched is not None:
                key, target = patched
                problems.extend(fields.patched(key, doc, number))
                swap(current[key][1], target)
                current[key] = (current[key][0], target)
                if number == last:
                    own.add(document_key(target))  # type: ignore[arg-type]
    problems.extend(fields.unsettled())
    for key, (first, first_doc, second, second_doc) in sorted(conflicts.items()):
        what = f"{key[0]} {document_key(second_doc)[1]!r}"  # type: ignore[index]
        problems.append(Problem.at(
            second_doc.locate(("id",), value=True), CONFLICT, Severity.ERROR,
            f"{what} is defined by {layers[first][0]} ({first_doc.root}) and by {layers[second][0]}, which do not "
            f"require one another: which one plays depends on the order of requires; write {what} in "
            f"{layers[last][0]} to choose, or let one pack require the other"))
    return out, problems, frozenset(own)


FieldPath = tuple[Any, ...]
"""A field inside a patch's ``changes``: ``("attack",)``, ``("attributes", "STR")``."""


class _PatchedFields:
    """Which patch changed which field of each document while :func:`merge` goes up the layers,
    to tell two patches of one field apart from the later one winning without a word."""

    def __init__(self, layers: list[tuple[str, list[LoadedDocument]]], requires: list[set[int]]):
        self.layers = layers
        self.requires = requires
        self.changed: dict[tuple[str, str], list[tuple[FieldPath, int, LoadedDocument]]] = {}
        # two required packs patching one field: (document, field) -> the two layers and the error
        self.clashes: dict[tuple[tuple[str, str], FieldPath], tuple[int, int, Problem]] = {}

    def replaced(self, key: tuple[str, str]) -> None:
        """A later layer wrote the document ``key`` whole: the patches before it are gone."""
        self.changed.pop(key, None)
        for clash in [c for c in self.clashes if c[0] == key]:
            del self.clashes[clash]

    def patched(self, key: tuple[str, str], patch: LoadedDocument, number: int) -> list[Problem]:
        """The problems of ``patch`` (of layer ``number``) changing fields of ``key`` that an
        earlier patch changed; records its fields."""
        problems = []
        earlier = self.changed.setdefault(key, [])
        what = f"{key[0]} {str(patch.data['target']).partition('/')[2]!r}"
        for path in _changed_fields(patch.data["changes"]):
            here = patch.locate(("changes", *path))
            shown = ".".join(map(str, path))
            for clash in [c for c, (a, b, _) in self.clashes.items() if c[0] == key and _overlap(c[1], path)
                          and {a, b} <= self.requires[number]]:
                del self.clashes[clash]  # settled: this pack builds on both and chooses
            for old_path, old_number, old_patch in [e for e in earlier if _overlap(e[0], path)]:
                earlier.remove((old_path, old_number, old_patch))
                there = f"patch {old_patch.data.get('id')} ({old_patch.locate(('changes', *old_path))})"
                if old_number == number:
                    problems.append(Problem.at(here, CONFLICT, Severity.ERROR,
                                               f"{shown} of {what} is changed by {there} too: two patches of one "
                                               f"field in one pack play in the order of their files; keep one"))
                elif old_number in self.requires[number]:
                    problems.append(Problem.at(here, OVERRIDE, Severity.INFO,
                                               f"{shown} of {what} was changed by {there} of "
                                               f"{self.layers[old_number][0]}: this patch's plays"))
                else:
                    self.clashes[key, path] = (old_number, number, Problem.at(
                        here, CONFLICT, Severity.ERROR,
                        f"{shown} of {what} is changed by {there} of {self.layers[old_number][0]} and by "
                        f"{self.layers[number][0]}, which do not require one another: which one plays depends "
                        f"on the order of requires; patch {shown} in {self.layers[-1][0]} to choose, or let "
                        f"one pack require the other"))
            earlier.append((path, number, patch))
        return problems

    def unsettled(self) -> list[Problem]:
        """The clashes of required packs no later layer settled."""
        return [problem for _, _, problem in self.clashes.values()]


def _changed_fields(changes: Any, prefix: FieldPath = ()) -> list[FieldPath]:
    """The fields a patch's ``changes`` set: a mapping changes key by key (:func:`_merged`)."""
    if isinstance(changes, dict) and changes:
        return [path for key, value in changes.items() for path in _changed_fields(value, (*prefix, key))]
    return [prefix]


def _overlap(a: FieldPath, b: FieldPath) -> bool:
    """Whether two changed fields touch the same value: the same, or one inside the other."""
    return a[:len(b)] == b or b[:len(a)] == a


def _override(doc: LoadedDocument, what: str, old_label: str, old: LoadedDocument, own: bool,
              announced: bool) -> Problem:
    """The ``pack-override`` problem of ``doc`` replacing ``old`` (see the module docstring)."""
    if not own:  # a required pack replacing a document of a pack it builds on
        return Problem.at(doc.locate(("id",), value=True), OVERRIDE, Severity.INFO,
                          f"replaces {what} of {old_label} ({old.root})")
    if announced:
        return Problem.at(doc.locate(("id",), value=True), OVERRIDE, Severity.INFO,
                          f"replaces {what} of {old_label} ({old.root}), as pack.yaml announces (replaces)")
    kind, _, doc_id = what.partition(" ")
    return Problem.at(doc.locate(("id",), value=True), OVERRIDE, Severity.WARNING,
                      f"replaces {what} of {old_label} ({old.root}) without announcing it: the same id by "
                      f"chance? Rename it, or add '{kind}/{doc_id.strip(chr(39))}' to replaces: in pack.yaml")


def _apply(doc: LoadedDocument, current: dict[tuple[str, str], tuple[int, LoadedDocument]], number: int,
           layers: list[tuple[str, list[LoadedDocument]]], problems: list[Problem]
           ) -> tuple[tuple[str, str], LoadedDocument] | None:
    """The target's key and the patched target document, or None (problems added)."""
    model, found = check_document(doc, {"patch": Patch})
    problems.extend(found)
    if model is None:
        return None
    assert isinstance(model, Patch)
    kind, doc_id = model.target_key
    key = (kind, "") if kind in SINGLETON_KINDS else (kind, doc_id)
    target = current.get(key)
    if kind in SINGLETON_KINDS and target is not None and document_key(target[1]) != (kind, doc_id):
        target = None
    if target is None or target[0] == number:
        required = sorted(f"{k}/{d[1].data.get('id')}" for k, d in
                          ((k[0], v) for k, v in current.items() if v[0] != number) if k == kind)
        close = difflib.get_close_matches(model.target, required, n=1, cutoff=0.6)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        what = "is this pack's own: edit it directly" if target is not None else "is in no pack this pack requires"
        if kind not in KINDS:  # `monster_levels/orc-2` was "in no pack this pack requires", without a hint
            what, hint = f"names no document: {_no_kind(kind)}", ""
        problems.append(Problem.at(doc.locate(("target",), value=True), PATCH, Severity.ERROR,
                                   f"patch target {model.target!r} {what}{hint}"))
        return None
    bad = sorted({"kind", "id"} & set(model.changes))
    if bad:
        problems.append(Problem.at(doc.locate(("changes", bad[0])), PATCH, Severity.ERROR,
                                   f"a patch cannot change {bad[0]!r}; write a new document instead"))
        return None
    base = target[1]
    problems.append(Problem.at(doc.locate(("target",), value=True), OVERRIDE, Severity.INFO,
                               f"patches {kind} {doc_id!r} of {layers[target[0]][0]} ({base.root}): "
                               f"{', '.join(sorted(model.changes))}"))
    return key, patched_document(base, doc)


def patched_document(base: LoadedDocument, patch: LoadedDocument) -> LoadedDocument:
    """``base`` with ``patch.data["changes"]`` merged in: mappings key by key, anything else
    replaced. Positions of changed values point into the patch, so a problem with a new value
    is reported where the patch writes it."""
    changes = patch.data["changes"]
    positions = dict(base.positions)
    value_positions = dict(base.value_positions)
    for source, target in ((patch.positions, positions), (patch.value_positions, value_positions)):
        for path, location in source.items():
            if len(path) > 1 and path[0] == "changes":
                target[path[1:]] = location
    return LoadedDocument(path=base.path, index=base.index, data=_merged(base.data, changes), file=base.file,
                          positions=MappingProxyType(positions), value_positions=MappingProxyType(value_positions))


def _merged(base: Any, changes: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in changes.items():
        out[key] = _merged(base[key], value) if isinstance(value, dict) and isinstance(base.get(key), dict) else value
    return out
