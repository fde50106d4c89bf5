"""The colours cards print white text on: readable (WCAG 2.1 contrast) and told apart."""

from __future__ import annotations

import itertools
import math

import pytest

from doria_forge.export.pdf.faces import level_back, level_spec


def _linear(channel: int) -> float:
    """An sRGB channel (0-255) as linear light (WCAG 2.1, relative luminance)."""
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    value = hex_colour.lstrip("#")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def _luminance(hex_colour: str) -> float:
    r, g, b = (_linear(c) for c in _rgb(hex_colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG 2.1 contrast ratio of two sRGB colours, 1 to 21."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _lab(hex_colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in _rgb(hex_colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_the_contrast_formula_gives_the_known_ratios():
    assert contrast("#ffffff", "#000000") == pytest.approx(21)
    assert contrast("#ffffff", "#777777") == pytest.approx(4.48, abs=0.01)  # the well-known just-failing grey


def _level_colours(pack) -> dict[int, set[str]]:
    """Each level's colours as printed: its cards' fronts and its back."""
    colours: dict[int, set[str]] = {}
    for card in pack.monster_levels.values():
        colours.setdefault(card.level, set()).add(level_spec(card, pack.monsters.get(card.monster)).colour)
    for level in colours:
        colours[level].add(level_back(level).colour)
    return colours


def test_white_text_on_every_monster_level_colour_reaches_four_and_a_half_to_one(shipped_pack):
    """The level badge and the back's title are white on the level's colour: levels 2 and 3 printed
    at 2.9:1 and 4.4:1, below WCAG's 4.5:1 for text."""
    colours = _level_colours(shipped_pack)
    assert sorted(colours) == [1, 2, 3, 4]
    low = {(level, colour): round(contrast("#ffffff", colour), 2)
           for level, found in colours.items() for colour in found if contrast("#ffffff", colour) < 4.5}
    assert not low


def test_the_monster_levels_keep_colours_told_apart_at_a_glance(shipped_pack):
    """Darker shades must not make two levels look alike (CIE76 colour difference of 20 or more)."""
    colours = {level: found.pop() for level, found in _level_colours(shipped_pack).items() if len(found) == 1}
    assert sorted(colours) == [1, 2, 3, 4]
    for (a, ca), (b, cb) in itertools.combinations(sorted(colours.items()), 2):
        assert math.dist(_lab(ca), _lab(cb)) >= 20, (a, ca, b, cb)
