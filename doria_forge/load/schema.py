"""Schema check: each loaded document against the pydantic model of its ``kind``.

Every pydantic error becomes a :class:`Problem` at the YAML position of the
error's ``loc``; a field that is not written (a missing required field) is
reported at its enclosing mapping. Unknown fields suggest the closest valid
name, unknown kinds the closest kind, an unknown name of a vocabulary (a behaviour,
a scenario effect...) the closest known one.

The validate stage runs it on every content document (its schema stage) and the print export on
layout files (:mod:`doria_forge.export.layouts`), so it sits here, below both: it needs only the
loaded documents' positions and pydantic, and export never imports validate.
"""

from __future__ import annotations

import datetime as _dt
import difflib
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .loader import LoadedDocument, PathKey, key_step, yaml_text
from .problem import Location, Problem, Severity

SCHEMA = "schema"
UNKNOWN_FIELD = "unknown-field"
UNKNOWN_KIND = "unknown-kind"
DICE_EXPRESSION = "dice-expression"
UNKNOWN_VOCABULARY = "unknown-vocabulary"

_MAX_INPUT_SHOWN = 40

_PATTERN_WORDS: dict[str, str] = {}


def worded_pattern(pattern: str, words: str) -> str:
    """``pattern`` (a field's regular expression), with ``words`` to say instead of it when a
    value does not match: "String should match pattern '^\\d+\\.\\d+\\.\\d+$'" is no answer to
    a designer."""
    _PATTERN_WORDS[pattern] = words
    return pattern


M = TypeVar("M", bound=BaseModel)
"""The model classes ``check_document`` validates against (a kind's document model)."""


def _close(word: str, options: Iterable[str]) -> str | None:
    matches = difflib.get_close_matches(word, sorted(options), n=1, cutoff=0.6)
    return matches[0] if matches else None


def _resolve(data: Any, loc: Iterable[Any]) -> tuple[PathKey, list[Any]]:
    """Split a pydantic ``loc`` into the part that exists in ``data`` and the rest.

    pydantic inserts steps that are not in the data (union member names such as
    ``int`` or ``function-after[...]``, ``[key]`` for dict keys); they are
    skipped so the deepest written value is found.
    """
    resolved: list[str | int] = []
    rest: list[Any] = []
    current = data
    steps = list(loc)
    for i, step in enumerate(steps):
        if isinstance(current, dict) and _has_key(current, step):
            if i + 1 < len(steps) and _is_tag(current, step, steps[i + 1]):
                rest.append(step)
                continue
            current = current[step]
            resolved.append(step)
        elif isinstance(current, list) and isinstance(step, int) and 0 <= step < len(current):
            current = current[step]
            resolved.append(step)
        else:
            rest.append(step)
    return tuple(resolved), rest


def _is_tag(mapping: dict, step: Any, following: Any) -> bool:
    """Whether ``step`` of a loc is the tag of a discriminated union (pydantic names the member
    chosen, ``flag`` for ``{check: flag, ...}``) rather than the key ``step`` of ``mapping``: the
    tag is also the value of another key of it, and the next step is a key of ``mapping`` that the
    value under ``step`` does not have. (``{check: flag, flag: a, isset: false}`` named the
    unknown field ``flag``, did you mean ``flag``, instead of ``isset``.)"""
    if not isinstance(step, str) or not any(v == step for k, v in mapping.items() if k != step):
        return False
    inner = mapping[step]
    return _has_key(mapping, following) and not (isinstance(inner, dict) and _has_key(inner, following))


def _has_key(mapping: dict, step: Any) -> bool:
    try:
        return step in mapping
    except TypeError:
        return False


def _display_path(path: Iterable[Any]) -> str:
    out = ""
    for step in path:
        if isinstance(step, int):
            out += f"[{step}]"
        else:
            out += ("." if out else "") + str(step)
    return out


def _members(annotation: Any) -> list[Any]:
    """Flatten ``Annotated``, ``Optional`` and unions into their member types."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _members(typing.get_args(annotation)[0])
    if origin is typing.Union or type(annotation).__name__ == "UnionType":
        out: list[Any] = []
        for arg in typing.get_args(annotation):
            out.extend(_members(arg))
        return out
    return [annotation]


def _is_model(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, BaseModel)


def _field_names(model: type[BaseModel]) -> list[str]:
    return [f.alias or name for name, f in model.model_fields.items()]


def models_at(model: type[BaseModel], path: Iterable[Any]) -> list[type[BaseModel]]:
    """The model classes that may describe the mapping at ``path`` inside ``model``.

    Best effort over nested models, lists, tuples, dicts and unions; an empty
    list when the path leads somewhere else.
    """
    candidates: list[Any] = [model]
    for step in path:
        candidates = [a for annotation in candidates for tp in _members(annotation) for a in _step_into(tp, step)]
    return [tp for annotation in candidates for tp in _members(annotation) if _is_model(tp)]


_LISTS = (list, set, frozenset, tuple, Sequence)
_CONTAINERS = (*_LISTS, dict, Mapping)


def _step_into(tp: Any, step: Any) -> list[Any]:
    """The annotations of what ``step`` (a field name or alias, a list position, a mapping key)
    reaches inside a value of type ``tp`` (one member of a union); empty when it reaches nothing
    (or ``tp`` says nothing of what it holds)."""
    if _is_model(tp):
        if not tp.__pydantic_complete__:
            # a field naming a type defined later (a check's ``failure: list[Effect]``) is a
            # ForwardRef until the model is built, and led nowhere: `import` refused the
            # ``effects.0.failure.0.do`` column that `export csv` wrote
            tp.model_rebuild()
        return [f.annotation for name, f in tp.model_fields.items() if step in (name, f.alias)]
    origin = typing.get_origin(tp) or tp
    args = typing.get_args(tp)
    if origin in _LISTS and isinstance(step, int) and args:
        items = [a for a in args if a is not Ellipsis]
        return items[step:step + 1] if origin is tuple and Ellipsis not in args else items[:1]
    if origin in (dict, Mapping) and len(args) == 2:
        return [args[1]]
    return []


def _tags(model: type[BaseModel]) -> dict[str, Any]:
    """The one-value ``Literal`` fields of ``model``: the tags of a discriminated union
    (``behaviour: poison``, ``do: spawn``)."""
    return {name: typing.get_args(f.annotation)[0] for name, f in model.model_fields.items()
            if typing.get_origin(f.annotation) is typing.Literal and len(typing.get_args(f.annotation)) == 1}


def _tag_values(models: list[type[BaseModel]], data: Any) -> dict[str, Any]:
    """The tags of the first of ``models`` as written in ``data``."""
    return {k: data[k] for k in _tags(models[0]) if isinstance(data, dict) and _has_key(data, k)}


def _matching(models: list[type[BaseModel]], data: Any) -> list[type[BaseModel]]:
    """The ``models`` whose tags agree with the mapping ``data`` (the union member it
    chose); all of them when none agrees, so a bad tag still lists every field."""
    if not isinstance(data, dict):
        return models
    kept = [m for m in models
            if (tags := _tags(m)) and all(_has_key(data, k) and data[k] == v for k, v in tags.items())]
    return kept or models


def _value_at(data: Any, path: Iterable[Any]) -> Any:
    for step in path:
        data = data[step]
    return data


def _tag_problem(doc: LoadedDocument, error: Mapping[str, Any], resolved: PathKey) -> Problem:
    """An unknown or missing tag of a discriminated union (``behaviour: poisn``), at the tag,
    with the closest known one and the full list."""
    ctx = error.get("ctx") or {}
    key = str(ctx.get("discriminator", "")).strip("'")
    known = [t.strip().strip("'") for t in str(ctx.get("expected_tags", "")).split(",") if t.strip()]
    where = _display_path(resolved) or "document"
    if error.get("type") == "union_tag_not_found" or not known:
        return Problem.at(doc.locate(resolved), SCHEMA, Severity.ERROR,
                          f"{where}: missing field {key!r} naming what it is")
    tag = ctx.get("tag")
    try:  # pydantic's tag is the value's Python text: `behaviour: [a]` was "['a']", `true` 'True'
        shown = as_written(_value_at(doc.data, (*resolved, key)))
    except (KeyError, IndexError, TypeError):
        shown = repr(tag)
    suggestion = _close(str(tag), known)
    hint = f" (did you mean {suggestion!r}?)" if suggestion else ""
    return Problem.at(doc.locate((*resolved, key), value=True), UNKNOWN_VOCABULARY, Severity.ERROR,
                      f"unknown {key} {shown} in {where}{hint}; known: {', '.join(known)}")


def as_written(value: Any) -> str:
    """``value`` as the YAML that wrote it, for a message (text quoted, cut as :func:`_short`)."""
    return "(no value)" if value is None else _short(value) or yaml_text(value)


def _short(value: Any) -> str | None:
    """``value`` as a message shows it: a scalar as YAML writes it (``true``, ``2020-01-01``, text
    quoted), cut to ``_MAX_INPUT_SHOWN``; None for a list or mapping."""
    if isinstance(value, (dict, list)):
        return None
    text = repr(value) if isinstance(value, str) else yaml_text(value)
    return text if len(text) <= _MAX_INPUT_SHOWN else text[: _MAX_INPUT_SHOWN - 3] + "..."


def errors_to_problems(doc: LoadedDocument, model: type[BaseModel],
                       errors: Sequence[Mapping[str, Any]]) -> list[Problem]:
    """Turn pydantic ``ValidationError.errors()`` of ``doc`` into located problems (one per
    place and message: pydantic repeats an error once per union member)."""
    problems: list[Problem] = []
    seen: set[tuple[Any, ...]] = set()
    for error in errors:
        problem = _error_problem(doc, model, error)
        key = (problem.line, problem.column, problem.rule_id, problem.message)
        if key not in seen:
            seen.add(key)
            problems.append(problem)
    return problems


def _error_problem(doc: LoadedDocument, model: type[BaseModel], error: Mapping[str, Any]) -> Problem:
    """The located problem of one pydantic error."""
    loc = tuple(error.get("loc", ()))
    etype = error.get("type", "")
    resolved, rest = _resolve(doc.data, loc)
    if etype == "extra_forbidden":
        return _unknown_field_problem(doc, model, resolved, rest)
    if etype in ("union_tag_invalid", "union_tag_not_found"):
        return _tag_problem(doc, error, resolved)
    if etype == "missing":
        field = rest[-1] if rest else "?"
        if isinstance(field, int) and rest == [field] and resolved:  # a fixed pair or triple given too few
            given = _value_at(doc.data, resolved)
            count = f" and has {len(given)}" if isinstance(given, list) else ""
            return Problem.at(doc.locate(resolved, value=True), SCHEMA, Severity.ERROR,
                              f"{_display_path(resolved)} holds a fixed number of values{count}: value "
                              f"{field + 1} ({_display_path((*resolved, field))}) is missing")
        where = f" in {_display_path(resolved)}" if resolved else ""
        # at the enclosing mapping; where the field has a place of its own (a sheet's empty cell), there
        at = (*resolved, field) if rest else resolved
        return Problem.at(doc.locate(at), SCHEMA, Severity.ERROR, f"missing required field {field!r}{where}")
    return _value_problem(doc, error, resolved, rest)


def _unknown_field_problem(doc: LoadedDocument, model: type[BaseModel], resolved: tuple,
                           rest: Sequence[Any]) -> Problem:
    """A field the model does not know: the closest valid name, or what the fields are."""
    name = resolved[-1] if resolved else (rest[-1] if rest else "?")
    parent = resolved[:-1] if resolved else resolved
    candidates = _matching(models_at(model, parent), _value_at(doc.data, parent))
    valid = sorted({n for m in candidates for n in _field_names(m)})
    tags = _tag_values(candidates, _value_at(doc.data, parent)) if len(candidates) == 1 else {}
    # a field the model had once: why it went, not a near name ("did you mean 'group_xp'?")
    retired = next((why for m in candidates if (why := getattr(m, "retired_fields", {}).get(name))), None)
    if retired:
        where = f" in {_display_path(parent)}" if parent else ""
        return Problem.at(doc.locate(resolved), UNKNOWN_FIELD, Severity.ERROR,
                          f"{name!r}{where} is no longer a field: {retired}")
    return Problem.at(doc.locate(resolved), UNKNOWN_FIELD, Severity.ERROR,
                      _unknown_field_text(name, parent, valid, tags, _owners(candidates, name)))


def _owners(models: Iterable[type[BaseModel]], name: Any) -> list[str]:
    """The fields of ``models`` holding a mapping of fields (one model, not a list of them) that
    has a field ``name``: where a field written a level too high belongs (``paper`` at the top of
    a layout file is ``defaults.paper``)."""
    return sorted({field for model in models for field in _field_names(model)
                   if any(name in _field_names(inner) for inner in models_at(model, (field,)))})


def _unknown_field_text(name: Any, parent: Sequence[Any], valid: list[str], tags: Mapping[str, Any],
                        owners: Sequence[str] = ()) -> str:
    """The message of an unknown field ``name`` in the mapping at ``parent``: where it belongs when
    it is a field of one of the mappings of ``owners`` (fields of ``parent``), else the closest of
    the ``valid`` names, else what they are (``tags``: the union member's tags, when it is one)."""
    suggestion = _close(str(name), valid) if valid else None
    where = f" in {_display_path(parent)}" if parent else ""
    if owners:
        return (f"unknown field {name!r}{where}: it goes under {' or '.join(owners)} "
                f"({' or '.join(f'{owner}.{name}' for owner in owners)})")
    if suggestion:
        return f"unknown field {name!r}{where} (did you mean {suggestion!r}?)"
    if tags and set(valid) <= set(tags):
        return f"unknown field {name!r}{where}; {' '.join(map(str, tags.values()))} takes no parameters"
    if valid:
        return f"unknown field {name!r}{where}; valid fields: {', '.join(valid)}"
    return f"unknown field {name!r}{where}"


def field_path_problem(model: type[BaseModel], path: Sequence[str | int]) -> tuple[str, str] | None:
    """Why ``path`` (field names and list positions: ``("ability", "text")``, ``("attacks", 0,
    "dice")``) names no place in a document of ``model``, as ``(rule id, message)``; None when it
    may name one. Best effort, like :func:`models_at`: every member of a union counts, and any
    key of a mapping and anything under ``Any`` passes (the schema check judges those values)."""
    candidates: list[Any] = [model]
    for depth, step in enumerate(path):
        following: list[Any] = []
        models: list[type[BaseModel]] = []
        for annotation in candidates:
            for tp in _members(annotation):
                if tp is Any or tp is object or ((typing.get_origin(tp) or tp) in _CONTAINERS
                                                 and not typing.get_args(tp)):
                    return None
                if _is_model(tp):
                    models.append(tp)
                following += _step_into(tp, step)
        if following:
            candidates = following
            continue
        parent = _display_path(path[:depth]) or "the document"
        if models and isinstance(step, str):
            valid = sorted({n for m in models for n in _field_names(m)})
            tags = _tags(models[0]) if len(models) == 1 else {}
            return UNKNOWN_FIELD, _unknown_field_text(step, path[:depth], valid, tags)
        if models:
            return SCHEMA, f"{parent} holds fields, not a list: list position {step} names nothing in it"
        listed = any((typing.get_origin(tp) or tp) in _LISTS for a in candidates for tp in _members(a))
        if isinstance(step, int):  # a list takes any position: this is past the end of a fixed pair or one value
            held = "a fixed number of values" if listed else "one value, not a list"
            return SCHEMA, f"{parent} holds {held}: list position {step} names nothing in it"
        return SCHEMA, f"{parent} holds {'a list' if listed else 'one value'}, not fields: {step!r} names nothing in it"
    return None


def _bad_key(doc: LoadedDocument, error: Mapping[str, Any], steps: int) -> tuple[Any, PathKey, Location]:
    """A mapping key pydantic refused (the error's input) that YAML read as no text: the key, the
    path of the mapping holding it (the error's loc without its last ``steps``, which name the
    key as text or as 1) and where the key is written."""
    key = error.get("input")
    parent = _resolve(doc.data, tuple(error.get("loc", ()))[:-steps])[0]
    return key, parent, doc.locate((*parent, key_step(key)))


def _value_problem(doc: LoadedDocument, error: Mapping[str, Any], resolved: tuple, rest: Sequence[Any]) -> Problem:
    """A value the model refuses: the message, with what was written and a hint where one helps."""
    message = str(error.get("msg", "invalid value"))
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    if error.get("type") == "model_type":
        # "a valid dictionary or instance of TrapEffect": the model's class name means nothing here
        message = "Input should be a mapping of fields (key: value)"
    if error.get("type") in ("too_short", "too_long"):
        # "List should have at least 1 item after validation, not 0": the list as written
        message = message.replace(" after validation", "")
    if error.get("type") == "string_pattern_mismatch":
        message = _PATTERN_WORDS.get(str((error.get("ctx") or {}).get("pattern")), message)
    if message.startswith("Keys should be strings"):
        # pydantic's loc names the key as text (`true` as 1, an empty key as 'None'), which may
        # resolve to nothing or to the wrong key: the key itself is the error's input
        key, parent, where_key = _bad_key(doc, error, 1)
        written = "an empty key" if key is None else f"key {str(key).lower() if isinstance(key, bool) else key}"
        where = f" in {_display_path(parent)}" if parent else ""
        return Problem.at(where_key, SCHEMA, Severity.ERROR, f"{written}{where} is not text; field names are strings")
    at_key = bool(rest) and rest[-1] == "[key]"  # a bad mapping key: point at the key, not its value
    if at_key and not isinstance(error.get("input"), str):
        # a key YAML read as no text (`true:`, an empty key), which loc names as text or as 1
        key, parent, where_key = _bad_key(doc, error, 2)
        shown = "an empty key" if key is None else str(key).lower() if isinstance(key, bool) else repr(key)
        return Problem.at(where_key, SCHEMA, Severity.ERROR,
                          f"{_display_path(parent) or 'document'}: {message} (got {shown})")
    rule = DICE_EXPRESSION if "dice expression" in message else SCHEMA
    text = f"{_display_path(resolved) or 'document'}: {message}" + _value_hints(error, message, rule,
                                                                              bool(resolved))
    return Problem.at(doc.locate(resolved, value=not at_key), rule, Severity.ERROR, text)


def _value_hints(error: Mapping[str, Any], message: str, rule: str, resolved: bool) -> str:
    """What follows a refused value's message: the value as written, the closest allowed word,
    why YAML read text as a number."""
    etype = error.get("type", "")
    value = error.get("input")
    text = ""
    shown = _short(value) if etype not in ("model_type", "dict_type") else None
    if isinstance(value, (_dt.date, _dt.datetime)):
        shown = value.isoformat()
    if value is None and resolved and "input" in error:
        # `name:` with nothing after it; "got None" means nothing to a designer.
        shown = "an empty value: write one after the colon"
    if shown is not None and shown not in message and rule == SCHEMA and resolved:
        text += f" (got {shown})"
    if etype == "literal_error" and isinstance(value, str):
        written = [v.strip() for v in str((error.get("ctx") or {}).get("expected", ""))
                   .replace(" or ", ", ").split(",")]
        if value.strip() in written:  # `rotation: "90"`: the number 90 quoted, not the word '90'
            return text + _QUOTED_NUMBER
        suggestion = _close(value, [k.strip("'") for k in written if k])
        if suggestion:
            text += f"; did you mean {suggestion!r}?"
    if etype in ("int_type", "float_type", "bool_type") and isinstance(value, str):
        text += _quoted_hint(value, etype)
    if etype == "string_type" and isinstance(value, (int, float, _dt.date)):
        # One hint for `version: 1.0` and `version: !!int "5"`: a tag forces the type even
        # inside quotes, so "quote it" alone misled whoever had already quoted the value.
        text += ("; YAML read it as a number, boolean or date: to make it text, write it in quotes"
                 " and without a type tag such as !!int")
    return text


_QUOTED_NUMBER = "; in quotes it is text: write the number without quotes"


def _quoted_hint(value: str, etype: str) -> str:
    """Why text was refused where a number or a switch goes: quoted (``bleed_mm: "3"``), or a
    switch written as YAML 1.1 wrote it (``yes``, read as text by YAML 1.2)."""
    if etype == "bool_type":
        if value.strip().lower() in ("true", "false"):
            return "; in quotes it is text: write true or false without quotes"
        if value.strip().lower() in ("yes", "no", "on", "off", "y", "n"):
            return "; write true or false (YAML reads yes, no, on and off as text)"
        return ""
    try:
        float(value)
    except ValueError:
        return ""
    return _QUOTED_NUMBER


def first_error(exc: ValidationError) -> str:
    """The first error of a JSON file checked against a model, at its dotted key
    (``at key setup.monsters: ...``), with how many more there are: for files doria-forge wrote
    and reads back (a saved game, a ``--baseline`` report), which have no YAML lines."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    key = ".".join(str(part) for part in first["loc"]) or "(top)"
    # A model's own name ("a valid dictionary or instance of SavedPack") means nothing to a user.
    message = ("Input should be a JSON object" if first["type"] == "model_type"
               else str(first["msg"]).removeprefix("Value error, "))
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return f"at key {key}: {message}{more}"


def check_document(
    doc: LoadedDocument,
    kinds: Mapping[str, type[M]],
    claimed: Mapping[str, frozenset[str]] | None = None,
) -> tuple[M | None, list[Problem]]:
    """Validate one loaded document against ``kinds[data["kind"]]``.

    ``claimed`` maps a kind to top-level keys that a lint rule reports with a
    clearer message (``monster_level`` carrying ``range``); they are dropped
    before validation so the document still counts as valid for other rules.

    Returns the model instance (None when invalid) and the problems found.
    """
    data = doc.data
    if not isinstance(data, dict):
        return None, []  # the loader already reported non-mapping roots
    valid_kinds = ", ".join(sorted(kinds))
    if "kind" not in data:
        return None, [Problem.at(doc.root, SCHEMA, Severity.ERROR,
                                 f"missing required field 'kind' (one of: {valid_kinds})")]
    kind = data["kind"]
    if not isinstance(kind, str) or kind not in kinds:
        suggestion = _close(kind, kinds) if isinstance(kind, str) else None
        hint = f" (did you mean {suggestion!r}?)" if suggestion else ""
        # as written: `kind: [trap]` said "unknown kind list", `kind: true` "unknown kind True"
        shown = as_written(kind)
        return None, [Problem.at(doc.locate(("kind",), value=True), UNKNOWN_KIND, Severity.ERROR,
                                 f"unknown kind {shown}{hint}; valid kinds: {valid_kinds}")]
    model = kinds[kind]
    drop = (claimed or {}).get(kind, frozenset()) - set(_field_names(model)) - set(model.model_fields)
    if drop:
        data = {k: v for k, v in data.items() if k not in drop}
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, errors_to_problems(doc, model, exc.errors(include_url=False))
    except RecursionError:
        return None, [Problem.at(doc.root, SCHEMA, Severity.ERROR, "document nested too deeply to validate")]
    except Exception as exc:  # noqa: BLE001 - a model validator that raised something else
        return None, [Problem.at(doc.root, SCHEMA, Severity.ERROR,
                                 f"could not validate {kind}: {type(exc).__name__}: {exc}")]
