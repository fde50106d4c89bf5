"""How a doria-forge run ends: on SIGTERM or SIGHUP, and when its output stream fails.

The default action of SIGTERM ends the process on the spot: no ``finally`` runs, so worker
processes lived on and temporary files stayed. :func:`run` turns SIGTERM and SIGHUP into
``SystemExit(128 + signal)`` (143 for SIGTERM), which unwinds like Ctrl-C (exit 130) does:
workers are stopped, staged outputs dropped, temporary files removed. A run ended so says why in
one line on stderr (``interrupted``, ``terminated (SIGTERM)``), after the unwinding: an exit code
alone left a user or a CI log wondering whether it had crashed.

An output stream that fails (``validate > /dev/full``, a closed pipe) ends the run with one
line on stderr and exit code 2 instead of a traceback and an "Exception ignored" at exit. The
command line hands a closed pipe on as :class:`OutputClosed`: its own handling would end the run
with exit 1, which reads as content problems.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

from doria_forge.infra.terminal import PrintableFormatter, printable


def _terminate(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)


def install_signal_handlers() -> None:
    """SIGTERM and SIGHUP raise ``SystemExit(128 + signal)`` in the main thread (where the
    system lets a handler be set; a signal the parent ignores stays ignored)."""
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is None:
            continue
        try:
            if signal.getsignal(signum) is signal.SIG_DFL:
                signal.signal(signum, _terminate)
        except (ValueError, OSError):  # not the main thread
            pass


def configure_logging() -> None:
    """Warnings and errors of the stages on stderr, one printable line each."""
    handler = logging.StreamHandler()
    handler.setFormatter(PrintableFormatter("%(levelname)s: %(message)s"))
    logging.basicConfig(level=logging.WARNING, handlers=[handler])


class OutputClosed(Exception):
    """The reader of the output stream went away (``BrokenPipeError``), raised past the command
    line's own handling of it; ``str()`` is the system's words for it."""


STOPPED = {130: "interrupted", 143: "terminated (SIGTERM)", 129: "terminated (SIGHUP)"}
"""The line a run stopped by a signal ends with, by its exit code (128 + signal): Ctrl-C (which
the command line turns into exit 130), SIGTERM and SIGHUP (:func:`install_signal_handlers`)."""


def run(main: Callable[[], Any]) -> None:
    """Run the command line ``main`` with the signal handlers and the output-failure guard."""
    install_signal_handlers()
    configure_logging()
    try:
        if sys.stdout is None:  # started with its output closed (`>&-`): Python gives no stream at all
            raise OutputClosed("standard output is closed")
        try:
            main()
        except KeyboardInterrupt:  # outside the command line's own handling of it
            raise SystemExit(130) from None
        finally:  # what is still buffered fails here, not in the interpreter's last flush
            sys.stdout.flush()
    except SystemExit as exc:
        if isinstance(exc.code, int) and exc.code in STOPPED:
            _tell(STOPPED[exc.code])
        raise
    except (OSError, OutputClosed) as exc:
        _silence_stdout()
        filename = getattr(exc, "filename", None)
        where = f"{filename}: " if filename else "cannot write output: "
        _tell(f"error: {where}{getattr(exc, 'strerror', None) or exc}")
        raise SystemExit(2) from None


def _tell(line: str) -> None:
    """``line`` on stderr, printable; nothing when stderr fails too."""
    try:
        sys.stderr.write(printable(line) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # closed, or no stream at all (`2>&-`)
        pass


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
