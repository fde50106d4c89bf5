"""Fixtures shared by the command-line tests."""

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def pack(tmp_path) -> Path:
    """A private copy of the shipped ``content/`` that a test may break."""
    dest = tmp_path / "content"
    shutil.copytree(ROOT / "content", dest)
    return dest
