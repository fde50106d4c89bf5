"""Regressions found by a QA pass playing a designer: each test names the mistake and the fix."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from typer.testing import CliRunner
from validate_helpers import lines, monster_with_levels, validate_files

from doria_forge.commands.cli import app
from doria_forge.export.pdf.fonts import register_fonts
from doria_forge.export.pdf.text import ELLIPSIS, fit_paragraph

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


# -- unwritable --out: exit 2 with a message, never a traceback ------------------------------------
@pytest.fixture()
def a_file(tmp_path) -> Path:
    path = tmp_path / "afile"
    path.write_text("not a folder\n")
    return path


@pytest.mark.parametrize("args", [
    ["export", "pdf", "{pack}", "--out", "{file}"],                     # folder is a file
    ["export", "pdf", "{pack}", "--out", "{file}/sub"],                 # folder under a file
    ["export", "bundle", "{pack}", "--out", "{file}/b.json"],           # file under a file
    ["export", "bundle", "{pack}", "--out", "{tmp}"],                   # file is a folder
    ["simulate", "{pack}", "--runs", "1", "--monster", "orc", "--no-progress", "--out", "{file}/s.json"],
    ["simulate", "{pack}", "--runs", "1", "--monster", "orc", "--no-progress", "--out", "{tmp}"],
    ["preview", "orc-1", "{pack}", "--out", "{file}/orc.png"],
    ["preview", "orc-1", "{pack}", "--out", "{tmp}"],
    ["preview", "orc-1", "{pack}", "--out", "{tmp}/orc.jpg"],          # PNG data under another name
    ["build", "{pack}", "--runs", "1", "--no-progress", "--out", "{file}"],
])
def test_unwritable_out_is_a_usage_error_without_traceback(pack, a_file, tmp_path, args):
    argv = [a.format(pack=pack, file=a_file, tmp=tmp_path) for a in args]
    result = runner.invoke(app, argv)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "cannot write" in result.output and "--out" in result.output
    assert a_file.read_text() == "not a folder\n"
    assert not list(tmp_path.glob(".*.tmp"))


def test_bad_simulation_out_is_refused_before_the_duels_run(pack, a_file, monkeypatch):
    import doria_forge.sim.matrix as matrix

    def boom(*a, **k):
        raise AssertionError("the simulation ran although its output cannot be written")

    monkeypatch.setattr(matrix, "run_matrix", boom)
    result = runner.invoke(app, ["simulate", str(pack), "--no-progress", "--out", str(a_file / "s.json")])
    assert result.exit_code == 2, result.output


# -- `name:` with nothing after it is blamed on its own line --------------------------------------
def test_empty_value_is_located_at_its_key_not_the_next_line(tmp_path):
    text = monster_with_levels("orc").replace("name: Orc\n", "name:\n", 1)
    result = validate_files(tmp_path, {"orc.yaml": text})
    assert lines(result.problems) == [
        "orc.yaml:3:1 error [schema] name: Input should be a valid string "
        "(got an empty value: write one after the colon)",
    ]


# -- CJK and emoji print as empty boxes: warn at the field ----------------------------------------
def test_characters_the_card_font_lacks_are_warned_about(tmp_path):
    text = monster_with_levels("orc").replace("name: Orc\n", "name: Ork Überfäller Ωμέγα 龍の斧 🗡\n", 1)
    result = validate_files(tmp_path, {"orc.yaml": text})
    assert result.ok  # a warning: the PDF still builds
    assert lines(result.problems) == [
        "orc.yaml:3:7 warning [printable-text] name has characters the card font (DejaVu Sans) cannot "
        "draw: '龍' (U+9F8D), 'の' (U+306E), '斧' (U+65A7), '🗡' (U+1F5E1); they print as empty boxes. "
        "Use other characters (Latin, Greek and Cyrillic print fine)",
    ]


def test_control_characters_are_printable_text_warnings_too(tmp_path):
    """An escape character pasted from a terminal printed as an empty box on the card and passed
    ``validate --strict``; a right-to-left override turned the name around in diff's output."""
    text = monster_with_levels("orc").replace("name: Orc\n", 'name: "Orc \\u202e kcatta \\x1b[31mRED"\n', 1)
    result = validate_files(tmp_path, {"orc.yaml": text})
    assert lines(result.problems) == [
        "orc.yaml:3:7 warning [printable-text] name has control characters: U+202E, U+001B; they print as "
        "empty boxes (or turn the text around on screen): remove them",
    ]
    tab = monster_with_levels("orc").replace("name: Orc\n", 'name: "Orc\\tthe Red"\n', 1)
    plain = validate_files(tmp_path / "plain", {"orc.yaml": tab})
    assert lines(plain.problems) == []  # a tab is no control character to warn about


def test_shipped_pack_has_no_unprintable_text():
    from doria_forge.validate import validate_pack

    assert [p for p in validate_pack(ROOT / "content").problems if p.rule_id == "printable-text"] == []


# -- two pack manifests / rules documents: one was silently ignored --------------------------------
def test_second_pack_manifest_is_an_error(tmp_path):
    result = validate_files(tmp_path, {
        "a.yaml": "kind: pack\nid: base\nname: Base\nversion: 1.0.0\n",
        "b.yaml": "kind: pack\nid: extras\nname: Extras\nversion: 1.0.0\n",
        "r1.yaml": "kind: rules\nid: rules-a\n",
        "r2.yaml": "kind: rules\nid: rules-b\n",
    })
    assert lines(result.problems) == [
        "b.yaml:2:5 error [single-manifest] second pack manifest 'extras'; a pack has one, the first is "
        "'base' at a.yaml:2:1 (merge them or remove one)",
        "r2.yaml:2:5 error [single-manifest] second rules document 'rules-b'; a pack has one, the first is "
        "'rules-a' at r1.yaml:2:1 (merge them or remove one)",
    ]


def test_the_pack_yaml_is_the_manifest_a_second_one_elsewhere_is_the_extra(tmp_path):
    """A stray `kind: pack` in `extra.yaml` made the pack's own pack.yaml the "second pack manifest"
    (extra.yaml sorts first): the designer was told to merge or remove the one file that must stay."""
    result = validate_files(tmp_path, {
        "pack.yaml": "kind: pack\nid: base\nname: Base\nversion: 1.0.0\n",
        "extra.yaml": "kind: pack\nid: base-copy\nname: Copy\nversion: 1.0.0\n",
    })
    assert lines(result.problems) == [
        "extra.yaml:2:5 error [single-manifest] second pack manifest 'base-copy'; a pack has one, the first is "
        "'base' at pack.yaml:2:1 (merge them or remove one)",
    ]


def test_repeated_manifest_id_is_reported_once_as_duplicate_id(tmp_path):
    result = validate_files(tmp_path, {
        "a.yaml": "kind: pack\nid: base\nname: Base\nversion: 1.0.0\n",
        "b.yaml": "kind: pack\nid: base\nname: Base\nversion: 1.0.0\n",
    })
    assert [p.rule_id for p in result.problems] == ["duplicate-id"]


# -- one word longer than the text box: the whole text became "…" without a warning ---------------
def test_a_word_longer_than_the_box_is_cut_by_characters_and_logged(caplog):
    register_fonts()
    with caplog.at_level(logging.WARNING, logger="doria_forge.export.pdf.text"):
        para, fit = fit_paragraph("A" * 300, 97, 78, max_size=9)
    assert fit.truncated and fit.height <= 78
    assert "text cut to fit" in caplog.text
    shown = para.text if hasattr(para, "text") else ""
    assert shown.startswith("A" * 50) and shown.endswith(ELLIPSIS)


def test_a_text_cut_on_export_names_the_card_it_was_cut_on(tmp_path, caplog):
    """The "text cut to fit" warning of a whole export says which card lost text."""
    from doria_forge.export.pdf import export_pdfs
    from doria_forge.model import ContentPack, Equipment

    card = Equipment(id="wordy_blade", name="Wordy Blade", card_type="weapon", zone="1_hand",
                     attacks=[{"attack_type": "melee", "dice": "2D", "damage": 1, "ap": 10}],
                     text="An endless saga of the blade. " * 80)
    with caplog.at_level(logging.WARNING, logger="doria_forge.export.pdf.text"):
        export_pdfs(ContentPack.from_documents([card]), tmp_path)
    assert "equipment-wordy_blade: text cut to fit" in caplog.text


def test_a_long_zone_name_borrows_footer_room_from_an_empty_ap_slot():
    """A mini card's footer cut "Accessory" to "Accessor" while the AP third stood empty."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from doria_forge.export.pdf.card import _footer_slots
    from doria_forge.export.pdf.fonts import BOLD

    register_fonts()
    width = 100.0
    (lx, lw), (cx, cw), (rx, rw) = _footer_slots("Accessory", "2 Gold", "", 0.0, width, 6.8)
    assert lw >= stringWidth("Accessory", BOLD, 6.8) > width / 3
    assert cx >= lx + lw and cw >= stringWidth("2 Gold", BOLD, 6.8)
    # too much text for the footer: back to equal thirds, each fitted on its own
    slots = _footer_slots("Accessory" * 3, "3 Gold", "25 AP", 0.0, width, 6.8)
    assert [round(w, 3) for _, w in slots] == [round(width / 3, 3)] * 3
