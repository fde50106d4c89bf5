"""Patches: errata an expansion applies to content of a pack it requires.

A pack that ``requires`` another may change its content in two ways: a document with the same
``kind`` and ``id`` **replaces** the required pack's document whole; a ``patch`` document changes
only the fields it names (``changes``), leaving the rest as the required pack has it. The patched
document is validated like any other, and problems in the changed fields point at the patch.
"""

from typing import Annotated, Any, Literal

from pydantic import Field

from .common import KIND_ID_PATTERN, Document


class Patch(Document):
    """Errata for one document of a required pack: ``target`` is ``KIND/ID`` (``monster_level/orc-2``),
    ``changes`` the fields to change with their new values. A mapping value changes the named keys
    inside that field; any other value (a number, a text, a list) replaces the field's value. ``kind``
    and ``id`` cannot change. ``note`` says why (printed nowhere; ``validate`` shows it)."""

    kind: Literal["patch"] = "patch"
    target: Annotated[str, Field(pattern=KIND_ID_PATTERN, max_length=100, examples=["monster_level/orc-2"],
                                 description="The document to change, as KIND/ID of a required pack.")]
    changes: dict[str, Any] = Field(
        min_length=1, examples=[{"attack": "3D+1", "hit_points": 2}],
        description="Fields of the target to change, with their new values (mappings change key by key).")
    note: str = Field("", max_length=500, examples=["Errata: the level 2 Orc hit too hard."],
                      description="Why the change is made.")

    @property
    def target_key(self) -> tuple[str, str]:
        """``(kind, id)`` of the target."""
        kind, _, doc_id = self.target.partition("/")
        return kind, doc_id
