"""The cyclic garbage collector while modules load, and while a game is played.

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

A game played by bots allocates tuples, dicts and lists by the hundred thousand (route searches,
keys of remembered answers), nearly all of them freed by reference counting at once. Collected
every 700 net allocations, as the interpreter does by default, the youngest generation was scanned
some 3-5 times a scenario playthrough, older ones now and then, with the big containers
just made (search tables, memos): 1.2-1.5 ms of a playthrough's 23 ms, more on a busy machine.
:func:`fewer_young_collections` scans it every :data:`GAME_YOUNG_THRESHOLD` allocations while a
game is played (0.12-0.16 ms a playthrough); the collector stays on, and the games are the same
(nothing in the engine depends on when garbage is collected).
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


WORK_YOUNG_THRESHOLD = 5_000
"""Net allocations of container objects between two collections of the youngest generation
while a command works (the interpreter's default: 700). A cold ``validate`` of the shipped pack
collected it 63 times (8 ms, 2% of the run) for the parsed YAML, the models and the problems it
builds, nearly all alive until the end; at 5,000 it collects 9 times (3 ms), with the same peak
memory."""


def started() -> None:
    """The command starts its work: if :func:`pause` paused the collector, freeze every object
    alive now (they are never collected, as modules are not), turn the collector back on and
    collect the youngest generation every :data:`WORK_YOUNG_THRESHOLD` allocations. Does nothing
    otherwise (a test calling the CLI in its own process)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.set_threshold(max(WORK_YOUNG_THRESHOLD, gc.get_threshold()[0]), *gc.get_threshold()[1:])
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


GAME_YOUNG_THRESHOLD = 10_000
"""Net allocations of container objects between two collections of the youngest generation
while a game is played (the interpreter's default: 700). Ten thousand young objects are about a
megabyte at most."""


@contextmanager
def fewer_young_collections(threshold: int = GAME_YOUNG_THRESHOLD) -> Iterator[None]:
    """Run the body with the youngest generation collected every ``threshold`` net allocations
    (unless it already waits longer); the older generations keep their thresholds. The
    thresholds found are restored afterwards; nested uses restore in turn."""
    found = gc.get_threshold()
    if found[0] >= threshold:
        yield
        return
    gc.set_threshold(threshold, *found[1:])
    try:
        yield
    finally:
        gc.set_threshold(*found)
