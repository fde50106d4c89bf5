"""JSON Schema of every content kind, and of every ``--format json`` output (``output/``),
generated from the models (never written by hand).

Besides one schema per kind (``monster.schema.json``...), ``doria.schema.json`` accepts any
document by its ``kind``: for each kind an ``if kind is K then the schema of K`` branch, so an
editor (yaml-language-server in VS Code, for example) checks every document of a multi-document
file against its own kind and reports the mistake at the field, not "matches no schema".

``doria.schema.json`` carries the version of doria-forge that wrote it and a digest of the rest
of it in its ``$comment`` (:mod:`doria_forge.model.schema_stamp`): a pack holds a copy of it
(``new pack``), and ``validate`` tells from the stamp that an upgrade of doria-forge, or a change
of the models at the same version, left the copy behind (making the schema again only when the
models' source changed: ``validate.editor_schema``).

Every other discriminated union (a monster's ``behaviours``, a scenario's triggers, conditions,
effects and goals) is written the same way (:func:`keyed_unions`): its key (``behaviour``,
``on``, ``check``, ``do``, ``goal``) must be one of the known words, and only the branch that word
chooses applies. A misspelt ``behaviour: poisn`` is then one error at the word, not also "missing
property" errors from every behaviour it was tried against.
"""

from __future__ import annotations

import errno
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from doria_forge.infra.fsutil import atomic_write_text, written_together

from . import KINDS
from .schema_stamp import ANY_KIND, SCHEMA_ID, schema_digest, stamp

DRAFT = "https://json-schema.org/draft/2020-12/schema"


OUTPUT_FOLDER = "output"
"""Subfolder of ``schemas/`` for the schemas of the ``--format json`` outputs (``model.outputs``)."""


def output_schema_texts() -> dict[str, str]:
    """``{file name: JSON Schema text}`` of every output (``validate.schema.json``...), each with
    its ``format`` version in its ``$id``."""
    from .outputs import OUTPUT_FORMAT, OUTPUTS

    return {f"{name}.schema.json": _model_schema(model, f"{OUTPUT_FOLDER}/{name}/v{OUTPUT_FORMAT}.schema.json")
            for name, model in sorted(OUTPUTS.items())}


def schema_texts(extra: dict[str, dict] | None = None) -> dict[str, str]:
    """``{file name: JSON Schema text}`` for every kind, e.g. ``monster.schema.json``, and for each
    ``extra`` schema by its file name (the layout files' schema, from the export layer)."""
    out = {f"{kind}.schema.json": _model_schema(model, f"{kind}.schema.json") for kind, model in sorted(KINDS.items())}
    out[ANY_KIND] = any_kind_text()
    for name, schema in (extra or {}).items():
        out[name] = _text({"$schema": DRAFT, "$id": SCHEMA_ID.format(name=name), **keyed_unions(schema)})
    return out


def _model_schema(model: type[BaseModel], name: str) -> str:
    """The JSON Schema text of a pydantic ``model``, with the draft and the ``$id`` of ``name``."""
    schema = keyed_unions(model.model_json_schema())
    schema["$schema"] = DRAFT
    schema["$id"] = SCHEMA_ID.format(name=name)
    return _text(schema)


def _text(schema: dict) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def keyed_unions(schema: Any) -> Any:
    """``schema`` with every ``oneOf`` that pydantic marks with a ``discriminator`` rewritten as
    ``key: enum of the words`` plus one ``if key is W then its schema`` branch per word (see the
    module docstring). Returns a new schema; ``schema`` is not changed."""
    if isinstance(schema, list):
        return [keyed_unions(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: keyed_unions(value) for key, value in schema.items()}
    discriminator = out.get("discriminator")
    if isinstance(discriminator, dict) and "oneOf" in out and isinstance(discriminator.get("mapping"), dict):
        key, mapping = discriminator["propertyName"], discriminator["mapping"]
        del out["discriminator"], out["oneOf"]
        out.update({
            "type": "object",
            "required": [key],
            "properties": {key: {"enum": list(mapping)}},
            "allOf": [{"if": {"properties": {key: {"const": word}}, "required": [key]}, "then": {"$ref": ref}}
                      for word, ref in mapping.items()],
        })
    return out


def any_kind_text() -> str:
    """The text of ``doria.schema.json`` (see :func:`any_kind_schema`)."""
    return _text(any_kind_schema())


def any_kind_schema() -> dict:
    """One schema for a document of any kind: ``kind`` is required and one of the kinds; an
    ``if``/``then`` branch per kind applies that kind's model (a discriminated union written so
    that validators report the field that is wrong rather than every kind it does not match).
    Stamped (``$comment``) with the version and :func:`any_kind_digest`."""
    body = _any_kind_body()
    return {"$comment": stamp(schema_digest(_text(body))), **body}


def any_kind_digest() -> str:
    """The digest of ``doria.schema.json`` as this doria-forge writes it (the one in its stamp)."""
    return schema_digest(_text(_any_kind_body()))


def _any_kind_body() -> dict:
    """:func:`any_kind_schema` without its stamp."""
    kinds = sorted(KINDS.items())
    refs, shared = models_json_schema([(model, "validation") for _, model in kinds],
                                      ref_template="#/$defs/{model}")
    branches = [
        {"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
         "then": refs[(model, "validation")]}
        for kind, model in kinds
    ]
    return {
        "$schema": DRAFT,
        "$id": SCHEMA_ID.format(name=ANY_KIND),
        "title": "Dungeons of Doria content document",
        "description": "Any document of a doria-forge content pack; its `kind` chooses the schema that applies.",
        "type": "object",
        "required": ["kind", "id"],
        "properties": {"kind": {"enum": [kind for kind, _ in kinds], "description": "What the document is."}},
        "allOf": branches,
        "$defs": keyed_unions(shared.get("$defs", {})),
    }


def write_schemas(folder: Path, extra: dict[str, dict] | None = None) -> list[Path]:
    """Write every kind's schema (and ``extra``, see :func:`schema_texts`) and every output's
    (``output/``) into ``folder``, all of them or, when one cannot be written, none; then remove
    stale ``*.schema.json`` files. Returns paths written. Raises OSError naming a file that cannot
    be written."""
    folder = Path(folder)
    texts, outputs, sub = schema_texts(extra), output_schema_texts(), folder / OUTPUT_FOLDER
    # a folder in the place of one schema stopped the writing there, the files before it new
    # and those after it old: a schemas/ folder that matched no version of the models
    with written_together(folder):
        written = [atomic_write_text(folder / name, text) for name, text in texts.items()]
        written += [atomic_write_text(sub / name, text) for name, text in outputs.items()]
    for old in folder.glob("*.schema.json"):
        if old.name not in texts:
            old.unlink()
    for old in sub.glob("*.schema.json"):
        if old.name not in outputs:
            old.unlink()
    return written


def stale_schemas(folder: Path, extra: dict[str, dict] | None = None) -> list[str]:
    """Names of schema files in ``folder`` that are missing, differ from the models (and ``extra``),
    or are obsolete. Raises OSError naming a schema file that cannot be read or is no regular file
    (a FIFO of that name is refused, not waited on)."""
    folder = Path(folder)
    texts = schema_texts(extra)
    stale = [n for n, t in texts.items() if _current(folder / n) != t]
    stale += [p.name for p in folder.glob("*.schema.json") if p.name not in texts]
    outputs, sub = output_schema_texts(), folder / OUTPUT_FOLDER
    stale += [f"{OUTPUT_FOLDER}/{n}" for n, t in outputs.items() if _current(sub / n) != t]
    stale += [f"{OUTPUT_FOLDER}/{p.name}" for p in sub.glob("*.schema.json") if p.name not in outputs]
    return sorted(stale)


def _current(path: Path) -> str | None:
    """The text of schema file ``path``, None when there is none (or it is not UTF-8: stale).
    Raises OSError naming ``path`` when it cannot be read or is no regular file."""
    from doria_forge.load.files import PackFileError, read_confined

    if not path.exists():
        return None
    try:
        raw = read_confined(path, None)
    except PackFileError as exc:
        raise OSError(errno.EINVAL, exc.problem.message, str(path)) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
