"""Reports of the duel matrix: rich tables for the terminal and canonical JSON for machines."""

from __future__ import annotations

import json
from pathlib import Path

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from doria_forge.infra.fsutil import atomic_write_text
from doria_forge.infra.terminal import print_table, printable
from doria_forge.model.output_format import OUTPUT_FORMAT

from .findings import counted
from .matrix import MatrixResult


def matrix_json(result: MatrixResult, *, pack_id: str, content_sha256: str) -> str:
    """The matrix as canonical JSON text (sorted keys, no timestamps: reproducible); its shape
    is ``schemas/output/duel-report.schema.json`` of version ``format``."""
    data = {"format": OUTPUT_FORMAT, "pack_id": pack_id, "content_sha256": content_sha256, **result.to_data()}
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def write_matrix_json(result: MatrixResult, path: Path, *, pack_id: str, content_sha256: str) -> Path:
    """Write ``matrix_json`` atomically to ``path``."""
    return atomic_write_text(Path(path), matrix_json(result, pack_id=pack_id, content_sha256=content_sha256))


def _win_cell(rate: float) -> str:
    style = "red" if rate < 0.35 else "yellow" if rate < 0.65 else "green"
    return f"[{style}]{rate:4.0%}[/{style}]"


def print_matrix(result: MatrixResult, console: Console, names: dict[str, str] | None = None) -> None:
    """Print the duel table, one row per hero and monster and a column per Monster Level;
    a cell reads ``win% rounds HP``: the hero's win rate, the mean rounds a duel lasted
    and the mean Hit Points the hero lost. Then the findings."""
    if not result.cells:
        console.print("No duels to run: the pack needs at least one premade hero and one monster.")
        return
    # Names come from the pack: shown as written, never obeyed as markup or terminal escapes.
    names = {key: escape(printable(name)) for key, name in (names or {}).items()}
    heroes = sorted({c.hero for c in result.cells})
    monsters = sorted({c.monster for c in result.cells})
    levels = sorted({c.level for c in result.cells})
    by_key = {(c.hero, c.monster, c.level): c for c in result.cells}
    if result.precision is None:
        how = f"{counted(result.runs, 'duel')} a cell"
    else:
        played = sum(c.runs for c in result.cells)
        how = (f"until the 95% interval is narrower than {result.precision:g}, at most {result.runs} a cell; "
               f"{counted(played, 'duel')}")
    table = Table(
        title=f"Duels: hero win rate, mean rounds, mean HP lost ({how}, seed {result.seed})",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    # A hero heads its block of monster rows, so the table fits an 80-column terminal.
    table.add_column("hero / monster", no_wrap=True)
    for level in levels:
        table.add_column(f"L{level} win rnd  HP", justify="right", no_wrap=True)
    for hero in heroes:
        table.add_row(f"[bold]{names.get(hero, escape(hero))}[/bold]", *[""] * len(levels))
        # A focused report (one monster, an expansion's content) leaves some pairs out: no empty rows.
        shown = [m for m in monsters if any((hero, m, level) in by_key for level in levels)]
        for i, monster in enumerate(shown):
            row = ["  " + names.get(monster, escape(monster))]
            for level in levels:
                c = by_key.get((hero, monster, level))
                row.append("" if c is None else f"{_win_cell(c.win_rate)} {c.mean_rounds:4.1f} {c.mean_hp_lost:4.1f}")
            table.add_row(*row, end_section=i == len(shown) - 1)
    # Never squeeze the numbers: a pipe or CI log reports 80 columns, the table needs ~84.
    print_table(console, table, floor=88)
    # The intervals would double the table's width: their widest half is named once instead.
    widest = max(max(c.win_rate - c.ci_low, c.ci_high - c.win_rate) for c in result.cells)
    # under --precision a cell's interval is Clopper-Pearson at its stopping look's level, wider than the
    # plain 95% one a reader would compute from wins and duels: 95% only under the stopping rule
    which = ("exact 95% interval (Clopper-Pearson)" if result.precision is None else
             "exact interval (Clopper-Pearson at the level of the look that stopped it: 95% under the stopping rule)")
    fields = "ci_low, ci_high" if result.precision is None else "ci_low, ci_high and its level, confidence"
    console.print(f"Each cell's {which} reaches at most {widest * 100:.0f} points either side of its win rate; the "
                  f"JSON report gives each one ({fields}).", soft_wrap=True)
    if result.precision is not None:
        # a cell the cap stopped has an interval as wide as it came: the headline's "until narrower
        # than P" did not hold for it, and nothing said so
        short = [c for c in result.cells if c.ci_high - c.ci_low >= result.precision]
        if short:
            their = "its" if len(short) == 1 else "their"
            console.print(f"{counted(len(short), 'cell')} stopped at --runs {result.runs} before {their} "
                          f"interval was narrower than {result.precision:g} (widest "
                          f"{max(c.ci_high - c.ci_low for c in short):.3f}): raise --runs for them.", soft_wrap=True)
    if result.fallbacks:
        console.print(f"{counted(len(result.fallbacks), 'matchup')} played on the reference engine (the fast path "
                      "cannot play them):", soft_wrap=True)
        for hero, monster, level, why in result.fallbacks:
            console.print(f"  {names.get(hero, escape(hero))} vs {names.get(monster, escape(monster))} level {level}: "
                          f"{escape(printable(why))}", soft_wrap=True)
    if result.findings:
        console.print(f"[bold]{counted(len(result.findings), 'finding')}:[/bold]")
        for f in result.findings:
            style = {"error": "red", "warning": "yellow"}.get(f.severity, "cyan")
            console.print(f"  [{style}]{f.severity}[/{style}] \\[{f.rule_id}] {escape(printable(f.message))}",
                          soft_wrap=True)
    elif any(level + 1 in levels for level in levels):
        console.print("No findings: no level plays weaker than the one below it beyond doubt, and no monster is far "
                      "out of line with its peers (both judged on intervals).", soft_wrap=True)
    else:
        # --level without two adjacent levels: the level check had nothing to compare
        console.print("No findings: no monster is far out of line with its peers; no level was compared with the one "
                      "below it, which --level left out.", soft_wrap=True)
