"""String widths of the card font's text faces from a table shipped beside the font files, so
that ``validate`` measures card texts without loading reportlab or parsing the TrueType files.

The table (``font_files/<face file>.widths.json``, written by ``tools/make_font_widths.py``)
holds the advance width, in font units, of every character the face maps (``chars`` and, in the
same order, ``units``: little-endian unsigned 16-bit integers, base64), the advance of the glyph
reportlab gives a character the face lacks (``default``), the face's ``units_per_em`` and the
SHA-256 of the ``.ttf`` it was read from. A width is scaled as reportlab's ``TTFontFile`` scales
it (``units * (1000 / units_per_em)``, 1/1000 of the font size; unscaled at 1000 units), and
:func:`string_width` adds them up in the order and with the operations of reportlab's
``stringWidth`` (the sum of the widths, times 0.001, times the size), so both give the same
floating-point number, bit for bit: a text measured here breaks where the PDF's Paragraph breaks
it. A character's width is looked up the first time it is asked for (a pack uses a hundred or so
of the faces' 5,900 characters). A face without a table, or whose table was made from another
``.ttf`` than the one installed, is measured by reportlab itself.
"""

from __future__ import annotations

import base64
import hashlib
import json
import sys
from array import array
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


class _Widths(dict[str, float]):
    """The width of each character asked for so far, in 1/1000 of the size, found in the table
    on the first ask (a character the face lacks: the face's default width)."""

    def __init__(self, chars: str, units: array, scale: float | None, default: int) -> None:
        super().__init__()
        self._chars, self._units, self._scale = chars, units, scale
        self._default = self._scaled(default)

    def _scaled(self, units: int) -> float:
        return units if self._scale is None else units * self._scale

    def __missing__(self, char: str) -> float:
        at = self._chars.find(char)
        width = self._scaled(self._units[at]) if at >= 0 else self._default
        self[char] = width
        return width


@cache
def _table(font: str) -> _Widths | None:
    """The widths of the registered font name ``font`` (see the module docstring); ``None`` when
    the face has no table or the table does not belong to the installed ``.ttf`` (then reportlab
    measures)."""
    if font not in FACES:
        return None
    ttf = font_dir() / FACES[font]
    try:
        data = json.loads(table_path(ttf).read_text(encoding="utf-8"))
        # in chunks: the whole file at once is a fresh megabyte of memory (page faults) per face
        with ttf.open("rb") as font_file:
            if data["sha256"] != hashlib.file_digest(font_file, "sha256").hexdigest():
                return None
        units = array("H", base64.b64decode(data["units"], validate=True))
        if sys.byteorder != "little":
            units.byteswap()
        chars = str(data["chars"])
        if len(chars) != len(units):
            return None
        per_em = int(data["units_per_em"])
        # reportlab's own scaling (TTFontFile.extractInfo): none at 1000 units, else units * (1000 / units_per_em)
        return _Widths(chars, units, None if per_em == 1000 else 1000 / per_em, int(data["default"]))
    except (OSError, ValueError, KeyError, TypeError, ZeroDivisionError):
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
