"""Runs on a Dask cluster (``--scheduler ADDRESS``; ``pip install ".[dask]"`` from a checkout),
for sweeps that outgrow one machine. The pack is sent to every worker once; each task is a chunk
of runs (``sim.executors``), so the numbers are the same as on local processes: every run's
seed comes from the run itself and the aggregates merge in any order.

The workers need doria-forge installed (the same version) to unpickle the tasks.

Failures, and what the command line makes of them:

* a missing Dask, a malformed address, a scheduler that cannot be reached, or something at the
  address that does not answer as a Dask scheduler within ``CONNECT_SECONDS`` (an HTTP server
  made Dask's own client try to allocate 3 EiB; a server that accepts and never answers made
  it wait for minutes) are :class:`DaskUnavailable`: a usage error, exit 2. The address is
  probed before a client is started, under our own time limit: a plain connection first (a
  refused one fails at once), then a question in Dask's own comm layer;
* a scheduler or its workers lost in the middle of the runs is :class:`ClusterLost` (exit 75,
  ``EX_TEMPFAIL``: try again). Every chunk that finished before is kept in the cache folder
  (:mod:`doria_forge.sim.chunk_store`, through ``executors.cached``), so the same command run
  again plays only the rest.
"""

from __future__ import annotations

import asyncio
import logging
import re
import socket
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from doria_forge.model import ContentPack

from .executors import IN_FLIGHT_PER_WORKER, Executor, RunsLost, Task

log = logging.getLogger(__name__)

CONNECT_SECONDS = 10.0
"""How long to wait for the scheduler to answer (connect and first reply) before giving up."""

SCHEMES = ("tcp", "tls", "ws", "wss", "inproc", "ucx")
"""Address schemes Dask's comm layer speaks (``host:port`` alone means ``tcp://``)."""

_CONTROL = re.compile(r"[\x00-\x20\x7f-\x9f]")


class DaskUnavailable(Exception):
    """Dask is not installed, or the scheduler cannot be reached (a usage error)."""


class ClusterLost(RunsLost):
    """The scheduler (or every worker) went away while runs were played; the chunks finished
    before are kept for the next try (``executors.cached``)."""


HOST_PORT_SCHEMES = ("tcp", "tls", "ws", "wss")
"""The schemes of :data:`SCHEMES` whose address is a host and a port."""


def _where(address: str) -> tuple[str, str, str, str]:
    """``(scheme, host, ":" or "", port)`` of a scheduler address (``host:port`` alone is ``tcp``)."""
    scheme, _, location = address.rpartition("://") if "://" in address else ("tcp", "", address)
    host, colon, port = location.rpartition(":")
    return scheme, host, colon, port


def check_address(address: str) -> str:
    """``address`` when it can name a Dask scheduler (``tcp://host:8786``, ``host:8786``...).
    Raises DaskUnavailable naming what is wrong."""
    if not address or not address.strip():
        raise DaskUnavailable("--scheduler is empty; give the scheduler's address, e.g. tcp://host:8786")
    if len(address) > 2048 or _CONTROL.search(address):
        raise DaskUnavailable(f"--scheduler {address!r} is not an address (spaces or control characters)")
    scheme, host, colon, port = _where(address)
    if scheme not in SCHEMES:
        raise DaskUnavailable(f"--scheduler {address!r}: Dask does not speak {scheme}://; "
                              f"use one of {', '.join(s + '://' for s in SCHEMES)}")
    if scheme in HOST_PORT_SCHEMES and (not colon or not host or not port.isdigit() or not 0 < int(port) < 65536):
        raise DaskUnavailable(f"--scheduler {address!r}: give a host and a port, e.g. tcp://host:8786")
    return address


def probe(address: str, seconds: float = CONNECT_SECONDS) -> None:
    """Connect to ``address`` and ask who is there, all within ``seconds``. Raises
    DaskUnavailable when nothing answers in time, or what answers is not a Dask scheduler."""

    _accepts(address, seconds)

    async def ask() -> Any:
        from distributed.comm import connect

        comm = await connect(address, timeout=seconds)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    async def limited() -> Any:
        return await asyncio.wait_for(ask(), seconds)

    try:
        reply = asyncio.run(limited())
    except TimeoutError:
        raise _no_answer(address, seconds) from None
    except (MemoryError, OverflowError, ValueError, TypeError):
        # Dask read the first bytes of the answer as a frame length: not a Dask scheduler
        raise DaskUnavailable(f"{address} answered, but not as a Dask scheduler (is it a web server?)") from None
    except Exception as exc:  # noqa: BLE001 - refused, unreachable, closed: one line
        raise _unreachable(address, exc) from None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise DaskUnavailable(f"{address} answered, but not as a Dask scheduler")


def _accepts(address: str, seconds: float) -> None:
    """Open and close a plain TCP connection to a ``tcp``/``tls``/``ws``/``wss`` address (others
    are left to Dask). Dask's ``connect`` tries again and again until its time limit when the
    connection is refused, so a port where nothing listens cost the whole ``seconds`` (10 s)
    before its one-line error; the system's refusal comes back at once. Raises DaskUnavailable."""
    scheme, host, _, port = _where(address)
    if scheme not in HOST_PORT_SCHEMES:
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port.partition("/")[0])), timeout=seconds):
            pass
    except TimeoutError:
        raise _no_answer(address, seconds) from None
    except (OSError, ValueError) as exc:  # refused, no such host, no route: one line
        raise _unreachable(address, exc) from None


def dask_executor(address: str, *, timeout: float = CONNECT_SECONDS) -> Executor:
    """An executor playing tasks on the Dask scheduler at ``address`` (``tcp://host:8786``).
    Raises DaskUnavailable when Dask is missing or the scheduler does not answer within
    ``timeout`` seconds; the executor raises ClusterLost when the cluster goes away mid-run
    (behind ``executors.cached`` the finished chunks are kept for the next try)."""
    try:
        import dask
        from distributed import Client
    except ImportError:
        raise DaskUnavailable('--scheduler needs Dask: pip install "doria-forge[dask]" (from a checkout: '
                              'pip install ".[dask]")') from None
    check_address(address)
    probe(address, timeout)
    settings = {"distributed.comm.timeouts.connect": f"{timeout:g}s", "distributed.comm.timeouts.tcp": "30s"}
    try:
        with dask.config.set(settings):
            client = Client(address, timeout=f"{timeout:g}s", set_as_default=False)
    except Exception as exc:  # noqa: BLE001 - the probe answered but the client did not: one line
        raise _unreachable(address, exc) from None

    def play(pack: ContentPack, tasks: Iterable[Task]) -> Iterator[tuple[Task, Any]]:
        with _quiet_dask():
            try:
                with dask.config.set(settings):
                    yield from _play(client, pack, tasks)
            except (GeneratorExit, KeyboardInterrupt):
                raise
            except Exception as exc:  # noqa: BLE001 - lost scheduler, killed workers, closed comms
                raise ClusterLost(f"the Dask cluster at {address} failed during the runs ({_reason(exc)})") from None
            finally:
                try:
                    client.close(timeout=2)
                except Exception:  # noqa: BLE001 - closing a client whose scheduler is gone
                    pass

    return play


def _play(client: Any, pack: ContentPack, tasks: Iterable[Task]) -> Iterator[tuple[Task, Any]]:
    """Yield a result per task, played on the cluster (a bounded number in flight)."""
    window = max(1, len(client.scheduler_info().get("workers", {}))) * IN_FLIGHT_PER_WORKER
    shared = None
    pending: deque[tuple[Task, Any]] = deque()
    source = iter(tasks)
    exhausted = False
    while True:
        while not exhausted and len(pending) < window:
            task = next(source, None)
            if task is None:
                exhausted = True
                break
            if shared is None:
                shared = client.scatter(pack, broadcast=True)
            pending.append((task, client.submit(_play_task, shared, *task, pure=False)))
        if not pending:
            return
        task, future = pending.popleft()
        yield task, future.result()


@contextmanager
def _quiet_dask() -> Iterator[None]:
    """Dask's own log records (a lost scheduler is logged with tracebacks from its event loop's
    thread) held back while the runs are played: :class:`ClusterLost` says it in one line."""
    names = ["distributed", *(n for n in logging.root.manager.loggerDict if n.startswith("distributed."))]
    loggers = [logging.getLogger(name) for name in names]  # several carry a level of their own
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _no_answer(address: str, seconds: float) -> DaskUnavailable:
    return DaskUnavailable(f"the Dask scheduler at {address} did not answer within {seconds:g} s; "
                           "is the address right and the scheduler running?")


def _unreachable(address: str, exc: BaseException) -> DaskUnavailable:
    return DaskUnavailable(f"cannot reach the Dask scheduler at {address}: {_reason(exc)}")


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _play_task(pack: ContentPack, plan: Any, players: int, start: int, stop: int) -> Any:
    return plan.play_chunk(pack, players, start, stop)
