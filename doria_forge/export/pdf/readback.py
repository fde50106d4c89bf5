"""Read a written PDF back: where each card face (Form XObject) sits on each page, in mm.

Used by the tests and by anyone who wants to check a print file without trusting the drawing
code. Needs ``pypdf`` (a test dependency), imported lazily.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .layout import MM_TO_PT


@dataclass(frozen=True)
class Placement:
    """One face on a page: XObject ``name`` (``F_<key>`` front, ``B_<key>`` back, ``P_<key>`` page)
    and its bleed box in mm as placed (after any turn), origin bottom-left of the page; ``rotation``
    is how far it is turned, in degrees clockwise (0, 90, 180, 270)."""

    page: int
    name: str
    x: float
    y: float
    w: float
    h: float
    rotation: int = 0


@dataclass(frozen=True)
class PageInfo:
    """Page size and the boxes a print shop reads, all ``(x0, y0, x1, y1)`` in mm."""

    media: tuple[float, float, float, float]
    trim: tuple[float, float, float, float]
    bleed: tuple[float, float, float, float]


def _mm_box(box: Any) -> tuple[float, float, float, float]:
    left, bottom, right, top = (float(v) / MM_TO_PT for v in (box.left, box.bottom, box.right, box.top))
    return left, bottom, right, top


def _mul(a: list[float], b: list[float]) -> list[float]:
    """PDF matrix product a x b for [a b c d e f] matrices."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def placements(path: Path) -> list[Placement]:
    """Every Form XObject drawn directly on a page, with its BBox mapped through the current matrix."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream, DictionaryObject

    reader = PdfReader(str(path))
    found: list[Placement] = []
    for page_no, page in enumerate(reader.pages):
        resources = page["/Resources"] if "/Resources" in page else None
        xobjects = resources.get("/XObject", {}) if isinstance(resources, DictionaryObject) else {}
        content = ContentStream(page.get_contents(), reader)
        ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
        stack: list[list[float]] = []
        for operands, op in content.operations:
            if op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                ctm = stack.pop()
            elif op == b"cm":
                ctm = _mul([float(v) for v in operands], ctm)
            elif op == b"Do":
                name = str(operands[0])
                form = xobjects[name].get_object()
                x0, y0, x1, y1 = (float(v) for v in form["/BBox"])
                m = _mul([float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])], ctm)
                corners = [(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
                           for x in (x0, x1) for y in (y0, y1)]
                px0, py0 = min(c[0] for c in corners), min(c[1] for c in corners)
                px1, py1 = max(c[0] for c in corners), max(c[1] for c in corners)
                # The form's x axis (m[0], m[1]) turned clockwise from the page's.
                rotation = round(math.degrees(math.atan2(-m[1], m[0]))) % 360
                found.append(Placement(page_no, name.lstrip("/").removeprefix("FormXob."),
                                       px0 / MM_TO_PT, py0 / MM_TO_PT,
                                       (px1 - px0) / MM_TO_PT, (py1 - py0) / MM_TO_PT, rotation))
    return found


def page_boxes(path: Path) -> list[PageInfo]:
    """MediaBox, TrimBox and BleedBox of every page in mm (pypdf defaults Trim/Bleed to the CropBox)."""
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    return [PageInfo(_mm_box(p.mediabox), _mm_box(p.trimbox), _mm_box(p.bleedbox)) for p in reader.pages]


@dataclass(frozen=True)
class FontUse:
    """A font a PDF references: its ``name`` (BaseFont) and whether its program is embedded."""

    name: str
    embedded: bool


def fonts(path: Path) -> set[FontUse]:
    """Every font referenced by a page or a form of the PDF at ``path``."""
    found: set[FontUse] = set()
    for resources, _, _ in _resource_scopes(path):
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if font.get("/Subtype") == "/Type0":
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found.add(FontUse(str(font.get("/BaseFont")), embedded))
    return found


def dangling_resources(path: Path) -> list[str]:
    """Names a content stream uses (``Tf`` fonts, ``gs`` graphics states, ``Do`` XObjects) that its
    resources do not define, as ``"page N <where>: <kind> <name>"``; empty for a well-formed file."""
    from pypdf.generic import ContentStream

    uses = {b"Tf": "/Font", b"gs": "/ExtGState", b"Do": "/XObject"}
    missing = []
    for resources, stream, where in _resource_scopes(path):
        for operands, op in ContentStream(stream, None).operations if stream is not None else ():
            if op in uses and operands and operands[0] not in resources.get(uses[op], {}):
                missing.append(f"{where}: {uses[op][1:]} {operands[0]}")
    return missing


def _resource_scopes(path: Path) -> Iterator[tuple[Any, Any, str]]:
    """``(resources, content, where)`` of every page and of every form placed on a page."""
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    for number, page in enumerate(reader.pages):
        resources = page.get("/Resources")
        resources = resources.get_object() if resources is not None else {}
        yield resources, page.get_contents(), f"page {number}"
        for name, ref in resources.get("/XObject", {}).items():
            form = ref.get_object()
            if form.get("/Subtype") == "/Form":
                inner = form.get("/Resources")
                yield (inner.get_object() if inner is not None else {}), form, f"page {number} {name}"
