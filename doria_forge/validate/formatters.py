"""Report formats for validation problems: ``text``, ``json`` and ``github``.

Formatters only present problems; they never decide what is a problem.

* ``text``: one line per problem, ``file:line:col: severity [rule-id] message``,
  then ``N errors, M warnings in K files`` (K = YAML files read). Control characters in
  file names and messages are shown as escapes (``\x1b``), so a line is always one line.
* ``json``: ``{"problems": [{file, line, column, rule, severity, message}...],
  "summary": {"errors", "warnings", "files"}, "format": 1}``, keys in that order, 2-space
  indent (``"infos"`` after ``"warnings"`` when there are any); the shape of version
  ``format`` is ``schemas/output/validate.schema.json``.
* ``github``: GitHub Actions workflow commands,
  ``::error file=F,line=L,col=C,title=RULE::MSG`` (``::warning`` for warnings,
  ``::notice`` for infos), then the summary line as plain log text. ``F`` is relative
  to the repository root (``$GITHUB_WORKSPACE``, else the git work tree holding the
  file), so the annotation attaches to the pull request's diff wherever the command ran.
"""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TextIO

from ..infra.terminal import escape_json_text, printable
from ..load.problem import Problem, Severity
from ..model.output_format import OUTPUT_FORMAT
from .pipeline import ValidationResult

FORMATS = ("text", "json", "github")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summary_line(result: ValidationResult) -> str:
    """``2 errors, 1 warning in 12 files`` (``, 3 info`` before ``in`` when there are any)."""
    infos = f", {result.infos} info" if result.infos else ""
    return (f"{_plural(result.errors, 'error')}, {_plural(result.warnings, 'warning')}{infos} "
            f"in {_plural(len(result.files), 'file')}")


def text_line(problem: Problem) -> str:
    """``content/monsters/orc.yaml:12:5: error [rule-id] message``, always one line."""
    return (f"{printable(problem.file)}:{problem.line}:{problem.column}: "
            f"{problem.severity.value} [{printable(problem.rule_id)}] {_message(problem)}")


def _message(problem: Problem) -> str:
    return printable(" ".join(problem.message.splitlines()))


def format_text(result: ValidationResult) -> str:
    """The text report, without colour, ending in a newline."""
    lines = [text_line(p) for p in result.problems]
    lines.append(summary_line(result))
    return "\n".join(lines) + "\n"


def format_json(result: ValidationResult) -> str:
    """The JSON report, ending in a newline."""
    payload: dict[str, object] = {
        "problems": [
            {
                "file": p.file,
                "line": p.line,
                "column": p.column,
                "rule": p.rule_id,
                "severity": p.severity.value,
                "message": p.message,
            }
            for p in result.problems
        ],
        "summary": {"errors": result.errors, "warnings": result.warnings, "files": len(result.files)},
    }
    if result.infos:
        payload["summary"] = {"errors": result.errors, "warnings": result.warnings, "infos": result.infos,
                              "files": len(result.files)}
    payload["format"] = OUTPUT_FORMAT
    return escape_json_text(json.dumps(payload, indent=2, ensure_ascii=False)) + "\n"


def _escape_data(text: str) -> str:
    # The workflow-command escapes first (a line break must not end the command early),
    # then every other control character shown as an escape.
    return printable(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


_GITHUB_COMMANDS = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


@cache
def _repository_root(start: str) -> Path | None:
    """The git work tree holding folder ``start`` (a ``.git`` folder, or the ``.git`` file of a
    worktree or submodule), or None outside any."""
    folder = Path(start)
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


def repository_path(file: str) -> str:
    """``file`` (as problems show it: relative to the working folder, or absolute) relative to
    the repository root: ``$GITHUB_WORKSPACE`` when set and holding the file, else the git work
    tree around it. GitHub attaches an annotation to a pull request only by that path. A file
    outside any repository is returned as given."""
    absolute = Path(os.path.abspath(file))
    roots = [os.environ.get("GITHUB_WORKSPACE")]
    roots.append(str(_repository_root(str(absolute.parent)) or ""))
    for root in roots:
        if root:
            try:
                return absolute.relative_to(os.path.abspath(root)).as_posix()
            except ValueError:
                continue
    return file


def github_line(problem: Problem, *, strict: bool = False) -> str:
    """One GitHub Actions annotation, escaped as the workflow-command syntax requires; the file
    path relative to the repository root (:func:`repository_path`). ``strict`` (``--strict``:
    warnings fail the run) annotates a warning as an error, as what failed the check."""
    severity = Severity.ERROR if strict and problem.severity is Severity.WARNING else problem.severity
    return github_annotation(severity.value, problem.file, problem.line, problem.column, problem.rule_id,
                             problem.message)


def github_annotation(severity: str, file: str, line: int, column: int, title: str, message: str) -> str:
    """A GitHub Actions annotation (``::error``, ``::warning`` or ``::notice`` for ``severity``
    error, warning or info) at ``file:line:column``, escaped as the workflow-command syntax
    requires, the file relative to the repository root (:func:`repository_path`). Used for the
    simulation's findings too."""
    command = _GITHUB_COMMANDS[Severity(severity)]
    return (f"::{command} file={_escape_property(repository_path(file))},line={line},"
            f"col={column},title={_escape_property(title)}::{_escape_data(message)}")


def format_github(result: ValidationResult, *, strict: bool = False) -> str:
    """GitHub annotation lines plus the summary, ending in a newline (``strict``: warnings as
    errors, :func:`github_line`)."""
    lines = [github_line(p, strict=strict) for p in result.problems]
    lines.append(summary_line(result))
    return "\n".join(lines) + "\n"


def format_result(result: ValidationResult, fmt: str = "text", *, color: bool = False, strict: bool = False) -> str:
    """The report in format ``fmt`` (one of ``FORMATS``), ending in a newline.

    ``color=True`` adds ANSI colours (via rich) to the ``text`` format only;
    pass it when the output goes to a terminal. ``strict`` (warnings fail the run): the
    ``github`` format annotates warnings as errors.

    Raises:
        ValueError: unknown format (a usage error).
    """
    if fmt == "text" and color:
        buffer = io.StringIO()
        _styled_text(result, buffer)
        return buffer.getvalue()
    if fmt == "text":
        return format_text(result)
    if fmt == "json":
        return format_json(result)
    if fmt == "github":
        return format_github(result, strict=strict)
    raise ValueError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")


def _styled_text(result: ValidationResult, stream: TextIO) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(file=stream, highlight=False, soft_wrap=True, force_terminal=True)
    for p in result.problems:
        line = Text()
        line.append(f"{printable(p.file)}:{p.line}:{p.column}: ", style="bold")
        styles = {Severity.ERROR: "bold red", Severity.WARNING: "yellow", Severity.INFO: "blue"}
        line.append(p.severity.value, style=styles[p.severity])
        line.append(f" [{printable(p.rule_id)}] ", style="cyan")
        line.append(_message(p))
        console.print(line)
    style = "bold red" if result.errors else ("yellow" if result.warnings else "green")
    console.print(Text(summary_line(result), style=style))


def write_report(result: ValidationResult, fmt: str = "text", stream: TextIO | None = None,
                 *, color: bool | None = None, strict: bool = False) -> None:
    """Write the report to ``stream`` (default stdout).

    Text is coloured with rich only when ``color`` is True, or when ``color``
    is None and ``stream`` is a terminal. JSON and GitHub output are never
    coloured.

    Raises:
        ValueError: unknown format.
    """
    stream = sys.stdout if stream is None else stream
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    if color is None:
        isatty = getattr(stream, "isatty", None)
        color = bool(isatty and isatty())
    if fmt == "text" and color:
        _styled_text(result, stream)
    else:
        stream.write(format_result(result, fmt, strict=strict))
        stream.flush()


def iter_lines(result: ValidationResult, fmt: str = "text") -> Iterable[str]:
    """The report's lines without newlines (handy for tests and logs)."""
    return format_result(result, fmt).splitlines()
