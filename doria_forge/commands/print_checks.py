"""The checks ``validate`` adds that need the print code: the project's layout files and whether
every card text fits its box (:func:`doria_forge.commands.pipeline.validate` runs both).

They sit below the print commands (:mod:`doria_forge.commands.pipeline_print`, which imports the
pipeline) so that the pipeline's ``validate`` does not import the print commands back.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from doria_forge.infra.assets import PACKAGE_ROOT
from doria_forge.infra.terminal import relative_path

if TYPE_CHECKING:  # the validation code loads when a command runs, not for --help
    from doria_forge.load import LoadedDocument
    from doria_forge.validate import ValidationResult


def with_layout_problems(result: ValidationResult, project: Path, *, cache: bool = True) -> ValidationResult:
    """``result`` (a ``ValidationResult``) with the problems of the project's layout files
    (``<project>/layouts/*.yaml``) added, each at ``file:line:column``; any error drops the pack,
    as a content error does. A file found clean before, unchanged, is not checked again
    (``doria_forge.infra.clean_cache``; ``cache=False``: every file is checked, nothing remembered)."""
    from doria_forge.export.layout_names import layout_document, name_clashes
    from doria_forge.infra import clean_cache
    from doria_forge.infra.assets import layout_files, layouts_folder_of, project_assets
    from doria_forge.load import Severity
    from doria_forge.load.files import PackFileError, read_confined

    project_layout, _ = project_assets(Path(project))  # the one every export without options prints with
    found = []
    # every file read with its YAML document, for the names they share (name_clashes)
    read: list[tuple[Path, str, LoadedDocument | None]] = []
    for path in layout_files([Path(project) / "layouts"]):
        shown = relative_path(path)
        raw = key = None
        try:  # as the check reads it: never blocks on a FIFO, never reads a huge file
            raw = read_confined(path, layouts_folder_of(path), area="its layouts folder")
        except PackFileError:
            pass  # check_layout_file reports what is wrong with the file
        else:
            if cache:
                key = clean_cache.clean_key("layout", raw, shown, _LAYOUT_CHECK_CODE)
                if clean_cache.is_clean("layout", key):
                    read.append((path, shown, layout_document(raw, shown)))
                    continue
        from doria_forge.export.layouts import check_layout_file, parsed_layout
        from doria_forge.export.pdf.layout import paper_fit_problems

        if raw is None:
            _, problems = check_layout_file(path, shown)
        else:
            # the bytes just hashed are the ones checked (read once, and no change can slip between),
            # parsed once for the check, the fit on the paper and the names
            layout, doc, problems = parsed_layout(raw, shown)
            read.append((path, shown, doc if doc is not None else layout_document(raw, shown)))
            if path == project_layout and not problems:
                # the project's layout as every export without options prints it
                problems = paper_fit_problems(layout, doc)
        if not problems:
            clean_cache.remember_clean("layout", key)
        found += problems
    found += name_clashes(read)
    if not found:
        return result
    merged = tuple(sorted(set(result.problems) | set(found)))
    failed = any(p.severity is Severity.ERROR for p in merged)
    return dataclasses.replace(result, problems=merged, pack=None if failed else result.pack)


_LAYOUT_CHECK_CODE = tuple(PACKAGE_ROOT / name for name in (
    "export/layouts.py", "export/pdf/layout.py", "load/schema.py", "load/loader.py", "load/problem.py",
    "load/files.py"))
"""The sources whose change can change a layout file's problems (its models, the fit on the paper,
the schema messages, the YAML reader)."""


def with_text_fit_problems(result: ValidationResult, project: Path, *, cache: bool = True) -> ValidationResult:
    """``result`` (a valid ``ValidationResult``) with a ``card-text-fit`` warning for every card text
    that would print cut, in each language of the pack, with the project's layout
    (``doria_forge.export.text_fit``; ``cache=False``: measured afresh, nothing remembered). A
    result with errors, or a project layout with mistakes (reported by
    :func:`with_layout_problems`), is returned as it is."""
    if result.pack is None:
        return result
    from doria_forge.export.errors import ExportError
    from doria_forge.export.text_fit import text_fit_problems
    from doria_forge.infra.assets import project_assets

    layout_file, _ = project_assets(project)
    try:
        found = text_fit_problems(result.pack, layout_file, result.source_map.locate, use_cache=cache,
                                  files_digest=result.files_digest)
    except ExportError:
        return result
    if not found:
        return result
    return dataclasses.replace(result, problems=tuple(sorted(set(result.problems) | set(found))))
