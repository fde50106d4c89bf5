"""The rulebook tables of ``shared/data`` (the German rulebook appendix, cleaned) for the tests
that compare the shipped pack or the engine with them.

They live beside the clone (``<clone>/../shared/data``), as CI has them. A test reading one fails
when the CSV is missing or unreadable there. Only a machine without that folder at all (a fresh
clone on its own, as the README's test command makes) skips it, saying so (``pytest -rs`` lists
it); where ``CI`` is set, the folder's absence fails it too.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def rows(name: str) -> list[dict[str, str]]:
    """The rows of ``shared/data/name`` (a skip where the folder is absent, see the module docstring)."""
    if not DATA.is_dir():
        where = f"the rulebook tables ({DATA}, beside the clone) are not on this machine"
        if os.environ.get("CI"):
            pytest.fail(f"{where}; CI runs with shared/ beside the checkout")
        pytest.skip(f"{where}: not compared with the rulebook here (CI compares it)")
    path = DATA / name
    assert path.is_file(), f"{path} is missing from the rulebook tables"
    with path.open(encoding="utf-8", newline="") as fh:
        found = list(csv.DictReader(fh))
    assert found, f"{path} has no rows"
    return found
