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


@pytest.fixture(autouse=True, scope="session")
def _private_matchup_cache(tmp_path_factory):
    """Simulations in tests cache their matchups in a folder of the test session, never in
    the user's cache folder (``DORIA_FORGE_CACHE_DIR``)."""
    import os

    folder = tmp_path_factory.mktemp("matchup-cache")
    old = os.environ.get("DORIA_FORGE_CACHE_DIR")
    os.environ["DORIA_FORGE_CACHE_DIR"] = str(folder)
    yield folder
    if old is None:
        os.environ.pop("DORIA_FORGE_CACHE_DIR", None)
    else:
        os.environ["DORIA_FORGE_CACHE_DIR"] = old


@pytest.fixture(autouse=True)
def _no_output_in_the_checkout():
    """A test writes its outputs under tmp_path: one that ran a command without ``--out`` from the
    checkout left ``build/simulation.json`` there (the default output folder, ``build/`` in the
    working folder) after every run of the suite. Fails the test that makes the folder (unless it
    was there before: a designer's own build)."""
    from doria_forge.commands.pipeline import OUTPUT_FOLDER

    folder = ROOT / OUTPUT_FOLDER
    there = folder.exists()
    yield
    if not there and folder.exists():
        made = sorted(str(p.relative_to(ROOT)) for p in folder.rglob("*"))
        shutil.rmtree(folder, ignore_errors=True)  # so the next test is judged on its own
        pytest.fail(f"the test wrote into the checkout: {', '.join(made)}; give the command --out under tmp_path")


@pytest.fixture(autouse=True, scope="session")
def _ctrl_c_interrupts():
    """Tests send Ctrl-C (SIGINT) to this process and to the commands it starts. A shell without
    job control that starts the test run in the background hands it SIGINT ignored, and an
    ignored SIGINT stays ignored in Python and in every child: no KeyboardInterrupt, exit 0
    instead of 130. The run gives SIGINT Python's own handler (children then start with the
    default), and puts back what it found."""
    import signal

    found = signal.getsignal(signal.SIGINT)
    if found is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    if found is signal.SIG_IGN:
        signal.signal(signal.SIGINT, found)


@pytest.fixture(scope="session")
def shipped_pack():
    """The shipped ``content/`` pack, validated once for the whole session (read-only)."""
    from doria_forge.validate import validate_pack

    result = validate_pack(ROOT / "content")
    assert result.pack is not None
    return result.pack
