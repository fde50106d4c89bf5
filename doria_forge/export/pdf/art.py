"""Card art drawn into a card's art region: PNG and JPG through Pillow, SVG through svglib (vector).

The picture is fitted into the region keeping its proportions, centred. Transparency is flattened
onto white (print files stay free of soft masks); on a CMYK canvas raster art is separated through
the output profile within the ink limit (:func:`~.colour.convert_image`; CMYK art prints as the
designer separated it) and vector art goes through the canvas's colour conversion like every other
colour.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ..errors import ExportError
from .colour import convert_image, ink_limit_of


@lru_cache(maxsize=64)
def raster(path: str, ink_limit_percent: int | None):
    """The picture at ``path`` as it prints: RGB, or for a CMYK page (``ink_limit_percent`` given)
    CMYK within that ink limit. Transparency is flattened onto white."""
    from PIL import Image

    with Image.open(path) as image:
        image.load()
        if image.mode in ("RGBA", "LA", "P", "PA"):
            rgba = image.convert("RGBA")
            flat = Image.new("RGB", rgba.size, (255, 255, 255))
            flat.paste(rgba, mask=rgba.split()[3])
            image = flat
        if ink_limit_percent is not None:
            return convert_image(image, ink_limit_percent)
        return image.convert("RGB")


@lru_cache(maxsize=64)
def _vector(path: str):
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(path)
    if drawing is None:
        raise ValueError("svglib could not read it")
    return drawing


def draw_art(canvas: Canvas, path: str | Path, x: float, y: float, width: float, height: float) -> None:
    """Draw the image at ``path`` fitted into the box ``(x, y, width, height)`` (points).

    Raises ``ExportError`` naming the file when it cannot be read."""
    path = str(path)
    ink_limit = ink_limit_of(canvas)
    try:
        if path.lower().endswith(".svg"):
            from reportlab.graphics import renderPDF

            drawing = _vector(path)
            scale = min(width / max(drawing.width, 1e-6), height / max(drawing.height, 1e-6))
            canvas.saveState()
            canvas.translate(x + (width - drawing.width * scale) / 2, y + (height - drawing.height * scale) / 2)
            canvas.scale(scale, scale)
            renderPDF.draw(drawing, canvas, 0, 0)
            canvas.restoreState()
            return
        image = raster(path, ink_limit)
        w_px, h_px = image.size
        scale = min(width / w_px, height / h_px)
        w, h = w_px * scale, h_px * scale
        canvas.drawImage(ImageReader(image), x + (width - w) / 2, y + (height - h) / 2, w, h)
    except ExportError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever is wrong with the file, name it
        raise ExportError(f"cannot draw card art {path}: {type(exc).__name__}: {exc}") from None
