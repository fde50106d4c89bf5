"""A pack must not make doria-forge read what is not the pack (issue 12): unreadable folders and
files are errors naming them; links out of the pack, FIFOs and devices are refused before they
are opened, quoting nothing; files above the size limit are refused before they are read."""

from __future__ import annotations

import base64
import io
import os
import struct
import time
import zlib
from pathlib import Path

import pytest
from robust_helpers import tiny_pack
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.load import load_pack
from doria_forge.load.files import MAX_FILE_ENV, discover, max_file_bytes
from doria_forge.packs import read_manifest

runner = CliRunner()

MONSTER = "kind: monster\nid: {id}\nname: {name}\nattack_type: melee\nrange: 1\naction_points: 8\npriority: A\n" \
          "figures: 1\ndeck_cards: 1\n"


def _pack(tmp_path: Path) -> Path:
    pack = tmp_path / "pack"
    (pack / "monsters").mkdir(parents=True)
    (pack / "monsters" / "orc.yaml").write_text(MONSTER.format(id="orc", name="Orc"))
    return pack


def _rows(result) -> list[tuple[str, str]]:
    return [(p.file, p.rule_id) for p in result.problems]


def _refuse_to_open(monkeypatch, victim: Path, *, listing: bool) -> None:
    """Make ``victim`` unreadable: chmod where that binds, else (root ignores modes) a patched call."""
    if os.geteuid() != 0:
        victim.chmod(0)
        return
    name, target = ("scandir", victim) if listing else ("open", victim.resolve())
    real = getattr(os, name)

    def refusing(path=".", *args, **kwargs):
        if Path(path) == target:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, name, refusing)


def test_an_unreadable_folder_is_an_error_naming_it(tmp_path, monkeypatch):
    pack = _pack(tmp_path)
    locked = pack / "more"
    locked.mkdir()
    (locked / "ogre.yaml").write_text(MONSTER.format(id="ogre", name="Ogre"))
    _refuse_to_open(monkeypatch, locked, listing=True)
    try:
        result = load_pack(pack, display_root="pack")
    finally:
        locked.chmod(0o755)
    assert _rows(result) == [("pack/more", "io-error")]
    assert "cannot read folder" in result.problems[0].message


def test_an_unreadable_file_is_an_error_naming_it(tmp_path, monkeypatch):
    pack = _pack(tmp_path)
    victim = pack / "monsters" / "orc.yaml"
    _refuse_to_open(monkeypatch, victim, listing=False)
    try:
        result = load_pack(pack, display_root="pack")
    finally:
        victim.chmod(0o644)
    assert _rows(result) == [("pack/monsters/orc.yaml", "io-error")]


def test_validate_of_a_pack_with_an_unreadable_folder_fails(tmp_path, monkeypatch):
    pack = tiny_pack(tmp_path / "content")
    _refuse_to_open(monkeypatch, pack / "monsters", listing=True)
    try:
        result = runner.invoke(app, ["validate", str(pack)])
    finally:
        (pack / "monsters").chmod(0o755)
    assert result.exit_code == 1
    assert f"{pack.as_posix()}/monsters:1:1: error [io-error] cannot read folder" in result.output


def test_a_link_to_a_file_outside_the_pack_is_refused_quoting_nothing(tmp_path):
    pack = _pack(tmp_path)
    secret = tmp_path / "secret.yaml"
    secret.write_text("kind: TOKEN-6d1f0c\nid: x\n")
    (pack / "stolen.yaml").symlink_to(secret)
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1
    assert "stolen.yaml:1:1: error [outside-pack]" in result.output
    assert "TOKEN" not in result.output


def test_a_link_out_of_the_pack_never_reaches_the_bundle(tmp_path):
    pack = _pack(tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "ogre.yaml").write_text(MONSTER.format(id="ogre", name="Ogre"))
    (pack / "linked.yaml").symlink_to(outside / "ogre.yaml")
    (pack / "linked_folder").symlink_to(outside)
    out = tmp_path / "b.json"
    result = runner.invoke(app, ["export", "bundle", str(pack), "--out", str(out)])
    assert result.exit_code == 1
    assert "linked.yaml:1:1: error [outside-pack]" in result.output
    assert "linked_folder:1:1: error [outside-pack]" in result.output
    assert not out.exists()


def test_a_pack_named_through_a_link_reads_its_files_and_still_refuses_links_out(tmp_path):
    # The pack folder's real path is resolved once for all its files (load_pack): a pack reached
    # through a linked folder is the folder it points to, and a link out of that is still refused.
    pack = _pack(tmp_path)
    (tmp_path / "secret.yaml").write_text("kind: TOKEN-6d1f0c\nid: x\n")
    (pack / "stolen.yaml").symlink_to(tmp_path / "secret.yaml")
    (tmp_path / "linked_pack").symlink_to(pack)
    loaded = load_pack(tmp_path / "linked_pack")
    assert [d.data["id"] for d in loaded.documents] == ["orc"]
    assert [(p.file.rsplit("/", 1)[-1], p.rule_id) for p in loaded.problems] == [("stolen.yaml", "outside-pack")]


def test_links_inside_the_pack_are_read_once(tmp_path):
    pack = _pack(tmp_path)
    (pack / "alias.yaml").symlink_to(pack / "monsters" / "orc.yaml")
    (pack / "again").symlink_to(pack / "monsters")  # a folder link: not followed
    files, problems = discover(pack)
    assert [p.relative_to(pack).as_posix() for p in files] == ["alias.yaml", "monsters/orc.yaml"]
    assert problems == []


def test_a_link_to_a_device_and_a_fifo_are_refused_without_blocking(tmp_path):
    pack = _pack(tmp_path)
    os.mkfifo(pack / "monsters" / "x.yaml")
    (pack / "zero.yaml").symlink_to("/dev/zero")
    (pack / "broken.yaml").symlink_to(tmp_path / "nowhere")
    started = time.monotonic()
    result = load_pack(pack, display_root="pack")  # blocked forever on the FIFO before
    assert time.monotonic() - started < 5
    assert sorted(_rows(result)) == [("pack/broken.yaml", "io-error"), ("pack/monsters/x.yaml", "not-a-regular-file"),
                                     ("pack/zero.yaml", "outside-pack")]


def test_a_link_loop_is_named_a_loop_not_a_broken_link(tmp_path):
    """`ln -s self.yaml self.yaml` (or two links naming each other) was "a symbolic link to
    nothing (broken link)": the designer looks for a missing file that is not missing."""
    pack = _pack(tmp_path)
    (pack / "self.yaml").symlink_to("self.yaml")
    (pack / "ping.yaml").symlink_to("pong.yaml")
    (pack / "pong.yaml").symlink_to("ping.yaml")
    (pack / "broken.yaml").symlink_to(tmp_path / "nowhere")
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1
    for name in ("self", "ping", "pong"):
        assert (f"{pack / name}.yaml:1:1: error [io-error] is a symbolic link that leads back to itself "
                "(a loop of links); not read") in result.output
    assert f"{pack / 'broken.yaml'}:1:1: error [io-error] is a symbolic link to nothing (broken link)" in result.output


def test_a_file_swapped_for_a_fifo_after_the_listing_is_refused(tmp_path, monkeypatch):
    """The descriptor is checked again after a non-blocking open, so a swap does not block."""
    pack = _pack(tmp_path)
    target = pack / "monsters" / "orc.yaml"
    real_discover = discover

    def swap(root):
        found = real_discover(root)
        target.unlink()
        os.mkfifo(target)
        return found

    monkeypatch.setattr("doria_forge.load.loader.discover", swap)
    result = load_pack(pack, display_root="pack")
    assert _rows(result) == [("pack/monsters/orc.yaml", "not-a-regular-file")]


def test_a_fifo_named_as_the_pack_is_a_usage_error(tmp_path):
    os.mkfifo(tmp_path / "x.yaml")
    result = runner.invoke(app, ["validate", str(tmp_path / "x.yaml")])
    assert result.exit_code == 2
    assert "not a regular file" in result.output


def test_a_file_above_the_size_limit_is_refused_and_the_limit_can_change(tmp_path, monkeypatch):
    pack = _pack(tmp_path)
    padding = "# " + "x" * 2000 + "\n"
    (pack / "monsters" / "orc.yaml").write_text(padding + MONSTER.format(id="orc", name="Orc"))
    monkeypatch.setenv(MAX_FILE_ENV, "1K")
    result = load_pack(pack, display_root="pack")
    assert _rows(result) == [("pack/monsters/orc.yaml", "file-too-large")]
    assert MAX_FILE_ENV in result.problems[0].message
    monkeypatch.setenv(MAX_FILE_ENV, "64k")
    assert load_pack(pack, display_root="pack").problems == ()


def test_a_spreadsheet_above_its_own_limit_is_not_sent_to_the_variable_that_does_not_change_it(
        tmp_path, monkeypatch):
    """A CSV above the spreadsheets' 32 MiB was told "(set DORIA_FORGE_MAX_FILE_BYTES to change the
    limit)", and setting it changed nothing: the variable is the limit of the pack's YAML files."""
    from doria_forge.authoring import sheet_read

    monkeypatch.setattr(sheet_read, "MAX_SHEET_BYTES", 1024)  # the 32 MiB, without writing 32 MiB
    sheet = tmp_path / "traps.csv"
    sheet.write_text("id,name\n" + "t,T\n" * 400, encoding="utf-8")
    monkeypatch.setenv(MAX_FILE_ENV, "1G")
    out = tmp_path / "traps.yaml"
    result = runner.invoke(app, ["import", str(sheet), "--kind", "trap", "--out", str(out)])
    size = sheet.stat().st_size
    assert f":1:1: error [import] file is {size} bytes, more than the limit of 1024 bytes; not read\n" in result.output
    assert MAX_FILE_ENV not in result.output


def test_a_spreadsheet_above_its_limit_is_a_content_problem_as_a_pack_file_above_its_limit(tmp_path, monkeypatch):
    """A CSV or workbook above the spreadsheets' limit exited 2 (a usage error) while a pack file
    above its limit, and a sheet with more rows than its limit, exit 1: the command was right, the
    file is not. It is now an error at the file's first cell, exit 1, nothing written."""
    from doria_forge.authoring import sheet_read

    monkeypatch.setattr(sheet_read, "MAX_SHEET_BYTES", 1024)
    csv_sheet = tmp_path / "traps.csv"
    csv_sheet.write_text("id,name\n" + "t,T\n" * 400, encoding="utf-8")
    book = tmp_path / "traps.xlsx"
    book.write_bytes(b"PK" + b"\0" * 2048)
    for sheet in (csv_sheet, book):
        out = tmp_path / "traps.yaml"
        result = runner.invoke(app, ["import", str(sheet), "--kind", "trap", "--out", str(out)])
        assert result.exit_code == 1, result.output
        assert f"{sheet.name}:1:1: error [import] file is " in result.output
        assert "more than" in result.output and "not read" in result.output
        assert not out.exists()


def test_the_default_size_limit_is_documented():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert MAX_FILE_ENV in readme
    assert f"{max_file_bytes() // 1024**2} MiB" in readme


@pytest.mark.parametrize("value", ["lots", "-5", "0", "1T"])
def test_a_bad_size_limit_is_a_usage_error(tmp_path, monkeypatch, value):
    pack = _pack(tmp_path)
    monkeypatch.setenv(MAX_FILE_ENV, value)
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 2
    assert MAX_FILE_ENV in result.output


def test_card_art_linked_out_of_the_pack_or_a_fifo_is_never_opened(tmp_path):
    pack = tmp_path / "content"
    (pack / "art").mkdir(parents=True)
    secret = tmp_path / "secret.png"
    secret.write_bytes(b"\x89PNG TOKEN-6d1f0c")
    (pack / "art" / "stolen.png").symlink_to(secret)
    os.mkfifo(pack / "art" / "pipe.png")
    for name, art in (("a", "art/stolen.png"), ("b", "art/pipe.png")):
        (pack / f"{name}.yaml").write_text(f"kind: door_event\nid: {name}\nname: N\ntext: T.\nart: {art}\n")
    started = time.monotonic()
    result = runner.invoke(app, ["validate", str(pack)])
    assert time.monotonic() - started < 10
    assert result.exit_code == 1
    assert "a.yaml:5:6: error [card-art] art art/stolen.png lies outside the pack" in result.output
    assert "b.yaml:5:6: error [card-art] art art/pipe.png is a FIFO (named pipe), not a file" in result.output
    assert "TOKEN" not in result.output


# -- issue 25: the same rules where packs are searched, for --baseline and for an empty pack path ----------
def test_a_huge_or_fifo_manifest_beside_the_pack_is_skipped_at_once(tmp_path, monkeypatch):
    """Every folder beside an expansion is searched for the pack it requires; an 18 MB pack.yaml
    there held validation up for minutes."""
    project = tmp_path / "project"
    expansion = project / "frost"
    expansion.mkdir(parents=True)
    (expansion / "pack.yaml").write_text("kind: pack\nid: frost\nname: Frost\nversion: 0.1.0\nrequires: [doria-base]\n")
    (project / "huge").mkdir()
    (project / "huge" / "pack.yaml").write_text("kind: pack\nid: huge\nname: Huge\nversion: 0.1.0\n" + "# padding\n" * 10_000)
    (project / "pipe").mkdir()
    os.mkfifo(project / "pipe" / "pack.yaml")
    monkeypatch.setenv(MAX_FILE_ENV, "64K")  # the base pack's files are smaller, the huge manifest larger
    started = time.monotonic()
    result = runner.invoke(app, ["validate", str(expansion)])
    assert time.monotonic() - started < 30
    assert result.exit_code == 0, result.output  # the base pack doria-forge ships is found
    assert read_manifest(project / "huge") is None and read_manifest(project / "pipe") is None


def test_a_fifo_given_as_baseline_is_refused_at_once(tmp_path):
    pack = tiny_pack(tmp_path / "content")
    os.mkfifo(tmp_path / "old.json")
    result = runner.invoke(app, ["simulate", "scenario", "nowhere", str(pack), "--baseline", str(tmp_path / "old.json"),
                                 "--runs", "1", "--no-progress"])
    assert result.exit_code == 2
    assert "FIFO" in result.output and "--baseline" in result.output


@pytest.mark.parametrize("command", [["validate", ""], ["export", "pdf", " "], ["simulate", ""], ["diff", "x", "--pack", ""]])
def test_an_empty_pack_path_is_a_usage_error_not_the_working_folder(tmp_path, monkeypatch, command):
    monkeypatch.chdir(tiny_pack(tmp_path / "here"))  # validating the working folder would succeed
    result = runner.invoke(app, command)
    assert result.exit_code == 2
    assert "pack path is empty" in result.output


# -- issue 25: card art confined to the pack: SVG references, devices and pixel bombs ----------------------
def _png_header(width: int, height: int) -> bytes:
    """A PNG that declares ``width`` x ``height`` pixels (its data is junk: never decoded)."""
    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))


def _svg(body: str) -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" '
            f'height="60">{body}</svg>')


def _art_pack(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    pack = tiny_pack(tmp_path / "content")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "x.svg").write_text(_svg('<g id="s"><text x="1" y="9">TOKEN-6d1f0c</text></g>'))
    (pack / "art").mkdir()
    for name, data in files.items():
        target = pack / "art" / name
        target.write_bytes(data) if isinstance(data, bytes) else target.write_text(data)
    (pack / "door.yaml").write_text("kind: door_event\nid: door\nname: Door\nname_de: Tür\ntext: T.\ntext_de: T.\n"
                                    f"art: art/{next(iter(files))}\n")
    return pack


HOSTILE_ART = {
    "svg use out of the pack": ({"a.svg": _svg('<use xlink:href="../../outside/x.svg#s"/>')}, "lies outside the pack"),
    "svg image of a device": ({"a.svg": _svg('<image href="../../../../../../../../../dev/zero" width="9" height="9"/>')},
                              "may only use PNG, JPG or SVG"),
    "svg image of a url": ({"a.svg": _svg('<image href="https://example.org/x.png" width="9" height="9"/>')},
                           "by a relative path"),
    "svg image of an absolute path": ({"a.svg": _svg('<image href="/etc/x.png" width="9" height="9"/>')},
                                      "by a relative path"),
    "svg style import": ({"a.svg": _svg("<style>@import url(../../outside/x.css);</style>")}, "@import"),
    "svg fill from outside": ({"a.svg": _svg('<rect fill="url(../../outside/x.svg#s)" width="9" height="9"/>')},
                              "lies outside the pack"),
    "png bomb": ({"a.png": _png_header(13_300, 13_300)}, "13300 x 13300 pixels"),
    "svg of a png bomb": ({"a.svg": _svg('<image href="b.png" width="9" height="9"/>'),
                           "b.png": _png_header(20_000, 20_000)}, "more than the 40,000,000 pixels"),
    "embedded png bomb": ({"a.svg": _svg('<image href="data:image/png;base64,'
                                         + base64.b64encode(_png_header(30_000, 30_000)).decode() + '"/>')},
                          "more than the 40,000,000 pixels"),
    "svg that is not xml": ({"a.svg": "<svg><g></svg>"}, "not a readable SVG"),
}


@pytest.mark.parametrize("files, says", HOSTILE_ART.values(), ids=HOSTILE_ART.keys())
def test_card_art_that_reads_outside_the_pack_or_bombs_is_an_error_at_its_line(tmp_path, files, says):
    pack = _art_pack(tmp_path, files)
    out = tmp_path / "pdf"
    result = runner.invoke(app, ["export", "pdf", str(pack), "--out", str(out)])
    assert result.exit_code == 1
    assert "door.yaml:7:6: error [card-art]" in result.output and says in result.output
    assert "TOKEN" not in result.output and not out.exists()


def test_svg_art_waiting_on_a_fifo_is_refused_at_once(tmp_path):
    pack = _art_pack(tmp_path, {"a.svg": _svg('<image href="pipe.png" width="9" height="9"/>')})
    os.mkfifo(pack / "art" / "pipe.png")
    started = time.monotonic()
    result = runner.invoke(app, ["validate", str(pack)])
    assert time.monotonic() - started < 10
    assert result.exit_code == 1 and "FIFO" in result.output


def test_svg_art_using_its_own_fragments_and_files_of_the_pack_prints(tmp_path):
    from PIL import Image

    pack = _art_pack(tmp_path, {"a.svg": _svg('<defs><g id="g"><rect width="9" height="9"/></g></defs>'
                                              '<use xlink:href="#g"/><use xlink:href="parts/b.svg#h"/>'
                                              '<image href="c.png" width="9" height="9"/>'
                                              '<rect fill="url(#g)" width="1" height="1"/>')})
    (pack / "art" / "parts").mkdir()
    (pack / "art" / "parts" / "b.svg").write_text(_svg('<g id="h"><circle r="4"/></g>'))
    Image.new("RGB", (40, 30), "red").save(pack / "art" / "c.png")
    result = runner.invoke(app, ["export", "pdf", str(pack), "--out", str(tmp_path / "pdf")])
    assert result.exit_code == 0, result.output


def test_svg_art_and_its_text_print_in_embedded_fonts(tmp_path):
    """Any SVG art put Helvetica (reportlab's starting font) on the page, and its text a font svglib
    could not find as Times-Roman: fonts a PDF names without embedding them, which print shops
    reject. Both now print in the card font, embedded."""
    from doria_forge.export.pdf.readback import fonts

    pack = _art_pack(tmp_path, {"a.svg": _svg('<rect width="9" height="9"/><text x="1" y="20" '
                                              'font-family="No Such Serif" font-weight="bold">Orc</text>')})
    result = runner.invoke(app, ["export", "pdf", str(pack), "--out", str(tmp_path / "pdf")])
    assert result.exit_code == 0, result.output
    used = fonts(tmp_path / "pdf" / "door_events.pdf")
    assert used and all(f.embedded for f in used), used


def test_pictures_inside_svg_art_print_in_cmyk_on_a_cmyk_profile(tmp_path):
    """DriveThruCards' PDFs are CMYK: an SVG's <image> (a file beside it, or data) was drawn as an
    RGB image into them, past the separation every other picture goes through."""
    import re

    from PIL import Image
    from pypdf import PdfReader

    data = io.BytesIO()
    Image.new("RGBA", (8, 6), (0, 90, 200, 128)).save(data, "PNG")
    inline = base64.b64encode(data.getvalue()).decode("ascii")
    pack = _art_pack(tmp_path, {"a.svg": _svg('<image href="c.png" width="40" height="30"/>'
                                              f'<image href="data:image/png;base64,{inline}" x="50" width="8" '
                                              'height="6"/>')})
    Image.new("RGB", (40, 30), (200, 30, 30)).save(pack / "art" / "c.png")
    out = tmp_path / "pdf"
    result = runner.invoke(app, ["export", "pdf", str(pack), "--profile", "drivethrucards", "--out", str(out)])
    assert result.exit_code == 0, result.output
    spaces = []
    for page in PdfReader(str(out / "door_events.pdf")).pages:
        for form in page["/Resources"].get("/XObject", {}).values():
            spaces += re.findall(rb"BI\s.*?/CS\s*/(\w+)", form.get_object().get_data(), re.S)
    assert len(spaces) == 2 and set(spaces) == {b"DeviceCMYK"}, spaces


def test_a_transparent_picture_inside_svg_art_is_flattened_onto_white_not_black(tmp_path):
    """A PNG art file's transparency is flattened onto white; the same picture inside an SVG printed
    its transparent pixels black."""
    import pypdfium2
    from PIL import Image
    from reportlab.pdfgen.canvas import Canvas

    from doria_forge.export.pdf.art import draw_art

    Image.new("RGBA", (40, 30), (0, 0, 0, 0)).save(tmp_path / "clear.png")
    (tmp_path / "a.svg").write_text(_svg('<image href="clear.png" width="100" height="60"/>'))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(100, 60))
    draw_art(canvas, tmp_path / "a.svg", 0, 0, 100, 60)
    canvas.save()
    page = pypdfium2.PdfDocument(buffer.getvalue())[0].render(scale=1).to_pil().convert("RGB")
    assert page.getpixel((50, 30)) == (255, 255, 255)


def test_the_export_refuses_a_device_or_bomb_art_file_of_its_own(tmp_path):
    """Validation comes first; the drawing checks the file again (it may have changed since)."""
    from reportlab.pdfgen.canvas import Canvas

    from doria_forge.export.errors import ExportError
    from doria_forge.export.pdf.art import draw_art

    (tmp_path / "bomb.png").write_bytes(_png_header(13_300, 13_300))
    os.mkfifo(tmp_path / "pipe.png")
    for name, says in (("bomb.png", "13300 x 13300 pixels"), ("pipe.png", "FIFO")):
        with pytest.raises(ExportError, match=says):
            draw_art(Canvas(io.BytesIO()), tmp_path / name, 0, 0, 100, 60)


def test_the_export_keeps_an_svg_that_changed_since_validation_inside_its_pack(tmp_path):
    """An SVG that validated, then was edited to draw a file outside the pack before it was drawn:
    the drawing checks its references against the pack holding it again, and reads nothing
    outside."""
    from reportlab.pdfgen.canvas import Canvas

    from doria_forge.export.errors import ExportError
    from doria_forge.export.pdf.art import draw_art

    pack = _art_pack(tmp_path, {"a.svg": _svg('<rect width="9" height="9"/>')})
    assert runner.invoke(app, ["validate", str(pack)]).exit_code == 0
    (pack / "art" / "a.svg").write_text(_svg('<use xlink:href="../../outside/x.svg#s"/>'))
    with pytest.raises(ExportError, match="lies outside the pack"):
        draw_art(Canvas(io.BytesIO()), pack / "art" / "a.svg", 0, 0, 100, 60)


def test_a_bad_file_limit_is_named_also_for_the_default_pack(tmp_path, monkeypatch):
    """DORIA_FORGE_MAX_FILE_BYTES=abc with the default content/ in the working folder said "no pack
    here: no content/ in" that folder; an explicit PACK got the variable's own message."""
    tiny_pack(tmp_path / "content")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(MAX_FILE_ENV, "abc")
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {MAX_FILE_ENV}='abc' is not a size; write bytes or a number with K, M or G"


def test_open_regular_refuses_a_fifo_without_waiting_and_a_final_link_unless_asked(tmp_path):
    """The one opener under the pack loader, the card art and the build manifest."""
    import errno
    import stat

    from doria_forge.infra.regular_files import NotARegularFile, open_regular

    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(NotARegularFile) as info:
        open_regular(tmp_path / "pipe")
    assert stat.S_ISFIFO(info.value.mode) and info.value.strerror == "not a regular file"
    (tmp_path / "file").write_bytes(b"abc")
    (tmp_path / "link").symlink_to(tmp_path / "file")
    with pytest.raises(OSError) as refused:
        open_regular(tmp_path / "link")
    assert refused.value.errno == errno.ELOOP
    fh, status = open_regular(tmp_path / "link", follow_link=True)
    with fh:
        assert (fh.read(), status.st_size) == (b"abc", 3)


def test_a_file_name_that_is_not_utf8_is_reported_not_a_traceback(tmp_path):
    """A file named with a byte of another encoding (`\\xff.yaml`, copied from an old archive)
    ended validate in a UnicodeEncodeError traceback while it fingerprinted the files read."""
    pack = tiny_pack(tmp_path / "content")
    with open(os.path.join(os.fsencode(pack), b"\xff.yaml"), "wb") as fh:
        fh.write(b"kind: trap\nid: [x\n")
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1, result.output
    assert "\\udcff.yaml:2:7: error [yaml-syntax]" in result.output
