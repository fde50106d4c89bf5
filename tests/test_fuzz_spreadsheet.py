"""Hostile and broken spreadsheets for `doria-forge import` (issue 25): whatever a CSV file or a
workbook holds, the import ends in problems at FILE:ROW:COLUMN (exit 1) or one usage error naming
the file (exit 2), within bounded time and memory, with nothing written. Property-based
(hypothesis) for the cell and row parsers."""

from __future__ import annotations

import math
import os
import re
import time
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from robust_helpers import workbook
from typer.testing import CliRunner

from doria_forge.authoring import sheet_read
from doria_forge.authoring.sheet_cells import MAX_CELL_CHARS, CellError, decode_cell, encode_cell, guarded, unguarded
from doria_forge.authoring.sheet_read import MAX_UNPACKED_BYTES
from doria_forge.commands.cli import app
from doria_forge.commands.spreadsheet import import_file, import_rows

FUZZ = settings(max_examples=200, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
runner = CliRunner()
HEADER = "id,name,trap_type,check_attributes,tn_base,effect.damage\n"


def _import(sheet: Path, tmp_path: Path, kind: str = "trap"):
    out = tmp_path / "out.yaml"
    started = time.monotonic()
    result = runner.invoke(app, ["import", str(sheet), "--kind", kind, "--out", str(out)])
    assert time.monotonic() - started < 30
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert not out.exists() or result.exit_code == 0
    return result


HOSTILE_CSV = {
    "list position of a billion": (HEADER.replace("effect.damage", "attacks.1000000000.dice") + "p,P,person,"
                                   "\"[AGI, PER]\",20,2D\n", (1, 6), "positions go from 0 to 99"),
    "200000 characters": (HEADER + "p,P,person,\"[AGI, PER]\",20," + "9" * 200_000 + "\n", (2, 1), "CSV row"),
    "a long cell": (HEADER + "p," + "P" * (MAX_CELL_CHARS + 1) + ",person,\"[AGI, PER]\",20,2\n", (2, 2),
                    "more than 32,767"),
    "nesting in a cell": (HEADER + "p,P,person,\"" + "[" * 5000 + "]" * 5000 + "\",20,2\n", (2, 4), "nested"),
    "anchor in a cell": (HEADER + "p,P,person,\"[&a AGI, *a]\",20,2\n", (2, 4), "anchors and aliases"),
    "tag in a list cell": (HEADER + "p,P,person,\"[!!timestamp 2024-01-01]\",20,2\n", (2, 4), "YAML tags"),
    "nul byte": (HEADER + "p,P\x00,person,\"[AGI, PER]\",20,2\n", (2, 2), "control character U+0000"),
    "path too deep": ("id," + ".".join("a" * 12) + "\np,1\n", (1, 2), "levels deep"),
}


@pytest.mark.parametrize("text, at, says", HOSTILE_CSV.values(), ids=HOSTILE_CSV.keys())
def test_a_hostile_csv_is_a_problem_at_its_row_and_column(tmp_path, text, at, says):
    sheet = tmp_path / "traps.csv"
    sheet.write_text(text, encoding="utf-8")
    result = _import(sheet, tmp_path)
    assert result.exit_code == 1, result.output
    assert f"traps.csv:{at[0]}:{at[1]}: error" in result.output and says in result.output


@pytest.mark.parametrize("cell", ["!!bool yes", "!!float ''", "!!int x", "!!timestamp 2024-01-01", "!!python/none"])
def test_yaml_tags_in_cells_are_plain_text_never_applied(tmp_path, cell):
    sheet = tmp_path / "traps.csv"
    sheet.write_text(HEADER + f"p,\"{cell}\",person,\"[AGI, PER]\",20,2\n", encoding="utf-8")
    written, problems, _ = import_file(sheet, "trap", tmp_path / "t.yaml")
    assert problems == [] and written is not None
    assert f"name: {cell}" in written.read_text(encoding="utf-8") or cell in written.read_text(encoding="utf-8")


def test_more_rows_than_the_limit_are_refused(tmp_path, monkeypatch):
    """60 000 rows took 43 s and passed; the limit (10 000) is lowered here to keep the test fast."""
    assert sheet_read.MAX_ROWS == 10_000
    monkeypatch.setattr(sheet_read, "MAX_ROWS", 40)
    sheet = tmp_path / "traps.csv"
    sheet.write_text(HEADER + "".join(f"p{i},P,person,\"[AGI, PER]\",20,2\n" for i in range(60_000)))
    result = _import(sheet, tmp_path)
    assert result.exit_code == 1
    assert "traps.csv:42:1: error [import] more than 40 rows" in result.output


def test_a_fifo_and_a_device_are_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "pipe.csv")
    for sheet in (tmp_path / "pipe.csv", Path("/dev/zero")):
        result = _import(sheet, tmp_path) if sheet.suffix else runner.invoke(
            app, ["import", str(sheet), "--kind", "trap", "--out", str(tmp_path / "z.yaml")])
        assert result.exit_code == 2
    link = tmp_path / "zero.csv"
    link.symlink_to("/dev/zero")
    result = _import(link, tmp_path)
    assert result.exit_code == 2 and "a device, not a file" in result.output


def _book(path: Path, rows: list[list]) -> Path:
    return workbook(path, rows, "trap")


def _rezip(path: Path, change) -> None:
    """Rewrite the workbook at ``path`` with ``change(name, data) -> data`` applied to each part,
    plus the parts ``change`` adds under the name ``None``."""
    parts = {}
    with zipfile.ZipFile(path) as source:
        for info in source.infolist():
            parts[info.filename] = change(info.filename, source.read(info))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as target:
        for name, data in parts.items():
            target.writestr(name, data)
        for name, data in (change(None, b"") or {}).items():
            target.writestr(name, data)


ROW = ["p", "P", "person", "[AGI, PER]", 20, 2]


def test_a_workbook_that_unpacks_to_gigabytes_is_refused_before_it_is_read(tmp_path):
    book = _book(tmp_path / "bomb.xlsx", [HEADER.strip().split(","), ROW])
    _rezip(book, lambda name, data: {"xl/media/padding.bin": b"\0" * (MAX_UNPACKED_BYTES + 1)} if name is None
           else data)
    result = _import(book, tmp_path)
    assert result.exit_code == 1 and "bomb.xlsx:1:1: error [import] the workbook unpacks to" in result.output


def test_a_sheet_declaring_a_million_rows_and_columns_is_read_as_the_cells_it_has(tmp_path):
    book = _book(tmp_path / "wide.xlsx", [HEADER.strip().split(","), ROW])
    _rezip(book, lambda name, data: None if name is None else
           data.replace(b'<dimension ref="A1:F2"/>', b'<dimension ref="A1:XFD1048576"/>'))
    result = _import(book, tmp_path)
    assert result.exit_code == 0, result.output


def test_a_damaged_workbook_is_a_problem_of_the_file_as_a_csv_that_is_not_utf8(tmp_path):
    """A damaged workbook was a usage error (exit 2) while a CSV that is not UTF-8 is a problem of
    the file (exit 1): the command was right both times, the file was not."""
    book = tmp_path / "broken.xlsx"
    book.write_bytes(b"PK\x03\x04 not a workbook")
    csv = tmp_path / "broken.csv"
    csv.write_bytes(HEADER.encode() + b"\xff,P,person,[AGI],20,2\n")
    for sheet in (book, csv):
        result = _import(sheet, tmp_path)
        assert result.exit_code == 1, result.output
        assert f"{sheet.name}:" in result.output and "error [import]" in result.output
        assert f"nothing written: 1 problem in {sheet}" in result.output
    assert "broken.xlsx:1:1: error [import] cannot read it as an Excel workbook: " in _import(book, tmp_path).output


# -- properties --------------------------------------------------------------------------------------------
cells = st.text(max_size=60) | st.from_regex(r"[\[\]{}:,'\"!&*#\- a-z0-9=+@\t]{0,40}", fullmatch=True)


@FUZZ
@given(cell=cells)
def test_any_cell_text_is_a_value_or_a_cell_error(cell):
    try:
        value = decode_cell(cell)
    except CellError as exc:
        assert str(exc)
        return
    assert value is None or isinstance(value, (str, int, float, bool, list, dict))


values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**15), 10**15) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(st.characters(exclude_categories=["Cs"]), max_size=30),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(st.characters(
        categories=["L", "N"]), min_size=1, max_size=6), inner, max_size=3),
    max_leaves=8)


@FUZZ
@given(value=values)
def test_a_value_written_into_a_cell_reads_back_as_itself(value):
    """export then import gives back the same documents: what encode_cell (and the formula
    guard) writes, decode_cell reads as the value (text that only YAML's blanks differ in aside)."""
    back = decode_cell(guarded(encode_cell(value)))
    if isinstance(value, float) and isinstance(back, float):
        assert math.isclose(back, value) or back == value
    else:
        assert back == value or (value == "" and back is None)


@FUZZ
@given(text=st.text(max_size=40))
def test_the_formula_guard_is_undone_exactly(text):
    assert unguarded(guarded(text)) == text
    number = re.fullmatch(r"[-+]?[0-9]+(\.[0-9]+)?", text)  # -1 is a number, not a formula
    assert not guarded(text).startswith(("=", "+", "-", "@", "\t", "\r")) or number


@FUZZ
@given(rows=st.lists(st.lists(cells | st.integers() | st.none() | st.booleans(), max_size=8), min_size=1,
                     max_size=6),
       kind=st.sampled_from(["trap", "monster_level", "equipment", "scenario"]))
def test_any_rows_are_documents_or_problems_at_their_cells(rows, kind):
    numbered = list(enumerate(rows, 1))
    merge, problems = import_rows(numbered, kind, "x.csv")
    for p in problems:
        assert p.file == "x.csv" and 1 <= p.line <= len(rows) and p.column >= 1 and "\n" not in p.message


@FUZZ
@given(raw=st.binary(max_size=300))
def test_any_bytes_as_a_csv_file_are_problems_or_a_usage_error(tmp_path_factory, raw):
    folder = tmp_path_factory.mktemp("csv")
    (folder / "x.csv").write_bytes(raw)
    try:
        written, problems, _ = import_file(folder / "x.csv", "trap", folder / "x.yaml", shown="x.csv")
    except ValueError:
        return
    assert written is None or not any(p.is_error for p in problems)


def test_a_zip_that_is_no_workbook_is_told_without_a_python_exception(tmp_path):
    """A zip of other files named .xlsx was "cannot read ... as an Excel workbook: KeyError: \"There
    is no item named '[Content_Types].xml' in the archive\"": the exception class, quoted twice."""
    sheet = tmp_path / "traps.xlsx"
    with zipfile.ZipFile(sheet, "w") as archive:
        archive.writestr("notes.txt", "not a workbook")
    result = _import(sheet, tmp_path)
    assert result.exit_code == 1
    assert result.output.splitlines()[0].endswith("traps.xlsx:1:1: error [import] cannot read it as an Excel workbook: "
                                                  "There is no item named '[Content_Types].xml' in the archive; save "
                                                  "it again as .xlsx")
