"""Imported rows written into a designer's own YAML file, in place (``doria-forge import --force``).

The file is read and written with ruamel.yaml's round trip, so everything the import does not
change stays as it was: comments, key order, quoting, the other documents of the file (a
monster beside its Monster Level Cards), their order. For each imported row:

* a document of the imported kind with the row's ``id`` is updated where it is: each column the
  sheet has sets its field (an empty cell removes it); fields the sheet has no column for are
  kept; a value that did not change is not touched (its formatting stays);
* a row with a new ``id`` becomes a new document at the end of the file;
* documents of the kind the sheet does not name are kept, unless ``prune`` removes them.

A column names a field or a path into one (``effect.damage``, ``attacks.0.dice``, see
:func:`column_path`); list positions go up to ``MAX_LIST_INDEX``.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, MutableMapping, MutableSequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

MAX_LIST_INDEX = 99
"""Highest list position a column may name (``attacks.99.dice``): content lists are short."""

MAX_PATH_PARTS = 8
"""Most parts of a column path (``a.b.c`` has 3)."""


def _round_trip_types() -> tuple[type, ...]:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    return (CommentedMap, CommentedSeq)


class ColumnError(ValueError):
    """A column name that is not a field path, or one that goes inside a value (the message says
    why); ``path`` is that column's path when it is known."""

    def __init__(self, message: str, path: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.path = path


def column_path(column: str) -> tuple[str | int, ...]:
    """``"attacks.0.dice"`` -> ``("attacks", 0, "dice")``. Raises ColumnError for an empty part, a
    list position above ``MAX_LIST_INDEX`` or more than ``MAX_PATH_PARTS`` parts."""
    parts = column.split(".")
    if len(parts) > MAX_PATH_PARTS:
        raise ColumnError(f"column {column[:60]!r} goes {len(parts)} levels deep; content goes at most "
                          f"{MAX_PATH_PARTS}")
    path: list[str | int] = []
    for part in parts:
        if not part.strip():
            raise ColumnError(f"column {column[:60]!r} has an empty part between dots")
        if part.isascii() and part.isdigit():  # "²" is a digit to str.isdigit, not to int()
            if len(part) > 4 or int(part) > MAX_LIST_INDEX:
                raise ColumnError(f"column {column[:60]!r} names list position {part[:12]}; positions go from 0 "
                                  f"to {MAX_LIST_INDEX}")
            path.append(int(part))
        else:
            path.append(part)
    if isinstance(path[0], int):
        raise ColumnError(f"column {column[:60]!r} starts with a list position; it names a field")
    return tuple(path)


def apply_changes(document: MutableMapping[str, Any], changes: Mapping[tuple[str | int, ...], Any]) -> None:
    """Set each path of ``changes`` in ``document`` to its value (``None``: remove the field),
    creating mappings and lists on the way; an equal value is left as it is. Works on plain
    dicts and on ruamel's round-trip maps alike. Raises ColumnError when a path goes into a
    value that is neither a mapping nor a list."""
    for path, value in changes.items():
        if value is None:
            _remove(document, path)
            continue
        value = styled(value) if isinstance(document, _round_trip_types()) else value
        node: Any = document
        for step, following in zip(path, path[1:], strict=False):
            node = _child(node, step, [] if isinstance(following, int) else {}, path)
        last = path[-1]
        if isinstance(node, MutableSequence):
            if not isinstance(last, int):
                raise ColumnError(f"column {_shown(path)} names a field inside a list", path)
            while len(node) <= last:
                node.append(None)
            if node[last] != value:
                node[last] = value
        elif not isinstance(node, MutableMapping) or isinstance(last, int):
            raise ColumnError(f"column {_shown(path)} goes inside a value that is not a mapping", path)
        elif last not in node or _plain(node[last]) != value:
            node[last] = value


def styled(value: Any) -> Any:
    """``value`` as ruamel round-trip data written the way the project writes YAML: mappings in
    block style, lists of plain values (and lists of them, such as squares) inline, and the
    plain mappings of a list inline too (``- {behaviour: poison, markers: 2}``)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    def leaf(item: Any) -> bool:
        return not isinstance(item, (dict, list)) or (isinstance(item, list) and all(
            not isinstance(i, (dict, list)) for i in item))

    if isinstance(value, dict):
        mapping = CommentedMap((k, styled(v)) for k, v in value.items())
        mapping.fa.set_block_style()
        return mapping
    if isinstance(value, list):
        items = CommentedSeq(styled(v) for v in value)
        inline = all(leaf(v) for v in value)
        for item, plain in zip(items, value, strict=True):
            if isinstance(plain, dict) and all(leaf(v) for v in plain.values()):
                item.fa.set_flow_style()
        items.fa.set_flow_style() if inline else items.fa.set_block_style()
        return items
    return _portable(value) if isinstance(value, str) else value


def _portable(text: str) -> str:
    """``text`` quoted where a YAML 1.1 reader would take it plain as no text: doria-forge (and
    editors) read YAML 1.2, where ``yes``, ``off`` and ``12:30`` are text, but PyYAML and other
    1.1 readers take them for a switch or the number 750; the 1.2 writer quotes only what 1.2
    reads otherwise."""
    from ruamel.yaml.nodes import ScalarNode
    from ruamel.yaml.scalarstring import SingleQuotedScalarString

    if str(_yaml_1_1().resolve(ScalarNode, text, (True, False))) == "tag:yaml.org,2002:str":
        return text
    return SingleQuotedScalarString(text)


@cache
def _yaml_1_1() -> Any:
    """ruamel's resolver of plain scalars under YAML 1.1 rules: one for every cell of an import
    (building it costs twice what it takes to ask it)."""
    from ruamel.yaml.resolver import VersionedResolver

    return VersionedResolver(version=(1, 1))


def _child(node: Any, step: str | int, default: Any, path: tuple[str | int, ...]) -> Any:
    if isinstance(node, MutableSequence) and isinstance(step, int):
        while len(node) <= step:
            node.append(None)
        if node[step] is None:
            node[step] = default
        child = node[step]
    elif isinstance(node, MutableMapping) and not isinstance(step, int):
        child = node.get(step)
        if child is None:
            node[step] = child = default
    else:
        raise ColumnError(f"column {_shown(path)} goes inside {step!r}, which is not a mapping or list", path)
    if not isinstance(child, (MutableMapping, MutableSequence)):
        raise ColumnError(f"column {_shown(path)} goes inside {step!r}, which another column or the file sets to "
                          "a value", path)
    return child


def _remove(document: MutableMapping[str, Any], path: tuple[str | int, ...]) -> None:
    """Remove the field at ``path``; mappings left empty by it go too, and list items left empty
    at the end of their list."""
    trail: list[tuple[Any, str | int]] = []
    node: Any = document
    for step in path:
        if isinstance(node, MutableMapping) and not isinstance(step, int) and step in node:
            trail.append((node, step))
            node = node[step]
        elif isinstance(node, MutableSequence) and isinstance(step, int) and step < len(node):
            trail.append((node, step))
            node = node[step]
        else:
            return
    while trail:
        parent, step = trail.pop()
        if isinstance(parent, MutableSequence):
            assert isinstance(step, int)  # a list is stepped into by index
            if step != len(parent) - 1:
                parent[step] = {} if isinstance(parent[step], MutableMapping) else None
                return
            parent.pop()
        else:
            del parent[step]
        if parent or not trail:  # not left empty (or the document itself): done
            return


def _plain(value: Any) -> Any:
    """ruamel's round-trip values as plain Python (for comparing with a cell's value)."""
    from doria_forge.load.loader import plain_value

    if isinstance(value, Mapping):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return plain_value(value)


def _shown(path: tuple[str | int, ...]) -> str:
    return repr(".".join(str(p) for p in path))


@dataclass
class Merge:
    """What an import does to a file: ``updates`` ``{id: changes}`` for documents of ``kind`` it
    has, ``added`` new documents (plain data) in sheet order, ``keep`` the ids the sheet names
    (with ``prune``, the others of ``kind`` go)."""

    kind: str
    updates: dict[str, dict[tuple[str | int, ...], Any]] = field(default_factory=dict)
    added: list[dict[str, Any]] = field(default_factory=list)
    keep: set[str] = field(default_factory=set)
    prune: bool = False


def merged_text(text: str | None, merge: Merge, header: str) -> str:
    """The YAML file ``text`` (``None``: a new file starting with the comment ``header``) with
    ``merge`` done (see the module docstring), keeping its byte-order mark and line endings (CRLF
    when its first line ends so)."""
    from ruamel.yaml import YAML

    # ruamel writes LF and drops a byte-order mark, but keeps a comment's CR: a Windows file came
    # back with mixed line endings, every document line changed
    mark = "\ufeff" if text is not None and text.startswith("\ufeff") else ""
    first_line = (text or "").split("\n", 1)
    crlf = len(first_line) > 1 and first_line[0].endswith("\r")
    if text is not None:
        text = text[len(mark):].replace("\r\n", "\n")
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(**_guess_indent(text or ""))
    documents = list(yaml.load_all(text)) if text is not None else []
    kept = []
    for document in documents:
        if isinstance(document, MutableMapping) and document.get("kind") == merge.kind:
            doc_id = document.get("id")
            if merge.prune and doc_id not in merge.keep:
                continue
            if doc_id in merge.updates:
                apply_changes(document, merge.updates.pop(doc_id))
        kept.append(document)
    kept += [styled(document) for document in merge.added]
    stream = io.StringIO()
    if text is None:
        stream.write(header)
    if kept:
        yaml.dump_all(kept, stream)
    written = stream.getvalue()
    return mark + (written.replace("\n", "\r\n") if crlf else written)


_SEQUENCE_UNDER_KEY = re.compile(r"^( *)[^\s#-][^\n]*:[ \t]*(?:#[^\n]*)?\n( *)- ", re.MULTILINE)
_NESTED_KEY = re.compile(r"^( *)[^\s#-][^\n:]*:[ \t]*(?:#[^\n]*)?\n( +)[^\s#-][^\n]*:", re.MULTILINE)


def _guess_indent(text: str) -> dict[str, int]:
    """ruamel's ``indent`` settings that write ``text`` as it is written: the indentation of a
    nested mapping, and how far a list's dash sits in from its key (the project writes 2, 4, 2)."""
    mapping = 2
    nested = _NESTED_KEY.search(text)
    if nested and len(nested.group(2)) > len(nested.group(1)):
        mapping = len(nested.group(2)) - len(nested.group(1))
    offset = 2
    listed = _SEQUENCE_UNDER_KEY.search(text)
    if listed:
        offset = max(0, len(listed.group(2)) - len(listed.group(1)))
    return {"mapping": mapping, "sequence": offset + 2, "offset": offset}

