"""Robustness campaign: broken, huge and hostile packs, faults and signals (issue 12).

A maintainer runs this before a release (it takes a few minutes; the test suite keeps a
fast sample of the same cases)::

    python tools/robustness_campaign.py                 # every case
    python tools/robustness_campaign.py --quick         # one case of each kind
    python tools/robustness_campaign.py --report r.json # also write every case's result

Each case builds a pack or project in a fresh folder, runs ``doria-forge`` as a real process
(own ``HOME`` and ``TMPDIR``, a 4 GiB address-space cap, a time limit), and judges it:

- **as expected**: the exit code (and message) the case names;
- **crash**: a traceback or "Exception ignored" on stderr, or an exit code no command has;
- **hang**: still running at the time limit (then killed);
- **memory blow-up**: a MemoryError, or a peak above 1.5 GiB resident;
- **partial output**: a truncated PDF or JSON, a temporary or staging file left behind;
- **file leaked**: anything written outside ``--out`` (the case folder, HOME, TMPDIR);
- **source changed**: any byte of the pack or project that differs afterwards.

Signals are sent to a running ``build`` (SIGTERM, SIGINT, SIGHUP, SIGKILL at several moments);
the worker processes must be gone within 3 s and the previous outputs intact. Faults the
machine cannot be made to produce (a failed fork, a full disk) are injected into the process.
Exit status: 0 when no case crashed, hung, blew up, leaked, changed a source or left a partial
output; 1 otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "content"
MEMORY_CAP = 2 * 1024**3  # issue 25: bounded under a 2 GiB address space
PEAK_LIMIT_KB = 1536 * 1024
EXIT_CODES = {0, 1, 2, 75, 129, 130, 143}  # 75: a Dask cluster lost mid-run (try again)

MONSTER = (
    "kind: monster\nid: {id}\nname: {name}\nattack_type: melee\nrange: 1\naction_points: 8\npriority: A\n"
    "figures: 1\ndeck_cards: 1\n"
)
RULE_INTS = [
    "creation_points",
    "accessory_slots",
    "belt_slots",
    "belt_ap",
    "initiative_dice",
    "initiative_cap",
    "poison_tn_base",
    "death_threshold",
    "shop_slots",
    "loot_stacks",
    "solo_average_die",
    "starting_cards",
]
BONUSES = ["melee", "defense", "hit_points", "initiative_points", "belt_slots", "target_number"]
TOKENS = [
    "a",
    "kind",
    "id",
    ": ",
    "- ",
    "\n",
    "  ",
    "\t",
    "---\n",
    "[",
    "]",
    "{",
    "}",
    "&x ",
    "*x",
    "<<: *x",
    "!!python/object/apply:os.system ",
    "!!binary ",
    "? ",
    "|\n",
    '"',
    "'",
    "\\",
    "#",
    "1e999",
    "9" * 40,
    "~",
    "\ufeff",
    "龍",
    "\x00",
    "\x1b",
    "\r\n",
]


@dataclass
class Case:
    """One attack: ``prepare(folder)`` builds the pack/project and returns the command's
    arguments; ``expect`` is the exit code (or codes) and ``says`` text expected on stdout/stderr."""

    name: str
    group: str
    prepare: Callable[[Path], list[str]]
    expect: tuple[int, ...] = (1,)
    says: str = ""
    signal_after: tuple[int, float] | None = None  # (signal, seconds after the workers start, or the start)
    wait_for_workers: bool = True
    inject: str = ""  # Python run in the process before the command line (fault injection)
    without_root_powers: bool = False
    timeout: float = 90.0
    outputs: str = "out"  # the folder (or file) the command may write, relative to the case folder
    rebuild_first: bool = False  # build once before the case (the "previous outputs")


@dataclass
class Result:
    name: str
    group: str
    verdict: list[str] = field(default_factory=list)
    exit_code: int | None = None
    seconds: float = 0.0
    peak_mib: float = 0.0
    detail: str = ""


# -- packs ---------------------------------------------------------------------------------
def tiny(folder: Path) -> Path:
    """A valid pack (the warrior and the orc) at ``folder/content``; returns it."""
    pack = folder / "content"
    for name in (
        "pack.yaml",
        "rules.yaml",
        "monsters/orc.yaml",
        "heroes/warrior.yaml",
        "equipment/standard/warrior.yaml",
    ):
        (pack / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(CONTENT / name, pack / name)
    return pack


def full(folder: Path) -> Path:
    shutil.copytree(CONTENT, folder / "content")
    return folder / "content"


def with_file(name: str, data: str | bytes, *, pack=tiny) -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        pack_dir = pack(folder)
        target = pack_dir / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        return ["validate", str(pack_dir)]

    return prepare


def edited(name: str, old: str, new: str, command: str = "validate") -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        pack_dir = tiny(folder)
        path = pack_dir / name
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(old, new, 1) if old else text + new, encoding="utf-8")
        return [*command.split(), str(pack_dir)] + (["--out", str(folder / "out")] if command != "validate" else [])

    return prepare


def template_case(template: str | bytes) -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        pack_dir = full(folder)
        (folder / "templates").mkdir()
        target = folder / "templates" / "scenario.md.j2"
        target.write_bytes(template if isinstance(template, bytes) else template.encode("utf-8"))
        return ["export", "pdf", str(pack_dir), "--out", str(folder / "out")]

    return prepare


def linked(name: str, target: str, command: str = "validate") -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        pack_dir = tiny(folder)
        (folder / "outside").mkdir()
        (folder / "outside" / "secret.yaml").write_text("kind: SECRET-TOKEN\nid: x\n")
        (pack_dir / name).symlink_to(target.format(folder=folder, pack=pack_dir))
        return [command, str(pack_dir)]

    return prepare


def special(name: str, make: str) -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        pack_dir = tiny(folder)
        path = pack_dir / name
        if make == "fifo":
            os.mkfifo(path)
        elif make == "socket":
            import socket

            sock = socket.socket(socket.AF_UNIX)
            sock.bind(str(path))
            sock.close()
        return ["validate", str(pack_dir)]

    return prepare


def out_case(command: str, out: str, setup: Callable[[Path, Path], None] | None = None) -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        pack_dir = tiny(folder)
        (folder / "templates").mkdir(exist_ok=True)
        (folder / "templates" / "scenario.md.j2").write_text("# {{ scenario.name }}\n")
        if setup:
            setup(folder, pack_dir)
        return [*command.format(pack=pack_dir).split(), "--out", out.format(folder=folder, pack=pack_dir)]

    return prepare


def build(folder: Path, runs: int = 1, jobs: int = 1, pack=tiny) -> list[str]:
    pack_dir = pack(folder) if not (folder / "content").exists() else folder / "content"
    return [
        "build",
        str(pack_dir),
        "--out",
        str(folder / "out"),
        "--runs",
        str(runs),
        "--jobs",
        str(jobs),
        "--no-progress",
    ]


# -- the catalogue -------------------------------------------------------------------------
def cases(quick: bool) -> list[Case]:
    out: list[Case] = []
    add = out.append
    rng = random.Random(12)

    # Broken YAML and schema mistakes: exit 1 at file:line:column.
    broken = {
        "syntax": "a: [1, 2\n",
        "tab": "kind: monster\n\tid: x\n",
        "duplicate-key": "id: a\nid: b\n",
        "not-utf8": b"kind: monster\nid: \xff\xfe\n",
        "nul": b"kind: monster\x00\n",
        "bom-twice": "\ufeff\ufeffid: x\n",
        "list-root": "- a\n- b\n",
        "scalar-root": "just text\n",
        "python-tag": "!!python/object/apply:os.system [ls]\n",
        "recursive-alias": "a: &a [*a]\n",
        "huge-int": "kind: monster\nid: x\nrange: " + "9" * 5000 + "\n",
        "bad-date": "a: !!timestamp 2024-13-45\n",
        "deep-nesting": "a: " + "[" * 5000 + "]" * 5000 + "\n",
        "deep-mapping": "".join("  " * i + f"k{i}:\n" for i in range(400)) + "  " * 400 + "v\n",
        "unknown-kind": "kind: dragon\nid: x\n",
        "bad-dice": MONSTER.format(id="x", name="X").replace("monster", "monster_level", 1),
        "dangling": "kind: character\nid: h\nname: H\nattributes: {STR: 5, CON: 5, AGI: 5, PER: 5, WIS: 5, PSI: 5}\n"
        "standard_items: [nothing_here]\n",
        "billion-laughs": "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        + "".join(f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True)),
        "merge-of-scalar": "a: &a 1\nb:\n  <<: *a\n",
        "empty-key": ": x\n",
        "complex-key": "? [a, b]\n: c\n",
        "many-documents": "---\nid: x\n" * 2000,
        "crlf": "kind: monster\r\nid: x\r\nbad\r\n",
    }
    for name, data in broken.items():
        add(Case(f"yaml-{name}", "broken", with_file(f"monsters/{name}.yaml", data)))
    for seed in range(8 if quick else 100):
        text = "".join(rng.choice(TOKENS) for _ in range(rng.randint(5, 80)))
        add(Case(f"junk-{seed}", "broken", with_file("junk.yaml", text), expect=(0, 1)))
    add(Case("empty-file", "broken", with_file("empty.yaml", ""), expect=(0,)))
    add(Case("comment-only", "broken", with_file("c.yaml", "# nothing\n"), expect=(0,)))

    # Huge: bounded by limits, linear paths.
    add(Case("dashes-100k", "huge", with_file("d.yaml", "---\n" * 100_000), expect=(0,), timeout=120))
    add(
        Case("file-over-limit", "huge", with_file("big.yaml", "# " + "x" * (5 * 1024**2) + "\n"), says="file-too-large")
    )
    add(Case("many-files", "huge", _many_files(3000), expect=(0, 1), timeout=120))
    add(Case("deep-folders", "huge", _deep_folders(200), expect=(0,)))
    add(
        Case(
            "long-card-text",
            "huge",
            edited("monsters/orc.yaml", "name: Orc\n", "name: Orc\ntext: " + "word " * 20000 + "\n"),
            says="at most 4000 characters",
        )
    )
    add(
        Case(
            "many-problems",
            "huge",
            with_file("p.yaml", "".join(f"---\nkind: x{i}\nid: y\n" for i in range(5000))),
            timeout=120,
        )
    )

    # Hostile files.
    add(Case("link-to-system-file", "hostile", linked("passwd.yaml", "/etc/passwd"), says="outside-pack"))
    add(
        Case(
            "link-to-outside-file",
            "hostile",
            linked("stolen.yaml", "{folder}/outside/secret.yaml"),
            says="outside-pack",
        )
    )
    add(Case("link-to-outside-folder", "hostile", linked("stolen", "{folder}/outside"), says="outside-pack"))
    add(Case("link-to-dev-zero", "hostile", linked("zero.yaml", "/dev/zero"), says="outside-pack"))
    add(Case("link-to-dev-urandom", "hostile", linked("random.yaml", "/dev/urandom"), says="outside-pack"))
    add(Case("link-to-proc", "hostile", linked("environ.yaml", "/proc/self/environ"), says="outside-pack"))
    add(Case("broken-link", "hostile", linked("gone.yaml", "{folder}/nowhere"), says="broken link"))
    add(Case("link-loop", "hostile", _link_loop, says="io-error"))
    add(Case("link-inside", "hostile", linked("alias.yaml", "{pack}/monsters/orc.yaml"), says="duplicate"))
    add(Case("folder-link-inside", "hostile", linked("again", "{pack}/monsters"), expect=(0,)))
    add(Case("fifo", "hostile", special("monsters/x.yaml", "fifo"), says="FIFO"))
    add(Case("socket", "hostile", special("monsters/s.yaml", "socket"), says="socket"))
    add(
        Case(
            "newline-file-name",
            "hostile",
            with_file("a\n::error file=x::forged.yaml", "kind: nope\nid: x\n"),
            says="\\x0a",
        )
    )
    add(Case("escape-file-name", "hostile", with_file("a\x1b[2J.yaml", "kind: nope\nid: x\n"), says="\\x1b"))
    add(
        Case(
            "not-utf8-file-name",
            "hostile",
            with_file(os.fsdecode(b"\xff\xfe.yaml"), "kind: nope\nid: x\n"),
            says="\\udcff",
        )
    )
    add(
        Case(
            "escape-in-name",
            "hostile",
            edited("monsters/orc.yaml", "name: Orc\n", 'name: "O\\e[2J[/b]"\n', "simulate"),
            expect=(0,),
            says="\\x1b[2J[/b]",
            outputs="out",
        )
    )
    # Root reads any file: those cases run with root's file-permission powers dropped.
    add(
        Case(
            "unreadable-folder", "hostile", _unreadable("monsters"), says="cannot read folder", without_root_powers=True
        )
    )
    add(Case("unreadable-file", "hostile", _unreadable("monsters/orc.yaml"), says="io-error", without_root_powers=True))
    add(Case("art-link-outside", "hostile", _art_link, says="outside the pack"))
    # The project's layout files are validated with the pack: a FIFO among them is an error at the
    # file, read no further (as a FIFO among the pack's own files), never a hang.
    add(Case("layout-fifo", "hostile", _layout_fifo, says="FIFO"))

    # Numbers out of range, names and texts too long.
    for field_name in RULE_INTS:
        for value in (10**9, -(10**9)) if not quick else (10**9,):
            add(Case(f"rules-{field_name}={value}", "numbers", edited("rules.yaml", "", f"{field_name}: {value}\n")))
    for bonus in BONUSES:
        add(
            Case(
                f"bonus-{bonus}",
                "numbers",
                edited(
                    "equipment/standard/warrior.yaml",
                    "kind: equipment\n",
                    f"kind: equipment\nbonuses: {{{bonus}: 1000000000}}\n",
                ),
            )
        )
    add(
        Case(
            "players-6-1",
            "numbers",
            with_file(
                "s.yaml",
                "kind: scenario\nid: s\nname: S\nstory: x\ngoal: y\nplayers: [6, 1]\nsetup: {start_tile: A-1}\n",
            ),
            says="players: 6 is above 1",
        )
    )
    add(Case("dice-99D", "numbers", edited("monsters/orc.yaml", "attack: ", "attack: 99D #"), says="1 to 9 dice"))
    add(
        Case(
            "dice-bonus", "numbers", edited("monsters/orc.yaml", "attack: ", "attack: 2D+99999999 #"), says="-99 to 99"
        )
    )
    add(
        Case(
            "long-name",
            "numbers",
            edited("monsters/orc.yaml", "name: Orc\n", "name: " + "O" * 500 + "\n"),
            says="at most 120",
        )
    )
    add(Case("runs-over-bound", "numbers", lambda f: ["simulate", str(tiny(f)), "--runs", "100001"], expect=(2,)))
    add(
        Case(
            "jobs-64",
            "numbers",
            lambda f: [
                "simulate",
                str(tiny(f)),
                "--runs",
                "2",
                "--jobs",
                "64",
                "--no-progress",
                "--out",
                str(f / "out" / "s.json"),
            ],
            expect=(0,),
            says="using",
        )
    )

    # Templates.
    templates = {
        "division": "{{ 1 / 0 }}",
        "recursion": "{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
        "self-include": "{% include 'scenario.md.j2' %}",
        "undefined": "{{ nope }}",
        "overflow": "{{ 10.0 ** 999 }}",
        "range": "{{ range(10 ** 9) | list }}",
        "nested-loops": "{% for a in range(9999) %}{% for b in range(9999) %}{% endfor %}{% endfor %}",
        "repeat": "{{ 'x' * 10 ** 10 }}",
        "power": "{{ 7 ** (7 ** 9) }}",
        "output": "{% for a in range(9999) %}{{ 'x' * 9999 }}{% endfor %}",
        "format": "{{ '%999999999d' % 1 }}",
        "center": "{{ 'x' | center(10 ** 9) }}",
        "join": "{{ range(9999) | map('string') | join('x' * 99999) }}",
        "replace": "{{ ('x' * 99999) | replace('x', 'y' * 99999) }}",
        "mro": "{{ ''.__class__.__mro__[1] }}",
        "globals": "{{ self.__init__.__globals__ }}",
        "cycler": "{{ cycler.__init__.__globals__.os }}",
        "append": "{% set l = [] %}{{ l.append(1) }}",
        "syntax": "{% if %}",
        "exponential-macro": "{% macro f(n) %}{% if n %}{{ f(n-1) }}{{ f(n-1) }}{% endif %}{% endmacro %}{{ f(40) }}",
        "concat": "{% set a = 'x' * 199999 %}{% set b = a~a~a~a~a~a~a~a~a~a %}{% set c = b~b~b~b~b~b~b~b~b~b %}"
        "{% set d = c~c~c~c~c~c~c~c~c~c %}{% set e = d~d~d~d~d~d~d~d~d~d %}{{ e|length }}",
        "batch": "{{ [1] | batch(10 ** 9, 0) | list }}",
        "indent": "{{ ('\\n' * 99999) | indent(99999) }}",
        "format-method": "{{ '{:>999999999}'.format(1) }}",
        "ljust": "{{ 'x'.ljust(10 ** 9) }}",
        "loop-recursive": "{% for x in [1] recursive %}{{ loop([x]) }}{% endfor %}",
        "import-self": "{% import 'scenario.md.j2' as s %}",
        "missing-include": "{% include 'nowhere.j2' %}",
    }
    for name, text in templates.items():
        add(Case(f"template-{name}", "templates", template_case(text), says="scenario.md.j2:", timeout=60))
    add(Case("template-not-utf8", "templates", template_case(b"ok\n\xff\n"), says="scenario.md.j2:2"))
    add(Case("template-link", "templates", _template_link, says="outside the templates folder"))

    # Outputs.
    add(Case("out-pack", "outputs", out_case("export bundle {pack}", "{pack}"), expect=(2,), says="doria-forge reads"))
    add(Case("out-source-file", "outputs", out_case("export bundle {pack}", "{pack}/rules.yaml"), expect=(2,)))
    add(Case("out-templates", "outputs", out_case("export pdf {pack}", "{folder}/templates"), expect=(2,)))
    for command in ("export png {pack}", "export tts {pack}", "preview orc-1 {pack}", "simulate {pack} --runs 1"):
        add(
            Case(
                f"out-pack-{command.split()[0]}-{command.split()[1]}",
                "outputs",
                out_case(command, "{pack}/monsters"),
                expect=(2,),
                says="doria-forge reads",
            )
        )
    add(
        Case(
            "out-link-into-pack",
            "outputs",
            out_case("export bundle {pack}", "{folder}/link/b.json", lambda f, p: (f / "link").symlink_to(p)),
            expect=(2,),
            says="doria-forge reads",
        )
    )
    add(
        Case(
            "out-dev-null",
            "outputs",
            out_case("export bundle {pack}", "/dev/null"),
            expect=(2,),
            says="not a regular file",
        )
    )
    add(
        Case(
            "out-fifo",
            "outputs",
            out_case(
                "export bundle {pack}",
                "{folder}/out/p.json",
                lambda f, p: ((f / "out").mkdir(), os.mkfifo(f / "out" / "p.json")),
            ),
            expect=(2,),
        )
    )
    add(
        Case(
            "out-file-as-folder",
            "outputs",
            out_case(
                "export pdf {pack}",
                "{folder}/out/afile",
                lambda f, p: ((f / "out").mkdir(), (f / "out" / "afile").write_text("x")),
            ),
            expect=(2,),
        )
    )
    add(
        Case(
            "out-under-proc",
            "outputs",
            out_case("export bundle {pack}", "/proc/doria/b.json"),
            expect=(2,),
            outputs="-",
        )
    )
    add(Case("out-proc-sys", "outputs", out_case("export pdf {pack}", "/proc/sys/doria"), expect=(2,), outputs="-"))
    add(
        Case(
            "build-out-project",
            "outputs",
            lambda f: ["build", str(tiny(f)), "--out", str(f), "--runs", "1", "--no-progress"],
            expect=(2,),
        )
    )
    add(
        Case(
            "build-out-foreign",
            "outputs",
            out_case(
                "build {pack} --runs 1 --no-progress",
                "{folder}/out",
                lambda f, p: ((f / "out").mkdir(), (f / "out" / "mine.txt").write_text("x")),
            ),
            expect=(2,),
            says="mine.txt",
        )
    )
    add(Case("schema-out-file", "outputs", _schema_on_a_file, expect=(2,)))
    add(
        Case(
            "schema-out-proc", "outputs", lambda f: ["schema", "--out", "/proc/doria-schemas"], expect=(2,), outputs="-"
        )
    )
    add(Case("stdout-full", "outputs", lambda f: ["validate", str(tiny(f))], expect=(2,), says="No space left"))
    add(
        Case(
            "disk-full",
            "faults",
            lambda f: build(f),
            expect=(2,),
            says="No space left",
            inject=_ENOSPC,
            rebuild_first=True,
        )
    )
    add(
        Case(
            "failed-fork",
            "faults",
            lambda f: build(f, runs=2, jobs=2),
            expect=(0,),
            says="cannot start",
            inject=_NO_FORK,
        )
    )
    add(Case("concurrent-builds", "faults", _concurrent, expect=(0,), timeout=180))

    # Signals: the previous outputs stay, workers go.
    moments = (0.0, 0.3, 1.0, 2.5) if not quick else (0.5,)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGKILL):
        for after in moments:
            add(
                Case(
                    f"{sig.name}-after-{after}s",
                    "signals",
                    lambda f: build(f, runs=100000, jobs=2),
                    expect=(128 + sig, -sig) if sig != signal.SIGKILL else (-9,),
                    signal_after=(sig, after),
                    rebuild_first=True,
                    timeout=60,
                )
            )
    for sig in (signal.SIGTERM, signal.SIGINT):
        for after in (2.0, 3.5, 5.0):
            add(
                Case(
                    f"{sig.name}-build-full-pack-at-{after}s",
                    "signals",
                    lambda f: build(f, runs=1, jobs=1, pack=full),
                    expect=(0, 128 + sig, -sig),
                    signal_after=(sig, after),
                    wait_for_workers=False,
                    rebuild_first=True,
                    timeout=120,
                )
            )
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for after in (1.4, 1.6, 1.8, 2.0, 2.2, 2.4):
            add(
                Case(
                    f"{sig.name}-export-pdf-at-{after}s",
                    "signals",
                    _export_pdf_full,
                    expect=(0, 128 + sig, -sig),
                    signal_after=(sig, after),
                    wait_for_workers=False,
                    timeout=120,
                )
            )
    out += surface_cases()
    return out[::7] if quick else out


# -- the surfaces added since (issue 25): spreadsheets, saved games, card art, URLs, options ------------------
def surface_cases() -> list[Case]:
    out: list[Case] = []
    add = out.append

    # YAML nested deeper than the C composer's stack: a segmentation fault before.
    add(Case("nest-flow-50000", "nesting", with_file("deep.yaml", "a: " + "[" * 50_000 + "]" * 50_000 + "\n"),
             says="nested more than 100 deep"))
    add(Case("nest-block-50000", "nesting", with_file("deep.yaml", "- " * 50_000 + "x\n"), says="nested more than"))
    add(Case("nest-map-50000", "nesting", with_file("deep.yaml", "a: " + "{a: " * 50_000 + "1" + "}" * 50_000),
             says="nested more than"))

    # Spreadsheets for import.
    header = "id,name,trap_type,check_attributes,tn_base,effect.damage\n"
    row = 'p,P,person,"[AGI, PER]",20,2\n'
    sheets = {
        "index-billion": (header.replace("effect.damage", "attacks.1000000000.dice") + row, (1,), "positions go"),
        "cell-200k": (header + row.replace("P,", "P" * 200_000 + ",", 1), (1,), "sheet.csv:2"),
        "cell-nesting": (header + row.replace('"[AGI, PER]"', '"' + "[" * 5_000 + "]" * 5_000 + '"'), (1,),
                         "nested"),
        "cell-tags": (header + "".join(f'p{i},"{t}",person,"[AGI, PER]",20,2\n' for i, t in
                                       enumerate(["!!bool yes", "!!float ''", "!!int x", "!!timestamp 2001-01-01"])),
                      (0,), ""),
        "cell-tag-in-list": (header + row.replace("[AGI, PER]", "[!!python/none x]"), (1,), "YAML tags"),
        "rows-60000": (header + "".join(f'p{i},P,person,"[AGI, PER]",20,2\n' for i in range(60_000)), (1,),
                       "more than 10,000 rows"),
        "mojibake": (header + row.replace("P,", "TÃ¼r,", 1), (1,), "it would be 'Tür'"),
        "not-utf8": ((header + row.replace("P,", "T\xfcr,", 1)).encode("cp1252"), (1,), "not UTF-8"),
        "nul": (header + row.replace("P,", "P\x00,", 1), (1,), "control character"),
    }
    for name, (data, expect, says) in sheets.items():
        add(Case(f"sheet-{name}", "sheets", _sheet(data), expect=expect, says=says, timeout=120))
    add(Case("sheet-fifo", "sheets", _sheet(None, make="fifo"), expect=(2,), says="FIFO"))
    add(Case("sheet-dev-zero", "sheets", _sheet(None, make="/dev/zero"), expect=(2,), says="a device"))
    add(Case("sheet-zip-bomb", "sheets", _workbook("bomb"), expect=(1,), says="unpacks to"))
    add(Case("sheet-huge-dimension", "sheets", _workbook("dimension"), expect=(0,)))
    add(Case("sheet-formula-no-value", "sheets", _workbook("formula"), says="a formula without a computed value"))
    add(Case("sheet-date", "sheets", _workbook("date"), says="a date or time"))
    add(Case("sheet-force-keeps-comments", "sheets", _sheet_force, expect=(0,), outputs="out"))

    # Saved games for render --game.
    for name in ("deep", "pack-list", "no-setup", "history-number", "history-lists", "monsters-100000",
                 "unknown-action", "other-pack", "bytes"):
        add(Case(f"game-{name}", "games", _saved_game(name), expect=(2,), says="game.json", timeout=120))
    add(Case("game-fifo", "games", _saved_game("fifo"), expect=(2,), says="FIFO"))
    add(Case("game-dev-zero", "games", _saved_game("/dev/zero"), expect=(2,), says="a device"))

    # Card art.
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="90" '
           'height="60">{}</svg>')
    arts = {
        "svg-use-outside": ("a.svg", svg.format('<use xlink:href="../../outside/x.svg#s"/>'), "outside the pack"),
        "svg-image-dev-zero": ("a.svg", svg.format('<image href="' + "../" * 12 + 'dev/zero" width="9" height="9"/>'),
                               "PNG, JPG or SVG"),
        "svg-image-fifo": ("a.svg", svg.format('<image href="pipe.png" width="9" height="9"/>'), "FIFO"),
        "svg-image-url": ("a.svg", svg.format('<image href="http://127.0.0.1:9/x.png" width="9" height="9"/>'),
                          "relative path"),
        "png-bomb": ("a.png", _png(13_300, 13_300), "13300 x 13300 pixels"),
    }
    for name, (file, data, says) in arts.items():
        for command in ("export pdf", "preview"):
            add(Case(f"art-{name}-{command.split()[-1]}", "art", _art(file, data, command), says=says, timeout=120))

    # Tabletop Simulator URLs.
    for name, url in {"javascript": "javascript:alert(1)", "quote-newline": 'https://x.org/"a\nb',
                      "no-scheme": "example.org/x", "data": "data:text/html,<script>"}.items():
        add(Case(f"url-{name}", "urls", lambda f, u=url: ["export", "tts", str(tiny(f)), "--out", str(f / "out"),
                                                            "--base-url", u], expect=(2,), says="--base-url"))

    # Huge options: refused when parsed, before any work.
    for name, args in {
        "scenario-runs-1e9": ["simulate", "scenario", "sunken_reliquary", "{full}", "--runs", "1000000000"],
        "scenario-runs-1e30": ["simulate", "scenario", "sunken_reliquary", "{full}", "--runs", "1e30"],
        "campaign-runs-1e9": ["simulate", "campaign", "greywater_smugglers", "{full}", "--runs", "1000000000"],
        "build-scenario-runs-1e9": ["build", "{full}", "--scenario-runs", "1000000000", "--out", "{out}"],
        "players-huge": ["simulate", "scenario", "sunken_reliquary", "{full}", "--players", "1-99999999999"],
        "build-out-proc": ["build", "{full}", "--out", "/proc/doria-x", "--runs", "1"],
        "out-link-proc-fd": ["export", "bundle", "{full}", "--out", "{link}"],
        "validate-empty": ["validate", ""],
        "scheduler-malformed": ["simulate", "scenario", "sunken_reliquary", "{full}", "--scheduler", "tcp://host"],
    }.items():
        add(Case(f"opt-{name}", "options", _options(args), expect=(2,), timeout=30))
    add(Case("sched-http", "options", _scheduler(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n" * 4),
             expect=(2,), says="scheduler", timeout=60))
    add(Case("sched-silent", "options", _scheduler(None), expect=(2,), says="did not answer", timeout=60))

    # FIFOs, devices and sizes elsewhere.
    add(Case("pack-huge-manifest-beside", "packs", _huge_sibling_manifest, expect=(0,), timeout=60))
    add(Case("pack-base-fifo", "packs", _base_with_fifo, says="FIFO"))
    add(Case("pack-conflict", "packs", _conflicting_packs, says="pack-conflict"))
    add(Case("watch-link-to-root", "watch", _watch_link, expect=(0, 130), signal_after=(signal.SIGINT, 6.0),
             wait_for_workers=False, timeout=60))
    add(Case("diff-symlink-history", "diff", _diff_history, expect=(1,), says="duplicate", timeout=60))
    return out


def _sheet(data: str | bytes | None, make: str = "") -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        tiny(folder)
        sheet = folder / "sheet.csv"
        if make == "fifo":
            os.mkfifo(sheet)
        elif make:
            sheet.symlink_to(make)
        else:
            sheet.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        return ["import", str(sheet), "--kind", "trap", "--out", str(folder / "out" / "traps.yaml")]

    return prepare


def _workbook(what: str) -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        import datetime
        import zipfile

        from openpyxl import Workbook

        tiny(folder)
        book = Workbook()
        sheet = book.active
        sheet.title = "trap"
        sheet.append(["id", "name", "trap_type", "check_attributes", "tn_base", "effect.damage"])
        sheet.append(["p", "P", "person", "[AGI, PER]", 20, 2])
        if what == "formula":
            sheet["F2"] = "=1+1"
        if what == "date":
            sheet["B2"] = datetime.date(2024, 1, 2)
        path = folder / "sheet.xlsx"
        book.save(path)
        if what in ("bomb", "dimension"):
            with zipfile.ZipFile(path) as source:
                parts = {i.filename: source.read(i) for i in source.infolist()}
            if what == "bomb":
                parts["xl/media/zeros.bin"] = b"\0" * (200 * 1024**2)  # past the 128 MiB a workbook unpacks to
            else:
                parts = {n: d.replace(b'<dimension ref="A1:F2"/>', b'<dimension ref="A1:XFD1048576"/>')
                         for n, d in parts.items()}
            with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
                for name, data in parts.items():
                    target.writestr(name, data)
        return ["import", str(path), "--kind", "trap", "--out", str(folder / "out" / "traps.yaml")]

    return prepare


def _sheet_force(folder: Path) -> list[str]:
    """import --force into a file of the pack's own kind: comments kept (the file is an output here)."""
    tiny(folder)
    (folder / "out").mkdir()
    (folder / "out" / "orc.yaml").write_text((CONTENT / "monsters" / "orc.yaml").read_text(encoding="utf-8"))
    (folder / "sheet.csv").write_text("id,attack\norc-2,3D+1\n")
    return ["import", str(folder / "sheet.csv"), "--kind", "monster_level", "--out", str(folder / "out" / "orc.yaml"),
            "--force"]


def _saved_game(what: str) -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        pack = full(folder)
        game = folder / "game.json"
        base = {"format": 1, "pack": {"id": "doria-base", "version": "0.1.0", "hash": "0" * 64},
                "setup": {"characters": ["warrior"], "seed": 1, "mode": "single", "monster_level": 1,
                          "scenario": None, "monsters": [], "options": {}, "board": {"type": "no_map"}, "log": False,
                          "group_xp": 0}, "history": []}
        if what == "fifo":
            os.mkfifo(game)
        elif what == "/dev/zero":
            game.symlink_to("/dev/zero")
        else:
            data = {"deep": "[" * 100_000 + "]" * 100_000, "pack-list": {**base, "pack": [1, 2]},
                    "no-setup": {k: v for k, v in base.items() if k != "setup"},
                    "history-number": {**base, "history": 5},
                    "history-lists": {**base, "history": [[1], [2]]},
                    "monsters-100000": {**base, "setup": {**base["setup"], "monsters": [["orc", []]] * 100_000}},
                    "unknown-action": {**base, "history": [{"type": "Nope"}]}, "other-pack": base,
                    "bytes": "\xff\xfe"}[what]
            game.write_text(data if isinstance(data, str) else json.dumps(data), encoding="latin-1")
        return ["render", str(pack), "--game", str(game)]

    return prepare


def _png(width: int, height: int) -> bytes:
    import struct
    import zlib

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\0" * (width + 1) * 64)) + chunk(b"IEND", b""))


def _art(file: str, data: str | bytes, command: str) -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        pack = tiny(folder)
        (folder / "outside").mkdir()
        (folder / "outside" / "x.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><g id="s"><text>'
                                                 "SECRET-TOKEN</text></g></svg>")
        (pack / "art").mkdir()
        (pack / "art" / file).write_bytes(data if isinstance(data, bytes) else data.encode())
        os.mkfifo(pack / "art" / "pipe.png")
        (pack / "door.yaml").write_text(f"kind: door_event\nid: door\nname: D\ntext: T.\nart: art/{file}\n")
        if command == "preview":
            return ["preview", "door", str(pack), "--out", str(folder / "out" / "door.png")]
        return ["export", "pdf", str(pack), "--out", str(folder / "out")]

    return prepare


def _options(args: list[str]) -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        pack = full(folder)
        (folder / "link.json").symlink_to("/proc/self/fd/1")
        shown = {"{full}": str(pack), "{out}": str(folder / "out"), "{link}": str(folder / "link.json")}
        return [shown.get(a, a) for a in args]

    return prepare


def _scheduler(reply: bytes | None) -> Callable[[Path], list[str]]:
    def prepare(folder: Path) -> list[str]:
        import socket

        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)

        def serve() -> None:
            held = []
            while True:
                conn, _ = listener.accept()
                held.append(conn)
                if reply is not None:
                    conn.sendall(reply)

        threading.Thread(target=serve, daemon=True).start()
        return ["simulate", "scenario", "sunken_reliquary", str(full(folder)), "--runs", "1", "--no-progress",
                "--scheduler", f"tcp://127.0.0.1:{listener.getsockname()[1]}", "--out", str(folder / "out" / "s.json")]

    return prepare


def _huge_sibling_manifest(folder: Path) -> list[str]:
    (folder / "frost").mkdir()
    (folder / "frost" / "pack.yaml").write_text(
        "kind: pack\nid: frost\nname: F\nversion: 0.1.0\nrequires: [doria-base]\n")
    (folder / "huge").mkdir()
    with open(folder / "huge" / "pack.yaml", "w") as fh:
        fh.write("kind: pack\nid: huge\nname: H\nversion: 0.1.0\n")
        fh.write(("# " + "x" * 98 + "\n") * 180_000)  # 18 MB
    return ["validate", str(folder / "frost")]


def _base_with_fifo(folder: Path) -> list[str]:
    pack = full(folder)
    (pack / "monsters" / "orc.yaml").unlink()
    os.mkfifo(pack / "monsters" / "orc.yaml")
    return ["validate", str(pack)]


def _conflicting_packs(folder: Path) -> list[str]:
    for pack_id in ("pa", "pb"):
        (folder / pack_id).mkdir()
        (folder / pack_id / "pack.yaml").write_text(f"kind: pack\nid: {pack_id}\nname: P\nversion: 0.1.0\n"
                                                    "requires: [doria-base]\n")
        (folder / pack_id / "door.yaml").write_text("kind: door_event\nid: same\nname: D\ntext: T.\n")
    (folder / "content").mkdir()
    (folder / "content" / "pack.yaml").write_text("kind: pack\nid: top\nname: T\nversion: 0.1.0\nrequires: [pa, pb]\n")
    return ["validate", str(folder / "content")]


def _watch_link(folder: Path) -> list[str]:
    pack = tiny(folder)
    (pack / "root").symlink_to("/")
    (pack / "usr").symlink_to("/usr")
    return ["watch", str(pack), "--out", str(folder / "out")]


def _diff_history(folder: Path) -> list[str]:
    pack = full(folder)
    git = ["git", "-c", "user.email=c@example.org", "-c", "user.name=c"]
    subprocess.run([*git, "init", "-q"], cwd=folder, check=True)
    (pack / "passwd.yaml").symlink_to("/etc/passwd")
    (pack / "alias.yaml").symlink_to("monsters/orc.yaml")
    subprocess.run([*git, "add", "-A"], cwd=folder, check=True)
    subprocess.run([*git, "commit", "-qm", "links"], cwd=folder, check=True)
    (pack / "passwd.yaml").unlink()
    (pack / "alias.yaml").unlink()
    subprocess.run([*git, "commit", "-qam", "no links"], cwd=folder, check=True)
    return ["diff", "HEAD~1", "--pack", str(pack)]


def _export_pdf_full(folder: Path) -> list[str]:
    return ["export", "pdf", str(full(folder)), "--out", str(folder / "out")]


def _schema_on_a_file(folder: Path) -> list[str]:
    (folder / "afile").write_text("keep\n")
    return ["schema", "--out", str(folder / "afile")]


def _many_files(n: int):
    def prepare(folder: Path) -> list[str]:
        pack = tiny(folder)
        for i in range(n):
            (pack / "many" / f"{i // 100}").mkdir(parents=True, exist_ok=True)
            (pack / "many" / f"{i // 100}" / f"m{i}.yaml").write_text(MONSTER.format(id=f"m{i}", name=f"M{i}"))
        return ["validate", str(pack)]

    return prepare


def _deep_folders(depth: int):
    def prepare(folder: Path) -> list[str]:
        pack = tiny(folder)
        deep = pack.joinpath(*["d"] * depth)
        deep.mkdir(parents=True)
        (deep / "x.yaml").write_text("# deep\n")
        return ["validate", str(pack)]

    return prepare


def _link_loop(folder: Path) -> list[str]:
    pack = tiny(folder)
    (pack / "a.yaml").symlink_to(pack / "b.yaml")
    (pack / "b.yaml").symlink_to(pack / "a.yaml")
    return ["validate", str(pack)]


def _unreadable(name: str):
    def prepare(base: Path) -> list[str]:
        pack = tiny(base)
        (pack / name).chmod(0)
        return ["validate", str(pack)]

    return prepare


def _art_link(folder: Path) -> list[str]:
    pack = tiny(folder)
    (folder / "secret.png").write_bytes(b"\x89PNG TOKEN")
    (pack / "art").mkdir()
    (pack / "art" / "orc.png").symlink_to(folder / "secret.png")
    (pack / "door.yaml").write_text("kind: door_event\nid: d\nname: D\ntext: T.\nart: art/orc.png\n")
    return ["validate", str(pack)]


def _layout_fifo(folder: Path) -> list[str]:
    pack = tiny(folder)
    (folder / "layouts").mkdir()
    os.mkfifo(folder / "layouts" / "default.yaml")
    return ["validate", str(pack)]


def _template_link(folder: Path) -> list[str]:
    pack = full(folder)
    (folder / "templates").mkdir()
    (folder / "templates" / "scenario.md.j2").symlink_to("/etc/passwd")
    return ["export", "pdf", str(pack), "--out", str(folder / "out")]


def _concurrent(folder: Path) -> list[str]:
    """Two builds into one folder at once: the one this case runs, and one started here."""
    pack = tiny(folder)
    args = build(folder, runs=20)
    other = subprocess.Popen(
        _command(args), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=folder, env=_env(folder)
    )
    (folder / ".other").write_text(str(other.pid))
    del pack
    return args


_ENOSPC = """
import errno, os
def full(fd):
    raise OSError(errno.ENOSPC, "No space left on device")
os.fsync = full
"""
_NO_FORK = """
import multiprocessing.process as p
def no_fork(self):
    raise BlockingIOError(11, "Resource temporarily unavailable")
p.BaseProcess.start = no_fork
"""


# -- running and judging -----------------------------------------------------------------
def _env(folder: Path) -> dict[str, str]:
    home, tmp = folder / ".home", folder / ".tmp"
    home.mkdir(exist_ok=True)
    tmp.mkdir(exist_ok=True)
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "TMPDIR": str(tmp),
        "LANG": "C.UTF-8",
        "PYTHONPATH": str(ROOT),
    }


_NO_ROOT_POWERS = [
    "setpriv",
    "--inh-caps=-dac_override,-dac_read_search",
    "--bounding-set=-dac_override,-dac_read_search",
]


def _command(args: list[str], inject: str = "", *, without_root_powers: bool = False) -> list[str]:
    code = f"{inject}\nfrom doria_forge.__main__ import main\nmain()"
    prefix = _NO_ROOT_POWERS if without_root_powers and os.geteuid() == 0 and shutil.which("setpriv") else []
    return [*prefix, sys.executable, "-c", code, *args]


def _snapshot(paths: list[Path]) -> dict[str, str]:
    found = {}
    for root in paths:
        if not root.exists():
            continue
        for path in [root, *root.rglob("*")] if root.is_dir() else [root]:
            try:
                if path.is_symlink():
                    found[str(path)] = "link:" + os.readlink(path)
                elif path.is_file():
                    found[str(path)] = hashlib.sha256(path.read_bytes()).hexdigest()
                elif path.is_dir():
                    found[str(path)] = "dir"
                else:
                    found[str(path)] = "special"
            except OSError:
                found[str(path)] = "unreadable"
    return found


def _children(pid: int) -> list[int]:
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    kids.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                pass
    return kids


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _partial(out: Path) -> list[str]:
    """Truncated outputs and temporary files under (and beside) ``out``."""
    bad = []
    if not out.exists():
        return bad
    files = [out] if out.is_file() else [p for p in out.rglob("*") if p.is_file()]
    for path in files:
        if path.name.endswith(".tmp") or ".staging-" in path.as_posix() or ".old-" in path.as_posix():
            bad.append(f"temporary {path.name}")
        elif path.suffix == ".pdf" and not path.read_bytes().rstrip().endswith(b"%%EOF"):
            bad.append(f"truncated {path.name}")
        elif path.suffix == ".json":
            try:
                json.loads(path.read_text(encoding="utf-8"))
            except ValueError:
                bad.append(f"truncated {path.name}")
    for sibling in out.parent.iterdir():
        if sibling.name.startswith(f".{out.name}.") and sibling != out:
            bad.append(f"temporary {sibling.name}")
    return bad


def run_case(case: Case, base: Path) -> Result:
    folder = base / case.name.replace("/", "_")
    folder.mkdir(parents=True)
    result = Result(case.name, case.group)
    args = case.prepare(folder)
    env = _env(folder)
    if case.rebuild_first:
        subprocess.run(_command(build(folder)), cwd=folder, env=env, capture_output=True, timeout=120)
    sources = [
        p
        for p in (folder / "content", folder / "templates", folder / "layouts", folder / "outside")
        if p.exists() or p.is_symlink()
    ]
    before = _snapshot(sources)
    out = folder / case.outputs if case.outputs != "-" else None
    previous = _snapshot([out]) if out is not None and case.rebuild_first else None
    outside_before = {str(p) for p in folder.rglob("*")} - set(_snapshot([out] if out else []))

    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    stdout = open("/dev/full", "w") if case.name == "stdout-full" else subprocess.PIPE  # noqa: SIM115
    started = time.monotonic()
    child = _Child(
        subprocess.Popen(
            _command(args, case.inject, without_root_powers=case.without_root_powers),
            stdout=stdout,
            stderr=subprocess.PIPE,
            cwd=folder,
            env=env,
            preexec_fn=limits,
        )
    )
    workers: list[int] = []
    if case.signal_after:
        sig, after = case.signal_after
        end = time.monotonic() + 30
        while case.wait_for_workers and time.monotonic() < end and not child.done() and len(_children(child.pid)) < 2:
            time.sleep(0.02)
        time.sleep(after)
        workers = _children(child.pid)
        if not child.done():
            os.kill(child.pid, sig)
    if not child.wait(case.timeout):
        result.verdict.append("hang")
    if stdout is not subprocess.PIPE:
        stdout.close()
    out_text, err_text = child.output()
    result.seconds = round(time.monotonic() - started, 2)
    result.exit_code = child.exit_code
    result.peak_mib = round(child.peak_kb / 1024, 1)
    text = (out_text or b"").decode("utf-8", "replace") + (err_text or b"").decode("utf-8", "replace")
    other = folder / ".other"
    if other.exists():  # the concurrent build
        pid = int(other.read_text())
        other.unlink()
        for _ in range(600):
            if not _alive(pid):
                break
            time.sleep(0.1)
        with _quiet():
            os.waitpid(pid, 0)

    if (
        "Traceback" in text
        or "Exception ignored" in text
        or (
            result.exit_code not in EXIT_CODES and not (case.signal_after and result.exit_code == -case.signal_after[0])
        )
    ):
        result.verdict.append("crash")
    if "MemoryError" in text or child.peak_kb > PEAK_LIMIT_KB:
        result.verdict.append("memory blow-up")
    if workers:
        time.sleep(3)
        if any(_alive(pid) for pid in workers):
            result.verdict.append("file leaked: workers alive")
    partial = _partial(out) if out is not None else []
    if previous is not None and case.signal_after and result.exit_code != 0 and _snapshot([out]) != previous:
        partial.append("previous outputs changed")
    if partial:
        result.verdict.append("partial output")
        result.detail += "; ".join(partial)
    cache = folder / ".home" / ".cache" / "doria-forge"  # the documented matchup cache may be written
    leaked = sorted(
        {str(p) for p in folder.rglob("*") if not p.is_relative_to(cache) and p not in cache.parents}
        - outside_before
        - set(_snapshot([out] if out else []))
    )
    leaked = [p for p in leaked if not p.startswith(str(out))] if out is not None else leaked
    if leaked:
        result.verdict.append("file leaked")
        result.detail += " leaked: " + ", ".join(Path(p).relative_to(folder).as_posix() for p in leaked[:5])
    if _snapshot(sources) != before:
        result.verdict.append("source changed")
    expected = result.exit_code in case.expect and (not case.says or case.says in text)
    if not result.verdict:
        result.verdict.append("as expected" if expected else "unexpected")
        if not expected:
            result.detail += f" exit {result.exit_code}, wanted {case.expect} saying {case.says!r}: " + text[-300:]
    shutil.rmtree(folder, ignore_errors=True)
    return result


class _Child:
    """A started process: its output drained by threads, its end and peak memory from wait4."""

    def __init__(self, process: subprocess.Popen) -> None:
        self.process, self.pid = process, process.pid
        self.exit_code: int | None = None
        self.peak_kb = 0
        self._chunks: dict[str, bytes] = {}
        self._threads = [
            threading.Thread(target=self._drain, args=(name, stream), daemon=True)
            for name, stream in (("out", process.stdout), ("err", process.stderr))
            if stream
        ]
        for thread in self._threads:
            thread.start()

    def _drain(self, name: str, stream) -> None:
        self._chunks[name] = stream.read()

    def done(self) -> bool:
        if self.exit_code is None:
            pid, status, usage = os.wait4(self.pid, os.WNOHANG)
            if pid:
                self._finish(status, usage)
        return self.exit_code is not None

    def _finish(self, status: int, usage) -> None:
        self.exit_code = os.waitstatus_to_exitcode(status)
        self.peak_kb = usage.ru_maxrss
        self.process.returncode = self.exit_code  # Popen must not wait for it again

    def wait(self, timeout: float) -> bool:
        """Wait for the end; kill at ``timeout`` seconds. Returns False when it had to kill."""
        end = time.monotonic() + timeout
        while not self.done():
            if time.monotonic() > end:
                os.kill(self.pid, signal.SIGKILL)
                _, status, usage = os.wait4(self.pid, 0)
                self._finish(status, usage)
                return False
            time.sleep(0.02)
        return True

    def output(self) -> tuple[bytes, bytes]:
        for thread in self._threads:
            thread.join(timeout=10)
        return self._chunks.get("out", b""), self._chunks.get("err", b"")


class _quiet:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return exc[0] is not None and issubclass(exc[0], OSError)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a sample of the cases")
    parser.add_argument("--jobs", type=int, default=2, help="cases run at once (signal cases run alone)")
    parser.add_argument("--report", type=Path, help="write every case's result as JSON")
    parser.add_argument("--only", help="only cases whose name contains this")
    parser.add_argument("--group", action="append", help="only cases of this group (repeatable)")
    options = parser.parse_args()
    catalogue = [c for c in cases(options.quick) if (not options.only or options.only in c.name)
                 and (not options.group or c.group in options.group)]
    base = Path(tempfile.mkdtemp(prefix="doria-campaign-"))
    base.chmod(0o777)
    print(f"{len(catalogue)} cases in {base}", flush=True)
    plain = [c for c in catalogue if not c.signal_after and c.group != "faults"]
    alone = [c for c in catalogue if c not in plain]
    results: list[Result] = []
    with ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        for result in pool.map(lambda c: run_case(c, base), plain):
            results.append(result)
            _show(result)
    for case in alone:
        result = run_case(case, base)
        results.append(result)
        _show(result)
    shutil.rmtree(base, ignore_errors=True)
    counts = {"cases": len(results)}
    for label in (
        "as expected",
        "unexpected",
        "crash",
        "hang",
        "memory blow-up",
        "partial output",
        "file leaked",
        "source changed",
    ):
        counts[label] = sum(any(v.startswith(label) for v in r.verdict) for r in results)
    print("\n" + "  ".join(f"{k}: {v}" for k, v in counts.items()))
    if options.report:
        options.report.write_text(json.dumps({"counts": counts, "cases": [asdict(r) for r in results]}, indent=1))
    bad = sum(counts[k] for k in ("crash", "hang", "memory blow-up", "partial output", "file leaked", "source changed"))
    return 1 if bad else 0


def _show(result: Result) -> None:
    flag = "ok " if result.verdict == ["as expected"] else "!! "
    print(
        f"{flag}{result.group:9} {result.name:40} exit {result.exit_code!s:>4} {result.seconds:6.1f}s "
        f"{', '.join(result.verdict)}{' - ' + result.detail.strip()[:300] if result.detail.strip() else ''}",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
