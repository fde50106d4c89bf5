"""Spreadsheets: ``doria-forge import FILE.xlsx|FILE.csv --kind KIND`` and ``doria-forge export
xlsx|csv``.

One row is one document of ``KIND``; the first row names the columns. A column is a field, or a
path into one: ``effect.damage``, ``requirements.STR``, ``attacks.0.dice`` (the first attack
profile's dice). A cell holds the value as it would be written in YAML (see
:mod:`doria_forge.authoring.sheet_cells`); an empty cell leaves the field out.

Import reads the sheet within bounds (:mod:`doria_forge.authoring.sheet_read`), checks the
header's columns and each row against the model of ``KIND`` and reports every problem at
``FILE:ROW:COLUMN`` (spreadsheet numbering: the header is row 1, column A is 1), including ids the
sheet repeats; a column naming no field is reported at its header cell, and the rows below it are
then checked cell by cell only. It writes only
when every row is valid, and never over an existing file without ``--force``; with ``--force``
it updates that file in place (:mod:`doria_forge.authoring.sheet_merge`: comments, order and the
other documents kept; ``--prune`` removes documents of the kind the sheet does not name).

``export xlsx`` (one workbook, a sheet per kind, text cells typed as text) and ``export csv``
(a file per kind, UTF-8 with a byte-order mark so spreadsheet programs read it as UTF-8) write
the documents back in the same form, formula-looking text guarded (``sheet_cells.guarded``), so
export then import gives back the same documents.
"""

from __future__ import annotations

import copy
import csv
import io
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from doria_forge.authoring.sheet_cells import CellError, decode_cell, encode_cell, guarded, mojibake
from doria_forge.authoring.sheet_merge import ColumnError, Merge, apply_changes, column_path, merged_text
from doria_forge.authoring.sheet_read import REPORTED, SheetError, read_sheet

if TYPE_CHECKING:  # the models load only when a command runs
    from pydantic import BaseModel

    from doria_forge.load import Location, Problem
    from doria_forge.model import ContentPack

__all__ = ["decode_cell", "encode_cell", "export_csv", "export_xlsx", "flatten", "import_file", "unflatten"]

SUFFIXES = (".csv", ".xlsx")
IMPORT = "import"
"""Rule id of problems with the spreadsheet itself (no header, an unknown column shape...)."""

CSV_BOM = "\ufeff"
"""Written first in every CSV: without it LibreOffice and Excel read UTF-8 as Windows-1252."""


# ------------------------------------------------------------------------------ paths
def flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """A document's fields as ``{column: value}``: mappings open into dotted columns, lists of
    mappings into numbered ones (``attacks.0.dice``); other lists stay one value."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        column = f"{prefix}{key}"
        if isinstance(value, dict) and value and all(isinstance(k, str) and "." not in k
                                                      and not (k.isascii() and k.isdigit()) for k in value):
            out.update(flatten(value, column + "."))
        elif isinstance(value, list) and value and all(isinstance(v, dict) and v for v in value):
            for i, item in enumerate(value):
                out.update(flatten(item, f"{column}.{i}."))
        else:
            out[column] = value
    return out


def unflatten(cells: Mapping[str, Any]) -> dict[str, Any]:
    """The inverse of :func:`flatten`: ``{"effect.damage": 2}`` -> ``{"effect": {"damage": 2}}``;
    numbered parts build lists. Raises ValueError when two columns disagree on a shape or a
    column is not a field path."""
    root: dict[str, Any] = {}
    try:
        apply_changes(root, {column_path(column): value for column, value in cells.items()})
    except ColumnError as exc:
        raise ValueError(str(exc)) from None
    return root


# ------------------------------------------------------------------------------ reading
def unknown_kind(kind: str) -> str:
    """The usage error for a ``--kind`` no document has, with the closest kind."""
    from doria_forge.model import KINDS
    from doria_forge.model.words.facts import closest

    return f"unknown kind {kind!r}{closest(kind, KINDS)}; use one of {', '.join(sorted(KINDS))}"


def import_rows(rows: list[tuple[int, list[Any]]], kind: str, file: str,
                existing: Mapping[str, dict[str, Any]] | None = None,
                elsewhere: Mapping[str, str] | None = None) -> tuple[Merge, list[Problem]]:
    """What ``rows`` (header first) do as documents of ``kind``, and the problems, each at
    ``file:row:column``. ``existing``: the documents of ``kind`` already in the target file by
    id; a row with such an id changes only the fields of its columns, and the changed document
    is what is checked. ``elsewhere``: where another file of the target's pack defines an id of
    ``kind`` (``file:line:column``); a row with such an id is refused (``duplicate-id``): it
    would define the document twice."""
    from doria_forge.load import LoadedDocument, Problem, Severity
    from doria_forge.load.schema import check_document
    from doria_forge.model import KINDS

    if kind not in KINDS:
        raise ValueError(unknown_kind(kind))
    existing = existing or {}
    merge = Merge(kind)
    if not rows:
        return merge, [Problem(file, 1, 1, IMPORT, Severity.ERROR,
                               "the sheet is empty: the first row names the columns")]
    problems: list[Problem] = []

    def problem(row: int, column: int, message: str, rule: str = IMPORT) -> None:
        problems.append(Problem(file, row, column, rule, Severity.ERROR, message))

    header_row, header = rows[0]
    paths, named = _header_paths(header_row, header, KINDS[kind], problem)
    header_broken = len(named) > len(paths)
    seen: dict[str, int] = {}
    for number, cells in rows[1:]:
        read = _row_changes(file, number, cells, paths, named, header_row, problem)
        if read is None or header_broken:
            # a blank row, or one already reported; below a broken header every document would
            # miss what the broken column was meant to set: its cells are checked, not its documents
            continue
        changes, positions = read
        doc_id = changes.get(("id",))
        kind_cell = changes.get(("kind",)) or kind
        if kind_cell != kind:
            problem(number, _column_of(paths, ("kind",)), f"kind {kind_cell!r} in a sheet imported as {kind}")
            continue
        if isinstance(doc_id, str) and doc_id in seen:
            problem(number, _column_of(paths, ("id",)), f"id {doc_id!r} is on row {seen[doc_id]} already",
                    "duplicate-id")
            continue
        if isinstance(doc_id, str):
            seen[doc_id] = number
        if isinstance(doc_id, str) and doc_id not in existing and elsewhere and doc_id in elsewhere:
            problem(number, _column_of(paths, ("id",)),
                    f"{kind} {doc_id!r} is defined at {elsewhere[doc_id]}: import its row into that file "
                    "(a sheet of that file's rows), or leave it out", "duplicate-id")
            continue
        changes.pop(("kind",), None)
        if isinstance(doc_id, str) and doc_id in existing:
            data = copy.deepcopy(existing[doc_id])
            changes = _edits(changes, existing[doc_id], KINDS[kind])
        else:
            data = {"kind": kind}
            changes = {p: v for p, v in changes.items() if v is not None}
        try:
            apply_changes(data, changes)
        except ColumnError as exc:  # the target file holds a value where the column goes inside one
            problem(number, _column_of(paths, exc.path) if exc.path else 1, str(exc))
            continue
        data = {"kind": kind, **{k: v for k, v in data.items() if k != "kind"}}
        doc = LoadedDocument(path=file, index=number, data=data, file=file,
                             positions=MappingProxyType(positions), value_positions=MappingProxyType(positions))
        model, found = check_document(doc, KINDS)
        problems.extend(found)
        if model is None:
            continue
        if isinstance(doc_id, str) and doc_id in existing:
            merge.updates[doc_id] = changes
        else:
            merge.added.append(data)
        merge.keep.add(str(doc_id))
    return merge, problems


def _edits(changes: Mapping[tuple[str | int, ...], Any], document: Mapping[str, Any], model: type[BaseModel]
           ) -> dict[tuple[str | int, ...], Any]:
    """The ``changes`` of a row that edit ``document`` (plain data of ``model``'s kind), read
    against the row export writes for it: an empty cell removes a field only where export
    writes one. A field holding its default (``flags: []``, ``source: sample``: export leaves its
    cell empty) and one another column of the row sets, inside it or around it (the sheet has
    columns of both shapes: ``balance.win_rate`` and ``balance.win_rate.all``), stay as the file
    writes them: an unedited sheet leaves the file as it is."""
    from pydantic import ValidationError

    try:
        written: Any = _exported(model.model_validate(document))
    except ValidationError:  # the file's document is invalid already: every empty cell removes its field
        written = None
    set_ = {path for path, value in changes.items() if value is not None}
    inside = {path[:end] for path in set_ for end in range(1, len(path))}

    def removes(path: tuple[str | int, ...]) -> bool:
        return (path not in inside and not any(path[:end] in set_ for end in range(1, len(path)))
                and (written is None or _holds(written, path)))

    return {path: value for path, value in changes.items() if value is not None or removes(path)}


def _holds(data: Any, path: tuple[str | int, ...]) -> bool:
    """Whether plain ``data`` has a value at ``path``."""
    for step in path:
        if isinstance(data, dict) and step in data:
            data = data[step]
        elif isinstance(data, list) and isinstance(step, int) and step < len(data):
            data = data[step]
        else:
            return False
    return data is not None


def _header_paths(header_row: int, header: list[Any], model: type[BaseModel],
                  problem: Callable[..., None]) -> tuple[dict[int, tuple[str | int, ...]], set[int]]:
    """The field path of each named column (by column number from 1) and the numbers of the
    named columns. A name that is no field path of ``model`` (``levels..hp``, ``ability.txet``)
    is reported at its header cell and gets no path."""
    from doria_forge.load.schema import field_path_problem

    paths: dict[int, tuple[str | int, ...]] = {}
    named: set[int] = set()
    first: dict[tuple[str | int, ...], int] = {}
    for index, name in enumerate(header, 1):
        if name is REPORTED:  # a date: reported already, and its cells are no values of a column without a name
            named.add(index)
            continue
        text = str(name).strip() if name is not None else ""
        if not text:
            continue
        named.add(index)
        try:
            path = column_path(text)
        except ColumnError as exc:
            problem(header_row, index, str(exc))
            continue
        wrong = field_path_problem(model, path)
        if wrong:
            problem(header_row, index, f"column {text[:60]!r}: {wrong[1]}", wrong[0])
            continue
        if path in first:
            # the later cell would silently win over the earlier one in every row
            problem(header_row, index, f"column {text!r} repeats column {first[path]}; keep one of them")
            continue
        first[path] = index
        paths[index] = path
    return paths, named


def _row_changes(file: str, number: int, cells: list[Any], paths: Mapping[int, tuple[str | int, ...]],
                 named: set[int], header_row: int, problem: Callable[[int, int, str], None]
                 ) -> tuple[dict[tuple[str | int, ...], Any], dict[tuple, Location]] | None:
    """The field changes of one row (path -> value; a short row's missing cells are empty) and
    where each path was written; ``None`` for a blank row or one with a reported problem."""
    from doria_forge.load import Location

    changes: dict[tuple[str | int, ...], Any] = {}
    positions: dict[tuple, Location] = {(): Location(file, number, 1)}
    broken = False
    for index, raw in enumerate(cells, 1):
        if raw is REPORTED:
            broken = True
            continue
        try:
            value = decode_cell(raw)
        except CellError as exc:
            problem(number, index, str(exc))
            broken = True
            continue
        if index not in paths:  # a column without a name, or one whose name is reported already
            if value is not None and index not in named:
                problem(number, index, f"a value in a column without a name (row {header_row} names the columns)")
                broken = True
            continue
        garbled = _garbled(value)
        if garbled:
            problem(number, index, garbled)
            broken = True
            continue
        changes[paths[index]] = value
    for index, path in paths.items():  # a short row: its missing cells are empty
        if index > len(cells):
            changes.setdefault(path, None)
    for index, path in paths.items():  # an empty cell too: a missing required field is reported there
        for end in range(1, len(path) + 1):
            positions.setdefault(path[:end], Location(file, number, index))
    if broken or all(v is None for v in changes.values()):
        return None
    return changes, positions


def _column_of(paths: Mapping[int, tuple[str | int, ...]], path: tuple[str | int, ...]) -> int:
    return next((index for index, p in paths.items() if p == path), 1)


def _garbled(value: Any) -> str:
    """Why a decoded cell value is mojibake (in any text it holds), or ``""``."""
    texts = [value] if isinstance(value, str) else []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack += item
            texts += [v for v in item if isinstance(v, str)]
        elif isinstance(item, dict):
            stack += list(item.values())
            texts += [v for v in item.values() if isinstance(v, str)]
    for text in texts:
        fixed = mojibake(text)
        if fixed is not None:
            return (f"{_short(text)!r} looks like UTF-8 read as Windows-1252 (it would be {_short(fixed)!r}): the "
                    "spreadsheet program opened the file in the wrong encoding; import the .xlsx, or open the CSV "
                    "as UTF-8")
    return ""


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


# ------------------------------------------------------------------------------ importing
def import_file(path: Path, kind: str, out: Path, *, sheet: str | None = None, force: bool = False,
                prune: bool = False, shown: str | None = None) -> tuple[Path | None, list[Problem], int]:
    """Import spreadsheet ``path`` as documents of ``kind`` into YAML file ``out`` (see the module
    docstring).

    Returns ``(out or None, problems, number of documents imported)``; ``out`` is written only
    when no problem is an error (an ``out`` to update whose YAML has an error: those errors, in
    ``out``). Raises ValueError for usage errors: an unknown kind, a file that is not a spreadsheet
    or cannot be read, a missing sheet, an ``out`` not named ``.yaml`` or ``.yml``, an existing
    ``out`` without ``force``, an ``out`` that cannot be read.
    """
    from doria_forge.infra.fsutil import atomic_write_text
    from doria_forge.load import Problem, Severity
    from doria_forge.model import KINDS

    if kind not in KINDS:
        raise ValueError(unknown_kind(kind))
    if out.suffix.lower() not in (".yaml", ".yml"):  # a pack reads no other file: the rows would be lost on it
        raise ValueError(f"{out} is not a .yaml file; give --out the YAML file to write")
    if out.exists() and not force:
        raise ValueError(f"{out} exists already; pass --force to update it in place, or choose another --out")
    if prune and not out.exists():
        prune = False  # nothing to remove from a new file
    text, existing, broken = _target(out, kind) if out.exists() else (None, {}, [])
    if broken:  # exit 1 at the file's mistake, as for every content problem (it was a usage error, exit 2)
        return None, broken, 0
    try:
        read = read_sheet(path, sheet, kind=kind)
    except SheetError as exc:
        raise ValueError(str(exc)) from None
    file = shown or path.as_posix()
    if (read.rows or not read.problems) and not read.too_long:
        merge, problems = import_rows(read.rows, kind, file, existing, _defined_elsewhere(out, kind))
    else:  # nothing (or not all) could be read: the sheet's own problem says why, rows are not checked
        merge, problems = Merge(kind), []
    problems = [Problem(file, row, column, IMPORT, Severity.ERROR, message)
                for row, column, message in read.problems] + problems
    if read.note:
        problems.append(Problem(file, 1, 1, IMPORT, Severity.INFO, read.note))
    if len(read.rows) == 1 and not read.problems:  # saved before the rows were pasted: --prune would empty the file
        problems.append(Problem(file, read.rows[0][0], 1, IMPORT, Severity.ERROR,
                                "no rows below the header: nothing to import"))
    merge.prune = prune
    count = len(merge.updates) + len(merge.added)
    if any(p.is_error for p in problems):
        return None, sorted(problems), count
    header = f"# Imported from {path.name} by doria-forge import.\n"
    atomic_write_text(out, merged_text(text, merge, header))
    return out, sorted(problems), count


def _defined_elsewhere(out: Path, kind: str) -> dict[str, str]:
    """The ids of ``kind`` that the other files of the pack around ``out`` define, each with its
    ``file:line:column`` (none when ``out`` lies in no pack). A sheet exported from the whole pack
    and imported into one file would otherwise add every other file's documents to it again."""
    from doria_forge.packs import find_pack_root, pack_documents

    root = find_pack_root(out.parent)
    if root is None:
        return {}
    target = out.resolve()
    found: dict[str, str] = {}
    for doc in pack_documents(root):
        doc_id = doc.data.get("id")
        if doc.data.get("kind") != kind or not isinstance(doc_id, str) or doc_id in found:
            continue
        if (root / doc.path).resolve() != target:
            found[doc_id] = str(doc.locate(("id",)))
    return found


def _target(out: Path, kind: str) -> tuple[str, dict[str, dict[str, Any]], list[Problem]]:
    """The text of the YAML file ``out``, its documents of ``kind`` by id (plain data) and the
    errors of its YAML (an update would lose what it holds: nothing is written while there is
    one; a content problem of the file, at its place, as a problem of the rows). Raises
    ValueError when it cannot be read."""
    from doria_forge.load import load_text
    from doria_forge.load.files import FileLimitError, PackFileError, read_confined

    try:
        raw = read_confined(out, None)
    except (PackFileError, FileLimitError) as exc:
        reason = exc.problem.message if isinstance(exc, PackFileError) else str(exc)
        raise ValueError(f"cannot update {out}: {reason}") from None
    documents, problems = load_text(raw, path=out.name, file=str(out))
    errors = [p for p in problems if p.is_error]
    if errors:
        return "", {}, errors
    found: dict[str, dict[str, Any]] = {}
    for doc in documents:
        if doc.data.get("kind") == kind and isinstance(doc.data.get("id"), str):
            found.setdefault(doc.data["id"], doc.data)
    return raw.decode("utf-8"), found, []  # with its byte-order mark, which the update keeps


# ------------------------------------------------------------------------------ writing
def kind_rows(pack: ContentPack, kind: str) -> list[list[Any]]:
    """The rows of the pack's documents of ``kind`` (those it prints: for an expansion its own),
    header first, each cell a value as :func:`encode_cell` writes it; columns ``id``, ``name``,
    then the model's field order, nested ones after their field."""
    from doria_forge.model import KINDS

    flats = [flatten({k: v for k, v in _exported(d).items() if k != "kind"}) for d in pack.own_of_kind(kind).values()]
    order: dict[str, int] = {"id": -2, "name": -1}
    for i, (name, info) in enumerate(KINDS[kind].model_fields.items()):
        order.setdefault(info.alias or name, i)
    columns: list[str] = [] if flats else _template_columns(KINDS[kind])
    for flat in flats:
        for column in flat:
            if column not in columns:
                columns.append(column)
    columns.sort(key=lambda c: (order.get(c.split(".")[0], len(order)), _sortable(c)))
    rows: list[list[Any]] = [list(columns)]
    for flat in flats:
        rows.append([encode_cell(flat[c]) if c in flat else "" for c in columns])
    return rows


def _template_columns(model: type[BaseModel]) -> list[str]:
    """The header of a kind the pack has no document of (a sheet to fill in; a header of nothing
    told a designer starting the kind from a spreadsheet nothing): every field but ``kind`` under
    its YAML name, a field holding one nested model as that model's fields (``effect.damage``), as
    the documents' columns are flattened."""
    columns = []
    for name, info in model.model_fields.items():
        shown = info.alias or name
        if shown == "kind":
            continue
        nested = info.annotation
        if isinstance(nested, type) and hasattr(nested, "model_fields"):  # a pydantic model
            columns += [f"{shown}.{sub.alias or sub_name}" for sub_name, sub in nested.model_fields.items()]
        else:
            columns.append(shown)
    return columns


def _exported(document: BaseModel) -> dict[str, Any]:
    """A document's fields as export writes them: JSON values under their YAML names, a field
    holding its default left out."""
    return document.model_dump(mode="json", by_alias=True, exclude_defaults=True)


def _sortable(column: str) -> tuple:
    return tuple((0, int(p), "") if p.isascii() and p.isdigit() else (1, 0, p) for p in column.split("."))


def _kinds(pack: ContentPack, kinds: Iterable[str] | None) -> list[str]:
    from doria_forge.model import KINDS

    chosen = list(kinds) if kinds else [k for k in sorted(KINDS) if pack.own_of_kind(k)]
    for kind in chosen:
        if kind not in KINDS:
            raise ValueError(unknown_kind(kind))
    return chosen


def export_csv(pack: ContentPack, out_dir: Path, kinds: Iterable[str] | None = None) -> list[Path]:
    """One ``<kind>.csv`` per kind the pack has (or each of ``kinds``) in ``out_dir``: UTF-8 with a
    byte-order mark, formula-looking text guarded; returns the paths. Written together: a file that
    cannot be written (a folder in its place) writes none of them, where the kinds before it were
    left written. Raises ValueError for an unknown kind, OSError naming a file not written."""
    from doria_forge.infra.fsutil import atomic_write_text, written_together

    written = []
    with written_together(Path(out_dir)):
        for kind in _kinds(pack, kinds):
            stream = io.StringIO()
            stream.write(CSV_BOM)
            csv.writer(stream, lineterminator="\n").writerows([[guarded(c) for c in row]
                                                               for row in kind_rows(pack, kind)])
            written.append(atomic_write_text(Path(out_dir) / f"{kind}.csv", stream.getvalue()))
    return written


def export_xlsx(pack: ContentPack, out: Path, kinds: Iterable[str] | None = None) -> Path:
    """One workbook ``out`` with a sheet per kind (named by the kind, the header row frozen and
    bold): numbers as numbers, every other cell typed as text (number format ``@``), so the
    program neither computes a formula nor turns ``1/2`` into a date; returns ``out``. Raises
    ValueError for an unknown kind."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    from doria_forge.infra.fsutil import atomic_write_bytes

    book = Workbook()
    book.remove(book.active)
    for kind in _kinds(pack, kinds):
        sheet = book.create_sheet(kind)
        for r, row in enumerate(kind_rows(pack, kind), 1):
            for c, text in enumerate(row, 1):
                if text == "":
                    continue
                cell = sheet.cell(row=r, column=c)
                number = decode_cell(text) if r > 1 else None
                if isinstance(number, (int, float)) and not isinstance(number, bool) and abs(number) < 2**53:
                    cell.value = number  # a number stays a number: it sorts and sums
                    continue
                cell.value = text
                cell.data_type = "s"  # never a formula, whatever it starts with
                cell.number_format = "@"
                if r == 1:
                    cell.font = Font(bold=True)
        sheet.freeze_panes = "B2"
    if not book.worksheets:
        book.create_sheet("empty")
    buffer = io.BytesIO()
    book.save(buffer)
    return atomic_write_bytes(Path(out), _stable(buffer.getvalue()))


def _stable(data: bytes) -> bytes:
    """The workbook with the creation and modification times openpyxl stamps fixed, so the same
    content exports to the same bytes."""
    import re
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(data))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info)
            if info.filename == "docProps/core.xml":
                content = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2000-01-01T00:00:00Z", content)
            entry = zipfile.ZipInfo(info.filename, date_time=(2000, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(entry, content)
    return buffer.getvalue()


def default_output(path: Path) -> Path:
    """Where ``import`` writes by default: beside the spreadsheet, ``.yaml`` instead of its suffix."""
    return path.with_suffix(".yaml")
