"""Print output: card decks, Room Tiles, sheets and scenario pages as PDFs a print shop accepts.

Public API (lengths in mm unless a name says ``_pt``):

- :func:`export_pdfs` ``(pack, out_dir, layout=None) -> list[Path]``: every PDF of the pack;
- :func:`project_assets` ``(project) -> (layout file, templates folder)``: a project's own or the defaults;
- :func:`make_overrides` / :class:`LayoutOverrides`: command-line changes to the layout (paper, card size,
  bleed, one per page);
- :class:`ExportError`: every user-facing problem, with a complete message;
- ``doria_forge.export.preview.render_preview`` renders one card or tile to PNG.

The names are loaded on first use: importing a module of this package that draws nothing (the card
specs of :mod:`.spec` and :mod:`.faces`, :mod:`.layout`) does not load reportlab.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .errors import ExportError, UnknownItemError
    from .export import build_decks, export_pdfs, find_item, project_assets
    from .layout import LayoutFile, LayoutOverrides, SheetLayout, compute_grid, load_layout, make_overrides

_HOME = {
    "ExportError": "errors", "UnknownItemError": "errors",
    "build_decks": "export", "export_pdfs": "export", "find_item": "export", "project_assets": "export",
    "LayoutFile": "layout", "LayoutOverrides": "layout", "SheetLayout": "layout", "compute_grid": "layout",
    "load_layout": "layout", "make_overrides": "layout",
}

__all__ = ["ExportError", "LayoutFile", "LayoutOverrides", "SheetLayout", "build_decks", "compute_grid",
           "export_pdfs", "find_item", "load_layout", "make_overrides", "project_assets", "UnknownItemError"]


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_HOME[name]}", __name__), name)
    globals()[name] = value  # found once, then a plain module attribute
    return value
