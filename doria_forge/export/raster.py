"""Card faces as images: each face is drawn by the print code (the very forms of the PDFs) onto a
page of its own, and pypdfium2 rasterises the pages. Used by the per-card PNGs, the Tabletop
Simulator deck sheets and the one-card preview.
"""

from __future__ import annotations

import io
import math
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import ExportError
from .pdf.compose import Face, FaceBox, PdfWriter

if TYPE_CHECKING:
    from PIL.Image import Image


def pixels(length_pt: float, dpi: float) -> int:
    """Pixels for ``length_pt`` points at ``dpi`` (rounded to the nearest pixel: 2.75 in at 300 dpi
    is 825 px)."""
    return max(1, int(math.floor(length_pt / 72 * dpi + 0.5)))


MAX_IMAGE_PIXELS = 89_478_485
"""The most pixels an exported image may hold: Pillow's own bound (its default
``PIL.Image.MAX_IMAGE_PIXELS``), above which Pillow, and the tools built on it, warn of a
decompression bomb when the image is opened. A 400 x 400 mm card at 1200 dpi would be 357 Mpx
(about 1 GB of memory a face while it is drawn); a poker card with its bleed at 1200 dpi is 14 Mpx."""


def image_size_error(box: FaceBox, dpi: float, *, with_bleed: bool = True) -> str | None:
    """Why a face of ``box`` drawn at ``dpi`` (with its bleed, or trimmed) is too large an image
    (more than :data:`MAX_IMAGE_PIXELS`), or ``None`` when it is not."""
    bleed = box.bleed if with_bleed else 0.0
    width, height = pixels(box.width + 2 * bleed, dpi), pixels(box.height + 2 * bleed, dpi)
    if width * height <= MAX_IMAGE_PIXELS:
        return None
    mm = 25.4 / 72
    return (f"a {(box.width + 2 * bleed) * mm:.0f} x {(box.height + 2 * bleed) * mm:.0f} mm card face "
            f"{'with its bleed ' if bleed else ''}at {dpi:g} dpi is a {width:,} x {height:,} px image "
            f"({width * height / 1e6:.0f} Mpx), above the {MAX_IMAGE_PIXELS / 1e6:.0f} Mpx an image may hold "
            "(beyond it Pillow and the tools built on it warn of a decompression bomb); lower the dpi or the card size")


def render_faces(faces: Sequence[Face], box: FaceBox, dpi: float, *, with_bleed: bool = True,
                 quarter_turns: int = 0) -> list[Image]:
    """One RGB image per face, in order: the face drawn in ``box`` at ``dpi``, with its bleed
    (``with_bleed``) or trimmed, turned ``quarter_turns`` clockwise. An image is exactly
    :func:`pixels` of the (turned) size on each side. Faces with equal keys are drawn once.
    Raises ``ExportError`` for a face of more than :data:`MAX_IMAGE_PIXELS` (before drawing any)."""
    import pypdfium2 as pdfium

    too_large = image_size_error(box, dpi, with_bleed=with_bleed) if faces else None
    if too_large is not None:
        raise ExportError(too_large)

    bleed = box.bleed if with_bleed else 0.0
    size = (box.width + 2 * bleed, box.height + 2 * bleed)
    writer = PdfWriter("faces", size)
    pages: dict[str, int] = {}
    for face in faces:
        if face.key in pages:
            continue
        name = writer.form("F", face, box)
        writer.canvas.setPageSize(size)
        writer.place(name, -(box.bleed - bleed), -(box.bleed - bleed))
        writer.canvas.showPage()
        pages[face.key] = len(pages)
    with tempfile.TemporaryDirectory() as tmp:
        path = writer.save(Path(tmp) / "faces.pdf")
        document = pdfium.PdfDocument(str(path))
        try:
            target = (pixels(size[0], dpi), pixels(size[1], dpi))
            rendered = []
            for index in range(len(pages)):
                page = document[index]
                # pdfium rounds the bitmap size up; a hair under the exact scale lands on the target.
                scale = min((target[0] - 1e-3) / size[0], (target[1] - 1e-3) / size[1])
                image = page.render(scale=scale).to_pil().convert("RGB")
                page.close()
                if image.size != target:
                    image = image.resize(target)
                if quarter_turns % 4:
                    image = image.rotate(-90 * (quarter_turns % 4), expand=True)
                rendered.append(image)
        finally:
            document.close()
    by_key = dict(zip(pages, rendered, strict=True))
    return [by_key[face.key] for face in faces]


def png_bytes(image: Image, dpi: float) -> bytes:
    """``image`` as PNG bytes with its resolution recorded (same pixels, same bytes)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi))
    return buffer.getvalue()
