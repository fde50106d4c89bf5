"""Every text the PDF prints can be drawn with the card font.

The cards are set in DejaVu Sans (embedded, so they print the same everywhere). It covers Latin
(umlauts, accents), Greek and Cyrillic, but not Chinese, Japanese or Korean characters nor most
emoji: reportlab draws those as empty boxes without any error, so a designer only notices on
paper. A **warning** (the PDF still builds) at the field holding the text, naming the characters.
``id`` and ``kind`` are never printed and not checked.

Passing::

    kind: equipment
    id: dwarven_axe
    name: Zwergenaxt der Großmütter     # umlauts and ß print fine

Failing::

    kind: equipment
    id: dragon_axe
    name: 龍の斧                         # CJK: prints as three empty boxes
    text: "Hits \\x1b[31mhard"        # an escape character (pasted from a terminal): an empty box

Control characters other than tab and line breaks, and the bidirectional controls (U+202A-202E,
U+2066-2069), are warned about too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from ...infra.fonts import ALWAYS_COVERED, missing_glyphs
from ...load.problem import Problem, Severity
from ...model import ContentPack
from ..source_map import SourceMap

ID = "printable-text"
SEVERITY = Severity.WARNING

_NOT_PRINTED = frozenset({"id", "kind"})
_MAX_LISTED = 6


def _strings(data: Any, path: tuple) -> Iterator[tuple[tuple, str]]:
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            if not (path == () and key in _NOT_PRINTED):
                yield from _strings(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _strings(value, path + (i,))


def _describe(chars: list[str]) -> str:
    shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in chars[:_MAX_LISTED])
    return shown + (f" and {len(chars) - _MAX_LISTED} more" if len(chars) > _MAX_LISTED else "")


_BEYOND_COVERED = re.compile(f"[^\\x00-\\u{ALWAYS_COVERED - 1:04x}]")


def _plain(text: str) -> bool:
    # Latin up to Latin Extended-B: always in DejaVu Sans; the font files are read only for other text.
    return text.isascii() or _BEYOND_COVERED.search(text) is None


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Control characters other than tab and line breaks, and the bidirectional controls: none is
in the card font (an escape prints as an empty box) and the bidirectional ones turn the text
around on screen (``diff``, reports) where the card shows it in order."""


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for document in pack:
        raw = source_map.raw(document.kind, document.id)
        if raw is None:
            continue
        for path, text in _strings(raw, ()):
            controls = list(dict.fromkeys(_CONTROL.findall(text)))
            if controls:
                yield source_map.problem(
                    document.kind, document.id, path, ID, SEVERITY,
                    f"{'.'.join(str(p) for p in path)} has control characters: "
                    f"{', '.join(f'U+{ord(c):04X}' for c in controls[:_MAX_LISTED])}; they print as empty boxes "
                    "(or turn the text around on screen): remove them",
                    value=True,
                )
            if _plain(text):
                continue
            missing = missing_glyphs(text)
            if missing:
                yield source_map.problem(
                    document.kind, document.id, path, ID, SEVERITY,
                    f"{'.'.join(str(p) for p in path)} has characters the card font (DejaVu Sans) cannot "
                    f"draw: {_describe(missing)}; they print as empty boxes. Use other characters "
                    f"(Latin, Greek and Cyrillic print fine)",
                    value=True,
                )
