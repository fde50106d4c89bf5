"""JSON Schema of every content kind, generated from the models (never written by hand)."""

from __future__ import annotations

import json
from pathlib import Path

from doria_forge.fsutil import atomic_write_text

from . import KINDS


def schema_texts() -> dict[str, str]:
    """``{file name: JSON Schema text}`` for every kind, e.g. ``monster.schema.json``."""
    out = {}
    for kind, model in sorted(KINDS.items()):
        schema = model.model_json_schema()
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["$id"] = f"https://doria-forge.invalid/schemas/{kind}.schema.json"
        out[f"{kind}.schema.json"] = json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    return out


def write_schemas(folder: Path) -> list[Path]:
    """Write every kind's schema into ``folder``; remove stale ``*.schema.json`` files. Returns paths written."""
    folder = Path(folder)
    texts = schema_texts()
    written = [atomic_write_text(folder / name, text) for name, text in texts.items()]
    for old in folder.glob("*.schema.json"):
        if old.name not in texts:
            old.unlink()
    return written


def stale_schemas(folder: Path) -> list[str]:
    """Names of schema files in ``folder`` that are missing, differ from the models, or are obsolete."""
    folder = Path(folder)
    texts = schema_texts()
    stale = [n for n, t in texts.items() if not (folder / n).exists() or (folder / n).read_text(encoding="utf-8") != t]
    stale += [p.name for p in folder.glob("*.schema.json") if p.name not in texts]
    return sorted(stale)
