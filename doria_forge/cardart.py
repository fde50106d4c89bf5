"""Card art: where a card's picture goes, whether an image is sharp enough to print there, and
whether it may be read at all.

Shared by validation (rule ``card-art``) and the print export (drawing, preflight), so neither
imports the other; like :mod:`doria_forge.infra.fonts`. Images are read with Pillow (size first) and
checked whole (a PNG's chunk checksums, a JPEG's end marker: a copy broken off fails validation at
the card's line, not the export). A JPEG is decoded in full too: its picture data may be damaged
while every marker stays whole, and the print export would be the first to fail on it; a picture
that decodes is remembered by its bytes in the cache folder (:mod:`doria_forge.infra.clean_cache`),
so an unchanged one is decoded once, not on every validate. SVG is vector art and prints sharp at
any size.

Art comes with packs from people the maintainer may not know, so what it makes doria-forge read
is bounded (:func:`art_problem`):

* an art file is a regular file (never a FIFO or device) of at most ``MAX_ART_BYTES``, inside
  the pack (a link out of it is refused);
* a raster image has at most ``MAX_ART_PIXELS`` pixels, read from its header before anything is
  decoded (Pillow's decompression-bomb check is the convention; its limit, 89 million pixels,
  is too high for a 2 GiB process: a 21 kB PNG of 13 300 x 13 300 pixels took 1.76 GB);
* an SVG's references (``href`` of ``<use>``, ``<image>``..., ``url(...)`` in styles) name a
  fragment of the file itself, an embedded PNG or JPG (``data:``), or a PNG, JPG or SVG file that
  passes the same checks, relative to the SVG and inside the pack. svglib drew a ``<use>`` of
  ``../../../outside/x.svg#s`` into the PDF and read ``/dev/zero`` for an ``<image>``; anything
  else (a URL, an absolute path, ``@import``) is refused. At most ``MAX_SVG_FILES`` files,
  ``MAX_SVG_DEPTH`` deep.
"""

from __future__ import annotations

import base64
import binascii
import io
import os
import re
import warnings
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO
from urllib.parse import unquote, urlsplit

from doria_forge.infra.regular_files import NotARegularFile, open_regular
from doria_forge.load.files import (
    IO_ERROR,
    NOT_A_FILE,
    PackFileError,
    PathProblem,
    check_confined,
    describe_mode,
    is_inside,
    read_confined,
)

MIN_DPI = 300
"""Least resolution of raster art at its printed size (print shops ask for 300 dpi)."""

ART_HEIGHT_SHARE = 0.28
"""Height of a card's art region as a share of the card's height."""
ART_SIDE_INSET_MM = 3.6
"""The art region's distance from the card's left and right trim edges (frame plus padding)."""

SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")

MAX_ART_PIXELS = 40_000_000
"""Most pixels of a raster image (card art, or an image inside an SVG): sixteen times what a poker
card's art region takes at 1200 dpi; decoded and converted it still fits a 2 GiB process."""

MAX_ART_BYTES = 32 * 1024**2
"""Largest art file read (32 MiB)."""

MAX_SVG_FILES = 32
"""Most files one SVG may draw in (itself, and the SVGs and images it references, transitively)."""

MAX_SVG_DEPTH = 8
"""Deepest chain of SVGs referencing SVGs."""

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
    """Why ``art`` cannot name a file inside the pack (a URL, absolute, ``..``, wrong suffix), or ``""``."""
    if re.match(r"[A-Za-z][A-Za-z0-9+.-]+:", art) or art.startswith("//"):
        # "https://x.org/orc.png" was looked for as the folder "https:" and said "art file not found"
        return "art must be a file of the pack, not a URL: save the picture into the pack and name its path"
    pure = PurePosixPath(art.replace("\\", "/"))
    if pure.is_absolute() or (len(art) > 1 and art[1] == ":"):
        return "art must be a path relative to the YAML file, inside the pack"
    if ".." in pure.parts:
        # "must stay inside the pack" was said of ../art/orc.png, which is inside it
        return ("art is named from the YAML file's folder, in it or below it: '..' is not allowed; put the picture "
                "in the YAML file's folder (or one below it, such as art/) and name it from there")
    if pure.suffix.lower() not in SUFFIXES:
        return "art must be a PNG, JPG or SVG file"
    return ""


def _unreadable(name: str, exc: Exception) -> str:
    """The problem of art ``name`` that Pillow could not read, in the words of its error (``Truncated
    File Read``), never the name of its exception class (``OSError`` was all a designer was told)."""
    words = str(exc.args[0]) if len(exc.args) == 1 else str(exc)
    why = f" ({' '.join(words.split())})" if words.strip() else ""
    return f"art {name} is not a readable image{why}; save it again as PNG or JPEG"


def resolve(yaml_file: str | Path, art: str) -> Path:
    """The art file named ``art`` in the document written in ``yaml_file``."""
    return Path(yaml_file).parent / art.replace("\\", "/")


def inspect(path: Path, root: Path | None = None) -> ArtImage:
    """Read what ``path`` is, checked as :func:`art_problem` does (inside folder ``root``, when
    given; a JPEG decoded once for its bytes). Never raises."""
    if not path.exists():
        return ArtImage(path, problem=f"art file not found: {path}")
    try:  # checked and measured in one reading (a JPEG is decoded here, when not known whole)
        size = _check_art(path, None if root is None else Path(root), seen=set(), depth=0)
    except _Refused as exc:
        return ArtImage(path, problem=str(exc))
    except Exception as exc:  # noqa: BLE001 - any unreadable image is one problem
        return ArtImage(path, problem=_unreadable(f"file {path}", exc))
    return ArtImage(path, vector=True) if size is None else ArtImage(path, size_px=size)


def art_problem(path: Path, root: Path | None = None) -> str:
    """Why the art file ``path`` must not be read or drawn (see the module docstring), or ``""``.
    ``root``: the pack folder every file must lie in (``None``: not checked, for a file the
    validation of its pack has checked already). Never raises; reads the image headers, a PNG's
    chunks, the SVG texts, and decodes a JPEG not decoded before (see the module docstring)."""
    try:
        _check_art(Path(path), None if root is None else Path(root), seen=set(), depth=0)
    except _Refused as exc:
        return str(exc)
    return ""


class _Refused(Exception):
    pass


def _check_art(path: Path, root: Path | None, *, seen: set[str], depth: int) -> tuple[int, int] | None:
    """Raise _Refused when the art at ``path`` must not be drawn; its size in pixels when it is
    a raster image, None for an SVG (or a file ``seen`` already)."""
    real = str(path.resolve())
    if real in seen:
        return None
    seen.add(real)
    if len(seen) > MAX_SVG_FILES:
        raise _Refused(f"art {path.name}: an SVG drawing in more than {MAX_SVG_FILES} files")
    try:
        if path.suffix.lower() == ".svg":
            data = read_confined(path, root, MAX_ART_BYTES)
            for reference in _svg_references(path, data):
                _check_reference(path, reference, root, seen=seen, depth=depth)
            return None
        check_confined(path, root)
        with _open_regular(path) as fh:
            return _check_pixels(path.name, fh)
    except PackFileError as exc:
        raise _Refused(f"art {path} {exc.problem.message}") from None


def _open_regular(path: Path) -> IO[bytes]:
    """``path`` opened for reading when it is a regular file of at most ``MAX_ART_BYTES`` (checked
    on the open descriptor, opened without blocking). Raises PackFileError."""
    try:
        fh, status = open_regular(path, follow_link=True)  # check_confined saw where a link leads
    except NotARegularFile as exc:
        raise PackFileError(PathProblem(path, NOT_A_FILE, f"is {describe_mode(exc.mode)}, not a file; not read")) \
            from None
    except OSError as exc:
        raise PackFileError(PathProblem(path, IO_ERROR, f"cannot read file: {exc.strerror or exc}")) from None
    if status.st_size > MAX_ART_BYTES:
        fh.close()
        raise PackFileError(PathProblem(path, NOT_A_FILE, f"is {status.st_size / 1024**2:.1f} MiB, more than the "
                                        f"{MAX_ART_BYTES // 1024**2} MiB art may have; not read"))
    return fh


_ORIENTATION = 0x0112
"""The EXIF tag saying how a picture stored as taken is turned to be seen upright."""
_TURNED = (5, 6, 7, 8)
"""Orientations that turn a picture a quarter: it prints with width and height swapped."""


def _orientation(raw: bytes | None) -> int | None:
    """The EXIF orientation in the raw EXIF block a header gave (``image.info["exif"]``: read from
    the header, as ``verify`` must come first after opening), or None."""
    from PIL import Image

    if not raw:
        return None
    exif = Image.Exif()
    try:
        exif.load(raw)
    except Exception:  # noqa: BLE001 - a damaged EXIF block only loses the orientation
        return None
    return exif.get(_ORIENTATION)


def _check_pixels(name: str, source: IO[bytes]) -> tuple[int, int]:
    from PIL import Image

    try:
        with warnings.catch_warnings():  # Pillow warns of a decompression bomb: refused below, in a line
            warnings.simplefilter("ignore")
            with Image.open(source) as image:  # the header only: nothing is decoded
                width, height = image.size
                if _orientation(image.info.get("exif")) in _TURNED:  # it prints turned (export: exif_transpose)
                    width, height = height, width
                try:
                    # a copy broken off keeps a whole header, and the export would be the first to fail,
                    # without a card's line: a PNG's chunk checksums, a JPEG's end, read without decoding
                    image.verify()
                    if image.format in ("JPEG", "MPO"):
                        _check_jpeg_end(source)
                        _check_jpeg_decodes(source)
                except Exception as exc:  # noqa: BLE001 - any damage is one problem
                    raise _Refused(f"art {name} is damaged or cut short ({exc}); save or copy it again") from None
    except _Refused:
        raise
    except Image.DecompressionBombError as exc:  # past twice Pillow's own limit: it will not even say the size
        raise _Refused(f"art {name} has more than the {MAX_ART_PIXELS:,} pixels art may have ({exc}); "
                       "scale it down") from None
    except Image.UnidentifiedImageError:  # a designer reads words, not the name of Pillow's exception
        raise _Refused(f"art {name} is not an image: its bytes are no PNG or JPEG picture (save it again as PNG "
                       "or JPEG)") from None
    except Exception as exc:  # noqa: BLE001 - any unreadable image is one problem
        raise _Refused(_unreadable(name, exc)) from None
    if width * height > MAX_ART_PIXELS:
        raise _Refused(f"art {name} is {width} x {height} pixels, more than the {MAX_ART_PIXELS:,} pixels "
                       "art may have (a picture that large is a decompression bomb or far sharper than print "
                       "needs); scale it down")
    return width, height


def _check_jpeg_end(source: IO[bytes]) -> None:
    """Raise ``ValueError`` when the JPEG in ``source`` stops before its end-of-image marker (EOI,
    ``FF D9``) or its segments before the first scan do not follow each other.

    Pillow's ``verify`` checks nothing of a JPEG, and decoding one to find its end costs as much as
    drawing it. The segments before the first scan (SOS) are stepped over by their lengths, so an
    EXIF thumbnail's own EOI inside one is not taken for the image's; in the scan data a ``FF``
    byte is always followed by ``00`` or a marker, so an ``FF D9`` after the first scan is the end.
    Usually it is the last two bytes; data a camera appends after it is searched through too."""
    position = 2  # past the start-of-image marker, which Pillow found
    while True:
        source.seek(position)
        header = source.read(4)
        if len(header) < 4 or header[0] != 0xFF:
            raise ValueError("its segments break off before the picture data")
        if header[1] == 0xFF:  # a fill byte before a marker
            position += 1
            continue
        position += 2 + int.from_bytes(header[2:4], "big")
        if header[1] == 0xDA:  # start of scan: the picture data follows its header
            break
    # the end first: data after the marker is rare and short, and the whole scan is read only then
    tail = max(position, source.seek(0, os.SEEK_END) - _JPEG_TAIL)
    for start in dict.fromkeys((tail, position)):
        source.seek(start)
        if b"\xff\xd9" in source.read():
            return
    raise ValueError("no end-of-image marker")


_JPEG_TAIL = 64 * 1024
"""Bytes at the end of a JPEG searched for its end-of-image marker before the whole scan data."""


def _check_jpeg_decodes(source: IO[bytes]) -> None:
    """Raise ``OSError`` (Pillow's) when the JPEG in ``source`` does not decode in full, as the
    print export decodes it: picture data overwritten or garbled inside whole markers. A picture
    that decodes is remembered by its bytes (and the decoding code), so it is decoded once; one
    that fails is decoded again each time, its message always the current code's. Pillow, like
    libjpeg under it, passes damage that only garbles pixels: that prints, if not as drawn."""
    from PIL import Image

    from doria_forge.infra import clean_cache

    source.seek(0)
    data = source.read()
    key = clean_cache.clean_key("jpeg-decode", data, "", _decode_code())
    if clean_cache.is_clean("jpeg-decode", key):
        return
    with Image.open(io.BytesIO(data)) as image:
        image.load()
    clean_cache.remember_clean("jpeg-decode", key)


def _decode_code() -> tuple[Path, ...]:
    """The code a JPEG's decoding depends on: this file, and Pillow's ``Image`` module (it changes
    with every Pillow release, whose decoder may judge a picture differently)."""
    from PIL import Image

    return (Path(__file__), Path(Image.__file__))


_DATA_IMAGE = re.compile(r"data:image/(png|jpe?g);base64,(.*)\Z", re.IGNORECASE | re.DOTALL)
_CSS_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.IGNORECASE | re.DOTALL)


def _svg_references(path: Path, data: bytes) -> list[str]:
    """Every reference the SVG ``data`` makes: ``href`` attributes, ``url(...)`` in styles.
    Raises _Refused for a file that is not XML or imports style sheets."""
    import xml.etree.ElementTree as ElementTree

    try:
        tree = ElementTree.fromstring(data)
    except (ElementTree.ParseError, ValueError, RecursionError) as exc:
        raise _Refused(f"art {path.name} is not a readable SVG: {exc}") from None
    references: list[str] = []
    for element in tree.iter():
        for name, value in element.attrib.items():
            if name == "href" or name.endswith("}href"):
                references.append(value.strip())
            elif "url(" in value.lower():
                references += [m.group(2).strip() for m in _CSS_URL.finditer(value)]
        if isinstance(element.tag, str) and element.tag.rsplit("}", 1)[-1] == "style" and element.text:
            if "@import" in element.text.lower():
                raise _Refused(f"art {path.name}: an SVG style sheet may not @import others")
            references += [m.group(2).strip() for m in _CSS_URL.finditer(element.text)]
    return references


def _check_reference(svg: Path, reference: str, root: Path | None, *, seen: set[str], depth: int) -> None:
    """Refuse ``reference`` (made in ``svg``) unless it is allowed (see the module docstring)."""
    shown = reference if len(reference) <= 60 else reference[:57] + "..."
    if not reference or reference.startswith("#"):
        return
    embedded = _DATA_IMAGE.match(reference)
    if embedded:
        try:
            picture = base64.b64decode(re.sub(r"\s+", "", embedded.group(2)), validate=True)
        except (binascii.Error, ValueError):
            raise _Refused(f"art {svg.name}: an embedded image that is not base64") from None
        _check_pixels(f"{svg.name} (an embedded image)", io.BytesIO(picture))
        return
    parts = urlsplit(reference)
    absolute = reference.startswith(("/", "\\")) or (len(reference) > 1 and reference[1] == ":")
    if parts.scheme or parts.netloc or absolute:
        raise _Refused(f"art {svg.name} refers to {shown!r}: an SVG may only use files of the pack, by a "
                       "relative path")
    target = svg.parent / unquote(parts.path)
    if target.suffix.lower() not in SUFFIXES:
        raise _Refused(f"art {svg.name} refers to {shown!r}: an SVG may only use PNG, JPG or SVG files")
    if root is not None and not is_inside(os.path.realpath(target), os.path.realpath(root)):
        raise _Refused(f"art {svg.name} refers to {shown!r}, which lies outside the pack; not read")
    if depth + 1 > MAX_SVG_DEPTH:
        raise _Refused(f"art {svg.name}: SVGs referring to SVGs more than {MAX_SVG_DEPTH} deep")
    if os.path.lexists(target):  # a missing file is drawn as nothing (svglib skips it)
        _check_art(target, root, seen=seen, depth=depth + 1)
