"""Worker processes of the simulation: started carefully, stopped together with their parent.

A process pool left to itself outlives a parent stopped by SIGTERM (its workers finish their
chunk first), waits for every queued duel on Ctrl-C, and hangs at exit after a failed
``fork``. :func:`worker_pool` fixes all three:

* workers ignore SIGINT (the parent stops them) and, on Linux, receive SIGTERM when their
  parent dies for any reason, even SIGKILL;
* leaving the ``with`` block through an exception (Ctrl-C, SIGTERM, an error) cancels the
  queued work and terminates the workers at once;
* every worker is started before the block runs: when a ``fork`` fails, the workers already
  started are stopped and the block gets ``None``, so the caller runs in-process (with a
  note in the log) instead of crashing;
* :func:`clamp_jobs` holds ``--jobs`` to the cores this process may use, with a note.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import InvalidStateError, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any

log = logging.getLogger(__name__)

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


class WorkerFailed(RuntimeError):
    """A worker process died while working (killed by the system, out of memory...)."""


def available_cores() -> int:
    """Cores this process may run on (its CPU affinity where the OS tells, else all cores)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def clamp_jobs(jobs: int | None) -> int:
    """Worker processes to use for ``--jobs``: ``None`` means every available core; more
    than that is clamped to it, with a note in the log (more processes than cores only add
    overhead). Raises ValueError for ``jobs`` < 1."""
    cores = available_cores()
    if jobs is None:
        return cores
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    if jobs > cores:
        log.warning("--jobs %d is more than the %d core%s available; using %d", jobs, cores,
                    "" if cores == 1 else "s", cores)
        return cores
    return jobs


@contextmanager
def worker_pool(workers: int, initializer: Callable[..., Any] | None = None,
                initargs: tuple[Any, ...] = ()) -> Iterator[ProcessPoolExecutor | None]:
    """A process pool of ``workers`` processes, each set up with ``initializer(*initargs)``.

    Yields ``None`` (run in this process instead) when ``workers`` < 2 or when the worker
    processes cannot be started (a failed ``fork``; logged as a warning). On any exception
    inside the block the queued work is cancelled and the workers are terminated before the
    exception goes on (a worker that died becomes WorkerFailed); on a normal exit the pool
    shuts down as usual.
    """
    if workers < 2:
        yield None
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker,
                               initargs=(os.getpid(), initializer, initargs))
    try:
        # Start every worker now: a failed fork surfaces here, not half-way through the work.
        pool.submit(os.getpid).result()
    except (OSError, RuntimeError) as exc:
        _stop(pool)
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
        log.warning("cannot start %d worker processes (%s); running in this process instead", workers, reason)
        yield None
        return
    except BaseException:  # Ctrl-C or SIGTERM while the workers start
        _stop(pool)
        raise
    with _cancelled_futures_quiet(getattr(pool, "_executor_manager_thread", None)):
        try:
            yield pool
        except BrokenProcessPool:
            _stop(pool)
            raise WorkerFailed("a worker process of the simulation died (killed by the system, or out of "
                               "memory?); try again with fewer --jobs") from None
        except BaseException:
            _stop(pool)
            raise
        pool.shutdown(wait=True)


@contextmanager
def _cancelled_futures_quiet(manager: threading.Thread | None) -> Iterator[None]:
    """Within it, the pool thread ``manager`` failing to fail a future that was already cancelled
    (``InvalidStateError``) prints nothing. Stopped by SIGTERM or Ctrl-C while its workers die
    (most often a SIGTERM to the whole process group, which ends the workers at once), the pool
    thread of Python before 3.12 (gh-107219) printed "Exception in thread" and a traceback after
    the run's exit line: the interrupted ``map`` had cancelled its futures. The error is dropped
    as Python 3.12 drops it; every other thread exception is shown as before."""
    previous = threading.excepthook

    def hook(args: Any) -> None:
        if not (manager is not None and args.thread is manager and args.exc_type is not None
                and issubclass(args.exc_type, InvalidStateError)):
            previous(args)

    threading.excepthook = hook
    try:
        yield
    finally:
        threading.excepthook = previous


def _start_worker(parent: int, initializer: Callable[..., Any] | None, initargs: tuple[Any, ...]) -> None:
    # The parent handles Ctrl-C and stops its workers; a worker's own KeyboardInterrupt
    # would only print a traceback per process.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before the death signal was armed
        os._exit(1)
    if initializer is not None:
        initializer(*initargs)


def _die_with_parent() -> None:
    """Ask Linux to send this process SIGTERM when its parent dies (a no-op elsewhere)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel the pool's queued work and end its workers now (terminate, then kill)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    for process in processes:
        if process.is_alive():
            process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(timeout=2)
        if process.is_alive():
            process.kill()
            process.join(timeout=2)
    # Let the pool's thread finish closing its pipes now: at interpreter exit it races with
    # concurrent.futures' own exit hook, which then prints an "Exception ignored" traceback.
    if manager is not None:
        manager.join(timeout=2)
