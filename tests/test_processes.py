"""Processes, signals and the last tracebacks (issue 12): SIGTERM stops the worker processes
too and leaves the previous outputs; a failed fork is a note, not a traceback and a hang;
``--jobs`` above the cores is clamped with a note; ``validate > /dev/full`` and ``schema --out``
on a file or under /proc are one-line errors."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import time
from multiprocessing.process import BaseProcess
from pathlib import Path

import pytest
from robust_helpers import ROOT, alive, children, cli, snapshot, tiny_pack
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.sim import workers
from doria_forge.sim.matrix import run_matrix
from doria_forge.validate import validate_pack

runner = CliRunner()


def _wait_for(condition, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="looks for worker processes in /proc")
def test_sigterm_stops_the_build_and_its_workers_and_keeps_the_previous_outputs(tmp_path):
    pack = tiny_pack(tmp_path / "content")
    out = tmp_path / "out"
    first = runner.invoke(app, ["build", str(pack), "--out", str(out), "--runs", "1", "--jobs", "1", "--no-progress"])
    assert first.exit_code == 0, first.output
    before = snapshot(out)
    process = cli("build", str(pack), "--out", str(out), "--runs", "100000", "--jobs", "2", "--no-progress",
                  "--no-cache", stdout=subprocess.DEVNULL)
    try:
        assert _wait_for(lambda: len(children(process.pid)) >= 2, 30), "the workers never started"
        started = children(process.pid)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 143, err.decode(errors="replace")[-2000:]  # once 1 under heavy load: say why
    assert b"Traceback" not in err
    assert _wait_for(lambda: not any(alive(pid) for pid in started), 5), "workers outlived their parent"
    assert snapshot(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["content", "out"]


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or workers.available_cores() < 2,
                    reason="looks for two worker processes in /proc")
@pytest.mark.parametrize("command, signum, code", [
    (("scenario", "goblin_warren", "--players", "1-4"), signal.SIGINT, 130),
    (("campaign", "greywater_smugglers"), signal.SIGTERM, 143),
])
def test_a_stopped_scenario_or_campaign_run_stops_its_workers_and_writes_nothing(tmp_path, command, signum, code):
    """Ctrl-C (130) and SIGTERM (143) end a run of many scenario or campaign games at once,
    with its workers and without a report or a traceback."""
    out = tmp_path / "report.json"
    process = cli("simulate", *command, str(ROOT / "content"), "--runs", "100000", "--jobs", "2", "--no-progress",
                  "--out", str(out), stdout=subprocess.DEVNULL)
    try:
        assert _wait_for(lambda: len(children(process.pid)) >= 2, 30), "the workers never started"
        started = children(process.pid)
        process.send_signal(signum)
        _, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == code, err.decode(errors="replace")[-2000:]
    assert b"Traceback" not in err and b"Exception ignored" not in err
    assert _wait_for(lambda: not any(alive(pid) for pid in started), 5), "workers outlived their parent"
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_failed_fork_runs_the_duels_in_this_process_with_a_note(tmp_path, monkeypatch, caplog):
    pack = validate_pack(tiny_pack(tmp_path / "content")).pack
    expected = run_matrix(pack, 2, 7, jobs=1)

    def no_fork(self):
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(BaseProcess, "start", no_fork)
    monkeypatch.setattr(workers, "available_cores", lambda: 4)
    with caplog.at_level(logging.WARNING, logger="doria_forge.sim.workers"):
        result = run_matrix(pack, 2, 7, jobs=4)
    assert result == expected
    assert "cannot start 4 worker processes (Resource temporarily unavailable)" in caplog.text


def test_jobs_above_the_cores_are_clamped_with_a_note(monkeypatch, caplog):
    monkeypatch.setattr(workers, "available_cores", lambda: 2)
    with caplog.at_level(logging.WARNING, logger="doria_forge.sim.workers"):
        assert workers.clamp_jobs(64) == 2
        assert workers.clamp_jobs(2) == 2
        assert workers.clamp_jobs(None) == 2
    assert caplog.messages == ["--jobs 64 is more than the 2 cores available; using 2"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_validate_into_a_full_disk_is_one_line_and_exit_2(tmp_path):
    pack = tiny_pack(tmp_path / "content")
    with open("/dev/full", "w") as full:
        process = cli("validate", str(pack), stdout=full)
        _, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert err.decode().splitlines() == ["error: cannot write output: No space left on device"]


@pytest.mark.parametrize("out", ["{file}", "{file}/sub", "/proc/doria-schemas"])
def test_schema_out_on_a_file_or_under_proc_is_a_usage_error(tmp_path, out):
    afile = tmp_path / "afile"
    afile.write_text("keep\n")
    result = runner.invoke(app, ["schema", "--out", out.format(file=afile)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert len(result.output.strip().splitlines()) == 1
    assert afile.read_text() == "keep\n"
    if os.path.exists("/proc/doria-schemas"):  # pragma: no cover - would be a real bug
        pytest.fail("wrote under /proc")


def _die(*args):
    """A worker's cell that ends its process, as the kernel's OOM killer would."""
    os._exit(3)


def test_a_worker_that_dies_is_an_error_not_a_traceback(tmp_path, monkeypatch):
    import doria_forge.sim.matrix as matrix

    pack = tiny_pack(tmp_path / "content")
    monkeypatch.setattr(workers, "available_cores", lambda: 2)
    monkeypatch.setattr(matrix, "_worker_cell", _die)
    result = runner.invoke(app, ["simulate", str(pack), "--runs", "1", "--jobs", "2", "--no-progress", "--no-cache",
                                 "--out", str(tmp_path / "s.json")])
    assert result.exit_code == 2, result.output
    assert "a worker process of the simulation died" in result.output
    assert not (tmp_path / "s.json").exists()


def test_a_scenario_worker_that_dies_is_an_error_not_a_traceback(tmp_path, monkeypatch):
    import doria_forge.sim.executors as executors

    monkeypatch.setattr(workers, "available_cores", lambda: 2)
    monkeypatch.setattr(executors, "_worker_task", _die)
    result = runner.invoke(app, ["simulate", "scenario", "goblin_warren", str(ROOT / "content"), "--runs", "2",
                                 "--players", "1-2", "--jobs", "2", "--no-progress", "--out", str(tmp_path / "s.json")])
    assert result.exit_code == 2, result.output
    assert "a worker process of the simulation died" in result.output
    assert not (tmp_path / "s.json").exists()


def test_ctrl_c_ends_watch_with_130_as_every_command_and_without_a_library_warning(tmp_path):
    """Ctrl-C is how `watch` stops; it ends with the exit code every command gives Ctrl-C (130),
    not 0, and without the file watcher's own warning line."""
    pack = tiny_pack(tmp_path / "content")
    process = cli("watch", str(pack), "--out", str(tmp_path / "preview"), stdout=subprocess.PIPE)
    try:
        assert process.stdout is not None
        lines = []
        while not lines or b" in " not in lines[-1]:  # the first validation's summary: now it waits
            lines.append(process.stdout.readline())
            assert lines[-1], b"".join(lines)
        assert b"watching" in lines[0]
        time.sleep(0.5)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err


@pytest.mark.parametrize("command", [["validate", "{pack}"], ["validate", "{pack}", "--format", "json"], ["checks"]])
def test_output_into_a_closed_pipe_is_one_line_and_exit_2_not_a_content_problem(tmp_path, command):
    """`doria-forge validate | grep -q ...` (a reader that stops early) exited 1, the code for content
    problems, without a word: typer's own handling of a closed pipe. As a full disk: exit 2, one line."""
    pack = tiny_pack(tmp_path / "content")
    read, write = os.pipe()
    os.close(read)  # the reader is gone before anything is written
    try:
        process = cli(*[word.format(pack=pack) for word in command], stdout=write)
        _, err = process.communicate(timeout=60)
    finally:
        os.close(write)
    assert process.returncode == 2, err
    assert err.decode().splitlines() == ["error: cannot write output: Broken pipe"]


def test_a_command_started_with_its_output_closed_is_one_line_and_exit_2(tmp_path):
    """`doria-forge validate >&-` ended in a traceback ('NoneType' object has no attribute 'write'):
    Python gives no sys.stdout when file descriptor 1 is closed."""
    import shlex
    import sys

    pack = tiny_pack(tmp_path / "content")
    command = (f"{shlex.quote(sys.executable)} -c 'from doria_forge.__main__ import main; main()' validate "
               f"{shlex.quote(str(pack))} >&-")
    process = subprocess.run(command, shell=True, capture_output=False, stderr=subprocess.PIPE, timeout=60)
    assert process.returncode == 2
    assert process.stderr.decode().splitlines() == ["error: cannot write output: standard output is closed"]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kills the worker processes")
def test_workers_dying_under_cancelled_futures_print_no_thread_traceback(monkeypatch):
    """A SIGTERM to the whole process group ends the workers while the interrupted map has just
    cancelled its futures: the pool's thread of Python 3.11 then failed to fail them and printed
    "Exception in thread ... InvalidStateError" after the run's one-line exit (gh-107219)."""
    import threading

    shown = []
    monkeypatch.setattr(threading, "excepthook", shown.append)
    with pytest.raises(KeyboardInterrupt), workers.worker_pool(2) as pool:
        assert pool is not None
        manager = pool._executor_manager_thread
        # the workers' and the call queue's places taken (never waited for: the workers are killed), so
        # the pool's thread keeps the cancelled futures among its pending work
        busy = [pool.submit(time.sleep, 60) for _ in range(2 + 3)]
        queued = [pool.submit(os.getpid) for _ in range(8)]
        assert all(future.cancel() for future in queued)  # what the interrupted map does
        for process in list(pool._processes.values()):
            os.kill(process.pid, signal.SIGKILL)
        manager.join(timeout=30)  # the pool's thread has seen the dead workers and ended
        assert not manager.is_alive() and busy
        raise KeyboardInterrupt
    assert [args.exc_type for args in shown] == []


@pytest.mark.parametrize(("stop", "code", "line"), [
    ("ctrl-c", 130, "interrupted"),
    ("sigterm", 143, "terminated (SIGTERM)"),
])
def test_a_stopped_run_says_so_in_one_line(capsys, monkeypatch, stop, code, line):
    """Ctrl-C and SIGTERM ended a run with exit 130 or 143 and not a word: a user (or a CI log)
    could not tell a stop from a crash. Through the command line's own Ctrl-C handling (typer
    turns a KeyboardInterrupt into exit 130) and the SIGTERM handler's exit."""
    import typer

    from doria_forge.infra import lifecycle

    monkeypatch.setattr(lifecycle, "install_signal_handlers", lambda: None)  # this test process's stay
    monkeypatch.setattr(lifecycle, "configure_logging", lambda: None)
    stopped = typer.Typer()

    @stopped.command()
    def go() -> None:
        if stop == "ctrl-c":
            raise KeyboardInterrupt
        lifecycle._terminate(signal.SIGTERM, None)

    with pytest.raises(SystemExit) as info:
        lifecycle.run(lambda: stopped([], prog_name="doria-forge"))
    assert info.value.code == code
    assert capsys.readouterr().err == f"{line}\n"
