"""`doria-forge watch`: validation again after every save, previews drawn again."""

import json
import threading
import time
from pathlib import Path

import pytest
import watchfiles
from typer.testing import CliRunner
from validate_helpers import monster_with_levels, write_pack

from doria_forge.commands import watch
from doria_forge.commands.cli import app
from doria_forge.commands.watch import folders_to_watch, relevant, run


def _pack(root: Path) -> Path:
    return write_pack(root, {"monsters/orc.yaml": monster_with_levels("orc")})


def _seen_while(roots: list[Path], target: Path, write, flat: tuple[Path, ...] = ()) -> list[str]:
    """The paths ``watch_changes`` reports for ``roots`` (and the ``flat`` folders) while
    ``write(stop)`` saves in a thread, until ``target`` is among them or 20 s have passed (a missed
    save fails instead of hanging)."""
    stop = threading.Event()
    seen: list[str] = []
    threading.Thread(target=write, args=(stop,), daemon=True).start()
    timer = threading.Timer(20, stop.set)
    timer.start()
    try:
        for batch in watch.watch_changes(roots, flat=flat, stop_event=stop, debounce=50, step=20):
            seen += [path for _, path in batch]
            if str(target) in seen:
                break
    finally:
        stop.set()
        timer.cancel()
    return seen


def test_each_relevant_save_validates_again_and_redraws_the_previews(tmp_path):
    pack = _pack(tmp_path / "pack")
    orc = pack / "monsters" / "orc.yaml"
    lines: list[str] = []

    def changes():
        orc.write_text(orc.read_text().replace("range: 1", "range: x"))
        yield {(watchfiles.Change.modified, str(orc))}
        yield {(watchfiles.Change.added, str(pack / "notes.txt"))}  # not content: no new round
        orc.write_text(orc.read_text().replace("range: x", "range: 1"))
        yield {(watchfiles.Change.modified, str(orc))}

    rounds = run(pack, changes(), previews=["orc-2"], out=tmp_path / "previews", echo=lines.append)
    assert [(r.errors, len(r.previews)) for r in rounds] == [(0, 1), (1, 0), (0, 1)]
    assert (tmp_path / "previews" / "orc-2.png").read_bytes().startswith(b"\x89PNG")
    assert any("orc.yaml:" in line and "[schema] range" in line for line in lines)
    assert sum(line.startswith("--- ") for line in lines) == 2


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_card_art_saved_again_is_drawn_anew_in_the_preview(tmp_path, suffix):
    """A designer repainting art/orc.png (same name) while watching saw the preview keep the old
    picture: the decoded art was remembered by its path alone for the whole session."""
    from PIL import Image

    pack = write_pack(tmp_path / "pack", {"monsters/orc.yaml": monster_with_levels("orc").replace(
        "kind: monster\n", f"kind: monster\nart: art/orc{suffix}\n", 1)})
    art = pack / "monsters" / "art" / f"orc{suffix}"
    art.parent.mkdir()

    def paint(colour: tuple[int, int, int]) -> None:
        picture = art.with_name("picture.png")
        Image.new("RGB", (900, 600), colour).save(picture)
        if suffix == ".svg":  # an SVG holding the picture: only the picture is saved again
            art.exists() or art.write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                           'width="90" height="60"><image width="90" height="60" xlink:href="picture.png"/></svg>')
        else:
            picture.replace(art)

    drawn: list[bytes] = []

    def echo(line: str) -> None:
        if line.startswith("preview: "):
            drawn.append(Path(line.removeprefix("preview: ")).read_bytes())

    def changes():
        paint((20, 40, 200))
        yield {(watchfiles.Change.modified, str(art))}

    paint((200, 30, 30))
    run(pack, changes(), previews=["orc"], out=tmp_path / "previews", echo=echo)
    assert len(drawn) == 2 and drawn[0] != drawn[1]


def test_a_changed_file_is_named_with_its_control_characters_escaped(tmp_path):
    r"""A file named `a\x1b[31m.yaml` saved in the pack was named raw in the "changed:" line (the
    terminal turned red), while the report under it escaped it."""
    pack = _pack(tmp_path / "pack")
    odd = pack / "monsters" / "a\x1b[31m.yaml"
    odd.write_text(monster_with_levels("ogre"), encoding="utf-8")
    lines: list[str] = []
    run(pack, iter([{(watchfiles.Change.added, str(odd))}]), echo=lines.append)
    changed = [line for line in lines if line.startswith("--- ")]
    assert len(changed) == 1 and changed[0].endswith("a\\x1b[31m.yaml") and "\x1b" not in changed[0]


def test_only_yaml_card_art_and_the_check_configuration_count():
    assert relevant("/p/monsters/orc.yaml") and relevant("/p/art/orc.PNG") and relevant("/p/pyproject.toml")
    assert not relevant("/p/notes.txt") and not relevant("/p/.orc.yaml.swp") and not relevant("/p/.hidden.yaml")


def test_a_real_save_is_seen(tmp_path):
    """Through watchfiles itself: the file is saved after the first report, the watch stops once
    the broken save is reported (or after 20 s, so a missed event fails instead of hanging)."""
    pack = _pack(tmp_path / "pack")
    orc = pack / "monsters" / "orc.yaml"
    stop, started = threading.Event(), threading.Event()
    lines: list[str] = []

    def echo(line: str) -> None:
        lines.append(line)
        if " in 1 file" in line:
            started.set()
        if line.startswith("1 error"):
            stop.set()

    def save() -> None:
        started.wait(20)
        while not stop.wait(0.5):  # again until seen: the watcher starts after the first report
            orc.write_text(orc.read_text().replace("range: 1", "range: x"))

    threading.Thread(target=save, daemon=True).start()
    timer = threading.Timer(20, stop.set)
    timer.start()
    try:
        rounds = run(pack, watchfiles.watch(pack, stop_event=stop, debounce=100, step=20), echo=echo)
    finally:
        timer.cancel()
    assert rounds[0].errors == 0 and rounds[-1].errors == 1, lines


def test_a_save_made_while_the_first_report_was_written_is_seen(tmp_path):
    """The watcher started after the first report: a save made while it was written (validation
    and previews take seconds) was not reported until the next save."""
    pack = _pack(tmp_path / "pack")
    orc = pack / "monsters" / "orc.yaml"
    before = watch.snapshot([pack])
    orc.write_text(orc.read_text().replace("range: 1", "range: x"))  # during the first report
    stop = threading.Event()
    timer = threading.Timer(20, stop.set)  # a missed save fails instead of hanging
    timer.start()
    try:
        batches = watch.watch_changes([pack], since=before, stop_event=stop, debounce=50, step=10)
        first = next(batch for batch in batches if batch)
    finally:
        stop.set()
        timer.cancel()
    assert {path for _, path in first} == {str(orc)}


def test_a_save_of_the_projects_check_configuration_is_seen(tmp_path):
    """doria-forge.yaml and pyproject.toml lie in the project folder, which was not watched: a
    check switched on or off there was reported only with the next save of a pack file. The
    project folder's own files are watched; its other folders (build/) are not walked."""
    pack = _pack(tmp_path / "content")
    (tmp_path / "build" / "deep").mkdir(parents=True)
    config = tmp_path / "doria-forge.yaml"

    def save(stop: threading.Event) -> None:
        while not stop.wait(0.3):  # again until seen: the watcher starts after the first batch
            config.write_text("checks:\n  missing-translation: off\n")

    assert str(config) in _seen_while([pack], config, save, flat=(tmp_path,))
    assert set(watch.snapshot([pack], [tmp_path])) == {str(config), str(pack / "monsters" / "orc.yaml")}


def test_a_layout_saved_in_a_layouts_folder_made_while_watching_is_seen(tmp_path):
    """layouts/ was watched only when it was there as watch started: a project's first layout
    file, which validate reads, was never seen."""
    pack = _pack(tmp_path / "content")
    roots = watch.watched_folders(pack)
    layout = tmp_path / "layouts" / "default.yaml"

    def make(stop: threading.Event) -> None:
        time.sleep(0.5)
        layout.parent.mkdir()
        while not stop.wait(0.3):  # again until seen: the folder is watched after its own event
            layout.write_text("defaults:\n  margin_mm: 5\n")

    assert str(layout) in _seen_while(roots, layout, make, flat=(tmp_path,))


def test_links_to_folders_are_not_watched_and_hidden_folders_neither(tmp_path):
    """A link to /usr took 16 000 inotify watches (issue 25): validation does not follow it, so
    neither does watch."""
    pack = _pack(tmp_path / "pack")
    (tmp_path / "outside" / "deep").mkdir(parents=True)
    (pack / "usr").symlink_to(tmp_path / "outside")
    (pack / "root").symlink_to("/")
    (pack / ".git" / "objects").mkdir(parents=True)
    folders = folders_to_watch([pack])
    assert sorted(f.relative_to(pack).as_posix() for f in folders) == [".", "monsters"]


def test_too_many_folders_is_a_usage_error(tmp_path, monkeypatch):
    pack = _pack(tmp_path / "pack")
    for i in range(4):
        (pack / f"f{i}").mkdir()
    monkeypatch.setattr(watch, "MAX_FOLDERS", 3)
    with pytest.raises(watch.TooManyFolders, match="more than 3 folders"):
        folders_to_watch([pack])
    result = CliRunner().invoke(app, ["watch", str(pack)])
    assert result.exit_code == 2 and "more than 3 folders" in result.output


def test_a_save_in_a_folder_made_while_watching_is_seen(tmp_path):
    pack = _pack(tmp_path / "pack")

    def make(stop: threading.Event) -> None:
        time.sleep(0.5)
        (pack / "new").mkdir()
        while not stop.wait(0.3):  # again until seen: the folder is watched after its own event
            (pack / "new" / "x.yaml").write_text("kind: monster\n")

    assert str(pack / "new" / "x.yaml") in _seen_while([pack], pack / "new" / "x.yaml", make)


@pytest.mark.parametrize("previews", [["--preview", "orc-2"], []])
def test_a_preview_folder_inside_the_pack_is_a_usage_error_before_watching(tmp_path, monkeypatch, previews):
    """It was refused again at every save while watch went on (and would never draw a preview);
    without --preview, such an --out was taken without a word, where every other command refuses it."""
    pack = _pack(tmp_path / "pack")
    started = []
    monkeypatch.setattr(watch, "watch_changes", lambda *a, **k: started.append(1) or iter(()))
    result = CliRunner().invoke(app, ["watch", str(pack), *previews, "--out", str(pack / "previews")])
    assert result.exit_code == 2, result.output
    assert "which doria-forge reads; choose another --out" in result.output
    assert not started and not (pack / "previews").exists()


def test_the_preview_of_a_card_deleted_while_watching_is_deleted_and_nothing_else(tmp_path, monkeypatch):
    """The preview of a card the designer deleted stayed in the folder, looking as current as
    the others. Only previews the manifest lists go, and only right inside the folder."""
    pack = write_pack(tmp_path / "pack", {"monsters/orc.yaml": monster_with_levels("orc"),
                                          "monsters/goblin.yaml": monster_with_levels("goblin")})
    goblin = pack / "monsters" / "goblin.yaml"
    out = tmp_path / "previews"
    (out / "sub").mkdir(parents=True)
    for name in ("mine.png", "sub/goblin-1.png", "goblin-3.png"):  # not drawn by watch: the designer's own
        (out / name).write_bytes(b"mine")
    (tmp_path / "goblin-4.png").write_bytes(b"mine")

    def changes(*args, **kwargs):
        goblin.unlink()
        yield {(watchfiles.Change.deleted, str(goblin))}

    monkeypatch.setattr(watch, "watch_changes", changes)
    args = ["watch", str(pack), "--preview", "orc-2", "--preview", "goblin-2", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "preview goblin-2: no card or Room Tile with id 'goblin-2'" in result.output
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.png")) == [
        "goblin-3.png", "mine.png", "orc-2.png", "sub/goblin-1.png"]
    # a manifest naming files it did not write: none goes, though their cards are gone too
    manifest = out / "previews.json"
    data = json.loads(manifest.read_text())
    data["previews"] += [{"file": f, "card": "monster_level:goblin-1"} for f in ("sub/goblin-1.png", "../goblin-4.png")]
    manifest.write_text(json.dumps(data))
    monkeypatch.setattr(watch, "watch_changes", lambda *a, **k: iter(()))
    assert CliRunner().invoke(app, args).exit_code == 0
    assert (out / "sub" / "goblin-1.png").exists() and (tmp_path / "goblin-4.png").exists()
    assert (out / "orc-2.png").exists()


@pytest.mark.parametrize("name", ["notes.txt", "pipe.yaml"])
def test_a_pack_path_that_is_no_pack_is_a_usage_error_before_watching(tmp_path, monkeypatch, name):
    """`watch notes.txt` printed 'watching ...' and 'error: notes.txt is not a .yaml/.yml file', then
    watched the folder around it until Ctrl-C, where every other command exits 2."""
    import os

    path = tmp_path / name
    if name == "pipe.yaml":
        os.mkfifo(path)  # not a regular file
    else:
        path.write_text("notes\n")
    started = []
    monkeypatch.setattr(watch, "watch_changes", lambda *a, **k: started.append(1) or iter(()))
    result = CliRunner().invoke(app, ["watch", str(path)])
    assert result.exit_code == 2, result.output
    assert f"error: {path} is not a" in result.output
    assert not started and "watching" not in result.output
