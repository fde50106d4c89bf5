"""The field reference: every field of every kind, as Markdown, generated from the models.

For each kind (and each model nested in one: an attack profile, a trap effect, a scenario rule)
a table gives every field with its type, whether it is required (or its default), its range
(bounds, lengths, allowed values, pattern), its description and an example. Nothing is written
by hand: descriptions are the models' (a ``Field(description=...)`` or the string under a
field); a field without one takes the sentence of its model's (or its module's) docstring that
names it. Examples
are the field's own (``Field(examples=...)``), else the first value the shipped base pack
writes, else its default, else one made from its type. ``doria-forge schema`` writes the
reference to ``docs/field-reference.md``; a test fails when the checked-in copy is stale.
"""

from __future__ import annotations

import json
import re
import sys
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined, to_jsonable_python

from . import KINDS
from .field_docs import field_doc

REFERENCE_FILE = Path("docs") / "field-reference.md"
_DOUBLE_TICKS = re.compile(r"``([^`]+)``")


# ------------------------------------------------------------------------------ types
def _args(tp: Any) -> tuple[Any, ...]:
    return typing.get_args(tp)


def _strip(tp: Any) -> tuple[Any, list[Any]]:
    """``tp`` without ``Annotated``, and the metadata it carried."""
    meta: list[Any] = []
    while typing.get_origin(tp) is typing.Annotated:
        tp, *more = _args(tp)
        meta.extend(more)
    return tp, meta


def _is_union(tp: Any) -> bool:
    return typing.get_origin(tp) is typing.Union or isinstance(tp, types.UnionType)


def _models(tp: Any) -> Iterator[type[BaseModel]]:
    """Models named anywhere inside annotation ``tp``."""
    tp, _ = _strip(tp)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        yield tp
        return
    for arg in _args(tp):
        if arg is not Ellipsis:
            yield from _models(arg)


def type_name(tp: Any) -> str:
    """A reader's name for annotation ``tp``: ``whole number``, ``list of text``, ``one of: a, b``."""
    tp, meta = _strip(tp)
    if _is_union(tp):
        parts = [type_name(a) for a in _args(tp) if a is not type(None)]
        return " or ".join(dict.fromkeys(parts))
    origin = typing.get_origin(tp)
    if origin is Literal:
        return "one of: " + ", ".join(str(a) for a in _args(tp))
    if origin in (list, set, frozenset):
        return f"list of {type_name(_args(tp)[0])}"
    if origin is tuple:
        args = _args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return f"list of {type_name(args[0])}"
        return f"[{', '.join(type_name(a) for a in args)}]"
    if origin is dict:
        key, value = _args(tp)
        return f"mapping of {type_name(key)} to {type_name(value)}"
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return f"[{tp.__name__}](#{tp.__name__.lower()})"
    if any(getattr(m, "func", None) is not None and "dice" in getattr(m.func, "__name__", "") for m in meta):
        return "dice expression"
    return {str: "text", int: "whole number", float: "number", bool: "true or false"}.get(tp, getattr(
        tp, "__name__", str(tp)))


def _bounds(meta: list[Any]) -> list[str]:
    out = []
    for m in meta:
        for attr, word in (("ge", ">="), ("gt", ">"), ("le", "<="), ("lt", "<")):
            value = getattr(m, attr, None)
            if value is not None and isinstance(m, (annotated_types.BaseMetadata, FieldInfo)) or (
                    value is not None and type(m).__name__ in ("Ge", "Gt", "Le", "Lt")):
                out.append(f"{word} {value}")
        if type(m).__name__ == "MinLen":
            out.append(f"at least {m.min_length} long")
        if type(m).__name__ == "MaxLen":
            out.append(f"at most {m.max_length} long")
        pattern = getattr(m, "pattern", None)
        if isinstance(pattern, str):
            out.append(f"pattern `{pattern}`")
    return out


def range_of(field: FieldInfo) -> str:
    """The field's range: numeric bounds, lengths, pattern, allowed values (of the field and of
    its items), or ``""``."""
    parts = _bounds(list(field.metadata))
    tp, meta = _strip(field.annotation)
    parts += _bounds(meta)
    for inner in _leaves(tp):
        inner_tp, inner_meta = _strip(inner)
        item = _bounds(inner_meta)
        if typing.get_origin(inner_tp) is Literal:
            item.append("one of " + ", ".join(str(a) for a in _args(inner_tp)))
        if item and inner is not field.annotation:
            parts += [f"each {p}" if inner is not tp else p for p in item]
    return "; ".join(dict.fromkeys(parts))


def _leaves(tp: Any) -> Iterator[Any]:
    tp, _ = _strip(tp)
    yield tp
    if _is_union(tp) or typing.get_origin(tp) in (list, set, frozenset, tuple, dict):
        for arg in _args(tp):
            if arg is not Ellipsis and arg is not type(None):
                yield arg


# ------------------------------------------------------------------------------ texts
def description_of(model: type[BaseModel], name: str, field: FieldInfo) -> str:
    """The field's description; else the sentence of the model's docstring naming it."""
    text = field.description or field_doc(model, name)
    if text:
        return " ".join(text.split())
    if name == "kind":
        default = field.default
        return f"Always `{default}`: what the document is." if isinstance(default, str) else "What the document is."
    tp, _ = _strip(field.annotation)
    if typing.get_origin(tp) is Literal and len(_args(tp)) == 1:
        return f"Always `{_args(tp)[0]}`: which {model.__name__} this is."
    module = sys.modules.get(model.__module__)
    docs = [cls.__doc__ for cls in model.__mro__] + [getattr(module, "__doc__", None)]
    for doc in docs:
        text = " ".join((doc or "").split())
        for sentence in re.split(r"(?<=[.;:])\s+(?=[A-Z`(])", text):
            if f"``{name}``" in sentence or f"``{field.alias}``" in sentence:
                return _DOUBLE_TICKS.sub(r"`\1`", sentence)
    return ""


def _example_from_type(tp: Any) -> Any:
    tp, meta = _strip(tp)
    if _is_union(tp):
        return _example_from_type(next(a for a in _args(tp) if a is not type(None)))
    origin = typing.get_origin(tp)
    if origin is Literal:
        return _args(tp)[0]
    if origin in (list, set, frozenset):
        return [_example_from_type(_args(tp)[0])]
    if origin is tuple:
        return [_example_from_type(a) for a in _args(tp) if a is not Ellipsis]
    if origin is dict:
        return {}
    low = next((getattr(m, "ge", None) for m in meta if getattr(m, "ge", None) is not None), None)
    return {int: low if low is not None else 1, bool: True, float: 1.0, str: "text"}.get(tp, None)


def _shown(value: Any) -> str:
    value = to_jsonable_python(value, by_alias=True)
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = text if len(text) <= 60 else text[:57] + "..."
    return "`" + text.replace("|", "\\|").replace("`", "'") + "`"


def example_of(model: type[BaseModel], name: str, field: FieldInfo, seen: dict) -> str:
    """An example value: the field's own, else from the base pack, else its default, else its type."""
    if field.examples:
        return _shown(field.examples[0])
    if (model, name) in seen:
        return _shown(seen[(model, name)])
    default = field.get_default(call_default_factory=True) if field.default is not PydanticUndefined or \
        field.default_factory is not None else None
    if default not in (None, "", [], {}, ()):
        return _shown(default)
    made = _example_from_type(field.annotation)
    return _shown(made) if made is not None else ""


def base_pack_values(root: Path) -> dict[tuple[type[BaseModel], str], Any]:
    """``(model class, field) -> value`` of the first document of the pack in ``root`` that writes
    the field (documents in file order), for examples."""
    from doria_forge.load import load_pack

    values: dict[tuple[type[BaseModel], str], Any] = {}

    def walk(obj: Any) -> None:
        if isinstance(obj, BaseModel):
            for name in sorted(obj.model_fields_set):
                value = getattr(obj, name)
                values.setdefault((type(obj), name), value)
                walk(value)
        elif isinstance(obj, (list, tuple)):
            for item in obj:
                walk(item)
        elif isinstance(obj, dict):
            for item in obj.values():
                walk(item)

    if not root.is_dir():
        return values
    for doc in load_pack(root).documents:
        model = KINDS.get(doc.data.get("kind"))
        if model is None:
            continue
        try:
            walk(model.model_validate(doc.data))
        except ValueError:
            continue
    return values


# ------------------------------------------------------------------------------ the reference
def _rows(model: type[BaseModel], seen: dict) -> Iterator[str]:
    for name, field in model.model_fields.items():
        shown_name = field.alias or name
        if field.is_required():
            default = "required"
        else:
            value = field.get_default(call_default_factory=True)
            default = f"default {_shown(value)}" if value not in (None, [], {}, ()) else "optional"
        cells = [f"`{shown_name}`", type_name(field.annotation), default, range_of(field) or "",
                 description_of(model, name, field), example_of(model, name, field, seen)]
        yield "| " + " | ".join(c.replace("\n", " ") for c in cells) + " |"


def missing_documentation() -> list[str]:
    """``Model.field`` of every field without a description or an example (what the test checks)."""
    seen = base_pack_values(_base_pack())
    out = []
    for model in _all_models():
        for name, field in model.model_fields.items():
            if not description_of(model, name, field) or not example_of(model, name, field, seen):
                out.append(f"{model.__name__}.{name}")
    return out


def _base_pack() -> Path:
    from doria_forge.infra.assets import asset_dir

    return asset_dir("content")


def _all_models() -> list[type[BaseModel]]:
    """Every kind's model and every model nested in one, kinds first (sorted), then nested ones
    in the order they are met."""
    order: list[type[BaseModel]] = [KINDS[k] for k in sorted(KINDS)]
    i = 0
    while i < len(order):
        # resolve forward references first (models build lazily): the reference must not
        # depend on which models happened to be used before it was asked for
        order[i].model_rebuild()
        for field in order[i].model_fields.values():
            for nested in _models(field.annotation):
                if nested not in order:
                    order.append(nested)
        i += 1
    return order


def reference_text() -> str:
    """The field reference as Markdown (see the module docstring)."""
    seen = base_pack_values(_base_pack())
    kinds = {model: kind for kind, model in KINDS.items()}
    out = [
        "# Field reference",
        "",
        "Generated from the models by `doria-forge schema` (do not edit): every field of every kind of "
        "document, with its type, default, range, description and an example. Units: squares (range, "
        "offsets), AP (Action Points), HP (Hit Points), PP (Psi Points), XP, gold coins; dice are "
        "expressions such as `3D+2` (3 ten-sided dice plus 2).",
        "",
        "Kinds: " + ", ".join(f"[{k}](#{KINDS[k].__name__.lower()})" for k in sorted(KINDS)) + ".",
        "",
    ]
    for model in _all_models():
        title = f"`kind: {kinds[model]}` ({model.__name__})" if model in kinds else model.__name__
        summary = " ".join((model.__doc__ or "").strip().split("\n\n")[0].split())
        out += [f'<a id="{model.__name__.lower()}"></a>', f"## {title}", "",
                _DOUBLE_TICKS.sub(r"`\1`", summary), "",
                "| field | type | | range | description | example |", "|---|---|---|---|---|---|"]
        out += list(_rows(model, seen))
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
