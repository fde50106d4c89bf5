"""CMYK output for shops that ask for it: every colour and every raster separated through an ICC
profile by LittleCMS (Pillow's ImageCms), within an ink limit, and the print condition declared as
the PDF's output intent.

The drawing code works in RGB (sRGB). With a layout's ``colour: cmyk`` the canvas converts each
colour when it is set (reportlab's colour-space hook, which its text objects share), so no drawing
code changes, and raster card art is converted image by image (:func:`convert_image`). The
separation is the output profile ``doria_forge/icc/doria-coated-gcr-240.icc``
(``tools/make_cmyk_profile.py``: a coated offset press modelled from the ISO 12647-2 solids, with
grey component replacement and total ink at most 240 %), applied sRGB to CMYK with the perceptual
intent; a neutral colour of the drawing (black or grey type and lines) goes on the black plate
alone, at the black ink that prints its lightness (:func:`rgb_to_cmyk`). A lower ``ink_limit_percent`` than the
profile's is enforced after the conversion by lowering cyan, magenta and yellow (black keeps its
depth). CMYK art the designer separated is printed as it is; ``preflight`` measures its total ink
(:func:`total_ink_percent`). The profile models the press; it is not the shop's own: proof the file
with the shop's preflight, as the README says.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas

if TYPE_CHECKING:  # pragma: no cover
    from PIL.Image import Image

REGISTRY = "http://www.color.org"
PROFILE = Path(__file__).resolve().parents[2] / "icc" / "doria-coated-gcr-240.icc"
"""The CMYK output profile (see the module docstring)."""
PROFILE_INK_LIMIT = 240
"""Total ink (percent) the profile's separation never exceeds."""


@cache
def _transform() -> Any:
    """The LittleCMS transform sRGB -> the CMYK profile (8 bits a channel, perceptual intent)."""
    from PIL import ImageCms

    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(str(PROFILE)),
                                   "RGB", "CMYK", renderingIntent=ImageCms.Intent.PERCEPTUAL)


def _limited(c: int, m: int, y: int, k: int, ink_limit_percent: int) -> tuple[int, int, int, int]:
    """8-bit ink amounts with C, M, Y lowered in proportion until the total is within the limit."""
    room = ink_limit_percent * 255 // 100 - k
    total = c + m + y
    if total <= room:
        return c, m, y, k
    if room <= 0:
        return 0, 0, 0, min(k, ink_limit_percent * 255 // 100)
    c, m, y = (v * room // total for v in (c, m, y))
    return c, m, y, k


@cache
def _black_plate_greys() -> tuple[int, ...]:
    """The sRGB grey level (0-255) that each amount of black ink alone (0-255, no C, M or Y) prints
    as, through the profile (LittleCMS, CMYK to sRGB, perceptual intent): darker as the ink grows,
    255 for none, about 41 for solid black."""
    from PIL import Image, ImageCms

    back = ImageCms.buildTransform(ImageCms.getOpenProfile(str(PROFILE)), ImageCms.createProfile("sRGB"),
                                   "CMYK", "RGB", renderingIntent=ImageCms.Intent.PERCEPTUAL)
    ramp = Image.new("CMYK", (256, 1))
    for k in range(256):
        ramp.putpixel((k, 0), (0, 0, 0, k))
    printed = ImageCms.applyTransform(ramp, back)
    assert printed is not None  # None only for a transform in place
    return tuple(round(sum(printed.getpixel((k, 0))) / 3) for k in range(256))  # type: ignore[arg-type]


def _black_ink_for(grey: float) -> int:
    """The amount of black ink alone (0-255) that prints closest to the sRGB grey ``grey`` (0-1):
    255 for black and anything darker than solid black prints, 0 for white."""
    target = round(min(1.0, max(0.0, grey)) * 255)
    printed = _black_plate_greys()
    return min(range(256), key=lambda k: (abs(printed[k] - target), k))


@lru_cache(maxsize=4096)
def rgb_to_cmyk(r: float, g: float, b: float, ink_limit_percent: int = 300) -> tuple[float, float, float, float]:
    """An sRGB colour (0-1 each) as CMYK (0-1 each), with total ink at most ``ink_limit_percent``
    (and never above the profile's own 240 %).

    A neutral colour (``r == g == b``: black text, grey lines and type) goes on the black plate
    alone, with the black ink that prints the grey's lightness through the profile (100 % for
    black): through the profile black was 47/47/47/100, four inks whose plates a press never lays
    exactly on one another, so small black type printed with coloured fringes. Every other colour
    is separated through the profile."""
    if r == g == b:
        k = min(_black_ink_for(r), ink_limit_percent * 255 // 100)
        return (0.0, 0.0, 0.0, math.floor(k / 255 * 10_000) / 10_000)
    from PIL import Image, ImageCms

    pixel = Image.new("RGB", (1, 1), tuple(int(round(min(1.0, max(0.0, v)) * 255)) for v in (r, g, b)))
    converted = ImageCms.applyTransform(pixel, _transform())
    assert converted is not None  # None only for a transform in place
    c, m, y, k = converted.getpixel((0, 0))  # type: ignore[misc]  # a CMYK pixel is four ints
    # Rounded down: the four inks as written never add up to more than the limit.
    inks = _limited(c, m, y, k, ink_limit_percent)
    return tuple(math.floor(v / 255 * 10_000) / 10_000 for v in inks)  # type: ignore[return-value]


def convert_image(image: Image, ink_limit_percent: int) -> Image:
    """``image`` for a CMYK page: RGB (or grey, palette...) separated through the profile within
    the ink limit; a CMYK image is returned as it is (its ink is the designer's: preflight checks it)."""
    from PIL import ImageCms, ImageMath

    if image.mode == "CMYK":
        return image
    cmyk = ImageCms.applyTransform(image.convert("RGB"), _transform())
    assert cmyk is not None  # None only for a transform in place
    if ink_limit_percent >= PROFILE_INK_LIMIT:
        return cmyk
    room = ink_limit_percent * 255 // 100
    c, m, y, k = cmyk.split()
    scale = ImageMath.lambda_eval(
        lambda e: e["min"](e["float"](e["max"](room - e["k"], 0)) / e["max"](e["c"] + e["m"] + e["y"], 1), 1.0),
        c=c, m=m, y=y, k=k)
    bands = [ImageMath.lambda_eval(lambda e: e["convert"](e["float"](e["v"]) * e["s"], "L"), v=v, s=scale)
             for v in (c, m, y)]
    from PIL import Image as PILImage

    return PILImage.merge("CMYK", (*bands, k))


def total_ink_percent(image: Image) -> float:
    """The largest total ink (C + M + Y + K, percent) of any pixel of a CMYK ``image``."""
    from PIL import ImageMath

    c, m, y, k = image.split()
    total = ImageMath.lambda_eval(lambda e: e["c"] + e["m"] + e["y"] + e["k"], c=c, m=m, y=y, k=k)
    return total.getextrema()[1] * 100 / 255


def cmyk_enforcer(ink_limit_percent: int) -> Callable[[object], CMYKColor]:
    """A reportlab colour-space hook: any colour in, its CMYK conversion out (CMYK passes through)."""

    def enforce(colour: object) -> CMYKColor:
        if isinstance(colour, (tuple, list)) and len(colour) == 4:
            return CMYKColor(*colour)
        value = toColor(colour)
        if isinstance(value, CMYKColor):
            return value
        if isinstance(value, Color):
            return CMYKColor(*rgb_to_cmyk(value.red, value.green, value.blue, ink_limit_percent))
        raise ValueError(f"unknown colour {colour!r}")

    return enforce


def ink_limit_of(canvas: Canvas) -> int | None:
    """The ink limit of a canvas that writes CMYK (:func:`use_cmyk`), else None (an RGB canvas)."""
    return getattr(canvas, "_doria_ink_limit", None)


def use_cmyk(canvas: Canvas, ink_limit_percent: int, output_condition: str | None) -> None:
    """Make ``canvas`` write CMYK colours only and, if ``output_condition`` names a registered print
    condition (``CGATS TR 001``, ``FOGRA39``...), declare it as the document's output intent."""
    canvas._enforceColorSpace = cmyk_enforcer(ink_limit_percent)
    canvas._doria_ink_limit = ink_limit_percent
    if not output_condition:
        return
    catalog = canvas._doc.Catalog
    intent = PDFDictionary({
        "Type": PDFName("OutputIntent"),
        "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(output_condition),
        "OutputCondition": PDFString(output_condition),
        "RegistryName": PDFString(REGISTRY),
        "Info": PDFString(f"{output_condition}, total ink at most {ink_limit_percent}%"),
    })
    # reportlab's catalog writes only the keys it lists; the output intent is one more.
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray([intent])
