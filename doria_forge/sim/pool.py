"""Local worker processes for the scenario runs, stopped together with their parent.

Leaving the ``with`` block of :func:`process_pool` through an exception (Ctrl-C, SIGTERM
turned into an exception, an error) cancels the queued work and terminates the workers at
once, instead of waiting for every queued run; workers ignore SIGINT (the parent stops them).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any


@contextmanager
def process_pool(workers: int, initializer: Callable[..., Any] | None = None,
                 initargs: tuple[Any, ...] = ()) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes, each set up with ``initializer(*initargs)``."""
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(initializer, initargs))
    try:
        yield pool
    except BaseException:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            if process.is_alive():
                process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


def _start_worker(initializer: Callable[..., Any] | None, initargs: tuple[Any, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer(*initargs)


def available_cores() -> int:
    """Cores this process may run on (its CPU affinity where the OS tells, else all cores)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def clamp_jobs(jobs: int | None) -> int:
    """Worker processes for ``--jobs``: ``None`` means every available core, and never more
    than those (more processes than cores only add overhead). Raises ValueError for < 1."""
    if jobs is not None and jobs < 1:
        raise ValueError("jobs must be at least 1")
    cores = available_cores()
    return cores if jobs is None else min(jobs, cores)
