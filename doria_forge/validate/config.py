"""Configurable checks: switch a check off, change its severity or its thresholds, per project and
per pack, and silence one finding at its line (the conventions of yamllint's ``rules:`` and
``# yamllint disable-line``).

Where a setting comes from, lowest precedence first:

1. the check's default (:data:`CATALOG`);
2. the pack's own manifest, ``checks:`` in ``pack.yaml`` (the base pack silences its known
   findings there);
3. the project's ``checks:``: ``doria-forge.yaml`` in the project folder (the folder holding the
   pack folder, beside ``layouts/``), else ``[tool.doria-forge]`` in its ``pyproject.toml``;
4. the project's ``packs: {PACK-ID: {checks: ...}}`` for one pack: a pack in the project folder
   (each is validated with this configuration) or one they may require; an id that names none of
   them (``packs.project_packs``) is a warning, with the closest known id.

A setting is ``off`` (the check reports nothing), a severity (``error``, ``warning``, ``info``),
or a mapping of ``severity``, ``enabled`` and the check's thresholds::

    checks:
      level-out-of-line: off
      scenario-player-count-outlier: {severity: info, gap: 0.3}
    packs:
      frost-crypt:
        checks:
          card-art: warning

A comment ``# doria-forge: disable-line CHECK[, CHECK...]`` silences those checks' findings at
its line (every check without a name); ``# doria-forge: disable-next-line ...`` the line below.

The configuration is validated like content: an unknown check id is an error at its
``file:line:column`` with the closest known id, a check that cannot be configured (the loader's
and the schema's: without them the pack cannot be read) is an error, so is an unknown severity
or threshold, or a threshold out of its range. Problems of the configuration carry the id
``check-config``.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..checks import CONFIG_RULE, OTHER_CHECKS, STRUCTURAL, Check
from ..load import LoadedDocument, Location, Problem, Severity, load_text
from ..load.files import PackFileError, read_confined
from ..load.schema import as_written
from .rules import RULES

CONFIG_FILE = "doria-forge.yaml"
"""The project's check configuration, in the project folder."""

PYPROJECT = "pyproject.toml"
TOOL_KEY = "doria-forge"

SEVERITIES = ("error", "warning", "info")
OFF = ("off", "disable", "disabled")


CATALOG: Mapping[str, Check] = {c.id: c for c in (
    *(Check(rule.id, rule.severity.value, "validate", rule.summary) for rule in RULES if rule.id not in STRUCTURAL),
    *OTHER_CHECKS)}
"""Every configurable check by id: the content rules and :data:`doria_forge.checks.OTHER_CHECKS`."""


@dataclass(frozen=True)
class Setting:
    """One check's configuration: ``enabled`` (None: unchanged; a severity switches a check
    on), ``severity`` (None: unchanged) and ``thresholds`` (name -> value)."""

    enabled: bool | None = None
    severity: str | None = None
    thresholds: Mapping[str, float] = field(default_factory=dict)

    def over(self, lower: Setting) -> Setting:
        """This setting on top of ``lower`` (key by key)."""
        return Setting(self.enabled if self.enabled is not None else lower.enabled,
                       self.severity or lower.severity, {**lower.thresholds, **self.thresholds})


Locate = Callable[[tuple[str | int, ...]], Location]
"""Where a field of the configuration is written (path -> file:line:column)."""


def _suggest(word: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def parse_checks(data: Any, locate: Locate, path: tuple[str | int, ...] = ()) -> tuple[dict[str, Setting],
                                                                                        list[Problem]]:
    """The settings of a ``checks:`` mapping ``data`` (at ``path`` of its document) and the
    problems with them, each at its field (``locate``)."""
    problems: list[Problem] = []

    def bad(where: tuple[str | int, ...], message: str) -> None:
        problems.append(Problem.at(locate(path + where), CONFIG_RULE, Severity.ERROR, message))

    if data is None:
        return {}, problems
    if not isinstance(data, Mapping):
        bad((), "checks is a mapping of check ids to 'off', a severity or {severity, enabled, thresholds}")
        return {}, problems
    settings: dict[str, Setting] = {}
    for check_id, value in data.items():
        key = str(check_id)
        check = CATALOG.get(key)
        if check is None:
            if key in STRUCTURAL:
                bad((key,), f"check {key!r} cannot be configured: without it the pack cannot be read")
            else:
                bad((key,), f"unknown check {as_written(check_id)}{_suggest(key, CATALOG)}; "
                            "`doria-forge checks` lists them")
            continue
        setting = _setting(check, value, _under(bad, key))
        if setting is not None:
            settings[key] = setting
    return settings, problems


def _under(bad: Callable[[tuple[str | int, ...], str], None], key: str) -> Callable[[tuple[str | int, ...], str],
                                                                                    None]:
    """``bad`` for the fields under ``key``."""
    return lambda where, message: bad((key, *where), message)


def _setting(check: Check, value: Any, bad: Callable[[tuple[str | int, ...], str], None]) -> Setting | None:
    if value is False or (isinstance(value, str) and value.lower() in OFF):
        return Setting(enabled=False)
    if value is True or (isinstance(value, str) and value.lower() == "on"):
        return Setting(enabled=True)
    if isinstance(value, str):
        if value in SEVERITIES:
            return Setting(enabled=True, severity=value)
        bad((), f"{value!r} is not 'off' or a severity ({', '.join(SEVERITIES)}){_suggest(value, SEVERITIES)}")
        return None
    if not isinstance(value, Mapping):
        bad((), f"a check is set to 'off', a severity ({', '.join(SEVERITIES)}) or a mapping, not {as_written(value)}")
        return None
    enabled: bool | None = None
    severity: str | None = None
    thresholds: dict[str, float] = {}
    for name, item in value.items():
        name = str(name)
        if name == "enabled":
            if not isinstance(item, bool):
                bad((name,), "enabled is true or false")
                continue
            enabled = item
        elif name == "severity":
            if item not in SEVERITIES:
                bad((name,), f"severity {as_written(item)} is not one of {', '.join(SEVERITIES)}"
                             f"{_suggest(str(item), SEVERITIES)}")
                continue
            severity = item
            enabled = True if enabled is None else enabled
        elif name in check.thresholds:
            _, low, high = check.thresholds[name]
            if isinstance(item, bool) or not isinstance(item, int | float) or not low <= item <= high:
                bad((name,), f"{check.id} {name} is a number from {low:g} to {high:g}, not {as_written(item)}")
                continue
            thresholds[name] = float(item)
        else:
            known = ["severity", "enabled", *check.thresholds]
            bad((name,), f"{check.id} has no setting {name!r}{_suggest(name, known)}; it has {', '.join(known)}")
    return Setting(enabled, severity, thresholds)


def describe_checks(fmt: str = "text") -> str:
    """The catalog as text (one line a check: id, default severity, stage, thresholds with their
    defaults, summary) or JSON (``fmt`` ``json``; ``github`` reads as text)."""
    if fmt == "json":
        import json

        data = [{"id": c.id, "severity": c.severity, "stage": c.stage, "summary": c.summary,
                 "thresholds": {k: {"default": v[0], "min": v[1], "max": v[2]} for k, v in c.thresholds.items()}}
                for c in CATALOG.values()]
        return json.dumps({"format": 1, "checks": data}, indent=2) + "\n"
    width = max(len(c) for c in CATALOG)
    out = []
    for check in sorted(CATALOG.values(), key=lambda c: (c.stage != "validate", c.id)):
        limits = " ".join(f"{k}={v[0]:g}" for k, v in check.thresholds.items())
        out.append(f"{check.id:<{width}}  {check.severity:<7}  {check.stage:<8}  {check.summary}"
                   + (f" [{limits}]" if limits else ""))
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ inline comments
_INLINE = re.compile(r"#\s*doria-forge:\s*(disable-line|disable-next-line)\b([^#\n]*)")


@dataclass
class InlineSilences:
    """``# doria-forge: disable-line`` comments of the files read: file -> line -> check ids
    (``*``: every check), and the problems of misspelt ids in them."""

    lines: dict[str, dict[int, frozenset[str]]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def scan(self, file: str, text: str) -> None:
        """Read the comments of one file (shown as ``file``)."""
        if "doria-forge:" not in text:
            return
        found: dict[int, frozenset[str]] = {}
        for number, line in enumerate(text.splitlines(), 1):
            match = _INLINE.search(line)
            if match is None:
                continue
            names = [n.strip().removeprefix("rule:") for n in match.group(2).replace(",", " ").split() if n.strip()]
            for name in names:
                if name not in CATALOG:
                    column = line.index(name, match.start(2)) + 1
                    why = ("cannot be silenced: without it the pack cannot be read" if name in STRUCTURAL else
                           f"is not a check{_suggest(name, CATALOG)}")
                    self.problems.append(Problem(file, number, column, CONFIG_RULE, Severity.WARNING,
                                                 f"{match.group(1)} {name!r} {why}"))
            target = number + (1 if match.group(1) == "disable-next-line" else 0)
            found[target] = found.get(target, frozenset()) | (frozenset(names) if names else frozenset({"*"}))
        if found:
            self.lines[file] = found

    def silences(self, file: str, line: int, check_id: str) -> bool:
        names = self.lines.get(file, {}).get(line)
        return bool(names) and ("*" in names or check_id in names) and check_id not in STRUCTURAL  # type: ignore[operator]


# ------------------------------------------------------------------ the configuration
@dataclass
class CheckConfig:
    """The check configuration of one validated pack (``pack_id``): the layers of settings
    (lowest precedence first), the inline silences, what was silenced, and the ``problems``
    of the configuration itself."""

    pack_id: str = ""
    layers: list[dict[str, Setting]] = field(default_factory=list)
    pack_layers: dict[str, dict[str, Setting]] = field(default_factory=dict)
    inline: InlineSilences = field(default_factory=InlineSilences)
    problems: list[Problem] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    silenced: Counter[str] = field(default_factory=Counter)
    changed: Counter[str] = field(default_factory=Counter)

    def setting(self, check_id: str, pack_id: str | None = None) -> Setting:
        """The merged setting of ``check_id`` for ``pack_id`` (default: this pack)."""
        merged = Setting()
        for layer in (*self.layers, self.pack_layers.get(pack_id or self.pack_id, {})):
            if check_id in layer:
                merged = layer[check_id].over(merged)
        return merged

    def settings(self, pack_id: str | None = None) -> dict[str, dict[str, float]]:
        """Check id -> threshold -> value, every threshold filled in (defaults where not set)."""
        out = {}
        for check in CATALOG.values():
            if check.thresholds:
                set_ = self.setting(check.id, pack_id).thresholds
                out[check.id] = {name: set_.get(name, spec[0]) for name, spec in check.thresholds.items()}
        return out

    def severity(self, check_id: str, severity: str, file: str = "", line: int = 0) -> str | None:
        """The severity a finding of ``check_id`` reported as ``severity`` at ``file:line`` gets:
        None when it is switched off or silenced at its line."""
        if check_id not in CATALOG:
            return severity
        setting = self.setting(check_id)
        if setting.enabled is False or (file and self.inline.silences(file, line, check_id)):
            self.silenced[check_id] += 1
            return None
        if setting.severity and setting.severity != severity:
            self.changed[check_id] += 1
            return setting.severity
        return severity

    def apply(self, problems: Iterable[Problem]) -> list[Problem]:
        """``problems`` as configured (switched off and silenced ones left out, severities
        changed), with the configuration's own problems."""
        out = []
        for p in problems:
            severity = self.severity(p.rule_id, p.severity.value, p.file, p.line)
            if severity is not None:
                out.append(p if severity == p.severity.value else replace(p, severity=Severity(severity)))
        return out

    def apply_data(self, findings: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Findings as JSON data (``rule_id``, ``severity``, ``file``, ``line``) as configured."""
        out = []
        for f in findings:
            severity = self.severity(f["rule_id"], f["severity"], f.get("file", ""), f.get("line", 0))
            if severity is not None:
                out.append({**f, "severity": severity})
        return out

    def apply_to_report(self, report: dict[str, Any]) -> dict[str, Any]:
        """A scenario report (``sim.scenario_report``) with its findings as configured and a
        ``checks`` note of what the configuration silenced and changed."""
        before = Counter(self.silenced)
        out = dict(report)
        out["findings"] = self.apply_data(report.get("findings", []))
        for part in ("scenarios", "campaigns"):
            out[part] = [{**e, "findings": _quiet(self, e.get("findings", []))} for e in report.get(part, [])]
        out["checks"] = {"silenced": dict(sorted((self.silenced - before).items())), "sources": self.sources}
        return out


def _quiet(config: CheckConfig, findings: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Findings as configured without counting them again (the report's list counts them)."""
    saved, changed = Counter(config.silenced), Counter(config.changed)
    try:
        return config.apply_data(findings)
    finally:
        config.silenced, config.changed = saved, changed


# ------------------------------------------------------------------ reading the configuration
def _document_locate(doc: LoadedDocument) -> Locate:
    return lambda path: doc.locate(path)


def read_project_config(project: Path | None) -> tuple[dict[str, Setting], dict[str, dict[str, Setting]],
                                                        list[Problem], str | None]:
    """The project's ``checks`` and ``packs.<id>.checks`` settings, the problems with them and
    the file they come from (``doria-forge.yaml``, else ``doria-forge.yml``, else ``pyproject.toml``'s
    ``[tool.doria-forge]``; nothing without either)."""
    if project is None:
        return {}, {}, [], None
    # doria-forge.yml as well: a configuration named so was passed over without a word
    yaml_files = (Path(project) / CONFIG_FILE, Path(project) / CONFIG_FILE.replace(".yaml", ".yml"))
    for number, yaml_file in enumerate(yaml_files):
        if yaml_file.exists():
            checks, packs, problems = _read_yaml(yaml_file)
            return checks, packs, problems + _passed_over(yaml_file, yaml_files[number + 1:]), str(yaml_file)
    pyproject = Path(project) / PYPROJECT
    if pyproject.exists():
        found = _read_pyproject(pyproject)
        if found is not None:
            return (*found, f"{pyproject} [tool.{TOOL_KEY}]")
    return {}, {}, [], None


def _passed_over(read: Path, later: Sequence[Path]) -> list[Problem]:
    """A warning at each other configuration of the project that ``read`` (the file whose
    settings hold) leaves unread: ``doria-forge.yml`` beside ``doria-forge.yaml``, and a
    ``pyproject.toml`` holding ``[tool.doria-forge]``. A project that kept its checks in
    pyproject.toml and then added doria-forge.yaml lost them without a word (a check switched to
    an error passed a CI gate as a warning)."""
    found = [(path, 1) for path in later if path.exists()]
    pyproject = read.parent / PYPROJECT
    try:
        text = read_confined(pyproject, None).decode("utf-8", "replace") if pyproject.is_file() else ""
    except PackFileError:
        text = ""  # unreadable: not read either way, and not ours to judge
    section = _NAMES_OUR_SECTION.search(text)
    if section is not None:
        found.append((pyproject, text.count("\n", 0, section.start(1)) + 1))
    return [Problem(_shown(path), line, 1, CONFIG_RULE, Severity.WARNING,
                    f"not read: the check configuration is read from {read.name} alone; move these settings "
                    "there, or remove them") for path, line in found]


def _shown(path: Path) -> str:
    from ..infra.terminal import relative_path

    return relative_path(path)


def _read_yaml(path: Path) -> tuple[dict[str, Setting], dict[str, dict[str, Setting]], list[Problem]]:
    file = _shown(path)
    try:
        raw = read_confined(path, None)
    except PackFileError as exc:
        return {}, {}, [_unreadable(file, exc)]
    documents, problems = load_text(raw, path=file, file=file)
    problems = [p for p in problems if p.rule_id != "empty-document"]
    # the loader words this for content ("a mapping with 'kind' and 'id'")
    problems = [Problem(p.file, p.line, p.column, p.rule_id, p.severity, _NOT_A_MAPPING)
                if p.rule_id == "not-a-mapping" else p for p in problems]
    if any(p.is_error for p in problems) or not documents:
        return {}, {}, problems
    doc = documents[0]
    if len(documents) > 1:
        problems.append(Problem.at(documents[1].root, CONFIG_RULE, Severity.ERROR,
                                   f"{path.name} holds one YAML document; remove the '---' and what follows"))
    checks, packs, found = _project_settings(doc.data, _document_locate(doc), path.parent)
    return checks, packs, problems + found


def _unreadable(file: str, exc: PackFileError) -> Problem:
    """The error of a configuration file that must not or cannot be read (a FIFO, a folder...)."""
    return Problem(file, 1, 1, CONFIG_RULE, Severity.ERROR, str(exc.problem.message))


def _read_pyproject(path: Path) -> tuple[dict[str, Setting], dict[str, dict[str, Setting]], list[Problem]] | None:
    file = _shown(path)
    try:
        raw = read_confined(path, None)
    except PackFileError as exc:
        # as for doria-forge.yaml: unread, the configuration it may hold would be lost without a
        # word (a FIFO of that name was passed over while one named doria-forge.yaml was an error)
        return {}, {}, [_unreadable(file, exc)]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        # TOML is UTF-8: such a file holding our section lost its configuration without a word
        if not _NAMES_OUR_SECTION.search(raw.decode("utf-8", "replace")):
            return None  # pyproject.toml is not ours to judge; one that is not TOML is left to its tools
        before = raw[:exc.start]
        line, column = before.count(b"\n") + 1, len(before.rsplit(b"\n", 1)[-1].decode("utf-8", "replace")) + 1
        return {}, {}, [_not_toml(file, line, column, f"not UTF-8 text: byte 0x{raw[exc.start]:02x}")]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        if not _NAMES_OUR_SECTION.search(text):
            return None  # a broken file without our section is left to its tools
        # Ignored, the configuration it holds would be lost without a word: a check switched
        # to an error would pass a CI gate as a warning.
        where = _TOML_POSITION.search(str(exc))
        line, column = (int(where[1]), int(where[2])) if where else (1, 1)
        return {}, {}, [_not_toml(file, line, column, _TOML_POSITION.sub("", str(exc)).strip())]
    section = data.get("tool", {}).get(TOOL_KEY)
    if section is None:
        return None
    lines = text.splitlines()

    def locate(path: tuple[str | int, ...]) -> Location:
        # TOML keeps no positions: the first line naming the deepest key of the path, as a key or in
        # a table's name (at its end, or inside: [tool.doria-forge.packs.frost-crypt.checks])
        for key in reversed([str(p) for p in path]):
            named = [f".{name}{end}" for name in (key, f'"{key}"') for end in "]."]
            for number, line in enumerate(lines, 1):
                if re.match(rf'\s*("?){re.escape(key)}\1\s*=', line) or (
                        line.lstrip().startswith("[") and any(part in line for part in named)):
                    return Location(file, number, 1)
        return Location(file, 1, 1)

    return _project_settings(section, locate, path.parent)


def _not_toml(file: str, line: int, column: int, reason: str) -> Problem:
    """The error of a ``pyproject.toml`` holding our section that is not valid TOML."""
    return Problem(file, line, column, CONFIG_RULE, Severity.ERROR,
                   f"{PYPROJECT} is not valid TOML ({reason}): its [tool.{TOOL_KEY}] check configuration cannot "
                   f"be read; fix the file or move the configuration to {CONFIG_FILE}")


_NAMES_OUR_SECTION = re.compile(
    rf'^\s*(\[+\s*tool\s*\.\s*"?{re.escape(TOOL_KEY)}\b|tool\s*\.\s*"?{re.escape(TOOL_KEY)}"?\s*[.=])', re.MULTILINE)
"""A line of a ``pyproject.toml`` that opens ``[tool.doria-forge...]`` or sets a dotted key under it."""
_TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)")
"""Where ``tomllib`` says a TOML mistake is, at the end of its message."""

_NOT_A_MAPPING = "the check configuration is a mapping of 'checks' and 'packs'"


def _project_settings(data: Any, locate: Locate, project: Path) -> tuple[dict[str, Setting],
                                                                        dict[str, dict[str, Setting]], list[Problem]]:
    """The settings of the configuration ``data`` of the project folder ``project`` and the
    problems with them, each at its field (``locate``)."""
    problems: list[Problem] = []
    if not isinstance(data, Mapping):
        return {}, {}, [Problem.at(locate(()), CONFIG_RULE, Severity.ERROR, _NOT_A_MAPPING)]
    for key in data:
        if key not in ("checks", "packs"):
            problems.append(Problem.at(locate((key,)), CONFIG_RULE, Severity.ERROR,
                                       f"unknown key {as_written(key)}{_suggest(str(key), ('checks', 'packs'))}; "
                                       "the check configuration has 'checks' and 'packs'"))
    checks, found = parse_checks(data.get("checks"), locate, ("checks",))
    problems += found
    packs: dict[str, dict[str, Setting]] = {}
    per_pack = data.get("packs") or {}
    if not isinstance(per_pack, Mapping):
        problems.append(Problem.at(locate(("packs",)), CONFIG_RULE, Severity.ERROR,
                                   "packs is a mapping of pack ids to {checks: ...}"))
        per_pack = {}
    for pack_id, section in per_pack.items():
        if not isinstance(section, Mapping) or set(section) - {"checks"}:
            problems.append(Problem.at(locate(("packs", pack_id)), CONFIG_RULE, Severity.ERROR,
                                       f"packs.{pack_id} is a mapping with 'checks'"))
            continue
        packs[str(pack_id)], found = parse_checks(section.get("checks"), locate, ("packs", pack_id, "checks"))
        problems += found
    if per_pack:
        problems += _unknown_packs(per_pack, locate, project)
    return checks, packs, problems


def _unknown_packs(per_pack: Mapping[Any, Any], locate: Locate, project: Path) -> list[Problem]:
    """A warning at each id of ``per_pack`` (the ``packs:`` setting) that names no pack the
    project knows (``packs.project_packs``): a mistyped id configured no pack without a word."""
    from ..packs import project_packs

    known = sorted(project_packs(project))
    return [Problem.at(locate(("packs", pack_id)), CONFIG_RULE, Severity.WARNING,
                       f"packs: {as_written(pack_id)} names no pack this project knows"
                       f"{_suggest(str(pack_id), known)}, so its settings apply to none; known: "
                       f"{', '.join(known) or 'none'} (the packs in the project folder and those they may require)")
            for pack_id in per_pack if str(pack_id) not in known]


def check_config(pack_id: str, manifest_checks: Any, manifest_locate: Locate | None, project: Path | None,
                 files: Iterable[tuple[str, bytes | None]] = ()) -> CheckConfig:
    """The configuration of pack ``pack_id``: its manifest's ``checks`` (``manifest_locate``
    places them), the project's configuration (:func:`read_project_config`), and the inline
    comments of ``files`` (``(shown name, bytes)`` of every YAML file the loader read, as it read
    them: ``LoadResult.read``; ``None`` for a file it could not read, which it reports)."""
    config = CheckConfig(pack_id)
    if manifest_checks:
        own, problems = parse_checks(manifest_checks, manifest_locate or (lambda path: Location(".")), ("checks",))
        config.layers.append(own)
        config.problems += problems
        config.sources.append("pack.yaml checks")
    checks, packs, problems, source = read_project_config(project)
    config.layers.append(checks)
    config.pack_layers = packs
    config.problems += problems
    if source:
        config.sources.append(source)
    for shown, raw in files:
        if raw is not None:
            config.inline.scan(shown, raw.decode("utf-8", errors="replace"))
    config.problems += config.inline.problems
    return config


__all__ = ["CATALOG", "CONFIG_FILE", "CONFIG_RULE", "Check", "CheckConfig", "STRUCTURAL", "Setting",
           "check_config", "parse_checks", "read_project_config"]
