"""Card art drawn into a card's art region: PNG and JPG through Pillow, SVG through svglib (vector).

The picture is fitted into the region keeping its proportions, centred. Transparency is flattened
onto white (print files stay free of soft masks); on a CMYK canvas raster art is separated through
the output profile within the ink limit (:func:`~.colour.convert_image`; CMYK art prints as the
designer separated it). The pictures an SVG holds print as card art does; its vector art goes
through the canvas's colour conversion like every other colour.
"""

from __future__ import annotations

import math
import os
import warnings
from collections import OrderedDict
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from doria_forge.cardart import MAX_ART_PIXELS, art_problem
from doria_forge.packs import find_pack_root

from ..errors import ExportError
from .colour import convert_image, ink_limit_of

_CACHED_PIXELS = 64_000_000
"""Most pixels of decoded art kept between cards (the same picture on several cards is decoded once)."""
_cache: OrderedDict[tuple[str, int | None, tuple[int, int] | None], Any] = OrderedDict()


def _stamp(path: str) -> tuple[int, int] | None:
    """When the file at ``path`` was last written and its size (``None`` when it cannot be read):
    decoded art is remembered with it, so a picture saved again (``watch``'s previews, one process
    for a whole session) is decoded again, not printed as it was."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


def raster(path: str, ink_limit_percent: int | None) -> Any:
    """The picture at ``path`` as it prints: RGB, or for a CMYK page (``ink_limit_percent`` given)
    CMYK within that ink limit. Transparency is flattened onto white. Decoded pictures are kept
    (at most ``_CACHED_PIXELS`` pixels together, each while its file is unchanged), so art on
    several cards is decoded once."""
    key = (path, ink_limit_percent, _stamp(path))
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    image = _decode(path, ink_limit_percent)
    _cache[key] = image
    while len(_cache) > 1 and sum(i.width * i.height for i in _cache.values()) > _CACHED_PIXELS:
        _cache.popitem(last=False)
    return image


def _problem(path: str) -> str:
    """``cardart.art_problem`` of the file at ``path``, checked again when it is drawn (kind,
    size, pixels, and an SVG's references confined to the pack holding it: the file may have
    changed since validation), remembered while the file is unchanged."""
    try:
        st = os.stat(path)
    except OSError:
        return art_problem(Path(path), find_pack_root(Path(path).parent))
    return _problem_of(path, st.st_mtime_ns, st.st_size, st.st_mode)


@lru_cache(maxsize=256)
def _problem_of(path: str, mtime_ns: int, size: int, mode: int) -> str:
    return art_problem(Path(path), find_pack_root(Path(path).parent))


def _decode(path: str, ink_limit_percent: int | None) -> Any:
    from PIL import Image, ImageOps

    with warnings.catch_warnings():  # a decompression bomb is refused below, not warned of
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        image = Image.open(path)
    with image:
        if image.width * image.height > MAX_ART_PIXELS:  # checked on the header, before decoding
            raise ValueError(f"{image.width} x {image.height} pixels, more than {MAX_ART_PIXELS:,}")
        image.load()
        # a camera or phone stores a turned picture as taken, with an EXIF orientation that every
        # viewer applies: the card prints it as the designer saw it
        return _printable(ImageOps.exif_transpose(image), ink_limit_percent)


_WIDE_GREY = ("I", "I;16", "I;16B", "I;16L", "I;16N")
"""Pillow's modes of greyscale wider than 8 bits: a 16-bit greyscale PNG opens in one of them."""


def _printable(image: Any, ink_limit_percent: int | None) -> Any:
    """A decoded picture as it prints (see :func:`raster`): transparency flattened onto white, then
    RGB, or CMYK within ``ink_limit_percent`` when given."""
    from PIL import Image

    if image.mode in _WIDE_GREY:
        # 16-bit greyscale (a PNG's 0-65535): Pillow's conversion to RGB clips every value above 255,
        # which printed such art white
        image = image.convert("I").point(lambda v: v / 257).convert("L")
    decoded: Image.Image = image
    if image.mode in ("RGBA", "LA", "P", "PA"):
        rgba = image.convert("RGBA")
        decoded = Image.new("RGB", rgba.size, (255, 255, 255))
        decoded.paste(rgba, mask=rgba.split()[3])
    if ink_limit_percent is not None:
        return convert_image(decoded, ink_limit_percent)
    return decoded.convert("RGB")


_VECTORS = 64
"""Most SVG drawings kept between cards."""
_vectors: OrderedDict[tuple[str, int | None], tuple[tuple[tuple[int, int] | None, ...], tuple[str, ...], Any]] = \
    OrderedDict()


def _vector(path: str, ink_limit_percent: int | None) -> Any:
    """The SVG at ``path`` as a reportlab drawing ready for a page: fonts it embeds, the pictures it
    holds as card art prints (:func:`raster`: flattened, and CMYK for a CMYK page). Kept while the
    SVG and the picture files it holds are unchanged."""
    key = (path, ink_limit_percent)
    if key in _vectors:
        stamps, files, drawing = _vectors[key]
        if tuple(_stamp(f) for f in files) == stamps:
            _vectors.move_to_end(key)
            return drawing
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(path)
    if drawing is None:
        raise ValueError("svglib could not read it")
    files = (path, *sorted(_picture_files(drawing)))
    stamps = tuple(_stamp(f) for f in files)
    _embeddable_fonts(drawing)
    _printable_images(drawing, ink_limit_percent)
    _vectors[key] = (stamps, files, drawing)
    while len(_vectors) > _VECTORS:
        _vectors.popitem(last=False)
    return drawing


def _picture_files(drawing: Any) -> set[str]:
    """The picture files an svglib drawing draws in (its ``<image>``s naming a file)."""
    from reportlab.graphics.shapes import Image as ImageNode

    return {node.path for node in _nodes(drawing) if isinstance(node, ImageNode) and isinstance(node.path, str)}


def _nodes(drawing: Any) -> Iterator[Any]:
    """Every node of a reportlab drawing, the drawing first."""
    stack = [drawing]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(getattr(node, "contents", None) or ())


def _printable_images(drawing: Any, ink_limit_percent: int | None) -> None:
    """The pictures an SVG holds (``<image>``: a file beside it, or data) as card art prints
    (:func:`raster`): reportlab drew them as they were, their transparent pixels black and, on a
    CMYK page, as RGB images."""
    from reportlab.graphics.shapes import Image as ImageNode

    for node in _nodes(drawing):
        if not isinstance(node, ImageNode) or node.path is None:
            continue
        if isinstance(node.path, str):
            if os.path.exists(node.path):  # as reportlab, which leaves out a picture it cannot find
                node.path = raster(node.path, ink_limit_percent)
        else:
            node.path = _printable(node.path, ink_limit_percent)


def printed_rasters(path: str, ink_limit_percent: int | None) -> list[Any]:
    """The raster pictures the art file at ``path`` prints with, each as it prints (:func:`raster`):
    the picture itself, or for an SVG the pictures it holds (its vector art has none). For
    ``preflight``, which measures what will be printed. Raises as the decoding does."""
    if not path.lower().endswith(".svg"):
        return [raster(path, ink_limit_percent)]
    return [picture for picture, _, _ in svg_pictures(path, ink_limit_percent)[1]]


Picture = tuple[Any, float, float]
"""A picture as it prints, with the width and height it is drawn at (:func:`svg_pictures`)."""


def svg_pictures(path: str, ink_limit_percent: int | None) -> tuple[tuple[float, float], list[Picture]]:
    """The SVG at ``path`` as :func:`draw_art` fits it: ``((width, height), pictures)``, the size of
    its drawing and each picture it holds as it prints (:func:`raster`) with the width and height it
    is drawn at, both in the drawing's units (every transform around it applied). Fitted into a box,
    the drawing and its pictures scale alike: ``preflight`` measures their resolution from it."""
    from reportlab.graphics.shapes import Image as ImageNode
    from reportlab.graphics.shapes import mmult

    drawing = _vector(path, ink_limit_percent)
    found: list[Picture] = []

    def visit(node: Any, matrix: tuple[float, ...]) -> None:
        if isinstance(node, ImageNode):
            if node.path is not None and not isinstance(node.path, str):
                a, b, c, d = matrix[:4]
                found.append((node.path, node.width * math.hypot(a, b), node.height * math.hypot(c, d)))
            return
        transform = getattr(node, "transform", None)
        inner = tuple(mmult(matrix, transform)) if transform is not None else matrix
        for child in getattr(node, "contents", None) or ():
            visit(child, inner)

    visit(drawing, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return (drawing.width, drawing.height), found


def _embeddable_fonts(drawing: Any) -> None:
    """Set the text of ``drawing`` (an svglib drawing, changed in place) in fonts the PDF embeds.

    svglib sets a ``font-family`` it cannot find on the machine in one of the 14 standard PDF fonts
    (Times-Roman, Helvetica...), and reportlab's renderer starts every drawing in Helvetica: fonts a
    PDF names without embedding them, which print shops' preflight rejects and printers replace as
    they like. Those become the card font's face of the same weight and slant; a font svglib found
    on the machine is embedded already and stays."""
    from reportlab.pdfbase.pdfmetrics import standardFonts

    from .fonts import BOLD, BOLD_OBLIQUE, OBLIQUE, REGULAR, register_fonts

    register_fonts()
    drawing.initialFontName = REGULAR
    for node in _nodes(drawing):
        name = getattr(node, "fontName", None)
        if isinstance(name, str) and name in standardFonts:
            bold = "Bold" in name
            slanted = "Oblique" in name or "Italic" in name
            node.fontName = (BOLD_OBLIQUE if bold and slanted else BOLD if bold else OBLIQUE if slanted
                             else REGULAR)


def draw_art(canvas: Canvas, path: str | Path, x: float, y: float, width: float, height: float) -> None:
    """Draw the image at ``path`` fitted into the box ``(x, y, width, height)`` (points).

    Raises ``ExportError`` naming the file when it cannot be read."""
    path = str(path)
    ink_limit = ink_limit_of(canvas)
    problem = _problem(path)
    if problem:
        raise ExportError(f"cannot draw card art {path}: {problem}")
    try:
        if path.lower().endswith(".svg"):
            from reportlab.graphics import renderPDF

            drawing = _vector(path, ink_limit)
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
