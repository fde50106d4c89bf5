"""Spreadsheets: `import FILE.xlsx|FILE.csv --kind KIND` with row numbers in every problem, and
`export csv` writing the documents back so that a round trip is lossless."""

import csv
import io
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from robust_helpers import workbook
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.commands.spreadsheet import decode_cell, encode_cell, export_csv, import_file
from doria_forge.validate import validate_pack

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()

LEVEL_HEADER = ["id", "monster", "level", "attack", "defense", "psi_resistance", "damage", "hit_points",
                "armor_rating"]


def _workbook(path: Path, rows: list[list]) -> Path:
    return workbook(path, rows, "levels")


def test_export_then_import_gives_back_every_document_of_the_base_pack(tmp_path):
    original = validate_pack(ROOT / "content").pack
    imported = tmp_path / "imported"
    for csv_file in export_csv(original, tmp_path / "csv"):
        written, problems, _ = import_file(csv_file, csv_file.stem, imported / f"{csv_file.stem}.yaml")
        assert problems == [] and written is not None
    again = validate_pack(imported)
    assert again.errors == 0 and again.warnings == 0
    assert again.pack.documents == original.documents  # field for field, every kind


def test_cells_read_as_yaml_and_text_that_would_not_stays_text():
    assert decode_cell("2D+3") == "2D+3" and decode_cell("7") == 7 and decode_cell("true") is True
    assert decode_cell("[undead, flying]") == ["undead", "flying"]
    assert decode_cell("Check: STR+AGI against TN 20") == "Check: STR+AGI against TN 20"
    assert decode_cell("#1 hit") == "#1 hit" and decode_cell("  ") is None
    for value in ("7", "true", "Check: 5", " padded", "[not a list]", "null", "", 3, 2.5, False, [[1, 2]]):
        assert decode_cell(encode_cell(value)) == value


def test_a_workbook_row_with_a_mistake_is_reported_at_its_row_and_column(tmp_path):
    rows = [LEVEL_HEADER,
            ["yeti-1", "yeti", 1, "2D+4", "2D+3", "2D+2", 2, 1, 0],
            ["yeti-2", "yeti", 2, "3X", "2D+4", "2D+3", 3, 2, 1],
            ["yeti-3", "yeti", 3, "3D+2", "2D+5", "2D+4", 3, 2, 1, "surplus"],
            ["yeti-4", "yeti", "four", "3D+4", "3D+1", "2D+5", 4, 3, 2]]
    book = _workbook(tmp_path / "levels.xlsx", rows)
    out = tmp_path / "levels.yaml"
    result = runner.invoke(app, ["import", str(book), "--kind", "monster_level", "--out", str(out)])
    assert result.exit_code == 1
    assert f"{book.as_posix()}:3:4: error [dice-expression] attack: dice expression '3X'" in result.output
    assert f"{book.as_posix()}:4:10: error [import] a value in a column without a name" in result.output
    assert f"{book.as_posix()}:5:3: error [schema] level:" in result.output
    assert not out.exists()  # nothing half-written


def test_a_missing_field_is_reported_at_its_empty_cell(tmp_path):
    """It was reported at column 1 of the row, though the sheet has a column for it."""
    sheet = tmp_path / "traps.csv"
    sheet.write_text("id,name,trap_type,check_attributes,tn_base,effect.damage\n"
                     "pit,Pit,person,\"[AGI, PER]\",20,2\n"
                     "snare,Snare,person,,22,\n"
                     "net,Net,person,\"[AGI, PER]\"\n", encoding="utf-8")  # a short row: tn_base is missing
    written, problems, _ = import_file(sheet, "trap", tmp_path / "traps.yaml", shown="traps.csv")
    assert written is None
    assert [(p.line, p.column, p.rule_id) for p in problems] == [(3, 4, "schema"), (4, 5, "schema")]
    assert "check_attributes" in problems[0].message
    monsters = _csv(tmp_path / "monsters.csv", "id,name,attack_type,range,action_points,priority,figures,deck_cards,"
                    "ability.id,ability.text\nyeti,Yeti,melee,1,8,B,2,4,yeti_roar,\n")
    written, problems, _ = import_file(monsters, "monster", tmp_path / "monsters.yaml", shown="monsters.csv")
    assert [(p.line, p.column, p.message) for p in problems] == [(2, 10, "missing required field 'text' in ability")]


def test_a_good_import_writes_yaml_that_validates_and_never_overwrites(tmp_path):
    rows = [LEVEL_HEADER] + [[f"yeti-{lv}", "yeti", lv, f"2D+{lv + 3}", "2D+3", "2D+2", lv, lv, lv - 1]
                             for lv in (1, 2, 3, 4)]
    book = _workbook(tmp_path / "levels.xlsx", rows)
    pack = tmp_path / "pack"
    (pack / "monsters").mkdir(parents=True)
    (pack / "monsters" / "yeti.yaml").write_text(
        "kind: monster\nid: yeti\nname: Yeti\nattack_type: melee\nrange: 1\naction_points: 8\npriority: B\n"
        "figures: 2\ndeck_cards: 4\n", encoding="utf-8")
    out = pack / "monsters" / "yeti_levels.yaml"
    first = runner.invoke(app, ["import", str(book), "--kind", "monster_level", "--out", str(out)])
    assert first.exit_code == 0, first.output
    assert validate_pack(pack).problems == ()
    assert validate_pack(pack).pack.level_card("yeti", 3).attack == "2D+6"
    again = runner.invoke(app, ["import", str(book), "--kind", "monster_level", "--out", str(out)])
    assert again.exit_code == 2 and "exists already" in again.output
    assert runner.invoke(app, ["import", str(book), "--kind", "monstr", "--out", str(tmp_path / "x.yaml")]
                         ).exit_code == 2


def test_export_csv_never_writes_into_the_pack(tmp_path):
    """Issue 12, Outputs: `--out` pointing into the pack is a usage error and writes nothing."""
    import shutil

    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    before = sorted(p.relative_to(pack) for p in pack.rglob("*"))
    result = runner.invoke(app, ["export", "csv", str(pack), "--out", str(pack / "sheets")])
    assert result.exit_code == 2 and "error" in result.output
    assert sorted(p.relative_to(pack) for p in pack.rglob("*")) == before
    fine = runner.invoke(app, ["export", "csv", str(pack), "--out", str(tmp_path / "csv")])
    assert fine.exit_code == 0 and (tmp_path / "csv" / "monster.csv").is_file()


def test_export_csv_that_cannot_write_one_file_writes_none(tmp_path):
    """A folder in the place of monster.csv stopped `export csv` after boss.csv ... equipment.csv
    were written: a half export beside the user's older sheets."""
    out = tmp_path / "csv"
    (out / "monster.csv").mkdir(parents=True)
    result = runner.invoke(app, ["export", "csv", str(ROOT / "content"), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert f"cannot write {out / 'monster.csv'}: it exists and is not a regular file" in result.output
    assert sorted(p.name for p in out.iterdir()) == ["monster.csv"]


# -- issue 23: import --force updates the designer's own file in place ------------------------------------
ORC_FILE = ROOT / "content" / "monsters" / "orc.yaml"


def _csv(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_import_force_updates_matching_documents_in_place_and_keeps_everything_else(tmp_path):
    target = tmp_path / "orc.yaml"
    target.write_text(ORC_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    sheet = _csv(tmp_path / "levels.csv", "id,attack\norc-2,3D+1\n")  # only the column that changes
    result = runner.invoke(app, ["import", str(sheet), "--kind", "monster_level", "--out", str(target), "--force"])
    assert result.exit_code == 0, result.output
    before, after = ORC_FILE.read_text(encoding="utf-8"), target.read_text(encoding="utf-8")
    # one line changed: comments, the monster document, the other cards, key order and quotes kept
    assert [line for line in after.splitlines() if line not in before.splitlines()] == ["attack: 3D+1"]
    assert after.replace("id: orc-2\nname: Orc (level 2)\nsource: rulebook\nmonster: orc\nlevel: 2\nattack: 3D+1",
                         "id: orc-2\nname: Orc (level 2)\nsource: rulebook\nmonster: orc\nlevel: 2\nattack: 3D"
                         ) == before


def test_import_force_adds_new_documents_and_prune_removes_those_the_sheet_does_not_name(tmp_path):
    target = tmp_path / "orc.yaml"
    target.write_text(ORC_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    sheet = _csv(tmp_path / "levels.csv", ",".join(LEVEL_HEADER) + "\n"
                 "orc-1,orc,1,2D+5,2D+5,2D+2,2,1,0\norc-5,orc,4,4D,3D+3,3D,5,2,2\n")
    kept = runner.invoke(app, ["import", str(sheet), "--kind", "monster_level", "--out", str(target), "--force"])
    assert kept.exit_code == 0, kept.output
    ids = [d.data["id"] for d in _documents(target)]
    assert ids == ["orc", "orc-1", "orc-2", "orc-3", "orc-4", "orc-5"]  # nothing deleted, the new one last
    pruned = runner.invoke(app, ["import", str(sheet), "--kind", "monster_level", "--out", str(target), "--force",
                                 "--prune"])
    assert pruned.exit_code == 0, pruned.output
    assert [d.data["id"] for d in _documents(target)] == ["orc", "orc-1", "orc-5"]  # the monster is another kind
    assert target.read_text(encoding="utf-8").startswith(ORC_FILE.read_text(encoding="utf-8").split("---")[0])



def test_import_force_into_a_file_with_a_yaml_mistake_shows_it_at_its_line_and_writes_nothing(tmp_path):
    """A --force update of a file with a syntax error exited 2, a usage error, with the mistake
    folded into one line of prose; the command was right, the file is not: exit 1 with the
    mistake as validate shows it (file:line:column: error [rule]), the file untouched."""
    target = tmp_path / "orc.yaml"
    broken = ORC_FILE.read_text(encoding="utf-8").replace("figures: 2", "figures: [2")
    target.write_text(broken, encoding="utf-8")
    sheet = _csv(tmp_path / "levels.csv", "id,attack\norc-2,3D+1\n")
    result = runner.invoke(app, ["import", str(sheet), "--kind", "monster_level", "--out", str(target), "--force"])
    assert result.exit_code == 1, result.output
    line = next(i for i, text in enumerate(broken.splitlines(), 2) if text.startswith("figures: [2"))  # found on the next line
    assert result.output.startswith(f"{target}:{line}:1: error [yaml-syntax] while parsing a flow sequence")
    assert f"nothing written: 1 problem in {target}, the file --force updates: fix it first" in result.output
    assert target.read_text(encoding="utf-8") == broken

def _documents(path: Path):
    from doria_forge.load import load_text

    return load_text(path.read_bytes(), path=path.name)[0]


def test_an_empty_cell_removes_the_field_and_the_changed_document_is_what_is_checked(tmp_path):
    target = tmp_path / "orc.yaml"
    target.write_text(ORC_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    sheet = _csv(tmp_path / "levels.csv", "id,hit_points\norc-2,\n")
    result = runner.invoke(app, ["import", str(sheet), "--kind", "monster_level", "--out", str(target), "--force"])
    assert result.exit_code == 1
    assert "levels.csv:2:2: error [schema] missing required field 'hit_points'" in result.output
    assert target.read_text(encoding="utf-8") == ORC_FILE.read_text(encoding="utf-8")  # nothing written


def test_ids_a_sheet_repeats_are_an_error_at_the_later_row(tmp_path):
    sheet = _csv(tmp_path / "doors.csv", "id,name,text\nd,Door,T.\nd,Door again,T.\n")
    written, problems, _ = import_file(sheet, "door_event", tmp_path / "doors.yaml", shown="doors.csv")
    assert written is None
    assert [(p.line, p.column, p.rule_id) for p in problems] == [(3, 1, "duplicate-id")]
    assert "row 2" in problems[0].message


def test_a_row_whose_id_another_file_of_the_pack_defines_is_refused(tmp_path):
    """A sheet of every Monster Level Card imported into the Orc's file with --force added the
    other 72 cards to it again (72 duplicate ids for validate, exit 0 for import). A row whose id
    another file of the pack defines is an error at its id cell naming that file's line; the
    Orc's own rows still update the Orc's file."""
    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    target = pack / "monsters" / "orc.yaml"
    before = target.read_text(encoding="utf-8")
    sheet = _csv(tmp_path / "levels.csv", "id,attack\norc-2,3D+1\narcher-1,3D\n")
    written, problems, _ = import_file(sheet, "monster_level", target, force=True, shown="levels.csv")
    assert written is None and target.read_text(encoding="utf-8") == before
    [problem] = problems
    assert (problem.line, problem.column, problem.rule_id) == (3, 1, "duplicate-id")
    assert "archer.yaml:" in problem.message
    own = _csv(tmp_path / "orc.csv", "id,attack\norc-2,3D+1\n")
    written, problems, _ = import_file(own, "monster_level", target, force=True, shown="orc.csv")
    assert problems == [] and written == target and "attack: 3D+1" in target.read_text(encoding="utf-8")


def test_import_never_writes_into_the_projects_layouts_or_templates(tmp_path, monkeypatch):
    """import writes into a pack on purpose; a YAML file in the project's layouts/ is a layout
    file for every later command (validate and export then failed on it)."""
    shutil.copytree(ROOT / "content", tmp_path / "content")
    (tmp_path / "layouts").mkdir()
    monkeypatch.chdir(tmp_path)
    sheet = _csv(tmp_path / "doors.csv", "id,name,text\nd,Door,T.\n")
    result = runner.invoke(app, ["import", str(sheet), "--kind", "door_event", "--out", "layouts/x.yaml"])
    assert result.exit_code == 2 and "which doria-forge reads" in result.output
    assert not (tmp_path / "layouts" / "x.yaml").exists()


def test_a_column_named_twice_is_an_error_at_the_second_one(tmp_path):
    """The later of two ``name`` columns silently won in every row (every card named 'Other')."""
    sheet = _csv(tmp_path / "doors.csv", "id,name,text,name\nd,Door,T.,Other\n")
    written, problems, _ = import_file(sheet, "door_event", tmp_path / "doors.yaml", shown="doors.csv")
    assert written is None
    assert [(p.line, p.column) for p in problems] == [(1, 4)]
    assert "repeats column 2" in problems[0].message


# -- issue 23: xlsx by default, CSV with a BOM and no live formulas, mojibake and dates refused -----------
def test_xlsx_export_then_import_gives_back_every_document_of_the_base_pack(tmp_path):
    from openpyxl import load_workbook

    original = validate_pack(ROOT / "content").pack
    book = tmp_path / "content.xlsx"
    assert runner.invoke(app, ["export", "xlsx", str(ROOT / "content"), "--out", str(book)]).exit_code == 0
    sheets = load_workbook(book, read_only=True).sheetnames
    imported = tmp_path / "imported"
    for kind in sheets:  # a sheet per kind, found by its name
        written, problems, _ = import_file(book, kind, imported / f"{kind}.yaml")
        assert problems == [] and written is not None, problems
    again = validate_pack(imported)
    assert again.errors == 0 and again.pack.documents == original.documents
    twice = tmp_path / "again.xlsx"
    runner.invoke(app, ["export", "xlsx", str(ROOT / "content"), "--out", str(twice)])
    assert twice.read_bytes() == book.read_bytes()  # the same content, the same bytes


FORMULAS = ["=HYPERLINK(\"https://example.org\",\"click\")", "+1+2", "-stealth", "@SUM(A1)", "=1/2", "'=quoted"]


def _door_pack(tmp_path: Path) -> Path:
    pack = tmp_path / "pack"
    (pack / "doors").mkdir(parents=True)
    (pack / "doors" / "doors.yaml").write_text("---\n".join(
        f"kind: door_event\nid: d{i}\nname: {json.dumps(text)}\ntext: \"1/2 of the rubble\"\n"
        for i, text in enumerate(FORMULAS)), encoding="utf-8")
    return pack


def test_text_that_looks_like_a_formula_stays_text_in_both_formats(tmp_path):
    from openpyxl import load_workbook

    pack = _door_pack(tmp_path)
    assert runner.invoke(app, ["export", "csv", str(pack), "--out", str(tmp_path / "csv")]).exit_code == 0
    raw = (tmp_path / "csv" / "door_event.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # a byte-order mark: spreadsheet programs read UTF-8 as UTF-8
    cells = [row for row in csv.reader(io.StringIO(raw.decode("utf-8-sig")))][1:]
    names = [row[1] for row in cells]
    assert all(not name.startswith(("=", "+", "-", "@")) for name in names), names  # OWASP: a leading apostrophe
    assert runner.invoke(app, ["export", "xlsx", str(pack), "--out", str(tmp_path / "d.xlsx")]).exit_code == 0
    sheet = load_workbook(tmp_path / "d.xlsx")["door_event"]
    assert {sheet.cell(row=r, column=2).data_type for r in range(2, 2 + len(FORMULAS))} == {"s"}  # never "f"
    assert {sheet.cell(row=r, column=3).number_format for r in range(2, 2 + len(FORMULAS))} == {"@"}  # 1/2: text
    for source in (tmp_path / "csv" / "door_event.csv", tmp_path / "d.xlsx"):
        out = tmp_path / f"{source.suffix[1:]}.yaml"
        written, problems, _ = import_file(source, "door_event", out)
        assert problems == [], problems
        assert [d.data["name"] for d in _documents(out)] == FORMULAS


def test_mojibake_is_refused_at_its_cell_with_the_text_it_should_be(tmp_path):
    garbled = "Ein Schwall kalter Luft strÃ¶mt heraus"  # UTF-8 read as Windows-1252, saved again
    sheet = _csv(tmp_path / "doors.csv", f"id,name,text\nd,TÃ¼r,T.\ne,Door,{garbled}\n")
    written, problems, _ = import_file(sheet, "door_event", tmp_path / "doors.yaml", shown="doors.csv")
    assert written is None
    assert [(p.line, p.column) for p in problems] == [(2, 2), (3, 3)]
    assert "it would be 'Tür'" in problems[0].message and "strömt" in problems[1].message


@pytest.mark.parametrize(("text", "row", "column"), [
    ("id,name,text\nd,Tür,T.\n", 2, 2),
    ('id,name,text\nd,Door,"Two\nlines"\ne,Door,"Zwei\nZeilen; Größe"\n', 3, 3),  # rows, not lines
    ("id;name;text\nd;Door;Größe\n", 2, 3),
    ("id,name,text\nd,Door,T.\nü,Door,T.\n", 3, 1),
])
def test_a_csv_that_is_not_utf8_is_refused_at_the_cell_of_the_first_bad_byte(tmp_path, text, row, column):
    """It was reported at the byte's line and its offset in that line (doors.csv:2:4 for the name
    in column 2), which in a spreadsheet is another cell, on another row below a cell of two lines."""
    sheet = tmp_path / "doors.csv"
    sheet.write_bytes(text.encode("cp1252"))
    written, problems, _ = import_file(sheet, "door_event", tmp_path / "doors.yaml", shown="doors.csv")
    assert written is None
    assert [(p.line, p.column) for p in problems] == [(row, column)]
    assert "not UTF-8" in problems[0].message and "CSV UTF-8" in problems[0].message


def test_dates_formulas_without_values_and_error_cells_are_refused_at_their_cell(tmp_path):
    import datetime

    book = _workbook(tmp_path / "levels.xlsx", [LEVEL_HEADER,
                                                ["yeti-1", "yeti", 1, datetime.date(2024, 1, 2), "2D+3", "2D+2", 2, 1, 0],
                                                ["yeti-2", "yeti", 2, "=A2", "2D+4", "2D+3", 3, 2, 1]])
    written, problems, _ = import_file(book, "monster_level", tmp_path / "l.yaml", shown="levels.xlsx")
    assert written is None
    found = {(p.line, p.column): p.message for p in problems}
    assert "a date or time" in found[(2, 4)] and "format the column as text" in found[(2, 4)]
    assert "a formula without a computed value" in found[(3, 4)]  # openpyxl stores no computed value


@pytest.mark.skipif(not (shutil.which("soffice") or shutil.which("libreoffice")),
                    reason="LibreOffice is not installed (the round trip through it runs where it is)")
def test_a_round_trip_through_libreoffice_gives_back_the_documents(tmp_path):
    """The CSV opened by LibreOffice with its default settings and saved as a workbook, then
    imported: German texts, formula-looking texts and 1/2 all come back."""
    office = shutil.which("soffice") or shutil.which("libreoffice")
    pack = _door_pack(tmp_path)
    (pack / "doors" / "tuer.yaml").write_text("kind: door_event\nid: tuer\nname: Tür\ntext: Größe ändert sich.\n",
                                              encoding="utf-8")
    original = validate_pack(pack).pack
    runner.invoke(app, ["export", "csv", str(pack), "--out", str(tmp_path / "csv")])
    subprocess.run([office, "--headless", "--convert-to", "xlsx", "--outdir", str(tmp_path / "lo"),
                    str(tmp_path / "csv" / "door_event.csv")], check=True, capture_output=True, timeout=120,
                   env={**os.environ, "HOME": str(tmp_path)})
    out = tmp_path / "back" / "doors.yaml"
    written, problems, _ = import_file(tmp_path / "lo" / "door_event.xlsx", "door_event", out)
    assert problems == [] and written is not None, problems
    assert validate_pack(out.parent).pack.documents["door_event"] == original.documents["door_event"]


def test_a_column_part_of_unicode_digits_is_a_field_name_not_a_crash():
    """"²" is a digit to str.isdigit but no number to int(): the column "a.²" names a field (which
    validation then reports), it does not end in a bare ValueError (the fuzz test found it)."""
    from doria_forge.authoring.sheet_merge import column_path

    assert column_path("a.²") == ("a", "²")
    assert column_path("attacks.0.dice") == ("attacks", 0, "dice")


# -- a date cell, a column naming no field: one error each, at the cell ------------------------------------
MONSTER_HEADER = ["id", "name", "attack_type", "range", "action_points", "priority", "figures", "deck_cards"]


def test_a_date_cell_is_one_error_at_its_cell_and_nothing_is_written(tmp_path):
    """A date in a required field gave the date error at its cell and a second, false
    "missing required field" at column 1 of the row (the cell was emptied, then checked)."""
    import datetime

    book = workbook(tmp_path / "monsters.xlsx", [
        MONSTER_HEADER,
        ["yeti", datetime.date(2024, 1, 2), "melee", 1, 8, "B", 2, 4],
        ["wolf", "Wolf", "melee", 1, 10, "A", datetime.time(3, 4), 4]], "monster")
    out = tmp_path / "monsters.yaml"
    result = runner.invoke(app, ["import", str(book), "--kind", "monster", "--out", str(out)])
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if ": error [" in line]
    assert [line.split(": error")[0] for line in errors] == [f"{book.as_posix()}:2:2", f"{book.as_posix()}:3:7"]
    assert all("a date or time" in line for line in errors)
    assert not out.exists()


def test_a_date_cell_updating_a_file_in_place_is_one_error_and_leaves_the_file(tmp_path):
    import datetime

    target = tmp_path / "orc.yaml"
    target.write_text(ORC_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    book = workbook(tmp_path / "levels.xlsx", [["id", "attack", "hit_points"], ["orc-2", "3D+1", datetime.date(2024, 3, 1)]],
                    "monster_level")
    written, problems, _ = import_file(book, "monster_level", target, force=True, shown="levels.xlsx")
    assert written is None
    assert [(p.line, p.column) for p in problems] == [(2, 3)]
    assert target.read_text(encoding="utf-8") == ORC_FILE.read_text(encoding="utf-8")


def test_a_date_in_the_header_is_one_error_at_its_cell(tmp_path):
    """The emptied header cell made every value below it "a value in a column without a name"."""
    import datetime

    book = workbook(tmp_path / "doors.xlsx", [["id", "name", datetime.date(2024, 1, 2)], ["d", "Door", "T."],
                                              ["e", "Door", "T."]], "door_event")
    written, problems, _ = import_file(book, "door_event", tmp_path / "doors.yaml", shown="doors.xlsx")
    assert written is None
    assert [(p.line, p.column) for p in problems] == [(1, 3)]


@pytest.mark.parametrize(("column", "rule", "words"), [
    ("ability.txet", "unknown-field", "unknown field 'txet' in ability (did you mean 'text'?)"),
    ("levels..hp", "import", "has an empty part between dots"),
    ("levels.hp", "unknown-field", "unknown field 'levels'"),
    ("name.first", "schema", "name holds one value, not fields"),
    ("ability.0", "schema", "ability holds fields, not a list"),
    ("ability.behaviours.0.behavior", "unknown-field", "did you mean 'behaviour'?"),
])
def test_a_column_naming_no_field_is_one_error_at_its_header_cell(tmp_path, column, rule, words):
    """A column naming a path the kind does not have was reported per row, at column 1 (name.first)
    or beside false "missing required field" errors (ability.txet); it is one error at its header
    cell, and the rows below are not checked as documents, which would miss what it was meant to set."""
    sheet = _csv(tmp_path / "monsters.csv", ",".join([*MONSTER_HEADER, "ability.id", column]) + "\n"
                 "yeti,Yeti,melee,1,8,B,2,4,yeti_roar,Roars.\nwolf,Wolf,melee,1,10,A,2,4,wolf_howl,Howls.\n")
    out = tmp_path / "monsters.yaml"
    result = runner.invoke(app, ["import", str(sheet), "--kind", "monster", "--out", str(out)])
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if ": error [" in line]
    assert len(errors) == 1, result.output
    assert errors[0].startswith(f"{sheet.as_posix()}:1:10: error [{rule}] column '{column}'")
    assert words in errors[0]
    assert not out.exists()


def test_a_column_going_inside_a_value_of_the_file_is_reported_at_its_cell(tmp_path):
    """The file being updated holds a value where the column goes inside one: at that column of the row."""
    target = tmp_path / "orc.yaml"
    target.write_text(ORC_FILE.read_text(encoding="utf-8").replace("\nability:", "\nability: loud\nold_ability:"),
                      encoding="utf-8")
    before = target.read_text(encoding="utf-8")
    sheet = _csv(tmp_path / "orc.csv", "id,name,ability.text\norc,Orc,Roars.\n")
    written, problems, _ = import_file(sheet, "monster", target, force=True, shown="orc.csv")
    assert written is None and target.read_text(encoding="utf-8") == before
    assert [(p.line, p.column) for p in problems] == [(2, 3)]


# -- import --force of an unedited sheet leaves the file as it is ------------------------------------------
def _rows_of(sheet: Path, ids: set[str], out: Path) -> Path:
    """The exported CSV ``sheet`` with only the rows of ``ids`` (a sheet of one file's documents)."""
    rows = list(csv.reader(io.StringIO(sheet.read_text(encoding="utf-8-sig"))))
    with out.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle, lineterminator="\n").writerows([rows[0], *(r for r in rows[1:] if r[0] in ids)])
    return out


@pytest.mark.parametrize(("name", "kind", "ids"), [
    ("scenarios/greywater_gate.yaml", "scenario", {"greywater_gate"}),  # random_tiles: 0, escape, balance
    ("scenarios/alchemists_fuse.yaml", "scenario", {"alchemists_fuse"}),  # win_rate {"1": ..., all: ...}
    ("bosses/bosses.yaml", "boss", None),  # flags: []
    ("traps/traps.yaml", "trap", None),  # xp: 1, gold: 0
])
def test_an_unedited_sheet_imported_with_force_leaves_the_file_as_it_is(tmp_path, name, kind, ids):
    """The README's round trip (export, edit, import --force) rewrote 35 of the shipped files with
    nothing edited: fields holding their default (`xp: 1`, `flags: []`, `who: triggering`), which
    export leaves empty, were removed, and a sheet with both `balance.win_rate` and
    `balance.win_rate.all` columns removed the one the row did not use, moving or losing it."""
    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    target = pack / name
    before = target.read_text(encoding="utf-8")
    assert runner.invoke(app, ["export", "csv", str(pack), "--kind", kind, "--out", str(tmp_path / "csv")]
                         ).exit_code == 0
    ids = ids or {d.data["id"] for d in _documents(target) if d.data["kind"] == kind}
    sheet = _rows_of(tmp_path / "csv" / f"{kind}.csv", ids, tmp_path / "sheet.csv")
    result = runner.invoke(app, ["import", str(sheet), "--kind", kind, "--out", str(target), "--force"])
    assert result.exit_code == 0, result.output
    assert target.read_text(encoding="utf-8") == before


@pytest.mark.parametrize(("start", "newline"), [("", "\r\n"), ("\ufeff", "\n"), ("\ufeff", "\r\n")])
def test_import_force_keeps_the_files_line_endings_and_byte_order_mark(tmp_path, start, newline):
    """A traps.yaml saved on Windows (CRLF, perhaps a byte-order mark), updated with an unedited
    sheet, came back with the documents' lines ending in LF and its comments' in CRLF, and without
    its byte-order mark: a diff of every line, and an editor warning about mixed line endings."""
    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    target = pack / "traps" / "traps.yaml"
    before = (start + target.read_text(encoding="utf-8").replace("\n", newline)).encode("utf-8")
    target.write_bytes(before)
    assert runner.invoke(app, ["export", "csv", str(pack), "--kind", "trap", "--out", str(tmp_path / "csv")]
                         ).exit_code == 0
    result = runner.invoke(app, ["import", str(tmp_path / "csv" / "trap.csv"), "--kind", "trap", "--out",
                                 str(target), "--force"])
    assert result.exit_code == 0, result.output
    assert target.read_bytes() == before
    edited = tmp_path / "edited.csv"
    edited.write_text((tmp_path / "csv" / "trap.csv").read_text(encoding="utf-8-sig").replace(
        "Boulder Trap,", "Rolling Boulder,"), encoding="utf-8")
    assert runner.invoke(app, ["import", str(edited), "--kind", "trap", "--out", str(target), "--force"]
                         ).exit_code == 0
    after = target.read_bytes().decode("utf-8")
    assert after.startswith(start + "#") and "name: Rolling Boulder" + newline in after
    assert after.count("\n") == after.count(newline)  # every line ends as the file's lines did


def test_an_emptied_cell_still_removes_its_field(tmp_path):
    target = tmp_path / "orc.yaml"
    target.write_text(ORC_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    sheet = _csv(tmp_path / "orc.csv", "id,name_de,flags\norc,,[undead]\n")
    written, problems, _ = import_file(sheet, "monster", target, force=True, shown="orc.csv")
    assert problems == [] and written == target
    orc = next(d.data for d in _documents(target) if d.data["id"] == "orc")
    assert "name_de" not in orc and orc["flags"] == ["undead"]


def test_a_csv_separated_by_semicolons_is_read_as_its_cells(tmp_path):
    """Excel saves "CSV" with semicolons where the decimal separator is a comma (German, French):
    the whole header was one column, 'unknown field id;name;text'."""
    comma = _csv(tmp_path / "comma.csv", 'id,name,text\nd,Tür,"Zwei; oder drei, vier."\n')
    semicolon = tmp_path / "semicolon.csv"
    semicolon.write_bytes('\ufeffid;name;text\r\nd;Tür;"Zwei; oder drei, vier."\r\n'.encode())
    for sheet in (comma, semicolon):
        out = tmp_path / f"{sheet.stem}.yaml"
        result = runner.invoke(app, ["import", str(sheet), "--kind", "door_event", "--out", str(out)])
        assert result.exit_code == 0, result.output
    assert [d.data for d in _documents(tmp_path / "semicolon.yaml")] == [d.data for d in _documents(
        tmp_path / "comma.yaml")] == [{"kind": "door_event", "id": "d", "name": "Tür", "text": "Zwei; oder drei, vier."}]


def test_a_sheet_without_rows_below_its_header_is_an_error_and_prune_removes_nothing(tmp_path):
    """A sheet saved before its rows were pasted wrote an empty file (exit 0), and with --prune
    removed every Monster Level Card of the Orc's file."""
    target = tmp_path / "orc.yaml"
    target.write_text(ORC_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    for sheet in (_csv(tmp_path / "levels.csv", "id,attack\n\n"),
                  workbook(tmp_path / "levels.xlsx", [["id", "attack"]], "monster_level")):
        result = runner.invoke(app, ["import", str(sheet), "--kind", "monster_level", "--out", str(target),
                                     "--force", "--prune"])
        assert result.exit_code == 1
        assert f"{sheet.as_posix()}:1:1: error [import] no rows below the header" in result.output
        assert f"nothing written: 1 problem in {sheet}\n" in result.output
        assert target.read_text(encoding="utf-8") == ORC_FILE.read_text(encoding="utf-8")
    new = tmp_path / "new.yaml"
    assert runner.invoke(app, ["import", str(sheet), "--kind", "monster_level", "--out", str(new)]).exit_code == 1
    assert not new.exists()


@pytest.mark.parametrize(("text", "row", "column"), [
    ('id,name,text\nd,Door,"A stray quote\ne,Door,T.\nf,Door,T.\n', 2, 3),  # never closed
    ('id,name,text\nd,Door,T.\ne,"Door" two,T.\n', 3, 2),  # text after the closing quote
    ('id;name;text\r\nd;"two\r\nlines";T.\r\ne;Door;"open\r\n', 3, 3),
])
def test_a_stray_quote_in_a_csv_is_one_error_at_its_cell(tmp_path, text, row, column):
    """A quote never closed made its cell swallow every row after it: the import wrote one door
    whose text held the rest of the file, and the doors below it were lost (exit 0)."""
    sheet = _csv(tmp_path / "doors.csv", text)
    out = tmp_path / "doors.yaml"
    result = runner.invoke(app, ["import", str(sheet), "--kind", "door_event", "--out", str(out)])
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if ": error [" in line]
    assert len(errors) == 1 and errors[0].startswith(f"{sheet.as_posix()}:{row}:{column}: error [import] a quoted cell")
    assert not out.exists()


def test_import_writes_only_a_yaml_file(tmp_path):
    """--out doors.txt was written (exit 0), and no command of the pack ever read it."""
    sheet = _csv(tmp_path / "doors.csv", "id,name,text\nd,Door,T.\n")
    result = runner.invoke(app, ["import", str(sheet), "--kind", "door_event", "--out", str(tmp_path / "doors.txt")])
    assert result.exit_code == 2 and "is not a .yaml file" in result.output
    assert not (tmp_path / "doors.txt").exists()


@pytest.mark.parametrize("name", ["missing.csv", "missing.xlsx"])
def test_a_missing_spreadsheet_is_named_once(tmp_path, name):
    """`import traps.csv` with no such file said "cannot read traps.csv: cannot read file: No such
    file or directory"."""
    sheet = tmp_path / name
    result = runner.invoke(app, ["import", str(sheet), "--kind", "trap"])
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {sheet}: cannot read file: No such file or directory"


def test_a_sheet_asked_of_a_csv_file_is_a_usage_error(tmp_path):
    """--sheet on a CSV file was ignored without a word: the user who named a sheet meant a workbook,
    and got the rows of another file imported."""
    sheet = _csv(tmp_path / "doors.csv", "id,name,text\nd,Door,T.\n")
    out = tmp_path / "doors.yaml"
    result = runner.invoke(app, ["import", str(sheet), "--kind", "door_event", "--sheet", "monster", "--out", str(out)])
    assert result.exit_code == 2 and "--sheet monster names a sheet of a workbook" in result.output
    assert not out.exists()


def test_a_workbook_without_a_sheet_named_as_the_kind_says_which_sheet_it_read(tmp_path):
    """The first sheet was read without a word: a workbook of every kind imported as a kind it has
    no sheet for gave dozens of header errors naming no sheet (they were the boss sheet's)."""
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Notes"
    book.active.append(["id", "name", "text"])
    book.active.append(["d", "Door", "T."])
    book.create_sheet("Doors").append(["id"])
    book.save(tmp_path / "doors.xlsx")
    result = runner.invoke(app, ["import", str(tmp_path / "doors.xlsx"), "--kind", "door_event", "--out",
                                 str(tmp_path / "doors.yaml")])
    assert result.exit_code == 0
    assert (f"{(tmp_path / 'doors.xlsx').as_posix()}:1:1: info [import] no sheet is named 'door_event': read the "
            "first, 'Notes', of Notes, Doors; name another with --sheet") in result.output
    again = runner.invoke(app, ["import", str(tmp_path / "doors.xlsx"), "--kind", "door_event", "--sheet", "Notes",
                                "--out", str(tmp_path / "again.yaml")])
    assert again.exit_code == 0 and "info" not in again.output


def test_a_workbook_of_one_kind_imported_as_another_says_its_sheet_names_the_other(tmp_path):
    """`export xlsx --kind trap` then `import traps.xlsx --kind monster_level` gave an error at every
    header cell ("unknown field 'trap_type'...") and nothing said the sheet was the traps': one
    sheet is read without a note. The sheet's name, a kind, is now said beside the errors."""
    book = tmp_path / "traps.xlsx"
    assert runner.invoke(app, ["export", "xlsx", str(ROOT / "content"), "--kind", "trap", "--out", str(book)]
                         ).exit_code == 0
    result = runner.invoke(app, ["import", str(book), "--kind", "monster_level", "--out", str(tmp_path / "t.yaml")])
    assert result.exit_code == 1 and not (tmp_path / "t.yaml").exists()
    assert "its sheet is named 'trap', another kind, and was read as monster_level" in " ".join(result.output.split())


def test_prune_without_force_is_a_usage_error(tmp_path):
    """`import --prune` without `--force` removed nothing and said nothing: a new file has nothing
    to remove, and an existing one is not updated without --force."""
    sheet = tmp_path / "traps.csv"
    assert runner.invoke(app, ["export", "csv", str(ROOT / "content"), "--kind", "trap", "--out", str(tmp_path)]
                         ).exit_code == 0
    (tmp_path / "trap.csv").rename(sheet)
    result = runner.invoke(app, ["import", str(sheet), "--kind", "trap", "--out", str(tmp_path / "t.yaml"), "--prune"])
    assert result.exit_code == 2 and "--force" in result.output
    assert not (tmp_path / "t.yaml").exists()


@pytest.mark.parametrize("name", ["content.csv", "content.txt", "content"])
def test_export_xlsx_writes_only_a_file_named_xlsx_as_import_reads_it(tmp_path, name):
    """`export xlsx --out content.csv` wrote a workbook under that name (exit 0), which `import`
    then read as a CSV file ('not UTF-8 text') or refused ('not a .csv or .xlsx file')."""
    out = tmp_path / name
    result = runner.invoke(app, ["export", "xlsx", str(ROOT / "content"), "--out", str(out)])
    assert result.exit_code == 2
    assert "give --out a .xlsx file" in result.output
    assert not out.exists()


def test_a_misspelt_kind_is_answered_with_the_closest_one(tmp_path):
    """`--kind monster_levl` listed every kind, as validate does not: it names the closest."""
    sheet = _csv(tmp_path / "doors.csv", "id,name,text\nd,Door,T.\n")
    imported = runner.invoke(app, ["import", str(sheet), "--kind", "door_evnt", "--out", str(tmp_path / "d.yaml")])
    assert imported.exit_code == 2 and "unknown kind 'door_evnt' (did you mean 'door_event'?)" in imported.output
    assert not (tmp_path / "d.yaml").exists()
    exported = runner.invoke(app, ["export", "csv", str(ROOT / "content"), "--kind", "monster_levl", "--out",
                                   str(tmp_path / "csv")])
    assert exported.exit_code == 2 and "(did you mean 'monster_level'?)" in exported.output
    assert not (tmp_path / "csv").exists()


def test_a_kind_the_pack_has_no_document_of_exports_a_header_to_fill_in(tmp_path):
    """`export csv --kind trap` of a pack without traps wrote a byte-order mark and nothing else:
    now the kind's columns (nested ones flattened as the documents' are, no `kind`), so a
    designer can start the kind in a spreadsheet; a row filled in imports and validates."""
    pack = tmp_path / "mine"
    pack.mkdir()
    (pack / "pack.yaml").write_text("kind: pack\nid: mine\nname: Mine\nversion: 0.1.0\n", encoding="utf-8")
    result = runner.invoke(app, ["export", "csv", str(pack), "--kind", "trap", "--out", str(tmp_path / "csv")])
    assert result.exit_code == 0, result.output
    sheet = tmp_path / "csv" / "trap.csv"
    header = next(csv.reader(io.StringIO(sheet.read_text(encoding="utf-8-sig"))))
    assert header[:2] == ["id", "name"] and "kind" not in header
    assert {"trap_type", "check_attributes", "tn_base", "effect.damage", "text_de"} <= set(header)
    row = {"id": "pit", "name": "Pit", "name_de": "Grube", "trap_type": "person", "check_attributes": '["AGI", "PER"]',
           "tn_base": "20", "tn_per_ml": "2", "effect.damage": "2", "xp": "1", "gold": "1", "text": "A pit.",
           "text_de": "Eine Grube."}
    with sheet.open("w", encoding="utf-8-sig", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows([header, [row.get(c, "") for c in header]])
    imported = runner.invoke(app, ["import", str(sheet), "--kind", "trap", "--out", str(pack / "traps.yaml")])
    assert imported.exit_code == 0, imported.output
    checked = validate_pack(pack)
    assert not checked.errors and checked.pack.traps["pit"].effect.damage == 2


def test_imported_text_a_yaml_1_1_reader_would_take_for_a_switch_or_a_number_is_quoted(tmp_path):
    """doria-forge reads YAML 1.2, where `yes`, `off` and `12:30` are text; PyYAML and other 1.1
    readers take them for true, false and 750. Imported, they are written quoted; plain text is not."""
    from ruamel.yaml import YAML

    pack = tmp_path / "mine"
    pack.mkdir()
    (pack / "pack.yaml").write_text("kind: pack\nid: mine\nname: Mine\nversion: 0.1.0\n", encoding="utf-8")
    sheet = tmp_path / "trap.csv"
    header = ["id", "name", "name_de", "trap_type", "check_attributes", "tn_base", "tn_per_ml", "effect.damage", "xp",
              "gold", "text", "text_de"]
    row = ["pit", "yes", "12:30", "person", '["AGI", "PER"]', "20", "2", "2", "1", "1", "off", "Eine Grube."]
    with sheet.open("w", encoding="utf-8-sig", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows([header, row])
    result = runner.invoke(app, ["import", str(sheet), "--kind", "trap", "--out", str(pack / "traps.yaml")])
    assert result.exit_code == 0, result.output
    text = (pack / "traps.yaml").read_text(encoding="utf-8")
    assert "name: 'yes'" in text and "name_de: '12:30'" in text and "text: 'off'" in text
    assert "text_de: Eine Grube." in text
    older = YAML(typ="safe", pure=True)
    older.version = (1, 1)
    read = older.load(text)
    assert (read["name"], read["name_de"], read["text"]) == ("yes", "12:30", "off")
    checked = validate_pack(pack)
    assert not checked.errors and checked.pack.traps["pit"].name == "yes"


def test_a_column_inside_a_checks_failure_effects_is_a_field(tmp_path):
    """Since a check's nested effects resolve only when its validator is first built, `import` (in a
    fresh process, nothing validated yet) refused the `effects.0.failure.0.do` column `export csv`
    writes for a Door Event: "effects[0].failure holds one value, not a list"."""
    import sys

    sheet = tmp_path / "door_event.csv"
    sheet.write_text("id,name,text,effects.0.do,effects.0.attributes,effects.0.tn,effects.0.failure.0.do,"
                     "effects.0.failure.0.marker\nsag,Sag,The floor sags.,check,\"[AGI, PER]\",16,marker_under,hole\n",
                     encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "doria_forge", "import", str(sheet), "--kind", "door_event",
                           "--out", str(tmp_path / "out.yaml")], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    written = (tmp_path / "out.yaml").read_text(encoding="utf-8")
    assert "marker_under" in written and "hole" in written
