"""Project templates (Jinja2), rendered in a sandbox with resource limits.

A template comes with the pack's project, so it is as untrusted as the pack: it must not
read files outside its folder, reach Python internals, or make doria-forge loop, allocate or
print without end. Every rendering goes through :func:`render_template`, which

* reads templates only through :class:`ConfinedLoader`: regular UTF-8 files whose real path
  lies inside the templates folder, no larger than the pack file limit
  (:func:`doria_forge.load.files.max_file_bytes`);
* renders in Jinja2's immutable sandbox (no attribute starting with ``_``, no changing the
  context's lists and dicts), with :class:`TemplateLimits` on ranges, repetition (``*``),
  exponentiation (``**``), widths of formatting and padding, output size and render time, and
  (on Linux) a cap on the memory it may allocate;
* turns every failure (syntax, undefined variable, division by zero, recursion, a template
  that includes itself, undecodable bytes, overflow, a limit) into one :class:`TemplateFailure`
  whose text is one line, ``<template file>:<line>: <what went wrong>``.
"""

from __future__ import annotations

import operator
import os
import re
import string
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from jinja2 import BaseLoader, TemplateError, TemplateNotFound, TemplateSyntaxError
from jinja2.loaders import split_template_path
from jinja2.sandbox import ImmutableSandboxedEnvironment

from doria_forge.load.files import PackFileError, read_confined


@dataclass(frozen=True)
class TemplateLimits:
    """What one rendering may use.

    ``max_range``: items of one ``range()``; ``max_length``: characters or items a single
    operation may produce (repetition ``'x' * n``, ``center``, ``indent``, ``%10d``, ``join``,
    ``replace``...); ``max_power_bits``: size of an integer ``a ** b`` in bits; ``max_output``:
    characters of the rendered text; ``max_seconds``: wall-clock time of one rendering (loading
    and compiling included); ``max_memory``: bytes of address space a rendering may add (Linux
    only; elsewhere the other limits stand alone).
    """

    max_range: int = 10_000
    max_length: int = 200_000
    max_power_bits: int = 4_096
    max_output: int = 1_000_000
    max_seconds: float = 10.0
    max_memory: int = 512 * 1024**2


DEFAULT_LIMITS = TemplateLimits()


class TemplateFailure(Exception):
    """A template could not be rendered. ``str()`` is one line: ``file:line: message``;
    ``file``, ``line`` and ``message`` are also attributes."""

    def __init__(self, file: str, line: int, message: str) -> None:
        self.file, self.line, self.message = file, line, message
        super().__init__(f"{file}:{line}: {message}")


class LimitExceeded(BaseException):
    """A template went past a :class:`TemplateLimits` limit.

    A ``BaseException`` on purpose: Jinja2 and the template's own filters catch ``Exception``
    here and there, and a limit must stop the rendering wherever it is hit."""


class ConfinedLoader(BaseLoader):
    """Loads templates from one folder: regular UTF-8 files whose real path lies inside it.

    A name with ``..`` is not found; a link out of the folder, a FIFO, a device, a file above
    the size limit or an undecodable file is a ``TemplateSyntaxError`` naming the file (and,
    for undecodable bytes, the line), quoting nothing from it."""

    def __init__(self, folder: Path | str, max_bytes: int | None = None) -> None:
        self.folder = Path(folder)
        self.max_bytes = max_bytes

    def get_source(self, environment: Any, template: str) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*split_template_path(template))
        if not (path.exists() or path.is_symlink()):
            raise TemplateNotFound(template)
        try:
            raw = read_confined(path, self.folder, self.max_bytes, area="the templates folder")
        except PackFileError as exc:
            raise TemplateSyntaxError(exc.problem.message, 1, template, str(path)) from None
        try:
            source = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = raw.count(b"\n", 0, exc.start) + 1
            raise TemplateSyntaxError(f"file is not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})",
                                      line, template, str(path)) from None
        mtime = os.stat(path).st_mtime
        return source, str(path), lambda: _mtime(path) == mtime


def _mtime(path: Path) -> float | None:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return None


_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d*)(?:\.(\*|\d*))?[a-zA-Z%]")
_PADDING_METHODS = frozenset({"center", "ljust", "rjust", "zfill"})


class LimitedSandbox(ImmutableSandboxedEnvironment):
    """Jinja2's immutable sandbox with :class:`TemplateLimits` on every operation that can
    make a large value from a small template (see :func:`sandboxed_environment`)."""

    intercepted_binops = frozenset({"*", "**", "%"})

    def __init__(self, *args: Any, limits: TemplateLimits = DEFAULT_LIMITS, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.limits = limits
        self.globals["range"] = self._range
        for name, guard in (("center", self._padding_filter), ("indent", self._indent_filter),
                            ("format", self._format_filter), ("batch", self._count_filter("batch")),
                            ("slice", self._count_filter("slice")), ("join", self._join_filter),
                            ("replace", self._replace_filter), ("wordwrap", self._wordwrap_filter)):
            self.filters[name] = guard(self.filters[name])

    # -- checks ------------------------------------------------------------------
    def _bounded(self, n: Any, what: str, limit: int | None = None) -> None:
        limit = self.limits.max_length if limit is None else limit
        if isinstance(n, int) and n > limit:
            raise LimitExceeded(f"{what} of {n} is above the template limit of {limit}")

    def _range(self, *args: Any) -> range:
        rng = range(*args)
        self._bounded(len(rng), "range", self.limits.max_range)
        return rng

    def _sized(self, seq: Any) -> int | None:
        return len(seq) if isinstance(seq, (str, list, tuple)) else None

    def call_binop(self, context: Any, operator_name: str, left: Any, right: Any) -> Any:
        if operator_name == "*":
            for seq, times in ((left, right), (right, left)):
                size = self._sized(seq)
                if size is not None and isinstance(times, int):
                    self._bounded(size * times, "repetition result")
            return operator.mul(left, right)
        if operator_name == "**":
            if isinstance(left, int) and isinstance(right, int) and right > 0:
                self._bounded(max(abs(left).bit_length(), 1) * right, "power result in bits",
                              self.limits.max_power_bits)
            return operator.pow(left, right)
        if isinstance(left, str):
            self._check_percent(left)
        return operator.mod(left, right)

    def _check_percent(self, fmt: str) -> None:
        for width, precision in _PERCENT_SPEC.findall(fmt):
            if "*" in (width, precision):
                raise LimitExceeded("'*' widths in %-formatting are not allowed in templates")
            for number in (width, precision):
                if number:
                    self._bounded(int(number), "format width")

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        self._check_format_fields(value.__self__)
        return wrapped

    def _check_format_fields(self, fmt: str) -> None:
        for _, field, spec, _ in string.Formatter().parse(fmt):
            if field is not None and spec:
                if "{" in spec:
                    raise LimitExceeded("nested replacement fields in a format spec are not allowed in templates")
                for number in re.findall(r"\d+", spec):
                    self._bounded(int(number), "format width")

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        owner = getattr(__obj, "__self__", None)
        name = getattr(__obj, "__name__", "")
        if isinstance(owner, str):
            if name in _PADDING_METHODS and args:
                __self._bounded(args[0], f"{name} width")
            elif name == "expandtabs":
                __self._bounded(len(owner) * (args[0] if args and isinstance(args[0], int) else 8), "expandtabs result")
            elif name == "replace" and len(args) >= 2:
                __self._check_replace(owner, args[0], args[1])
            elif name == "join" and args:
                items = list(args[0])
                __self._check_join(owner, items)
                args = (items, *args[1:])
        return super().call(__context, __obj, *args, **kwargs)

    def _check_replace(self, text: Any, old: Any, new: Any) -> None:
        if isinstance(text, str) and isinstance(old, str) and isinstance(new, str):
            hits = text.count(old) if old else len(text) + 1
            self._bounded(len(text) + hits * len(new), "replace result")

    def _check_join(self, sep: Any, items: list[Any]) -> None:
        total = sum(len(i) if isinstance(i, str) else 16 for i in items)
        self._bounded(total + len(str(sep)) * max(len(items) - 1, 0), "join result")

    # -- filter guards -------------------------------------------------------------
    def _padding_filter(self, f: Callable[..., Any]) -> Callable[..., Any]:
        def center(value: Any, width: int = 80) -> Any:
            self._bounded(width, "center width")
            return f(value, width)
        return center

    def _indent_filter(self, f: Callable[..., Any]) -> Callable[..., Any]:
        def indent(s: Any, width: Any = 4, *args: Any, **kwargs: Any) -> Any:
            lines = str(s).count("\n") + 1
            self._bounded(len(width) if isinstance(width, str) else width, "indent width")
            if isinstance(width, int):
                self._bounded(len(str(s)) + lines * width, "indent result")
            return f(s, width, *args, **kwargs)
        return indent

    def _format_filter(self, f: Callable[..., Any]) -> Callable[..., Any]:
        def format(value: Any, *args: Any, **kwargs: Any) -> Any:
            self._check_percent(str(value))
            return f(value, *args, **kwargs)
        return format

    def _count_filter(self, name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        def guard(f: Callable[..., Any]) -> Callable[..., Any]:
            def counted(value: Any, count: int, *args: Any, **kwargs: Any) -> Any:
                self._bounded(count, f"{name} count")
                return f(value, count, *args, **kwargs)
            return counted
        return guard

    def _join_filter(self, f: Callable[..., Any]) -> Callable[..., Any]:
        def join(eval_ctx: Any, value: Any, d: str = "", attribute: Any = None) -> Any:
            items = list(value)
            self._check_join(d, items)
            return f(eval_ctx, items, d, attribute)
        join.jinja_pass_arg = f.jinja_pass_arg  # type: ignore[attr-defined]
        return join

    def _replace_filter(self, f: Callable[..., Any]) -> Callable[..., Any]:
        def replace(eval_ctx: Any, s: Any, old: Any, new: Any, count: Any = None) -> Any:
            self._check_replace(str(s), str(old), str(new))
            return f(eval_ctx, s, old, new, count)
        replace.jinja_pass_arg = f.jinja_pass_arg  # type: ignore[attr-defined]
        return replace

    def _wordwrap_filter(self, f: Callable[..., Any]) -> Callable[..., Any]:
        def wordwrap(environment: Any, s: Any, width: int = 79, *args: Any, **kwargs: Any) -> Any:
            self._bounded(width, "wordwrap width")
            return f(environment, s, width, *args, **kwargs)
        wordwrap.jinja_pass_arg = f.jinja_pass_arg  # type: ignore[attr-defined]
        return wordwrap


def sandboxed_environment(folder: Path | str, *, limits: TemplateLimits = DEFAULT_LIMITS,
                          **options: Any) -> LimitedSandbox:
    """The sandboxed environment for the templates in ``folder``; ``options`` are Jinja2
    environment options (``undefined``, ``trim_blocks``...). Render with :func:`render_template`."""
    return LimitedSandbox(loader=ConfinedLoader(folder), limits=limits, **options)


def render_template(env: LimitedSandbox, name: str, context: dict[str, Any]) -> str:
    """Render template ``name`` of ``env`` with ``context`` within ``env.limits``.

    Returns the text. Raises TemplateFailure (one line, template file and line) for anything
    that goes wrong: a missing or refused template, a syntax error, an undefined variable, a
    runtime error or a limit.
    """
    limits = env.limits
    try:
        with _memory_cap(limits.max_memory), _deadline(limits.max_seconds):
            template = env.get_template(name)
            out: list[str] = []
            size = 0
            for chunk in template.generate(**context):
                size += len(chunk)
                if size > limits.max_output:
                    raise LimitExceeded(f"output is longer than the template limit of {limits.max_output} characters")
                out.append(chunk)
            return "".join(out)
    except TemplateNotFound as exc:
        # Jinja2 adds a frame for the missing file itself; the include is the frame before it.
        file, line = _template_position(exc.__traceback__, env, name, skip=_where_missing(env, str(exc.name)))
        raise TemplateFailure(file, line, f"template not found: {exc.name}") from None
    except TemplateSyntaxError as exc:
        raise TemplateFailure(exc.filename or name, exc.lineno or 1, _one_line(exc.message or "syntax error")) from None
    except (Exception, LimitExceeded) as exc:  # noqa: BLE001 - any failure of a template is the template's
        file, line = _template_position(exc.__traceback__, env, name)
        raise TemplateFailure(file, line, _describe(exc)) from None


def _where_missing(env: LimitedSandbox, name: str) -> str:
    loader = env.loader
    return str(Path(loader.folder) / name) if isinstance(loader, ConfinedLoader) else name


def _describe(exc: BaseException) -> str:
    if isinstance(exc, RecursionError):
        return "recursion too deep (does a macro call itself, or a template include itself?)"
    if isinstance(exc, MemoryError):
        return "the template needs more memory than the template limit allows"
    if isinstance(exc, LimitExceeded):
        return _one_line(str(exc))
    if isinstance(exc, TemplateError):
        return _one_line(exc.message or type(exc).__name__)
    text = _one_line(str(exc))
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _one_line(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _template_position(tb: TracebackType | None, env: LimitedSandbox, name: str,
                       skip: str | None = None) -> tuple[str, int]:
    """The innermost template file and line in a traceback (Jinja2 rewrites the frames of
    ``Exception``\\ s to template lines; other frames carry their compiled template).
    Frames of file ``skip`` are passed over."""
    file, line = _where_missing(env, name), 1
    while tb is not None:
        frame_globals = tb.tb_frame.f_globals
        template = frame_globals.get("__jinja_template__")
        if template is not None and template.filename != skip:
            file = template.filename or template.name or file
            line = template.get_corresponding_lineno(tb.tb_lineno)
        elif "__jinja_exception__" in frame_globals and tb.tb_frame.f_code.co_filename != skip:
            file, line = tb.tb_frame.f_code.co_filename, tb.tb_lineno
        tb = tb.tb_next
    return file, line


@contextmanager
def _deadline(seconds: float) -> Iterator[None]:
    """Raise LimitExceeded in the running code once ``seconds`` have passed.

    A trace function sees every line the rendering runs (template code and the Jinja2 and
    filter code it calls), so a loop that prints nothing is stopped as surely as one that does.
    The previous trace function (a debugger, coverage) is put back afterwards."""
    end = time.monotonic() + seconds
    steps = 0

    def local(frame: Any, event: str, arg: Any) -> Any:
        nonlocal steps
        steps += 1
        if steps & 0xFF == 0 and time.monotonic() > end:
            raise LimitExceeded(f"rendering took longer than the template limit of {seconds:g} s")
        return local

    previous = sys.gettrace()
    sys.settrace(local)
    try:
        yield
    finally:
        sys.settrace(previous)


@contextmanager
def _memory_cap(extra: int) -> Iterator[None]:
    """Let the process grow by at most ``extra`` bytes of address space (Linux ``RLIMIT_AS``),
    so an allocation no other limit foresaw fails with MemoryError instead of exhausting the
    machine. Elsewhere, or when the limit cannot be changed, a no-op."""
    try:
        import resource

        with open("/proc/self/statm", encoding="ascii") as fh:
            in_use = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = in_use + extra
        if soft != resource.RLIM_INFINITY:
            cap = min(cap, soft)
        if hard != resource.RLIM_INFINITY:
            cap = min(cap, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ImportError, OSError, ValueError, AttributeError):
        yield
        return
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
