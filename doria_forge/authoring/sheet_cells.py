"""What a spreadsheet cell holds, and how a value is written into one (``import`` / ``export csv|xlsx``).

A cell holds a value as YAML would write it inline: ``2D+3``, ``7``, ``true``, a list such as
``[undead, flying]`` or ``[[1, 2], [3, 3]]``, a mapping ``{STR: 9}``, or a quoted text
(``"Check: 5"``) where plain text would read as something else. Cells are plain values:

* plain text resolves as YAML 1.2's core schema does (``null``, ``true``/``false``, integers,
  decimals) and is otherwise text, so ``Check: STR+AGI`` or ``#1 hit`` stay text; no YAML tag
  (``!!bool``, ``!!timestamp``...), anchor or alias is ever applied;
* a cell starting with ``[`` or ``{`` is read as a YAML flow collection, at most
  ``MAX_CELL_NESTING`` deep, refused if it holds a tag, anchor or alias; a quoted cell is one
  YAML quoted text;
* a cell holds at most ``MAX_CELL_CHARS`` characters (Excel's own limit) and no control
  character but tabs and line breaks.

Spreadsheet programs run text that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return as a formula (CSV injection). Written cells that start so get a leading apostrophe, as the
OWASP guidance on CSV injection recommends (numbers excepted: ``-1`` is no formula), and reading
takes that apostrophe off again, so an export read back gives the same values.

Text read back through a program that took UTF-8 for Windows-1252 (``Tür`` became ``TÃ¼r``) is
refused as mojibake (:func:`mojibake`), with the text it should have been.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_CELL_CHARS = 32_767
"""Most characters in one cell (the limit Excel and LibreOffice have themselves)."""

MAX_CELL_NESTING = 8
"""Deepest list or mapping inside one cell (``[[1, 2], [3, 3]]`` is 2)."""

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""First characters a spreadsheet reads as the start of a formula (OWASP, CSV injection)."""


class CellError(ValueError):
    """A cell that is not read: the message says why and what to write instead."""


# YAML 1.2 core schema, plain scalars
_NULL = re.compile(r"~|null|Null|NULL\Z")
_TRUE = re.compile(r"true|True|TRUE\Z")
_FALSE = re.compile(r"false|False|FALSE\Z")
_INT = re.compile(r"[-+]?[0-9]+\Z")
_INT_OCT = re.compile(r"0o[0-7]+\Z")
_INT_HEX = re.compile(r"0x[0-9a-fA-F]+\Z")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\Z")
_INF = re.compile(r"[-+]?\.(inf|Inf|INF)\Z")
_NAN = re.compile(r"\.(nan|NaN|NAN)\Z")
_NUMBER = re.compile(r"[-+]?[0-9]+(\.[0-9]+)?\Z")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Control characters no cell holds (tabs and line breaks are text)."""
_MAX_DIGITS = 40


def plain_scalar(text: str) -> Any:
    """``text`` (stripped, not empty) as YAML 1.2's core schema reads a plain scalar; text otherwise."""
    if _NULL.match(text):
        return None
    if _TRUE.match(text):
        return True
    if _FALSE.match(text):
        return False
    if len(text) <= _MAX_DIGITS:
        if _INT.match(text):
            return int(text)
        if _INT_OCT.match(text):
            return int(text[2:], 8)
        if _INT_HEX.match(text):
            return int(text[2:], 16)
        if _FLOAT.match(text) and any(c.isdigit() for c in text):
            return float(text)
        if _INF.match(text):
            return float("-inf") if text.startswith("-") else float("inf")
        if _NAN.match(text):
            return float("nan")
    return text


def decode_cell(value: Any) -> Any:
    """A cell's value (see the module docstring): ``"7"`` -> 7, ``"[a, b]"`` -> ``["a", "b"]``,
    ``"Check: 5"`` -> text. Non-text cells of a workbook (numbers, booleans) are kept. Raises
    CellError for a cell that is not read (too long, a tag, too deep, broken flow syntax)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value
    if not isinstance(value, str):
        raise CellError(f"a {type(value).__name__} cell; write the value as text or a number")
    if len(value) > MAX_CELL_CHARS:
        raise CellError(f"the cell holds {len(value):,} characters, more than {MAX_CELL_CHARS:,}")
    control = _CONTROL.search(value)
    if control:
        raise CellError(f"the cell holds the control character U+{ord(control.group()):04X}; remove it")
    value = unguarded(value)
    text = value.strip()
    if text == "":
        return None
    if text[0] in "[{":
        parsed = _flow(text)
        return value if parsed is _NOT_YAML else parsed  # "[Optional] text" stays text
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        quoted = _flow(text)
        return quoted if isinstance(quoted, str) else value
    return plain_scalar(text)


def _flow(text: str) -> Any:
    """A flow collection or quoted scalar, built from the parser's events (no tags, anchors or
    aliases; at most ``MAX_CELL_NESTING`` deep; no recursion), or ``_NOT_YAML`` for text the
    parser does not read. Raises CellError for a tag, anchor or alias, or too deep a nesting."""
    from ruamel.yaml import YAML
    from ruamel.yaml.error import YAMLError
    from ruamel.yaml.events import (
        AliasEvent,
        CollectionStartEvent,
        DocumentStartEvent,
        MappingEndEvent,
        ScalarEvent,
        SequenceEndEvent,
        SequenceStartEvent,
    )

    stack: list[Any] = []
    keys: list[Any] = []
    result: Any = None
    documents = 0
    try:
        for event in YAML(typ="safe", pure=True).parse(text):
            if isinstance(event, DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise CellError("a cell holds one value; write '---' only inside quotes")
            if isinstance(event, AliasEvent) or getattr(event, "anchor", None) is not None:
                raise CellError("YAML anchors and aliases (&, *) are not read in cells; write the value itself")
            if isinstance(event, (ScalarEvent, CollectionStartEvent)) and event.tag is not None:
                raise CellError(f"YAML tags ({event.tag}) are not read in cells; write the plain value")
            if isinstance(event, ScalarEvent):
                item: Any = event.value if event.style else plain_scalar(event.value) if event.value else None
            elif isinstance(event, CollectionStartEvent):
                if len(stack) >= MAX_CELL_NESTING:
                    raise CellError(f"lists and mappings nested more than {MAX_CELL_NESTING} deep in one cell")
                stack.append([] if isinstance(event, SequenceStartEvent) else {})
                keys.append(_NO_KEY)
                continue
            elif isinstance(event, (SequenceEndEvent, MappingEndEvent)):
                item = stack.pop()
                keys.pop()
            else:
                continue
            if not stack:
                result = item
            elif isinstance(stack[-1], list):
                stack[-1].append(item)
            elif keys[-1] is _NO_KEY:
                if isinstance(item, (list, dict)):
                    raise CellError("a mapping key in a cell must be a plain value")
                keys[-1] = item
            else:
                stack[-1][keys[-1]] = item
                keys[-1] = _NO_KEY
    except YAMLError:
        return _NOT_YAML
    return result


_NO_KEY = object()
_NOT_YAML = object()


def encode_cell(value: Any) -> str:
    """The cell text that :func:`decode_cell` reads back as ``value`` (a scalar, or a list or
    mapping written inline as JSON, which YAML reads)."""
    if isinstance(value, str):
        try:
            plain = value and decode_cell(value) == value and value == value.strip()
        except CellError:
            plain = False
        return value if plain else _json(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return repr(value)
    return _json(value)


_NOT_YAML_PRINTABLE = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")
"""Characters JSON leaves as they are but YAML does not allow unescaped, or reads as line breaks
inside quotes (JSON escapes the rest)."""


def _json(value: Any) -> str:
    """``value`` as JSON, which YAML reads: readable text kept, what YAML refuses escaped."""
    return _NOT_YAML_PRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(value, ensure_ascii=False))


def guarded(text: str) -> str:
    """``text`` as written into a spreadsheet cell: with a leading apostrophe when a spreadsheet
    would run it as a formula (numbers excepted), or when it starts with an apostrophe already
    in front of such text (so that :func:`unguarded` gives it back)."""
    return "'" + text if _needs_guard(text) else text


def unguarded(text: str) -> str:
    """A cell's text with the apostrophe :func:`guarded` added taken off."""
    return text[1:] if text.startswith("'") and _needs_guard(text[1:]) else text


def _needs_guard(text: str) -> bool:
    if text.startswith("'"):
        return _needs_guard(text[1:])
    return text.startswith(FORMULA_STARTS) and not _NUMBER.match(text)


_MOJIBAKE = re.compile("[\u00c2-\u00f4][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6"
                       "\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a"
                       "\u20ac\u2122]")
"""A lead byte of a UTF-8 sequence read as Windows-1252, followed by a continuation byte read so."""


def mojibake(text: str) -> str | None:
    """The text ``text`` was before UTF-8 was read as Windows-1252 (``TÃ¼r`` -> ``Tür``), or
    None when it does not look so garbled."""
    if not _MOJIBAKE.search(text):
        return None
    raw = bytearray()
    for char in text:
        try:
            raw += char.encode("cp1252")
        except UnicodeEncodeError:
            if ord(char) > 0xFF:
                return None
            raw.append(ord(char))  # the five bytes cp1252 leaves undefined pass through as Latin-1
    try:
        fixed = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return fixed if fixed != text else None
