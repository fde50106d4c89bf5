"""Print output: card decks, Room Tiles, sheets and scenario pages as PDFs a print shop accepts.

Public API (lengths in mm unless a name says ``_pt``):

- :func:`export_pdfs` ``(pack, out_dir, layout=None) -> list[Path]``: every PDF of the pack;
- :func:`project_assets` ``(project) -> (layout file, templates folder)``: a project's own or the defaults;
- :func:`make_overrides` / :class:`LayoutOverrides`: command-line changes to the layout (paper, card size,
  bleed, one per page);
- :class:`ExportError`: every user-facing problem, with a complete message;
- ``doria_forge.export.preview.render_preview`` renders one card or tile to PNG.
"""

from .errors import ExportError, UnknownItemError
from .export import build_decks, export_pdfs, find_item, project_assets
from .layout import LayoutFile, LayoutOverrides, SheetLayout, compute_grid, load_layout, make_overrides

__all__ = ["ExportError", "LayoutFile", "LayoutOverrides", "SheetLayout", "build_decks", "compute_grid",
           "export_pdfs", "find_item", "load_layout", "make_overrides", "project_assets", "UnknownItemError"]
