"""Embedded fonts: DejaVu Sans from matplotlib, so umlauts, accents and Greek/Cyrillic names render
on every machine without depending on system fonts."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import matplotlib
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
OBLIQUE = "DejaVuSans-Oblique"
BOLD_OBLIQUE = "DejaVuSans-BoldOblique"


FACES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf",
         OBLIQUE: "DejaVuSans-Oblique.ttf", BOLD_OBLIQUE: "DejaVuSans-BoldOblique.ttf"}

# Every code point below this one is in DejaVu Sans (Latin, Latin-1, Latin Extended-A/B), so the
# common case (English, German, French... text) never needs to read the font files.
_ALWAYS_COVERED = 0x0250


def _font_dir() -> Path:
    return Path(matplotlib.get_data_path()) / "fonts" / "ttf"


@cache
def _covered() -> frozenset[int] | None:
    """Code points that both the regular and the bold face can draw (None if the fonts are missing)."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    sets = []
    for name in (REGULAR, BOLD):
        try:
            sets.append(frozenset(TTFontFile(str(_font_dir() / FACES[name])).charToGlyph))
        except Exception:  # noqa: BLE001 - a missing font is reported by register_fonts at export time
            return None
    return sets[0] & sets[1]


def missing_glyphs(text: str) -> list[str]:
    """Distinct characters of ``text``, in order, that the card fonts cannot draw.

    reportlab prints such characters (CJK, emoji...) as empty boxes without any error, so the
    validate stage warns about them instead (rule ``printable-text``). Control characters
    (newline, tab) and variation selectors are not printed anyway and never reported.
    """
    if all(ord(ch) < _ALWAYS_COVERED for ch in text):
        return []
    covered = _covered()
    if covered is None:
        return []
    out: list[str] = []
    for ch in text:
        code = ord(ch)
        if code < _ALWAYS_COVERED or code in covered or ch in out:
            continue
        if 0xFE00 <= code <= 0xFE0F or code in (0x200D, 0x200B, 0x200C):  # selectors, zero-width joiners
            continue
        out.append(ch)
    return out


@cache
def register_fonts() -> tuple[str, str]:
    """Register DejaVu Sans (regular, bold, oblique) with reportlab once per process.

    Returns ``(regular_name, bold_name)``. The family mapping lets Paragraph markup ``<b>``/``<i>``
    pick the right face. Raises ``ExportError`` if matplotlib's font files are missing.
    """
    from .errors import ExportError

    font_dir = _font_dir()
    for name, filename in FACES.items():
        path = font_dir / filename
        if not path.is_file():
            raise ExportError(f"font file not found: {path} (matplotlib ships DejaVu Sans; reinstall matplotlib)")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, OBLIQUE)
    addMapping(REGULAR, 1, 1, BOLD_OBLIQUE)
    return REGULAR, BOLD
