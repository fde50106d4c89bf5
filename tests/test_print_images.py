"""Per-card PNGs, Tabletop Simulator sheets and Saved Object, preflight and card art, read back."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from PIL import Image
from test_pdf_support import small_pack
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.export.errors import ExportError, OptionError
from doria_forge.export.layouts import LayoutOverrides, load_layout
from doria_forge.export.pdf.compose import face_box
from doria_forge.export.pdf.export import DEFAULT_LAYOUT_FILE, build_decks, layout_data_for
from doria_forge.export.png import export_pngs
from doria_forge.export.raster import render_faces
from doria_forge.export.tts import CARDS_PER_SHEET, export_tts, sheet_grid
from doria_forge.model import ContentPack

ROOT = Path(__file__).resolve().parents[1]
LAYOUTS = DEFAULT_LAYOUT_FILE.parent
runner = CliRunner()


def test_per_card_pngs_are_poker_with_eighth_inch_bleed_at_300_dpi(tmp_path: Path):
    heroes = [doc for doc in small_pack() if doc.kind in ("character", "pack")]
    overrides = LayoutOverrides(profile_file=LAYOUTS / "thegamecrafter.yaml")
    paths = export_pngs(ContentPack.from_documents(heroes), tmp_path, layout_data_for(overrides, DEFAULT_LAYOUT_FILE),
                        overrides)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    files = sorted(e["file"] for e in manifest["images"])
    assert files == ["hero/mage-1-back.png", "hero/mage-1-front.png", "hero/warrior-1-back.png",
                     "hero/warrior-1-front.png"]
    for path in paths[:-1]:
        with Image.open(path) as image:
            assert image.size == (825, 1125) and image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    front, back = Image.open(tmp_path / "hero/mage-1-front.png"), Image.open(tmp_path / "hero/mage-1-back.png")
    assert front.tobytes() != back.tobytes()


def test_the_manifest_says_how_a_turned_image_was_turned(tmp_path: Path):
    """With ``rotation: 90`` the images are the card turned (1125 x 825 px), while the manifest gave
    the trim as designed (63.5 x 88.9 mm) and no word of the turn."""
    heroes = [doc for doc in small_pack() if doc.kind in ("character", "pack")]
    turned = tmp_path / "turned.yaml"
    turned.write_text((LAYOUTS / "thegamecrafter.yaml").read_text(encoding="utf-8").replace("rotation: 0",
                                                                                            "rotation: 90"))
    overrides = LayoutOverrides(profile_file=turned)
    export_pngs(ContentPack.from_documents(heroes), tmp_path / "png", layout_data_for(overrides, DEFAULT_LAYOUT_FILE),
                overrides)
    entry = json.loads((tmp_path / "png" / "manifest.json").read_text())["images"][0]
    assert (entry["width_px"], entry["height_px"]) == (1125, 825)
    assert entry["trim_mm"] == pytest.approx([63.5, 88.9]) and entry["rotation"] == 90
    with Image.open(tmp_path / "png" / entry["file"]) as image:
        assert image.size == (1125, 825)


def test_png_export_again_removes_the_images_of_cards_gone_from_the_pack(tmp_path: Path):
    """A folder uploaded to a shop is printed whole: after a card is deleted (or loses copies) the
    images the last export wrote for it must go, or they are printed too. Only files the previous
    manifest listed are removed; anything else in the folder stays."""
    docs = [doc for doc in small_pack() if doc.kind in ("character", "pack", "door_event")]
    overrides = LayoutOverrides(profile_file=LAYOUTS / "thegamecrafter.yaml")
    layout = layout_data_for(overrides, DEFAULT_LAYOUT_FILE)
    export_pngs(ContentPack.from_documents(docs), tmp_path, layout, overrides)
    (tmp_path / "hero" / "notes.txt").write_text("mine")
    fewer = [doc.model_copy(update={"copies": 1}) if doc.kind == "door_event" else doc
             for doc in docs if doc.id != "mage"]
    export_pngs(ContentPack.from_documents(fewer), tmp_path, layout, overrides)
    listed = {e["file"] for e in json.loads((tmp_path / "manifest.json").read_text())["images"]}
    on_disk = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.png")}
    assert on_disk == listed == {"hero/warrior-1-front.png", "hero/warrior-1-back.png",
                                 "door_events/draft-1-front.png", "door_events/draft-1-back.png"}
    assert (tmp_path / "hero" / "notes.txt").read_text() == "mine"
    # a manifest written by someone else removes nothing outside the deck folders
    outside = tmp_path.parent / f"{tmp_path.name}-outside.png"
    outside.write_text("keep")
    (tmp_path / "manifest.json").write_text(json.dumps({"images": [
        {"file": str(outside)}, {"file": f"../{outside.name}"}, {"file": "hero/../../x.png"}, {"file": "hero/notes.txt"}]}))
    export_pngs(ContentPack.from_documents(fewer), tmp_path, layout, overrides)
    assert outside.read_text() == "keep" and (tmp_path / "hero" / "notes.txt").exists()


@pytest.mark.parametrize(("count", "grid"), [(1, (2, 2)), (3, (2, 2)), (9, (5, 2)), (54, (10, 6)), (69, (10, 7))])
def test_tts_sheet_grids_keep_a_slot_for_the_hidden_card(count, grid):
    cols, rows = sheet_grid(count)
    assert (cols, rows) == grid and cols * rows > count and cols <= 10 and rows <= 7
    with pytest.raises(ValueError):
        sheet_grid(CARDS_PER_SHEET + 1)


def _local(url: str) -> Path:
    return Path(url2pathname(urlparse(url).path))


def test_tts_saved_object_card_ids_match_their_sheet_positions(tmp_path: Path):
    keep = ("pack", "monster", "monster_level", "character", "room_tile")
    pack = ContentPack.from_documents([doc for doc in small_pack(tiles=1) if doc.kind in keep])
    layout = load_layout(DEFAULT_LAYOUT_FILE)
    paths = export_tts(pack, tmp_path, layout)
    save = json.loads(paths[-1].read_text())
    decks = {d.title: d for d in build_decks(pack)}
    objects = save["ObjectStates"]
    assert [o["Name"] for o in objects if o["Name"] == "Custom_Tile"] == ["Custom_Tile"]
    checked = 0
    for obj in objects:
        if obj["Name"] != "DeckCustom":
            continue
        deck = decks[obj["Nickname"]]
        cards = obj["ContainedObjects"]
        assert obj["DeckIDs"] == [c["CardID"] for c in cards]
        assert [c["Description"] for c in cards] == [c.ref for c in deck.cards]
        for index, (card, printed) in enumerate(zip(cards, deck.cards)):
            key, slot = divmod(card["CardID"], 100)
            entry = obj["CustomDeck"][str(key)]
            assert card["CustomDeck"] == {str(key): entry}
            cols, rows = entry["NumWidth"], entry["NumHeight"]
            assert 0 <= slot < cols * rows - 1 and entry["BackIsHidden"] is True
            sheet = Image.open(_local(entry["FaceURL"]))
            assert sheet.mode == "RGB" and max(sheet.size) <= 4096
            w, h = sheet.size[0] // cols, sheet.size[1] // rows
            assert (w * cols, h * rows) == sheet.size
            if index in (0, len(cards) - 1):  # the slot shows this very card, drawn by the print code
                row, col = divmod(slot, cols)
                crop = sheet.crop((col * w, row * h, (col + 1) * w, (row + 1) * h))
                sheet_layout = layout.for_deck(deck.name)
                dpi = w / (sheet_layout.card_mm[0] / 25.4)
                expected = render_faces([printed.front], face_box(sheet_layout), dpi, with_bleed=False)[0]
                assert crop.tobytes() == expected.resize((w, h)).tobytes() if expected.size != (w, h) else \
                    crop.tobytes() == expected.tobytes()
                checked += 1
    assert checked >= 4
    unique = next(o for o in objects if o["Nickname"] == "Monster Level Cards")
    assert all(e["UniqueBack"] for e in unique["CustomDeck"].values())


def test_tts_cards_of_a_sheet_are_saved_as_card_objects(tmp_path: Path):
    """formats.md: a deck's ``ContainedObjects`` are ``Card`` objects, each with its ``CardID`` and
    ``CustomDeck``. They were ``CardCustom``: TTS's single custom card, whose image is the card (1 x 1),
    not a slot of a 10 x 7 sheet. A lone card lies on the table as a ``Card`` of its sheet too."""
    docs = [doc for doc in small_pack() if doc.kind in ("character", "pack")]
    paths = export_tts(ContentPack.from_documents(docs), tmp_path / "deck", load_layout(DEFAULT_LAYOUT_FILE))
    deck = json.loads(paths[-1].read_text())["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom" and {c["Name"] for c in deck["ContainedObjects"]} == {"Card"}
    lone = [doc for doc in docs if doc.kind == "pack" or doc.id == "mage"]
    paths = export_tts(ContentPack.from_documents(lone), tmp_path / "lone", load_layout(DEFAULT_LAYOUT_FILE))
    card = json.loads(paths[-1].read_text())["ObjectStates"][0]
    assert card["Name"] == "Card" and card["CardID"] == 100
    assert card["CustomDeck"]["1"]["NumWidth"] * card["CustomDeck"]["1"]["NumHeight"] > 1


def _deck_keys(save: Path) -> set[int]:
    objects = json.loads(save.read_text())["ObjectStates"]
    keys = {int(key) for obj in objects for key in obj.get("CustomDeck", {})}
    for obj in objects:  # each card finds its sheet by its CardID's key
        for card in obj.get("ContainedObjects", [obj] if "CardID" in obj else []):
            assert str(card["CardID"] // 100) in obj["CustomDeck"]
    return keys


def test_tts_an_expansions_decks_never_share_a_key_with_its_base_pack(tmp_path: Path):
    """formats.md: a sheet is known by its CustomDeck key, CardID = key x 100 + slot. A base pack's
    and an expansion's saves both numbered their sheets from 1: loaded on one table, the base's Loot
    Cards and the expansion's, shuffled into one deck, held two sheets under the key 1."""
    docs = [doc for doc in small_pack() if doc.kind in ("character", "pack")]
    base = ContentPack.from_documents(docs)
    expansion = base.printing(frozenset(("character", doc.id) for doc in docs[-3:] if doc.kind == "character"))
    layout = load_layout(DEFAULT_LAYOUT_FILE)
    base_keys = _deck_keys(export_tts(base, tmp_path / "base", layout)[-1])
    expansion_keys = _deck_keys(export_tts(expansion, tmp_path / "expansion", layout)[-1])
    assert base_keys == {1} and expansion_keys and not base_keys & expansion_keys
    assert expansion_keys == _deck_keys(export_tts(expansion, tmp_path / "again", layout)[-1])


def test_tts_export_again_removes_the_files_it_wrote_for_decks_gone(tmp_path: Path):
    """Exported again after a deck, a Room Tile or the pack id went, the old sheets, tile and Saved
    Object stayed beside the new save, where whoever hosts or opens the folder picks them up. Only
    files the last export listed go; the user's own files stay."""
    docs = [doc for doc in small_pack(tiles=2) if doc.kind in ("pack", "character", "door_event", "room_tile")]
    layout = load_layout(DEFAULT_LAYOUT_FILE)
    first = export_tts(ContentPack.from_documents(docs), tmp_path, layout)
    (tmp_path / "door_events-notes.png").write_bytes(b"mine")
    (tmp_path / "room_tiles" / "sketch.png").write_bytes(b"mine")
    tile = next(doc for doc in docs if doc.kind == "room_tile")
    fewer = [doc.model_copy(update={"id": "renamed"}) if doc.kind == "pack" else doc
             for doc in docs if doc.kind != "door_event" and doc is not tile]
    second = export_tts(ContentPack.from_documents(fewer), tmp_path, layout)
    on_disk = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert on_disk == {p.relative_to(tmp_path).as_posix() for p in second} | {"door_events-notes.png",
                                                                              "room_tiles/sketch.png"}
    gone = {p.name for p in first} - {p.name for p in second}
    assert {"door_events-1.png", "door_events-back.png", f"{tile.id}.png", "testpack.json"} <= gone


def test_export_again_removes_the_folder_of_a_deck_gone_but_not_a_folder_holding_a_users_file(tmp_path: Path):
    """After every Room Tile (every card of a deck) was deleted, the export left their folder
    behind, empty, in the folder uploaded or opened in Tabletop Simulator."""
    docs = [doc for doc in small_pack(tiles=2) if doc.kind in ("pack", "character", "door_event", "room_tile")]
    layout = load_layout(DEFAULT_LAYOUT_FILE)
    export_tts(ContentPack.from_documents(docs), tmp_path / "tts", layout)
    export_tts(ContentPack.from_documents([doc for doc in docs if doc.kind != "room_tile"]), tmp_path / "tts", layout)
    assert not (tmp_path / "tts" / "room_tiles").exists()
    export_pngs(ContentPack.from_documents(docs), tmp_path / "png", layout)
    (tmp_path / "png" / "hero" / "notes.txt").write_text("mine")
    export_pngs(ContentPack.from_documents([doc for doc in docs if doc.kind not in ("door_event", "character")]),
                tmp_path / "png", layout)
    assert not (tmp_path / "png" / "door_events").exists()
    assert [p.name for p in (tmp_path / "png" / "hero").iterdir()] == ["notes.txt"]


def test_tts_base_url_names_hosted_images(tmp_path: Path):
    pack = ContentPack.from_documents([doc for doc in small_pack() if doc.kind in ("character", "pack")])
    paths = export_tts(pack, tmp_path, load_layout(DEFAULT_LAYOUT_FILE), base_url="https://example.org/doria/")
    card = json.loads(paths[-1].read_text())["ObjectStates"][0]
    entry = next(iter(card["CustomDeck"].values()))
    assert entry["FaceURL"] == "https://example.org/doria/hero-1.png"
    assert entry["BackURL"] == "https://example.org/doria/hero-back.png"


def test_tts_room_tile_named_back_keeps_its_face_and_every_tile_its_back(tmp_path: Path):
    """A Room Tile may have the id ``back``: its image must not overwrite the tiles' common back."""
    docs = [doc for doc in small_pack(tiles=2) if doc.kind in ("pack", "room_tile")]
    docs[-1] = docs[-1].model_copy(update={"id": "back"})
    paths = export_tts(ContentPack.from_documents(docs), tmp_path, load_layout(DEFAULT_LAYOUT_FILE))
    tiles = [o["CustomImage"] for o in json.loads(paths[-1].read_text())["ObjectStates"]]
    images = {url: _local(url).read_bytes() for tile in tiles for url in tile.values() if isinstance(url, str)}
    assert len(images) == 3 and len(set(images.values())) == 3  # two faces and the back, all different
    assert tiles[0]["ImageSecondaryURL"] == tiles[1]["ImageSecondaryURL"]


def test_tts_in_german_names_each_card_as_its_german_sheet_does(tmp_path: Path):
    """A card's ``Nickname`` (shown when hovering over it and searched in a deck) is its printed name:
    `export tts --lang de` used to draw German sheets under English names."""
    from doria_forge.i18n import language

    pack = ContentPack.from_documents([doc for doc in small_pack() if doc.kind in ("character", "pack")])
    with language("de"):
        paths = export_tts(pack, tmp_path, load_layout(DEFAULT_LAYOUT_FILE))
    cards = json.loads(paths[-1].read_text())["ObjectStates"][0]["ContainedObjects"]
    assert [(c["Description"], c["Nickname"]) for c in cards] == [("character:mage", "Mage"),
                                                                 ("character:warrior", "Barbar")]


@pytest.mark.parametrize(("lang", "expected"), [("en", "Orc (Level 2)"), ("de", "Ork (Stufe 2)")])
def test_tts_names_a_monster_level_card_as_printed_its_monster_and_level(tmp_path: Path, lang: str, expected: str):
    """A Monster Level Card prints its monster's name and its level; its Nickname was the card's own
    authoring ``name`` (English in the German edition: 'Archer (level 1)' over a sheet reading
    'Goblin-Bogenschützen', 'Stufe 1'), or its id ('orc-2') where it has none."""
    from doria_forge.i18n import language

    docs = [doc.model_copy(update={"name_de": "Ork"}) if doc.kind == "monster" and doc.id == "orc" else doc
            for doc in small_pack() if doc.kind in ("monster", "monster_level", "pack")]
    with language(lang):
        paths = export_tts(ContentPack.from_documents(docs), tmp_path, load_layout(DEFAULT_LAYOUT_FILE))
    levels = next(o for o in json.loads(paths[-1].read_text())["ObjectStates"] if o["Description"] == "monster_level")
    names = {c["Description"]: c["Nickname"] for c in levels["ContainedObjects"]}
    assert names["monster_level:orc-2"] == expected


# One profile of each kind (PNG container, CMYK PDF, home printer); bench and README run them all.
@pytest.mark.parametrize("profile", ["thegamecrafter", "drivethrucards", "home-letter"])
def test_preflight_runs_for_every_profile_on_the_base_pack(profile: str):
    result = runner.invoke(app, ["preflight", str(ROOT / "content"), "--profile", profile])
    assert result.exit_code == 0, result.output
    assert "0 errors" in result.output and "Traceback" not in result.output


def test_preflight_reports_cut_text_at_the_card_file_and_line(tmp_path: Path):
    pack = tmp_path / "content"
    pack.mkdir()
    (pack / "weapons.yaml").write_text(
        "kind: equipment\nid: dagger\nname: Dagger\ncard_type: weapon\nzone: 1_hand\n"
        "attacks: [{attack_type: melee, dice: 2D, damage: 1, ap: 10}]\n---\n"
        "kind: equipment\nid: wordy_blade\nname: Wordy Blade\ncard_type: weapon\nzone: 1_hand\n"
        "attacks: [{attack_type: melee, dice: 2D, damage: 1, ap: 10}]\n"
        f"text: \"{'An endless saga of the blade. ' * 60}\"\n", encoding="utf-8")
    result = runner.invoke(app, ["preflight", str(pack), "--profile", "tgc"])
    assert result.exit_code == 1, result.output
    assert "weapons.yaml:8:1: error [preflight-text-cut] equipment-wordy_blade: text cut" in result.output
    assert "dagger" not in result.output
    unknown = runner.invoke(app, ["preflight", str(pack), "--profile", "kinkos"])
    assert unknown.exit_code == 2 and "known:" in unknown.output


def _art_pack(tmp_path: Path, art: str, size: tuple[int, int] | None) -> Path:
    pack = tmp_path / "content"
    (pack / "art").mkdir(parents=True)
    if size:
        Image.new("RGB", size, (200, 30, 30)).save(pack / art)  # PNG or JPEG, as the name says
    (pack / "orc.yaml").write_text(f"kind: door_event\nid: orc\nname: Orcs Ahead\ntext: Run.\nart: {art}\n",
                                   encoding="utf-8")
    return pack


def test_validate_reports_missing_and_low_resolution_art_at_its_line(tmp_path: Path):
    missing = runner.invoke(app, ["validate", str(_art_pack(tmp_path / "a", "art/none.png", None))])
    assert missing.exit_code == 1 and "orc.yaml:5:6: error [card-art] art file not found" in missing.output
    small = runner.invoke(app, ["validate", str(_art_pack(tmp_path / "b", "art/orc.png", (60, 40)))])
    assert small.exit_code == 0 and "orc.yaml:5:6: warning [card-art]" in small.output and "dpi" in small.output
    escape = runner.invoke(app, ["validate", str(_art_pack(tmp_path / "c", "../orc.png", None))])
    assert escape.exit_code == 1 and "'..' is not allowed" in escape.output


def test_art_at_the_packs_top_named_from_a_subfolder_says_where_art_is_looked_for(tmp_path: Path):
    """A designer's art/ folder at the pack's top, named `art: art/orc.png` from monsters/orc.yaml,
    was "art file not found: .../monsters/art/orc.png", and `../art/orc.png` "must stay inside the
    pack" (it is inside it). The first now says where the file is and where to move it; the second
    that art is named from the YAML file's folder."""
    pack = _art_pack(tmp_path, "art/orc.png", (600, 600))
    (pack / "monsters").mkdir()
    (pack / "orc.yaml").rename(pack / "monsters" / "orc.yaml")
    missing = runner.invoke(app, ["validate", str(pack)])
    assert missing.exit_code == 1
    assert ("art/orc.png is in the pack's top folder, above it; move it into the pack's monsters/art/"
            in " ".join(missing.output.split()))
    yaml = pack / "monsters" / "orc.yaml"
    yaml.write_text(yaml.read_text(encoding="utf-8").replace("art: art/orc.png", "art: ../art/orc.png"),
                    encoding="utf-8")
    up = runner.invoke(app, ["validate", str(pack)])
    assert up.exit_code == 1 and "inside the pack" not in up.output
    assert "art is named from the YAML file's folder" in " ".join(up.output.split())



def test_art_named_by_a_url_is_refused_as_a_url_not_as_a_missing_file(tmp_path: Path):
    """``art: https://example.org/orc.png`` said "art file not found: .../https:/example.org/orc.png",
    as if a folder named https: were missing; the pack reads only its own files."""
    for i, url in enumerate(("https://example.org/orc.png", "//example.org/orc.png", "file:art/orc.png")):
        result = runner.invoke(app, ["validate", str(_art_pack(tmp_path / str(i), url, None))])
        assert result.exit_code == 1
        assert "orc.yaml:5:6: error [card-art] art must be a file of the pack, not a URL" in result.output, url
    drive = runner.invoke(app, ["validate", str(_art_pack(tmp_path / "d", "C:/art/orc.png", None))])
    assert "path relative to the YAML file" in drive.output

def test_validate_reports_a_cut_short_png_at_its_line_before_an_export_meets_it(tmp_path: Path):
    """A PNG whose copy broke off has a whole header: validate used to pass it and only the export
    failed, after a build's whole simulation, naming no card."""
    pack = _art_pack(tmp_path, "art/orc.png", (600, 250))
    image = pack / "art" / "orc.png"
    image.write_bytes(image.read_bytes()[:200])
    _assert_reported_as_cut(tmp_path, pack, "orc.png")


def _assert_reported_as_cut(tmp_path: Path, pack: Path, art: str) -> None:
    """validate names the damaged ``art`` at the card's art line (exit 1), and export png fails at
    that line without writing its folder."""
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1, result.output
    assert f"orc.yaml:5:6: error [card-art] art {art} is damaged or cut short" in result.output
    exported = runner.invoke(app, ["export", "png", str(pack), "--out", str(tmp_path / "png")])
    assert exported.exit_code == 1 and "orc.yaml:5:6" in exported.output and not (tmp_path / "png").exists()


CUT_JPEGS = {
    # how the copy broke off: what is left of the file
    "in the picture data": lambda data: data[:len(data) // 2],
    "just before its end marker": lambda data: data[:-2],
    "with a thumbnail's end marker left in its header": lambda data: _with_thumbnail(data)[:len(data) // 2 + 4000],
}


def _with_thumbnail(data: bytes) -> bytes:
    """``data`` (a JPEG) with an EXIF segment holding a small JPEG of its own (as cameras write),
    whose end marker comes before the picture's."""
    from io import BytesIO

    thumbnail = BytesIO()
    Image.new("RGB", (16, 16), (1, 2, 3)).save(thumbnail, "JPEG")
    segment = b"Exif\x00\x00" + thumbnail.getvalue()
    return data[:2] + b"\xff\xe1" + (len(segment) + 2).to_bytes(2, "big") + segment + data[2:]


@pytest.mark.parametrize("cut", CUT_JPEGS.values(), ids=CUT_JPEGS.keys())
def test_validate_reports_a_cut_short_jpeg_at_its_line_before_an_export_meets_it(tmp_path: Path, cut):
    """A JPEG whose copy broke off passed validate (the PNG check reads checksums a JPEG has not):
    the export failed on it, naming the file but not the card's line."""
    pack = _art_pack(tmp_path, "art/orc.jpg", None)
    image = pack / "art" / "orc.jpg"
    Image.effect_noise((900, 380), 60).convert("RGB").save(image, quality=90)
    image.write_bytes(cut(image.read_bytes()))
    _assert_reported_as_cut(tmp_path, pack, "orc.jpg")


def _scan_start(data: bytes) -> int:
    """Where a JPEG's picture data begins: past the header of its first scan (SOS)."""
    position = 2
    while data[position + 1] != 0xDA:
        position += 2 + int.from_bytes(data[position + 2:position + 4], "big")
    return position + 2 + int.from_bytes(data[position + 2:position + 4], "big")


def test_validate_reports_a_jpeg_whose_picture_data_is_garbled_inside_whole_markers(tmp_path: Path):
    """Start, frame, scan and end markers all in place, the picture data between them garbage:
    validate passed it (only the markers were read) and the print export broke on it."""
    import random

    pack = _art_pack(tmp_path, "art/orc.jpg", None)
    image = pack / "art" / "orc.jpg"
    Image.effect_noise((900, 380), 60).convert("RGB").save(image, quality=90)
    data = bytearray(image.read_bytes())
    start, end = _scan_start(data) + 100, len(data) - 102
    data[start:end] = random.Random(7).randbytes(end - start)
    assert data[:2] == b"\xff\xd8" and data[-2:] == b"\xff\xd9"
    image.write_bytes(bytes(data))
    _assert_reported_as_cut(tmp_path, pack, "orc.jpg")


def test_a_jpeg_is_decoded_once_while_its_bytes_stay_the_same(tmp_path: Path, monkeypatch):
    from PIL import JpegImagePlugin

    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(tmp_path / "cache"))
    pack = _art_pack(tmp_path, "art/orc.jpg", (900, 380))
    decoded, load = [], JpegImagePlugin.JpegImageFile.load
    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "load", lambda self: decoded.append(1) or load(self))
    for args, decodes in ((["validate"], 1), (["validate"], 0), (["validate", "--no-cache"], 1)):
        decoded.clear()
        result = runner.invoke(app, [*args, str(pack)])
        assert result.exit_code == 0 and "card-art" not in result.output, result.output
        assert len(decoded) == decodes, (args, decoded)


WHOLE_JPEGS = {
    "baseline": lambda data: data,
    "progressive": None,
    "with a thumbnail": _with_thumbnail,
    "with data after its end marker": lambda data: data + b"\x00" * 70_000 + b"trailer",
}


@pytest.mark.parametrize("whole", WHOLE_JPEGS.values(), ids=WHOLE_JPEGS.keys())
def test_a_whole_jpeg_passes_validate_and_prints(tmp_path: Path, whole):
    pack = _art_pack(tmp_path, "art/orc.jpg", None)
    image = pack / "art" / "orc.jpg"
    Image.effect_noise((900, 380), 60).convert("RGB").save(image, quality=90, progressive=whole is None)
    image.write_bytes((whole or (lambda data: data))(image.read_bytes()))
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 0 and "card-art" not in result.output, result.output
    exported = runner.invoke(app, ["export", "png", str(pack), "--out", str(tmp_path / "png")])
    assert exported.exit_code == 0, exported.output


def test_card_art_is_drawn_into_the_art_region_and_checked_by_preflight(tmp_path: Path):
    from pypdf import PdfReader

    pack = _art_pack(tmp_path, "art/orc.png", (600, 250))  # 451 dpi on a mini card, 270 on poker
    out = tmp_path / "pdf"
    result = runner.invoke(app, ["export", "pdf", str(pack), "--out", str(out)])
    assert result.exit_code == 0, result.output
    form = PdfReader(str(out / "door_events.pdf")).pages[0]["/Resources"]["/XObject"]["/FormXob.F_door_event_orc"]
    images = [x for x in form.get_object()["/Resources"]["/XObject"].values() if x.get_object()["/Subtype"] == "/Image"]
    assert [(i.get_object()["/Width"], i.get_object()["/Height"]) for i in images] == [(600, 250)]
    low = runner.invoke(app, ["preflight", str(pack), "--profile", "home-a4", "--card-size", "door_events=poker"])
    assert low.exit_code == 1 and "[preflight-art-resolution]" in low.output


@pytest.mark.parametrize(("pixels", "sharp"), [((60, 40), False), ((1200, 800), True)])
def test_preflight_measures_the_resolution_of_the_pictures_inside_svg_art(tmp_path: Path, pixels, sharp):
    """An SVG prints its vector art sharp at any size, but a picture it holds prints at the size the
    SVG gives it: preflight passed a 60 x 40 px photo inside an SVG, printed 26 mm wide (58 dpi)."""
    pack = _art_pack(tmp_path, "art/scene.svg", None)
    Image.new("RGB", pixels, (200, 30, 30)).save(pack / "art" / "photo.png")
    (pack / "art" / "scene.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="90" height="60" '
        'viewBox="0 0 90 60"><g transform="scale(0.5)"><image width="180" height="120" xlink:href="photo.png"/>'
        '</g></svg>', encoding="utf-8")
    result = runner.invoke(app, ["preflight", str(pack), "--profile", "home-a4"])
    if sharp:
        assert result.exit_code == 0 and "preflight-art-resolution" not in result.output, result.output
    else:
        assert result.exit_code == 1, result.output
        assert "orc.yaml:1:1: error [preflight-art-resolution] a picture in art scene.svg prints at 58 dpi" \
            in result.output and "300 dpi" in result.output


def test_preflight_reports_a_deck_over_the_profile_limit_at_its_first_card():
    from doria_forge.export.layouts import LayoutFile
    from doria_forge.export.preflight import preflight

    pack = ContentPack.from_documents([doc for doc in small_pack() if doc.kind in ("pack", "monster", "trap")],
                                      origins={("monster", "goblin"): "content/monsters/goblin.yaml:4:1"})
    shop = LayoutFile.model_validate({"profile": {"name": "Tiny Shop", "max_deck_cards": 4, "trim_sizes": ["poker"]}})
    problems = preflight(pack, load_layout(DEFAULT_LAYOUT_FILE).overlay(shop))
    size = [p for p in problems if p.rule_id == "preflight-deck-size"]
    assert [(p.file, p.line, p.severity.value) for p in size] == [("content/monsters/goblin.yaml", 4, "error")]
    assert "5 cards; Tiny Shop takes at most 4" in size[0].message
    assert {p.rule_id for p in problems if p.severity.value == "warning"} == {"preflight-trim-size"}


def test_tabletop_simulator_lays_the_table_out_and_scales_cards_by_both_axes(tmp_path):
    """Issue 23: every object lay at one spot (Room Tiles 7-12 on tiles 1-6 and on the decks) and
    mini cards were scaled by one factor. Decks lie in a row, tiles in rows in front, no two
    footprints overlap; a 41 x 63 mm card is 41/63.5 across and 63/88.9 along a poker card."""
    import json as _json

    from doria_forge.export.layouts import load_layout
    from doria_forge.export.pdf.export import DEFAULT_LAYOUT_FILE
    from doria_forge.export.tts import export_tts

    paths = export_tts(small_pack(tiles=8), tmp_path, load_layout(DEFAULT_LAYOUT_FILE))
    objects = _json.loads(paths[-1].read_text(encoding="utf-8"))["ObjectStates"]
    boxes = []
    for obj in objects:
        t = obj["Transform"]
        if obj["Name"] == "Custom_Tile":
            w, h = t["scaleX"], t["scaleZ"]  # a tile's scale is its side in inches
        else:
            w, h = 2.5 * t["scaleX"], 3.5 * t["scaleZ"]  # the poker card model, 2.5 x 3.5 in
        boxes.append((t["posX"] - w / 2, t["posZ"] - h / 2, t["posX"] + w / 2, t["posZ"] + h / 2, obj["Nickname"]))
    assert sum(1 for o in objects if o["Name"] == "Custom_Tile") == 8
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b)
    loot = next(o for o in objects if o.get("Description") == "loot")
    assert loot["Transform"]["scaleX"] == pytest.approx(41 / 63.5, abs=1e-3)
    assert loot["Transform"]["scaleZ"] == pytest.approx(63 / 88.9, abs=1e-3)
    hero = next(o for o in objects if o.get("Description") == "hero")
    assert hero["Transform"]["scaleX"] == pytest.approx(1.0) and hero["Transform"]["scaleZ"] == pytest.approx(1.0)


def test_preflight_reports_a_card_size_the_paper_cannot_hold_as_export_pdf_refuses_it(tmp_path: Path):
    """preflight --card-size 300x300 on A4 said '0 errors', and export pdf then stopped on the same
    options: 'card size 300x300 ... does not fit on a4 paper'."""
    options = ["--profile", "home-a4", "--card-size", "loot=300x300"]
    export = runner.invoke(app, ["export", "pdf", str(ROOT / "content"), *options, "--out", str(tmp_path / "pdf")])
    assert export.exit_code == 2 and "does not fit on a4 paper" in export.output
    result = runner.invoke(app, ["preflight", str(ROOT / "content"), *options])
    assert result.exit_code == 1, result.output
    [line] = [line for line in result.output.splitlines() if "[preflight-paper-fit]" in line]
    assert re.match(r"(\S+/)?content/equipment/loot/\S+\.yaml:\d+:\d+: error \[preflight-paper-fit\] deck loot: card size "
                    r"300x300 \(300 x 300 mm plus 0 mm bleed\) does not fit on a4 paper", line), line


def test_art_that_is_no_image_at_all_says_so_in_words_not_a_python_exception(tmp_path: Path):
    """A text file saved as art/orc.png was 'not a readable image: UnidentifiedImageError'."""
    pack = _art_pack(tmp_path, "art/orc.png", None)
    (pack / "art" / "orc.png").write_text("not a picture\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1
    assert ("orc.yaml:5:6: error [card-art] art orc.png is not an image: its bytes are no PNG or JPEG picture "
            "(save it again as PNG or JPEG)") in result.output
    assert "Error" not in result.output


def test_art_pillow_cannot_read_is_told_in_its_words_not_a_python_exception(tmp_path: Path):
    """A JPEG with its start and nothing readable after it was 'not a readable image: OSError'."""
    pack = _art_pack(tmp_path, "art/orc.jpg", None)
    (pack / "art" / "orc.jpg").write_bytes(b"\xff\xd8\xff\xe0garbage")
    result = runner.invoke(app, ["validate", str(pack), "--no-cache"])
    assert result.exit_code == 1
    assert ("orc.yaml:5:6: error [card-art] art orc.jpg is not a readable image (Truncated File Read); save it "
            "again as PNG or JPEG") in result.output
    assert "OSError" not in result.output


def test_a_card_size_given_on_the_command_line_that_the_paper_cannot_hold_is_a_usage_error(tmp_path: Path):
    """export pdf --card-size 300x300 on A4 exited 1, 'content problems', for a pack and a layout
    with none: the option was the mistake (exit 2); the same size from a --layout file stays 1."""
    out = tmp_path / "pdf"
    by_option = runner.invoke(app, ["export", "pdf", str(ROOT / "content"), "--card-size", "300x300", "--out", str(out)])
    assert by_option.exit_code == 2 and "does not fit on a4 paper" in by_option.output
    assert not out.exists()
    layout = tmp_path / "big.yaml"
    layout.write_text("decks:\n  loot:\n    card_size: 300x300\n", encoding="utf-8")
    by_file = runner.invoke(app, ["export", "pdf", str(ROOT / "content"), "--layout", str(layout), "--out", str(out)])
    assert by_file.exit_code == 1 and "does not fit on a4 paper" in by_file.output


def test_an_image_too_large_to_draw_is_refused_before_any_is_drawn(tmp_path: Path):
    """--dpi 1200 with 400 x 400 mm cards made 369 Mpx images (about 1 GB of memory a face, some
    6 GB for four). Cards of 200 x 200 mm (206.35 mm with the eighth-inch bleed) at 1200 dpi are
    95 Mpx, just above the limit: the options are refused at once (exit 2), naming the deck, the
    image's pixels and the limit, and nothing is written."""
    out = tmp_path / "png"
    result = runner.invoke(app, ["export", "png", str(ROOT / "content"), "--out", str(out), "--dpi", "1200",
                                 "--card-size", "200x200"])
    assert result.exit_code == 2, result.output
    message = " ".join(result.output.split())
    assert "deck loot:" in message and "9,749 x 9,749 px image (95 Mpx)" in message and "89 Mpx" in message
    assert not out.exists()


def test_a_layout_file_that_asks_for_too_large_an_image_is_a_content_problem(tmp_path: Path):
    """The same size from the project's layout file, with no option typed: exit 1 (the file is the
    mistake), and render_faces itself refuses such a face before drawing it."""
    project = tmp_path / "project"
    (project / "layouts").mkdir(parents=True)
    (project / "layouts" / "default.yaml").write_text("defaults:\n  dpi: 1200\n  card_size: 400x400\n",
                                                         encoding="utf-8")
    heroes = [doc for doc in small_pack() if doc.kind in ("character", "pack")]
    layout = load_layout(project / "layouts" / "default.yaml")
    deck = next(d for d in build_decks(ContentPack.from_documents(heroes)) if d.name == "hero")
    sheet = layout.for_deck("hero")
    with pytest.raises(ExportError, match=r"deck hero: .* \(368 Mpx\), above the 89 Mpx") as refused:
        export_pngs(ContentPack.from_documents(heroes), tmp_path / "png", layout)
    assert not isinstance(refused.value, OptionError)  # no option typed: the file is the mistake
    with pytest.raises(ExportError, match="368 Mpx"):
        render_faces([deck.cards[0].front], face_box(sheet), sheet.dpi)
    assert not (tmp_path / "png").exists()


def test_tts_export_over_a_folder_written_before_the_manifest_removes_its_stale_sheets(tmp_path: Path):
    """A folder exported by a doria-forge that kept no ``_manifest.json``: exported again with a deck
    and a Room Tile gone, their sheets stayed until the export after (nothing listed them). The old
    Saved Object names its sheets by ``file://`` URLs: those it names go; the user's files stay."""
    docs = [doc for doc in small_pack(tiles=2) if doc.kind in ("pack", "character", "door_event", "room_tile")]
    layout = load_layout(DEFAULT_LAYOUT_FILE)
    export_tts(ContentPack.from_documents(docs), tmp_path, layout)
    (tmp_path / "_manifest.json").unlink()  # as an export before the manifest left the folder
    (tmp_path / "door_events-notes.png").write_bytes(b"mine")
    (tmp_path / "room_tiles" / "sketch.png").write_bytes(b"mine")
    tile = next(doc for doc in docs if doc.kind == "room_tile")
    fewer = [doc for doc in docs if doc.kind != "door_event" and doc is not tile]
    second = export_tts(ContentPack.from_documents(fewer), tmp_path, layout)
    on_disk = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert on_disk == {p.relative_to(tmp_path).as_posix() for p in second} | {"door_events-notes.png",
                                                                              "room_tiles/sketch.png"}
    assert not (tmp_path / "door_events-1.png").exists() and not (tmp_path / "room_tiles" / f"{tile.id}.png").exists()
