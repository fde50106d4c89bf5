"""Every knob of a ``tune:`` block names a whole-number field that exists.

A scenario's or campaign's ``tune:`` knobs are field paths in the document (or, written
``kind/id:path``, in another one); a pack manifest's knobs always name their document. Like
any reference, a path that names no field is an error at the knob's line, with the closest
field (did you mean); so is a path to a value that is not a whole number, a list position past
the list's end, a document the pack does not have, or a document's ``balance`` or ``tune``
(the targets are not knobs).

Passing::

    tune:
      knobs:
        - {path: setup.monster_level, min: 1, max: 3}
        - {path: rules.1.do.0.count, min: 1, max: 3}

Failing::

    tune:
      knobs:
        - {path: setup.monster_levl, min: 1, max: 3}   # did you mean 'monster_level'?
        - {path: rules.9.do.0.count, min: 1, max: 3}   # the scenario has 4 rules
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...model.tune import KnobPathError, parse_path, resolve
from ..source_map import SourceMap

ID = "tune-knob"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    homes = [(kind, doc_id, doc) for kind in ("scenario", "campaign") for doc_id, doc in pack.of_kind(kind).items()]
    homes += [("pack", doc_id, doc) for doc_id, doc in pack.of_kind("pack").items()]
    for kind, doc_id, doc in homes:
        block = getattr(doc, "tune", None)
        if block is None:
            continue
        home = None if kind == "pack" else (kind, doc_id)
        for index, knob in enumerate(block.knobs):
            message = _problem(pack, knob.path, home)
            if message is not None:
                yield source_map.problem(kind, doc_id, ("tune", "knobs", index, "path"), ID, SEVERITY, message,
                                         value=True)


def _problem(pack: ContentPack, text: str, home: tuple[str, str] | None) -> str | None:
    try:
        kind, doc_id, path = parse_path(text, home)
        target = pack.get(kind, doc_id)
        if target is None:
            import difflib

            close = difflib.get_close_matches(doc_id, sorted(pack.of_kind(kind)), n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            return f"knob {text}: the pack has no {kind} {doc_id!r}{hint}"
        resolve(target.model_dump(mode="json", by_alias=True), path, text)
    except KnobPathError as exc:
        return str(exc)
    return None
