"""The export's user-facing exceptions (defined in :mod:`doria_forge.export.errors`, which the
layout data can import without loading the PDF stack)."""

from ..errors import ExportError, OptionError, UnknownItemError

__all__ = ["ExportError", "OptionError", "UnknownItemError"]
