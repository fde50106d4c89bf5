"""Tabletop Simulator: deck sheets and a Saved Object, so a pack can be playtested online.

Writes into ``out``:

- ``<deck>-<n>.png``: deck sheets, at most 10 x 7 cards and 4096 px a side, RGB; each holds at most
  69 cards, the last slot of its grid showing the card back (TTS's hidden-card image, also set as
  ``BackIsHidden``); a larger deck is split over several sheets (several ``CustomDeck`` entries);
- ``<deck>-back.png`` (one back for the deck) or ``<deck>-<n>-back.png`` (a sheet of backs in the same
  grid, ``UniqueBack``, for the Monster Level Cards whose backs show their level);
- ``room_tiles/<id>.png`` and ``room_tiles-back.png``: Room Tiles as custom tiles (the back beside the
  folder, as a deck's back, so that no tile id, ``back`` included, can name the same file);
- ``_manifest.json``: the files this export wrote (:mod:`doria_forge.export.manifest`, under
  ``files``): exported again into the same folder, the sheets, tiles and Saved Object
  the previous manifest lists and this export no longer writes (a deck gone, fewer sheets, a Room
  Tile deleted, a pack id changed) are deleted (``room_tiles/`` with the last tile), so no stale
  image is picked up from the folder; other files stay (in a folder exported before the manifest was
  kept, the files its Saved Object names by local ``file://`` URLs stand for the list). A pack id
  starts with a letter or digit, so no Saved Object is named like it;
- ``<pack id>.json``: the Saved Object, ``{"ObjectStates": [...]}``: one ``DeckCustom`` per deck (a
  single card as a ``Card`` of its own) with ``DeckIDs``, ``CustomDeck`` (``FaceURL``, ``BackURL``,
  ``NumWidth``, ``NumHeight``, ``BackIsHidden``, ``UniqueBack``, ``Type``) and ``ContainedObjects``
  whose ``CardID`` is ``deck key x 100 + slot`` (slot counted from 0, row by row; keys from 1, an
  expansion's from a block its pack id chooses: :func:`first_deck_key`), each a ``Card``
  as TTS saves a card of a sheet (``CardCustom`` is its single card with a 1 x 1 image), then one
  ``Custom_Tile`` per Room Tile. ``Nickname`` is the card's name as printed, in the language printed
  (``--lang``; a Monster Level Card's: its monster's name and level), ``Description`` its ``kind:id``.
  The table is laid out (:func:`table_places`): the decks side by side in a row, the Room Tiles in
  rows of six in front of them, nothing on top of anything; each card is scaled on TTS's poker card
  model by width and by length (:func:`card_scale`), so mini cards keep their shape.

Image URLs are ``--base-url`` joined with the file name (where the images will be hosted), or local
``file://`` URLs that work only on the author's machine. Facts: shared/reference/formats.md (TTS).
A base URL is an ``http://``, ``https://`` (or, for local use, ``file://``) address written with the
characters RFC 3986 allows, without a query or fragment (:func:`base_url_problem`): the Saved Object
is opened by other players, so ``javascript:``, quotes and line breaks never reach it.
"""

from __future__ import annotations

import json
import math
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from doria_forge.i18n import t, tr
from doria_forge.infra.fsutil import atomic_write_bytes, written_together
from doria_forge.model import ContentPack

from .decks import TILE_DECK, DeckPlan, compose_decks
from .errors import ExportError
from .layouts import LayoutFile, LayoutOverrides
from .manifest import listed, remove_listed, write
from .pdf.compose import FaceBox, PrintCard, face_box
from .pdf.export import card_printer
from .raster import png_bytes, render_faces

MAX_COLS, MAX_ROWS = 10, 7
MAX_PX = 4096
CARDS_PER_SHEET = MAX_COLS * MAX_ROWS - 1  # the 70th slot is the hidden-card image
TILE_PX = 1024
POKER_MM = (63.5, 88.9)  # TTS's card model is poker-sized: other sizes scale from it, each axis on its own
INCH_MM = 25.4
GAP = 1.0
"""Space between objects on the table, in table units (TTS: about an inch at scale 1)."""
TILES_PER_ROW = 6
MANIFEST = "_manifest.json"
"""The list of the files an export wrote into its folder (see the module docstring)."""


@dataclass(frozen=True)
class Sheet:
    """One deck sheet: its CustomDeck ``key``, grid, card size in pixels and the cards on it."""

    key: int
    cols: int
    rows: int
    card_px: tuple[int, int]
    cards: tuple[PrintCard, ...]


def sheet_grid(count: int) -> tuple[int, int]:
    """``(columns, rows)`` of a sheet for ``count`` cards (1-69) plus the hidden-card slot: as few
    rows as 10 columns allow, at least 2 x 2 (the smallest grid TTS's deck import takes)."""
    if not 1 <= count <= CARDS_PER_SHEET:
        raise ValueError(f"a deck sheet holds 1 to {CARDS_PER_SHEET} cards, not {count}")
    slots = count + 1
    rows = max(2, math.ceil(slots / MAX_COLS))
    return max(2, math.ceil(slots / rows)), rows


def card_pixels(card_mm: tuple[float, float], cols: int, rows: int) -> tuple[int, int]:
    """Card size in pixels so that ``cols`` x ``rows`` cards stay within 4096 px a side (at most
    300 dpi)."""
    w_in, h_in = card_mm[0] / 25.4, card_mm[1] / 25.4
    dpi = min(300.0, MAX_PX / (cols * w_in), MAX_PX / (rows * h_in))
    return max(1, math.floor(w_in * dpi)), max(1, math.floor(h_in * dpi))


def _url(path: Path, out_dir: Path, base_url: str | None) -> str:
    if base_url:
        return base_url.rstrip("/") + "/" + path.relative_to(out_dir).as_posix()
    return path.resolve().as_uri()


def _transform(x: float, z: float, scale: tuple[float, float], face_down: bool = True) -> dict[str, float]:
    """A Saved Object ``Transform``: at ``(x, z)`` on the table, ``scale`` across and along."""
    return {"posX": round(x, 4), "posY": 1.0, "posZ": round(z, 4), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": round(scale[0], 4), "scaleY": 1.0,
            "scaleZ": round(scale[1], 4)}


def card_scale(card_mm: tuple[float, float]) -> tuple[float, float]:
    """``(scaleX, scaleZ)`` of a card of ``card_mm`` on TTS's poker-sized card model: each axis by its
    own ratio, so a mini card keeps its shape (one factor made 41 x 63 mm cards about 9 % too long)."""
    return card_mm[0] / POKER_MM[0], card_mm[1] / POKER_MM[1]


def table_places(deck_sizes_in: list[tuple[float, float]], tile_side_in: float, tiles: int
                 ) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Where the decks and the Room Tiles lie, ``(x, z)`` centres in table units (inches): the decks in
    a row, side by side with a gap; the Room Tiles in rows of :data:`TILES_PER_ROW` in front of them,
    a gap apart. Nothing overlaps."""
    decks, x = [], 0.0
    depth = max((h for _, h in deck_sizes_in), default=0.0)
    for w, _ in deck_sizes_in:
        decks.append((x + w / 2, depth / 2 + GAP))
        x += w + GAP
    pitch = tile_side_in + GAP
    places = [((i % TILES_PER_ROW) * pitch + tile_side_in / 2, -(i // TILES_PER_ROW) * pitch - tile_side_in / 2)
              for i in range(tiles)]
    return decks, places


def _compose(images: list[Any], cols: int, rows: int, card_px: tuple[int, int], hidden: Any | None) -> Any:
    from PIL import Image

    sheet = Image.new("RGB", (cols * card_px[0], rows * card_px[1]), (255, 255, 255))
    for slot, image in enumerate(images):
        row, col = divmod(slot, cols)
        sheet.paste(image, (col * card_px[0], row * card_px[1]))
    if hidden is not None:
        sheet.paste(hidden, ((cols - 1) * card_px[0], (rows - 1) * card_px[1]))
    return sheet


URL_SCHEMES = ("http", "https", "file")
"""Schemes of a ``--base-url``: the web, or local files for the author's own table."""

MAX_URL_LENGTH = 2000
"""Longest ``--base-url`` (browsers and servers handle 2000 characters everywhere)."""

_URL_CHARACTERS = re.compile(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*")
"""The characters RFC 3986 allows in a URL (anything else is percent-encoded)."""


def base_url_problem(base_url: str) -> str:
    """Why ``base_url`` cannot be where the images are hosted (a sentence naming ``--base-url``),
    or ``""``. See the module docstring."""
    shown = repr(base_url if len(base_url) <= 60 else base_url[:57] + "...")
    if not base_url.strip():
        return "--base-url is empty; give the address the images will be hosted at"
    if len(base_url) > MAX_URL_LENGTH:
        return f"--base-url is longer than {MAX_URL_LENGTH} characters"
    if not _URL_CHARACTERS.fullmatch(base_url):
        return (f"--base-url {shown} holds characters a URL cannot (spaces, quotes, line breaks, control or "
                "non-ASCII characters); percent-encode them")
    parts = urlsplit(base_url)
    if parts.scheme.lower() not in URL_SCHEMES:
        return f"--base-url {shown} must start with http://, https:// or (for your own machine) file://"
    if parts.scheme.lower() != "file" and not parts.hostname:
        return f"--base-url {shown} names no host; write it as https://host/folder"
    if parts.query or parts.fragment or base_url.endswith(("?", "#")):
        return f"--base-url {shown} must not hold a ?query or #fragment: the image file names are appended to it"
    return ""


KEY_BLOCK = 100
"""CustomDeck keys an expansion's block holds (a hundred sheets: 6,900 cards)."""
KEY_BLOCKS = 999
"""How many blocks expansions' keys are spread over, by their pack id."""


def first_deck_key(pack: ContentPack) -> int:
    """The ``CustomDeck`` key of the first sheet of ``pack``'s Saved Object: 1 for a pack printing
    every card (a base pack, or ``--with-dependencies``); for an expansion printing its own cards
    (``ContentPack.own``) the start of a block of :data:`KEY_BLOCK` keys chosen by its pack id
    (CRC-32, so the same on every machine). A deck's ``CustomDeck`` maps each key to one sheet and
    a card finds its sheet by ``CardID // 100``: with both saves numbering from 1, the base pack's
    Loot Cards and an expansion's, shuffled into one deck on the table, would hold two sheets under
    the one key 1. Keys from 100 on never meet the base pack's (from 1, fewer than 100 sheets),
    nor, but for one chance in :data:`KEY_BLOCKS`, another expansion's."""
    if pack.own is None:
        return 1
    return KEY_BLOCK * (1 + zlib.crc32(pack.info.id.encode("utf-8")) % KEY_BLOCKS)


def _names(pack: ContentPack) -> dict[str, str]:
    """``kind:id`` -> the name printed on the card, in the language being printed. A Monster Level
    Card prints its monster's name and its level (its own ``name``, English only or left out, is
    never printed): ``Ork (Stufe 2)``."""
    names = {f"{doc.kind}:{doc.id}": tr(doc, "name") for doc in pack}
    for card in pack.monster_levels.values():
        monster = pack.monsters.get(card.monster)
        if monster is not None:
            names[f"{card.kind}:{card.id}"] = f"{tr(monster, 'name')} ({t('Level')} {card.level})"
    return names


def export_tts(pack: ContentPack, out_dir: Path, layout_data: LayoutFile, overrides: LayoutOverrides | None = None,
               *, base_url: str | None = None, progress: Callable[[int], None] | None = None) -> list[Path]:
    """Write the deck sheets, tile images and the Saved Object into ``out_dir`` (see the module
    docstring); returns the files written, the Saved Object last. ``progress`` is called with the
    number of cards finished after each deck. Raises ``ExportError`` for layout problems."""
    out_dir = Path(out_dir)
    if base_url is not None and base_url_problem(base_url):
        raise ExportError(base_url_problem(base_url))
    names = _names(pack)
    written: list[Path] = []
    decks, tiles = [], []
    next_key = first_deck_key(pack)
    card_sizes: list[tuple[float, float]] = []
    tile_side = 5.0
    print_cards = card_printer(pack)
    # the sheets and the Saved Object are written together once every sheet is drawn: a folder in
    # the place of one image stopped the export with a Saved Object naming the last export's sheets
    with written_together(out_dir) as after:
        for plan in compose_decks(pack):
            cards = print_cards(plan)
            sheet_layout = layout_data.for_deck(plan.name, overrides, fixed_card_size=plan.fixed_card_size)
            box = face_box(sheet_layout)
            if plan.name == TILE_DECK:
                tiles += _tiles(cards, box, out_dir, base_url, names, written)
                tile_side = sheet_layout.card_mm[0] / INCH_MM
            else:
                obj, next_key = _deck(plan, cards, box, sheet_layout.card_mm, next_key, out_dir, base_url, names,
                                      written)
                decks.append(obj)
                card_sizes.append((sheet_layout.card_mm[0] / INCH_MM, sheet_layout.card_mm[1] / INCH_MM))
            if progress is not None:
                progress(len(cards))
        deck_places, tile_places = table_places(card_sizes, tile_side, len(tiles))
        for obj, (x, z) in zip([*decks, *tiles], [*deck_places, *tile_places], strict=True):
            obj["Transform"].update(posX=round(x, 4), posZ=round(z, 4))
        objects = [*decks, *tiles]
        save = {"SaveName": f"{pack.info.display_name} {pack.info.version}", "GameMode": "", "Date": "",
                "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
                "ObjectStates": objects, "TabStates": {}, "VersionNumber": ""}
        path = out_dir / f"{pack.info.id}.json"
        manifest = out_dir / MANIFEST
        earlier = set(listed(manifest, "files")) if manifest.exists() else _named_by(path, out_dir)
        files = [p.relative_to(out_dir).as_posix() for p in [*written, path]]
        written.append(write(manifest, {"pack": pack.info.id, "version": pack.info.version,
                                        "files": [{"file": name} for name in files]}))
        atomic_write_bytes(path, (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode("utf-8"))
        written.append(path)
        # the sheets of a deck gone (or a sheet fewer) stayed beside the new Saved Object, where a player
        # hosting the folder or opening it in TTS picked them up: they go once the new files are written
        gone = earlier - set(files)

        def remove_gone() -> None:
            for depth in (1, 2):  # the sheets, the Room Tiles in their folder
                remove_listed(out_dir, gone, depth, suffixes=(".png", ".json"))

        after.append(remove_gone)
    return written


def _named_by(saved: Path, out_dir: Path) -> set[str]:
    """The files in ``out_dir`` (posix, relative) that the Saved Object ``saved`` an export wrote
    before it kept ``_manifest.json`` names by local ``file://`` URLs, and the Saved Object itself:
    what that export wrote, so that exported again the sheets of decks gone do not stay until the
    export after. None when it is missing, unreadable or names no file there (an ``http://`` base
    URL names no local file: those sheets stay, as any file the export cannot tell is its own)."""
    from urllib.parse import unquote, urlparse

    from doria_forge.load.files import PackFileError, read_confined

    try:
        data = json.loads(read_confined(saved, None).decode("utf-8"))
    except (PackFileError, ValueError):
        return set()
    root = out_dir.resolve()
    found: set[str] = set()

    def visit(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if isinstance(item, str) and key.endswith("URL") and item.startswith("file://"):
                    local = Path(unquote(urlparse(item).path))
                    if local.parent == root or local.parent.parent == root:
                        found.add(local.relative_to(root).as_posix())
                else:
                    visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)

    visit(data)
    return found | {saved.name} if found else set()


def _deck(deck: DeckPlan, print_cards: tuple[PrintCard, ...], box: FaceBox, card_mm: tuple[float, float],
          first_key: int, out_dir: Path, base_url: str | None, names: dict[str, str],
          written: list[Path]) -> tuple[dict, int]:
    """One deck (``print_cards``: its cards with their faces): its sheets written, its DeckCustom
    (or, for a single card, Card) object returned with the next key."""
    cards = list(print_cards)
    unique_back = len({card.back.key for card in cards if card.back is not None}) > 1
    single_back = next((card.back for card in cards if card.back is not None), None)
    custom: dict[str, dict[str, Any]] = {}
    contained: list[dict[str, Any]] = []
    key = first_key
    scale = card_scale(card_mm)
    back_url = ""
    for number, start in enumerate(range(0, len(cards), CARDS_PER_SHEET), 1):
        chunk = cards[start:start + CARDS_PER_SHEET]
        cols, rows = sheet_grid(len(chunk))
        px = card_pixels(card_mm, cols, rows)
        dpi = px[0] / (card_mm[0] / 25.4)
        fronts = render_faces([c.front for c in chunk], box, dpi, with_bleed=False)
        fronts = [img.resize(px) if img.size != px else img for img in fronts]
        backs = render_faces([c.back or c.front for c in chunk] if unique_back else
                             [single_back] if single_back is not None else [], box, dpi, with_bleed=False)
        backs = [img.resize(px) if img.size != px else img for img in backs]
        hidden = backs[0] if backs else None
        face_path = out_dir / f"{deck.name}-{number}.png"
        atomic_write_bytes(face_path, png_bytes(_compose(fronts, cols, rows, px, hidden), dpi))
        written.append(face_path)
        if unique_back:
            back_path = out_dir / f"{deck.name}-{number}-back.png"
            atomic_write_bytes(back_path, png_bytes(_compose(backs, cols, rows, px, backs[0]), dpi))
            written.append(back_path)
            back_url = _url(back_path, out_dir, base_url)
        elif not back_url and backs:
            back_path = out_dir / f"{deck.name}-back.png"
            atomic_write_bytes(back_path, png_bytes(backs[0], dpi))
            written.append(back_path)
            back_url = _url(back_path, out_dir, base_url)
        entry = {"FaceURL": _url(face_path, out_dir, base_url), "BackURL": back_url, "NumWidth": cols,
                 "NumHeight": rows, "BackIsHidden": True, "UniqueBack": unique_back, "Type": 0}
        custom[str(key)] = entry
        for slot, card in enumerate(chunk):
            ref = card.ref or card.front.key
            contained.append({"Name": "Card", "Transform": _transform(0.0, 0.0, scale),
                              "Nickname": names.get(ref, ref), "Description": ref, "GMNotes": "",
                              "CardID": key * 100 + slot, "CustomDeck": {str(key): entry},
                              "Hands": True, "SidewaysCard": False})
        key += 1
    if len(contained) == 1:
        single = dict(contained[0])
        single["Transform"] = _transform(0.0, 0.0, scale)
        return single, key
    return {"Name": "DeckCustom", "Transform": _transform(0.0, 0.0, scale), "Nickname": deck.title,
            "Description": deck.name, "GMNotes": "", "DeckIDs": [c["CardID"] for c in contained], "CustomDeck": custom,
            "ContainedObjects": contained, "Hands": False, "SidewaysCard": False}, key


def _tiles(print_cards: tuple[PrintCard, ...], box: FaceBox, out_dir: Path, base_url: str | None,
           names: dict[str, str], written: list[Path]) -> list[dict[str, Any]]:
    """Room Tiles as ``Custom_Tile`` objects, each with its image and the common back."""
    dpi = TILE_PX / (box.width / 72)
    cards = list(print_cards)
    fronts = render_faces([c.front for c in cards], box, dpi, with_bleed=False)
    back_face = next((c.back for c in cards if c.back is not None), None)
    back_url = ""
    if back_face is not None:
        back_path = out_dir / f"{TILE_DECK}-back.png"
        atomic_write_bytes(back_path, png_bytes(render_faces([back_face], box, dpi, with_bleed=False)[0], dpi))
        written.append(back_path)
        back_url = _url(back_path, out_dir, base_url)
    objects = []
    side_in = box.width / 72
    for card, image in zip(cards, fronts, strict=True):
        ref = card.ref or card.front.key
        path = out_dir / "room_tiles" / f"{ref.split(':', 1)[-1]}.png"
        atomic_write_bytes(path, png_bytes(image, dpi))
        written.append(path)
        objects.append({
            "Name": "Custom_Tile", "Transform": _transform(0.0, 0.0, (side_in, side_in), face_down=False),
            "Nickname": names.get(ref, ref), "Description": ref, "GMNotes": "",
            "CustomImage": {"ImageURL": _url(path, out_dir, base_url), "ImageSecondaryURL": back_url,
                            "ImageScalar": 1.0, "WidthScale": 0.0,
                            "CustomTile": {"Type": 0, "Thickness": 0.1, "Stackable": False, "Stretch": True}},
        })
    return objects
