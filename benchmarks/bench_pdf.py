"""Benchmark: export the whole base pack to PDFs, against a bare reportlab script of the same size;
then the per-card PNG export (The Game Crafter profile: 300 dpi, 1/8 in bleed) and the Tabletop
Simulator export (deck sheets and Saved Object).

    python benchmarks/bench_pdf.py [content] [--repeat 3] [--image-repeat 1] [--no-images]

The bare script draws, with the same embedded font, as many boxes as the export places faces
(cards, backs, tiles, sheets) and as many text lines as those faces show (counted from the
exported content streams: every text-showing operator of a face, times its placements), on the
same number of pages. It is what a hand-written, layout-free, fit-free exporter would cost. The
ratio export / bare is the price of layout data, text fitting and card anatomy.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from doria_forge.export.pdf import export_pdfs  # noqa: E402
from doria_forge.export.pdf.fonts import REGULAR, register_fonts  # noqa: E402
from doria_forge.export.pdf.readback import placements  # noqa: E402
from doria_forge.validate import validate_pack  # noqa: E402

TEXT_OPS = {b"Tj", b"TJ", b"'", b'"'}


def _count_work(paths: list[Path]) -> tuple[int, int, int]:
    """(pages, boxes, text lines) the exported PDFs contain, counting a face once per placement."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    pages = boxes = lines = 0
    for path in paths:
        reader = PdfReader(str(path))
        pages += len(reader.pages)
        per_form: dict[tuple[int, str], int] = {}
        for number, page in enumerate(reader.pages):
            xobjects = page["/Resources"].get("/XObject", {})
            for name, ref in xobjects.items():
                form = ref.get_object()
                ops = ContentStream(form, reader).operations
                per_form[(number, name.lstrip("/"))] = sum(1 for _, op in ops if op in TEXT_OPS)
            lines += sum(1 for _, op in ContentStream(page.get_contents(), reader).operations if op in TEXT_OPS)
        for placed in placements(path):
            boxes += 1
            lines += per_form.get((placed.page, placed.name if placed.name.startswith("FormXob.")
                                   else "FormXob." + placed.name), 0)
    return pages, boxes, lines


def bare_reportlab(pages: int, boxes: int, lines: int) -> bytes:
    """The same number of pages, rectangles and text lines, drawn directly with no layout logic."""
    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4, invariant=1, pageCompression=1)
    boxes_per_page = -(-boxes // pages)
    lines_per_box = -(-lines // max(boxes, 1))
    drawn_boxes = drawn_lines = 0
    for _ in range(pages):
        for k in range(boxes_per_page):
            if drawn_boxes >= boxes:
                break
            x, y = 20 + (k % 4) * 130, 40 + (k // 4 % 4) * 190
            c.setFillColorRGB(0.9, 0.9, 0.85)
            c.rect(x, y, 116, 179, stroke=1, fill=1)
            c.setFillColorRGB(0, 0, 0)
            c.setFont(REGULAR, 7)
            for j in range(lines_per_box):
                if drawn_lines >= lines:
                    break
                c.drawString(x + 4, y + 170 - (j % 20) * 8, f"Card {drawn_boxes} line {j} Größe 2D+3 AP 14")
                drawn_lines += 1
            drawn_boxes += 1
        c.showPage()
    c.save()
    return buffer.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("content", nargs="?", default=str(ROOT / "content"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--image-repeat", type=int, default=1, help="Runs of the PNG and TTS exports.")
    parser.add_argument("--no-images", action="store_true", help="Only the PDF export.")
    args = parser.parse_args()
    result = validate_pack(Path(args.content))
    if result.pack is None:
        print("content is not a valid pack; run doria-forge validate", file=sys.stderr)
        return 1
    pack = result.pack
    export_times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.repeat):
            start = time.perf_counter()
            paths = export_pdfs(pack, Path(tmp) / f"run{i}")
            export_times.append(time.perf_counter() - start)
        size = sum(p.stat().st_size for p in paths)
        pages, boxes, lines = _count_work(paths)
    bare_times: list[float] = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        bare = bare_reportlab(pages, boxes, lines)
        bare_times.append(time.perf_counter() - start)
    export_best, bare_best = min(export_times), min(bare_times)
    counts = {k: len(v) for k, v in pack.documents.items()}
    print(f"pack: {pack.info.display_name} {pack.info.version} {counts}")
    print(f"export_pdfs: {len(paths)} files, {pages} pages, {boxes} faces placed, {lines} text lines, "
          f"{size / 1024:.0f} KiB; best of {args.repeat}: {export_best:.3f} s")
    print(f"bare reportlab: same pages/boxes/lines, {len(bare) / 1024:.0f} KiB; best of {args.repeat}: "
          f"{bare_best:.3f} s")
    print(f"ratio export / bare: {export_best / bare_best:.2f}")
    print(f"reportlab C accelerator (rl_accel): {'in use' if _accelerated() else 'NOT installed'}")
    if not args.no_images:
        _bench_images(pack, args.image_repeat)
    return 0


def _accelerated() -> bool:
    try:
        import _rl_accel  # noqa: F401
    except ImportError:
        return False
    return True


def _bench_images(pack, repeat: int) -> None:
    """Best-of-``repeat`` wall time of the per-card PNG and the TTS exports of the pack."""
    from doria_forge.export.layouts import LayoutOverrides
    from doria_forge.export.pdf.export import DEFAULT_LAYOUT_FILE, layout_data_for
    from doria_forge.export.png import export_pngs
    from doria_forge.export.tts import export_tts

    profile = DEFAULT_LAYOUT_FILE.parent / "thegamecrafter.yaml"
    png_layout = LayoutOverrides(profile_file=profile)
    png_data = layout_data_for(png_layout, DEFAULT_LAYOUT_FILE)
    tts_data = layout_data_for(None, DEFAULT_LAYOUT_FILE)
    runs = (("export png (thegamecrafter, 300 dpi)", lambda out: export_pngs(pack, out, png_data, png_layout)),
            ("export tts (sheets + Saved Object)", lambda out: export_tts(pack, out, tts_data)))
    for name, run in runs:
        times = []
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(repeat):
                start = time.perf_counter()
                paths = run(Path(tmp) / f"run{i}")
                times.append(time.perf_counter() - start)
            size = sum(p.stat().st_size for p in paths)
        images = sum(1 for p in paths if p.suffix == ".png")
        print(f"{name}: {images} images, {size / 1024 / 1024:.1f} MiB; best of {repeat}: {min(times):.2f} s "
              f"({min(times) / max(images, 1) * 1000:.0f} ms an image)")


if __name__ == "__main__":
    raise SystemExit(main())
