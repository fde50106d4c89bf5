"""Command-line values typer's own types let through: each parser takes the text as typed and
returns the value, or raises ``typer.BadParameter`` (a usage error, exit 2, naming the option).

Typer turns an empty argument into ``Path("")``, which is the working folder: ``validate ''``
validated whatever folder it ran in and exited 0.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import typer

GAME_SEED_MAX = 2**64 - 1
"""The largest seed any ``--seed``/``--replay-seed`` takes (a game's dice seed): a saved game's seed
is 0 to it (``render.saved_game``), and the dice play -1 as 1, so a negative seed names no game of
its own."""


def seed_option(default: int | None, help: str) -> Any:
    """A ``--seed`` option: every command takes 0 to
    :data:`GAME_SEED_MAX`, refused with the same usage error (exit 2). A master seed of a
    simulation has the same range as a game's dice seed, so a seed a report names is always one
    every other command takes."""
    return typer.Option(default, "--seed", min=0, max=GAME_SEED_MAX, help=help)


def replay_seed_option(help: str) -> Any:
    """``--replay-seed``: as :func:`seed_option`, no default."""
    return typer.Option(None, "--replay-seed", min=0, max=GAME_SEED_MAX, help=help)


def pack_path(value: str | Path) -> Path:
    """A pack path as typed: refused when empty (or only blanks)."""
    if isinstance(value, str) and not value.strip():
        raise typer.BadParameter("the pack path is empty; name a pack folder, a YAML file or an installed pack id")
    return Path(value)


def out_path(value: str | Path) -> Path:
    """An ``--out`` path as typed: refused when empty (``--out=`` with an unset shell variable
    wrote the PDFs and CSVs into the working folder)."""
    if isinstance(value, str) and not value.strip():
        raise typer.BadParameter("--out is empty; name the file or folder to write (leave --out out for the default)")
    return Path(value)


def out_file(value: str | Path) -> Path:
    """An output file's path as typed (``--out`` of a report or bundle, ``--report``): as
    :func:`out_path`, and refused when it ends with a path separator, a folder's name (``--out
    reports/`` wrote a file named ``reports``: the separator is gone once it is a ``Path``)."""
    path = out_path(value)
    if isinstance(value, str) and value.endswith(tuple(sep for sep in (os.sep, os.altsep) if sep)):
        raise typer.BadParameter(f"{value!r} ends with {value[-1]!r}, the name of a folder; give the file to write "
                                 "(a name in that folder)")
    return path


def bleed_mm(value: str | float) -> float:
    """A ``--bleed`` as typed: a number of mm, 0 or more (``nan`` and ``inf`` are numbers to
    ``float`` and got "greater than or equal to 0" for an answer)."""
    try:
        number = float(value)
    except ValueError:
        raise typer.BadParameter(f"{value!r} is not a number of mm (for example 3)") from None
    if not math.isfinite(number) or number < 0:
        raise typer.BadParameter(f"{value!r}: give the bleed in mm, 0 or more (for example 3)")
    return number


def interval_width(value: str | float) -> float:
    """A ``--precision`` as typed: the width of a win rate's interval, 0.001 to 0.999. One
    parser for the duels, the scenarios and ``build`` (which passes it to both): ``nan`` was
    told to be "less than or equal to 0.999" by one, and 0.0005 passed ``build`` but not
    ``simulate scenario``."""
    try:
        number = float(value)
    except ValueError:
        raise typer.BadParameter(f"{value!r} is not a number (the interval's width, for example 0.05)") from None
    if not math.isfinite(number) or not 0.001 <= number <= 0.999:
        raise typer.BadParameter(f"{value!r}: give the interval's width, from 0.001 to 0.999 (for example 0.05)")
    return number


def out_option(what: str, default: str, *, file: bool = False) -> Any:
    """The ``--out`` option of a command that writes ``what`` to ``default`` (a path under
    ``build/``) without it; the command reads ``None`` as ``pipeline.default_output``, which says
    where that is when the command runs inside a pack or its project. An empty value is refused
    (``out_path``); ``file``: ``what`` is one file, and a folder's name is refused (``out_file``)."""
    return typer.Option(None, "--out", parser=out_file if file else out_path,
                        help=f"{what} (default {default}; run inside a pack or its project: the project's {default}).")


PROGRESS_OPT = typer.Option(True, "--progress/--no-progress",
                            help="Show a progress bar (where stderr is a terminal).")
"""``--progress/--no-progress`` of every slow command (``infra.terminal.progress_bar``)."""


def pack_argument(help: str = "Pack folder (or one YAML file).") -> Any:
    """The ``PACK`` argument of the commands that read a pack (default ``content``)."""
    return typer.Argument(Path("content"), help=help, show_default=True, metavar="PACK", parser=pack_path)
