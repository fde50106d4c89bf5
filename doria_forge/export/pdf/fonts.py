"""Embedded fonts: DejaVu Sans (found by ``doria_forge.infra.fonts``), so umlauts, accents and
Greek/Cyrillic names render on every machine without depending on system fonts."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from doria_forge.infra.fonts import BOLD, BOLD_OBLIQUE, FACES, OBLIQUE, REGULAR, font_dir

__all__ = ["BOLD", "BOLD_OBLIQUE", "OBLIQUE", "REGULAR", "register_fonts", "register_text_fonts"]

@cache
def register_fonts() -> tuple[str, str]:
    """Register DejaVu Sans (regular, bold, oblique) with reportlab once per process.

    Returns ``(regular_name, bold_name)``. The family mapping lets Paragraph markup ``<b>``/``<i>``
    pick the right face. Raises ``ExportError`` if the font files doria-forge ships are missing.
    """
    register_text_fonts()
    _register(name for name in FACES if name not in (REGULAR, BOLD))
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, OBLIQUE)
    addMapping(REGULAR, 1, 1, BOLD_OBLIQUE)
    return REGULAR, BOLD


@cache
def register_text_fonts() -> tuple[str, str]:
    """Register only the regular and bold faces, once per process: all that string widths of card
    texts need (``validate``'s text-fit check), at half the cost of :func:`register_fonts`.

    Returns ``(regular_name, bold_name)``; raises ``ExportError`` as :func:`register_fonts` does."""
    _register((REGULAR, BOLD))
    return REGULAR, BOLD


def _register(names: Iterable[str]) -> None:
    from .errors import ExportError

    folder = font_dir()
    for name in names:
        path = folder / FACES[name]
        if not path.is_file():
            raise ExportError(f"font file not found: {path} (doria-forge ships DejaVu Sans; reinstall doria-forge)")
        pdfmetrics.registerFont(TTFont(name, str(path)))
