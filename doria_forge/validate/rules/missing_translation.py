"""Every printed text has its translation in each language the pack is written for.

A pack lists its editions in its manifest (``languages: [en, de]``); English is the base text.
For every other language, each printed text of the pack's own documents (a field ``X`` with a
translation field beside it: ``name``/``name_de``, ``text``/``text_de``, ``ability.text``/
``ability.text_de``, ``end_condition``/``end_condition_de``; a scenario's ``story``/``story_de``,
a rule's ``text``/``text_de``, ``setup.notes``/``setup.notes_de`` line by line) that is written
in English needs its translation too, else ``export pdf --lang de`` prints the English text on a
German card or scenario page: a **warning** at the English text, naming the field to add. A
scenario's own flags and markers (``nest_burned``, ``nest``) need their German names in its
``names_de`` map, else the German booklet prints them as written inside its German sentences: a
warning at the first word naming one. A pack written only in English
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

from collections.abc import Iterable, Iterator, Sequence

from ...i18n import LANGUAGE_NAMES, holder_at, missing, translatable, translated_field
from ...load.problem import Problem, Severity
from ...model import ContentPack, Scenario
from ...model.words.common import label
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
            for lang in languages:
                other = ".".join(str(p) for p in (*path, translated_field(field, lang)))
                for line in missing(holder, field, lang):
                    where = (*path, field, *line)
                    add = f"add line {line[0] + 1} to {other}" if line else f"add {other}"
                    yield source_map.problem(
                        document.kind, document.id, where, ID, SEVERITY,
                        f"{'.'.join(str(p) for p in where)} has no {LANGUAGE_NAMES[lang]} text: {add} (the pack is "
                        f"written for {', '.join(pack.info.languages)}; the English text prints instead)",
                        value=True,
                    )
        if isinstance(document, Scenario):
            yield from _names(document, languages, source_map)


def _names(scenario: Scenario, languages: Sequence[str], source_map: SourceMap) -> Iterator[Problem]:
    """A warning for each of the scenario's own flags and markers its ``names_de`` leaves out."""
    for lang in languages:
        field = translated_field("names", lang)
        given = getattr(scenario, field, None) or {}
        for name, (what, path) in scenario.own_names().items():
            if name not in given:
                yield source_map.problem(
                    "scenario", scenario.id, path, ID, SEVERITY,
                    f"the {what} {name} has no {LANGUAGE_NAMES[lang]} name: add {name}: ... to the scenario's "
                    f"{field} (the {LANGUAGE_NAMES[lang]} booklet prints \"{label(name)}\" instead)",
                )
