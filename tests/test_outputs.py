"""Outputs (issue 12): ``--out`` never goes into the sources or over a special file; outputs
carry the user's umask; a build swaps its folder in whole, so a failed or stopped build leaves
the previous outputs and no temporary file, and outputs of deleted content do not linger;
nothing is written outside ``--out``."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from robust_helpers import cli, snapshot, tiny_pack
from typer.testing import CliRunner

from doria_forge.commands import pipeline
from doria_forge.commands.cli import app
from doria_forge.infra.staging import MANIFEST

runner = CliRunner()


@pytest.fixture()
def tiny(tmp_path) -> Path:
    return tiny_pack(tmp_path / "content")


def _build(pack: Path, out: Path):
    return runner.invoke(app, ["build", str(pack), "--out", str(out), "--runs", "1", "--jobs", "1", "--no-progress"])


def _no_leftovers(folder: Path) -> list[str]:
    """Hidden staging folders or temporary files anywhere under ``folder``."""
    return [p.name for p in folder.rglob(".*") if p.name != MANIFEST]


@pytest.mark.parametrize(("command", "target"), [
    ("export pdf {pack}", "{pack}"),
    ("export bundle {pack}", "{pack}/monsters/orc.yaml"),
    ("build {pack} --runs 1", "{pack}/pdf"),
    ("simulate {pack} --runs 1 --no-progress", "{link}"),
    ("preview orc-1 {pack}", "{pack}/../templates"),
])
def test_out_inside_the_sources_is_a_usage_error(tiny, tmp_path, command, target):
    (tmp_path / "templates").mkdir()
    (tmp_path / "link").symlink_to(tiny / "monsters")
    before = snapshot(tmp_path)
    out = target.format(pack=tiny, link=tmp_path / "link")
    result = runner.invoke(app, [*command.format(pack=tiny).split(), "--out", out])
    assert result.exit_code == 2, result.output
    assert "which doria-forge reads" in result.output
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(("command", "out", "said"), [
    ("export bundle {pack}", "{pack}", "{pack} itself"),
    ("import {sheet} --kind trap", "{sheet}", "{sheet} itself"),
    ("export csv {pack}", "{pack}/csv", "inside {pack}"),
])
def test_out_naming_the_source_itself_is_not_said_to_be_inside_it(tiny, tmp_path, command, out, said):
    """`import traps.csv --out traps.csv` was told "it is inside traps.csv", and `--out content`
    "it is inside content": a file is inside nothing, and the folder is the pack itself."""
    sheet = tmp_path / "traps.csv"
    sheet.write_text("id,name\nt,T\n", encoding="utf-8")
    before = snapshot(tmp_path)
    given = {"pack": tiny, "sheet": sheet}
    result = runner.invoke(app, [*command.format(**given).split(), "--out", out.format(**given)])
    assert result.exit_code == 2, result.output
    assert (f"cannot write {out.format(**given)}: it is {said.format(**given)}, which doria-forge reads; "
            "choose another --out") in " ".join(result.output.split())
    assert snapshot(tmp_path) == before


def test_out_on_a_device_or_fifo_is_a_usage_error_and_leaves_it_alone(tiny, tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for out in (Path(os.devnull), fifo):
        result = runner.invoke(app, ["export", "bundle", str(tiny), "--out", str(out)])
        assert result.exit_code == 2, result.output
        assert "not a regular file" in result.output
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_folder_in_the_place_of_a_pdf_stops_the_export_before_any_pdf_is_written(tiny, tmp_path):
    # The PDFs were written one after another: a folder named like the last one was met after the
    # decks' PDFs had been written.
    out = tmp_path / "out"
    (out / "character_sheets.pdf").mkdir(parents=True)
    result = runner.invoke(app, ["export", "pdf", str(tiny), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert f"cannot write {out / 'character_sheets.pdf'}: it exists and is not a regular file" in result.output
    assert [p.name for p in out.iterdir()] == ["character_sheets.pdf"]


@pytest.mark.parametrize(("command", "blocked"), [("png", "hero/warrior-1-back.png"),
                                                 ("tts", "standard_items-1.png")])
def test_a_folder_in_the_place_of_an_image_stops_the_export_before_any_image_is_written(tiny, tmp_path, command,
                                                                                       blocked):
    # The images were written deck by deck: the decks before the blocked image were written over the
    # last export's, beside its manifest (its Saved Object).
    out = tmp_path / "out"
    (out / blocked).mkdir(parents=True)
    result = runner.invoke(app, ["export", command, str(tiny), "--out", str(out), "--no-progress"])
    assert result.exit_code == 2, result.output
    assert f"{blocked.rsplit('/', 1)[-1]}: it exists and is not a regular file" in result.output
    assert [p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()] == []


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_outputs_carry_the_users_umask(tiny, tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        result = runner.invoke(app, ["export", "bundle", str(tiny), "--out", str(tmp_path / "b.json")])
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    assert stat.S_IMODE(os.stat(tmp_path / "b.json").st_mode) == mode


def test_a_build_folder_carries_the_users_umask(tiny, tmp_path):
    old = os.umask(0o027)
    try:
        built = _build(tiny, tmp_path / "build")
    finally:
        os.umask(old)
    assert built.exit_code == 0, built.output
    for path in [tmp_path / "build", *(tmp_path / "build").rglob("*")]:
        assert stat.S_IMODE(os.stat(path).st_mode) == (0o750 if path.is_dir() else 0o640), path


def test_a_build_swaps_its_folder_in_whole_or_not_at_all(tiny, tmp_path, monkeypatch):
    """Outputs of deleted content go; a folder with files of the user's is refused; a build
    failing half-way (its PDFs already drawn) leaves the previous outputs; no leftovers."""
    door = tiny / "door_events.yaml"
    door.write_text("kind: door_event\nid: creak\nname: Creak\ntext: The door creaks.\n")
    out = tmp_path / "out"
    assert _build(tiny, out).exit_code == 0
    assert (out / "pdf" / "door_events.pdf").is_file()
    door.unlink()

    (out / "notes.txt").write_text("mine\n")
    refused = _build(tiny, out)
    assert refused.exit_code == 2 and "notes.txt" in refused.output
    (out / "notes.txt").unlink()

    before = snapshot(out)
    real_bundle = pipeline.export_bundle

    def broken(*args, **kwargs):
        raise pipeline.OutputError("cannot write the bundle: disk full (simulated)")

    monkeypatch.setattr(pipeline, "export_bundle", broken)
    assert _build(tiny, out).exit_code == 2
    assert snapshot(out) == before
    monkeypatch.setattr(pipeline, "export_bundle", real_bundle)

    assert _build(tiny, out).exit_code == 0
    assert not (out / "pdf" / "door_events.pdf").exists()
    assert (out / "pdf" / "monster.pdf").is_file()
    assert _no_leftovers(tmp_path) == []

    project = _build(tiny, tmp_path)  # the folder holding the pack
    assert project.exit_code == 2 and "content/" in project.output


def test_a_build_replaces_outputs_of_a_build_without_a_manifest(tiny, tmp_path):
    out = tmp_path / "out"
    (out / "pdf").mkdir(parents=True)
    (out / "simulation.json").write_text("{}")
    (out / "scenarios.json").write_text("{}")  # the scenarios stage's reports
    (out / "scenarios.html").write_text("<html>")
    (out / "pdf" / "old_deck.pdf").write_bytes(b"%PDF-1.4")
    assert _build(tiny, out).exit_code == 0
    assert not (out / "pdf" / "old_deck.pdf").exists() and not (out / "scenarios.html").exists()


def test_a_build_keeps_what_the_other_commands_wrote_into_its_folder(tiny, tmp_path):
    """`simulate scenario ID` writes build/scenario-ID.json and `export csv` build/csv/ by default;
    every later `build` refused its own folder (exit 2: files a build did not write). They are
    kept as they are, through any number of builds; a file of the user's is still refused."""
    out = tmp_path / "build"
    assert _build(tiny, out).exit_code == 0
    exported = runner.invoke(app, ["export", "csv", str(tiny), "--out", str(out / "csv")])
    assert exported.exit_code == 0, exported.output
    (out / "scenario-orc_pit.json").write_text('{"format": 1}\n')  # as `simulate scenario orc_pit` leaves it
    (out / "preview").mkdir()  # as `watch --preview orc-1` leaves it
    (out / "preview" / "orc-1.png").write_bytes(b"\x89PNG")
    (out / "preview" / "previews.json").write_text('{"previews": [{"file": "orc-1.png", "card": "monster_level:orc-1"}]}')
    (out / "errata").mkdir()  # as `export pdf --changed-since` leaves it
    (out / "errata" / "errata.pdf").write_bytes(b"%PDF-1.4")
    kept = {name: digest for name, digest in snapshot(out).items()
            if name.startswith(("csv/", "scenario-", "preview/", "errata/"))}
    assert any(name.startswith("csv/") for name in kept)
    for _ in range(2):
        built = _build(tiny, out)
        assert built.exit_code == 0, built.output
        assert {name: digest for name, digest in snapshot(out).items() if name in kept} == kept
    assert (out / "pdf" / "monster.pdf").is_file() and _no_leftovers(tmp_path) == []
    (out / "csv" / "notes.txt").write_text("mine\n")
    refused = _build(tiny, out)
    assert refused.exit_code == 2 and "csv/notes.txt" in refused.output


def test_exports_write_nothing_outside_out(tiny, tmp_path):
    """Every export in a fresh home: no ~/.config/matplotlib, no temporary file; only the
    documented matchup cache (~/.cache/doria-forge)."""
    home, tmp = tmp_path / "home", tmp_path / "tmp"
    home.mkdir()
    tmp.mkdir()
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(home), "TMPDIR": str(tmp), "PYTHONPATH": os.pathsep.join(sys.path)}
    before = snapshot(tiny)
    out = tmp_path / "out"
    for args in (["build", str(tiny), "--out", str(out), "--runs", "1", "--no-progress"],
                 ["preview", "orc-1", str(tiny), "--out", str(tmp_path / "orc.png")]):
        process = cli(*args, env=env, cwd=tmp_path)
        _, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
    cache = home / ".cache" / "doria-forge"
    assert [p for p in home.rglob("*") if not p.is_relative_to(cache) and p not in cache.parents] == []
    assert sorted(p.name for p in tmp.rglob("*")) == []
    assert snapshot(tiny) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["content", "home", "orc.png", "out", "tmp"]


@pytest.mark.skipif(not hasattr(os, "O_TMPFILE"), reason="unnamed files are a Linux feature")
def test_a_process_killed_while_writing_an_output_leaves_no_temporary_file(tmp_path):
    """The data goes to an unnamed file; a SIGKILL in the middle of writing leaves nothing."""
    (tmp_path / "old.pdf").write_bytes(b"old")
    code = ("import os, signal; from pathlib import Path; from doria_forge.infra import fsutil\n"
            "os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)\n"
            f"fsutil.atomic_write_bytes(Path({str(tmp_path / 'old.pdf')!r}), b'new' * 100000)\n")
    process = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert process.returncode == -9
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.pdf"]
    assert (tmp_path / "old.pdf").read_bytes() == b"old"


def test_out_through_a_symbolic_link_writes_the_file_it_points_to_and_keeps_the_link(tiny, tmp_path):
    """`--out link.json` where link.json points elsewhere: as with a shell's `>`, the file the
    link names gets the bundle and the link stays a link (a rename used to put a new file in the
    link's place and leave its target untouched)."""
    target = tmp_path / "shared" / "bundle.json"
    target.parent.mkdir()
    link = tmp_path / "link.json"
    link.symlink_to(target)
    result = CliRunner().invoke(app, ["export", "bundle", str(tiny), "--out", str(link)])
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.is_file() and '"manifest"' in target.read_text(encoding="utf-8")


def test_a_file_that_cannot_be_written_is_named_not_its_temporary_file(tiny, tmp_path, monkeypatch):
    """`export png` into a folder whose deck subfolder is locked: the error names the image asked
    for (exit 2), never the hidden `.NAME.XXXX.tmp` the user cannot see, and leaves no such file."""
    out = tmp_path / "png"
    locked = out / "hero"
    locked.mkdir(parents=True)
    if os.geteuid() != 0:
        locked.chmod(0o555)
    else:  # root writes anywhere: the rename refuses, as the system does in a locked folder
        real = os.replace

        def refusing(src, dst, *args, **kwargs):
            if Path(dst).parent == locked:
                raise PermissionError(13, "Permission denied", str(src))
            return real(src, dst, *args, **kwargs)

        monkeypatch.setattr(os, "replace", refusing)
    try:
        result = runner.invoke(app, ["export", "png", str(tiny), "--out", str(out), "--no-progress"])
    finally:
        locked.chmod(0o755)
    assert result.exit_code == 2, result.output
    assert f"cannot write {locked / 'warrior-1-front.png'}: Permission denied" in result.output
    assert ".tmp" not in result.output and "Traceback" not in result.output
    assert _no_leftovers(out) == []


def test_a_fifo_named_as_the_image_manifest_is_refused_not_waited_on(tiny, tmp_path):
    """A FIFO named manifest.json in the images folder kept export png waiting for a writer forever,
    once every image was drawn (watch --preview read previews.json so): it is not read, nor written over."""
    out = tmp_path / "png"
    out.mkdir()
    fifo = out / "manifest.json"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "doria_forge", "export", "png", str(tiny), "--out", str(out),
                           "--dpi", "72", "--no-progress"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"cannot write {fifo}: it exists and is not a regular file" in done.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_fifo_named_as_the_build_manifest_is_refused_not_waited_on(tiny, tmp_path):
    """A FIFO named .doria-forge-build in the build folder kept every build waiting for a writer
    forever: it is a file no build wrote, refused as any other."""
    out = tmp_path / "build"
    out.mkdir()
    os.mkfifo(out / MANIFEST)
    done = subprocess.run([sys.executable, "-m", "doria_forge", "build", str(tiny), "--out", str(out), "--runs", "1",
                           "--scenario-runs", "1", "--no-progress"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"holds files a build did not write ({MANIFEST})" in done.stderr
    assert stat.S_ISFIFO(os.stat(out / MANIFEST).st_mode)


@pytest.mark.parametrize(("command", "name"), [("export csv {pack} --kind monster", "monsters.csv"),
                                               ("export pdf {pack}", "cards.pdf"),
                                               ("export png {pack} --dpi 72 --no-progress", "cards.png")])
def test_a_new_output_folder_named_as_a_file_is_a_usage_error(tiny, tmp_path, command, name):
    """`export csv --out monsters.csv` made a folder monsters.csv holding monster.csv, which
    `import monsters.csv` then refused (`export pdf --out cards.pdf` a folder of PDFs): the folder
    option named as a file is refused before anything is written; an existing folder is taken."""
    args = command.format(pack=tiny).split()
    result = runner.invoke(app, [*args, "--out", str(tmp_path / name)])
    assert result.exit_code == 2, result.output
    assert "names the folder the files go into" in " ".join(result.output.split())
    assert not (tmp_path / name).exists()
    (tmp_path / name).mkdir()
    assert runner.invoke(app, [*args, "--out", str(tmp_path / name)]).exit_code == 0



def _ctrl_c_after_the_first_file(monkeypatch) -> None:
    """Ctrl-C (SIGINT to this process) arrives once the first output file is written
    (``fsutil.atomic_write_bytes``)."""
    from doria_forge.infra import fsutil

    real = fsutil.atomic_write_bytes
    written = []

    def interrupted(path, data, **kwargs):
        real(path, data, **kwargs)
        written.append(path)
        if len(written) == 1:
            os.kill(os.getpid(), signal.SIGINT)
        return path

    monkeypatch.setattr(fsutil, "atomic_write_bytes", interrupted)


def test_ctrl_c_while_an_export_writes_its_files_leaves_no_mix_of_old_and_new(tiny, tmp_path, monkeypatch):
    """export pdf (png, tts, csv) holds its files until all are drawn, then writes them one by one:
    Ctrl-C in that moment left some new PDFs beside old ones (exit 130). Now the writing ends
    first, then Ctrl-C takes effect."""

    out = tmp_path / "out"
    assert runner.invoke(app, ["export", "pdf", str(tiny), "--out", str(out)]).exit_code == 0
    before = snapshot(out)
    _ctrl_c_after_the_first_file(monkeypatch)
    stopped = runner.invoke(app, ["export", "pdf", str(tiny), "--out", str(out), "--paper", "letter"])
    assert stopped.exit_code == 130, stopped.output
    after = snapshot(out)
    assert sorted(after) == sorted(before) and len(before) > 1
    assert all(after[name] != before[name] for name in before)  # every sheet is the new (Letter) one


def test_a_signal_waits_for_the_final_write_also_when_another_thread_receives_it():
    """The system gives a process's signal to any thread that does not hold it back (a progress
    bar's, a pool's): a mask set by the main thread alone let Python stop the final write of a
    build or an export half-way all the same."""
    import threading

    from doria_forge.infra.staging import signals_deferred

    sent = threading.Event()

    def other_thread() -> None:
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)  # handled at once, in this thread
        sent.set()

    done = []
    with pytest.raises(KeyboardInterrupt), signals_deferred():
        other = threading.Thread(target=other_thread)
        other.start()
        sent.wait()
        other.join()
        done.append("the whole block")
    assert done == ["the whole block"]


def test_a_build_folder_in_a_read_only_folder_is_refused_before_any_work(tiny, tmp_path, monkeypatch):
    """A writable build/ in a read-only project (a container's volume mounted there) passed the
    checks, and the build failed after the whole simulation: its new folder is written beside
    build/ and swapped in. Now it is refused at once, with a way out."""
    import errno
    import tempfile

    out = tmp_path / "project" / "build"
    out.mkdir(parents=True)
    real = tempfile.mkdtemp

    def read_only_project(*args, dir=None, **kwargs):  # root may write anywhere: the mount is faked
        if dir is not None and Path(dir) == out.parent:
            raise OSError(errno.EROFS, "Read-only file system")
        return real(*args, dir=dir, **kwargs)

    monkeypatch.setattr(tempfile, "mkdtemp", read_only_project)
    result = _build(tiny, out)
    assert result.exit_code == 2, result.output
    assert f"in {out.parent}, and swaps it in, but that folder cannot be written (Read-only file system)" \
        in result.output
    assert f"--out {out / 'site'}" in result.output
    assert list(out.iterdir()) == []


def test_a_build_folder_that_is_a_mount_point_is_refused_before_any_work(tiny, tmp_path, monkeypatch):
    """A volume mounted at build/ (a container's, a USB stick) cannot be swapped for a new folder:
    the build failed with "Device or resource busy" after the whole simulation. Now it is refused
    at once, with a way out; a bind mount of the same file system counts (os.path.ismount misses it)."""
    from doria_forge.infra import staging

    out = tmp_path / "my build"
    out.mkdir()
    mountinfo = tmp_path / "mountinfo"
    shown = str(out.resolve()).replace(" ", "\\040")
    mountinfo.write_text(f"36 35 98:0 / / rw,noatime master:1 - ext3 /dev/root rw\n"
                         f"80 36 98:0 /volume {shown} rw,relatime shared:2 - ext4 /dev/sda1 rw\n")
    monkeypatch.setattr(staging, "_MOUNTINFO", str(mountinfo))
    result = _build(tiny, out)
    assert result.exit_code == 2, result.output
    assert "a file system is mounted there" in result.output and f"--out {out / 'site'}" in result.output
    assert _build(tiny, out / "site").exit_code == 0


def test_ctrl_c_while_png_writes_its_images_still_removes_those_of_cards_gone(tiny, tmp_path, monkeypatch):
    """export png removes the images of cards gone from the pack after writing the new manifest: a
    stop between the two left images that no manifest listed any more, which no later export
    removed (and a shop prints the folder it is given whole)."""

    door = tiny / "door_events.yaml"
    door.write_text("kind: door_event\nid: creak\nname: Creak\ntext: The door creaks.\n")
    out = tmp_path / "png"
    assert runner.invoke(app, ["export", "png", str(tiny), "--out", str(out)]).exit_code == 0
    assert list(out.rglob("creak-*.png"))
    door.unlink()
    _ctrl_c_after_the_first_file(monkeypatch)
    stopped = runner.invoke(app, ["export", "png", str(tiny), "--out", str(out)])
    assert stopped.exit_code == 130, stopped.output
    assert not list(out.rglob("creak-*.png"))
    assert "creak" not in (out / "manifest.json").read_text(encoding="utf-8")


def test_ctrl_c_while_the_output_folder_is_probed_leaves_no_probe_folder(tiny, tmp_path, monkeypatch):
    """Whether --out can be written is tried by making and removing a folder in it: Ctrl-C between
    the two left a .doria-forge-probe-* folder among the user's files."""
    import tempfile

    real = tempfile.mkdtemp

    def interrupted(*args, **kwargs):
        made = real(*args, **kwargs)
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C arrives once the folder is made
        return made

    monkeypatch.setattr(tempfile, "mkdtemp", interrupted)
    out = tmp_path / "out"
    out.mkdir()
    result = runner.invoke(app, ["export", "bundle", str(tiny), "--out", str(out / "b.json")])
    assert result.exit_code == 130, result.output
    assert list(out.iterdir()) == []


def test_a_build_folder_holding_the_cache_folder_is_refused_before_any_work(tiny, tmp_path, monkeypatch):
    """With the cache folder inside --out (one folder for CI to keep), the validation filled it and
    the build then refused its own folder for the files in it, listing cache entries; every build
    failed so, the first one too. Now it says so before any work; --no-cache builds."""
    out = tmp_path / "build"
    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(out / ".cache"))
    result = _build(tiny, out)
    assert result.exit_code == 2, result.output
    assert "the cache folder" in result.output and "DORIA_FORGE_CACHE_DIR" in result.output
    assert not out.exists()
    assert runner.invoke(app, ["build", str(tiny), "--out", str(out), "--runs", "1", "--jobs", "1",
                               "--no-progress", "--no-cache"]).exit_code == 0
