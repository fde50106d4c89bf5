"""The one exception the PDF export raises for problems a user can fix."""

from __future__ import annotations


class ExportError(Exception):
    """A user-facing export problem: unknown id, bad layout, card too big for the paper, template error.

    The message is complete on its own (it names the file, deck, id or template involved), so the
    CLI can print ``str(error)`` and exit non-zero without a traceback.
    """


class UnknownItemError(ExportError):
    """The id asked for (preview) names no card or Room Tile, or several: a usage error (exit 2)."""


class OptionError(ExportError):
    """The command line's layout options (``--card-size``, ``--bleed``, ``--paper``...) ask for what
    cannot print, where the layout files alone can: a usage error (exit 2)."""
