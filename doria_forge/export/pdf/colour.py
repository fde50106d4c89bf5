"""CMYK output for shops that ask for it: every colour converted as it is set, within an ink limit,
and the print condition declared as the PDF's output intent.

The drawing code works in RGB. With a layout's ``colour: cmyk`` the canvas converts each colour
when it is set (reportlab's colour-space hook, which its text objects share), so no drawing code
changes. The conversion is the simple device one (grey component replaced by black, then the
three inks scaled down to the total ink limit); a shop's own colour management does better, which
is why the README says to proof a CMYK file. Images are converted the same way by the art code.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import CMYKColor, Color, toColor
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFString
from reportlab.pdfgen.canvas import Canvas

REGISTRY = "http://www.color.org"


def rgb_to_cmyk(r: float, g: float, b: float, ink_limit_percent: int = 300) -> tuple[float, float, float, float]:
    """An RGB colour (0-1 each) as CMYK (0-1 each) whose total ink is at most ``ink_limit_percent``.

    Black takes the grey component (``k = 1 - max(r, g, b)``); if cyan, magenta, yellow and black
    add up to more than the limit, the three colour inks shrink in proportion (black keeps its depth).
    """
    k = 1 - max(r, g, b)
    if k >= 1:
        return (0.0, 0.0, 0.0, 1.0)
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    limit = ink_limit_percent / 100
    total = c + m + y + k
    if total > limit and c + m + y > 0:
        scale = max(0.0, limit - k) / (c + m + y)
        c, m, y = c * scale, m * scale, y * scale
    return (round(c, 4), round(m, 4), round(y, 4), round(k, 4))


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


def use_cmyk(canvas: Canvas, ink_limit_percent: int, output_condition: str | None) -> None:
    """Make ``canvas`` write CMYK colours only and, if ``output_condition`` names a registered print
    condition (``CGATS TR 001``, ``FOGRA39``...), declare it as the document's output intent."""
    canvas._enforceColorSpace = cmyk_enforcer(ink_limit_percent)
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
