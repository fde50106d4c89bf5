"""``doria-forge diff OLD [NEW]``: which cards changed which fields between two versions of a pack.

A version is a pack folder, or a git revision (``v0.1.0``, ``HEAD~3``, a commit) of the pack
folder ``--pack`` (default ``content``) in the git repository holding it; ``NEW`` defaults to
the pack folder as it is now. A pack at a revision is read from git into a temporary folder
(nothing in the working copy changes); the packs it requires are found as for the pack itself.

Documents are compared by ``kind`` and ``id``, field by field after validation (so ``3D+0``
and ``3D`` are the same value): added, removed, and changed with each changed field and its
old and new value. Items of a list are matched by their ``id`` when every item has one
(``setup.tokens[relic].name``), else by content (the longest common sequence, as ``diff`` matches
lines): a rule inserted into ``rules`` is one added item, not a change to every rule after it. A
matched item that changed reports its fields at its place in the new version (``rules.4.text``);
an item added or removed is one line with the whole item. For an expansion only its own documents
count. ``export pdf
--changed-since OLD`` prints just the added and changed cards: an errata sheet.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import tarfile
import tempfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doria_forge.infra.terminal import printable

if TYPE_CHECKING:
    from doria_forge.model import ContentPack

log = logging.getLogger(__name__)


class DiffError(ValueError):
    """A version that cannot be read: not a folder, not a git revision, outside a repository."""


class VersionInvalid(Exception):
    """A version of the pack has validation errors (exit 1): ``result`` is its ValidationResult."""

    def __init__(self, label: str, result: Any) -> None:
        self.label = label
        self.result = result
        super().__init__(f"{label} does not validate: {result.errors} error{'' if result.errors == 1 else 's'}")


@dataclass(frozen=True)
class FieldChange:
    """One field (a dotted path such as ``attacks.0.dice``) with its ``old`` and ``new`` value
    (None when absent)."""

    field: str
    old: Any
    new: Any


@dataclass
class PackDiff:
    """What changed from one version to the other, keyed ``(kind, id)``, sorted."""

    added: list[tuple[str, str]] = field(default_factory=list)
    removed: list[tuple[str, str]] = field(default_factory=list)
    changed: dict[tuple[str, str], list[FieldChange]] = field(default_factory=dict)
    reprinted: frozenset[tuple[str, str]] = frozenset()
    """Documents not changed themselves whose printed card face changed (a Monster Level Card
    prints its monster's name, range and ability; a hero card its standard items' names)."""
    removed_documents: dict[tuple[str, str], Any] = field(default_factory=dict)
    """Each document of :attr:`removed` as the old version had it: the errata sheet names a removed
    card as it was printed, the new version having nothing to name it by."""
    new_documents: dict[tuple[str, str], Any] = field(default_factory=dict)
    """Each document of :attr:`added` and :attr:`changed` as the new version has it, to name it."""

    @property
    def touched(self) -> frozenset[tuple[str, str]]:
        """Documents added or changed, and those whose card face changed: what an errata sheet
        prints."""
        return frozenset(self.added) | frozenset(self.changed) | self.reprinted

    def removed_name(self, key: tuple[str, str]) -> str:
        """The name removed document ``key`` (``(kind, id)``) had in the old version, its id when it
        had none: the new version has nothing to name it by."""
        return getattr(self.removed_documents.get(key), "display_name", key[1])

    def name(self, key: tuple[str, str]) -> str:
        """The name of document ``key`` (``(kind, id)``): the new version's for one added or changed
        (a renamed card by its new name), the old version's for one removed (:meth:`removed_name`);
        its id when it has none."""
        if key in self.new_documents:
            return getattr(self.new_documents[key], "display_name", key[1])
        return self.removed_name(key)

    def lines(self) -> list[str]:
        """The diff as text, one line per document (with its name after its id where it has one,
        see :meth:`name`) and per changed field, then a summary."""
        def named(key: tuple[str, str]) -> str:
            shown = self.name(key)
            return f"{key[0]} {key[1]}" + (f" ({printable(shown)})" if shown != key[1] else "")

        out = [f"added   {named(key)}" for key in self.added]
        out += [f"removed {named(key)}" for key in self.removed]
        for key, changes in self.changed.items():
            out.append(f"changed {named(key)}")
            for c in changes:
                # a name or text with `\x1b[31m` or `\u202e` reached the terminal as it is
                out.append(f"    {printable(c.field)}: {printable(_shown(c.old))} -> {printable(_shown(c.new))}")
        out.append(f"{len(self.changed)} changed, {len(self.added)} added, {len(self.removed)} removed")
        return out

    def to_data(self) -> dict:
        """JSON-ready: ``added``/``removed`` as ``kind:id`` strings, ``changed`` as ``{"kind:id":
        [{"field", "old", "new"}...]}``; ``added_names``, ``removed_names`` and ``changed_names``
        each ``{"kind:id": name}`` (:meth:`name`) for the documents of that list."""
        return {
            "added": [f"{k}:{i}" for k, i in self.added],
            "added_names": self._names(self.added),
            "removed": [f"{k}:{i}" for k, i in self.removed],
            "removed_names": self._names(self.removed),
            "changed": {f"{k}:{i}": [{"field": c.field, "old": c.old, "new": c.new} for c in changes]
                        for (k, i), changes in self.changed.items()},
            "changed_names": self._names(self.changed),
        }

    def _names(self, keys: Iterable[tuple[str, str]]) -> dict[str, str]:
        return {f"{k}:{i}": self.name((k, i)) for k, i in keys}


def _shown(value: Any) -> str:
    if value is None:
        return "(none)"
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _changes(old: Any, new: Any, path: str) -> list[FieldChange]:
    """The fields that differ between two JSON values at ``path`` (see the module docstring)."""
    if old == new:
        return []
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[FieldChange] = []
        for key in sorted(set(old) | set(new)):
            out += _changes(old.get(key), new.get(key), f"{path}.{key}" if path else key)
        return out
    if isinstance(old, list) and isinstance(new, list) and any(isinstance(v, dict) for v in old + new):
        return _list_changes(old, new, path)
    return [FieldChange(path, old, new)]


def _ids(items: list[Any]) -> list[str] | None:
    """The items' ``id`` values when every item is a mapping with a distinct one, else None."""
    ids = [item.get("id") if isinstance(item, dict) else None for item in items]
    if all(isinstance(i, str) for i in ids) and len(set(ids)) == len(ids):
        return ids  # type: ignore[return-value]
    return None


def _list_changes(old: list[Any], new: list[Any], path: str) -> list[FieldChange]:
    old_ids, new_ids = _ids(old), _ids(new)
    if old_ids is not None and new_ids is not None:
        before, after = dict(zip(old_ids, old, strict=True)), dict(zip(new_ids, new, strict=True))
        out: list[FieldChange] = []
        for key in [*new_ids, *(i for i in old_ids if i not in after)]:
            out += _changes(before.get(key), after.get(key), f"{path}[{key}]")
        return out
    import difflib

    shown = [json.dumps(v, sort_keys=True) for v in old], [json.dumps(v, sort_keys=True) for v in new]
    out = []
    matcher = difflib.SequenceMatcher(None, *shown, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        paired = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        for k in range(paired):  # an item changed in place: its fields
            out += _changes(old[i1 + k], new[j1 + k], f"{path}.{j1 + k}")
        for k in range(i1 + paired, i2):
            out.append(FieldChange(f"{path}.{k}", old[k], None))
        for k in range(j1 + paired, j2):
            out.append(FieldChange(f"{path}.{k}", None, new[k]))
    return out


def compare(old: ContentPack, new: ContentPack) -> PackDiff:
    """The documents of ``new`` against those of ``old`` (each pack's own documents)."""
    def docs(pack: ContentPack) -> dict[tuple[str, str], Any]:
        own = pack.own_pack()
        return {(d.kind, d.id): d for d in own if d.kind != "pack"}

    before, after = docs(old), docs(new)
    removed = sorted(set(before) - set(after))
    result = PackDiff(added=sorted(set(after) - set(before)), removed=removed,
                      removed_documents={key: before[key] for key in removed})
    for key in sorted(set(before) & set(after)):
        if before[key] == after[key]:
            continue
        a, b = (doc.model_dump(mode="json", by_alias=True) for doc in (before[key], after[key]))
        result.changed[key] = _changes(a, b, "")
    result.new_documents = {key: after[key] for key in [*result.added, *result.changed]}
    return result


# ------------------------------------------------------------------------------ versions
def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    except OSError as exc:
        raise DiffError(f"cannot run git: {exc.strerror or exc}") from None


def head_commit(pack: Path) -> str | None:
    """The commit id of ``HEAD`` of the git repository holding the pack folder ``pack``, the
    version an edit not yet committed changes (a name that still means it after that commit,
    as ``HEAD`` then no longer does); None outside a repository, without git or without a commit."""
    where = Path(os.path.abspath(pack))
    try:
        found = _git(["rev-parse", "--verify", "--quiet", "--short=12", "HEAD^{commit}"],
                     where if where.is_dir() else where.parent)
    except DiffError:
        return None
    if found.returncode != 0:
        return None
    return found.stdout.decode().strip() or None


@contextmanager
def checked_out(revision: str, pack: Path) -> Iterator[Path]:
    """The pack folder ``pack`` as it is at git ``revision``, in a temporary folder removed afterwards.
    Raises DiffError when ``pack`` is not in a git repository or ``revision`` does not name a commit
    that has it."""
    pack = Path(os.path.abspath(pack))
    where = pack if pack.is_dir() else pack.parent
    top = _git(["rev-parse", "--show-toplevel"], where)
    if top.returncode != 0:
        raise DiffError(f"{revision!r} is not a folder, and {pack} is not in a git repository to read it from")
    root = Path(top.stdout.decode().strip())
    relative = pack.relative_to(root.resolve()) if pack.is_relative_to(root.resolve()) else pack.relative_to(root)
    commit = _git(["rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"], root)
    if commit.returncode != 0:
        raise DiffError(f"{revision!r} is neither a folder nor a git revision of {root}")
    with tempfile.TemporaryDirectory(prefix="doria-diff-") as tmp:
        tarball = Path(tmp) / "pack.tar"  # on disk, not in memory: a pack's history may be large
        with open(tarball, "wb") as sink:
            try:
                archive = subprocess.run(["git", "archive", "--format=tar", commit.stdout.decode().strip(), "--",
                                          relative.as_posix()], cwd=root, stdout=sink, stderr=subprocess.PIPE,
                                         check=False)
            except OSError as exc:
                raise DiffError(f"cannot run git: {exc.strerror or exc}") from None
        if archive.returncode != 0:
            raise DiffError(f"{relative.as_posix()} does not exist at {revision}: "
                            f"{archive.stderr.decode(errors='replace').strip()}")
        tree = Path(tmp) / "tree"
        with tarfile.open(tarball) as tar:
            tar.extractall(tree, filter=_confined(revision))
        yield tree / relative


def _confined(revision: str) -> Callable[[tarfile.TarInfo, str], tarfile.TarInfo | None]:
    """tarfile's ``data`` filter, skipping (with a warning) what it refuses instead of raising: a
    link the history holds that leads out of the pack (or is absolute) is not the pack, as the
    loader never reads one in the working copy either."""

    def keep(member: tarfile.TarInfo, dest: str) -> tarfile.TarInfo | None:
        try:
            return tarfile.data_filter(member, dest)
        except tarfile.FilterError as exc:
            log.warning("%s at %s is not read: %s", member.name, revision, exc)
            return None

    return keep


@contextmanager
def _requirements_beside(pack: Path) -> Iterator[None]:
    """Packs a pack read from git requires are found beside the working copy of the pack."""
    from doria_forge.packs import ENV_VAR

    before = os.environ.get(ENV_VAR)
    extra = str(Path(os.path.abspath(pack)).parent)
    os.environ[ENV_VAR] = os.pathsep.join(p for p in (before, extra) if p)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(ENV_VAR, None)
        else:
            os.environ[ENV_VAR] = before


def _place(spec: str, pack: Path) -> tuple[Path, Path | None]:
    """Where version ``spec`` lies in its pack: its folder (``pack`` for a git revision) relative
    to the pack folder around it, ``.`` for a whole pack, and that pack folder (None when no folder
    up from it holds a ``pack.yaml``: a folder read as a pack of its own)."""
    from doria_forge.packs import find_pack_root

    folder = Path(spec) if Path(spec).is_dir() else pack
    root = find_pack_root(folder)
    if root is None:
        return Path("."), None
    return Path(os.path.relpath(os.path.abspath(folder), root)), root


def check_comparable(old: str, new: str, pack: Path) -> None:
    """Raise DiffError when versions ``old`` and ``new`` (folders or git revisions of ``pack``) are
    not the same part of a pack: one a folder inside a pack (``content/traps``), the other the
    whole pack or another folder of one. Compared so, every document outside the folder showed
    as removed (or added); the same folder of both versions compares as it is."""
    from doria_forge.infra.terminal import relative_path

    places = [(spec, *_place(spec, pack)) for spec in (old, new)]
    if places[0][1] == places[1][1]:
        return
    (spec, place, root), (other, other_place, _) = places if places[0][1] != Path(".") else places[::-1]
    assert root is not None  # a place other than "." lies in a pack
    named, other = (name if Path(name).is_dir() else f"{name} (of --pack {pack})" for name in (spec, other))
    against = "a whole pack" if other_place == Path(".") else f"the folder {other_place.as_posix()} of its pack"
    shown = relative_path(root)
    shown = f"{shown} (the working folder)" if shown == "." else shown
    raise DiffError(f"{named} is the folder {place.as_posix()} inside the pack {shown}, and {other} is {against}: "
                    f"compared so, everything else would show as removed or added; give the pack folder {shown}, "
                    "or the same folder of both versions")


def check_same_pack(before: ContentPack, after: ContentPack, old: str, new: str) -> None:
    """Raise DiffError when versions ``old`` and ``new`` (as the user named them) loaded as
    ``before`` and ``after`` are different packs (their manifests' ids differ): an expansion
    compared with the base pack listed every card of both, removed and added, as its errata."""
    if before.info.id == after.info.id:
        return
    raise DiffError(f"{old} is the pack {before.info.id} {before.info.version} and {new} the pack "
                    f"{after.info.id} {after.info.version}: compared so, every card of one would show as removed "
                    f"and every card of the other as added; give an earlier version of {after.info.id}")


def load_version(spec: str, pack: Path) -> ContentPack:
    """The validated pack of version ``spec``: a folder, else a git revision of ``pack``.
    Raises DiffError (a usage error) or VersionInvalid (the version has errors)."""
    from doria_forge.commands import pipeline

    def validated(folder: Path, label: str, shown: str | None = None) -> ContentPack:
        try:
            result = pipeline.validate(folder, display_root=shown)
        except pipeline.UsageError as exc:
            raise DiffError(str(exc)) from None
        if result.pack is None:
            raise VersionInvalid(label, result)
        return result.pack

    if Path(spec).is_dir():
        return validated(Path(spec), spec)
    with checked_out(spec, pack) as folder, _requirements_beside(pack):
        # named as the pack's own files, not the temporary folder gone when the command ends
        return validated(folder, f"{pack} at {spec}", pack.as_posix())


def changed_since(old: str, pack: Path) -> tuple[ContentPack, PackDiff]:
    """The pack at ``pack`` as it is now, and what changed in it since version ``old``."""
    check_comparable(old, str(pack), pack)
    new, before = load_version(str(pack), pack), load_version(old, pack)
    check_same_pack(before, new, old, str(pack))
    return new, compare(before, new)
