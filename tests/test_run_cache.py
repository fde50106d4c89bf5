"""Runs cached by what they read (issue 20): a chunk of scenario runs is kept under the hashes of
the documents its runs can read, the code and the options; after an edit only the runs that
read the edited document are played again, with the numbers a cold run gives."""

from __future__ import annotations

from pathlib import Path

from doria_forge.model.exploration import exploration_id
from doria_forge.model.exploration_game import with_explorations
from doria_forge.model.pack import ContentPack
from doria_forge.model.scenario import Balance
from doria_forge.sim.campaign import make_campaign_plan
from doria_forge.sim.chunk_store import ChunkStore, plan_reads
from doria_forge.sim.executors import cached, local_executor, run_plans
from doria_forge.sim.scenario_runner import make_plan


def _edited(pack: ContentPack, kind: str, doc_id: str, **changes) -> ContentPack:
    """``pack`` with document ``kind``/``doc_id`` changed (a designer's edit)."""
    docs = [d.model_copy(update=changes) if (d.kind, d.id) == (kind, doc_id) else d for d in pack]
    return ContentPack.from_documents(docs)


def _numbers(results):
    return [{n: s.to_data() for n, s in per_plan.items()} for per_plan in results]


def test_what_a_plan_reads_changes_only_with_the_documents_it_can_read(shipped_pack):
    warren = make_plan(shipped_pack, "goblin_warren", players=[1], runs=1)
    vigil = make_plan(shipped_pack, "lantern_vigil", players=[1], runs=1)
    campaign_id = next(iter(shipped_pack.campaigns))
    campaign = make_campaign_plan(shipped_pack, campaign_id, players=[2], runs=1)
    in_campaign = shipped_pack.campaigns[campaign_id].scenarios[0]
    before = {p: plan_reads(shipped_pack, p) for p in (warren, vigil, campaign)}

    assert "goblin_warren" not in shipped_pack.campaigns[campaign_id].scenarios
    story = _edited(shipped_pack, "scenario", "goblin_warren", story="A new story.")
    assert plan_reads(story, warren) != before[warren]
    assert plan_reads(story, vigil) == before[vigil]
    assert plan_reads(story, campaign) == before[campaign]

    stronger = _edited(shipped_pack, "monster_level", "orc-1", hit_points=9)  # any game may draw an Orc
    assert all(plan_reads(stronger, p) != before[p] for p in (warren, vigil, campaign))

    renamed = _edited(shipped_pack, "scenario", in_campaign, name="Renamed")
    assert plan_reads(renamed, campaign) != before[campaign]


def _chunk_keys(pack: ContentPack, folder) -> dict[str, str]:
    """Key of the first one-player chunk of every game ``build`` plays on ``pack``: each scenario,
    each campaign and each Boss Monster card's exploration game, by scenario or campaign id."""
    from doria_forge.sim.scenario_runner import make_plan

    bosses = sorted(b for b, card in pack.bosses.items() if card.exploration is not None)
    game_pack, _ = with_explorations(pack, bosses)
    store = ChunkStore(game_pack, folder)
    plans = {sid: make_plan(game_pack, sid, players=[game_pack.scenarios[sid].players[0]], runs=1)
             for sid in game_pack.scenarios}
    plans |= {cid: make_campaign_plan(game_pack, cid, players=[2], runs=1) for cid in game_pack.campaigns}
    return {name: store.key((plan, plan.players[0], 0, 1)) for name, plan in plans.items()}


def test_a_boss_cards_exploration_section_is_read_only_by_its_own_exploration_game(shipped_pack, tmp_path):
    bosses = sorted(b for b, card in shipped_pack.bosses.items() if card.exploration is not None)
    assert len(bosses) >= 2  # one edited, one whose game must keep its key
    boss = shipped_pack.bosses[bosses[0]]
    before = _chunk_keys(shipped_pack, tmp_path)
    assert exploration_id(bosses[1]) in before and shipped_pack.scenarios and shipped_pack.campaigns

    assert boss.exploration is not None
    band = Balance(win_rate={"1": (0.0, 1.0)})
    rebanded = _edited(shipped_pack, "boss", boss.id, exploration=boss.exploration.model_copy(update={"balance": band}))
    after = _chunk_keys(rebanded, tmp_path)
    assert {game for game in before if after[game] != before[game]} == {exploration_id(boss.id)}

    stronger = _edited(shipped_pack, "boss", boss.id, action_points=boss.action_points + 1)  # any game may meet it
    after = _chunk_keys(stronger, tmp_path)
    assert {game for game in before if after[game] == before[game]} == set()


def test_after_editing_one_scenario_only_its_runs_are_played_again_with_cold_numbers(shipped_pack, tmp_path):
    plans = [make_plan(shipped_pack, sid, players=[1, 2], runs=4, seed=3) for sid in ("goblin_warren", "lantern_vigil")]
    first = ChunkStore(shipped_pack, tmp_path)
    run_plans(shipped_pack, plans, executor=cached(local_executor(1), first))
    assert first.written == 4  # two plans, two player counts, one chunk each

    edited = _edited(shipped_pack, "scenario", "goblin_warren", max_rounds=6)
    again = ChunkStore(edited, tmp_path)
    warm = run_plans(edited, plans, executor=cached(local_executor(1), again))
    assert again.written == 2 and again.count == 4  # goblin_warren's two chunks played, lantern_vigil's reused
    cold = run_plans(edited, plans, executor=local_executor(1))
    assert _numbers(warm) == _numbers(cold)


def test_a_damaged_entry_is_played_again(shipped_pack, tmp_path):
    plan = make_plan(shipped_pack, "goblin_warren", players=[1], runs=2, seed=5)
    store = ChunkStore(shipped_pack, tmp_path)
    run_plans(shipped_pack, [plan], executor=cached(local_executor(1), store))
    for entry in tmp_path.rglob("*.pickle"):
        entry.write_bytes(b"not a pickle")
    again = ChunkStore(shipped_pack, tmp_path)
    results = run_plans(shipped_pack, [plan], executor=cached(local_executor(1), again))
    assert again.written == 1
    assert _numbers(results) == _numbers(run_plans(shipped_pack, [plan], executor=local_executor(1)))


def test_the_store_stays_bounded(shipped_pack, tmp_path):
    plan = make_plan(shipped_pack, "goblin_warren", players=[1, 2, 3], runs=1, seed=5)
    store = ChunkStore(shipped_pack, tmp_path)
    run_plans(shipped_pack, [plan], executor=cached(local_executor(1), store))
    assert len(list(tmp_path.rglob("*.pickle"))) == 3
    assert store.prune(keep=1) == 2 and len(list(tmp_path.rglob("*.pickle"))) == 1


def test_a_report_drawn_from_kept_plots_and_replays_is_the_same_file(shipped_pack, tmp_path, monkeypatch):
    """The HTML report keeps its plots and replays in the cache folder (report_html.Fragments): the
    report a rebuild draws from them is byte for byte the one drawn afresh."""
    from doria_forge.commands.pipeline_scenarios import verify

    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(tmp_path / "cache"))
    outs = []
    for n, cache in enumerate((True, True, False)):
        html = tmp_path / f"r{n}.html"
        verify(shipped_pack, ["goblin_warren"], players=[1], runs=2, seed=2, jobs=1, progress=False, show=False,
               html=html, cache=cache)
        outs.append(html.read_bytes())
    assert list((tmp_path / "cache" / "report").rglob("*.json"))
    assert outs[0] == outs[1] == outs[2]


def test_kept_plots_and_replays_are_keyed_by_every_module_that_draws_them():
    """A replay's frames draw Room Tiles with the PDF export's tile code (``render.png``), which the
    key of the kept fragments left out: after an edit to it a rebuild's report showed replays
    drawn by the old code. Every module drawing a plot or a replay (in a fresh process: what it
    loads) is now in the key, but the loading and file plumbing (``load/``, ``infra/``)."""
    import json
    import subprocess
    import sys

    code = ("import json, sys\n"
            "import doria_forge.render.png, doria_forge.sim.plots, doria_forge.sim.replay\n"
            "print(json.dumps(sorted(m.__file__ for m in list(sys.modules.values())\n"
            "    if getattr(m, '__name__', '').startswith('doria_forge') and getattr(m, '__file__', None))))")
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                       check=True).stdout)
    from doria_forge.commands.report_html import drawing_code
    from doria_forge.infra.assets import PACKAGE_ROOT
    from doria_forge.sim.cache import _ENGINE_CODE

    keyed = {path.resolve() for path in drawing_code()}
    engine = tuple(f"{part}/" if not part.endswith(".py") else part for part in _ENGINE_CODE)
    unkeyed = []
    for path in map(Path, loaded):
        name = path.resolve().relative_to(PACKAGE_ROOT).as_posix()
        if path.resolve() in keyed or name.startswith(engine):
            continue
        if name.startswith(("load/", "infra/")) or name in ("__init__.py", "checks.py"):
            continue  # reading files and settings, no drawing
        unkeyed.append(name)
    assert unkeyed == []


def test_damaged_kept_plots_and_replays_are_drawn_again(shipped_pack, tmp_path, monkeypatch):
    """A kept fragment of valid JSON in another shape stopped the report with a traceback (a list)
    or left the plots and the replay out of it (a null value); each is drawn again."""
    import json

    from doria_forge.commands.pipeline_scenarios import verify

    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(tmp_path / "cache"))

    def report(name: str) -> bytes:
        html = tmp_path / name
        verify(shipped_pack, ["goblin_warren"], players=[1], runs=2, seed=2, jobs=1, progress=False, show=False,
               html=html)
        return html.read_bytes()

    fresh = report("fresh.html")
    entries = list((tmp_path / "cache" / "report").rglob("*.json"))
    assert entries
    for damaged in ([1, 2], {"value": None}, {"value": "x"}, {"value": {"frames": []}}):
        for entry in entries:
            entry.write_text(json.dumps(damaged), encoding="utf-8")
        assert report("again.html") == fresh, damaged


def test_no_cache_on_a_scenario_or_campaign_run_neither_reads_nor_writes_the_cache_folder(tmp_path, monkeypatch):
    """--no-cache reached the runs but not the validation before them, which kept its layout
    checks in the cache folder (``clean-layout/``) and read them back."""
    from pathlib import Path

    from typer.testing import CliRunner

    from doria_forge.commands.cli import app

    content = Path(__file__).resolve().parents[1] / "content"
    folder = tmp_path / "cache"
    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(folder))
    for command in (["scenario", "goblin_warren"], ["campaign", "greywater_smugglers"]):
        result = CliRunner().invoke(app, ["simulate", *command, str(content), "--runs", "1", "--players", "1",
                                          "--jobs", "1", "--no-progress", "--no-cache",
                                          "--out", str(tmp_path / "report.json")])
        assert result.exit_code == 0, result.output
        assert not folder.exists(), sorted({p.relative_to(folder).parts[0] for p in folder.rglob("*")})


def test_a_rebuild_after_one_edit_plays_again_only_the_games_that_read_it_with_cold_numbers(
        shipped_pack, tmp_path, monkeypatch):
    """``build``'s scenarios stage (``verify_pack``: the scenarios, the campaigns and the Boss
    Monster cards' exploration games) played again after an edit: only the edited scenario and
    the campaigns holding it, or only the edited card's exploration game, each report as a build
    without the cache writes it."""
    from doria_forge.commands import pipeline_scenarios
    from doria_forge.commands.pipeline_scenarios import verify_pack

    monkeypatch.setenv("DORIA_FORGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(pipeline_scenarios, "html_text", lambda *args, **kwargs: "")  # its plots: most of the time
    played: list[str] = []
    put = ChunkStore.put

    def recording(store, task, stats):
        played.append(getattr(task[0], "scenario", None) or task[0].campaign)
        put(store, task, stats)

    monkeypatch.setattr(ChunkStore, "put", recording)
    (campaign_id, campaign), = shipped_pack.campaigns.items()
    alone = "goblin_warren"
    assert alone not in campaign.scenarios
    kept = {alone, *campaign.scenarios}  # fewer scenarios keep the builds quick
    pack = ContentPack.from_documents([d for d in shipped_pack if d.kind != "scenario" or d.id in kept])
    bosses = sorted(b for b, card in pack.bosses.items() if card.exploration is not None)

    def build(content: ContentPack, out: str, cache: bool = True) -> str:
        played.clear()
        verify_pack(content, tmp_path / out, runs=1, jobs=1, progress=False, cache=cache)
        return (tmp_path / out / "scenarios.json").read_text(encoding="utf-8")

    build(pack, "first")
    assert set(played) == kept | {campaign_id} | {exploration_id(b) for b in bosses}
    boss = pack.bosses[bosses[0]]
    assert boss.exploration is not None
    edits = {
        alone: _edited(pack, "scenario", alone, max_rounds=6),
        campaign.scenarios[0]: _edited(pack, "scenario", campaign.scenarios[0], max_rounds=6),
        exploration_id(boss.id): _edited(pack, "boss", boss.id, exploration=boss.exploration.model_copy(
            update={"max_rounds": boss.exploration.max_rounds // 2})),
    }
    for game, edited in edits.items():
        warm = build(edited, "warm")
        assert set(played) == {game} | ({campaign_id} if game in campaign.scenarios else set()), game
        assert warm == build(edited, "cold", cache=False), game
