"""Reading a spreadsheet for ``doria-forge import``: a CSV file or a sheet of an Excel workbook as
numbered rows of cells, within bounds, whatever the file holds.

* Only a regular file is read (a FIFO or ``/dev/zero`` is refused at once), of at most
  ``MAX_SHEET_BYTES``; a workbook unpacks to at most ``MAX_UNPACKED_BYTES`` (a zip bomb is
  refused before openpyxl opens it), and the dimension a sheet declares is ignored (a sheet
  claiming a million columns is read as the cells it holds).
* At most ``MAX_ROWS`` rows below the header and ``MAX_COLUMNS`` columns are read.
* A CSV is UTF-8 (a byte-order mark allowed); a byte that is not is reported at its cell, with
  what to do. Its cells are separated by commas, or by semicolons or tabs when the header line
  has no comma (Excel's "CSV" where the decimal separator is a comma). It is read strictly: a
  quote never closed, or text after a closing quote, is reported at its cell.
* A workbook cell holding a formula without a computed value, an error value (``#DIV/0!``) or a
  date is reported at its row and column: no content field holds a date, so a date is a text or
  dice the spreadsheet turned into one (``1/2``).

:class:`SheetError` is a file the command cannot be pointed at (a usage error: not a spreadsheet,
not a regular file, no such sheet); everything else, a damaged workbook and a file above the limits
included (as a pack file above its limit: the command was right, the file is not), is a list of
``(row, column, message)`` next to the rows, in spreadsheet numbering (row 1 is the header, column A
is 1). A cell reported so holds :data:`REPORTED` in the rows.
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doria_forge.load.files import FILE_TOO_LARGE, PackFileError, check_confined, read_confined

MAX_SHEET_BYTES = 32 * 1024**2
"""Largest CSV file or workbook read (32 MiB)."""

MAX_UNPACKED_BYTES = 128 * 1024**2
"""Most bytes a workbook may unpack to (its parts are compressed XML)."""

MAX_ROWS = 10_000
"""Most rows below the header: documents of one kind in one sheet."""

MAX_COLUMNS = 1_000
"""Most columns (a scenario, the widest kind, has about 200)."""

SUFFIXES = (".csv", ".xlsx")


class SheetError(ValueError):
    """A spreadsheet that cannot be read at all (a usage error); the message names the file."""


class _Reported:
    def __repr__(self) -> str:
        return "REPORTED"


REPORTED = _Reported()
"""What a cell holds in :attr:`Sheet.rows` once :attr:`Sheet.problems` reports it (a date, an error
value): its row is not read as a document, which would report the cell again as a missing field."""


@dataclass
class Sheet:
    """The rows read: ``(row number, cells)``, header first, and what was wrong with single
    cells or rows: ``(row, column, message)``."""

    rows: list[tuple[int, list[Any]]] = field(default_factory=list)
    problems: list[tuple[int, int, str]] = field(default_factory=list)
    too_long: bool = False
    """More rows than ``MAX_ROWS``: the rest was not read."""
    note: str = ""
    """Which sheet of a workbook was read when none is named as asked, else empty."""


def read_sheet(path: Path, sheet: str | None = None, *, kind: str | None = None) -> Sheet:
    """The rows of the CSV file or workbook sheet at ``path``: the sheet ``sheet``, else the one
    named ``kind``, else the first (a damaged workbook: one problem at its first cell). Raises
    SheetError for a file that cannot be read, or a ``sheet`` asked of a CSV file (it has one
    sheet: the user meant another file)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise SheetError(f"{path} is not a .csv or .xlsx file")
    if suffix == ".csv":
        if sheet is not None:
            raise SheetError(f"--sheet {sheet} names a sheet of a workbook, and {path} is a CSV file (one sheet); "
                             "leave --sheet out, or give the .xlsx workbook")
        try:
            raw = read_confined(path, None, MAX_SHEET_BYTES)
        except PackFileError as exc:
            if exc.problem.rule_id == FILE_TOO_LARGE:
                return Sheet(problems=[(1, 1, exc.problem.message)])
            raise SheetError(f"{path}: {exc.problem.message}") from None  # the message says "cannot read"
        return _csv(raw)
    try:
        check_confined(path, None)
        if path.stat().st_size > MAX_SHEET_BYTES:
            return Sheet(problems=[(1, 1, f"file is more than {MAX_SHEET_BYTES // 1024**2} MiB, the limit of a "
                                          "spreadsheet; not read")])
    except PackFileError as exc:
        raise SheetError(f"{path}: {exc.problem.message}") from None  # the message says "cannot read"
    except OSError as exc:
        raise SheetError(f"cannot read {path}: {exc.strerror or exc}") from None
    return _workbook(path, sheet, kind)


# ------------------------------------------------------------------------------ CSV
def _csv(raw: bytes) -> Sheet:
    out = Sheet()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        row, column = _cell_at(raw[:exc.start].decode("utf-8-sig"))
        out.problems.append((row, column, f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as "
                                         "\"CSV UTF-8\" (or export again: doria-forge writes it so)"))
        return out
    delimiter = _delimiter(text)
    # strict: a stray quote is an error, not a cell that swallows every row after it
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    number = lines = 0
    try:
        for number, cells in enumerate(reader, 1):  # records: a cell may hold line breaks
            lines = reader.line_num
            if not _take(out, number, cells):
                break
    except csv.Error as exc:
        record = "".join(io.StringIO(text, newline="").readlines()[lines:])  # lines split as the reader splits them
        out.problems.append((number + 1, _bad_quote(record, delimiter) or 1, _csv_error(str(exc))))
    return out


def _cell_at(before: str) -> tuple[int, int]:
    """The row and column (from 1) of the cell the CSV text ``before`` ends in, as a spreadsheet
    numbers them (a cell may hold line breaks; a byte's line and offset are not its cell)."""
    records = list(csv.reader(io.StringIO(before + "\ue000", newline=""), delimiter=_delimiter(before)))
    return len(records), len(records[-1])


def _csv_error(message: str) -> str:
    if message == "unexpected end of data":
        return ("a quoted cell here is never closed: the rest of the file would be this one cell; close the "
                'quote, or write "" for a quote inside quotes')
    if "expected after" in message:
        return ('a quoted cell here goes on after its closing quote; write "" for a quote inside quotes, or '
                "quote the whole cell")
    return f"not a CSV row: {message}"


def _bad_quote(record: str, delimiter: str) -> int | None:
    """The column (from 1) of the first cell of the CSV ``record`` (its text to the end of the
    file) whose quotes the strict reader refuses: one never closed, or text after the closing
    quote; None when there is none."""
    column, start, quoted, i = 1, True, False, 0
    while i < len(record):
        char = record[i]
        if quoted:
            if char == '"':
                if record[i + 1:i + 2] == '"':
                    i += 1
                elif record[i + 1:i + 2] not in ("", delimiter, "\n", "\r"):
                    return column
                else:
                    quoted = False
        elif start and char == '"':
            quoted = True
        elif char == delimiter:
            column += 1
        elif char in "\r\n":
            return None
        start = char == delimiter and not quoted
        i += 1
    return column if quoted else None


def _delimiter(text: str) -> str:
    """The CSV's separator: a comma, unless the header line has none and has a semicolon (Excel
    saves "CSV" so where the decimal separator is a comma: German, French) or a tab."""
    header = text.split("\n", 1)[0]
    return next((d for d in (",", ";", "\t") if d in header), ",")


def _take(out: Sheet, number: int, cells: list[Any]) -> bool:
    """Add a row to ``out`` within the bounds; False once there are too many rows. Blank rows
    (a workbook keeps formatted empty ones) are left out."""
    if all(c is None or c == "" for c in cells):
        return True
    if len(out.rows) > MAX_ROWS:
        out.problems.append((number, 1, f"more than {MAX_ROWS:,} rows below the header; split the sheet"))
        out.too_long = True
        return False
    if len(cells) > MAX_COLUMNS:
        if any(c not in (None, "") for c in cells[MAX_COLUMNS:]):
            out.problems.append((number, MAX_COLUMNS + 1, f"more than {MAX_COLUMNS:,} columns"))
        cells = cells[:MAX_COLUMNS]
    out.rows.append((number, cells))
    return True


# ------------------------------------------------------------------------------ workbooks
def _is_kind(name: object) -> bool:
    """Whether ``name`` is the name of a content kind (``export xlsx`` names its sheets so)."""
    from doria_forge.model import KINDS

    return name in KINDS


def _words(exc: Exception) -> str:
    """What openpyxl's error says of a damaged workbook, without the name of its exception class
    (``KeyError: "There is no item named '[Content_Types].xml' in the archive"``)."""
    words = " ".join(str(exc.args[0] if len(exc.args) == 1 else exc).split())
    return f"{words or 'it is damaged'}; save it again as .xlsx"


class _Damaged(Exception):
    """A workbook whose parts cannot be read: its content is wrong, not the command."""


def _workbook(path: Path, sheet: str | None, kind: str | None) -> Sheet:
    try:
        return _read_workbook(path, sheet, kind)
    except _Damaged as exc:
        # as a CSV that is not UTF-8: a problem of the file at its first cell (exit 1, nothing
        # written), not a usage error (exit 2) as it was; the command was right, the file is not
        return Sheet(problems=[(1, 1, str(exc))])


def _read_workbook(path: Path, sheet: str | None, kind: str | None) -> Sheet:
    _check_zip(path)
    from openpyxl import load_workbook

    try:
        values = load_workbook(path, read_only=True, data_only=True)
        formulas = load_workbook(path, read_only=True, data_only=False)
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds for a damaged file
        raise _Damaged(f"cannot read it as an Excel workbook: {_words(exc)}") from None
    try:
        names = values.sheetnames
        if sheet is not None and sheet not in names:
            raise SheetError(f"{path} has no sheet {sheet!r}; it has {', '.join(names)}")
        chosen = sheet if sheet is not None else kind if kind in names else names[0]
        out = Sheet()
        if chosen != sheet and chosen != kind and len(names) > 1:  # its problems name no sheet: say which
            out.note = (f"no sheet is named {kind!r}: read the first, {chosen!r}, of {', '.join(names)}; "
                        "name another with --sheet")
        elif kind is not None and chosen not in (sheet, kind) and _is_kind(chosen):
            # export xlsx names each sheet after its kind: the columns of another kind were each
            # "unknown field" of this one, and nothing said the --kind was the mistake
            out.note = f"its sheet is named {chosen!r}, another kind, and was read as {kind} (--kind {kind})"
        try:
            for number, cells in _cells(values[chosen], formulas[chosen]):
                if not _take(out, number, cells):
                    break
        except SheetError:
            raise
        except Exception as exc:  # noqa: BLE001 - a damaged sheet part
            raise _Damaged(f"cannot read its sheet {chosen!r}: {_words(exc)}") from None
        out.problems += _cell_problems(out)
        return out
    finally:
        values.close()
        formulas.close()


def _check_zip(path: Path) -> None:
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except OSError as exc:
        raise SheetError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (zipfile.BadZipFile, ValueError) as exc:
        raise _Damaged(f"cannot read it as an Excel workbook: {_words(exc)}") from None
    unpacked = sum(m.file_size for m in members)
    if len(members) > 10_000 or unpacked > MAX_UNPACKED_BYTES:
        raise _Damaged(f"the workbook unpacks to {unpacked / 1024**2:,.0f} MiB in {len(members)} parts, more than "
                       f"a workbook of content needs ({MAX_UNPACKED_BYTES // 1024**2} MiB): not read")


_FORMULA_WITHOUT_VALUE = object()


def _cells(values: Any, formulas: Any) -> Iterator[tuple[int, list[Any]]]:
    """``(row number, cells)`` of a read-only sheet and its twin read with formulas, side by side;
    a formula without a computed value becomes ``_FORMULA_WITHOUT_VALUE``."""
    values.reset_dimensions()  # the sheet's own claim of its size is not trusted
    formulas.reset_dimensions()
    number = 0
    for row, twin in zip(values.iter_rows(), formulas.iter_rows(), strict=False):
        number = next((c.row for c in row if getattr(c, "row", None)), number + 1)
        cells: list[Any] = []
        for index, cell in enumerate(row[:MAX_COLUMNS + 1]):
            value = cell.value
            formula = twin[index] if index < len(twin) else None
            if value is None and formula is not None and getattr(formula, "data_type", "") == "f":
                value = _FORMULA_WITHOUT_VALUE
            elif getattr(cell, "data_type", "") == "e":
                value = _ErrorValue(str(value))
            cells.append(value)
        yield number, cells


class _ErrorValue(str):
    """An error a formula computed (``#DIV/0!``)."""


def _cell_problems(sheet: Sheet) -> list[tuple[int, int, str]]:
    """Formulas without a value, error values and dates, each at its cell; those cells become
    :data:`REPORTED`."""
    found = []
    for number, cells in sheet.rows:
        for index, value in enumerate(cells):
            if value is _FORMULA_WITHOUT_VALUE:
                found.append((number, index + 1, "a formula without a computed value (the file was written by a "
                                                 "program that does not compute formulas): open and save it in a "
                                                 "spreadsheet program, or type the value"))
            elif isinstance(value, _ErrorValue):
                found.append((number, index + 1, f"the formula here computes the error {value}; type the value"))
            elif isinstance(value, (_dt.date, _dt.time, _dt.timedelta)):
                found.append((number, index + 1, f"a date or time ({value}) where a text, number or dice is expected: "
                                                 "the spreadsheet turned what was typed into a date (1/2 becomes a "
                                                 "date); format the column as text and type it again"))
            else:
                continue
            cells[index] = REPORTED
    return found
