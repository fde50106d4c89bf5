"""Where the runs of scenarios and campaigns are played: here, on local worker processes, or
(``sim.distributed``) on a Dask cluster.

A *plan* (``ScenarioPlan``, ``CampaignPlan``) splits its runs into tasks ``(players, first run,
end run)`` (``plan.chunks()``, made one at a time), plays one task into an aggregate
(``plan.play_chunk(pack, ...)``) and makes empty aggregates (``plan.new_stats(players)``);
aggregates ``merge`` in any order into the same numbers. An *executor* plays tasks ``(plan,
players, start, stop)`` and yields ``(task, aggregate)`` (in any order); :func:`run_plans`
merges them per plan and player count.

Tasks are planned lazily: an executor takes the next task only when it has room for it (at
most :data:`IN_FLIGHT_PER_WORKER` per worker), so the memory a run holds does not grow with
``--runs`` (a billion runs once meant 62 million task tuples before the first game).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future
from itertools import chain, islice
from typing import Any

from doria_forge.model import ContentPack

Task = tuple[Any, int, int, int]
"""``(plan, players, first run, end run)``."""

Executor = Callable[[ContentPack, Iterable[Task]], Iterator[tuple[Task, Any]]]
"""Plays tasks somewhere, taking them from the iterable as it has room, and yields
``(task, aggregate)`` in any order."""

IN_FLIGHT_PER_WORKER = 4
"""Tasks handed to each worker ahead of time: enough to keep it busy between results."""


def plan_tasks(plans: Sequence[Any]) -> Iterator[Task]:
    """Every task of ``plans``, plan after plan, each in its ``chunks()`` order, made one at a time."""
    for plan in plans:
        for chunk in plan.chunks():
            yield (plan, *chunk)


def run_plans(pack: ContentPack, plans: Sequence[Any], *, executor: Executor | None = None,
              progress: Callable[[int], None] | None = None) -> list[dict[int, Any]]:
    """Play every plan's tasks; returns per plan ``{players: aggregate}`` (in ``plan.players``
    order). ``progress(n)`` hears of every ``n`` runs finished. ``executor`` defaults to this
    process."""
    results = [{n: plan.new_stats(n) for n in plan.players} for plan in plans]
    index = {id(plan): i for i, plan in enumerate(plans)}
    for (plan, *_), stats in (executor or local_executor(1))(pack, plan_tasks(plans)):
        results[index[id(plan)]][stats.players].merge(stats)
        if progress:
            progress(stats.runs)
    return results


class RunsLost(RuntimeError):
    """The machinery playing the runs went away in the middle (a lost Dask cluster): the finished
    chunks a cache keeps let the same command resume."""


def cached(executor: Executor, store: Any) -> Executor:
    """``executor`` behind ``store`` (a ``sim.chunk_store.ChunkStore``): a task kept there is
    answered from it, the others are played and kept as each finishes. A :class:`RunsLost` on
    the way says how many finished chunks are kept. ``store.prune()`` runs when all is played."""

    def play(pack: ContentPack, tasks: Iterable[Task]) -> Iterator[tuple[Task, Any]]:
        kept: deque[tuple[Task, Any]] = deque()

        def misses() -> Iterator[Task]:
            for task in tasks:
                found = store.get(task)
                if found is None:
                    yield task
                else:
                    kept.append((task, found))

        try:
            for task, stats in executor(pack, misses()):
                while kept:
                    yield kept.popleft()
                store.put(task, stats)
                yield task, stats
        except RunsLost as exc:
            n = store.count
            raise type(exc)(f"{exc}; {n} finished chunk{'s are' if n != 1 else ' is'} kept: run the same "
                            "command again to play the rest") from None
        while kept:
            yield kept.popleft()
        store.prune()

    return play


def windowed(tasks: Iterable[Task], submit: Callable[[Task], Future], window: int) -> Iterator[tuple[Task, Any]]:
    """Submit ``tasks`` through ``submit`` keeping at most ``window`` unfinished, and yield
    ``(task, result)`` in task order (the workers take them in that order anyway)."""
    source = iter(tasks)
    pending: deque[tuple[Task, Future]] = deque((task, submit(task)) for task in islice(source, window))
    while pending:
        task, future = pending.popleft()
        # One future at a time, in order: concurrent.futures.wait() over every pending future
        # takes all their locks at once, which a Ctrl-C in between leaves taken (the pool's
        # thread then hangs the exit).
        result = future.result()
        for following in islice(source, 1):
            pending.append((following, submit(following)))
        yield task, result


def local_executor(jobs: int) -> Executor:
    """Play tasks on ``jobs`` local worker processes (in this process for 1, or when no worker
    process can start). The workers are ``sim.workers.worker_pool``'s: they ignore Ctrl-C, die
    with their parent, and are stopped at once when the runs end by an exception (Ctrl-C,
    SIGTERM, an error); a worker that dies makes ``WorkerFailed``."""

    def play(pack: ContentPack, tasks: Iterable[Task]) -> Iterator[tuple[Task, Any]]:
        from .workers import worker_pool

        source = iter(tasks)
        first = list(islice(source, jobs))  # fewer tasks than jobs need fewer processes
        with worker_pool(min(jobs, len(first)), _init_worker, (pack,)) as pool:
            if pool is None:  # one job, one task, or no worker could start (see sim.workers)
                for task in chain(first, source):
                    plan, players, start, stop = task
                    yield task, plan.play_chunk(pack, players, start, stop)
                return
            yield from windowed(chain(first, source), lambda task: pool.submit(_worker_task, *task),
                                jobs * IN_FLIGHT_PER_WORKER)

    return play


_WORKER_PACK: ContentPack | None = None


def _init_worker(pack: ContentPack) -> None:
    # The pack crosses to each worker once, not once per task.
    global _WORKER_PACK
    _WORKER_PACK = pack


def _worker_task(plan: Any, players: int, start: int, stop: int) -> Any:
    assert _WORKER_PACK is not None
    return plan.play_chunk(_WORKER_PACK, players, start, stop)
