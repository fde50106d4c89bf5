"""--scheduler: runs on a Dask cluster give the same numbers as local processes (a local
cluster here; skipped when Dask is not installed)."""

import pytest

from doria_forge.sim.executors import local_executor, run_plans
from doria_forge.sim.scenario_runner import make_plan

distributed = pytest.importorskip("distributed")


def test_a_local_dask_cluster_gives_the_local_numbers(shipped_pack):
    from doria_forge.sim.distributed import dask_executor

    plan = make_plan(shipped_pack, "sunken_reliquary", players=[1, 2], runs=3, seed=4)
    local = run_plans(shipped_pack, [plan], executor=local_executor(1))[0]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        remote = run_plans(shipped_pack, [plan], executor=dask_executor(cluster.scheduler_address))[0]
    assert {n: s.to_data() for n, s in remote.items()} == {n: s.to_data() for n, s in local.items()}


def test_an_unreachable_scheduler_is_a_usage_error():
    from doria_forge.sim.distributed import DaskUnavailable, dask_executor

    with pytest.raises(DaskUnavailable, match="cannot reach the Dask scheduler"):
        dask_executor("tcp://127.0.0.1:9", timeout="1s")
