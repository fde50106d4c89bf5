"""The card font: where DejaVu Sans lives and which characters it can draw.

Shared by validation (rule ``printable-text``) and the PDF export, so neither imports the
other. matplotlib ships DejaVu Sans; its files are found through the package's location
without importing matplotlib (importing it costs about 25 MiB and a noticeable start-up).
Glyph coverage is read from the fonts' character maps with fontTools.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

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
    """The folder holding the DejaVu Sans ``.ttf`` files (matplotlib's ``mpl-data/fonts/ttf``).
    The folder may not exist when matplotlib is missing; callers check the files."""
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        return Path("matplotlib-is-not-installed")
    return Path(next(iter(spec.submodule_search_locations))) / "mpl-data" / "fonts" / "ttf"


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
