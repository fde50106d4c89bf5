"""--scheduler: runs on a Dask cluster give the same numbers as local processes (a local
cluster here; Dask comes with the test extra); a bad address, something that is not a Dask
scheduler and a silent server are usage errors within the time limit (issue 25); a scheduler
lost mid-run keeps the finished chunks, and the same command resumes (issue 23)."""

import socket
import threading
import time
from pathlib import Path

import distributed
import pytest
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.commands.pipeline import EXIT_TRY_AGAIN
from doria_forge.sim import distributed as dist
from doria_forge.sim.chunk_store import ChunkStore
from doria_forge.sim.executors import cached, local_executor, run_plans
from doria_forge.sim.scenario_runner import make_plan

ROOT = Path(__file__).resolve().parents[1]


def _numbers(result):
    return {n: s.to_data() for n, s in result.items()}


def _cluster():
    return distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None)


def test_a_local_dask_cluster_gives_the_local_numbers(shipped_pack, tmp_path):
    plan = make_plan(shipped_pack, "sunken_reliquary", players=[1, 2], runs=3, seed=4)
    local = run_plans(shipped_pack, [plan], executor=local_executor(1))[0]
    store = ChunkStore(shipped_pack, tmp_path)
    with _cluster() as cluster:
        remote = run_plans(shipped_pack, [plan], executor=cached(dist.dask_executor(cluster.scheduler_address), store))[0]
    assert _numbers(remote) == _numbers(local)
    assert len(list(tmp_path.rglob("*.pickle"))) == 2  # kept for the next run of the same inputs


def test_a_lost_scheduler_keeps_the_finished_chunks_and_the_same_run_resumes(shipped_pack, tmp_path, monkeypatch):
    plan = make_plan(shipped_pack, "sunken_reliquary", players=[1, 2], runs=3, seed=4)  # two chunks
    store = ChunkStore(shipped_pack, tmp_path)
    with _cluster() as cluster:
        def lose_the_scheduler(runs):
            cluster.close()  # after the first chunk came back

        with pytest.raises(dist.ClusterLost, match="1 finished chunk is kept: run the same command again"):
            run_plans(shipped_pack, [plan], executor=cached(dist.dask_executor(cluster.scheduler_address), store),
                      progress=lose_the_scheduler)
    assert len(list(tmp_path.rglob("*.pickle"))) == 1
    played = []  # what the cluster plays comes back through the store (tasks run pickled: no counter there)
    keep = store.put
    monkeypatch.setattr(store, "put", lambda task, stats: (played.append(task[1:]), keep(task, stats)))
    with _cluster() as cluster:
        resumed = run_plans(shipped_pack, [plan], executor=cached(dist.dask_executor(cluster.scheduler_address),
                                                                    store))[0]
    assert played == [(2, 0, 3)]  # only the chunk that had not finished
    assert _numbers(resumed) == _numbers(run_plans(shipped_pack, [plan], executor=local_executor(1))[0])


def test_chunks_of_other_content_or_options_are_never_reused(shipped_pack, tmp_path):
    plan = make_plan(shipped_pack, "sunken_reliquary", players=[1], runs=3, seed=4)
    store = ChunkStore(shipped_pack, tmp_path)
    store.put((plan, 1, 0, 3), "kept")
    assert store.key((plan, 1, 0, 3)) == ChunkStore(shipped_pack, tmp_path).key((plan, 1, 0, 3))
    other_seed = make_plan(shipped_pack, "sunken_reliquary", players=[1], runs=3, seed=5)
    assert store.key((other_seed, 1, 0, 3)) != store.key((plan, 1, 0, 3))
    assert store.key((plan, 1, 0, 2)) != store.key((plan, 1, 0, 3))


@pytest.mark.parametrize("address, says", [
    ("", "empty"), ("not an address", "not an address"), ("http://host:80", "does not speak http://"),
    ("tcp://host", "give a host and a port"), ("tcp://host:99999", "give a host and a port"),
    ("tcp://host:8786\n", "control characters"),
])
def test_an_address_that_cannot_be_one_is_refused_before_any_connection(address, says):
    with pytest.raises(dist.DaskUnavailable, match=says):
        dist.check_address(address)


def _server(reply: bytes | None):
    """A TCP server on a free port that answers every connection with ``reply`` (None: never
    answers); returns its address and a function stopping it."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.2)
    stop = threading.Event()
    held = []

    def serve():
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            held.append(conn)
            if reply is not None:
                conn.sendall(reply)

    threading.Thread(target=serve, daemon=True).start()

    def close():
        stop.set()
        for conn in held:
            conn.close()
        listener.close()

    return f"tcp://127.0.0.1:{listener.getsockname()[1]}", close


@pytest.mark.parametrize("reply, says", [
    # Dask reads the first 8 bytes as a frame length: 3 EiB, a MemoryError traceback before
    (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 4, "not as a Dask scheduler"),
    (None, "did not answer within 1 s"),  # accepts and never answers: waited past 180 s before
])
def test_something_that_is_not_a_scheduler_is_a_usage_error_in_time(reply, says):
    address, close = _server(reply)
    started = time.monotonic()
    try:
        with pytest.raises(dist.DaskUnavailable, match=says):
            dist.dask_executor(address, timeout=1)
    finally:
        close()
    assert time.monotonic() - started < 10


def test_an_unreachable_scheduler_is_a_usage_error():
    with pytest.raises(dist.DaskUnavailable, match="tcp://127.0.0.1:9"):
        dist.dask_executor("tcp://127.0.0.1:9", timeout=1)


def test_a_port_where_nothing_listens_fails_at_once_not_at_the_time_limit():
    """Dask's connect tried again until the 10 s limit when the connection was refused; the
    system's refusal now ends the probe (a free port: bound, then closed, so nothing listens)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    started = time.monotonic()
    with pytest.raises(dist.DaskUnavailable, match=f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}: "
                                                   "ConnectionRefusedError"):
        dist.probe(f"tcp://127.0.0.1:{port}", seconds=60)
    assert time.monotonic() - started < 30


def test_the_command_line_exits_2_for_a_bad_address_before_validating(tmp_path):
    result = CliRunner().invoke(app, ["simulate", "scenario", "x", str(tmp_path / "nowhere"), "--scheduler", "http://h:1"])
    assert result.exit_code == 2 and "does not speak http://" in result.output


def test_a_lost_cluster_exits_with_the_try_again_code(tmp_path, monkeypatch):
    """Not 1 (content problems) nor 2 (usage): EX_TEMPFAIL, documented in the README."""
    def lost(address, **kwargs):
        def play(pack, tasks):
            raise dist.ClusterLost("the Dask cluster at tcp://h:1 failed during the runs (...); 0 finished chunks "
                                   "are kept: run the same command again to play the rest")
            yield  # pragma: no cover

        return play

    monkeypatch.setattr(dist, "dask_executor", lost)
    monkeypatch.setattr(dist, "probe", lambda *a, **k: None)
    result = CliRunner().invoke(app, ["simulate", "scenario", "sunken_reliquary", str(ROOT / "content"), "--runs", "1",
                                      "--scheduler", "tcp://h:1", "--no-progress", "--out", str(tmp_path / "o.json")])
    assert result.exit_code == EXIT_TRY_AGAIN == 75, result.output
    assert "run the same command again" in result.output


def test_the_readme_and_the_help_name_the_dask_extra_as_it_installs_from_a_checkout(monkeypatch):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'pip install ".[dask]"' in readme and '"doria-forge[dask]"' not in readme
    assert "exits **75**" in readme
    monkeypatch.setenv("COLUMNS", "300")
    help_text = " ".join(CliRunner().invoke(app, ["simulate", "scenario", "--help"]).output.split())
    assert 'pip install ".[dask]"' in help_text  # rich markup once swallowed "[dask]"
