"""Spreadsheets: `import FILE.xlsx|FILE.csv --kind KIND` with row numbers in every problem, and
`export csv` writing the documents back so that a round trip is lossless."""

from pathlib import Path

from openpyxl import Workbook
from typer.testing import CliRunner

from doria_forge.authoring.spreadsheet import decode_cell, encode_cell, export_csv, import_file
from doria_forge.cli import app
from doria_forge.validate import validate_pack

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()

LEVEL_HEADER = ["id", "monster", "level", "attack", "defense", "psi_resistance", "damage", "hit_points",
                "armor_rating"]


def _workbook(path: Path, rows: list[list]) -> Path:
    book = Workbook()
    sheet = book.active
    sheet.title = "levels"
    for row in rows:
        sheet.append(row)
    book.save(path)
    return path


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


def test_a_csv_with_unknown_and_missing_columns_names_the_row(tmp_path):
    sheet = tmp_path / "traps.csv"
    sheet.write_text("id,name,trap_type,check_attributes,tn_base,efect.damage\n"
                     "pit,Pit,person,\"[AGI, PER]\",20,2\n"
                     "snare,Snare,person,,22,\n", encoding="utf-8")
    written, problems, count = import_file(sheet, "trap", tmp_path / "traps.yaml", shown="traps.csv")
    assert written is None and count == 0
    assert [(p.line, p.column, p.rule_id) for p in problems] == [(2, 6, "unknown-field"), (3, 1, "schema")]
    assert "did you mean 'effect'" in problems[0].message
    assert "check_attributes" in problems[1].message


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
