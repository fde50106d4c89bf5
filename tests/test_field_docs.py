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


def _all_descriptions():
    from doria_forge.model.reference import _all_models, description_of

    for model in _all_models():
        for name, field in model.model_fields.items():
            yield model, name, field, description_of(model, name, field)


def test_every_field_has_a_sentence_of_its_own() -> None:
    """Issue 23: 35 `text` fields and the scenario's goal, goals, rules, escape, rewards and balance
    took a sentence of their class's or module's docstring instead of saying what they do. Every
    field is described by its own string (or, for the one-value `kind`/`on`/`do`... tags, the
    generated 'Always ...' sentence)."""
    borrowed = []
    for model, name, field, text in _all_descriptions():
        own = field.description or field_doc(model, name)
        if not own and not text.startswith("Always `"):
            borrowed.append(f"{model.__name__}.{name}: {text[:50]}")
    assert borrowed == []


def test_no_description_is_repeated_across_different_fields() -> None:
    """The same sentence may describe the same field of several kinds (`id`, `source`, a goal's
    `text`), never two different fields."""
    names: dict[str, set[str]] = {}
    for _model, name, _, text in _all_descriptions():
        names.setdefault(text, set()).add(name)
    repeated = {text[:60]: sorted(fields) for text, fields in names.items() if len(fields) > 1}
    assert repeated == {}


def test_every_field_has_an_example() -> None:
    from doria_forge.model.reference import missing_documentation

    assert missing_documentation() == []
