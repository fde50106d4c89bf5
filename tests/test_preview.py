"""render_preview: one card or Room Tile to PNG at true proportions."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from test_pdf_support import small_pack

from doria_forge.export.pdf import ExportError, UnknownItemError
from doria_forge.export.preview import render_preview


@pytest.fixture(scope="module")
def pack():
    return small_pack(tiles=1)


@pytest.mark.parametrize(("item_id", "size_mm"), [
    ("goblin-3", (63.5, 88.9)),          # Monster Level Card: poker
    ("flammenklinge", (41.0, 63.0)),     # Loot Card: mini American
    ("equipment:plate_arms", (41.0, 63.0)),
    ("A-1", (127.0, 127.0)),             # Room Tile: 5 x 1 inch
])
def test_preview_is_the_trimmed_card_at_the_requested_dpi(pack, tmp_path: Path, item_id, size_mm):
    out = render_preview(pack, item_id, tmp_path / "card.png", dpi=100)
    with Image.open(out) as image:
        w, h = image.size
        assert abs(w - size_mm[0] / 25.4 * 100) <= 1 and abs(h - size_mm[1] / 25.4 * 100) <= 1
        # not blank: the face is drawn
        lo, hi = image.convert("L").getextrema()
        assert hi - lo > 100


def test_unknown_id_suggests_close_ids(pack, tmp_path: Path):
    with pytest.raises(UnknownItemError, match="no card or Room Tile with id 'gobln-3'.*goblin-3"):
        render_preview(pack, "gobln-3", tmp_path / "x.png")
    assert not (tmp_path / "x.png").exists()


def test_a_scenario_or_campaign_id_says_where_it_prints(tmp_path: Path):
    """`preview goblin_warren` answered "did you mean goblin?": a scenario's id is no misspelt card
    id, it names a page that export pdf prints."""
    from typer.testing import CliRunner

    from doria_forge.commands.cli import app

    content = Path(__file__).resolve().parents[1] / "content"
    for doc_id, kind, sheet in (("goblin_warren", "scenario", "scenarios.pdf"),
                                ("greywater_smugglers", "campaign", "campaign_sheets.pdf")):
        result = CliRunner().invoke(app, ["preview", doc_id, str(content), "--out", str(tmp_path / "x.png")])
        assert result.exit_code == 2, result.output
        assert f"{doc_id!r} is a {kind}, printed as a page of {sheet} by export pdf" in result.output
        assert "did you mean" not in result.output and not (tmp_path / "x.png").exists()


def test_bad_dpi_is_an_export_error(pack, tmp_path: Path):
    with pytest.raises(ExportError, match="dpi"):
        render_preview(pack, "goblin-1", tmp_path / "x.png", dpi=5)


def test_preview_into_build_preview_deletes_the_previews_of_cards_gone_from_the_pack(tmp_path, monkeypatch):
    """`preview ID --out build/preview/ID.png` left the pictures of cards deleted since in the
    folder; a preview written elsewhere keeps no manifest (the folder is the designer's)."""
    from typer.testing import CliRunner
    from validate_helpers import monster_with_levels, write_pack

    from doria_forge.commands.cli import app

    runner = CliRunner()
    pack = write_pack(tmp_path / "content", {"monsters/orc.yaml": monster_with_levels("orc"),
                                             "monsters/goblin.yaml": monster_with_levels("goblin")})
    monkeypatch.chdir(tmp_path)
    folder = Path("build/preview")
    assert runner.invoke(app, ["preview", "goblin-2", "--out", "build/preview/goblin-2.png"]).exit_code == 0
    (pack / "monsters" / "goblin.yaml").unlink()
    result = runner.invoke(app, ["preview", "orc-2", "--out", "build/preview/orc-2.png"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in folder.iterdir()) == ["orc-2.png", "previews.json"]
    assert runner.invoke(app, ["preview", "orc-1", "--out", "mine/orc-1.png"]).exit_code == 0
    assert sorted(p.name for p in Path("mine").iterdir()) == ["orc-1.png"]
