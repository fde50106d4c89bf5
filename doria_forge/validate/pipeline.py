"""The validate stage end to end: load -> schema -> ids and references -> rules."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from ..load.loader import LoadedDocument, load_pack
from ..load.problem import Location, Problem, Severity
from ..load.schema import check_document
from ..model import KINDS, ContentPack, Document
from .config import CheckConfig, check_config
from .editor_schema import stale_schema_problems
from .packs import layered
from .references import DANGLING_REFERENCE, dangling_problems, duplicate_problems
from .rules import RULES, Rule, claimed_fields
from .source_map import SourceMap

RULE_CRASH = "internal-error"


@dataclass(frozen=True)
class ValidationResult:
    """What ``validate_pack`` found.

    ``problems`` are sorted (file, line, column, rule id). ``pack`` is the
    validated :class:`ContentPack`, or None when any problem is an error.
    ``source_map`` locates every document and field; ``files`` are the YAML
    files read, as shown in problems.
    """

    problems: tuple[Problem, ...]
    pack: ContentPack | None
    source_map: SourceMap
    files: tuple[str, ...]
    config: CheckConfig | None = None
    """The check configuration that shaped ``problems`` (and shapes the simulation's findings)."""
    files_digest: str | None = None
    """sha256 (hex) of the files the pack was read from (the names problems give them and their
    bytes as read, in order) when they alone hold its documents; ``None`` for a pack merged with
    the packs it requires, or with a file that could not be read. A key for results that depend on
    the pack's content, far cheaper than ``ContentPack.content_hash`` (which serialises every
    document); the model code that turns the bytes into documents is the key user's to add."""

    @property
    def errors(self) -> int:
        """Number of error problems."""
        return sum(1 for p in self.problems if p.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        """Number of warning problems."""
        return sum(1 for p in self.problems if p.severity is Severity.WARNING)

    @property
    def infos(self) -> int:
        """Number of info problems (overrides an expansion makes; they never fail validation)."""
        return sum(1 for p in self.problems if p.severity is Severity.INFO)

    @property
    def ok(self) -> bool:
        """True when there is no error (warnings allowed)."""
        return self.errors == 0


def exit_code(result: ValidationResult, *, strict: bool = False) -> int:
    """Process exit code for a validation: 0 when clean or only warnings (infos never count),
    1 on any error, and with ``strict`` on any warning too."""
    return 0 if result.ok and not (strict and result.warnings) else 1


def run_rules(pack: ContentPack, source_map: SourceMap, rules: Iterable[Rule] = RULES) -> list[Problem]:
    """Run content rules over a pack. A rule that raises becomes an ``internal-error`` problem."""
    problems: list[Problem] = []
    for rule in rules:
        try:
            problems.extend(rule.check(pack, source_map))
        except Exception as exc:  # noqa: BLE001 - one broken rule must not hide the others' findings
            problems.append(Problem.at(
                source_map.fallback, RULE_CRASH, Severity.ERROR,
                f"rule {rule.id} failed: {type(exc).__name__}: {exc} (a bug in doria_forge, not in the content)",
            ))
    return problems


def validate_documents(
    documents: Iterable[LoadedDocument],
    *,
    kinds: Mapping[str, type[Document]] = KINDS,
    rules: Iterable[Rule] = RULES,
    fallback: Location | None = None,
    own: frozenset[tuple[str, str]] | None = None,
) -> tuple[list[Problem], ContentPack, SourceMap]:
    """Schema, ids, references and rules over already loaded documents.

    ``own``: for a pack merged with the packs it requires, the documents that are its own
    (``ContentPack.own``: rules about what the pack prints look only at those).
    Returns the problems (unsorted), the pack of every document that passed
    its schema check (first occurrence of a duplicated id), and the source map.
    """
    documents = list(documents)
    rules = list(rules)
    source_map = SourceMap(documents, fallback=fallback)
    problems, repeats = duplicate_problems(documents)
    claims = claimed_fields(rules)
    models: list[Document] = []
    origins: dict[tuple[str, str], str] = {}
    for doc in documents:
        model, found = check_document(doc, kinds, claims)
        problems.extend(found)
        if model is not None and id(doc) not in repeats:
            models.append(model)
            origins[(model.kind, model.id)] = str(doc.root)
    pack = ContentPack.from_documents(models, origins).printing(own)
    problems.extend(dangling_problems(pack, source_map, models))
    problems.extend(run_rules(pack, source_map, rules))
    return problems, pack, source_map


def validate_pack(path: Path | str, *, display_root: str | None = None,
                  project: Path | None = None) -> ValidationResult:
    """Validate the content pack at ``path`` (a directory, or one YAML file), together with the
    packs its manifest ``requires`` (see :mod:`doria_forge.validate.packs`), with the check
    configuration (:mod:`doria_forge.validate.config`) of its manifest, of the project folder
    ``project`` (``doria-forge.yaml`` or ``pyproject.toml``; none when ``None``) and of the
    ``disable-line`` comments of its files.

    Problems name files as ``display_root`` joined with their path in the pack
    (default: ``path`` as given, e.g. ``content/monsters/orc.yaml``); files of required packs
    as their folder relative to the working folder (or absolute) joined with their path.

    Raises:
        doria_forge.load.PackPathError: ``path`` does not exist or is not YAML
            (a usage error: exit code 2). Content mistakes never raise.
    """
    loaded = load_pack(path, display_root=display_root)
    root_label = Path(path).as_posix() if display_root is None else (display_root or ".")
    folder = Path(path) if Path(path).is_dir() else Path(path).parent
    merged = layered(folder, list(loaded.documents))
    documents = loaded.documents if merged is None else merged.documents
    problems, pack, source_map = validate_documents(documents, fallback=Location(root_label, 1, 1),
                                                    own=None if merged is None else merged.own)
    problems.extend(loaded.problems)
    if merged is not None:
        problems.extend(merged.problems)
        pack = replace(pack, requires=merged.required_packs())
        # Warnings and infos about the required packs' own files are theirs to fix, not the
        # expansion's; errors stay: the resolved game cannot be used with them.
        theirs = {doc.file for _, docs in merged.required for doc in docs}
        problems = [p for p in problems if p.severity is Severity.ERROR or p.file not in theirs]
    if Path(path).is_dir():
        problems.extend(stale_schema_problems(folder, root_label))
    else:
        problems = _alone(problems, Path(path), loaded.documents)
    problems = _unread_requirements(problems, loaded.documents)
    config = _config(pack, source_map, project, zip(loaded.files, loaded.read, strict=True))
    problems = config.apply(problems) + config.problems
    ordered = tuple(sorted(set(problems)))
    has_errors = any(p.severity is Severity.ERROR for p in ordered)
    return ValidationResult(
        problems=ordered,
        pack=None if has_errors else pack,
        source_map=source_map,
        files=loaded.files,
        config=config,
        files_digest=_read_digest(loaded.files, loaded.read) if merged is None else None,
    )


def _alone(problems: list[Problem], file: Path, documents: Iterable[LoadedDocument]) -> list[Problem]:
    """``problems`` of the YAML ``file`` validated on its own, its dangling references told so
    when it lies in a pack whose manifest it does not hold: `validate scenarios/x.yaml` said "no
    room tile with id 'A-1' in the pack" of the base pack's tiles, as if the id were wrong, when
    neither the pack around the file nor the packs it requires were read."""
    from ..infra.terminal import relative_path
    from ..packs import find_pack_root

    pack = find_pack_root(file.parent)
    if pack is None or any(isinstance(doc.data, dict) and doc.data.get("kind") == "pack" for doc in documents):
        return problems
    import shlex

    shown = relative_path(pack)
    where, command = ("the working folder", "doria-forge validate") if shown == "." else \
        (shown, f"doria-forge validate {shlex.quote(shown)}")
    note = (f" (the file was validated alone: neither its pack ({where}) nor the packs that pack requires were "
            f"read; `{command}` checks it in its pack)")
    return [replace(p, message=p.message + note) if p.rule_id == DANGLING_REFERENCE else p for p in problems]


def _unread_requirements(problems: list[Problem], documents: Iterable[LoadedDocument]) -> list[Problem]:
    """``problems``, the dangling references told so when the manifest among ``documents`` requires
    packs and has an error (a required pack not found, a version outside its range, a field of the
    manifest wrong): "no room tile with id 'A-1' in the pack" of each base pack tile the scenarios
    name followed a mistyped `requires: [doria-bse]`, as if every id were wrong."""
    from ..packs import MANIFEST_NAMES

    manifest = next((doc for doc in documents if isinstance(doc.data, dict) and doc.data.get("kind") == "pack"
                     and doc.data.get("requires")), None)
    if manifest is None:
        return problems
    cause = next((p for p in sorted(problems) if p.severity is Severity.ERROR and p.file == manifest.file), None)
    if cause is None:
        return problems
    name = Path(manifest.file).name if Path(manifest.file).name in MANIFEST_NAMES else "the manifest"
    note = f" (the packs {name} requires were not all read: see its error at {cause.file}:{cause.line}:{cause.column})"
    return [replace(p, message=p.message + note) if p.rule_id == DANGLING_REFERENCE else p for p in problems]


def _read_digest(files: tuple[str, ...], read: tuple[bytes | None, ...]) -> str | None:
    """``ValidationResult.files_digest`` of the files ``files`` read as ``read``."""
    if len(files) != len(read) or any(data is None for data in read):
        return None
    digest = hashlib.sha256()
    for name, data in zip(files, read, strict=True):
        digest.update(os.fsencode(f"{len(name)}:{name}:{len(data or b'')}:"))  # a file name may not be UTF-8
        digest.update(data or b"")
    return digest.hexdigest()


def _config(pack: ContentPack, source_map: SourceMap, project: Path | None,
            files: Iterable[tuple[str, bytes | None]]) -> CheckConfig:
    """The check configuration of ``pack`` (its manifest, the project, the comments of ``files``:
    (shown name, the bytes the loader read, ``None`` for a file it could not read))."""
    manifest = pack.info
    pack_id = manifest.id if manifest is not None else ""
    checks = getattr(manifest, "checks", None) or {}

    def locate(path: tuple[str | int, ...]) -> Location:
        return source_map.locate("pack", pack_id, path)

    return check_config(pack_id, checks, locate, project, files)
