"""Read a content pack's YAML files into plain documents that remember positions.

The loader is the only place that touches YAML. It uses ruamel.yaml's
round-trip constructor because that keeps the line and column of every mapping
key and list item; the bytes are parsed by ruamel's C parser (``ruamel.yaml.clib``)
and only files the C parser would read differently, or that have a problem, go
through the pure-Python parser (``_parse_c`` / ``_parse_pure``). Everything it
returns is plain Python (dict, list, str, int, float, bool, None, dates), so
nothing downstream depends on ruamel.

No content mistake raises: syntax errors, duplicate keys, non-UTF-8 bytes,
control characters, unreadable files, empty files, documents that are not a
mapping, recursive aliases and absurdly large alias expansions all come back
as :class:`~doria_forge.load.problem.Problem` values. Which files are read, and how
(regular files inside the pack only, never blocking, size-limited), is
:mod:`doria_forge.load.files`.
"""

from __future__ import annotations

import datetime as _dt
import posixpath
import re
import warnings
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq, TaggedScalar
from ruamel.yaml.constructor import ConstructorError, DuplicateKeyError, RoundTripConstructor
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError
from ruamel.yaml.resolver import _DEFAULT_YAML_VERSION, VersionedResolver

from .files import (
    YAML_SUFFIXES,
    FileLimitError,
    PackFileError,
    PathProblem,
    discover,
    max_file_bytes,
    read_confined,
    real_folder,
)
from .problem import Location, Problem, Severity

PathKey = tuple[str | int, ...]
"""A value path inside a document: mapping keys and list indexes, e.g. ``("levels", 2, "attack")``."""

# Aliases let a 1 kB file expand into gigabytes ("billion laughs"); no real
# content document comes near this many values.
MAX_VALUES_PER_DOCUMENT = 200_000

MAX_NESTING = 100
"""Deepest nesting of lists and mappings read (the shipped content goes 8 deep). ruamel's C
composer recurses in C, so a list nested 50 000 deep overflowed the C stack and killed the
process (a segmentation fault, no message); the pure parser gives up at about 150 levels.
A file nested deeper is one ``yaml-syntax`` error at the line where it passes the limit."""

# Rule ids of the problems the loader reports.
YAML_SYNTAX = "yaml-syntax"
DUPLICATE_KEY = "duplicate-key"
ENCODING = "encoding"
NOT_A_MAPPING = "not-a-mapping"
EMPTY_DOCUMENT = "empty-document"
EMPTY_PACK = "empty-pack"


def key_step(key: Any) -> str | int:
    """The step of a path (:meth:`LoadedDocument.locate`) that names the mapping key ``key``:
    the key, or its text when it is neither text nor a whole number (`true`, `1.5`, an empty key)."""
    return key if isinstance(key, (str, int)) and not isinstance(key, bool) else str(key)


@dataclass(frozen=True, eq=False)
class LoadedDocument:
    """One YAML document of a pack file, as plain data plus positions.

    ``path`` is the file relative to the pack root (posix), ``file`` the same
    file as reported to the user (``content/monsters/orc.yaml``), ``index`` the
    0-based number of the document inside a multi-document file. ``data`` is a
    plain ``dict`` for every document the loader returns (other roots are
    reported as problems instead).

    ``positions`` maps a value path to the position of its mapping key or list
    item; ``value_positions`` maps it to the position of the value itself (for
    scalars, where ruamel records one). The root path ``()`` maps to the
    document's first line.
    """

    path: str
    index: int
    data: Any
    file: str
    positions: Mapping[PathKey, Location] = field(repr=False)
    value_positions: Mapping[PathKey, Location] = field(repr=False, default_factory=dict)

    @property
    def root(self) -> Location:
        """Where the document starts."""
        return self.positions[()]

    def locate(self, path: Iterable[str | int] = (), *, value: bool = False) -> Location:
        """Position of ``path``, or of its nearest recorded ancestor.

        A path that does not exist (a missing field, a default) resolves to the
        closest enclosing mapping or item, so a problem always has a line.
        With ``value=True`` the position of the value is preferred over its key.
        """
        path = tuple(path)
        for end in range(len(path), -1, -1):
            prefix = path[:end]
            if value and end == len(path) and prefix in self.value_positions:
                return self.value_positions[prefix]
            if prefix in self.positions:
                return self.positions[prefix]
        return self.positions.get((), Location(self.file, 1, 1))


@dataclass(frozen=True)
class LoadResult:
    """Everything the loader read from a pack: documents in file order, problems, files (as
    problems name them) and the bytes ``read`` of each (``None``: the file could not be read), in
    the same order. Later checks of the files' text (the ``disable-line`` comments) read those
    bytes, never the file again: they see what was parsed."""

    documents: tuple[LoadedDocument, ...]
    problems: tuple[Problem, ...]
    files: tuple[str, ...]
    read: tuple[bytes | None, ...] = ()


class PackPathError(ValueError):
    """The pack path does not exist or is neither a directory nor a YAML file (a usage error)."""


_UNREADABLE_KEY = "a key holding a list or mapping inside it cannot be read; field names are text"


class _Constructor(RoundTripConstructor):
    """Round-trip constructor that turns value errors into positioned YAML errors.

    ruamel raises bare ``ValueError`` for ``!!int abc``, a 5000-digit integer or
    ``2024-13-45``; re-raising with the node's mark keeps file:line:column.
    """

    def construct_object(self, node: Any, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep=deep)
        except YAMLError:
            raise
        except (ValueError, TypeError, OverflowError, ArithmeticError) as exc:
            raise ConstructorError(None, None, f"cannot read value: {exc}", node.start_mark) from None
        except (AttributeError, KeyError):  # `!!set abc`, `!!bool weapon`: ruamel's lookups fail
            tag = str(node.tag).replace("tag:yaml.org,2002:", "!!")
            what = repr(node.value) if node.id == "scalar" else f"a {node.id}"
            raise ConstructorError(None, None, f"cannot read value: the tag {tag} does not fit {what}",
                                   node.start_mark) from None

    def check_mapping_key(self, node: Any, key_node: Any, mapping: Any, key: Any, value: Any) -> bool:
        # ruamel makes a list or mapping key hashable one level deep only: `? [a, [b]]` or
        # `? {a: [1]}` raised "TypeError: unhashable type: 'CommentedSeq'" at the file's
        # first line; say what is wrong, at the key
        try:
            hash(key)
        except TypeError:
            raise ConstructorError(None, None, _UNREADABLE_KEY, key_node.start_mark) from None
        return bool(super().check_mapping_key(node, key_node, mapping, key, value))


class _TooLarge(Exception):
    pass


def _display(display_root: str, rel: str) -> str:
    if display_root in ("", "."):
        return rel
    return posixpath.normpath(posixpath.join(display_root, rel))


def _line_col(text: str, position: int) -> tuple[int, int]:
    position = max(0, min(position, len(text)))
    line = text.count("\n", 0, position) + 1
    column = position - (text.rfind("\n", 0, position) + 1) + 1
    return line, column


def _mark_location(file: str, mark: Any) -> Location:
    return Location(file, int(getattr(mark, "line", 0)) + 1, int(getattr(mark, "column", 0)) + 1)


def _syntax_message(exc: MarkedYAMLError, before: str = "") -> str:
    """The syntax error ``exc`` in words; ``before``: the text of its line before its column."""
    if exc.problem == "found unhashable key":  # `? !!set {a, b}`
        return "a set as a key cannot be read; field names are text"
    parts = [p.strip() for p in (exc.context, exc.problem) if p]
    message = ": ".join(parts) if parts else "invalid YAML"
    context_mark, problem_mark = exc.context_mark, exc.problem_mark
    if context_mark is not None and problem_mark is not None and context_mark.line != problem_mark.line:
        message += f" (started on line {context_mark.line + 1}, column {context_mark.column + 1})"
    if "'\\t'" in message and before.strip(" \t-"):  # `name: a<tab>b`: not indentation
        message += " (this YAML reader takes no tab inside a line: write a space, or put the text in quotes)"
    elif "'\\t'" in message:
        message += " (YAML does not allow tabs for indentation; use spaces)"
    return message


_SPACES = "\u00a0\u2007\u202f\u3000"
_LOOKALIKE = re.compile(rf"^[ \t-]*(?P<indent>[{_SPACES}])|:(?P<after>[{_SPACES}])|^[ \t-]*[\w-]+(?P<colon>\uff1a)")
"""A look-alike of a space where YAML needs one (indentation, after a key's colon), or of the
colon after a key: pasted from a word processor or a web page, typed with an input method. YAML
reads it as text, and its own message names a later line and never the character."""


def _lookalike_hint(text: str, line: int) -> str:
    """A hint naming the first look-alike of a space or colon on the lines up to ``line`` (from
    1) of ``text`` where the syntax error was found, or ``""``: the mistake is usually a line or
    two before it. Such characters inside a text value are left alone."""
    lines = text.split("\n", line)[:line]
    for number in range(max(1, line - 3), len(lines) + 1):
        found = _LOOKALIKE.search(lines[number - 1])
        if found is not None:
            char = found.group(found.lastgroup or "")
            plain = "a colon" if found.lastgroup == "colon" else "a space"
            return f" (line {number} has the character U+{ord(char):04X} where YAML needs {plain})"
    return ""


def _not_utf8(raw: bytes, start: int) -> str:
    """Why ``raw`` is not UTF-8 from byte ``start`` on, and what to do: an editor saving UTF-16
    (Notepad's "Unicode") writes its byte-order mark first; a byte of another encoding is shown as
    Windows-1252 reads it (what older Windows editors save), so the designer finds the character."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "file is UTF-16 text (it starts with UTF-16's byte-order mark); save it as UTF-8"
    byte = raw[start]
    try:
        shown = f", {bytes([byte]).decode('cp1252')!r} in Windows-1252"
    except UnicodeDecodeError:
        shown = ""
    return f"file is not UTF-8 text (byte 0x{byte:02x} at offset {start}{shown}); save it as UTF-8"


def _quote_hint(text: str, line: int, column: int) -> str:
    """A hint when the syntax error at ``line``:``column`` (from 1) comes right after a quote that
    closes a text opened on an earlier line, or ``""``: a text whose closing quote is missing runs
    on to the next quote, and YAML blames what follows that one, lines below the mistake."""
    rows = text.split("\n", line)
    if line > len(rows) or not 2 <= column <= len(rows[line - 1]) + 1:
        return ""
    quote = rows[line - 1][column - 2]
    if quote not in "\"'":
        return ""
    at = sum(len(row) + 1 for row in rows[:line - 1]) + column - 2
    start = text.rfind(quote, 0, at)
    opened = text.count("\n", 0, start) + 1
    if start < 0 or opened >= line:
        return ""
    return (f" (the text quoted on line {opened}, column {start - text.rfind(chr(10), 0, start)} closes only "
            f"here: is its closing {quote} missing on line {opened}?)")


class _Converter:
    """Turns one ruamel document into plain data and records positions."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.positions: dict[PathKey, Location] = {}
        self.value_positions: dict[PathKey, Location] = {}
        self.problems: list[Problem] = []
        self._active: set[int] = set()
        self._count = 0

    def loc(self, line: int, column: int) -> Location:
        return Location(self.file, line + 1, column + 1)

    def convert(self, obj: Any, path: PathKey) -> Any:
        self._count += 1
        if self._count > MAX_VALUES_PER_DOCUMENT:
            raise _TooLarge
        if isinstance(obj, dict):
            return self._container(obj, path, self._mapping)
        if isinstance(obj, (list, tuple)) and not isinstance(obj, str):
            return self._container(obj, path, self._sequence)
        if isinstance(obj, (set, frozenset)):
            return self._container(sorted(obj, key=repr), path, self._sequence)
        return plain_value(obj)

    def _container(self, obj: Any, path: PathKey, build: Any) -> Any:
        # ruamel builds self-referencing structures from `&a [*a]`; plain data cannot hold them.
        if id(obj) in self._active:
            location = self.positions.get(path) or self.positions.get((), Location(self.file))
            self.problems.append(
                Problem.at(location, YAML_SYNTAX, Severity.ERROR, "recursive alias: a value contains itself")
            )
            return None
        self._active.add(id(obj))
        try:
            return build(obj, path)
        finally:
            self._active.discard(id(obj))

    def _mapping(self, obj: dict, path: PathKey) -> dict:
        out: dict[Any, Any] = {}
        lc = getattr(obj, "lc", None)
        for key, value in obj.items():
            if isinstance(key, (Mapping, list, tuple, set)):
                # A list or mapping as a key (`? [a, b]`, `{a: 1}: x`) names no field: it is
                # kept as the flow YAML a designer would write, so a message quotes `[a, b]`,
                # not Python's `['a', 'b']` or `ordereddict([('a', 1)])`.
                plain_key: Any = yaml_text(self.convert(dict(key) if isinstance(key, Mapping) else key, path))
            else:
                plain_key = plain_value(key)
            child = path + (key_step(plain_key),)
            if lc is not None:
                # Keys pulled in by a merge (`<<: *base`) have no position of their own.
                try:
                    self.positions[child] = self.loc(*lc.key(key))
                except (KeyError, TypeError, AttributeError):
                    pass
                try:
                    value_at = self.loc(*lc.value(key))
                    key_at = self.positions.get(child)
                    # An empty value (`name:` then a newline) is written nowhere; ruamel
                    # records the start of the next line, which blamed the wrong line.
                    if value is None and key_at is not None and value_at.line > key_at.line:
                        value_at = key_at
                    self.value_positions[child] = value_at
                except (KeyError, TypeError, AttributeError):
                    pass
            out[plain_key] = self.convert(value, child)
        return out

    def _sequence(self, obj: Any, path: PathKey) -> list:
        out = []
        lc = getattr(obj, "lc", None)
        for i, item in enumerate(obj):
            child = path + (i,)
            if lc is not None:
                try:
                    self.positions[child] = self.value_positions[child] = self.loc(*lc.item(i))
                except (KeyError, TypeError, AttributeError, IndexError):
                    pass
            out.append(self.convert(item, child))
        return out


def yaml_text(value: Any) -> str:
    """``value`` (plain data: lists, mappings, scalars) as one line of flow YAML:
    ``[a, {b: 1}]``, ``null``, ``true``."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{yaml_text(k)}: {yaml_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(yaml_text(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()
    return str(value)


def plain_value(obj: Any) -> Any:
    """A scalar ruamel built (its round-trip subclasses of int, str, bool...) as the plain
    Python value (dates stay dates, anything else its text)."""
    # ruamel's round-trip scalars subclass the builtins; bool must come before
    # int because ScalarBoolean is an int.
    if obj is None:
        return None
    if isinstance(obj, TaggedScalar):
        return None if obj.value is None else str(obj.value)
    if isinstance(obj, bool) or type(obj).__name__ == "ScalarBoolean":
        return bool(obj)
    if isinstance(obj, int):
        return int(obj)
    if isinstance(obj, float):
        return float(obj)
    if isinstance(obj, str):
        return str(obj)
    if isinstance(obj, _dt.datetime):
        return _dt.datetime(
            obj.year, obj.month, obj.day, obj.hour, obj.minute, obj.second, obj.microsecond, obj.tzinfo
        )
    if isinstance(obj, _dt.date):
        return _dt.date(obj.year, obj.month, obj.day)
    if isinstance(obj, (bytes, bytearray)):
        return bytes(obj)
    return str(obj)


def load_text(text: str | bytes, *, path: str, file: str | None = None) -> tuple[list[LoadedDocument], list[Problem]]:
    """Parse one file's content into documents and problems.

    ``text`` may be ``bytes`` (decoded as UTF-8, a BOM allowed) or ``str``.
    ``path`` is the file relative to the pack root; ``file`` how it is shown in
    problems (defaults to ``path``). Documents before a syntax error are kept;
    the rest of the file is not read.
    """
    file = path if file is None else file
    problems: list[Problem] = []
    documents: list[LoadedDocument] = []
    if isinstance(text, (bytes, bytearray)):
        raw = bytes(text)
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = raw.count(b"\n", 0, exc.start) + 1
            column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
            problems.append(Problem(file, line, column, ENCODING, Severity.ERROR, _not_utf8(raw, exc.start)))
            return documents, problems
    elif text.startswith("\ufeff"):
        text = text[1:]

    too_deep = nesting_problem(text, file)
    if too_deep is not None:
        return documents, _clamped([too_deep], text)
    parsed = _parse_c(text, path, file)
    if parsed is None:
        parsed = _parse_pure(text, path, file)
    documents, problems = parsed
    if not documents and not problems:
        problems.append(Problem(file, 1, 1, EMPTY_DOCUMENT, Severity.WARNING, "file holds no YAML document"))
    return documents, _clamped(problems, text)


_BLOCK_RUN = re.compile(r"^[ ?:-]*", re.MULTILINE)
"""The run of spaces and block indicators (``- ``, ``? ``, ``: ``) that starts a line."""


def _nesting_bound(text: str) -> int:
    """An upper bound of how deep ``text`` nests lists and mappings, in one pass of C-speed
    string operations: a flow collection opens with ``[`` or ``{``; a block collection starts
    further right than the one holding it (a list may start in its key's column: twice), and
    only indentation and block indicators move a block collection right."""
    flow = text.count("[") + text.count("{")
    block = max((len(run) for run in _BLOCK_RUN.findall(text)), default=0)
    return flow + 2 * (block + 1)


def nesting_problem(text: str, file: str) -> Problem | None:
    """A ``yaml-syntax`` error where ``text`` first nests deeper than :data:`MAX_NESTING`, or
    None. Counted on the parser's event stream (no recursion, no composed nodes), and only
    when the cheap bound of :func:`_nesting_bound` allows such a depth: real content never
    pays for it. A syntax error stops the count: the parser then reports it, having nested
    no deeper than the limit up to there."""
    if _nesting_bound(text) <= MAX_NESTING:
        return None
    from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent, StreamEndEvent

    depth = 0
    try:
        for event in _events(text):
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > MAX_NESTING:
                    return Problem.at(
                        _mark_location(file, event.start_mark), YAML_SYNTAX, Severity.ERROR,
                        f"lists and mappings nested more than {MAX_NESTING} deep; content never needs this "
                        "many levels (is a bracket or an indentation wrong?)")
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
            elif isinstance(event, StreamEndEvent):
                break
    except Exception:  # noqa: BLE001 - a syntax error: the parse reports it
        return None
    return None


def _events(text: str) -> Iterator[Any]:
    """The parser events of ``text``: libyaml's where the C parser reads the file, else ruamel's
    pure parser (both state machines with their own stacks, safe at any depth)."""
    if _CParser is not None and not _needs_pure(text):
        parser = _CParser(text)
        try:
            while True:
                event = parser.get_event()
                if event is None:
                    return
                yield event
        finally:
            parser.dispose()
    else:
        yield from YAML(typ="rt", pure=True).parse(text)


def _add_document(data: Any, node: Any, index: int, path: str, file: str,
                  documents: list[LoadedDocument], problems: list[Problem]) -> None:
    """Append the constructed document ``data`` (from ``node``) to ``documents`` as plain
    data with positions, or its problem (empty, not a mapping, too large) to ``problems``."""
    root = _mark_location(file, node.start_mark)
    problem = _root_problem(data, root, index)
    if problem is not None:
        problems.append(problem)
        return
    converter = _Converter(file)
    converter.positions[()] = root
    try:
        plain = converter.convert(data, ())
    except _TooLarge:
        problems.append(Problem.at(
            root, YAML_SYNTAX, Severity.ERROR,
            f"document expands to more than {MAX_VALUES_PER_DOCUMENT} values (aliases nested too deep?)",
        ))
        return
    problems.extend(converter.problems)
    documents.append(LoadedDocument(
        path=path, index=index, data=plain, file=file,
        positions=MappingProxyType(converter.positions),
        value_positions=MappingProxyType(converter.value_positions),
    ))


_YAML_DIRECTIVE = re.compile(r"^%YAML[ \t]+(\S*)", re.MULTILINE)


def _begin_document(yaml: YAML) -> None:
    """What ``YAML.load_all`` does before each document: ruamel's scanner records a ``%YAML``
    directive's version in the document's info (without one, "IndexError: list index out of
    range"); a ruamel that keeps no such infos needs nothing."""
    infos = getattr(yaml, "doc_infos", None)
    if infos is not None:
        from ruamel.yaml.docinfo import DocInfo

        infos.append(DocInfo(requested_version=None))


def _parse_pure(text: str, path: str, file: str) -> tuple[list[LoadedDocument], list[Problem]]:
    """Parse ``text`` with ruamel's pure-Python round-trip loader: every problem gets its
    established message and position. Documents before a syntax error are kept."""
    problems: list[Problem] = []
    documents: list[LoadedDocument] = []
    for directive in _YAML_DIRECTIVE.finditer(text):
        if directive.group(1) not in ("1.1", "1.2"):  # ruamel asserts on 1.3 (AssertionError)
            line = text.count("\n", 0, directive.start()) + 1
            return [], [Problem(file, line, 1, YAML_SYNTAX, Severity.ERROR,
                                f"%YAML {directive.group(1)}: doria-forge reads YAML 1.2 (and 1.1); write "
                                "%YAML 1.2 or leave the line out")]
    yaml = YAML(typ="rt", pure=True)
    yaml.Constructor = _Constructor
    # Duplicate keys are reported by _duplicate_keys (the first value is kept): ruamel's own
    # check would abort the whole file, hiding its documents and blaming their absence elsewhere.
    yaml.allow_duplicate_keys = True
    parser = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _begin_document(yaml)
            constructor, parser = yaml.get_constructor_parser(text)
            composer = yaml.composer
            index = 0
            while composer.check_node():
                node = composer.get_node()
                problems.extend(_duplicate_keys(node, file))
                problems.extend(_recursive_alias(node, file))
                problems.extend(_unknown_tags(node, file))
                data = constructor.construct_document(node)
                _add_document(data, node, index, path, file, documents, problems)
                _begin_document(yaml)
                index += 1
    except DuplicateKeyError as exc:
        location = _mark_location(file, exc.problem_mark or exc.context_mark)
        message = (exc.problem or "duplicate key").strip()
        if message.startswith("found "):
            message = message[len("found "):]
        problems.append(Problem.at(location, DUPLICATE_KEY, Severity.ERROR, message))
    except MarkedYAMLError as exc:
        location = _mark_location(file, exc.problem_mark or exc.context_mark)
        hint = _lookalike_hint(text, location.line) or _quote_hint(text, location.line, location.column)
        before = text.split("\n", location.line)[location.line - 1][:location.column - 1] \
            if location.line <= text.count("\n") + 1 else ""
        problems.append(Problem.at(location, YAML_SYNTAX, Severity.ERROR, _syntax_message(exc, before) + hint))
    except ReaderError as exc:
        line, column = _line_col(text, exc.position if isinstance(exc.position, int) else 0)
        character = exc.character
        shown = f"#x{character:04x}" if isinstance(character, int) else repr(character)
        problems.append(Problem(file, line, column, ENCODING, Severity.ERROR,
                                f"unacceptable character {shown}: {exc.reason}"))
    except RecursionError:
        problems.append(Problem(file, 1, 1, YAML_SYNTAX, Severity.ERROR, "YAML nested too deeply to read"))
    except Exception as exc:  # noqa: BLE001 - whatever the file holds, report it, never crash
        problems.append(Problem(file, 1, 1, YAML_SYNTAX, Severity.ERROR,
                                f"could not read YAML: {type(exc).__name__}: {exc}"))
    finally:
        if parser is not None:
            try:
                parser.dispose()
            except Exception:  # noqa: BLE001
                pass
    return documents, problems


try:  # ruamel.yaml.clib: the C reader, scanner, parser and composer
    from ruamel.yaml.cyaml import CParser as _CParser
except ImportError:  # pragma: no cover - a platform without the C extension
    _CParser = None

# What the C parser would read differently from the pure one (so those files take the
# pure path): tabs (the pure scanner refuses them as separators, libyaml accepts them),
# %YAML directives (the resolver would not see the version), characters the pure reader
# refuses: the complement of its printable set (ruamel's Reader.NON_PRINTABLE, written out
# here because compiling ruamel's negated form costs every validate 4 ms).
_NEEDS_PURE = re.compile("[\t\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]|^%",
                         re.MULTILINE)


def _needs_pure(text: str) -> bool:
    return _NEEDS_PURE.search(text) is not None


def _parse_c(text: str, path: str, file: str) -> tuple[list[LoadedDocument], list[Problem]] | None:
    """Parse ``text`` with ruamel's C parser (``ruamel.yaml.clib``): the same documents,
    values and positions as ``_parse_pure`` at several times the speed. Returns ``None``
    when the pure parser must read the file: no C extension, a file ``_NEEDS_PURE``
    names, or any problem at all (the pure parser reports it with its usual message)."""
    if _CParser is None or _needs_pure(text):
        return None
    documents: list[LoadedDocument] = []
    problems: list[Problem] = []
    loader = _CLoader(text)
    lines = text.split("\n")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            index = 0
            while loader.check_node():
                node = loader.get_node()
                try:
                    documents.append(_NodeReader(file, loader, lines).document(node, path, index))
                except _PureProblem:
                    return None
                except _RoundTrip:
                    # something _NodeReader leaves to ruamel's constructor (merge keys, tags...)
                    if not _empty_values_at_their_key(node, lines):
                        return None
                    loader.constructed_objects.clear()
                    loader.recursive_objects.clear()
                    data = loader.construct_document(node)
                    _add_document(data, node, index, path, file, documents, problems)
                index += 1
    except Exception:  # noqa: BLE001 - whatever it is, the pure parser reports it
        return None
    finally:
        loader.dispose()
    return None if problems else (documents, problems)


class _Positions(Mapping[PathKey, Location]):
    """Read-only ``path -> Location`` of one file, kept as (line, column) pairs: a document
    has thousands of positions and validation asks for a handful."""

    __slots__ = ("_file", "_marks")

    def __init__(self, file: str, marks: dict[PathKey, tuple[int, int]]) -> None:
        self._file = file
        self._marks = marks

    def __getitem__(self, path: PathKey) -> Location:
        line, column = self._marks[path]
        return Location(self._file, line, column)

    def __contains__(self, path: object) -> bool:
        return path in self._marks

    def __iter__(self) -> Iterator[PathKey]:
        return iter(self._marks)

    def __len__(self) -> int:
        return len(self._marks)


class _RoundTrip(Exception):
    """A document ``_NodeReader`` leaves to ruamel's round-trip constructor."""


class _PureProblem(Exception):
    """A document with a problem the pure path reports (too many values, an alias that
    contains itself): no use expanding it once more on the round-trip constructor."""


_YAML_TAG = "tag:yaml.org,2002:"
_KNOWN_TAGS = frozenset(_YAML_TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp", "binary",
                                                  "seq", "map", "omap", "pairs", "set", "merge"))
"""The YAML tags the round-trip constructor builds a value of (and ``merge``, the ``<<`` key's)."""
_PLAIN_INT = re.compile(r"-?(?:0|[1-9][0-9]*)\Z")
"""Integers read the same by int() as by the round-trip constructor (no sign +, base prefix, _ or leading 0)."""
_DELEGATED = frozenset(_YAML_TAG + t for t in ("bool", "int", "float", "timestamp"))


class _NodeReader:
    """Plain data and positions straight from the composed nodes: what ``_Converter``
    makes of the round-trip constructor's output, without building ``CommentedMap``s
    first. Scalars other than strings and nulls are built by the round-trip constructor
    itself (so ``0o17``, ``1_000`` or dates read the same). Raises ``_RoundTrip`` for
    anything it does not handle (merge keys, tags outside the YAML core set, complex or
    duplicate keys) and ``_PureProblem`` for aliases that contain themselves or too many
    values."""

    def __init__(self, file: str, loader: Any, lines: list[str]) -> None:
        self.file = file
        self.loader = loader
        self.lines = lines
        # (line, column), 1-based; _Positions makes a Location of one when it is asked for
        self.positions: dict[PathKey, tuple[int, int]] = {}
        self.value_positions: dict[PathKey, tuple[int, int]] = {}
        self._active: set[int] = set()
        self._count = 0

    def document(self, node: Any, path: str, index: int) -> LoadedDocument:
        if not isinstance(node, MappingNode):
            raise _RoundTrip
        self.positions[()] = (node.start_mark.line + 1, node.start_mark.column + 1)
        data = self.value(node, ())
        return LoadedDocument(path=path, index=index, data=data, file=self.file,
                              positions=_Positions(self.file, self.positions),
                              value_positions=_Positions(self.file, self.value_positions))

    def scalar(self, node: Any) -> Any:
        tag = node.tag
        if tag == _YAML_TAG + "str":
            return node.value
        if tag == _YAML_TAG + "null":
            return None
        if tag == _YAML_TAG + "int" and _PLAIN_INT.match(node.value):
            return int(node.value)
        if tag in _DELEGATED:
            return plain_value(self.loader.construct_object(node))
        if tag not in _KNOWN_TAGS:
            raise _PureProblem  # _unknown_tags reports it
        raise _RoundTrip

    def value(self, node: Any, path: PathKey) -> Any:
        self._count += 1
        if self._count > MAX_VALUES_PER_DOCUMENT:
            raise _PureProblem
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        if node.tag not in _KNOWN_TAGS:
            raise _PureProblem  # _unknown_tags reports it
        key = id(node)
        if key in self._active:
            raise _PureProblem
        self._active.add(key)
        positions, value_positions = self.positions, self.value_positions
        try:
            if isinstance(node, SequenceNode):
                out_list = []
                for i, item in enumerate(node.value):
                    child = path + (i,)
                    mark = item.start_mark
                    positions[child] = value_positions[child] = (mark.line + 1, mark.column + 1)
                    out_list.append(self.value(item, child))
                return out_list
            out: dict[Any, Any] = {}
            lines, last = self.lines, len(self.lines) - 1
            for key_node, value_node in node.value:
                if not isinstance(key_node, ScalarNode):
                    raise _RoundTrip
                plain_key = self.scalar(key_node)  # a merge key (<<) raises _RoundTrip here
                if plain_key in out:
                    raise _RoundTrip  # a duplicate key: ruamel reports it
                child = path + (key_step(plain_key),)
                mark = key_node.start_mark
                key_at = positions[child] = (mark.line + 1, mark.column + 1)
                mark = value_node.start_mark
                if type(value_node) is ScalarNode and value_node.value == "" and not value_node.style:
                    # see _empty_values_at_their_key
                    rest = lines[mark.line][mark.column:].strip() if mark.line < last else None
                    if rest == "":
                        mark = key_node.start_mark
                    elif rest is None or not rest.startswith("#"):
                        raise _RoundTrip
                value = self.value(value_node, child)
                value_positions[child] = key_at if value is None and mark.line + 1 > key_at[0] \
                    else (mark.line + 1, mark.column + 1)
                out[plain_key] = value
            return out
        finally:
            self._active.discard(key)


_RESOLVED: dict[tuple, Any] = {}
_VERSION_RESOLVERS: dict[Any, Any] = {}
"""Implicit tags resolved by ``_CLoader.resolve``: (node kind, value, implicit) -> tag."""

if _CParser is not None:

    class _CLoader(_CParser, _Constructor, VersionedResolver):
        """The C parser and composer feeding the round-trip constructor (as ruamel's own
        ``CSafeLoader`` combines them), so values and their line/column marks are built
        exactly as on the pure path."""

        def __init__(self, stream: str) -> None:
            _CParser.__init__(self, stream)
            self._parser = self._composer = self
            _Constructor.__init__(self, loader=self)
            self.allow_duplicate_keys = False
            self.comment_handling = None
            VersionedResolver.__init__(self, version=None, loadumper=self)
            # the implicit resolvers of a YAML version, compiled once for every file
            self._version_implicit_resolver = _VERSION_RESOLVERS

        def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
            # The tag of a plain scalar depends only on these three (no path resolvers, one
            # YAML version): content repeats the same few values many times.
            key = (kind, value, implicit)
            tag = _RESOLVED.get(key)
            if tag is None:
                if len(_RESOLVED) > 50_000:
                    _RESOLVED.clear()
                tag = _RESOLVED[key] = VersionedResolver.resolve(self, kind, value, implicit)
            return tag

        @property
        def processing_version(self) -> Any:
            # Files with a %YAML directive take the pure path, so every document here is
            # read with the default version; the inherited lookup raises and catches two
            # AttributeErrors per scalar to find that out.
            return _DEFAULT_YAML_VERSION


def _empty_values_at_their_key(root: Any, lines: list[str]) -> bool:
    """Give every empty block value (``name:``, then only blanks up to the newline) its
    key's mark. libyaml marks it right after the colon, the pure parser on the next line;
    ``_Converter`` places a value marked on a later line at its key, so the two agree.
    Returns False for an empty value elsewhere (``{a: , b: 1}``), where the two parsers'
    columns differ: such a file takes the pure path."""
    seen: set[int] = set()
    stack = [root]
    last = len(lines) - 1
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, MappingNode):
            for key, value in node.value:
                if isinstance(value, ScalarNode) and value.value == "" and not value.style:
                    mark = value.start_mark
                    rest = lines[mark.line][mark.column:].strip() if mark.line < last else None
                    if rest == "":
                        value.start_mark = key.start_mark
                    elif rest is None or not rest.startswith("#"):  # a comment: both mark the colon
                        return False
                stack.append(key)
                stack.append(value)
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)
    return True


def _duplicate_keys(root: Any, file: str) -> list[Problem]:
    """A ``duplicate-key`` error at every repeat of a key in one mapping of the document
    ``root`` (a composed node). The constructor keeps the first value; the problem says so,
    so the rest of the file is still read and checked."""
    problems: list[Problem] = []
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:  # an alias: its mapping was checked where it is defined
            continue
        seen.add(id(node))
        if isinstance(node, MappingNode):
            first: dict[tuple[Any, str], Any] = {}
            for key, value in node.value:
                if isinstance(key, ScalarNode) and key.value != "<<":
                    earlier = first.setdefault((key.tag, key.value), key)
                    if earlier is not key:
                        problems.append(Problem.at(
                            _mark_location(file, key.start_mark), DUPLICATE_KEY, Severity.ERROR,
                            f"duplicate key {key.value!r}: the first one (line {earlier.start_mark.line + 1}) "
                            "is used, this one is ignored",
                        ))
                stack.extend((key, value))
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)
    return problems


def _unknown_tags(root: Any, file: str) -> list[Problem]:
    """A ``yaml-syntax`` error at every value of the document ``root`` (a composed node) tagged
    with a tag outside ``_KNOWN_TAGS`` (``text: !include story.md``, ``!!python/object``). The
    constructor keeps such a value as its bare text or collection, so the card printed
    "story.md" and validate said nothing; the rest of the file is still read."""
    problems: list[Problem] = []
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:  # an alias: reported where its value is written
            continue
        seen.add(id(node))
        if node.tag not in _KNOWN_TAGS:
            tag = str(node.tag).replace(_YAML_TAG, "!!")
            problems.append(Problem.at(
                _mark_location(file, node.start_mark), YAML_SYNTAX, Severity.ERROR,
                f"unknown tag {tag}: doria-forge reads plain YAML values, without tags (it includes and "
                "converts nothing); write the value itself here",
            ))
        if isinstance(node, MappingNode):
            stack.extend(child for pair in node.value for child in pair)
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)
    return problems


def _recursive_alias(root: Any, file: str) -> list[Problem]:
    """A ``yaml-syntax`` error at the first value of the document ``root`` (a composed node)
    that holds an alias to itself (``flags: &a [*a]``), else none. ruamel constructs such a value
    with None in its own place, so it read as an empty value (``write one after the colon``)
    that nobody wrote, without a word about the alias; the rest of the document is still read
    (as with a duplicate key), so the mistake is not blamed on the documents that refer to it."""
    done: set[int] = set()
    open_: set[int] = set()  # the values being walked: an alias to one of them is a cycle
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, leaving = stack.pop()
        if leaving:
            open_.discard(id(node))
            done.add(id(node))
            continue
        if id(node) in open_:
            return [Problem.at(_mark_location(file, node.start_mark), YAML_SYNTAX, Severity.ERROR,
                               "recursive alias: the value anchored here holds an alias to itself, a value that "
                               "never ends; write the value out instead")]
        if id(node) in done:
            continue
        if isinstance(node, MappingNode):
            children = [child for pair in node.value for child in pair]
        elif isinstance(node, SequenceNode):
            children = list(node.value)
        else:
            continue
        open_.add(id(node))
        stack.append((node, True))
        stack.extend((child, False) for child in children)
    return []


def _clamped(problems: list[Problem], text: str) -> list[Problem]:
    """``problems`` with any line past the end of ``text`` moved to the end of its last line.

    ruamel marks end-of-file errors on the line after the last one; editors and GitHub
    annotations want a line that exists. The end is found once per file, not per problem
    (a file of 100 000 empty documents has as many problems)."""
    if not problems:
        return problems
    body = text[:-1] if text.endswith("\n") else text
    last_line = body.count("\n") + 1
    last_column = len(body) - (body.rfind("\n") + 1) + 1
    return [p if p.line <= last_line else
            Problem(p.file, last_line, last_column, p.rule_id, p.severity, p.message) for p in problems]


def _root_problem(data: Any, root: Location, index: int) -> Problem | None:
    where = f"document {index + 1}" if index else "document"
    if data is None:
        return Problem.at(root, EMPTY_DOCUMENT, Severity.WARNING, f"{where} is empty")
    if isinstance(data, CommentedMap) or isinstance(data, dict):
        return None
    what = "a list" if isinstance(data, (CommentedSeq, list)) else f"a single value ({_describe(data)})"
    return Problem.at(
        root, NOT_A_MAPPING, Severity.ERROR,
        f"{where} is {what}; a content document is a mapping with 'kind' and 'id'",
    )


def _describe(data: Any) -> str:
    text = repr(plain_value(data))
    return text if len(text) <= 40 else text[:37] + "..."


def discover_files(root: Path) -> list[Path]:
    """All ``*.yaml``/``*.yml`` files under ``root`` that will be read, recursively, sorted by
    posix path (see :func:`doria_forge.load.files.discover`, which also returns the paths
    refused). Hidden files and directories (``.git``, ``.cache``) are skipped; symlinked
    directories are not followed (no loops)."""
    return discover(root)[0]


def check_pack_path(root: Path) -> None:
    """Raise PackPathError when no pack can be read at ``root``: it does not exist, or it is a file
    that is not a regular ``.yaml``/``.yml`` file (a folder is a pack, even an empty one)."""
    if root.is_dir():
        return
    if not (root.exists() or root.is_symlink()):
        raise PackPathError(f"pack path {root} does not exist")
    if not root.name.lower().endswith(YAML_SUFFIXES):
        raise PackPathError(f"{root} is not a .yaml/.yml file")
    if not root.is_file():
        raise PackPathError(f"{root} is not a regular file")


def load_pack(root: Path | str, *, display_root: str | None = None) -> LoadResult:
    """Load every YAML file of a pack.

    ``root`` is the pack directory, or a single YAML file. Problems name files
    as ``display_root`` joined with the path inside the pack; by default
    ``display_root`` is ``root`` as given, so ``load_pack("content")`` reports
    ``content/monsters/orc.yaml``.

    Raises:
        PackPathError: ``root`` does not exist, or is a file that is not YAML.
    """
    root = Path(root)
    check_pack_path(root)
    if display_root is None:
        display_root = root.as_posix()
    refused: list[PathProblem] = []
    if root.is_dir():
        files, refused = discover(root)
        base, confine = root, root
    else:
        files = [root]
        base, confine = root.parent, None  # the user named this file: it is the pack
        display_root = posixpath.dirname(display_root) if display_root not in ("", ".") else ""
    try:
        max_file_bytes()  # a bad limit is a usage error before any file is read
    except FileLimitError as exc:
        raise PackPathError(str(exc)) from None

    def shown(path: Path) -> str:
        return _display(display_root, path.relative_to(base).as_posix()) if path != base else display_root or "."

    documents: list[LoadedDocument] = []
    problems = [Problem(shown(r.path), 1, 1, r.rule_id, Severity.ERROR, r.message) for r in refused]
    real_root = real_folder(confine) if confine is not None else None
    shown_files: list[str] = []
    read: list[bytes | None] = []
    for file_path in files:
        rel = file_path.relative_to(base).as_posix()
        shown_files.append(shown(file_path))
        try:
            raw = read_confined(file_path, confine, real_root=real_root)
        except PackFileError as exc:
            problems.append(Problem(shown(file_path), 1, 1, exc.problem.rule_id, Severity.ERROR, exc.problem.message))
            read.append(None)
            continue
        read.append(raw)
        docs, file_problems = load_text(raw, path=rel, file=shown(file_path))
        documents.extend(docs)
        problems.extend(file_problems)
    if not files and not refused:
        problems.append(Problem(_display(display_root, "") or ".", 1, 1, EMPTY_PACK, Severity.WARNING,
                                "no .yaml or .yml files found in the pack"))
    return LoadResult(tuple(documents), tuple(sorted(problems)), tuple(shown_files), tuple(read))
