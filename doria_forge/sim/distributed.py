"""Runs on a Dask cluster (``--scheduler ADDRESS``; ``pip install "doria-forge[dask]"``), for
sweeps that outgrow one machine. The pack is sent to every worker once; each task is a chunk
of runs (``sim.executors``), so the numbers are the same as on local processes: every run's
seed comes from the run itself and the aggregates merge in any order.

The workers need doria-forge installed (the same version) to unpickle the tasks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from doria_forge.model import ContentPack

from .executors import Executor, Task

CONNECT_TIMEOUT = "10s"
"""How long to wait for the scheduler before giving up."""


class DaskUnavailable(Exception):
    """Dask is not installed, or the scheduler cannot be reached (a usage error)."""


def dask_executor(address: str, *, timeout: str = CONNECT_TIMEOUT) -> Executor:
    """An executor playing tasks on the Dask scheduler at ``address`` (``tcp://host:8786``).
    Raises DaskUnavailable when Dask is missing or the scheduler does not answer within
    ``timeout``."""
    try:
        from distributed import Client
    except ImportError:
        raise DaskUnavailable('--scheduler needs Dask: pip install "doria-forge[dask]"') from None
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise DaskUnavailable(f"cannot reach the Dask scheduler at {address}: {exc}") from None

    def play(pack: ContentPack, tasks: list[Task]) -> Iterator[tuple[int, Any]]:
        try:
            shared = client.scatter(pack, broadcast=True)
            futures = [client.submit(_play_task, shared, *task, pure=False) for task in tasks]
            # All tasks run at once on the cluster; collecting them in order keeps this simple.
            for i, future in enumerate(futures):
                yield i, future.result()
        finally:
            client.close()

    return play


def _play_task(pack: ContentPack, plan: Any, players: int, start: int, stop: int) -> Any:
    return plan.play_chunk(pack, players, start, stop)
