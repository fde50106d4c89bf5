"""Field descriptions from the string written right under each field, read only when shown.

The models document a field with the string under it (an attribute docstring)::

    range: int = 1
    \"\"\"Reach in squares.\"\"\"

pydantic can read these itself (``use_attribute_docstrings``), but it re-reads every class's
source while the class is built: about 0.12 s of each command's start-up, for text that only
the JSON Schemas, the field reference and ``doria-forge abilities`` show. Here each module's
source is parsed once, on the first request, and the strings are added to a model's JSON
Schema by a ``json_schema_extra`` hook (see ``common.Strict``). The result is the same as
pydantic's: a field's ``Field(description=...)`` wins; otherwise the string under the field in
the class that declares it (an inherited field keeps its parent's string, a field redeclared
without one has none).
"""

from __future__ import annotations

import ast
import inspect
import sys
from functools import cache
from typing import Any

from pydantic import BaseModel


@cache
def _module_docs(module_name: str) -> dict[str, dict[str, str]]:
    """``{class qualname: {field name: string under it}}`` of every class in a module's source
    (``{}`` when the source cannot be read, e.g. a frozen install)."""
    try:
        source = inspect.getsource(sys.modules[module_name])
    except (KeyError, OSError, TypeError):
        return {}
    out: dict[str, dict[str, str]] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                qualname = prefix + node.name
                out[qualname] = {
                    stmt.target.id: inspect.cleandoc(after.value.value)
                    for stmt, after in zip(node.body, node.body[1:], strict=False)
                    if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
                    and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)
                    and isinstance(after.value.value, str)
                }
                visit(node.body, qualname + ".")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(node.body, f"{prefix}{node.name}.<locals>.")

    visit(ast.parse(source).body, "")
    return out


def field_doc(model: type[BaseModel], name: str) -> str | None:
    """The string under field ``name`` in the class of ``model``'s MRO that declares the field,
    or ``None``. ``name`` is the Python field name (not its alias)."""
    for cls in model.__mro__:
        if name in cls.__dict__.get("__annotations__", {}):
            return _module_docs(cls.__module__).get(cls.__qualname__, {}).get(name)
    return None


def describe_fields(schema: dict[str, Any], model: type[BaseModel]) -> None:
    """``json_schema_extra`` hook: give each property of ``model``'s JSON Schema whose field has
    no ``Field(description=...)`` the string under the field, if any. Changes ``schema`` in place."""
    properties = schema.get("properties", {})
    for name, field in model.model_fields.items():
        key = field.alias or name
        if field.description is None and key in properties:
            doc = field_doc(model, name)
            if doc:
                properties[key]["description"] = doc
