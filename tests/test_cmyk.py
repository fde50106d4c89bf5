"""CMYK for DriveThruCards (issue 23): colours and card art separated through an ICC profile by
LittleCMS with black generation and the 240 % ink limit; every PDF of the profile in CMYK with an
output intent; preflight measures the total ink of rasters; PNG export says it is RGB."""

from __future__ import annotations

import logging
import math
import re
from pathlib import Path

import pytest
from PIL import Image, ImageCms
from pypdf import PdfReader
from test_pdf_support import small_pack

from doria_forge.export.layouts import LayoutOverrides, load_layout
from doria_forge.export.pdf import export_pdfs
from doria_forge.export.pdf.art import raster
from doria_forge.export.pdf.colour import PROFILE, PROFILE_INK_LIMIT, rgb_to_cmyk, total_ink_percent
from doria_forge.export.pdf.export import DEFAULT_LAYOUT_FILE
from doria_forge.export.png import profile_warnings
from doria_forge.export.preflight import ink_problems

LAYOUTS = DEFAULT_LAYOUT_FILE.parent
DTC = LayoutOverrides(profile_file=LAYOUTS / "drivethrucards.yaml")


def test_the_profile_is_an_icc_cmyk_output_profile_that_littlecms_reads():
    profile = ImageCms.getOpenProfile(str(PROFILE))
    assert profile.profile.xcolor_space.strip() == "CMYK" and profile.profile.device_class == "prtr"
    assert f"{PROFILE_INK_LIMIT}%" in ImageCms.getProfileDescription(profile)


def test_black_prints_with_black_ink_alone():
    """The naive conversion printed black as 100/100/100/0: 300 % ink and no black ink. Through
    the profile it was 47/47/47/100: four plates a press never lays exactly on one another, so
    small black type printed with coloured fringes. Black type goes on the black plate alone."""
    assert rgb_to_cmyk(0, 0, 0, 240) == (0, 0, 0, 1.0)
    assert rgb_to_cmyk(1, 1, 1, 240) == (0, 0, 0, 0)


def test_greys_print_on_the_black_plate_alone_darker_as_the_grey_darkens():
    inks = [rgb_to_cmyk(level, level, level, 240) for level in (0.9, 0.7, 0.5, 0.3, 0.2)]
    assert all(c == m == y == 0 for c, m, y, _ in inks), inks
    blacks = [k for *_, k in inks]
    assert blacks == sorted(blacks) and len(set(blacks)) == len(blacks) and 0 < blacks[0] and blacks[-1] < 1


def test_the_black_ink_of_a_grey_prints_the_greys_lightness():
    """A mid grey (sRGB 128) on the black plate prints, back through the profile, within a few
    levels of 128: the grey keeps its tone, not only its hue."""
    from PIL import Image

    k = rgb_to_cmyk(128 / 255, 128 / 255, 128 / 255, 240)[3]
    back = ImageCms.buildTransform(ImageCms.getOpenProfile(str(PROFILE)), ImageCms.createProfile("sRGB"),
                                   "CMYK", "RGB", renderingIntent=ImageCms.Intent.PERCEPTUAL)
    printed = ImageCms.applyTransform(Image.new("CMYK", (1, 1), (0, 0, 0, round(k * 255))), back)
    assert all(abs(v - 128) <= 4 for v in printed.getpixel((0, 0)))


def test_saturated_colours_are_separated_without_black():
    assert rgb_to_cmyk(1, 0, 0, 240)[3] == 0 and rgb_to_cmyk(0, 0, 1, 240)[3] == 0


def test_an_ink_limit_below_solid_black_caps_the_black_plate():
    assert rgb_to_cmyk(0, 0, 0, 80) == (0, 0, 0, math.floor(80 * 255 // 100 / 255 * 10_000) / 10_000)


@pytest.mark.parametrize("limit", [240, 200, 160])
def test_no_colour_exceeds_the_ink_limit(limit):
    steps = (0, 0.2, 0.45, 0.7, 1)
    for r in steps:
        for g in steps:
            for b in steps:
                assert sum(rgb_to_cmyk(r, g, b, limit)) <= limit / 100 + 1e-9


def _art(tmp_path: Path, colour, mode: str = "RGB", name: str = "art.png") -> Path:
    path = tmp_path / name
    Image.new(mode, (60, 80), colour).save(path)
    return path


def test_raster_art_is_separated_with_black_ink_within_the_limit(tmp_path):
    image = raster(str(_art(tmp_path, (0, 0, 0))), 240)
    assert image.mode == "CMYK"
    assert total_ink_percent(image) <= 240 and image.getpixel((0, 0))[3] >= 250
    assert total_ink_percent(raster(str(_art(tmp_path, (10, 20, 30), name="b.png")), 180)) <= 180


class _Face:
    def __init__(self, art: Path):
        self.spec = type("Spec", (), {"art": str(art)})()
        self.origin = "cards.yaml:3:1"


def test_preflight_measures_the_total_ink_of_the_art_as_it_prints(tmp_path):
    layout = load_layout(DEFAULT_LAYOUT_FILE).overlay(load_layout(LAYOUTS / "drivethrucards.yaml")).for_deck("hero")
    assert list(ink_problems(_Face(_art(tmp_path, (0, 0, 0))), layout, None, "x")) == []
    heavy = _art(tmp_path, (255, 255, 255, 255), mode="CMYK", name="heavy.jpg")  # 400 % as the designer made it
    [problem] = ink_problems(_Face(heavy), layout, None, "x")
    assert problem.rule_id == "preflight-ink-limit" and (problem.file, problem.line) == ("cards.yaml", 3)
    assert "400 %" in problem.message and "240 %" in problem.message


def _svg_holding(tmp_path: Path, picture: str, name: str = "scene.svg") -> Path:
    path = tmp_path / name
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                    'width="60" height="80"><rect width="60" height="80" fill="#204060"/>'
                    f'<image x="0" y="0" width="60" height="80" xlink:href="{picture}"/></svg>', encoding="utf-8")
    return path


def test_preflight_measures_the_ink_of_the_pictures_inside_svg_art(tmp_path):
    """The export prints a picture inside SVG art as card art (a CMYK one as the designer separated
    it), and preflight passed every SVG unmeasured: a 400 % picture went to the shop without a word."""
    layout = load_layout(DEFAULT_LAYOUT_FILE).overlay(load_layout(LAYOUTS / "drivethrucards.yaml")).for_deck("hero")
    _art(tmp_path, (255, 255, 255, 255), mode="CMYK", name="heavy.jpg")
    [problem] = ink_problems(_Face(_svg_holding(tmp_path, "heavy.jpg")), layout, None, "x")
    assert problem.rule_id == "preflight-ink-limit" and (problem.file, problem.line) == ("cards.yaml", 3)
    assert "heavy" not in problem.message and "scene.svg" in problem.message and "400 %" in problem.message
    _art(tmp_path, (0, 0, 0), name="light.png")  # RGB: separated within the limit by the export
    assert list(ink_problems(_Face(_svg_holding(tmp_path, "light.png", "light.svg")), layout, None, "x")) == []


def _colour_operators(data: bytes) -> set[str]:
    text = data.decode("latin-1")
    return set(re.findall(r"(?<![A-Za-z])(rg|RG|k|K|g|G|sc|scn)(?![A-Za-z])", text))


def test_every_pdf_of_the_profile_is_cmyk_with_an_output_intent(tmp_path):
    """The scenario booklet stayed RGB with no output intent; now every file is converted."""
    paths = export_pdfs(small_pack(tiles=1), tmp_path, DTC)
    names = {p.name for p in paths}
    assert {"scenarios.pdf", "character_sheets.pdf", "hero.pdf"} <= names
    for path in paths:
        reader = PdfReader(str(path))
        intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
        assert intent["/OutputConditionIdentifier"] == "CGATS TR 001", path.name
        for page in reader.pages:
            streams = [page.get_contents().get_data()] if page.get_contents() else []
            for xobject in (page["/Resources"].get("/XObject") or {}).values():
                streams.append(xobject.get_object().get_data())
            for data in streams:
                used = _colour_operators(data)
                assert not used & {"rg", "RG", "g", "G"}, (path.name, used)


def test_black_card_text_in_a_cmyk_pdf_is_set_on_the_black_plate_alone(tmp_path):
    """Every card's title and text are black: in the DriveThruCards PDF they were set in four inks
    (0.4666 0.4666 0.4666 1 k); they are set in black ink alone."""
    paths = export_pdfs(small_pack(tiles=1), tmp_path, DTC)
    fills = set()
    for path in paths:
        for page in PdfReader(str(path)).pages:
            streams = [page.get_contents().get_data()] if page.get_contents() else []
            streams += [x.get_object().get_data() for x in (page["/Resources"].get("/XObject") or {}).values()]
            for data in streams:
                fills |= {tuple(float(v) for v in found) for found in re.findall(
                    r"(?<![\w.])([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k(?![A-Za-z])", data.decode("latin-1"))}
    assert (0, 0, 0, 1) in fills
    assert not [f for f in fills if f[3] >= 0.99 and any(f[:3])], sorted(fills)


def test_16_bit_greyscale_art_prints_its_greys_not_white(tmp_path):
    """Pillow opens a 16-bit greyscale PNG with values 0-65535 and its conversion to RGB clips every
    one above 255: such art printed as a white box."""
    ramp = Image.new("I;16", (64, 4))
    ramp.putdata([x * 1024 for x in range(64)] * 4)
    ramp.save(tmp_path / "ramp.png")
    printed = raster(str(tmp_path / "ramp.png"), None)
    assert printed.getpixel((0, 0)) == (0, 0, 0)
    assert printed.getpixel((32, 0))[0] == pytest.approx(128, abs=2)
    assert printed.getpixel((63, 0))[0] == pytest.approx(251, abs=2)


def test_art_stored_turned_with_an_exif_orientation_prints_upright(tmp_path):
    """A phone's photo is stored as taken with an EXIF orientation every viewer applies: the card
    printed it on its side, and validate measured its resolution across the wrong sides."""
    from doria_forge.cardart import inspect

    stored = Image.new("RGB", (60, 40), "white")
    stored.paste((200, 0, 0), (0, 0, 30, 40))  # the left half as stored: the top once turned
    exif = Image.Exif()
    exif[0x0112] = 6  # turn a quarter clockwise to view
    stored.save(tmp_path / "photo.jpg", exif=exif.tobytes(), quality=95)
    printed = raster(str(tmp_path / "photo.jpg"), None)
    assert printed.size == (40, 60)
    assert printed.getpixel((20, 5))[1] < 60 and printed.getpixel((20, 55)) == pytest.approx((255, 255, 255), abs=8)
    assert inspect(tmp_path / "photo.jpg").size_px == (40, 60)


def test_export_png_warns_that_a_cmyk_pdf_profile_gets_rgb_images():
    data = load_layout(DEFAULT_LAYOUT_FILE).overlay(load_layout(LAYOUTS / "drivethrucards.yaml"))
    warnings = profile_warnings(small_pack(tiles=1), data)
    assert any("RGB" in w and "export pdf" in w for w in warnings)


@pytest.mark.parametrize("profile", ["home-a4.yaml", "home-letter.yaml"])
def test_export_png_for_a_home_printer_profile_says_it_prints_pdf_sheets_not_that_rgb_is_wrong(profile):
    """A home printer's profile is RGB and printed, not uploaded: the warning said its images "are
    RGB: upload the files of export pdf" as for DriveThruCards' CMYK."""
    data = load_layout(DEFAULT_LAYOUT_FILE).overlay(load_layout(LAYOUTS / profile))
    warnings = [w for w in profile_warnings(small_pack(tiles=1), data) if "export pdf" in w]
    assert len(warnings) == 1
    assert "RGB" not in warnings[0] and "upload" not in warnings[0]
    assert "prints PDF sheets" in warnings[0]


def test_export_png_offers_the_shops_mini_size(tmp_path, caplog):
    """Mini decks print at 41 x 63 mm, which The Game Crafter does not make: the export says so as
    preflight does and names its mini size; with --card-size loot=mini_pod the warning is gone."""
    data = load_layout(DEFAULT_LAYOUT_FILE).overlay(load_layout(LAYOUTS / "thegamecrafter.yaml"))
    warnings = profile_warnings(small_pack(tiles=1), data)
    loot = [w for w in warnings if w.startswith("deck loot ")]
    assert loot and "41 x 63 mm" in loot[0] and "--card-size loot=mini_pod" in loot[0]
    resized = LayoutOverrides(deck_card_sizes={"loot": "mini_pod"})
    assert not [w for w in profile_warnings(small_pack(tiles=1), data, resized) if w.startswith("deck loot ")]
    from doria_forge.export.png import export_pngs

    with caplog.at_level(logging.WARNING):
        export_pngs(small_pack(tiles=1), tmp_path, data)
    assert any("--card-size loot=mini_pod" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("profile", ["thegamecrafter", "makeplayingcards"])
def test_export_pdf_for_a_shop_taking_png_images_says_to_upload_those(tmp_path, caplog, profile):
    """export png with DriveThruCards (which takes PDFs) says so; export pdf with The Game Crafter or
    MakePlayingCards (which take one PNG per face) wrote PDFs at the shop's sizes without a word."""
    from typer.testing import CliRunner

    from doria_forge.commands.cli import app

    content = Path(__file__).resolve().parents[1] / "content"
    with caplog.at_level(logging.WARNING):
        result = CliRunner().invoke(app, ["export", "pdf", str(content), "--profile", profile, "--out",
                                          str(tmp_path / "pdf")])
    assert result.exit_code == 0, result.output
    said = [r.getMessage() for r in caplog.records]
    assert any("PNG image per card face" in m and "export png --profile" in m for m in said), said


def test_export_pdf_for_drivethrucards_names_the_decks_the_shop_does_not_make(tmp_path, caplog):
    """The PDFs for DriveThruCards printed the mini decks at 41 x 63 mm without a word, where
    export png and preflight say the shop lists poker cards and how to print at its size."""
    from typer.testing import CliRunner

    from doria_forge.commands.cli import app

    content = Path(__file__).resolve().parents[1] / "content"
    runner = CliRunner()
    with caplog.at_level(logging.WARNING):
        result = runner.invoke(app, ["export", "pdf", str(content), "--profile", "dtc", "--out", str(tmp_path / "a")])
    assert result.exit_code == 0, result.output
    said = [r.getMessage() for r in caplog.records]
    assert any(m.startswith("deck loot prints at mini_american") and "--card-size loot=poker" in m for m in said)
    assert not any("PNG" in m for m in said)  # the PDFs are what the shop takes
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        result = runner.invoke(app, ["export", "pdf", str(content), "--profile", "dtc", "--card-size", "loot=poker",
                                     "--out", str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    said = [r.getMessage() for r in caplog.records]
    assert any(m.startswith("deck monster ") for m in said) and not any(m.startswith("deck loot ") for m in said)
