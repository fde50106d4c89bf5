"""Field descriptions come from the string under each field, read on demand
(``doria_forge.model.field_docs``), with pydantic's precedence: ``Field(description=...)``
first, then the string in the class that declares the field."""

from __future__ import annotations

from pydantic import Field

from doria_forge.model.common import Strict
from doria_forge.model.field_docs import field_doc
from doria_forge.model.monster import Monster


class Parent(Strict):
    reach: int = 1
    """Reach in squares."""
    name: str = "x"
    """The parent's name."""
    speed: int = Field(2, description="From Field.")
    """Ignored: Field's description wins."""


class Child(Parent):
    name: str = "y"
    extra: bool = False
    """Only on the child."""


def test_strings_under_fields_become_schema_descriptions() -> None:
    props = Child.model_json_schema()["properties"]
    assert props["reach"]["description"] == "Reach in squares."  # inherited from Parent
    assert props["extra"]["description"] == "Only on the child."
    assert props["speed"]["description"] == "From Field."
    assert "description" not in props["name"]  # redeclared without a string: none, as pydantic does


def test_field_doc_reads_the_declaring_class() -> None:
    assert field_doc(Child, "reach") == "Reach in squares."
    assert field_doc(Parent, "name") == "The parent's name."
    assert field_doc(Child, "name") is None
    assert field_doc(Child, "missing") is None


def test_real_models_keep_their_descriptions() -> None:
    props = Monster.model_json_schema()["properties"]
    assert props["id"]["description"].startswith("Unique id within its kind")
    assert all(p.get("description") for name, p in props.items() if name != "kind"), \
        [name for name, p in props.items() if not p.get("description")]
