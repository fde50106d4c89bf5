"""Text that reaches a terminal or a CI log shows control characters, never obeys them.

Content names, messages and file names come from the pack. Printed raw, an escape sequence
in a monster's name recolours or clears the terminal, and a newline in a file name forges a
line of the report (a fake ``::error`` annotation in CI). :func:`printable` escapes them;
every text output goes through it.
"""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path
from typing import Any

# C0 and C1 controls (tab, newline and escape included), DEL, the Unicode format characters
# that reorder or hide text (bidirectional overrides and isolates, line and paragraph
# separators, zero-width joiners, the BOM), and lone surrogates (bytes of a file name that
# are not UTF-8: a strict UTF-8 terminal cannot even encode them).
_INVISIBLE = "\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ud800-\udfff"
_UNSAFE = re.compile(f"[\x00-\x1f{_INVISIBLE}]")
_UNSAFE_IN_JSON = re.compile(f"[{_INVISIBLE}]")  # JSON encoders escape the C0 controls themselves


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: object) -> str:
    """``str(text)`` with every control or invisible format character written as an escape
    (``\\x1b``, ``\\n``→``\\x0a``, ``\\u202e``): one line, shown as it is."""
    return _UNSAFE.sub(_escape, str(text))


_ROLE = re.compile(r":[a-z]+:`~?(?:[\w.]+\.)?([\w]+)`")


def plain_doc(text: str | None) -> str:
    """A docstring or description (reST) as one line of plain text for a listing: a role
    (``:class:`~a.B```) as its last name, double backquotes as single ones, every run of
    whitespace as one space."""
    return " ".join(_ROLE.sub(r"\1", text or "").replace("``", "`").split())


def escape_json_text(text: str) -> str:
    """JSON text with the characters :func:`printable` escapes written as ``\\uXXXX`` escapes
    (JSON encoders leave C1 controls and Unicode format characters raw); the data is the same."""
    return _UNSAFE_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def encodable(text: str) -> str:
    """``text`` with each lone surrogate (how Python holds a byte of a file name that is not
    UTF-8) written as :func:`printable` writes it (``\\udcff``): UTF-8 cannot encode it, and a
    page or file naming such a file could not be written."""
    return _LONE_SURROGATE.sub(_escape, text)


def relative_path(path: str | os.PathLike[str]) -> str:
    """``path`` as every message names it: relative to the working folder (``/`` separated, ``.``
    for the folder itself) when inside it, else as given (as typed, or absolute as found)."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return Path(path).as_posix()
    # a name that merely starts with two dots (``..drafts``) is inside
    outside = relative == os.pardir or relative.startswith(os.pardir + os.sep)
    return Path(path).as_posix() if outside else Path(relative).as_posix()


class PrintableFormatter(logging.Formatter):
    """A logging formatter whose every record is one printable line."""

    def format(self, record: logging.LogRecord) -> str:
        return printable(super().format(record))


def print_table(console: Any, table: Any, *, floor: int = 80) -> None:
    """Print a rich ``table`` to ``console`` whole. In a terminal it gets the terminal's width
    (at least ``floor`` columns); without one (a pipe, a file, a CI log: nothing there cuts
    long lines) it gets the width it needs, so no cell is cut to ``1.…`` or ``playe…``."""
    width = console.width
    wanted = max(width, floor)
    if not console.is_terminal:
        from rich.measure import Measurement

        wanted = max(wanted, Measurement.get(console, console.options.update_width(100_000), table).maximum)
    console.width = wanted
    try:
        console.print(table)
    finally:
        console.width = width


def progress_bar(label: str, *, console: Any = None, enabled: bool = True, remaining: bool = False) -> Any:
    """A rich ``Progress`` for a slow stage: ``label`` (rich's ``TextColumn`` format, e.g.
    ``"tuning {task.description}"``), a bar, done/total, time elapsed (and, ``remaining``, time
    left), erased when done. It draws on ``console`` (default: standard error) only when that is a
    terminal: elsewhere (a CI log, a file) rich cannot redraw a bar and, erasing it, leaves an empty
    line per stage. ``enabled`` False (``--no-progress``, a JSON report on the same stream) shows
    none either. Use it as a context manager, as ``Progress`` itself."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = console or Console(stderr=True)
    columns = [TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
    if remaining:
        columns.append(TimeRemainingColumn())
    return Progress(*columns, console=console, disable=not (enabled and console.is_terminal), transient=True)
