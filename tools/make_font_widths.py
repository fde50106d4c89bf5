"""Write the width tables of the card font's text faces (``doria_forge/font_files/*.widths.json``)
that ``doria_forge.export.pdf.widths`` measures card texts with, from reportlab's own reading of
the shipped ``.ttf`` files. Run it again whenever a font file changes (a test compares each table
with reportlab and with the file's SHA-256)::

    python tools/make_font_widths.py
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from reportlab.pdfbase.ttfonts import TTFont  # noqa: E402

from doria_forge.export.pdf.widths import TEXT_FACES, table_path  # noqa: E402
from doria_forge.infra.fonts import FACES, font_dir  # noqa: E402


def table(ttf: Path) -> dict[str, object]:
    """The width table of ``ttf``: runs of consecutive code points ``[first, [width, ...]]``, the
    width of a missing character and the file's SHA-256."""
    face = TTFont("measured", str(ttf)).face
    runs: list[list[object]] = []
    for code in sorted(face.charWidths):
        if runs and code == runs[-1][0] + len(runs[-1][1]):  # type: ignore[operator, arg-type]
            runs[-1][1].append(face.charWidths[code])  # type: ignore[union-attr]
        else:
            runs.append([code, [face.charWidths[code]]])
    return {"font": ttf.name, "sha256": hashlib.sha256(ttf.read_bytes()).hexdigest(),
            "default": face.defaultWidth, "runs": runs}


def main() -> int:
    for name in TEXT_FACES:
        ttf = font_dir() / FACES[name]
        out = table_path(ttf)
        out.write_text(json.dumps(table(ttf), separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{out.relative_to(ROOT)}: {out.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
