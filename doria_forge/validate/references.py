"""Cross-reference stage: duplicate ids and references to documents that do not exist."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from ..load.loader import LoadedDocument
from ..load.problem import Problem, Severity
from .source_map import SourceMap, document_key

DUPLICATE_ID = "duplicate-id"
DANGLING_REFERENCE = "dangling-reference"


def duplicate_problems(documents: Iterable[LoadedDocument]) -> tuple[list[Problem], set[int]]:
    """``duplicate-id`` problems for every repeated ``(kind, id)``, at the repeat's ``id``.

    The message names where the first occurrence is. Returns the problems and
    the ``id()`` of every repeated LoadedDocument (they are left out of the pack).
    """
    first: dict[tuple[str, str], LoadedDocument] = {}
    problems: list[Problem] = []
    repeats: set[int] = set()
    for doc in documents:
        key = document_key(doc)
        if key is None:
            continue
        if key in first:
            original = first[key].locate(("id",))
            problems.append(Problem.at(
                doc.locate(("id",), value=True), DUPLICATE_ID, Severity.ERROR,
                f"duplicate {key[0]} id {key[1]!r}; first defined at {original}",
            ))
            repeats.add(id(doc))
        else:
            first[key] = doc
    return problems, repeats


def dangling_problems(pack: object, source_map: SourceMap, models: Iterable[object]) -> list[Problem]:
    """``dangling-reference`` problems for references no document of the pack answers.

    A target that exists in the YAML but failed its own schema check is not
    reported again: its schema problems say what is wrong.
    """
    problems: list[Problem] = []
    known_ids: dict[str, list[str]] = {}
    for kind, doc_id in source_map.keys():
        known_ids.setdefault(kind, []).append(doc_id)
    for model in models:
        kind, doc_id = getattr(model, "kind", "?"), getattr(model, "id", "?")
        try:
            references = list(model.references())  # type: ignore[attr-defined]
        except Exception as exc:  # noqa: BLE001 - a model bug must not hide the other problems
            problems.append(source_map.problem(kind, doc_id, (), DANGLING_REFERENCE, Severity.ERROR,
                                               f"could not list references: {type(exc).__name__}: {exc}"))
            continue
        for path, target_kind, target_id in references:
            if (target_kind, target_id) in source_map or _pack_has(pack, target_kind, target_id):
                continue
            candidates = known_ids.get(target_kind, [])
            if target_kind == "optional_rule":
                candidates = [r.id for r in getattr(getattr(pack, "rules", None), "optional_rules", [])]
            close = difflib.get_close_matches(str(target_id), sorted(candidates), n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            label = target_kind.replace("_", " ")
            problems.append(source_map.problem(
                kind, doc_id, tuple(path), DANGLING_REFERENCE, Severity.ERROR,
                f"no {label} with id {target_id!r} in the pack{hint}", value=True,
            ))
    return problems


def _pack_has(pack: object, kind: str, doc_id: str) -> bool:
    has = getattr(pack, "has", None)
    if has is None:
        return False
    try:
        return bool(has(kind, doc_id))
    except Exception:  # noqa: BLE001
        return False
