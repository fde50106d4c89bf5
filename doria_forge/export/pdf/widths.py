"""String widths of the card font's text faces from a table shipped beside the font files, so
that ``validate`` measures card texts without loading reportlab or parsing the TrueType files.

The table (``font_files/<face file>.widths.json``, written by ``tools/make_font_widths.py``)
holds reportlab's own advance width of every character the face maps (``TTFont.face.charWidths``,
in 1/1000 of the font size), the width reportlab gives a character the face lacks
(``defaultWidth``), and the SHA-256 of the ``.ttf`` it was read from. :func:`string_width` adds
them up in the order and with the operations of reportlab's ``stringWidth`` (the sum of the
widths, times 0.001, times the size), so both give the same floating-point number, bit for bit:
a text measured here breaks where the PDF's Paragraph breaks it. A face without a table, or whose
table was made from another ``.ttf`` than the one installed, is measured by reportlab itself.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from functools import cache
from pathlib import Path

from doria_forge.infra.fonts import BOLD, FACES, REGULAR, font_dir

TABLE_SUFFIX = ".widths.json"
"""The width table of ``DejaVuSans.ttf`` is ``DejaVuSans.ttf.widths.json``, beside it."""

TEXT_FACES = (REGULAR, BOLD)
"""The faces card texts are set and measured in: the faces with a width table."""


def table_path(ttf: Path) -> Path:
    """Where the width table of the font file ``ttf`` lies (beside it)."""
    return ttf.parent / (ttf.name + TABLE_SUFFIX)


def table_files() -> tuple[Path, ...]:
    """The width tables of :data:`TEXT_FACES`: what the text-fit cache's key must cover besides
    the code (a table written again after a font changed changes every measurement)."""
    return tuple(table_path(font_dir() / FACES[face]) for face in TEXT_FACES)


@cache
def _table(font: str) -> defaultdict[str, float] | None:
    """The width of each character of the registered font name ``font``, in 1/1000 of the size
    (a character the face lacks: the face's default width, remembered once asked for); ``None``
    when the face has no table or the table does not belong to the installed ``.ttf`` (then
    reportlab measures)."""
    if font not in FACES:
        return None
    ttf = font_dir() / FACES[font]
    try:
        data = json.loads(table_path(ttf).read_text(encoding="utf-8"))
        if data["sha256"] != hashlib.sha256(ttf.read_bytes()).hexdigest():
            return None
        default = float(data["default"])
        widths: defaultdict[str, float] = defaultdict(lambda: default)
        for first, run in data["runs"]:
            widths.update(zip(map(chr, range(first, first + len(run))), run, strict=True))
        return widths
    except (OSError, ValueError, KeyError, TypeError):
        return None


def string_width(text: str, font: str, size: float) -> float:
    """The width in pt of ``text`` set in the registered font ``font`` (``fonts.REGULAR``,
    ``fonts.BOLD``...) at ``size`` pt: what ``reportlab.pdfbase.pdfmetrics.stringWidth`` returns
    for it, from the face's width table where it has one (see the module docstring). Raises
    ``ExportError`` (from ``fonts``) when the face must be read and its file is missing."""
    widths = _table(font)
    if widths is None:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        from .fonts import register_fonts

        register_fonts()
        return float(stringWidth(text, font, size))
    return sum(map(widths.__getitem__, text)) * 0.001 * size
