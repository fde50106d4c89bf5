"""Layout files through the content loader (file:line:column), overlays, per-deck card sizes, print
profiles by name, degenerate card sizes: as a user meets them on the command line."""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.export.layouts import (
    LayoutError,
    LayoutFile,
    check_layout_file,
    check_layout_text,
    load_layout,
    make_overrides,
    named_layout,
)
from doria_forge.export.pdf.export import DEFAULT_LAYOUT_FILE

ROOT = Path(__file__).resolve().parents[1]
LAYOUTS = DEFAULT_LAYOUT_FILE.parent
runner = CliRunner()


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """A designer's project: a small pack (two monster files of the base pack) with layouts/ beside it."""
    (tmp_path / "content").mkdir()
    shutil.copy(ROOT / "content" / "pack.yaml", tmp_path / "content")
    shutil.copytree(ROOT / "content" / "monsters", tmp_path / "content" / "monsters",
                    ignore=lambda folder, names: [n for n in names if n not in ("orc.yaml", "goblin.yaml")])
    (tmp_path / "layouts").mkdir()
    return tmp_path


def test_a_typo_in_a_layout_key_is_reported_at_its_line_and_column():
    text = "defaults:\n  paper: a4\n  bleed_mn: 3\ndecks:\n  lot: {card_size: poker}\n"
    layout, problems = check_layout_text(text, "layouts/default.yaml")
    assert layout is None
    found = {(p.line, p.column): p.message for p in problems}
    assert "did you mean 'bleed_mm'" in found[(3, 3)]
    deck = [message for (line, _), message in found.items() if line == 5]
    assert deck and "'loot'" in deck[0] and "got 'lot'" in deck[0]  # the deck name typo, with the valid names


def test_a_non_utf8_layout_is_one_located_problem_not_a_traceback(tmp_path: Path):
    path = tmp_path / "bad.yaml"
    path.write_bytes(b"defaults:\n  paper: a4\n  \xff: 1\n")
    with pytest.raises(LayoutError) as info:
        load_layout(path)
    assert str(info.value).startswith(f"{path}:3:3: file is not UTF-8")
    assert "\n" not in str(info.value)


def test_validate_reports_a_project_layout_typo_with_exit_1(project: Path):
    (project / "layouts" / "default.yaml").write_text("defaults:\n  crop_marks: true\n  gap: 2\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(project / "content")])
    assert result.exit_code == 1, result.output
    assert "layouts/default.yaml:3:3: error [layout] unknown field 'gap'" in result.output
    assert "did you mean 'gap_mm'" in result.output
    exported = runner.invoke(app, ["export", "pdf", str(project / "content"), "--out", str(project / "out")])
    assert exported.exit_code == 1 and not (project / "out").exists()


@pytest.mark.parametrize("command", [["export", "pdf"], ["export", "png"], ["export", "tts"]])
def test_a_layout_file_with_two_mistakes_prints_each_on_its_own_line(project: Path, command: list[str]):
    # Printed as one escaped line, the problems ran together joined by a literal \x0a.
    bad = project / "bad.yaml"
    bad.write_text("defaults:\n  bleed_mm: -3\n  papr: a4\n", encoding="utf-8")
    result = runner.invoke(app, [*command, str(project / "content"), "--layout", str(bad),
                                 "--out", str(project / "out")])
    assert result.exit_code == 1, result.output
    assert "\\x0a" not in result.output and "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert [line.split(": ", 2)[1] for line in errors] == [f"{bad}:2:13", f"{bad}:3:3"]  # in the file's order
    assert "did you mean 'paper'" in errors[1]
    assert not (project / "out").exists()


def test_a_layout_found_clean_and_then_broken_is_reported(project: Path):
    # clean_cache remembers clean layout files by content: the edit must be seen at once, and a
    # file with problems must keep being reported on every run.
    layout = project / "layouts" / "default.yaml"
    layout.write_text("defaults:\n  crop_marks: true\n", encoding="utf-8")
    for _ in range(2):
        result = runner.invoke(app, ["validate", str(project / "content")])
        assert result.exit_code == 0, result.output
    layout.write_text("defaults:\n  crop_marks: true\n  gap: 2\n", encoding="utf-8")
    for _ in range(2):
        result = runner.invoke(app, ["validate", str(project / "content")])
        assert result.exit_code == 1, result.output
        assert "layouts/default.yaml:3:3: error [layout] unknown field 'gap'" in result.output
    layout.write_text("defaults:\n  crop_marks: true\n", encoding="utf-8")
    assert runner.invoke(app, ["validate", str(project / "content")]).exit_code == 0


def test_layout_overlays_the_project_layout_key_by_key():
    base = load_layout(DEFAULT_LAYOUT_FILE)
    top = LayoutFile.model_validate({"defaults": {"bleed_mm": 0}, "decks": {"loot": {"gap_mm": 2}}})
    merged = base.overlay(top)
    loot = merged.for_deck("loot")
    assert (loot.card_size, loot.bleed_mm, loot.gap_mm) == ("mini_american", 0, 2)  # size kept from the project
    assert merged.for_deck("hero").card_size == "poker"


def test_card_size_for_every_deck_keeps_boss_cards_readable_and_can_be_set_per_deck():
    layout = load_layout(DEFAULT_LAYOUT_FILE)
    everyone = make_overrides(card_size=["mini_euro"])
    assert layout.for_deck("loot", everyone).card_size == "mini_euro"
    assert layout.for_deck("boss", everyone).card_size == "poker"  # keep_card_size
    per_deck = make_overrides(card_size=["mini_euro", "boss=mini_american", "hero=70x120"])
    assert layout.for_deck("boss", per_deck).card_size == "mini_american"
    assert layout.for_deck("hero", per_deck).card_mm == (70.0, 120.0)
    with pytest.raises(ValueError, match="unknown deck 'bos'.*'boss'"):
        make_overrides(card_size=["bos=poker"])


@pytest.mark.parametrize("size", ["0.001x0.001", "5x5", "1000x90"])
def test_degenerate_card_sizes_are_a_one_line_usage_error(size: str, tmp_path: Path):
    result = runner.invoke(app, ["export", "pdf", str(ROOT / "content"), "--card-size", size,
                                 "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert "out of range" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("sizes", [["loot=mini_pod", "loot=poker"], ["poker", "mini_euro"]])
def test_two_sizes_for_one_deck_are_a_usage_error_naming_both(sizes: list[str], tmp_path: Path):
    """`--card-size loot=mini_pod --card-size loot=poker` printed the loot deck at poker size, the
    first size dropped without a word (and so for two sizes of every deck)."""
    args = [a for size in sizes for a in ("--card-size", size)]
    result = runner.invoke(app, ["export", "pdf", str(ROOT / "content"), *args, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert all(repr(size) in result.output for size in sizes)
    assert not (tmp_path / "out").exists()


def test_profiles_and_presets_are_found_by_name_or_alias():
    assert named_layout("The-Game_Crafter", [LAYOUTS]).name == "thegamecrafter.yaml"
    assert named_layout("tgc", [LAYOUTS]).name == "thegamecrafter.yaml"
    assert named_layout("print-and-play", [LAYOUTS]).name == "print-and-play.yaml"
    with pytest.raises(ValueError, match="known: .*drivethrucards"):
        named_layout("kinkos", [LAYOUTS])


@pytest.mark.parametrize("name", ["thegamecrafter", "drivethrucards", "makeplayingcards", "home-a4", "home-letter",
                                  "print-and-play", "gutter-fold", "default"])
def test_every_shipped_layout_file_is_valid(name: str):
    layout = load_layout(LAYOUTS / f"{name}.yaml")
    for deck in ("loot", "hero", "boss"):
        layout.for_deck(deck)
    assert (layout.profile is not None) == (name not in ("print-and-play", "gutter-fold", "default"))


def test_shop_profiles_carry_the_published_figures():
    tgc = load_layout(LAYOUTS / "thegamecrafter.yaml").for_deck("hero")
    assert (tgc.bleed_mm, tgc.safe_mm, tgc.dpi, tgc.colour, tgc.one_per_page) == (3.175, 3.175, 300, "rgb", True)
    dtc_file = load_layout(LAYOUTS / "drivethrucards.yaml")
    dtc = dtc_file.for_deck("hero")
    assert (dtc.colour, dtc.ink_limit_percent, dtc.page_order, dtc.bleed_mm) == ("cmyk", 240, "back_front", 3.175)
    assert dtc_file.profile is not None and dtc_file.profile.container == "pdf"
    mpc = load_layout(LAYOUTS / "makeplayingcards.yaml").for_deck("hero")
    assert round((63.5 + 2 * mpc.bleed_mm) / 25.4 * 300) == 822  # 822 x 1122 px at 300 dpi


def test_validate_without_the_cache_checks_everything_and_writes_nothing(project: Path, monkeypatch,
                                                                          tmp_path_factory):
    # --no-cache (simulate, build) must neither read nor write the cache folder: not the layout
    # files found clean (doria_forge.infra.clean_cache), not the card text measurements.
    from doria_forge.commands import pipeline

    folder = tmp_path_factory.mktemp("cache") / "doria-forge"
    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(folder))
    (project / "layouts" / "default.yaml").write_text("defaults:\n  crop_marks: false\n", encoding="utf-8")
    result = pipeline.validate(project / "content", text_fit=True, cache=False)
    assert result.pack is not None and not folder.exists()
    pipeline.validate(project / "content", text_fit=True)
    assert {p.name for p in folder.iterdir()} == {"clean-layout", "text-fit"}


def test_validate_command_takes_no_cache_too(project: Path, monkeypatch, tmp_path_factory):
    # The README promises --no-cache for everything that uses the cache folder, validate included.
    folder = tmp_path_factory.mktemp("cache") / "doria-forge"
    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(folder))
    result = runner.invoke(app, ["validate", str(project / "content"), "--no-cache"])
    assert result.exit_code == 0, result.output
    assert not folder.exists()
    assert runner.invoke(app, ["validate", str(project / "content")]).exit_code == 0
    assert "text-fit" in {p.name for p in folder.iterdir()}


FOLDED_WITH_AN_OFFSET = {
    # what the file says, and where (line, column) its duplex_offset_mm is
    "every deck": ("defaults:\n  sheet: gutter_fold\n  duplex_offset_mm: [1, 0]\n", (3, 3), "gutter_fold)"),
    "one deck": ("defaults:\n  bleed_mm: 0\ndecks:\n  hero:\n    sheet: gutter_fold\n"
                 "    duplex_offset_mm: [1.5, -2]\n", (6, 5), "gutter_fold for hero)"),
    "every deck's offset, one deck folded": ("defaults:\n  duplex_offset_mm: [1, 0]\ndecks:\n  loot:\n"
                                             "    sheet: gutter_fold\n", (2, 3), "gutter_fold for loot)"),
}


@pytest.mark.parametrize(("text", "where", "which"), FOLDED_WITH_AN_OFFSET.values(), ids=FOLDED_WITH_AN_OFFSET.keys())
def test_a_layout_file_giving_a_gutter_fold_a_duplex_offset_is_reported_at_the_offset(
        project: Path, text: str, where: tuple[int, int], which: str):
    """A gutter fold prints its backs beside their fronts on one side of the paper: the file's offset
    has nothing to move and was ignored without a word, as --duplex-offset was (refused since)."""
    (project / "layouts" / "default.yaml").write_text(text, encoding="utf-8")
    at = f"layouts/default.yaml:{where[0]}:{where[1]}"
    result = runner.invoke(app, ["validate", str(project / "content")])
    assert result.exit_code == 1, result.output
    assert f"{at}: error [layout] duplex_offset_mm does not go with a gutter fold (sheet: {which}" in result.output
    preflight = runner.invoke(app, ["preflight", str(project / "content"), "--profile", "home-a4"])
    assert preflight.exit_code == 1 and at in preflight.output, preflight.output
    exported = runner.invoke(app, ["export", "pdf", str(project / "content"), "--out", str(project / "out")])
    assert exported.exit_code == 1, exported.output
    assert f"{at}: error [layout] duplex_offset_mm does not go with a gutter fold" in exported.output
    assert "Traceback" not in exported.output and not (project / "out").exists()


def test_a_layout_given_on_the_command_line_with_a_folded_offset_fails_the_export(project: Path):
    layout = project / "mine.yaml"
    layout.write_text("decks:\n  monster_level:\n    duplex_offset_mm: [0.5, 0]\n    sheet: gutter_fold\n",
                      encoding="utf-8")
    result = runner.invoke(app, ["export", "pdf", str(project / "content"), "--layout", str(layout),
                                 "--out", str(project / "out")])
    assert result.exit_code == 1, result.output
    assert f"{layout}:3:5: duplex_offset_mm does not go with a gutter fold" in " ".join(result.output.split())
    assert not (project / "out").exists()


LEFT_OUT_BY_A_FOLD = {
    # the project's layout, the command line's fold, where the offset is, and the folded decks named
    "a project offset under --layout gutter-fold": (
        "defaults:\n  paper: a4\n  duplex_offset_mm: [0.5, -1]\n", ["--layout", "gutter-fold"], (3, 3),
        "(--layout gutter-fold, sheet: gutter_fold)"),
    "one deck's offset under --profile gutter-fold": (
        "decks:\n  monster:\n    duplex_offset_mm: [1, 0]\n", ["--profile", "gutter-fold"], (3, 5),
        "(--profile gutter-fold, sheet: gutter_fold for monster)"),
}


@pytest.mark.parametrize(("text", "options", "where", "fold"), LEFT_OUT_BY_A_FOLD.values(),
                         ids=LEFT_OUT_BY_A_FOLD.keys())
def test_a_project_offset_that_a_gutter_fold_leaves_out_is_a_warning_at_the_offset(
        project: Path, caplog, text: str, options: list[str], where: tuple[int, int], fold: str):
    """The project's offset, measured for its duplex prints, was dropped without a word under a fold
    chosen on the command line; refusing it would stop every gutter-fold print of the pack."""
    (project / "layouts" / "default.yaml").write_text(text, encoding="utf-8")
    at = f"layouts/default.yaml:{where[0]}:{where[1]}"
    warning = f"duplex_offset_mm does not apply to a gutter fold {fold}: its backs print on the same side"
    with caplog.at_level(logging.WARNING):
        exported = runner.invoke(app, ["export", "pdf", str(project / "content"), *options,
                                       "--out", str(project / "out")])
    assert exported.exit_code == 0, exported.output
    assert (project / "out" / "monster.pdf").is_file()
    said = [r.getMessage() for r in caplog.records if "duplex_offset_mm" in r.getMessage()]
    assert len(said) == 1 and f"{at}: {warning}" in said[0], said
    profile = [] if "--profile" in options else ["--profile", "home-a4"]
    checked = runner.invoke(app, ["preflight", str(project / "content"), *profile, *options])
    assert checked.exit_code == 0, checked.output
    assert f"{at}: warning [layout] {warning}" in checked.output
    assert runner.invoke(app, ["validate", str(project / "content")]).exit_code == 0  # no fold: nothing to say


def test_a_project_offset_is_no_warning_where_it_applies(project: Path, caplog):
    (project / "layouts" / "default.yaml").write_text("defaults:\n  duplex_offset_mm: [0.5, -1]\n", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        exported = runner.invoke(app, ["export", "pdf", str(project / "content"), "--one-per-page",
                                       "--out", str(project / "out")])
    assert exported.exit_code == 0, exported.output
    assert "duplex_offset_mm" not in caplog.text


OFFSETS_THAT_APPLY = {
    "a grid": "defaults:\n  duplex_offset_mm: [1, 0]\n",
    "one card per page": "defaults:\n  sheet: gutter_fold\n  one_per_page: true\n  duplex_offset_mm: [1, 0]\n",
    "a folded deck keeping its zero offset": "defaults:\n  duplex_offset_mm: [1, 0]\ndecks:\n  hero:\n"
                                              "    sheet: gutter_fold\n    duplex_offset_mm: [0, 0]\n",
}


@pytest.mark.parametrize("text", OFFSETS_THAT_APPLY.values(), ids=OFFSETS_THAT_APPLY.keys())
def test_a_duplex_offset_the_layout_applies_is_no_problem(project: Path, text: str):
    (project / "layouts" / "default.yaml").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["validate", str(project / "content")])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("text, where, decks", [
    ("decks:\n  loot:\n    card_size: 300x300\n", "3:16", "loot"),
    ("defaults:\n  bleed_mm: 3\n  card_size: 250x250\n", "3:14", "loot, monster, monster_level, boss, hero, "
     "standard_items, campaign_items, door_events"),
    ("defaults:\n  room_tile_square_mm: 60\n", "2:24", "room_tiles"),
])
def test_a_project_layout_whose_card_the_paper_cannot_hold_is_an_error_at_its_key(project: Path, text: str,
                                                                                   where: str, decks: str):
    """validate passed a layouts/default.yaml giving a deck a card the paper cannot hold, and export
    pdf and build then stopped on it with 'does not fit on a4 paper' and no file:line:column."""
    (project / "layouts" / "default.yaml").write_text(text, encoding="utf-8")
    for _ in range(2):  # and not remembered as clean
        result = runner.invoke(app, ["validate", str(project / "content")])
        assert result.exit_code == 1, result.output
        assert f"layouts/default.yaml:{where}: error [layout] {decks}: card size" in result.output
        assert "does not fit on a4 paper" in result.output
    exported = runner.invoke(app, ["export", "pdf", str(project / "content"), "--out", str(project / "out")])
    assert exported.exit_code == 1 and f"layouts/default.yaml:{where}: error [layout]" in exported.output
    assert not (project / "out").exists()


def test_a_project_layout_named_default_yml_is_the_one_exports_print_with(project: Path):
    """layouts/default.yml was checked by validate as any layout file, while every export printed
    with doria-forge's own layout without a word (only default.yaml was looked for)."""
    (project / "layouts" / "default.yml").write_text("defaults:\n  room_tile_square_mm: 60\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(project / "content")])
    assert result.exit_code == 1 and "layouts/default.yml:2:24: error [layout] room_tiles: card size" in result.output
    exported = runner.invoke(app, ["export", "pdf", str(project / "content"), "--out", str(project / "out")])
    assert exported.exit_code == 1 and "does not fit on a4 paper" in exported.output
    assert not (project / "out").exists()


def test_two_project_layouts_answering_to_one_name_are_an_error_naming_both(project: Path):
    """Two profiles with the alias `shop` (or an alias that is another file's name) validated clean,
    and `--profile shop` printed with whichever came first, without a word."""
    layouts = project / "layouts"
    (layouts / "a.yaml").write_text("profile: {name: Shop A, aliases: [shop]}\n", encoding="utf-8")
    (layouts / "b.yaml").write_text("profile: {name: The Shop, aliases: [Shop]}\n", encoding="utf-8")
    (layouts / "shop-a.yaml").write_text("defaults: {bleed_mm: 2}\n", encoding="utf-8")
    (layouts / "the_shop.yaml").write_text("profile: {name: The Shop}\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(project / "content")])
    assert result.exit_code == 1
    a = f"{layouts / 'a.yaml'}"
    found = [line.split("layouts/", 1)[1] for line in result.output.splitlines() if "[layout]" in line]
    assert found == [
        f"b.yaml:1:37: error [layout] 'Shop' is also a name of {a}:1:35 ('shop'): --profile Shop picks one of "
        "them without a word; give each layout file its own names",
        f"shop-a.yaml:1:1: error [layout] 'shop-a' is also a name of {a}:1:17 ('Shop A'): --profile shop-a picks "
        "one of them without a word; give each layout file its own names",
        f"the_shop.yaml:1:1: error [layout] 'the_shop' is also a name of {layouts / 'b.yaml'}:1:17 ('The Shop'): "
        "--profile the_shop picks one of them without a word; give each layout file its own names"]
    (layouts / "b.yaml").unlink(), (layouts / "shop-a.yaml").unlink(), (layouts / "the_shop.yaml").unlink()
    assert runner.invoke(app, ["validate", str(project / "content")]).exit_code == 0


def test_a_project_layout_printing_one_card_per_page_fits_any_card(project: Path):
    (project / "layouts" / "default.yaml").write_text("defaults:\n  one_per_page: true\n  card_size: 250x250\n",
                                                       encoding="utf-8")
    result = runner.invoke(app, ["validate", str(project / "content")])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(("text", "where", "field"), [
    ("defaults:\n  duplex_offset_mm: [.nan, 0]\n", "2:22", "defaults.duplex_offset_mm[0]"),
    ("decks:\n  loot:\n    bleed_mm: .nan\n", "3:15", "decks.loot.bleed_mm"),
    ("defaults:\n  margin_mm: -.inf\n", "2:14", "defaults.margin_mm"),
])
def test_a_layout_number_that_is_no_number_is_an_error_at_it(project: Path, text: str, where: str, field: str):
    """`.nan` and `.inf` are YAML numbers: a duplex offset of .nan validated and the PDFs drew every
    back at `-nan` (an operand no PDF reader takes), and a bleed of .nan was told "less than or
    equal to 20 (got nan)"."""
    (project / "layouts" / "default.yaml").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["validate", str(project / "content")])
    assert result.exit_code == 1
    assert f"layouts/default.yaml:{where}: error [layout] {field}: Input should be a finite number" in result.output
    exported = runner.invoke(app, ["export", "pdf", str(project / "content"), "--out", str(project / "out")])
    assert exported.exit_code == 1 and not (project / "out").exists()


@pytest.mark.parametrize(("text", "where", "message"), [
    ('defaults:\n  bleed_mm: "3"\n', "2:13", "defaults.bleed_mm: Input should be a valid number (got '3')"),
    ("defaults:\n  crop_marks: 1\n", "2:15", "defaults.crop_marks: Input should be a valid boolean (got 1)"),
    ("decks:\n  loot: {dpi: 300.0}\n", "2:15", "decks.loot.dpi: Input should be a valid integer (got 300.0)"),
    ('defaults:\n  duplex_offset_mm: ["1", 0]\n', "2:22",
     "defaults.duplex_offset_mm[0]: Input should be a valid number (got '1')"),
    ("profile: {name: Shop, needs_backs: 1}\n", "1:36", "profile.needs_backs: Input should be a valid boolean"),
])
def test_a_layout_number_or_switch_written_as_something_else_is_an_error_at_it(project: Path, text: str,
                                                                              where: str, message: str):
    """Content documents take numbers and switches only as written (`damage: true` is an error);
    a layout file took `bleed_mm: "3"` as 3 and `crop_marks: 1` as true, without a word."""
    (project / "layouts" / "default.yaml").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["validate", str(project / "content")])
    assert result.exit_code == 1
    assert f"layouts/default.yaml:{where}: error [layout] {message}" in result.output


@pytest.mark.parametrize(("value", "hint"), [
    ('bleed_mm: "3"', "in quotes it is text: write the number without quotes"),
    ('rotation: "90"', "in quotes it is text: write the number without quotes"),
    ('crop_marks: "true"', "in quotes it is text: write true or false without quotes"),
    ("crop_marks: yes", "write true or false (YAML reads yes, no, on and off as text)"),
])
def test_a_quoted_number_or_a_yes_says_how_to_write_it(value: str, hint: str):
    """`rotation: "90"` was told "did you mean '90'?" (what was written), `bleed_mm: "3"` and
    `crop_marks: yes` only that they are no number and no boolean."""
    layout, problems = check_layout_text(f"defaults:\n  {value}\n", "layouts/default.yaml")
    assert layout is None and len(problems) == 1
    assert problems[0].message.endswith(f"; {hint}") and "did you mean" not in problems[0].message


def test_a_very_long_layout_text_is_refused_in_a_short_message():
    """A 5000-character card_size was refused in a message quoting all of it; a profile's notes
    took any length (a content document's texts stop at 20000 characters)."""
    text = f"defaults:\n  card_size: {'x' * 5000}\nprofile: {{name: Shop, notes: {'z' * 20_001}}}\n"
    layout, problems = check_layout_text(text, "layouts/default.yaml")
    assert layout is None
    assert sorted((p.line, p.message.split(" (got")[0]) for p in problems) == [
        (2, "defaults.card_size: String should have at most 40 characters"),
        (3, "profile.notes: String should have at most 20000 characters")]
    assert all(len(p.message) < 200 for p in problems)


@pytest.mark.parametrize(("key", "got"), [("", "an empty key"), ("true", "true"), ("1.5", "1.5")])
def test_a_deck_name_that_is_no_text_is_an_error_at_it(key: str, got: str):
    """`decks:` with an empty deck name was told at the line of `decks:` to "write one after the
    colon" (the value was there), and `true:` was "decks[1]", also at `decks:`."""
    layout, problems = check_layout_text(f"defaults:\n  paper: a4\ndecks:\n  {key}: {{bleed_mm: 1}}\n",
                                         "layouts/default.yaml")
    assert layout is None
    assert [(p.line, p.column) for p in problems] == [(4, 3)]
    assert problems[0].message.startswith("decks: Input should be 'loot', 'monster'")
    assert problems[0].message.endswith(f"(got {got})")


@pytest.mark.parametrize("make", ["fifo", "folder", "loop"])
def test_a_project_layout_that_is_no_file_is_an_error_not_left_out(project: Path, make: str):
    """layouts/default.yaml as a FIFO, a folder or a loop of links was left out without a word:
    validate passed and export pdf printed with doria-forge's own layout instead of the project's."""
    layout = project / "layouts" / "default.yaml"
    if make == "fifo":
        os.mkfifo(layout)
    elif make == "folder":
        layout.mkdir()
    else:
        layout.symlink_to("default.yaml")
    (project / "layouts" / ".#default.yaml").symlink_to("user@host.1234")  # an editor's lock: not a layout
    result = runner.invoke(app, ["validate", str(project / "content")])
    assert result.exit_code == 1, result.output
    assert f"{layout}:1:1: error [" in result.output and "cannot read layout file: " in result.output
    assert ".#default.yaml" not in result.output
    exported = runner.invoke(app, ["export", "pdf", str(project / "content"), "--out", str(project / "out")])
    assert exported.exit_code == 1 and not (project / "out").exists()


def test_a_project_layout_linking_out_of_its_folder_is_not_read(project: Path, tmp_path: Path):
    """layouts/default.yaml (or any project layout) linking to a file outside the layouts folder was
    read and quoted (`unknown field 'token'`): a pull request could have validate print a file of
    the CI machine. It is refused as a pack file linking out of the pack is; a file named with
    --layout FILE is still read where it is."""
    secret = tmp_path / "secret.yaml"
    secret.write_text("token: hunter2\n", encoding="utf-8")
    layout = project / "layouts" / "default.yaml"
    layout.unlink(missing_ok=True)
    layout.symlink_to(secret)
    result = runner.invoke(app, ["validate", str(project / "content")])
    assert result.exit_code == 1, result.output
    assert f"{layout}:1:1: error [outside-pack] cannot read layout file: lies outside its layouts folder" \
        in result.output
    assert "token" not in result.output and "hunter2" not in result.output
    exported = runner.invoke(app, ["export", "pdf", str(project / "content"), "--out", str(project / "out")])
    assert exported.exit_code == 1 and "token" not in exported.output and not (project / "out").exists()
    _, problems = check_layout_file(secret)  # as --layout FILE reads it
    assert [p.rule_id for p in problems] == ["layout"] and "token" in problems[0].message


@pytest.mark.parametrize("make", ["folder", "fifo"])
def test_a_layout_option_naming_a_folder_or_fifo_says_what_it_is(project: Path, make: str):
    """`--layout styles/` (a folder) or a FIFO was "layout file not found", though it is there."""
    given = project / "mine.yaml"
    if make == "folder":
        given.mkdir()
    else:
        os.mkfifo(given)
    result = runner.invoke(app, ["export", "pdf", str(project / "content"), "--layout", str(given),
                                 "--out", str(project / "out")])
    assert result.exit_code == 2
    what = "a folder" if make == "folder" else "a FIFO (named pipe)"
    assert f"layout file {given} is {what}, not a file" in result.output
    assert not (project / "out").exists()


@pytest.mark.parametrize("damaged", [{"monster": 1}, [["monster", "orc", ["name"], "cut", [], ["en"]]], ["x"]])
def test_a_text_fit_entry_in_another_shape_is_measured_again(project: Path, monkeypatch, tmp_path_factory, damaged):
    """A damaged or foreign text-fit entry of valid JSON stopped validate with a traceback
    (KeyError), or was reported as a warning about a text that does fit."""
    import json

    from doria_forge.commands import pipeline

    folder = tmp_path_factory.mktemp("cache") / "doria-forge"
    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(folder))
    fresh = pipeline.validate(project / "content", text_fit=True).problems
    entries = list((folder / "text-fit").glob("*.json"))
    assert entries
    for entry in entries:
        entry.write_text(json.dumps(damaged), encoding="utf-8")
    assert pipeline.validate(project / "content", text_fit=True).problems == fresh


def test_a_layout_file_name_that_is_not_utf8_is_no_traceback(project: Path):
    """layouts/\\xff.yaml ended validate and export in a UnicodeEncodeError traceback: the name went
    into the key of the clean-layout cache."""
    with open(os.path.join(os.fsencode(project / "layouts"), b"\xff.yaml"), "wb") as fh:
        fh.write(b"defaults: {bleed_mm: 2}\n")
    result = runner.invoke(app, ["validate", str(project / "content")])
    assert result.exit_code == 0, result.output
