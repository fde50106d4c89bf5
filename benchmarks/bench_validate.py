"""Validation benchmark (a script, not a test).

1. ``doria-forge validate`` against its floor, pair by pair: each pair runs, in fresh
   interpreters, (a) ruamel's C-based loader parsing the pack's YAML files and nothing
   else (the floor) and (b) ``doria-forge validate`` on the same pack; the ratio b/a of
   each pair and their median are printed (CPU seconds of the child processes, so a
   busy machine disturbs the ratio less than wall time). First with an empty cache folder
   for each validate (a fresh CI runner), then with the cache the previous run left.
2. The parse alone, in this process: the pure-Python round-trip parser against the C
   parser path of ``doria_forge.load.loader`` (same documents and positions).
3. Start-up: ``doria-forge --help`` time, and whether it imports the PDF stack
   (reportlab, matplotlib) or builds the content models (pydantic).
4. Scaling: ``validate_pack`` on packs of 1x, 10x and 100x the shipped monsters and
   equipment (copies with renamed ids): time and peak memory of a fresh process.
5. ``--instructions``: the same pair (empty cache) counted in machine instructions under
   valgrind's callgrind, which a busy machine does not disturb: the ratio a CPU-time ratio
   approaches on a quiet one (validate touches more memory than the floor, so its CPU ratio runs
   some 5-20% above its instruction ratio); then what the libraries cost before doria-forge runs
   (:data:`LIBRARIES`: the interpreter, pydantic, typer). Skipped where valgrind is not installed.
6. After an edit (``--edits N``): a copy of the pack with its own empty cache folder is
   validated once (cold cache), then N times each after editing a scenario's name and after
   raising a level-4 Monster Level Card's hit points (each edit new, so no run finds the whole
   pack in the cache): median CPU seconds, and as a multiple of the floor.

    python benchmarks/bench_validate.py [--content content] [--pairs 7] [--scales 1,10,100] [--edits 5]
                                        [--instructions]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FLOOR = """
import sys
from pathlib import Path
from ruamel.yaml import YAML
yaml = YAML(typ="safe", pure=False)
for path in sorted(Path(sys.argv[1]).rglob("*.y*ml")):
    list(yaml.load_all(path.read_bytes()))
"""


CODE = ROOT
"""The checkout whose doria_forge the child processes run (``--code``: e.g. main, for the before figures)."""


def child_cpu(args: list[str], env_extra: dict[str, str] | None = None) -> tuple[float, float, str]:
    """(CPU seconds, wall seconds, stdout) of running ``args`` in a child process (with
    ``env_extra`` added to its environment)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # An installed doria-forge has its bytecode (pip compiles it on install), and so do the
    # installed ruamel and pydantic the floor uses: let the children write and read theirs even
    # where the shell says PYTHONDONTWRITEBYTECODE, or validate pays for compiling its source.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(CODE)
    env.update(env_extra or {})
    # cwd: ``python -m`` puts the working folder first on sys.path
    done = subprocess.run(args, capture_output=True, text=True, env=env, cwd=CODE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.stdout + done.stderr


def entry() -> str:
    """The module the console script runs (``doria_forge``; ``doria_forge.cli`` in checkouts from
    before it had a ``__main__``, for the before figures)."""
    return "doria_forge" if (CODE / "doria_forge" / "__main__.py").is_file() else "doria_forge.cli"


def validate_args(content: str) -> list[str]:
    return [sys.executable, "-m", entry(), "validate", content]


def bench_pairs(content: str, pairs: int, cold: bool = False) -> list[tuple[float, float]]:
    """(floor, validate) CPU seconds of ``pairs`` pairs run in turn; ``cold``: each validate with
    its own empty cache folder (a fresh CI runner), else with the cache the previous run left."""
    child_cpu([sys.executable, "-c", FLOOR, content])  # warm-up: bytecode and disk caches
    child_cpu(validate_args(content))
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(pairs):
            cache = {"DORIA_FORGE_CACHE_DIR": str(Path(tmp) / f"cache{i}")} if cold else None
            floor, _, _ = child_cpu([sys.executable, "-c", FLOOR, content])
            validate, _, _ = child_cpu(validate_args(content), cache)
            out.append((floor, validate))
    return out


def report_pairs(what: str, pairs: list[tuple[float, float]]) -> float:
    """Print each pair's ratio and their median; returns the median floor (seconds)."""
    for floor, validate in pairs:
        print(f"{what}: floor (C loader, fresh interpreter) {floor:.3f} s CPU, validate {validate:.3f} s CPU: "
              f"{validate / floor:.2f}x")
    ratios = [v / f for f, v in pairs]
    med_validate, med_floor = statistics.median(v for _, v in pairs), statistics.median(f for f, _ in pairs)
    print(f"{what}: validate / floor: median {statistics.median(ratios):.2f}x (min {min(ratios):.2f}, "
          f"max {max(ratios):.2f}); median validate {med_validate:.3f} s, floor {med_floor:.3f} s")
    # On a shared machine a neighbour only ever adds time: the fastest run of each is the
    # steadiest estimate of what the work itself costs.
    fastest_validate, fastest_floor = min(v for _, v in pairs), min(f for f, _ in pairs)
    print(f"{what}: fastest runs: validate {fastest_validate:.3f} s, floor {fastest_floor:.3f} s: "
          f"{fastest_validate / fastest_floor:.2f}x")
    return med_floor


def instructions(args: list[str], env_extra: dict[str, str] | None = None) -> int | None:
    """Instructions the process ``args`` executes (valgrind's callgrind, all of it: start-up,
    imports, exit); ``None`` without valgrind."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    _, _, out = child_cpu([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", *args], env_extra)
    found = re.search(r"Collected\s*:\s*(\d+)", out)
    return int(found.group(1)) if found else None


def bench_instructions(content: str) -> tuple[int, int] | None:
    """(floor, validate with an empty cache folder) in instructions; ``None`` without valgrind."""
    child_cpu(validate_args(content))  # bytecode written, as in bench_pairs
    with tempfile.TemporaryDirectory() as tmp:
        floor = instructions([sys.executable, "-c", FLOOR, content])
        validate = instructions(validate_args(content), {"DORIA_FORGE_CACHE_DIR": str(Path(tmp) / "cache")})
    return None if floor is None or validate is None else (floor, validate)


LIBRARIES = (
    ("the interpreter", "pass"),
    ("+ pydantic", "import pydantic.main, pydantic.fields, pydantic.json_schema, pydantic.types"),
    ("+ typer", "import pydantic.main, pydantic.fields, pydantic.json_schema, pydantic.types, typer.main, "
                "typer._adapters, typer._coercion"),
)
"""What a cold ``validate`` pays before a line of doria-forge runs: the interpreter, then the
pydantic modules the content models use, then typer as its command line parses (instructions)."""


def bench_libraries() -> list[tuple[str, int]] | None:
    """(what, instructions) of :data:`LIBRARIES`, each a fresh interpreter; ``None`` without valgrind."""
    out = []
    for what, code in LIBRARIES:
        found = instructions([sys.executable, "-c", code])
        if found is None:
            return None
        out.append((what, found))
    return out


def bench_parse(content: str, repeat: int = 5) -> tuple[float, float]:
    """(pure seconds, C-path seconds) to parse every file of the pack, medians."""
    from doria_forge.load import loader

    texts = [(p.name, p.read_text(encoding="utf-8")) for p in sorted(Path(content).rglob("*.y*ml"))]
    times: dict[str, list[float]] = {"pure": [], "c": []}
    for _ in range(repeat):
        for name, parse in (("pure", loader._parse_pure), ("c", loader._parse_c)):
            start = time.process_time()
            for file, text in texts:
                parse(text, file, file)
            times[name].append(time.process_time() - start)
    return statistics.median(times["pure"]), statistics.median(times["c"])


def bench_help() -> tuple[float, list[str]]:
    """(CPU seconds of ``doria-forge --help``, heavy modules it imported)."""
    cpu, _, _ = child_cpu([sys.executable, "-m", entry(), "--help"])
    _, _, log = child_cpu([sys.executable, "-X", "importtime", "-m", entry(), "--help"])
    heavy = ("reportlab", "matplotlib", "doria_forge.model.monster", "doria_forge.engine", "fontTools")
    seen = sorted({m for m in heavy if re.search(rf"\|\s*{re.escape(m)}(\.|\s*$)", log, re.MULTILINE)})
    return cpu, seen


def scaled_pack(content: Path, scale: int, dest: Path) -> Path:
    """The pack plus ``scale - 1`` copies of its monsters and equipment with renamed ids."""
    shutil.copytree(content, dest)
    for k in range(1, scale):
        for folder in ("monsters", "equipment"):
            for path in sorted((content / folder).rglob("*.yaml")):
                text = path.read_text(encoding="utf-8")
                ids = re.findall(r"^id: (\S+)$", text, re.MULTILINE)
                for doc_id in sorted(set(ids), key=len, reverse=True):
                    text = re.sub(rf"\b{re.escape(doc_id)}\b", f"{doc_id}_x{k}", text)
                target = dest / folder / f"copy{k}" / path.relative_to(content / folder)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
    return dest


def bench_edits(content: str, edits: int, tmp: Path) -> tuple[float, list[float], list[float]]:
    """(CPU seconds of validate with an empty cache, after each scenario edit, after each level-card
    edit) on a copy of ``content`` in ``tmp`` with its own cache folder."""
    pack = Path(shutil.copytree(content, tmp / "edited"))
    scenario = sorted((pack / "scenarios").rglob("*.yaml"))[0]
    level_file, level_doc = next((path, doc) for path in sorted(pack.rglob("*.yaml"))
                                 for doc in path.read_text(encoding="utf-8").split("\n---\n")
                                 if "kind: monster_level" in doc and re.search(r"^level: 4$", doc, re.MULTILINE)
                                 and re.search(r"^hit_points: \d+$", doc, re.MULTILINE))
    hit_points = int(re.search(r"^hit_points: (\d+)$", level_doc, re.MULTILINE).group(1))
    cache = {"DORIA_FORGE_CACHE_DIR": str(tmp / "cache")}
    cold, _, _ = child_cpu(validate_args(str(pack)), cache)
    after_scenario, after_level = [], []
    for i in range(1, edits + 1):
        text = scenario.read_text(encoding="utf-8")
        scenario.write_text(re.sub(r"^name: (.*?)( \d+)?$", rf"name: \1 {i}", text, count=1, flags=re.MULTILINE),
                            encoding="utf-8")
        after_scenario.append(child_cpu(validate_args(str(pack)), cache)[0])
        edited = re.sub(r"^hit_points: \d+$", f"hit_points: {hit_points + i}", level_doc, flags=re.MULTILINE)
        text = level_file.read_text(encoding="utf-8")
        level_file.write_text(text.replace(level_doc, edited), encoding="utf-8")
        level_doc = edited
        after_level.append(child_cpu(validate_args(str(pack)), cache)[0])
    return cold, after_scenario, after_level


SCALE_RUN = """
import resource, sys, time
sys.path.insert(0, sys.argv[1])
from doria_forge.validate import validate_pack
start = time.perf_counter()
result = validate_pack(sys.argv[2])
print(time.perf_counter() - start, len(result.source_map.documents) if hasattr(result.source_map, "documents") else 0,
      resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--content", default=str(ROOT / "content"), type=lambda p: str(Path(p).resolve()))
    parser.add_argument("--pairs", type=int, default=7)
    parser.add_argument("--scales", default="1,10,100")
    parser.add_argument("--code", default=str(ROOT), help="checkout whose doria_forge to measure (default: this one)")
    parser.add_argument("--edits", type=int, default=5, help="validate runs after each kind of edit (0: none)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count the empty-cache pair's instructions (valgrind)")
    args = parser.parse_args(argv)
    global CODE
    CODE = Path(args.code)

    report_pairs("empty cache", bench_pairs(args.content, args.pairs, cold=True))
    med_floor = report_pairs("warm cache", bench_pairs(args.content, args.pairs))
    if args.instructions:
        counted = bench_instructions(args.content)
        if counted is None:
            print("instructions: valgrind is not installed (skipped)")
        else:
            floor, validate = counted
            print(f"instructions, empty cache: validate {validate / 1e6:,.0f} M, floor {floor / 1e6:,.0f} M: "
                  f"{validate / floor:.2f}x")
            for what, count in bench_libraries() or []:
                print(f"instructions, {what}: {count / 1e6:,.0f} M ({count / floor:.2f}x the floor)")

    if CODE == ROOT:
        pure, c = bench_parse(args.content)
        print(f"parse every file in-process: pure-Python {pure * 1000:.0f} ms, C path {c * 1000:.0f} ms "
              f"({pure / c:.1f}x)")

    cpu, heavy = bench_help()
    print(f"doria-forge --help: {cpu:.3f} s CPU; imports {', '.join(heavy) if heavy else 'none of'} "
          f"reportlab / matplotlib / the content models / the engine / fontTools")

    with tempfile.TemporaryDirectory() as tmp:
        for scale in (int(s) for s in args.scales.split(",")):
            pack = scaled_pack(Path(args.content), scale, Path(tmp) / f"x{scale}")
            files = len(list(pack.rglob("*.yaml")))
            done = subprocess.run([sys.executable, "-c", SCALE_RUN, str(CODE), str(pack)],
                                  capture_output=True, text=True, check=True)
            secs, _, rss = done.stdout.split()
            print(f"scale {scale:>3}x: {files:>5} files validated in {float(secs):.2f} s "
                  f"({float(secs) / files * 1000:.2f} ms a file), peak {float(rss):.0f} MiB")
        if args.edits:
            cold, scenario, level = bench_edits(args.content, args.edits, Path(tmp))
            for what, runs in (("empty cache", [cold]), ("after a scenario edit", scenario),
                               ("after a level-card edit", level)):
                cpu = statistics.median(runs)
                print(f"validate {what}: {cpu:.3f} s CPU (median of {len(runs)}), {cpu / med_floor:.2f}x the floor")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
