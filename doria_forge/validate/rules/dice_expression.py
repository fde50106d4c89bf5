"""Dice expressions are well formed and can be rolled sensibly.

A dice expression is ``ND``, ``ND+B`` or ``ND-B``: N (1-9) ten-sided dice plus
a flat bonus B; the German ``W`` is accepted for ``D``. Malformed text is
found while a document is checked against its model: the schema stage reports
it under this rule id. This module's ``check`` then looks at the well-formed
ones: a negative bonus so large that the roll can come out below 1 is a
warning (``1D-3`` rolls -2 on a 1).

Passing::

    attack: 3D+2
    defense: 2D

Failing::

    attack: 3X+2          # dice-expression error (schema stage)
    defense: 1D-3         # dice-expression warning: can roll below 1
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Iterator
from functools import cache
from typing import Any

from pydantic import BaseModel

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...model.common import parse_dice
from ..source_map import SourceMap

ID = "dice-expression"
SEVERITY = Severity.WARNING


def _is_dice_annotation(annotation: Any, metadata: Iterable[Any] = ()) -> bool:
    for meta in metadata:
        if getattr(getattr(meta, "func", None), "__name__", "") == "_normalise_dice":
            return True
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        args = typing.get_args(annotation)
        return _is_dice_annotation(args[0], args[1:])
    if origin is typing.Union or type(annotation).__name__ == "UnionType":
        return any(_is_dice_annotation(arg) for arg in typing.get_args(annotation))
    return False


def _model_leaves(annotation: Any) -> Iterator[Any]:
    """The model classes (and ``Any``, which can hold one) a value of this type can contain
    directly or in lists, tuples, dicts and unions."""
    if annotation is Any or (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
        yield annotation
        return
    for arg in typing.get_args(annotation):
        if arg is not Ellipsis:
            yield from _model_leaves(arg)


@cache
def _class_holds_dice(model: type[BaseModel]) -> bool:
    """Whether ``model``, or a model reachable through its fields, has a dice field (a search of
    the class graph from ``model``)."""
    todo, seen = [model], {model}
    while todo:
        for info in todo.pop().model_fields.values():
            if _is_dice_annotation(info.annotation, info.metadata):
                return True
            for leaf in _model_leaves(info.annotation):
                if leaf is Any:
                    return True
                if leaf not in seen:
                    seen.add(leaf)
                    todo.append(leaf)
    return False


def _may_hold_dice(annotation: Any) -> bool:
    """Whether a value of this type can contain, at any depth, a field holding a dice expression."""
    return any(leaf is Any or _class_holds_dice(leaf) for leaf in _model_leaves(annotation))


@cache
def _dice_flags(model_type: type[BaseModel]) -> tuple[tuple[str, str, bool], ...]:
    """``(field name, key, holds a dice expression)`` of the fields of one model class that hold a
    dice expression or may contain a model that does (read once; the other fields are never walked)."""
    out = []
    for name, info in model_type.model_fields.items():
        dice = _is_dice_annotation(info.annotation, info.metadata)
        if dice or _may_hold_dice(info.annotation):
            out.append((name, info.alias or name, dice))
    return tuple(out)


def dice_fields(model: BaseModel, path: tuple = ()) -> Iterator[tuple[tuple, str]]:
    """Every (field path, dice expression) of a model instance, nested models and lists included."""
    for name, key, dice in _dice_flags(type(model)):
        value = getattr(model, name, None)
        if isinstance(value, str) and dice:
            yield path + (key,), value
        else:
            yield from _walk(value, path + (key,))


def _walk(value: Any, path: tuple) -> Iterator[tuple[tuple, str]]:
    if isinstance(value, BaseModel):
        yield from dice_fields(value, path)
    elif isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            yield from _walk(item, path + (i,))
    elif isinstance(value, dict):
        for k, item in value.items():
            yield from _walk(item, path + (k,))


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for doc in pack:
        for path, expr in dice_fields(doc):
            try:
                spec = parse_dice(expr)
            except ValueError:
                continue
            lowest = spec.count + spec.bonus
            if lowest < 1:
                yield source_map.problem(
                    doc.kind, doc.id, path, ID, SEVERITY,
                    f"dice expression {expr!r} can roll {lowest} (all dice showing 1); "
                    "a bonus below -(dice - 1) makes results below 1 possible",
                    value=True,
                )
