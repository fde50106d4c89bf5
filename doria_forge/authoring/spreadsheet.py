"""Spreadsheets: ``doria-forge import FILE.xlsx|FILE.csv --kind KIND`` and ``doria-forge export csv``.

One row is one document of ``KIND``; the first row names the columns. A column is a field, or a
path into one: ``effect.damage``, ``requirements.STR``, ``attacks.0.dice`` (the first attack
profile's dice). A cell holds the value as it would be written in YAML: ``2D+3``, ``7``, ``true``,
a list such as ``[undead, flying]`` or ``[[1, 2], [3, 3]]``, or a quoted text (``"Check: 5"``)
where plain text would read as something else. An empty cell leaves the field out.

Import checks each row against the model of ``KIND`` and reports every problem at
``FILE:ROW:COLUMN`` (spreadsheet numbering: the header is row 1, column A is 1); it writes the
YAML file only when every row is valid, and never over an existing file without ``--force``.
``export csv`` writes each kind's documents back in the same form (values that YAML would read
differently are quoted), so export then import gives back the same documents.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from doria_forge.terminal import relative_path

if TYPE_CHECKING:  # the command line imports this module: the models load only when a command runs
    from doria_forge.load import Problem
    from doria_forge.model import ContentPack

SUFFIXES = (".csv", ".xlsx")
IMPORT = "import"
"""Rule id of problems with the spreadsheet itself (no header, an unknown column shape...)."""


# ------------------------------------------------------------------------------ cells
def _safe_load(text: str) -> Any:
    from ruamel.yaml import YAML

    return YAML(typ="safe", pure=True).load(text)


def decode_cell(value: Any) -> Any:
    """A cell's value as YAML reads it (``"7"`` -> 7, ``"[a, b]"`` -> ``["a", "b"]``); text that
    YAML would turn into a mapping, a comment or an error stays text. Non-text cells of a
    workbook (numbers, booleans) are kept; dates become ISO text."""
    if value is None:
        return None
    if not isinstance(value, str):
        return value.isoformat() if hasattr(value, "isoformat") else value
    text = value.strip()
    if text == "":
        return None
    if text.startswith("#"):
        return value
    from ruamel.yaml.error import YAMLError

    try:
        parsed = _safe_load(text)
    except YAMLError:
        return value
    if isinstance(parsed, dict) and not text.startswith("{"):
        return value  # "Check: STR+AGI" is a text, not a mapping
    if isinstance(parsed, list) and not text.startswith("["):
        return value
    return parsed


def encode_cell(value: Any) -> str:
    """The cell text that :func:`decode_cell` reads back as ``value`` (a scalar, or a list or
    mapping written inline as JSON, which YAML reads)."""
    if isinstance(value, str):
        return value if value and decode_cell(value) == value and value == value.strip() else json.dumps(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(value, ensure_ascii=False)


# ------------------------------------------------------------------------------ paths
def _column_path(column: str) -> tuple[str | int, ...]:
    return tuple(int(p) if p.isdigit() else p for p in column.split("."))


def flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """A document's fields as ``{column: value}``: mappings open into dotted columns, lists of
    mappings into numbered ones (``attacks.0.dice``); other lists stay one value."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        column = f"{prefix}{key}"
        if isinstance(value, dict) and value and all(isinstance(k, str) and "." not in k and not k.isdigit()
                                                      for k in value):
            out.update(flatten(value, column + "."))
        elif isinstance(value, list) and value and all(isinstance(v, dict) and v for v in value):
            for i, item in enumerate(value):
                out.update(flatten(item, f"{column}.{i}."))
        else:
            out[column] = value
    return out


def unflatten(cells: Mapping[str, Any]) -> dict[str, Any]:
    """The inverse of :func:`flatten`: ``{"effect.damage": 2}`` -> ``{"effect": {"damage": 2}}``;
    numbered parts build lists. Raises ValueError when two columns disagree on a shape."""
    root: dict[str, Any] = {}
    for column, value in cells.items():
        path = _column_path(column)
        node: Any = root
        for step, following in zip(path, path[1:], strict=False):
            child_default: Any = [] if isinstance(following, int) else {}
            if isinstance(node, list):
                assert isinstance(step, int)
                while len(node) <= step:
                    node.append(None)
                if node[step] is None:
                    node[step] = child_default
                node = node[step]
            else:
                node = node.setdefault(step, child_default)
            if not isinstance(node, (list, dict)):
                raise ValueError(f"column {column!r} goes inside {step!r}, which another column sets to a value")
        last = path[-1]
        if isinstance(node, list):
            if not isinstance(last, int):
                raise ValueError(f"column {column!r} names a field inside a list")
            while len(node) <= last:
                node.append(None)
            node[last] = value
        else:
            node[last] = value
    return root


# ------------------------------------------------------------------------------ reading
def read_rows(path: Path, sheet: str | None = None) -> list[tuple[int, list[Any]]]:
    """``(row number, cells)`` of every row of the CSV file or workbook sheet (the first sheet
    unless ``sheet``), header included. Raises ValueError for an unreadable file or missing sheet."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"cannot read {path}: {exc}") from None
        return [(i, row) for i, row in enumerate(csv.reader(io.StringIO(text)), 1)]
    if suffix == ".xlsx":
        from openpyxl import load_workbook

        try:
            book = load_workbook(path, read_only=True, data_only=True)
        except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds for a damaged file
            raise ValueError(f"cannot read {path} as an Excel workbook: {exc}") from None
        try:
            if sheet is not None and sheet not in book.sheetnames:
                raise ValueError(f"{path} has no sheet {sheet!r}; it has {', '.join(book.sheetnames)}")
            ws = book[sheet] if sheet is not None else book.worksheets[0]
            return [(i, list(row)) for i, row in enumerate(ws.iter_rows(values_only=True), 1)]
        finally:
            book.close()
    raise ValueError(f"{path} is not a .csv or .xlsx file")


def import_rows(rows: list[tuple[int, list[Any]]], kind: str, file: str) -> tuple[list[dict], list[Problem]]:
    """The documents of ``rows`` (header first) as ``kind``, and the problems, each at
    ``file:row:column``. Documents are returned only for valid rows."""
    from doria_forge.load import LoadedDocument, Location, Problem, Severity
    from doria_forge.model import KINDS
    from doria_forge.validate.schema import check_document

    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; use one of {', '.join(sorted(KINDS))}")
    if not rows:
        return [], [Problem(file, 1, 1, IMPORT, Severity.ERROR, "the sheet is empty: the first row names the columns")]
    header_row, header = rows[0]
    columns = [str(c).strip() if c is not None else "" for c in header]
    problems: list[Problem] = []
    documents: list[dict] = []
    for number, cells in rows[1:]:
        values: dict[str, Any] = {}
        positions: dict[tuple, Location] = {(): Location(file, number, 1)}
        for index, (column, raw) in enumerate(zip(columns, cells, strict=False), 1):
            value = decode_cell(raw)
            if value is None:
                continue
            if not column:
                problems.append(Problem(file, number, index, IMPORT, Severity.ERROR,
                                        f"a value in a column without a name (row {header_row} names the columns)"))
                continue
            values[column] = value
            path = _column_path(column)
            for end in range(1, len(path) + 1):
                positions.setdefault(path[:end], Location(file, number, index))
        if not values:
            continue  # a blank row
        try:
            data = unflatten(values)
        except ValueError as exc:
            problems.append(Problem(file, number, 1, IMPORT, Severity.ERROR, str(exc)))
            continue
        data.setdefault("kind", kind)
        data = {"kind": data.pop("kind"), **data}
        doc = LoadedDocument(path=file, index=number, data=data, file=file,
                             positions=MappingProxyType(positions), value_positions=MappingProxyType(positions))
        model, found = check_document(doc, KINDS)
        problems.extend(found)
        if model is not None:
            documents.append(data)
    return documents, problems


def yaml_text(documents: Iterable[dict], source: str) -> str:
    """The documents as one multi-document YAML text, with a header naming where they came from."""
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt", pure=True)
    yaml.default_flow_style = None  # short lists inline: squares, check attributes
    yaml.width = 4096
    stream = io.StringIO()
    stream.write(f"# Imported from {source} by doria-forge import.\n")
    yaml.dump_all(list(documents), stream)
    return stream.getvalue()


def import_file(path: Path, kind: str, out: Path, *, sheet: str | None = None, force: bool = False,
                shown: str | None = None) -> tuple[Path | None, list[Problem], int]:
    """Import spreadsheet ``path`` as documents of ``kind`` into YAML file ``out``.

    Returns ``(out or None, problems, number of documents)``; ``out`` is written only when no
    problem is an error. Raises ValueError for usage errors: an unknown kind, a file that is not
    a spreadsheet, a missing sheet, an existing ``out`` without ``force``.
    """
    from doria_forge.fsutil import atomic_write_text
    from doria_forge.model import KINDS

    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; use one of {', '.join(sorted(KINDS))}")
    if out.exists() and not force:
        raise ValueError(f"{out} exists already; pass --force to replace it, or choose another --out")
    rows = read_rows(path, sheet)
    documents, problems = import_rows(rows, kind, shown or path.as_posix())
    if any(p.is_error for p in problems):
        return None, problems, len(documents)
    out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(out, yaml_text(documents, path.name))
    return out, problems, len(documents)


# ------------------------------------------------------------------------------ writing
def kind_rows(pack: ContentPack, kind: str) -> list[list[str]]:
    """The CSV rows of the pack's documents of ``kind`` (those it prints: for an expansion its
    own), header first; columns ``id``, ``name``, then the model's field order, nested ones after
    their field."""
    from doria_forge.model import KINDS

    docs = [d for d in pack.own_of_kind(kind).values()]
    flats = [flatten({k: v for k, v in d.model_dump(mode="json", by_alias=True, exclude_defaults=True).items()
                      if k != "kind"}) for d in docs]
    order: dict[str, int] = {"id": -2, "name": -1}
    for i, (name, info) in enumerate(KINDS[kind].model_fields.items()):
        order.setdefault(info.alias or name, i)
    columns: list[str] = []
    for flat in flats:
        for column in flat:
            if column not in columns:
                columns.append(column)
    columns.sort(key=lambda c: (order.get(c.split(".")[0], len(order)), _sortable(c)))
    rows = [columns]
    for flat in flats:
        rows.append([encode_cell(flat[c]) if c in flat else "" for c in columns])
    return rows


def _sortable(column: str) -> tuple:
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in column.split("."))


def export_csv(pack: ContentPack, out_dir: Path, kinds: Iterable[str] | None = None) -> list[Path]:
    """One ``<kind>.csv`` per kind the pack has (or each of ``kinds``) in ``out_dir``; returns
    the paths. Raises ValueError for an unknown kind."""
    from doria_forge.fsutil import atomic_write_text
    from doria_forge.model import KINDS

    chosen = list(kinds) if kinds else [k for k in sorted(KINDS) if pack.own_of_kind(k)]
    for kind in chosen:
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r}; use one of {', '.join(sorted(KINDS))}")
    written = []
    for kind in chosen:
        stream = io.StringIO()
        csv.writer(stream, lineterminator="\n").writerows(kind_rows(pack, kind))
        written.append(atomic_write_text(Path(out_dir) / f"{kind}.csv", stream.getvalue()))
    return written


def default_output(path: Path) -> Path:
    """Where ``import`` writes by default: beside the spreadsheet, ``.yaml`` instead of its suffix."""
    return path.with_suffix(".yaml")


def register(app, export_app, validated, fail, with_dependencies_opt, printing) -> None:
    """Add ``import`` to ``app`` and ``csv`` to ``export_app`` (see :mod:`doria_forge.cli`)."""
    import typer

    from doria_forge import cli_values

    @app.command("import")
    def import_(
        file: Path = typer.Argument(..., help="A .csv file or .xlsx workbook; the first row names the columns."),
        kind: str = typer.Option(..., "--kind", help="What each row is: a kind such as monster_level, equipment."),
        out: Path | None = typer.Option(None, "--out", help="YAML file to write (default: FILE with .yaml)."),
        sheet: str | None = typer.Option(None, "--sheet", help="Workbook sheet (default: the first)."),
        force: bool = typer.Option(False, "--force", help="Replace --out if it exists."),
    ) -> None:
        """Turn spreadsheet rows into YAML documents; every problem at FILE:ROW:COLUMN."""
        from doria_forge.validate.formatters import text_line

        target = out or default_output(file)
        try:
            written, problems, count = import_file(file, kind, target, sheet=sheet, force=force,
                                                   shown=relative_path(file))
        except ValueError as exc:
            fail(2, str(exc))
        for problem in problems:
            typer.echo(text_line(problem))
        if written is None:
            typer.echo(f"nothing written: {sum(p.is_error for p in problems)} problems in {file}")
            raise typer.Exit(1)
        typer.echo(f"{count} {kind} documents: {written}")

    @export_app.command("csv")
    def export_csv_command(
        pack: Path = cli_values.pack_argument(),
        out: Path = typer.Option(Path("build/csv"), "--out", help="Folder for the <kind>.csv files."),
        kind: list[str] | None = typer.Option(None, "--kind", help="Only this kind (repeatable)."),
        with_dependencies: bool = with_dependencies_opt,
    ) -> None:
        """Write each kind's documents as a CSV file that `doria-forge import` reads back."""
        from doria_forge import pipeline

        content = printing(validated(pack, quiet_when_clean=True), with_dependencies)
        try:
            pipeline.check_output(out, folder=True)  # never into the pack's sources, never onto a device
            paths = export_csv(content, out, kind)
        except (ValueError, pipeline.UsageError) as exc:
            fail(2, str(exc))
        except OSError as exc:
            fail(2, f"cannot write {exc.filename or out}: {exc.strerror or exc}")
        for path in paths:
            typer.echo(str(path))
