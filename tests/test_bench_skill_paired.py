"""benchmarks/bench_skill.py's paired skill gap: run i of every policy has the same seeds, so the
gap is also judged on the pairs (McNemar's exact test, the Bonett-Price interval)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from doria_forge.sim.clarity import paired_interval


def bench():
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_skill.py"
    spec = importlib.util.spec_from_file_location("bench_skill", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cell(won):
    return {"runs": len(won), "wins": sum(won), "won": list(won), "cpu": 1.0, "rounds": 0, "outcomes": {}}


def test_the_paired_gap_is_judged_on_the_discordant_runs_of_the_seeds_both_played():
    """The stronger won 12 runs the weaker lost and lost 2 it won, of 40 shared seeds; its extra
    20 runs (no counterpart) count in the unpaired figures only."""
    weaker = [1] * 10 + [0] * 12 + [1] * 2 + [0] * 16
    stronger = [1] * 10 + [1] * 12 + [0] * 2 + [0] * 16 + [1] * 20
    g = bench().gap(cell(stronger), cell(weaker))
    paired = g["paired"]
    assert paired["runs"] == 40 and paired["discordant"] == [12, 2]
    assert paired["difference"] == pytest.approx(10 / 40)
    # McNemar exact: 2 P(Bin(14, 1/2) <= 2) = 2 * (1 + 14 + 91) / 2**14
    assert paired["p_value"] == pytest.approx(2 * 106 / 2 ** 14)
    assert paired["interval"] == pytest.approx(list(paired_interval(set(range(10, 22)) | set(range(10)),
                                                                    set(range(10)) | {22, 23}, 40)))
    assert g["difference"] == pytest.approx(42 / 60 - 12 / 40)  # unpaired: all runs of each
