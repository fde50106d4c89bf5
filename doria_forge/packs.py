"""Finding the packs a pack requires.

A pack folder holds its manifest in ``pack.yaml`` (``kind: pack``); ``requires`` names the packs
it builds on, each with an optional version range (see :class:`doria_forge.model.Requirement`).
A required pack is looked for, first match wins:

1. in the folders listed in the environment variable ``DORIA_FORGE_PACKS`` (separated like
   ``PATH``), each a pack folder or a folder of pack folders;
2. in the folders beside the requiring pack (a designer's project: ``content/`` and ``frost/``
   side by side);
3. among the packs doria-forge ships: the base pack ``doria-base`` (``content/`` of a source
   checkout, ``doria_forge/content`` inside an installed wheel).

Requirements are resolved transitively; every pack is loaded once, dependencies before the packs
that need them. A missing pack, a version outside the range, two packs needing different
versions of one pack, and a cycle are problems at the ``requires`` entry that asks.

Nothing here validates content: :mod:`doria_forge.validate.packs` merges the resolved packs.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from doria_forge.infra.assets import asset_dir
from doria_forge.infra.terminal import relative_path
from doria_forge.load import LoadedDocument, Location, Problem, Severity, load_text
from doria_forge.load.files import FileLimitError, PackFileError, read_confined
from doria_forge.model.rules import Pack, Requirement

ENV_VAR = "DORIA_FORGE_PACKS"
MANIFEST_NAMES = ("pack.yaml", "pack.yml")
REQUIRES = "requires"
"""Rule id of the problems resolving ``requires`` finds."""

def find_pack_root(start: Path) -> Path | None:
    """The nearest folder from ``start`` upward holding a ``pack.yaml`` (the pack a designer works
    in), or None."""
    start = Path(os.path.abspath(start))
    for folder in (start, *start.parents):
        if any((folder / name).is_file() for name in MANIFEST_NAMES):
            return folder
    return None


def pack_documents(root: Path) -> list[LoadedDocument]:
    """Every document of the pack in folder ``root`` as loaded, not validated, its files named as
    the user's other messages name them (relative to the working folder when below it); none when
    the pack's files cannot be read: for the commands that write into a pack and must not define
    an id it already has (``new``, ``import``)."""
    from doria_forge.load.loader import PackPathError, load_pack

    try:
        return list(load_pack(root, display_root=relative_path(root)).documents)
    except PackPathError:
        return []


def find_project_pack(start: Path, folder: str = "content") -> Path | None:
    """The pack of the nearest project from ``start`` upward: ``<project>/content`` for the
    nearest folder holding ``content/pack.yaml`` (a designer at the project's top, or in its
    ``templates/`` or ``layouts/``), or None."""
    start = Path(os.path.abspath(start))
    for project in (start, *start.parents):
        if any((project / folder / name).is_file() for name in MANIFEST_NAMES):
            return project / folder
    return None


def shipped_pack_dirs() -> list[Path]:
    """The pack folders doria-forge ships: the base pack, inside the installed package
    (``doria_forge/content``) or, in a source checkout, the repository's ``content/``."""
    folder = asset_dir("content")
    return [folder] if (folder / "pack.yaml").is_file() else []


@dataclass(frozen=True)
class FoundPack:
    """A pack folder and its manifest: ``root`` the folder, ``manifest`` the validated ``pack``
    document, ``document`` where it is written."""

    root: Path
    manifest: Pack
    document: LoadedDocument

    @property
    def id(self) -> str:
        return self.manifest.id

    @property
    def version(self) -> str:
        return self.manifest.version

    def __str__(self) -> str:
        return f"{self.id} {self.version} ({relative_path(self.root)})"


def manifest_file(folder: Path) -> Path | None:
    """The manifest file of pack folder ``folder``, or None when it has none."""
    for name in MANIFEST_NAMES:
        candidate = folder / name
        if candidate.is_file():
            return candidate
    return None


def read_manifest(folder: Path, display: str | None = None) -> FoundPack | None:
    """The pack in ``folder`` (its ``pack.yaml``), or None when there is no valid manifest there.
    ``display`` is how the folder is shown in problems (default: ``infra.terminal.relative_path``)."""
    path = manifest_file(folder)
    if path is None:
        return None
    shown = f"{display if display is not None else relative_path(folder)}/{path.name}".lstrip("/")
    try:
        # Every folder beside a pack is searched: a manifest is read as the pack's own files are
        # (a regular file inside its folder, never blocking, within the size limit). An 18 MB
        # pack.yaml in a sibling folder used to hold up validation for minutes.
        raw = read_confined(path, folder)
    except (PackFileError, FileLimitError):
        return None
    documents, _ = load_text(raw, path=path.name, file=shown)
    for doc in documents:
        if doc.data.get("kind") == "pack":
            try:
                return FoundPack(folder, Pack.model_validate(doc.data), doc)
            except ValidationError:
                return None
    return None


def search_folders(requiring: Path) -> list[Path]:
    """Folders that may hold a required pack, in search order (see the module docstring)."""
    folders: list[Path] = []
    for entry in os.environ.get(ENV_VAR, "").split(os.pathsep):
        if entry.strip():
            folders.append(Path(entry.strip()))
    folders.append(requiring.resolve().parent)
    folders.extend(shipped_pack_dirs())
    return folders


def _candidates(folder: Path) -> Iterator[Path]:
    """``folder`` itself when it is a pack, else its sub-folders that are packs."""
    if manifest_file(folder) is not None:
        yield folder
        return
    try:
        children = sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith("."))
    except OSError:
        return
    for child in children:
        if manifest_file(child) is not None:
            yield child


def find_pack(pack_id: str, requiring: Path) -> tuple[FoundPack | None, list[FoundPack]]:
    """The first pack with id ``pack_id`` in :func:`search_folders` of the pack in folder
    ``requiring`` (never that pack itself), and every pack seen on the way (for messages)."""
    seen: list[FoundPack] = []
    own = requiring.resolve()
    for folder in search_folders(requiring):
        for candidate in _candidates(folder):
            if candidate.resolve() == own:
                continue
            found = read_manifest(candidate.resolve())
            if found is None:
                continue
            seen.append(found)
            if found.id == pack_id:
                return found, seen
    return None, seen


def installed_packs() -> dict[str, Path]:
    """Every pack found without a requiring pack (``DORIA_FORGE_PACKS``, then the shipped packs):
    id -> folder, the first folder of each id."""
    folders = [Path(e.strip()) for e in os.environ.get(ENV_VAR, "").split(os.pathsep) if e.strip()]
    return _packs_in([*folders, *shipped_pack_dirs()])


def project_packs(project: Path) -> dict[str, Path]:
    """Every pack a project's configuration (``validate.config``) may name: id -> folder of each
    pack in the project folder ``project`` (the packs validated with that configuration; each
    finds the others beside it) and of every pack :func:`installed_packs` finds, which they may
    require; the first folder of each id."""
    return {**installed_packs(), **_packs_in([project])}


def _packs_in(folders: list[Path]) -> dict[str, Path]:
    """id -> folder of the packs of ``folders`` (each a pack folder or a folder of pack folders),
    the first folder of each id."""
    out: dict[str, Path] = {}
    for folder in folders:
        for candidate in _candidates(folder):
            found = read_manifest(candidate.resolve())
            if found is not None:
                out.setdefault(found.id, candidate)
    return out


def installed_pack(pack_id: str) -> Path | None:
    """The folder of the pack ``pack_id`` found without a requiring pack (:func:`installed_packs`),
    for a command given a pack id instead of a folder."""
    return installed_packs().get(pack_id)


@dataclass(frozen=True)
class Resolution:
    """The packs a pack requires, transitively: ``packs`` in load order (each after the packs it
    needs; the requiring pack itself is not among them) and the ``problems`` found."""

    packs: tuple[FoundPack, ...]
    problems: tuple[Problem, ...]


def resolve(root: Path, manifest: Pack, document: LoadedDocument) -> Resolution:
    """Resolve ``manifest.requires`` of the pack in folder ``root`` (its manifest written at
    ``document``). Never raises for content: every problem is at the ``requires`` entry that asks."""
    order: list[FoundPack] = []
    problems: list[Problem] = []
    chosen: dict[str, tuple[FoundPack, str]] = {}  # id -> pack, who asked first

    def where(doc: LoadedDocument, index: int) -> Location:
        return doc.locate((REQUIRES, index), value=True)

    def visit(folder: Path, pack: Pack, doc: LoadedDocument, path: tuple[str, ...]) -> None:
        for index, requirement in enumerate(pack.requires):
            at = where(doc, index)
            if requirement.id in path or requirement.id == pack.id:
                cycle = " -> ".join([*path, pack.id, requirement.id][-(len(path) + 2):])
                problems.append(Problem.at(at, REQUIRES, Severity.ERROR,
                                           f"packs require each other in a cycle: {cycle}"))
                continue
            if requirement.id in chosen:
                used, asker = chosen[requirement.id]
                if not requirement.allows(used.version):
                    problems.append(Problem.at(at, REQUIRES, Severity.ERROR, (
                        f"{pack.id} requires {requirement} but {asker} already uses {used}")))
                continue
            found, seen = find_pack(requirement.id, folder)
            if found is None:
                problems.append(Problem.at(at, REQUIRES, Severity.ERROR, _not_found(requirement, seen, folder)))
                continue
            if not requirement.allows(found.version):
                problems.append(Problem.at(at, REQUIRES, Severity.ERROR, (
                    f"{pack.id} requires {requirement}, but the pack found is {found}")))
                continue
            chosen[requirement.id] = (found, pack.id)
            visit(found.root, found.manifest, found.document, (*path, pack.id))
            order.append(found)

    visit(root, manifest, document, ())
    return Resolution(tuple(order), tuple(problems))


def _not_found(requirement: Requirement, seen: list[FoundPack], folder: Path) -> str:
    from doria_forge.model.words.facts import closest  # only for the message

    places = ", ".join(relative_path(f) for f in search_folders(folder))
    known = ", ".join(sorted({str(p) for p in seen})) or "none"
    # a mistyped id (doria-bse) was told only among every pack found, base pack and all
    meant = closest(requirement.id, {p.id for p in seen})
    return (f"no pack {requirement.id!r} found{meant} (looked in {places}; packs there: {known}); "
            f"add its folder to {ENV_VAR} or put it beside this pack")
