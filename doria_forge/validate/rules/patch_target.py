"""A ``patch`` document changes content of a pack this pack requires.

Patches (errata) are applied while the packs are merged (:mod:`doria_forge.validate.packs`);
a pack that requires no other pack has nothing to patch, so a patch there would change nothing
and its change would silently be lost: an **error** at its ``target``. (With ``requires``, a
patch whose target is missing is reported while merging.)

Passing::

    # frost/pack.yaml: requires: [doria-base]
    kind: patch
    id: orc-2-errata
    target: monster_level/orc-2
    changes: {attack: 3D+1}

Failing::

    # a pack without requires
    kind: patch
    id: orc-2-errata
    target: monster_level/orc-2          # edit monster_level orc-2 directly instead
    changes: {attack: 3D+1}
"""

from __future__ import annotations

from collections.abc import Iterable

from ...load.problem import Problem, Severity
from ...model import ContentPack
from ...model.patch import Patch
from ..source_map import SourceMap

ID = "patch-target"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for patch in pack.of(Patch).values():
        yield source_map.problem(
            "patch", patch.id, ("target",), ID, SEVERITY,
            f"patch {patch.id} changes {patch.target}, but this pack requires no other pack: a patch applies to "
            "content of a required pack (add `requires:` to pack.yaml, or edit the document directly)",
            value=True,
        )
