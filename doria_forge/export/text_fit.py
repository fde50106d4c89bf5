"""Card texts that do not fit their card, found before printing (rule ``card-text-fit``).

``validate`` runs this check on the pack's own cards in each language the pack is written for
(``languages`` of its manifest), with the project's print layout (card size of each deck): the
title and the text of every card front are measured with the PDF's own fitting code
(:func:`doria_forge.export.pdf.text.fits`, the sizing :func:`~doria_forge.export.pdf.text.fit_paragraph`
draws with) in the regions the card face gives them (:func:`~doria_forge.export.pdf.card_regions.text_blocks`).
A text that does not fit even at the smallest type (6 pt) would print cut with an ellipsis: a
**warning** at the field holding the text in that language (``text``, ``text_de``,
``ability.text``...), so it can be shortened before anything is printed. ``preflight`` checks
everything else a print shop needs (lines, the safe zone) by drawing every face.

Measuring needs the fonts' width tables and the card's regions (well under a tenth of a second
to load and measure the shipped pack; neither reportlab nor the drawing code is loaded). So the cache folder
(``doria_forge.infra.fsutil.cache_dir``) remembers, at two levels, under keys of everything they depend on:

- the findings of a whole pack (its content and own documents, the layout file, the languages and
  the source of the printing code): an unchanged pack is not looked at again;
- which regions of each card front do not fit (under a key of its
  :class:`~doria_forge.export.pdf.spec.CardSpec`, the card size and the source of the printing
  code; one file per pack and project): after an edit only the cards whose fronts changed are
  measured, and an edit that changes no card front (a scenario, the rules, a Room Tile) loads no
  PDF code at all.

Findings are located afresh each time, so moving a text keeps its warning in place.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doria_forge.i18n import LANGUAGE_NAMES, holder_at, language, tr, translatable, translated_field
from doria_forge.infra.fsutil import atomic_write_text, python_files, source_digest
from doria_forge.load import Location, Problem, Severity
from doria_forge.model import ContentPack, RoomTile

from .pdf.widths import table_files

if TYPE_CHECKING:  # pragma: no cover
    from .layouts import LayoutFile
    from .pdf.layout import FaceBox
    from .pdf.spec import CardSpec


ID = "card-text-fit"
SEVERITY = Severity.WARNING


def _holders(document: Any) -> Iterator[tuple[tuple[str | int, ...], Any, str]]:
    """``(path, model holding the field, field)`` of every translatable text of ``document``."""
    for path, field in translatable(document):
        yield path, holder_at(document, path), field


def _blamed(pack: ContentPack, kind: str, doc_id: str, region: str, shown: str,
            lang: str) -> tuple[str, str, tuple[str | int, ...]]:
    """``(kind, id, field path)`` of the text a card region printed: for the title the document's
    name, for the text the longest translatable text of the document found in it. A Monster Level
    Card prints its monster's name and texts."""
    document = pack.get(kind, doc_id)
    if kind == "monster_level" and document is not None and getattr(document, "monster", "") in pack.monsters:
        kind, doc_id = "monster", document.monster  # type: ignore[attr-defined]
        document = pack.monsters[doc_id]
    best: tuple[int, tuple[str | int, ...]] = (-1, ())
    for path, holder, field in _holders(document):
        value = tr(holder, field, lang).strip()
        if not value or (region == "title") != (field == "name") or value not in shown:
            continue
        written = translated_field(field, lang) if getattr(holder, translated_field(field, lang), None) else field
        if len(value) > best[0]:
            best = (len(value), (*path, written))
    return kind, doc_id, best[1]


Finding = tuple[str, str, tuple[str | int, ...], str, list[str], list[str]]
"""``(kind, id, field path, region, card refs, languages)`` of one text that does not fit."""

CACHE_FORMAT = "text-fit-v3"
_CODE = Path(__file__).resolve().parent
_CODE_FILES = tuple(_CODE / name for name in (
    "text_fit.py", "layouts.py", "pdf/card.py", "pdf/card_regions.py", "pdf/spec.py", "pdf/layout.py", "pdf/faces.py",
    "pdf/text.py", "pdf/widths.py", "pdf/fonts.py", "pdf/compose.py", "pdf/export.py", "pdf/icons.py",
    "pdf/tile_label.py", "../i18n.py", "../infra/fonts.py", "../cardart.py", "../geometry.py")) + table_files()
"""The source of the code a finding depends on, and the fonts' width tables it measures with."""


def _code_digest() -> bytes | None:
    """Digest of the cache format and the files a finding depends on (``_CODE_FILES``); ``None``
    without them (then nothing is cached: ``fsutil.source_digest``)."""
    sources = source_digest(_CODE_FILES)
    return None if sources is None else hashlib.sha256(f"{CACHE_FORMAT}\0{sources}".encode()).digest()


REGIONS = ("title", "text")
"""The regions of a card front whose text is measured (:func:`~doria_forge.export.pdf.card_regions.text_blocks`)."""
TILE_REGIONS = ("tile-text", "tile-walls", "tile-no-wall")
"""Why a Room Tile's labels do not fit its walls (:mod:`doria_forge.export.pdf.tile_label`): its text
is too long for a roomy wall; its walls have no room for a few words; it has no wall square."""


class _CardMeasure:
    """Which text regions (``title``, ``text``) of a card front do not fit at 6 pt: looked up in
    the card store of the pack (a JSON file ``{key: [region, ...]}``, or None for none) or
    measured, loading the PDF code on the first card that needs it. :meth:`save` rewrites the
    store with the cards of this run only, so it never outgrows the pack, in one write (a file
    per card made the first run of a 100x pack 70% slower)."""

    def __init__(self, store: Path | None) -> None:
        self.store = store
        self.known: dict[str, Any] = {}
        if store is not None:
            try:
                found = json.loads(store.read_text("utf-8"))
                self.known = found if isinstance(found, dict) else {}
            except (OSError, ValueError):
                pass  # no store yet, or a damaged one: measure
        self.used: dict[str, list[str]] = {}
        self._measure: Any = None
        # the code a finding depends on: one digest for the run, not one per card
        self._code = _code_digest() if store is not None else None

    def cut_regions(self, spec: CardSpec, box: FaceBox) -> list[str]:
        # The art path only decides whether the card has an art region: a project moved to
        # another folder keeps its entries.
        shown = replace(spec, art="art") if spec.art else spec
        return self._looked_up(repr((box, shown)), REGIONS, lambda: self._measured(spec, box))

    def tile_regions(self, rows: tuple[str, ...], title: str, text: str, compass: bool, box: FaceBox) -> list[str]:
        """``[]`` when a Room Tile's labels fit its walls, else ``[why]`` (one of :data:`TILE_REGIONS`)."""
        def measured() -> list[str]:
            from doria_forge.geometry import TileShape

            from .pdf.tile_label import plan_label

            plan = plan_label(TileShape(rows), title, text, box.width / 5, box.safe_inset, compass=compass)
            return [] if plan.fits else [f"tile-{plan.cause}"]

        return self._looked_up(repr(("room_tile", box, rows, title, text, compass)), TILE_REGIONS, measured)

    def _looked_up(self, material: str, known: tuple[str, ...], measure: Any) -> list[str]:
        if self._code is None:
            return measure()
        key = hashlib.sha256(self._code + material.encode("utf-8")).hexdigest()
        found = self.known.get(key)
        if not (isinstance(found, list) and all(region in known for region in found)):
            found = measure()
        self.used[key] = found
        return found

    def save(self) -> None:
        if self.store is None or self.used == self.known:
            return
        try:
            atomic_write_text(self.store, json.dumps(self.used, sort_keys=True), durable=False)
        except OSError:
            pass  # an unwritable cache only costs the next run the measuring

    def _measured(self, spec: CardSpec, box: FaceBox) -> list[str]:
        if self._measure is None:
            from .pdf.card_regions import text_blocks
            from .pdf.text import fits

            # A text in a box of one size is measured once a run: a monster's Monster Level Cards
            # share its name and its text, and an untranslated text is the same in every edition
            # (990 measurements of the shipped pack's two editions are 554 different ones).
            fit = cache(fits)
            self._measure = lambda spec, box: [
                block.region for block in text_blocks(box, spec)
                if not fit(block.text, block.box[2], block.box[3], max_size=block.max_size, bold=block.bold)]
        return self._measure(spec, box)


def _shown(spec: CardSpec, region: str) -> str:
    """The text a region of a card front sets (:func:`~doria_forge.export.pdf.card_regions.text_blocks`)."""
    return spec.title if region == "title" else spec.text


def measure(pack: ContentPack, layout: LayoutFile, languages: Iterable[str], *,
            store: Path | None = None) -> list[Finding]:
    """Every card title or text of ``pack`` (the documents it prints) that does not fit its region
    at 6 pt in one of ``languages``, with the card sizes of ``layout``: one finding per text, with
    the cards and languages it does not fit. ``store``: JSON file of the per-card results (read,
    then rewritten with this pack's cards; None measures every card)."""
    # Here, not at the top: they import the layout models, which a cached pack never needs.
    from .pdf.faces import card_fronts
    from .pdf.layout import face_box

    measured = _CardMeasure(store)
    boxes: dict[str, FaceBox] = {}
    found: dict[tuple[str, str, tuple[str | int, ...], str], tuple[list[str], list[str]]] = {}
    for lang in languages:
        with language(lang):
            for front in card_fronts(pack):
                if front.deck not in boxes:
                    boxes[front.deck] = face_box(layout.for_deck(front.deck))
                for region in measured.cut_regions(front.spec, boxes[front.deck]):
                    kind, doc_id = front.ref.split(":", 1)
                    blamed = _blamed(pack, kind, doc_id, region, _shown(front.spec, region), lang)
                    refs, langs = found.setdefault((*blamed, region), ([], []))
                    if front.ref not in refs:
                        refs.append(front.ref)
                    if lang not in langs:
                        langs.append(lang)
            for tile in pack.own_of(RoomTile).values():
                if "room_tiles" not in boxes:
                    boxes["room_tiles"] = face_box(layout.for_deck("room_tiles", fixed_card_size="tile"))
                title = f"{tile.id} · {tr(tile, 'name')}" if tile.name else tile.id
                text = tr(tile, "text", lang) if tile.text else ""
                for why in measured.tile_regions(tuple(tile.squares), title, text.strip(), tile.compass_north,
                                                 boxes["room_tiles"]):
                    field = translated_field("text", lang) if getattr(tile, translated_field("text", lang), None) \
                        else "text"
                    path: tuple[str | int, ...] = (field,) if why == "tile-text" else ("squares",)
                    refs, langs = found.setdefault(("room_tile", tile.id, path, why), ([], []))
                    if f"room_tile:{tile.id}" not in refs:
                        refs.append(f"room_tile:{tile.id}")
                    if lang not in langs:
                        langs.append(lang)
    measured.save()
    return [(kind, doc_id, path, region, refs, langs) for (kind, doc_id, path, region), (refs, langs) in found.items()]


def problems_of(findings: Iterable[Finding], locate: Any) -> list[Problem]:
    """The findings as warnings, each at the field's value (``locate(kind, id, path, value=True)``,
    a ``SourceMap.locate``)."""
    problems = []
    for kind, doc_id, path, region, refs, langs in findings:
        what = ".".join(str(p) for p in path) or region
        cards = ", ".join(refs[:3]) + (f" and {len(refs) - 3} more" if len(refs) > 3 else "")
        editions = " and ".join(LANGUAGE_NAMES[lang] for lang in langs)
        where: Location = locate(kind, doc_id, tuple(path), value=True)
        if region in TILE_REGIONS:
            problems.append(Problem.at(where, ID, SEVERITY, _tile_message(doc_id, region, editions, len(langs))))
            continue
        problems.append(Problem.at(where, ID, SEVERITY, (
            f"{what} of {kind} {doc_id} does not fit its card ({cards}) even at 6 pt in the {editions} "
            f"edition{'s' if len(langs) > 1 else ''}: it would print cut with an ellipsis; shorten it")))
    return sorted(problems)


def _tile_message(tile_id: str, why: str, editions: str, count: int) -> str:
    """The advice for a Room Tile whose labels do not fit its walls: shortening helps only where
    the walls have room for a few lines; otherwise the tile needs wall squares."""
    edition = f"in the {editions} edition{'s' if count > 1 else ''}"
    if why == "tile-text":
        return (f"the text of Room Tile {tile_id} does not fit its wall squares even at 6 pt {edition}: "
                "it would print cut with an ellipsis; shorten it")
    if why == "tile-walls":
        return (f"Room Tile {tile_id} has no run of wall squares with room for its id, name and text {edition} "
                "(labels never print over floor or door squares): they would print cut; give the tile more wall "
                "squares in a row, or leave the text out")
    return (f"Room Tile {tile_id} has no wall square, so its id, name and text are not printed (labels never print "
            "over floor or door squares); give it a wall square")


@cache
def _reading_digest() -> str:
    """Stamp of the code that turns a pack's files into its documents (the loader's and the content
    models' source files: each one's path, size and modification time, as Python's own bytecode
    cache checks them) and of pydantic's version: with the files' bytes (``files_digest`` of
    :func:`text_fit_problems`) it stands for the pack's content."""
    import pydantic

    digest = hashlib.sha256(pydantic.VERSION.encode())
    for path in (*python_files(_CODE.parent / "model"), *python_files(_CODE.parent / "load")):
        found = os.stat(path)
        digest.update(os.fsencode(f"{path}:{found.st_size}:{found.st_mtime_ns};"))
    return digest.hexdigest()


def _key(pack: ContentPack, layout_file: Path, languages: list[str], code: bytes,
         source: str | None = None) -> str:
    digest = hashlib.sha256(code)
    # the files as read and the code that reads them, or (a merged pack) every document serialised
    # file names may not be UTF-8 (os.fsencode gives their bytes back)
    digest.update(os.fsencode(f"files:{source}:{_reading_digest()}") if source is not None
                  else pack.content_hash().encode())
    digest.update(json.dumps(sorted(pack.own) if pack.own is not None else None).encode())
    digest.update(json.dumps(languages).encode())
    digest.update(os.fsencode(layout_file))
    if layout_file.is_file():
        digest.update(layout_file.read_bytes())
    return digest.hexdigest()


def text_fit_problems(pack: ContentPack, layout_file: Path, locate: Any,
                      languages: Iterable[str] | None = None, *, cache: Path | None = None,
                      use_cache: bool = True, files_digest: str | None = None) -> list[Problem]:
    """:func:`measure` ``pack`` in ``languages`` (default: the pack's) with the layout of
    ``layout_file`` (built-in defaults when it is missing), as warnings (:func:`problems_of`).
    Findings are read from and stored in ``cache`` (a folder; default the cache folder, see the
    module docstring); ``use_cache=False``, or an install without the printing code's sources,
    measures without reading or writing any cache. ``files_digest``: the digest of the files
    ``pack`` was read from (``ValidationResult.files_digest``), which keys the pack's findings
    with the reading code's source in place of ``ContentPack.content_hash`` (7 ms of a cold
    ``validate``: every document serialised).
    Raises ``LayoutError`` for a layout file with mistakes."""
    from doria_forge.infra.fsutil import cache_dir

    langs = list(languages or pack.info.languages)
    code = _code_digest() if use_cache else None
    if code is None:
        return problems_of(_measure_with(pack, layout_file, langs, None), locate)
    folder = (cache or cache_dir()) / "text-fit"
    entry = folder / f"{_key(pack, layout_file, langs, code, files_digest)}.json"
    try:
        findings = _kept_findings(json.loads(entry.read_text("utf-8")), langs)
    except (OSError, ValueError):
        # One card store per pack and project: the cards of another pack are not rewritten away.
        place = json.dumps([pack.info.id, str(layout_file.resolve())]).encode("utf-8")
        store = folder / "cards" / f"{hashlib.sha256(place).hexdigest()}.json"
        findings = _measure_with(pack, layout_file, langs, store)
        try:
            atomic_write_text(entry, json.dumps(findings), durable=False)
        except OSError:
            pass  # an unwritable cache only costs the next run the measuring
    return problems_of(findings, locate)


def _kept_findings(data: Any, languages: list[str]) -> list[Finding]:
    """The findings of a cache entry read back from JSON. Raises ValueError for an entry in another
    shape (a damaged or foreign file), which is measured again: one stopped validate with a
    traceback (KeyError), another was reported as a warning about no card at all."""
    if not isinstance(data, list):
        raise ValueError("not a list of findings")
    findings: list[Finding] = []
    for item in data:
        if not (isinstance(item, list) and len(item) == 6):
            raise ValueError("not a finding")
        kind, doc_id, path, region, refs, langs = item
        if not (isinstance(kind, str) and isinstance(doc_id, str) and region in (*REGIONS, *TILE_REGIONS)
                and isinstance(path, list) and all(type(part) in (str, int) for part in path)
                and isinstance(refs, list) and all(isinstance(ref, str) for ref in refs)
                and isinstance(langs, list) and langs and all(lang in languages for lang in langs)):
            raise ValueError("a finding in another shape")
        findings.append((kind, doc_id, tuple(path), region, refs, langs))
    return findings


def _measure_with(pack: ContentPack, layout_file: Path, languages: list[str], store: Path | None) -> list[Finding]:
    from .layouts import LayoutFile, load_layout  # here: a cached result needs no layout models

    layout = load_layout(layout_file) if layout_file.is_file() else LayoutFile()
    return measure(pack, layout, languages, store=store)
