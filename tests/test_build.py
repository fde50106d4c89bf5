"""`doria-forge build`: validate, simulate, export; nothing exported from a broken pack;
the same content gives byte-identical outputs."""

import shutil
from pathlib import Path

from typer.testing import CliRunner

from doria_forge.cli import app

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()


def _build(pack: Path, out: Path):
    return runner.invoke(app, ["build", str(pack), "--out", str(out), "--runs", "1", "--scenario-runs", "1", "--jobs", "1",
                               "--no-progress"])


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_build_prints_summary_table_and_paths_and_is_byte_identical(tmp_path):
    first = _build(ROOT / "content", tmp_path / "one")
    assert first.exit_code == 0, first.output
    assert "0 errors" in first.output
    assert "hero / monster" in first.output
    assert "monster_level.pdf" in first.output and "bundle.json" in first.output
    second = _build(ROOT / "content", tmp_path / "two")
    assert second.exit_code == 0
    one, two = _files(tmp_path / "one"), _files(tmp_path / "two")
    assert set(one) >= {"simulation.json", "doria-base-0.1.0.bundle.json", "pdf/monster_level.pdf", "pdf/room_tiles.pdf",
                        "scenarios.json", "scenarios.html"}
    assert "scenario reports:" in first.output
    assert one == two
    assert not [name for name in one if name.endswith(".tmp")]


def test_build_refuses_to_export_a_pack_with_errors(tmp_path):
    pack = tmp_path / "content"
    shutil.copytree(ROOT / "content", pack)
    orc = pack / "monsters" / "orc.yaml"
    orc.write_text(orc.read_text(encoding="utf-8").replace("priority: A", "priority: Z"), encoding="utf-8")
    before = _files(pack)
    result = _build(pack, tmp_path / "out")
    assert result.exit_code == 1
    assert "monsters/orc.yaml:" in result.output
    assert not (tmp_path / "out").exists()
    assert _files(pack) == before  # the user's sources are untouched
