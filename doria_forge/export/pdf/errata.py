"""The errata sheet of ``export pdf --changed-since OLD``: what changed since the old version, with
the pack's version, as a page (or pages) beside the reprinted cards.

It lists every card added, changed (each changed field with its old and new value) and removed
(:class:`doria_forge.commands.diff.PackDiff`), headed by the pack's name and version and the
version it is compared with, so a printed errata sheet says which printing it corrects. It prints
in the edition being printed (``export pdf --lang de --changed-since OLD``): the cards' names in
it (:func:`~doria_forge.i18n.tr`), its own words from :data:`~doria_forge.i18n.LABELS`; the changed
fields and their values are the YAML's, as written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from doria_forge.i18n import t, tr
from doria_forge.model import ContentPack

from .layout import SheetLayout
from .scenario import markdown_flowables, write_booklet

ERRATA_FILE = "errata.pdf"


def errata_markdown(pack: ContentPack, since: str, changes: Any) -> str:
    """The sheet as the Markdown subset the booklet sets: a title, then the changes (``changes`` is a
    ``PackDiff``), in the edition being printed. Names are the cards' printed names, kind and id in
    brackets; a removed card's name is the old version's."""
    def document(kind: str, doc_id: str) -> Any:
        return changes.removed_documents.get((kind, doc_id)) or pack.get(kind, doc_id)

    def name(kind: str, doc_id: str) -> str:
        doc = document(kind, doc_id)
        shown = tr(doc, "name") if doc is not None else doc_id
        if kind == "monster_level" and doc is not None:
            # a Monster Level Card prints its monster's name and its level, not its own English name
            monster = document("monster", doc.monster)
            shown = f"{tr(monster, 'name') if monster is not None else doc.monster} · {t('Level')} {doc.level}"
        what = f"{t(kind.replace('_', ' '))} {doc_id}"
        return f"{shown} ({what})" if shown != doc_id else what

    lines = [f"# {t('Errata')}: {pack.info.display_name} {pack.info.version}", "",
             t("Changes since {since}: {changed} changed, {added} added, {removed} removed.").format(
                 since=since, changed=len(changes.changed), added=len(changes.added), removed=len(changes.removed)),
             ""]
    if changes.changed:
        lines += [f"## {t('Changed')}", ""]
        for (kind, doc_id), fields in changes.changed.items():
            lines.append(f"- **{name(kind, doc_id)}**")
            lines += [f"  - {c.field}: {_shown(c.old)} → {_shown(c.new)}" for c in fields]
        lines.append("")
    for title, keys in (("Added", changes.added), ("Removed", changes.removed)):
        if keys:
            lines += [f"## {t(title)}", ""] + [f"- {name(kind, doc_id)}" for kind, doc_id in keys] + [""]
    reprinted = sorted(getattr(changes, "reprinted", ()))
    if reprinted:
        lines += [f"## {t('Reprinted')}", "",
                  t("Unchanged themselves, these cards print a changed card's name or values:"), ""]
        lines += [f"- {name(kind, doc_id)}" for kind, doc_id in reprinted] + [""]
    return "\n".join(lines)


def _shown(value: Any) -> str:
    if value is None:
        return t("(none)")
    import json

    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 160 else text[:157] + "..."


def write_errata(path: Path, pack: ContentPack, since: str, changes: Any, layout: SheetLayout) -> Path:
    """Write the errata sheet of ``pack`` (see the module docstring) to ``path``, atomically."""
    story = markdown_flowables(errata_markdown(pack, since, changes))
    return write_booklet(path, story, layout, f"{pack.info.display_name} {pack.info.version}: {t('Errata')}",
                         f"{pack.info.display_name} {pack.info.version}: {t('errata')}")
