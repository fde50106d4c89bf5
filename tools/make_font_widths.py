"""Write the width tables of the card font's text faces (``doria_forge/font_files/*.widths.json``)
that ``doria_forge.export.pdf.widths`` measures card texts with, from reportlab's own reading of
the shipped ``.ttf`` files. Run it again whenever a font file changes (a test compares each table
with reportlab and with the file's SHA-256)::

    python tools/make_font_widths.py
"""

from __future__ import annotations

import base64
import hashlib
import json
import sys
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from reportlab.pdfbase.ttfonts import TTFont  # noqa: E402

from doria_forge.export.pdf.widths import TEXT_FACES, table_path  # noqa: E402
from doria_forge.infra.fonts import FACES, font_dir  # noqa: E402


def table(ttf: Path) -> dict[str, object]:
    """The width table of ``ttf`` (format: ``doria_forge.export.pdf.widths``): the characters the
    face maps in code-point order, their advance widths in font units (base64 of little-endian
    unsigned 16-bit integers), the advance of the glyph a missing character gets, the face's units
    per em and the file's SHA-256. Raises ValueError if a width reportlab reads is not its advance
    scaled as the module scales it (the table would not measure as reportlab does)."""
    face = TTFont("measured", str(ttf)).face
    per_em = face.unitsPerEm

    def units(width: float) -> int:
        advance = round(width * per_em / 1000)
        if (advance if per_em == 1000 else advance * (1000 / per_em)) != width:
            raise ValueError(f"{ttf.name}: width {width!r} is not a whole number of font units")
        return advance

    codes = sorted(face.charWidths)
    packed = array("H", (units(face.charWidths[code]) for code in codes))
    if sys.byteorder != "little":
        packed.byteswap()
    return {"font": ttf.name, "sha256": hashlib.sha256(ttf.read_bytes()).hexdigest(), "units_per_em": per_em,
            "default": units(face.defaultWidth), "chars": "".join(map(chr, codes)),
            "units": base64.b64encode(packed.tobytes()).decode("ascii")}


def main() -> int:
    for name in TEXT_FACES:
        ttf = font_dir() / FACES[name]
        out = table_path(ttf)
        out.write_text(json.dumps(table(ttf), separators=(",", ":"), ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{out.relative_to(ROOT)}: {out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
