"""The cyclic garbage collector while modules load.

Importing typer, pydantic and the content models creates a few hundred thousand objects that
live as long as the process. The cyclic collector would scan them again and again while they
are young: about 5% of a ``validate``. So it is paused while they load, and what they created
is then moved out of its reach (:func:`gc.freeze`), so that later collections scan only the
objects of the work itself:

- the console script pauses it from the first line (:func:`pause`) until the command starts its
  work (:func:`started`, from the CLI's callback, after typer has parsed the options: parsing
  imports pydantic);
- a stage that imports what it needs when it runs wraps those imports in :func:`loading`.

The collector stays on for the work: a pack full of errors makes cyclic garbage, and with the
collector off for a whole run a 100x pack peaked 28% higher.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator
from contextlib import contextmanager

_paused = False
"""True from :func:`pause` to :func:`started`."""


def pause() -> None:
    """Pause the cyclic collector until :func:`started` (the console script's first step)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def started() -> None:
    """The command starts its work: if :func:`pause` paused the collector, freeze every object
    alive now (they are never collected, as modules are not) and turn the collector back on.
    Does nothing otherwise (a test calling the CLI in its own process)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()


@contextmanager
def loading() -> Iterator[None]:
    """Run the body (imports) with the cyclic collector paused; when it imported any module,
    freeze every object alive at its end. Freezing only after new imports keeps a second pass
    over the same code (``watch`` validating again) from freezing the garbage of the pass
    before. The collector is left on or off as it was found."""
    enabled = gc.isenabled()
    modules = len(sys.modules)
    gc.disable()
    try:
        yield
    finally:
        if len(sys.modules) != modules:
            gc.freeze()
        if enabled:
            gc.enable()
