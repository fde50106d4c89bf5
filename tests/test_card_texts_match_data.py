"""The shipped pack's printed texts say what its data plays.

Every card of content/ has a printed text (``text``, ``text_de``, an ability's texts, a
scenario's goal and rule texts) and data the engine plays (behaviours, effects, numbers). These
checks run over every document alike, from the data alone (no card id is named here):

- a number a text quotes is a number of the data it describes (the mapping holding the text,
  or its document's own fields): "2 damage" on a card whose effect deals 3 is caught;
- the German text quotes the same numbers as the English one, and the same attributes and
  Target Numbers in the German edition's abbreviations (AGI -> BEW, TN -> MW).

Free words by design are left alone: a scenario's ``story``, its ``rewards.text`` lines ("Further
rewards in words") and a text whose mapping plays nothing (a printed-only rule or ability, which
``validate`` reports as such).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from doria_forge.i18n import t

CONTENT = Path(__file__).resolve().parents[1] / "content"

TEXT_FIELDS = ("text", "goal", "end_condition")
"""Fields holding printed prose that describes the data beside it (each may have an ``_de``)."""
FREE_WORDS = ("story",)
"""Fields of prose that describe nothing the engine plays."""
ATTRIBUTES = ("STR", "CON", "AGI", "PER", "WIS", "PSI", "TN")

# a number written in digits, signed or not; not part of an id, a dice expression (2D) or a word
NUMBER = re.compile(r"(?<![\w\-+])[-+]?\d+(?![\w])")
WORDS = {
    "en": {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10},
    "de": {"zwei": 2, "zweier": 2, "drei": 3, "dreier": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7,
           "acht": 8, "neun": 9, "zehn": 10},
}
DICE = re.compile(r"^(\d+)D([+-]\d+)?$")


def _documents(root: Path) -> Iterator[tuple[Path, dict[str, Any]]]:
    yaml = YAML(typ="safe")
    for path in sorted(root.rglob("*.yaml")):
        for doc in yaml.load_all(path.read_text(encoding="utf-8")):
            if isinstance(doc, dict):
                yield path, doc


def _is_text(key: Any) -> bool:
    base = key[:-3] if isinstance(key, str) and key.endswith("_de") else key
    return base in TEXT_FIELDS or base in FREE_WORDS


def _played_numbers(node: Any, *, top_level_only: bool = False) -> set[int]:
    """Every number the data under ``node`` holds (texts left out; dice ``3D+2`` give 3 and 2)."""
    found: set[int] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if _is_text(key) or (top_level_only and isinstance(value, (dict, list))):
                continue
            found |= _played_numbers(value)
    elif isinstance(node, list):
        for value in node:
            found |= _played_numbers(value)
    elif isinstance(node, bool):
        pass
    elif isinstance(node, int):
        found.add(abs(node))
    elif isinstance(node, str) and (dice := DICE.match(node)):
        found.add(int(dice.group(1)))
        if dice.group(2):
            found.add(abs(int(dice.group(2))))
    return found


def _plays_something(node: dict[str, Any]) -> bool:
    """Whether a mapping holds any data besides its id and texts (an empty behaviour list plays nothing)."""
    return any(not _is_text(k) and k != "id" and v not in (None, [], {}) for k, v in node.items())


def _texts(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Each mapping holding a printed text, with its path."""
    if isinstance(node, dict):
        if any(isinstance(node.get(f), str) for f in TEXT_FIELDS):
            yield path, node
        for key, value in node.items():
            if key != "rewards":  # rewards.text: "further rewards in words"
                yield from _texts(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _texts(value, (*path, i))


def _numbers(text: str, lang: str) -> Counter[int]:
    numbers = Counter(abs(int(n)) for n in NUMBER.findall(text))
    # whole words only: "two-handed" names no number
    numbers.update(WORDS[lang][w] for w in re.findall(r"(?<![\w-])\w+(?![\w-])", text.lower()) if w in WORDS[lang])
    return numbers


def unplayed_numbers(root: Path) -> list[str]:
    """Numbers the texts under ``root`` quote that are not numbers of the data they describe."""
    problems = []
    for path, doc in _documents(root):
        document_fields = _played_numbers(doc, top_level_only=True)
        for where, node in _texts(doc):
            if not _plays_something(node):
                continue  # printed only: nothing played to compare with
            played = _played_numbers(node) | document_fields
            for field, text in node.items():
                if not (_is_text(field) and isinstance(text, str)) or field in FREE_WORDS:
                    continue
                for number in NUMBER.findall(text):
                    if abs(int(number)) not in played:
                        problems.append(f"{path.name} {doc.get('id')} {'.'.join(map(str, (*where, field)))}: "
                                        f"says {number}, its data plays {sorted(played)}")
    return problems


def translation_mismatches(root: Path) -> list[str]:
    """German texts under ``root`` that quote other numbers, attributes or Target Numbers than the English."""
    problems = []
    for path, doc in _documents(root):
        for where, node in _texts(doc):
            for field in (*TEXT_FIELDS, *FREE_WORDS):
                english, german = node.get(field), node.get(f"{field}_de")
                if not (isinstance(english, str) and isinstance(german, str)):
                    continue
                here = f"{path.name} {doc.get('id')} {'.'.join(map(str, (*where, field)))}"
                if _numbers(english, "en") != _numbers(german, "de"):
                    problems.append(f"{here}: numbers {sorted(_numbers(english, 'en').elements())} in English, "
                                    f"{sorted(_numbers(german, 'de').elements())} in German")
                for name in ATTRIBUTES:
                    if re.search(rf"\b{name}\b", english) and not re.search(rf"\b{t(name, 'de')}\b", german):
                        problems.append(f"{here}: the English says {name}, the German not {t(name, 'de')}")
    return problems


def test_numbers_the_cards_quote_are_numbers_their_data_plays():
    assert unplayed_numbers(CONTENT) == []


def test_german_texts_quote_the_same_numbers_and_attributes_as_the_english():
    assert translation_mismatches(CONTENT) == []


@pytest.mark.parametrize("old, new, finds", [
    # a text quoting 2 damage over an effect that deals 3
    ("- {behaviour: explode_on_defeat, damage: 2}", "- {behaviour: explode_on_defeat, damage: 3}", unplayed_numbers),
    # a German text with another number than the English
    ("Jeder benachbarte Held erleidet 2 Schaden", "Jeder benachbarte Held erleidet 3 Schaden", translation_mismatches),
])
def test_the_checks_find_a_card_that_says_one_thing_and_plays_another(tmp_path, old, new, finds):
    """The checks above are not empty: a planted mismatch in a copy of the pack is found."""
    source = (CONTENT / "modifications" / "modifications.yaml").read_text(encoding="utf-8")
    assert old in source
    (tmp_path / "modifications.yaml").write_text(source.replace(old, new), encoding="utf-8")
    assert [p for p in finds(tmp_path) if "explosion" in p]
