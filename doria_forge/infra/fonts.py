"""The card font: where DejaVu Sans lives and which characters it can draw.

Shared by validation (rule ``printable-text``) and the PDF export, so neither imports the
other. doria-forge ships the four DejaVu Sans faces it prints with (``font_files/``, version
2.35, under their own licence ``font_files/LICENSE_DEJAVU``: free to bundle), so printing needs
no plotting library and no system font. Glyph coverage is read from the fonts' character maps
with fontTools.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from doria_forge.infra.assets import PACKAGE_ROOT

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
OBLIQUE = "DejaVuSans-Oblique"
BOLD_OBLIQUE = "DejaVuSans-BoldOblique"

FACES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf",
         OBLIQUE: "DejaVuSans-Oblique.ttf", BOLD_OBLIQUE: "DejaVuSans-BoldOblique.ttf"}
"""Font name (as registered with reportlab) -> file name in :func:`font_dir`."""

ALWAYS_COVERED = 0x0250
"""Every code point below this one (Latin, Latin-1, Latin Extended-A/B) is in DejaVu Sans, so
the common case (English, German, French... text) never reads the font files."""


@cache
def font_dir() -> Path:
    """The folder holding the DejaVu Sans ``.ttf`` files (``doria_forge/font_files``). Callers
    check the files: an install that lost them is reported at export time."""
    return PACKAGE_ROOT / "font_files"


@cache
def _covered() -> frozenset[int] | None:
    """Code points that both the regular and the bold face can draw (None if the fonts are missing)."""
    from fontTools.ttLib import TTFont

    sets = []
    for name in (REGULAR, BOLD):
        try:
            with TTFont(str(font_dir() / FACES[name]), lazy=True) as font:
                sets.append(frozenset(font.getBestCmap()))
        except Exception:  # noqa: BLE001 - a missing font is reported at export time
            return None
    return sets[0] & sets[1]


def missing_glyphs(text: str) -> list[str]:
    """Distinct characters of ``text``, in order, that the card fonts cannot draw.

    reportlab prints such characters (CJK, emoji...) as empty boxes without any error, so the
    validate stage warns about them instead (rule ``printable-text``). Control characters
    (newline, tab), variation selectors and zero-width joiners are not printed anyway and
    never reported. Returns ``[]`` when the fonts cannot be read (export reports that).
    """
    if all(ord(ch) < ALWAYS_COVERED for ch in text):
        return []
    covered = _covered()
    if covered is None:
        return []
    out: list[str] = []
    for ch in text:
        code = ord(ch)
        if code < ALWAYS_COVERED or code in covered or ch in out or code < 0x20:
            continue
        if 0xFE00 <= code <= 0xFE0F or code in (0x200D, 0x200B, 0x200C):
            continue
        out.append(ch)
    return out
