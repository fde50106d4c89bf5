"""The ``tune:`` block of a scenario, a campaign or a pack manifest: the *knobs* ``doria-forge
tune`` may turn, as field paths with ranges and steps, and how a knob path is read.

A knob path names a whole-number field of a document in the YAML's own words (keys as written,
``do`` for a rule's effects, list positions from 0): ``setup.monster_level``,
``rules.1.do.0.count``. A path may name another document first, ``boss/hollow_king:levels.0.hit_points``;
without it the path is in the document that holds the ``tune:`` block (a pack manifest's knobs
always name their document). ``tune`` never touches a field that is not a knob, and never a
document's ``balance`` or ``tune`` (the targets it aims at).

:func:`resolve` finds the value a path names in a document's data (its fields as the model has
them, defaults included) and raises :class:`KnobPathError` with a did-you-mean otherwise; the
``tune-knob`` validation rule and ``sim.tune`` both use it.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from pydantic import Field, model_validator

from .common import Strict, empty_list

MAX_PATH_PARTS = 8
"""Most parts of a knob path (``rules.1.do.0.count`` has 5)."""

PROTECTED = ("balance", "tune", "kind", "id")
"""Top-level fields no knob may name: the targets tune aims at, its own block, a document's identity."""


class KnobPathError(ValueError):
    """A knob path that names no whole-number field (the message says why, with a did-you-mean)."""


class TuneKnob(Strict):
    """One knob: the whole-number field at ``path`` may take ``min``, ``min + step``, ... ``max``."""

    path: Annotated[str, Field(min_length=1, max_length=300)] = Field(
        examples=["setup.monster_level", "rules.1.do.0.count", "boss/hollow_king:levels.0.hit_points"])
    """Field path of the knob: keys and list positions (from 0) joined by dots, as the YAML writes them; another
    document first as kind/id: (boss/hollow_king:levels.0.hit_points)."""
    min: Annotated[int, Field(ge=-1000, le=1000)] = Field(examples=[1])
    """Smallest value tune may give the field."""
    max: Annotated[int, Field(ge=-1000, le=1000)] = Field(examples=[4])
    """Largest value tune may give the field."""
    step: Annotated[int, Field(ge=1, le=100)] = 1
    """Distance between the values tried (min, min + step, ... up to max); one step is also the sensitivity
    chart's deviation."""

    @model_validator(mode="after")
    def _range(self) -> TuneKnob:
        if self.min > self.max:
            raise ValueError(f"min {self.min} is more than max {self.max}")
        return self


class Tune(Strict):
    """What ``doria-forge tune`` may change to meet the balance targets."""

    knobs: list[TuneKnob] = Field(default_factory=empty_list, max_length=100,
                                  examples=[[{"path": "setup.monster_level", "min": 1, "max": 3}]])
    """Knobs of this document (or, in the pack manifest, of any document) beyond the default set."""
    defaults: bool = Field(True, examples=[False])
    """true: the documented default knobs (Monster Level at start, spawn counts and rounds, tile deck, round
    limits, boss numbers, rewards) are turned too; false: only the knobs listed here."""


def parse_path(text: str, home: tuple[str, str] | None) -> tuple[str, str, tuple[str | int, ...]]:
    """``"[kind/id:]a.0.b"`` as ``(kind, id, ("a", 0, "b"))``; without a document the path is in
    ``home`` (``(kind, id)``). Raises KnobPathError for an empty part, too many parts, a missing
    document where there is no ``home``, or a protected field (see :data:`PROTECTED`)."""
    doc, sep, rest = text.partition(":")
    if sep:
        kind, slash, doc_id = doc.partition("/")
        if not slash or not kind or not doc_id:
            raise KnobPathError(f"knob {text!r}: a document is named as kind/id: "
                                "(boss/hollow_king:levels.0.hit_points)")
    elif home is None:
        raise KnobPathError(f"knob {text!r}: a pack's knob names its document first (scenario/ID:setup.monster_level)")
    else:
        (kind, doc_id), rest = home, text
    parts = rest.split(".")
    if len(parts) > MAX_PATH_PARTS:
        raise KnobPathError(f"knob {text!r} goes {len(parts)} levels deep; content goes at most {MAX_PATH_PARTS}")
    path: list[str | int] = []
    for part in parts:
        if not part.strip():
            raise KnobPathError(f"knob {text!r} has an empty part between dots")
        path.append(int(part) if part.isdigit() and len(part) <= 4 else part)
    if isinstance(path[0], int):
        raise KnobPathError(f"knob {text!r} starts with a list position; it names a field")
    if path[0] in PROTECTED:
        raise KnobPathError(f"knob {text!r}: tune never changes a document's {path[0]}")
    return kind, doc_id, tuple(path)


def format_path(kind: str, doc_id: str, path: Sequence[str | int]) -> str:
    """The knob path text of a field: ``scenario/goblin_warren:setup.monster_level``."""
    return f"{kind}/{doc_id}:" + ".".join(str(p) for p in path)


def resolve(data: Mapping[str, Any], path: Sequence[str | int], shown: str) -> int:
    """The whole number at ``path`` in ``data`` (a document's fields as plain data, defaults
    included). ``shown`` names the knob in messages. Raises KnobPathError naming the first
    step that does not exist (with the closest field: did you mean), a list position past the
    end, or a value that is not a whole number."""
    node: Any = data
    for depth, step in enumerate(path):
        where = ".".join(str(p) for p in path[:depth]) or "the document"
        if isinstance(node, Mapping):
            if step not in node:
                close = difflib.get_close_matches(str(step), [str(k) for k in node], n=1, cutoff=0.6)
                hint = f" (did you mean {close[0]!r}?)" if close else f"; it has {', '.join(map(str, node)) or 'none'}"
                raise KnobPathError(f"knob {shown}: {where} has no field {step!r}{hint}")
            node = node[step]
        elif isinstance(node, list):
            if not isinstance(step, int):
                raise KnobPathError(f"knob {shown}: {where} is a list; give a position 0-{len(node) - 1}, not {step!r}")
            if step >= len(node):
                raise KnobPathError(f"knob {shown}: {where} has {len(node)} entr{'y' if len(node) == 1 else 'ies'}; "
                                    f"position {step} is past its end")
            node = node[step]
        else:
            raise KnobPathError(f"knob {shown}: {where} is a value, not a mapping or list")
    if isinstance(node, bool) or not isinstance(node, int):
        raise KnobPathError(f"knob {shown} names {type(node).__name__ if node is not None else 'an empty field'} "
                            f"{node!r}; a knob turns a whole number")
    return node
