"""Every printed text has its translation in each language the pack is written for.

A pack lists its editions in its manifest (``languages: [en, de]``); English is the base text.
For every other language, each printed text of the pack's own documents (a field ``X`` with a
translation field beside it: ``name``/``name_de``, ``text``/``text_de``, ``ability.text``/
``ability.text_de``, ``end_condition``/``end_condition_de``) that is written in English needs its
translation too, else ``export pdf --lang de`` prints the English text on a German card: a
**warning** at the English text, naming the field to add. A pack written only in English
(``languages: [en]``, the default) is not checked.

Passing::

    # pack.yaml: languages: [en, de]
    kind: monster
    id: orc
    name: Orc
    name_de: Ork

Failing::

    # pack.yaml: languages: [en, de]
    kind: monster
    id: orc
    name: Orc                  # no name_de: the German card would say "Orc"
"""

from __future__ import annotations

from collections.abc import Iterable

from ...i18n import LANGUAGE_NAMES, holder_at, translatable, translated_field
from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..source_map import SourceMap

ID = "missing-translation"
SEVERITY = Severity.WARNING


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    languages = [lang for lang in pack.info.languages if lang != "en"]
    if not languages:
        return
    for document in pack:
        if not pack.is_own(document.kind, document.id):
            continue
        for path, field in translatable(document):
            holder = holder_at(document, path)
            if not getattr(holder, field, None):
                continue
            for lang in languages:
                other = translated_field(field, lang)
                if getattr(holder, other, None):
                    continue
                where = ".".join(str(p) for p in (*path, field))
                yield source_map.problem(
                    document.kind, document.id, (*path, field), ID, SEVERITY,
                    f"{where} has no {LANGUAGE_NAMES[lang]} text: add {'.'.join(str(p) for p in (*path, other))} "
                    f"(the pack is written for {', '.join(pack.info.languages)}; the English text prints instead)",
                    value=True,
                )
