"""Card art: where a card's picture goes and whether an image is sharp enough to print there.

Shared by validation (rule ``card-art``) and the print export (drawing, preflight), so neither
imports the other; like :mod:`doria_forge.fonts`. Images are read with Pillow (size only, never
the whole picture); SVG is vector art and prints sharp at any size.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath

MIN_DPI = 300
"""Least resolution of raster art at its printed size (print shops ask for 300 dpi)."""

ART_HEIGHT_SHARE = 0.28
"""Height of a card's art region as a share of the card's height."""
ART_SIDE_INSET_MM = 3.6
"""The art region's distance from the card's left and right trim edges (frame plus padding)."""

SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")

KIND_CARD_MM = {
    "monster_level": (63.5, 88.9), "boss": (63.5, 88.9), "character": (63.5, 88.9),
    "equipment": (41.0, 63.0), "trap": (41.0, 63.0), "monster": (41.0, 63.0),
    "monster_modification": (41.0, 63.0), "door_event": (41.0, 63.0),
}
"""Card size (mm) each kind prints at with the shipped layout, for ``validate``'s resolution check;
``preflight`` checks the size a layout or print profile really prints."""


def art_region_mm(card_mm: tuple[float, float]) -> tuple[float, float]:
    """``(width, height)`` in mm of the art region of a card ``card_mm`` in size."""
    w, h = card_mm
    return (max(1.0, w - 2 * ART_SIDE_INSET_MM), h * ART_HEIGHT_SHARE)


@dataclass(frozen=True)
class ArtImage:
    """What an art file is: ``vector`` (SVG) or raster with ``size_px``; ``problem`` says why it
    cannot be used (unreadable, not an image), else empty."""

    path: Path
    vector: bool = False
    size_px: tuple[int, int] = (0, 0)
    problem: str = ""

    def dpi_at(self, region_mm: tuple[float, float]) -> float:
        """Resolution of the image fitted (aspect kept) into ``region_mm``; infinite for SVG."""
        if self.vector:
            return float("inf")
        w_px, h_px = self.size_px
        scale = min(region_mm[0] / w_px, region_mm[1] / h_px)  # mm per pixel once fitted
        return 25.4 / scale if scale > 0 else 0.0


def bad_path(art: str) -> str:
    """Why ``art`` cannot name a file inside the pack (absolute, ``..``, wrong suffix), or ``""``."""
    pure = PurePosixPath(art.replace("\\", "/"))
    if pure.is_absolute() or (len(art) > 1 and art[1] == ":"):
        return "art must be a path relative to the YAML file, inside the pack"
    if ".." in pure.parts:
        return "art must stay inside the pack: '..' is not allowed"
    if pure.suffix.lower() not in SUFFIXES:
        return "art must be a PNG, JPG or SVG file"
    return ""


def resolve(yaml_file: str | Path, art: str) -> Path:
    """The art file named ``art`` in the document written in ``yaml_file``."""
    return Path(yaml_file).parent / art.replace("\\", "/")


def inspect(path: Path) -> ArtImage:
    """Read what ``path`` is without decoding the picture. Never raises."""
    if not path.is_file():
        return ArtImage(path, problem=f"art file not found: {path}")
    if path.suffix.lower() == ".svg":
        return ArtImage(path, vector=True)
    try:
        from PIL import Image

        with Image.open(path) as image:
            return ArtImage(path, size_px=image.size)
    except Exception as exc:  # noqa: BLE001 - any unreadable image is one problem
        return ArtImage(path, problem=f"art file {path} is not a readable image: {type(exc).__name__}")
