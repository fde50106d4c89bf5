"""Helpers for the fault tests of issue 12: a tiny pack that builds in a second or two, a
snapshot of a folder to prove nothing changed, and running ``doria-forge`` as a real process
(signals, output streams and the environment cannot be faked inside CliRunner)."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tiny_pack(dest: Path) -> Path:
    """A valid pack of one hero (the warrior with his standard items) and one monster (the
    orc), at ``dest`` (created); returns ``dest``."""
    content = ROOT / "content"
    for name in ("pack.yaml", "rules.yaml", "monsters/orc.yaml", "heroes/warrior.yaml",
                 "equipment/standard/warrior.yaml"):
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(content / name, dest / name)
    return dest


def snapshot(folder: Path) -> dict[str, str]:
    """``{relative path: sha256}`` of every file under ``folder`` (links as their target text)."""
    out = {}
    for path in sorted(Path(folder).rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_symlink():
            out[rel] = "link:" + os.readlink(path)
        elif path.is_file():
            out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def cli(*args: str, env: dict[str, str] | None = None, **kwargs) -> subprocess.Popen:
    """Start ``doria-forge args...`` as a process with SIGINT at its default (a shell started
    in the background ignores it), output captured."""
    return subprocess.Popen(
        [sys.executable, "-c", "from doria_forge.__main__ import main; main()", *args],
        stdout=kwargs.pop("stdout", subprocess.PIPE), stderr=subprocess.PIPE, env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL), **kwargs,
    )


def children(pid: int) -> list[int]:
    """Process ids whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def workbook(path: Path, rows: list[list], title: str = "levels") -> Path:
    """An Excel workbook at ``path`` with one sheet ``title`` holding ``rows``; returns ``path``."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(row)
    book.save(path)
    return path
