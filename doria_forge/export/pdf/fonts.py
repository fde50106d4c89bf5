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


@cache
def register_fonts() -> tuple[str, str]:
    """Register DejaVu Sans (regular, bold, oblique) with reportlab once per process.

    Returns ``(regular_name, bold_name)``. The family mapping lets Paragraph markup ``<b>``/``<i>``
    pick the right face. Raises ``ExportError`` if matplotlib's font files are missing.
    """
    from .errors import ExportError

    font_dir = Path(matplotlib.get_data_path()) / "fonts" / "ttf"
    faces = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf",
             OBLIQUE: "DejaVuSans-Oblique.ttf", BOLD_OBLIQUE: "DejaVuSans-BoldOblique.ttf"}
    for name, filename in faces.items():
        path = font_dir / filename
        if not path.is_file():
            raise ExportError(f"font file not found: {path} (matplotlib ships DejaVu Sans; reinstall matplotlib)")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, OBLIQUE)
    addMapping(REGULAR, 1, 1, BOLD_OBLIQUE)
    return REGULAR, BOLD
