"""A card's ``art`` names an image that exists and is sharp enough to print.

``art`` is a PNG, JPG or SVG file relative to the YAML file (inside the pack). A missing or
unreadable file is an **error**, as is a PNG or JPEG damaged or cut short (a JPEG is decoded in
full: its picture data may be garbled inside whole markers), and so is art
doria-forge must not read (``cardart.art_problem``: a file outside the pack or not a regular file,
a raster image of more pixels than ``MAX_ART_PIXELS``, an SVG referring to anything but its own
fragments, embedded images and files of the pack); a raster image below 300 dpi at the size of the card's art region
(the card size the shipped layout prints that kind at) is a **warning**: it prints, but blurry.
``doria-forge preflight`` checks the resolution against the real layout and print profile.

Passing::

    kind: monster
    id: orc
    art: art/orc.png          # 600 x 400 px: 300 dpi across a mini card's 34 mm wide art region

Failing::

    kind: monster
    id: orc
    art: art/orc-thumb.png    # 120 x 80 px: 90 dpi, blurry on paper
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from ...cardart import KIND_CARD_MM, MIN_DPI, art_region_mm, bad_path, inspect, resolve
from ...load.files import PackFileError, check_confined
from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..source_map import SourceMap

ID = "card-art"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for document in pack:
        art = getattr(document, "art", None)
        if not art:
            continue
        where = (document.kind, document.id, ("art",))
        problem = bad_path(art)
        if problem:
            yield source_map.problem(*where, ID, SEVERITY, problem, value=True)
            continue
        yaml_file = source_map.locate(document.kind, document.id).file
        try:  # a link out of the pack, a FIFO or a device is never opened (doria_forge.load.files)
            if os.path.lexists(resolve(yaml_file, art)):
                check_confined(resolve(yaml_file, art), _pack_root(source_map))
        except PackFileError as exc:
            yield source_map.problem(*where, ID, SEVERITY, f"art {art} {exc.problem.message}", value=True)
            continue
        image = inspect(resolve(yaml_file, art), _pack_root(source_map))  # an SVG's references too
        if image.problem:
            yield source_map.problem(*where, ID, SEVERITY, image.problem + _found_above(yaml_file, art, source_map),
                                     value=True)
            continue
        card_mm = KIND_CARD_MM.get(document.kind, (63.5, 88.9))
        dpi = image.dpi_at(art_region_mm(card_mm))
        if dpi < MIN_DPI:
            w, h = art_region_mm(card_mm)
            yield source_map.problem(
                *where, ID, Severity.WARNING,
                f"art {art} is {image.size_px[0]} x {image.size_px[1]} px: {dpi:.0f} dpi in the {w:.0f} x {h:.0f} mm "
                f"art region of a {card_mm[0]:g} x {card_mm[1]:g} mm card; print shops ask for {MIN_DPI} dpi",
                value=True)


def _found_above(yaml_file: str, art: str, source_map: SourceMap) -> str:
    """Where the missing art ``art`` of a document in ``yaml_file`` is found named from a folder
    above the file's in the pack (an ``art/`` folder at the pack's top, named from
    ``monsters/orc.yaml``): art is named from the YAML file's folder, and ``..`` is not allowed;
    ``""`` when it is not there either."""
    root = _pack_root(source_map).resolve()
    folder = Path(yaml_file).parent.resolve()
    for above in folder.parents:
        if not above.is_relative_to(root):
            break
        if (above / art).is_file():
            where = ("the pack's top folder" if above == root
                     else f"the pack's folder {above.relative_to(root).as_posix()}")
            into = (folder / Path(art).parent).relative_to(root).as_posix()
            return (f" (art is named from the YAML file's folder: {art} is in {where}, above it; move it into the "
                    f"pack's {into}/)")
    return ""


def _pack_root(source_map: SourceMap) -> Path:
    """The pack's folder: validation's fallback location is the pack path as given."""
    root = Path(source_map.fallback.file)
    return root if root.is_dir() else root.parent
