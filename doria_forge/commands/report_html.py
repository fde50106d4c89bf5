"""The HTML scenario report: one self-contained file (plots as SVG and dungeon pictures as
PNG, all embedded as ``data:`` URIs; no script, font or style from outside), rendered from
the report's JSON with the Jinja2 template ``templates/scenario_report.html.j2``.

It shows the findings, per scenario the numbers of the JSON (table, win rate against player
count with intervals, rounds histogram, damage by source, the special rules and how often
they fired) and a replay of one run (its event log and the dungeon drawn as every round
began, with ``render.png``), per campaign its completion and where campaigns end, the duel
matrix as a heat map when the report carries it, and a baseline comparison. The same report
gives the same bytes (the plots are reproducible SVG, the pictures reproducible PNG).

The page fits a phone (a viewport tag; wide tables scroll sideways inside their box with the first
column kept in view) and its colours are safe for colour-blind readers
(:mod:`doria_forge.sim.plot_data`). The plots need matplotlib (the ``plots`` extra); without it the
report shows the same numbers as plain tables: HP lost by source, and the duel matrix as a table of
coloured cells.

The module sits above the simulation and the renderer (it replays runs and draws them), so
``sim`` itself never imports the renderer.
"""

from __future__ import annotations

import base64
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from doria_forge.infra.assets import PACKAGE_ROOT
from doria_forge.infra.terminal import encodable
from doria_forge.model import ContentPack
from doria_forge.render.png import render_png
from doria_forge.sim.findings import (
    confidence_text,
    counted,
    evidence_unit,
    not_judged_words,
    player_counts,
    runs_to_decide,
)
from doria_forge.sim.plot_data import damage_sources, duel_grid, rate_colour
from doria_forge.sim.replay import DECIDES, Replay, replay_run
from doria_forge.sim.scenario_runner import ScenarioPlan
from doria_forge.sim.scenario_table import precision_line

TEMPLATE = "scenario_report.html.j2"
REPLAY_SQUARE_PX = 14
"""Pixels per square of the replay pictures (a whole dungeon stays a few hundred pixels wide)."""

PREFERRED_PLAYERS = 4
"""The player count whose run is replayed (the largest simulated count when 4 was not)."""


def _templates_dir() -> Path:
    packaged = PACKAGE_ROOT / "templates"
    return packaged if (packaged / TEMPLATE).is_file() else PACKAGE_ROOT.parent / "templates"


def data_uri(data: bytes | str, mime: str) -> str:
    """``data:<mime>;base64,...`` for ``data`` (text is UTF-8)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return f"data:{mime};base64,{base64.b64encode(raw).decode('ascii')}"


def _plots() -> Any:
    """:mod:`doria_forge.sim.plots`, or None without matplotlib (the ``plots`` extra)."""
    try:
        return importlib.import_module("doria_forge.sim.plots")
    except ImportError:
        return None


def drawing_code() -> tuple[Path, ...]:
    """The source files that draw a report's plots and replays beyond the engine and simulation
    (``sim.cache.engine_version``): this module, ``render/`` and what a replay's frames draw Room
    Tiles with, the PDF export's tile code, fonts and wording (``export/``, ``infra/fonts.py``,
    ``i18n.py``). A kept replay drawn by older tile code was read back after it changed."""
    from doria_forge.infra.fsutil import python_files

    return (Path(__file__).resolve(), *sorted((PACKAGE_ROOT / "render").glob("*.py")),
            *map(Path, python_files(PACKAGE_ROOT / "export")), PACKAGE_ROOT / "infra" / "fonts.py",
            PACKAGE_ROOT / "i18n.py")


class Fragments:
    """The drawn parts of a report (plots, replays) kept in the cache folder (``report/``) under
    the sha256 of what they are drawn from (the plotted numbers, or the replayed run's inputs)
    and of the code that draws them, so a rebuild draws again only what changed: matplotlib and
    a replay's game are most of a report's time. ``enabled=False`` (``--no-cache``) neither reads
    nor writes. At most ``MAX_ENTRIES`` are kept."""

    MAX_ENTRIES = 4_000

    def __init__(self, enabled: bool = True) -> None:
        self.folder: Path | None = None
        self.code = ""
        self.written = 0
        if enabled:
            from doria_forge.infra.fsutil import cache_dir, source_digest
            from doria_forge.sim.cache import engine_version

            code = source_digest(drawing_code())
            if code is not None:
                self.folder = cache_dir() / "report"
                self.code = f"{engine_version()}:{code}:{_matplotlib_version()}"

    def get_or_draw(self, what: Any, draw: Any, valid: Callable[[Any], bool]) -> Any:
        """The JSON value ``draw()`` makes for the inputs ``what`` (JSON-ready), kept or drawn now
        (always as JSON reads it back, so a kept value and a fresh one render the same bytes).
        A kept value that ``valid`` refuses (a damaged or foreign entry) is drawn again: one in
        another shape stopped the report with a traceback, or left its plots out."""
        import hashlib
        import json

        if self.folder is None:
            return json.loads(json.dumps(draw()))
        key = hashlib.sha256(f"{self.code}:{json.dumps(what, sort_keys=True, default=str)}".encode()).hexdigest()
        path = self.folder / key[:2] / f"{key}.json"
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))["value"]
            if valid(kept):
                return kept
        except (OSError, ValueError, KeyError, TypeError):
            pass
        text = json.dumps({"value": draw()})
        try:
            from doria_forge.infra.fsutil import atomic_write_text

            atomic_write_text(path, text, durable=False)
            self.written += 1
        except OSError:
            self.folder = None  # an unwritable cache: draw everything, keep nothing
        return json.loads(text)["value"]

    def prune(self) -> None:
        if self.folder is not None and self.written:
            from doria_forge.infra.fsutil import prune_oldest

            prune_oldest(self.folder, self.MAX_ENTRIES, ".json")


def _matplotlib_version() -> str:
    try:
        from importlib.metadata import version

        return version("matplotlib")
    except Exception:  # noqa: BLE001 - not installed: no plots are drawn anyway
        return "none"


def _svg_uri(plots: Any, figure: str, *args: Any, fragments: Fragments | None = None) -> str | None:
    """The plot ``figure`` (a ``*_figure`` function of :mod:`~doria_forge.sim.plots`) of ``args`` as a
    data URI; None without matplotlib."""
    if plots is None:
        return None

    def draw() -> str:
        return data_uri(plots.svg(getattr(plots, figure)(*args)), "image/svg+xml")

    def valid(kept: Any) -> bool:
        return isinstance(kept, str) and kept.startswith("data:image/svg+xml;base64,")

    return (fragments or Fragments(False)).get_or_draw(["plot", figure, list(args)], draw, valid)


def _duel_table(cells: list[dict[str, Any]]) -> dict[str, Any]:
    """The duel matrix as rows of coloured cells (the plain heat map): per Monster Level a grid of
    monsters (rows) by heroes (columns), each cell ``(text, background, ink)``."""
    heroes, monsters, levels, by_key = duel_grid(cells)
    panels = []
    for level in levels:
        rows = []
        for monster in monsters:
            row = []
            for hero in heroes:
                rate = by_key.get((hero, monster, level))
                row.append(("", "", "") if rate is None else (f"{rate * 100:.0f}%", *rate_colour(rate)))
            rows.append((monster, row))
        panels.append({"level": level, "rows": rows})
    return {"heroes": heroes, "panels": panels}


def _plan(entry: dict[str, Any]) -> ScenarioPlan:
    p = entry["plan"]
    return ScenarioPlan(tuple(p["players"]), p["runs"], p["seed"], p["policy"], tuple(p["heroes"]),
                        scenario=entry["id"], stall_rounds=p["stall_rounds"])


def scenario_replay(pack: ContentPack, entry: dict[str, Any], which: str = "median",
                    seed: int | None = None) -> Replay | None:
    """The replay of a scenario entry: run ``which`` (``median``, ``best``, ``worst``) of its
    ``PREFERRED_PLAYERS`` count, or a game with dice ``seed``; ``None`` for ``none``."""
    shown = _replayed(entry, which, seed)
    if shown is None:
        return None
    plan, players, run = shown

    def draw(state: Any) -> bytes:
        return render_png(state, square_px=REPLAY_SQUARE_PX)

    return replay_run(pack, plan, players, draw, run=run, seed=seed)


def _replayed(entry: dict[str, Any], which: str, seed: int | None) -> tuple[ScenarioPlan, int, int | None] | None:
    """The plan, player count and run (None: a game with dice ``seed``) of the replay of
    :func:`scenario_replay`; None when there is none to show (read from the report, nothing played)."""
    if which == "none" and seed is None:
        return None
    plan = _plan(entry)
    players = PREFERRED_PLAYERS if PREFERRED_PLAYERS in plan.players else max(plan.players)
    summary = next(s for s in entry["players"] if s["players"] == players)
    pick = summary["replays"].get(which) if seed is None else None
    if seed is None and pick is None:
        return None
    return plan, players, pick["run"] if pick else None


_REPLAY_VIEW_KEYS = {"which", "players", "run", "seed", "party", "outcome", "rounds", "reason", "frames", "log"}
"""The keys of a replay's view (:func:`_replay_view`)."""


def _replay_view(replay: Replay | None, which: str) -> dict[str, Any] | None:
    if replay is None:
        return None
    rounds: dict[int, list[str]] = {}
    for number, line in replay.log:
        rounds.setdefault(number, []).append(line)
    frames = [{"label": ("end" if i == len(replay.frames) - 1 and i else f"round {number}"),
               "uri": data_uri(png, "image/png")} for i, (number, png) in enumerate(replay.frames)]
    return {"which": which if replay.run is not None else "seed", "players": replay.players, "run": replay.run,
            "seed": replay.seed, "party": replay.party, "outcome": replay.outcome, "rounds": replay.rounds,
            "reason": replay.reason, "frames": frames,
            # a round's events and the heroes' decisions among them: the count said "62 events" of both
            "log": [(number, lines, sum(DECIDES not in line for line in lines))
                    for number, lines in sorted(rounds.items())]}


def _replay_of(pack: ContentPack, entry: dict[str, Any], which: str, seed: int | None,
               fragments: Fragments) -> dict[str, Any] | None:
    """``_replay_view`` of ``scenario_replay``, kept under the replayed run's inputs: the documents
    it reads (``sim.chunk_store.plan_reads``), its plan, which run or seed."""
    from doria_forge.sim.chunk_store import plan_reads

    if _replayed(entry, which, seed) is None:
        return None  # so a kept replay is always a view: a damaged entry never hides one
    plan = _plan(entry)
    what = ["replay", plan_reads(pack, plan), entry["plan"], which, seed, REPLAY_SQUARE_PX,
            [s.get("replays") for s in entry["players"]]]

    def valid(kept: Any) -> bool:
        return isinstance(kept, dict) and set(kept) == _REPLAY_VIEW_KEYS

    return fragments.get_or_draw(what, lambda: _replay_view(scenario_replay(pack, entry, which, seed), which), valid)


def render_html(pack: ContentPack, report: dict[str, Any], *, replay: str = "median",
                replay_seed: int | None = None, cache: bool = True) -> str:
    """The HTML text of ``report`` (see the module docstring). ``cache``: keep the plots and
    replays in the cache folder and take the unchanged ones from there (:class:`Fragments`)."""
    plots = _plots()
    fragments = Fragments(cache)
    scenarios = []
    for entry in report["scenarios"]:
        summaries = entry["players"]
        damage = damage_sources(summaries)
        scenarios.append({
            "entry": entry,
            "win_rate": _svg_uri(plots, "win_rate_figure", summaries, fragments=fragments),
            "rounds": _svg_uri(plots, "rounds_figure", summaries, fragments=fragments),
            "damage": _svg_uri(plots, "damage_figure", summaries, fragments=fragments) if damage else None,
            "damage_rows": damage,
            "replay": _replay_of(pack, entry, replay, replay_seed, fragments),
        })
    campaigns = [{"entry": entry, "completion": _svg_uri(plots, "completion_figure", entry["players"],
                                                         fragments=fragments)}
                 for entry in report.get("campaigns", [])]
    matrix = report.get("duel_matrix")
    cells = matrix.get("cells") if matrix else None
    heatmap = _svg_uri(plots, "duel_heatmap_figure", cells, fragments=fragments) if cells else None
    fragments.prune()
    env = Environment(loader=FileSystemLoader(str(_templates_dir())), autoescape=select_autoescape(default=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["confidence"] = confidence_text
    env.filters["player_count"] = lambda n: player_counts([n])
    env.filters["counted"] = counted
    env.filters["evidence_unit"] = evidence_unit
    env.filters["not_judged_words"] = not_judged_words
    env.filters["precision_line"] = precision_line  # what --precision reached, as the terminal says it
    # runs_needed counts attempts or values for a campaign's targets: the table gives runs, as the findings do
    plans = {e["document"]: e["plan"] for e in (*report["scenarios"], *report.get("campaigns", []))}
    env.filters["runs_to_decide"] = lambda v: runs_to_decide(v, plans.get(v["document"]))
    return encodable(env.get_template(TEMPLATE).render(
        report=report, scenarios=scenarios, campaigns=campaigns, heatmap=heatmap,
        duel_table=_duel_table(cells) if cells else None, plots=plots is not None, baseline=report.get("baseline")))
