"""Embedded fonts: DejaVu Sans (found by ``doria_forge.infra.fonts``), so umlauts, accents and
Greek/Cyrillic names render on every machine without depending on system fonts."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from doria_forge.infra.fonts import BOLD, BOLD_OBLIQUE, FACES, OBLIQUE, REGULAR, font_dir

__all__ = ["BOLD", "BOLD_OBLIQUE", "OBLIQUE", "REGULAR", "register_fonts"]


@cache
def register_fonts() -> tuple[str, str]:
    """Register DejaVu Sans (regular, bold, oblique) with reportlab once per process.

    Returns ``(regular_name, bold_name)``. The family mapping lets Paragraph markup ``<b>``/``<i>``
    pick the right face. Raises ``ExportError`` if the font files doria-forge ships are missing.
    """
    from reportlab.lib.fonts import addMapping

    _register(FACES)
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, OBLIQUE)
    addMapping(REGULAR, 1, 1, BOLD_OBLIQUE)
    return REGULAR, BOLD


def _register(names: Iterable[str]) -> None:
    # reportlab is imported here, not at the top: validate measures card texts with the width
    # tables (``widths``) and never loads it
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from .errors import ExportError

    folder = font_dir()
    for name in names:
        path = folder / FACES[name]
        if not path.is_file():
            raise ExportError(f"font file not found: {path} (doria-forge ships DejaVu Sans; reinstall doria-forge)")
        pdfmetrics.registerFont(TTFont(name, str(path)))
