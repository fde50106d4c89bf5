"""Every command finds the pack around the working folder, as `new` does (issue 23): run inside a
pack (or one of its folders) without PACK, it works on that pack instead of looking for content/."""

import json

import pytest
from typer.testing import CliRunner

from doria_forge.commands.cli import app

runner = CliRunner()


def _pack(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "pack", "frost"]).exit_code == 0
    monkeypatch.chdir(tmp_path / "frost")
    assert runner.invoke(app, ["new", "monster", "yeti"]).exit_code == 0
    return tmp_path / "frost"


def test_validate_inside_a_pack_and_in_its_subfolders_validates_that_pack(tmp_path, monkeypatch):
    pack = _pack(tmp_path, monkeypatch)
    for where in (pack, pack / "monsters"):
        monkeypatch.chdir(where)
        result = runner.invoke(app, ["validate", "--format", "json"])
        assert result.exit_code == 0, result.output
        assert "content" not in result.output.split("{", 1)[0]
    (pack / "monsters" / "yeti.yaml").write_text("kind: monster\nid: yeti\n", encoding="utf-8")
    broken = runner.invoke(app, ["validate"])
    assert broken.exit_code == 1 and "yeti.yaml" in broken.output


def test_export_and_diff_inside_a_pack_use_that_pack(tmp_path, monkeypatch):
    pack = _pack(tmp_path, monkeypatch)
    monkeypatch.chdir(pack / "monsters")
    out = tmp_path / "bundle.json"
    result = runner.invoke(app, ["export", "bundle", "--out", str(out)])
    assert result.exit_code == 0, result.output
    bundle = json.loads(out.read_text(encoding="utf-8"))
    assert bundle["manifest"]["pack_id"] == "frost"
    same = runner.invoke(app, ["diff", str(pack)])
    assert same.exit_code == 0 and same.output.strip().endswith("0 changed, 0 added, 0 removed")


def test_a_content_folder_in_the_working_folder_still_wins(tmp_path, monkeypatch):
    pack = _pack(tmp_path, monkeypatch)
    monkeypatch.chdir(pack)
    (pack / "content").mkdir()  # an empty folder named content: the argument's default names it
    result = runner.invoke(app, ["validate"])
    assert "content" in result.output


def _files(folder):
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def test_outputs_without_out_go_beside_the_pack_when_run_inside_it(tmp_path, monkeypatch):
    # Inside a pack the default build/ would lie in the pack, where nothing may be written: every
    # command that writes refused to run without --out. The outputs go where the same command run
    # from the project folder (the one holding the pack) puts them.
    pack = _pack(tmp_path, monkeypatch)
    sources = _files(pack)
    monkeypatch.chdir(pack / "monsters")
    bundle = runner.invoke(app, ["export", "bundle"])
    assert bundle.exit_code == 0, bundle.output
    written = tmp_path / "build" / "frost-0.1.0.bundle.json"
    assert bundle.output.strip() == "../../build/frost-0.1.0.bundle.json"
    assert json.loads(written.read_text(encoding="utf-8"))["manifest"]["pack_id"] == "frost"
    monkeypatch.chdir(pack)
    csv = runner.invoke(app, ["export", "csv", "--kind", "monster"])
    assert csv.exit_code == 0, csv.output
    assert (tmp_path / "build" / "csv" / "monster.csv").is_file()
    assert _files(pack) == sources  # nothing written into the pack


def test_an_explicit_out_inside_the_pack_is_still_refused(tmp_path, monkeypatch):
    pack = _pack(tmp_path, monkeypatch)
    result = runner.invoke(app, ["export", "bundle", "--out", "build/frost.json"])
    assert result.exit_code == 2
    assert "which doria-forge reads" in result.output
    assert not (pack / "build").exists()


def test_outputs_without_out_stay_in_the_working_folder_outside_a_pack(tmp_path, monkeypatch):
    pack = _pack(tmp_path, monkeypatch)
    project = tmp_path / "project"
    project.mkdir()
    monkeypatch.chdir(project)
    result = runner.invoke(app, ["export", "bundle", str(pack)])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "build/frost-0.1.0.bundle.json"
    assert (project / "build" / "frost-0.1.0.bundle.json").is_file()


def test_a_project_folder_finds_the_project_pack_and_writes_to_the_project_build(tmp_path, monkeypatch):
    # A project holds content/ (the pack), layouts/ and templates/ beside it; a designer editing a
    # layout works in layouts/, which holds no pack.yaml of its own.
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "pack", "content"]).exit_code == 0
    (tmp_path / "layouts").mkdir()
    monkeypatch.chdir(tmp_path / "layouts")
    checked = runner.invoke(app, ["validate"])
    assert checked.exit_code == 0, checked.output
    bundle = runner.invoke(app, ["export", "bundle"])
    assert bundle.exit_code == 0, bundle.output
    assert bundle.output.strip() == "../build/content-0.1.0.bundle.json"
    assert (tmp_path / "build" / "content-0.1.0.bundle.json").is_file()
    assert not (tmp_path / "layouts" / "build").exists()


@pytest.mark.parametrize("command", [["validate"], ["build"], ["watch"], ["export", "pdf"]])
def test_no_pack_and_no_project_around_is_still_a_usage_error(tmp_path, monkeypatch, command):
    """It said "pack path content does not exist": not where the pack was looked for (the working
    folder and the folders above it, as the README's PACK defaults say), nor what to do."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, command)
    assert result.exit_code == 2
    assert result.output.startswith(f"error: no pack here: no content/ in {tmp_path}, nor a pack.yaml or "
                                    "content/pack.yaml in it or a folder above it; give the pack folder (PACK)")
    assert len(result.output.strip().splitlines()) == 1 and not list(tmp_path.iterdir())
    named = runner.invoke(app, ["validate", "nosuch"])  # a pack named on the command line: as before
    assert named.exit_code == 2 and "pack path nosuch does not exist" in named.output


def test_new_at_a_project_top_and_in_its_folders_adds_to_the_project_pack(tmp_path, monkeypatch):
    # `new monster` at the top of a project (content/ beside layouts/) said "no pack here",
    # where every other command works on content/.
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "pack", "content"]).exit_code == 0
    top = runner.invoke(app, ["new", "monster", "yeti"])
    assert top.exit_code == 0, top.output
    assert (tmp_path / "content" / "monsters" / "yeti.yaml").is_file()
    (tmp_path / "layouts").mkdir()
    monkeypatch.chdir(tmp_path / "layouts")
    below = runner.invoke(app, ["new", "tile", "X-1"])
    assert below.exit_code == 0, below.output
    assert (tmp_path / "content" / "tiles" / "X-1.yaml").is_file()
    assert runner.invoke(app, ["validate"]).exit_code == 0


def test_schema_inside_a_pack_writes_nothing_into_it(tmp_path, monkeypatch):
    """`schema` writes doria-forge's own schemas/ and docs/ (a maintenance command); run inside a
    designer's pack it wrote them among the pack's sources. It refuses, and --check still reads."""
    pack = _pack(tmp_path, monkeypatch)
    before = sorted(p.name for p in pack.iterdir())
    result = runner.invoke(app, ["schema"])
    assert result.exit_code == 2 and "inside the pack" in result.output
    assert sorted(p.name for p in pack.iterdir()) == before
    elsewhere = runner.invoke(app, ["schema", "--out", str(tmp_path / "schemas"),
                                    "--reference", str(tmp_path / "docs" / "fields.md")])
    assert elsewhere.exit_code == 0, elsewhere.output
    assert (tmp_path / "schemas").is_dir() and (tmp_path / "docs" / "fields.md").is_file()


def test_schema_check_inside_a_pack_names_the_check_of_the_packs_own_schema(tmp_path, monkeypatch):
    """`schema --check` inside a pack compared the schemas/ folder it has not, exit 1, and said
    to run `doria-forge schema`, which refuses to write there: the designer meant the pack's
    editor schema. It is a usage error naming the command that checks that one, which passes."""
    _pack(tmp_path, monkeypatch)
    result = runner.invoke(app, ["schema", "--check"])
    assert result.exit_code == 2, result.output
    command = " ".join(result.output.split()).split("`doria-forge ", 1)[1].split("`", 1)[0]
    offered = runner.invoke(app, command.split())
    assert offered.exit_code == 0 and "up to date" in offered.output, offered.output


def test_schema_refuses_a_reference_folder_naming_reference_and_writes_nothing(tmp_path):
    (tmp_path / "docs").mkdir()
    result = runner.invoke(app, ["schema", "--out", str(tmp_path / "schemas"), "--reference", str(tmp_path / "docs")])
    assert result.exit_code == 2
    assert "give --reference a file name" in result.output
    assert not (tmp_path / "schemas").exists()


def test_a_file_of_a_pack_validated_alone_says_its_references_were_not_looked_up_in_its_pack(tmp_path,
                                                                                             monkeypatch):
    """`validate scenarios/x.yaml` in a pack said "no room tile with id 'A-1' in the pack" of the
    base pack's tiles, as if the ids were wrong: the file is validated alone, without its pack or
    the packs that requires. The dangling references now say so and name the command that checks
    the file in its pack, which passes."""
    _pack(tmp_path, monkeypatch)
    assert runner.invoke(app, ["new", "scenario", "thaw"]).exit_code == 0
    alone = runner.invoke(app, ["validate", "scenarios/thaw.yaml"])
    assert alone.exit_code == 1
    said = [line for line in alone.output.splitlines() if "[dangling-reference]" in line]
    assert said and all("the file was validated alone" in line for line in said)
    command = said[0].split("`doria-forge ", 1)[1].split("`", 1)[0]
    assert runner.invoke(app, command.split()).exit_code == 0
    assert "validated alone" not in runner.invoke(app, ["validate", "monsters/yeti.yaml"]).output
