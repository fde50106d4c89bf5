"""The names a print layout file answers to (``--profile NAME``), apart from the layout models:
``validate`` checks them on every run, even when the layout files are remembered clean and
:mod:`doria_forge.export.layouts` (pydantic's models) is not loaded."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from doria_forge.load import LoadedDocument, Location, Problem, Severity, load_text

LAYOUT_RULE = "layout"
"""Rule id of the problems found in layout files (besides the loader's ``yaml-syntax``, ``encoding``...)."""


def normalise_name(name: str) -> str:
    """A layout or profile name compared without case, spaces, ``-`` and ``_``."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def layout_document(raw: bytes | str, shown: str) -> LoadedDocument | None:
    """The YAML document of a layout file's ``raw`` content (named ``shown``), or ``None`` (empty,
    or no YAML): what :func:`name_clashes` reads its names from, without the layout models."""
    documents, _ = load_text(raw, path=shown, file=shown)
    return documents[0] if documents else None


def name_clashes(files: Sequence[tuple[Path, str, LoadedDocument | None]]) -> list[Problem]:
    """An error at each name of a layout file (its file name without ``.yaml``, its profile's
    ``name`` and ``aliases``) that another of ``files`` already has, naming the other: ``--profile
    NAME`` picks one of the two without a word (:func:`doria_forge.export.layouts.named_layout`).

    ``files``: ``(path, shown, its YAML document)`` of one folder's files, in
    :func:`~doria_forge.infra.assets.layout_files` order (the document as the check parsed it, or
    :func:`layout_document`'s). Names compare as ``--profile`` compares them
    (:func:`normalise_name`); a file repeating its own name (``thegamecrafter.yaml`` named ``The Game
    Crafter``) is no clash."""
    claimed: dict[str, tuple[str, str]] = {}
    problems = []
    for path, shown, doc in files:
        claims: list[tuple[tuple[str | int, ...], object]] = [((), path.stem)]
        profile = doc.data.get("profile") if doc is not None and isinstance(doc.data, dict) else None
        if isinstance(profile, dict):
            aliases = profile.get("aliases")
            claims += [(("profile", "name"), profile.get("name")),
                       *((("profile", "aliases", i), a) for i, a in enumerate(aliases if isinstance(aliases, list)
                                                                              else []))]
        own: set[str] = set()
        for where, name in claims:
            key = normalise_name(name) if isinstance(name, str) else ""
            if not key or key in own:
                continue
            own.add(key)
            location = doc.locate(where, value=True) if doc is not None and where else Location(shown, 1, 1)
            if key not in claimed:
                claimed[key] = (str(location) if where else shown, str(name))
                continue
            other, other_name = claimed[key]
            written = f" ({other_name!r})" if other_name != name else ""
            problems.append(Problem.at(location, LAYOUT_RULE, Severity.ERROR,
                                       f"{str(name)!r} is also a name of {other}{written}: --profile "
                                       f"{name} picks one of them without a word; give each layout file its own names"))
    return problems
