"""Where the runs of scenarios and campaigns are played: here, on local worker processes, or
(``sim.distributed``) on a Dask cluster.

A *plan* (``ScenarioPlan``, ``CampaignPlan``) splits its runs into tasks ``(players, first run,
end run)`` (``plan.chunks()``), plays one task into an aggregate (``plan.play_chunk(pack,
...)``) and makes empty aggregates (``plan.new_stats(players)``); aggregates ``merge`` in any
order into the same numbers. An *executor* plays tasks ``(plan, players, start, stop)`` and
yields ``(task index, aggregate)`` (in any order); :func:`run_plans` merges them per plan and
player count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from typing import Any

from doria_forge.model import ContentPack

Task = tuple[Any, int, int, int]
"""``(plan, players, first run, end run)``."""

Executor = Callable[[ContentPack, list[Task]], Iterator[tuple[int, Any]]]
"""Plays tasks somewhere and yields ``(task index, aggregate)`` in any order."""


def run_plans(pack: ContentPack, plans: Sequence[Any], *, executor: Executor | None = None,
              progress: Callable[[int], None] | None = None) -> list[dict[int, Any]]:
    """Play every plan's tasks; returns per plan ``{players: aggregate}`` (in ``plan.players``
    order). ``progress(n)`` hears of every ``n`` runs finished. ``executor`` defaults to this
    process."""
    tasks: list[Task] = [(plan, *chunk) for plan in plans for chunk in plan.chunks()]
    results = [{n: plan.new_stats(n) for n in plan.players} for plan in plans]
    index = {id(plan): i for i, plan in enumerate(plans)}
    for task_index, stats in (executor or local_executor(1))(pack, tasks):
        plan = tasks[task_index][0]
        results[index[id(plan)]][stats.players].merge(stats)
        if progress:
            progress(stats.runs)
    return results


def local_executor(jobs: int) -> Executor:
    """Play tasks on ``jobs`` local worker processes (in this process for 1, or when no worker
    process can start). The workers are ``sim.workers.worker_pool``'s: they ignore Ctrl-C, die
    with their parent, and are stopped at once when the runs end by an exception (Ctrl-C,
    SIGTERM, an error); a worker that dies makes ``WorkerFailed``."""

    def play(pack: ContentPack, tasks: list[Task]) -> Iterator[tuple[int, Any]]:
        from .workers import worker_pool

        with worker_pool(min(jobs, len(tasks)), _init_worker, (pack,)) as pool:
            if pool is None:  # one job, one task, or no worker could start (see sim.workers)
                for i, (plan, players, start, stop) in enumerate(tasks):
                    yield i, plan.play_chunk(pack, players, start, stop)
                return
            futures: list[Future] = [pool.submit(_worker_task, *task) for task in tasks]
            # In task order, one future at a time: the pool works through the tasks in that
            # order anyway, and concurrent.futures.wait() over every pending future takes all
            # their locks at once, which a Ctrl-C in between leaves taken (the pool's thread then
            # hangs the exit).
            for i, future in enumerate(futures):
                yield i, future.result()

    return play


_WORKER_PACK: ContentPack | None = None


def _init_worker(pack: ContentPack) -> None:
    # The pack crosses to each worker once, not once per task.
    global _WORKER_PACK
    _WORKER_PACK = pack


def _worker_task(plan: Any, players: int, start: int, stop: int) -> Any:
    assert _WORKER_PACK is not None
    return plan.play_chunk(_WORKER_PACK, players, start, stop)
