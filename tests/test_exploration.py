"""A Boss Monster card's end condition as data: the exploration game it ends (``model.exploration``),
checked by ``validate`` as a scenario is, played by the engine and ``simulate exploration``."""

from pathlib import Path

from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.model.words.common import Place
from doria_forge.validate import validate_pack

BOSSES = Path("bosses") / "bosses.yaml"
CONTENT = str(Path(__file__).resolve().parents[1] / "content")


def _line_of(path: Path, text: str) -> int:
    """The 1-based line of ``path`` holding ``text`` (once)."""
    lines = [i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line]
    assert len(lines) == 1, (text, lines)
    return lines[0]


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _replace_in_first(path: Path, old: str, new: str) -> None:
    """``_replace`` within the file's first document (the Ember Dragon's card in bosses.yaml)."""
    first, rest = path.read_text(encoding="utf-8").split("\n---\n", 1)
    assert first.count(old) == 1, old
    path.write_text(first.replace(old, new) + "\n---\n" + rest, encoding="utf-8")


def test_shipped_bosses_carry_their_end_condition_as_data(shipped_pack):
    for boss in shipped_pack.bosses.values():
        assert boss.exploration is not None, boss.id
        assert boss.exploration.setup.boss_card is not None, boss.id
        assert boss.exploration.goals.win, boss.id


def test_an_unknown_tile_in_a_boss_exploration_is_an_error_at_its_line(pack):
    bosses = pack / BOSSES
    _replace(bosses, "{do: spawn, boss: ember_dragon, at: {boss_card: true}}",
             "{do: spawn, boss: ember_dragon, at: {tile: C-77}}")
    line = _line_of(bosses, "at: {tile: C-77}")
    result = CliRunner().invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1, result.output
    assert f"bosses.yaml:{line}:" in result.output
    assert "no room tile with id 'C-77' in the pack (did you mean 'C-7'?)" in result.output
    assert "Traceback" not in result.output


def test_a_boss_exploration_is_checked_as_a_scenario(pack):
    """The scenario rules read the card's game: a marker nothing places, a boss card drawn from a
    stack it was never put into."""
    bosses = pack / BOSSES
    _replace(bosses, "- {check: hero_on, at: {boss_card: true}}", "- {check: hero_on, at: {marker: phylacter}}")
    _replace_in_first(bosses, "    boss_card: top_third\n", "    monster_level: 1\n")
    result = validate_pack(pack)
    messages = {(p.rule_id, p.message) for p in result.problems}
    assert ("scenario-references", "nothing puts a phylacter marker on the table") in messages
    assert any(rule == "scenario-trigger-fires" and "puts no boss card into the Room Tile stack" in message
               for rule, message in messages), messages
    located = [p for p in result.problems if "phylacter marker" in p.message]
    assert located[0].line == _line_of(bosses, "marker: phylacter}")


def test_a_pack_without_a_start_tile_cannot_set_up_a_boss_exploration(pack):
    """General Setup places "the start Room Tile": a card that names none, in a pack with no tile of
    starting squares, is an error at its exploration setup (not a traceback when played)."""
    tile = pack / "tiles" / "A-1.yaml"
    _replace(tile, "start_tile: true", "start_tile: false")
    result = validate_pack(pack)
    errors = [p for p in result.problems if "no Room Tile with starting squares" in p.message]
    assert sorted(p.message.rsplit("boss ", 1)[1].split()[0] for p in errors) == ["ember_dragon", "hollow_king"]
    dragon = next(p for p in errors if "boss ember_dragon" in p.message)
    assert dragon.line == _line_of(pack / BOSSES, "--boss ember_dragon") + 1  # its setup: line
    # Gruzak's card names A-1 itself: no error for him


def test_a_misspelt_stack_part_names_the_closest(pack):
    _replace_in_first(pack / BOSSES, "boss_card: top_third", "boss_card: top_thrid")
    result = CliRunner().invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1
    assert "did you mean 'top_third'?" in result.output


# --------------------------------------------------------------------------- the game
def _game(shipped_pack, boss: str, seed: int):
    from doria_forge.engine.game import GameState
    from doria_forge.model.exploration_game import with_exploration

    pack, scenario = with_exploration(shipped_pack, boss)
    return pack, GameState.new(pack, ["warrior", "mage"], seed=seed, scenario=scenario)


def test_stack_parts_split_the_deck_in_thirds():
    from doria_forge.engine.map.dungeon import stack_part

    assert [stack_part(11, p) for p in ("top_third", "middle_third", "bottom_third")] == [(0, 4), (4, 8), (8, 11)]
    assert [stack_part(1, p) for p in ("top_third", "middle_third", "bottom_third")] == [(0, 1), (0, 1), (0, 1)]


def test_the_exploration_game_is_set_up_from_the_seed(shipped_pack):
    """General Setup: every Room Tile of the pack but the start tile, shuffled by the seed; the
    Ember Dragon's card in the top third of the stack."""
    tiles = sorted(t for t, tile in shipped_pack.room_tiles.items() if not tile.start_tile)
    start = min(t for t, tile in shipped_pack.room_tiles.items() if tile.start_tile)
    decks, cards = set(), set()
    for seed in range(1, 13):
        pack, state = _game(shipped_pack, "ember_dragon", seed)
        board = state.board
        assert board.start_tile == start and state.monster_level == 1
        assert sorted(board.deck) == tiles
        top = board.deck[:-(-len(board.deck) // 3)]
        assert board.boss_card_tile in top, (seed, board.deck, board.boss_card_tile)
        decks.add(tuple(board.deck))
        cards.add(board.boss_card_tile)
        again = _game(shipped_pack, "ember_dragon", seed)[1].board
        assert (again.deck, again.boss_card_tile) == (board.deck, board.boss_card_tile)  # reproducible
    assert len(decks) > 6 and len(cards) > 2  # shuffled by the seed


def _reveal_at(state, tile: str, slot: tuple[int, int]) -> None:
    """Place ``tile`` into ``slot`` and tell the scenario, as an exploration does once it is placed."""
    from doria_forge.engine.triggers import fire

    state.board.place_tile(state, tile, slot)
    fire(state, "tile_revealed", tile=tile, hero=state.heroes[0].uid)


def test_the_dragon_waits_where_its_card_is_drawn_and_the_heroes_win_when_it_falls(shipped_pack):
    from doria_forge.engine.defeat import on_monster_defeated

    pack, state = _game(shipped_pack, "ember_dragon", 5)
    card = state.board.boss_card_tile
    other = next(t for t in state.board.deck if t != card)
    _reveal_at(state, other, (0, 1))
    assert not any(m.is_boss for m in state.monsters)
    _reveal_at(state, card, (1, 0))
    dragons = [m for m in state.monsters if m.is_boss]
    assert [m.monster.id for m in dragons] == ["ember_dragon"]
    assert card in state.board.tiles_of(dragons[0])
    assert state.outcome is None
    on_monster_defeated(state, dragons[0], state.heroes[0])
    assert state.outcome == "won"


def test_the_hollow_king_stays_down_only_when_he_falls_with_a_hero_on_his_tile(shipped_pack):
    """His card: the phylactery is hidden on the tile drawn with it; he falls with no hero on that
    tile and rises there again, he falls with one on it and the heroes win."""
    from doria_forge.engine.defeat import on_monster_defeated

    pack, state = _game(shipped_pack, "hollow_king", 5)
    card = state.board.boss_card_tile
    _reveal_at(state, card, (1, 0))
    king = next(m for m in state.monsters if m.is_boss)
    on_monster_defeated(state, king, state.heroes[0])  # the heroes still on the start tile
    assert state.outcome is None
    fallen = king.uid
    king = next(m for m in state.monsters if m.is_boss)
    assert king.uid != fallen  # risen again
    assert card in state.board.tiles_of(king)
    square = next(p for p in state.scenario.resolve(state, Place(boss_card=True)) if state.board.free(state, p))
    state.board.move_to(state.heroes[0].uid, square)
    on_monster_defeated(state, king, state.heroes[0])
    assert state.outcome == "won"


def test_the_heroes_lose_when_the_doom_counter_runs_out(shipped_pack):
    """Field 30 (the Monster Level Up) reached at Monster Level 4: the Dragon's card loses; at a
    lower level the monsters level up and the game goes on."""
    from doria_forge.engine.phases import doom_advance

    track = len(shipped_pack.rules.doom_track.fields)
    pack, state = _game(shipped_pack, "ember_dragon", 3)
    doom_advance(state, track)
    assert state.outcome is None and state.monster_level == 2
    pack, state = _game(shipped_pack, "ember_dragon", 3)
    state.monster_level = 4
    doom_advance(state, track)
    assert state.outcome == "lost"


def test_in_played_games_the_boss_enters_when_its_card_is_drawn(shipped_pack):
    """Bot-played games of Gruzak's card: in the first whose heroes reach his card, the rule fires
    once the tile under it is placed, and Gruzak with his two Orcs enter play there."""
    from doria_forge.model.exploration_game import with_exploration
    from doria_forge.sim.scenario_runner import make_plan, play_run

    pack, scenario = with_exploration(shipped_pack, "gruzak_warlord")
    plan = make_plan(pack, scenario, players=[2], runs=40, seed=1)
    for run in range(plan.runs):
        state = play_run(pack, plan, 2, run)[1]
        assert state is not None
        events = list(state.log)
        drawn = [i for i, e in enumerate(events) if e.kind == "scenario_rule" and e.data.get("on") == "boss_card_drawn"]
        if not drawn:
            assert state.board.boss_card_tile not in state.scenario.revealed
            continue
        assert len(drawn) == 1
        placed = [e.data["tile"] for e in events[:drawn[0]] if e.kind == "room_tile_placed"]
        assert placed[-1] == state.board.boss_card_tile
        entered = [e.data for e in events[drawn[0]:] if e.kind == "monster_placed"][:3]
        assert [e["monster"] for e in entered] == ["gruzak_warlord", "orc", "orc"]
        assert [e["reason"] for e in entered] == ["boss", "scenario", "scenario"]
        return
    raise AssertionError("no game of 40 reached Gruzak's card")


def test_a_bots_copy_of_the_game_does_not_know_which_tile_holds_the_boss_card(shipped_pack):
    """``determinized``: the unseen Room Tiles are drawn afresh and the card lies on any place of
    its third (the top third: the card's text names it), on whichever tile the copy put there."""
    from doria_forge.engine.map.dungeon import stack_part

    pack, state = _game(shipped_pack, "ember_dragon", 5)
    low, high = stack_part(len(state.board.deck), "top_third")
    cards, places = set(), set()
    for seed in range(24):
        copy = state.determinized(seed).board
        places.add(copy.deck.index(copy.boss_card_tile))
        cards.add(copy.boss_card_tile)
    assert places == set(range(low, high))
    assert len(cards) > 2


# --------------------------------------------------------------------------- the command
def test_simulate_exploration_plays_the_boss_card_end_to_end(tmp_path):
    import json

    out = tmp_path / "ember.json"
    result = CliRunner().invoke(app, ["simulate", "exploration", "--boss", "ember_dragon", CONTENT, "--players",
                                      "1,2", "--runs", "3", "--seed", "7", "--out", str(out), "--no-cache",
                                      "--no-progress", "--fail-on", "never"])
    assert result.exit_code == 0, result.output
    assert "exploration report:" in result.output
    entry = json.loads(out.read_text(encoding="utf-8"))["scenarios"][0]
    assert entry["plan"]["players"] == [1, 2] and entry["plan"]["runs"] == 3 and entry["plan"]["seed"] == 7
    assert "bosses.yaml:" in entry["location"]  # the card, where its game is written
    assert [p["players"] for p in entry["players"]] == [1, 2]
    again = tmp_path / "again.json"
    CliRunner().invoke(app, ["simulate", "exploration", "--boss", "ember_dragon", CONTENT, "--players", "1,2",
                             "--runs", "3", "--seed", "7", "--out", str(again), "--no-cache", "--no-progress",
                             "--fail-on", "never"])
    assert json.loads(again.read_text(encoding="utf-8"))["scenarios"][0]["players"] == entry["players"]  # the seed


def test_simulate_exploration_names_the_closest_boss_for_an_unknown_one(tmp_path):
    out = tmp_path / "x.json"
    result = CliRunner().invoke(app, ["simulate", "exploration", "--boss", "ember_dragn", CONTENT, "--runs", "1",
                                      "--out", str(out), "--no-cache", "--no-progress"])
    assert result.exit_code == 2, result.output
    assert "unknown boss 'ember_dragn' (did you mean 'ember_dragon'?)" in result.output
    assert "Traceback" not in result.output and not out.exists()


def test_simulate_exploration_refuses_a_boss_whose_end_condition_is_only_printed(pack, tmp_path):
    bosses = pack / BOSSES
    text = bosses.read_text(encoding="utf-8")
    start = text.index("exploration:  # the end condition as data: doria-forge simulate exploration --boss hollow_king")
    end = text.index("flags: [undead]")
    bosses.write_text(text[:start] + text[end:], encoding="utf-8")
    result = CliRunner().invoke(app, ["simulate", "exploration", "--boss", "hollow_king", str(pack), "--runs", "1",
                                      "--out", str(tmp_path / "x.json"), "--no-cache", "--no-progress"])
    assert result.exit_code == 2, result.output
    assert "boss hollow_king has no exploration section" in result.output


# --------------------------------------------------------------------------- build
def _only_the_dragon(pack: Path, band: str) -> None:
    """``pack`` reduced to a tiny one for ``build``'s scenario stage: no scenario nor campaign, the
    Ember Dragon the only card with an exploration game, played solo against win-rate band ``band``."""
    import shutil

    shutil.rmtree(pack / "scenarios")
    shutil.rmtree(pack / "campaigns")
    bosses = pack / BOSSES
    first, rest = bosses.read_text(encoding="utf-8").split("\n---\n", 1)
    # the others' games left out: their cards print their end condition only
    rest = "\n---\n".join(doc[:doc.index("exploration:")] + doc[doc.index("\nflags:") + 1:]
                          for doc in rest.split("\n---\n"))
    bosses.write_text(first + "\n---\n" + rest, encoding="utf-8")
    _replace_in_first(bosses, '      "1": [0.02, 0.4]\n', f'      "1": {band}\n')
    _replace_in_first(bosses, '      "2": [0.1, 0.48]\n', "")
    _replace_in_first(bosses, '      "4": [0.01, 0.32]\n', "")


def _verified_build(pack: Path, out: Path):
    from doria_forge.commands.pipeline_scenarios import verify_pack

    validated = validate_pack(pack)
    assert not [p for p in validated.problems if p.is_error], validated.problems
    out.mkdir()
    return verify_pack(validated.pack, out, source_map=validated.source_map, runs=16, jobs=1, progress=False,
                       cache=False)


def test_build_fails_a_boss_card_whose_band_its_game_misses_at_the_cards_line(pack, tmp_path):
    """``build`` plays every boss card's exploration game and judges its balance targets as a
    scenario's: a band the Dragon's game cannot reach fails, named at the card's own line."""
    _only_the_dragon(pack, "[0.95, 1.0]")
    verified = _verified_build(pack, tmp_path / "build")
    assert verified is not None
    [entry] = verified.report["scenarios"]
    assert entry["id"] == "exploration-ember_dragon"
    [target] = verified.report["verdicts"]["targets"]
    assert target["verdict"] == "fails", target
    failed = [f for f in verified.findings if f.rule_id == "scenario-balance-win-rate"]
    assert failed and failed[0].severity == "warning"
    assert Path(failed[0].file).name == "bosses.yaml"
    assert failed[0].line == _line_of(pack / BOSSES, '"1": [0.95, 1.0]')
    assert "exploration --boss ember_dragon" in failed[0].message  # its replay: simulate exploration
    assert (tmp_path / "build" / "scenarios.json").exists() and (tmp_path / "build" / "scenarios.html").exists()


def test_build_passes_a_boss_card_whose_band_its_game_holds(pack, tmp_path):
    _only_the_dragon(pack, "[0.0, 1.0]")
    verified = _verified_build(pack, tmp_path / "build")
    assert verified is not None
    [target] = verified.report["verdicts"]["targets"]
    assert target["verdict"] == "holds", target
    assert not [f for f in verified.findings if f.rule_id == "scenario-balance-win-rate"]


def test_a_boss_cards_band_for_a_player_count_it_is_not_played_with_is_an_error(pack):
    """The card's ``players`` bound its game as a scenario's do: a target outside them is never judged."""
    _replace_in_first(pack / BOSSES, "  optional_rules: [door_events]  #", "  players: [1, 2]\n  optional_rules: [door_events]  #")
    result = validate_pack(pack)
    errors = [p for p in result.problems if p.rule_id == "scenario-balance-targets"]
    assert [p.line for p in errors] == [_line_of(pack / BOSSES, '"4": [0.01, 0.32]')]
    assert "the exploration game is for 1-2 players" in errors[0].message


def test_a_boss_card_tile_that_fits_nowhere_goes_under_the_stack_with_the_card_on_it():
    """docs/rules-decisions.md, *A Room Tile that fits nowhere, and the Boss Monster card on it*: the
    book says nothing of a drawn tile that fits at no door, nor prints a Boss Monster card. The
    engine puts the tile under the stack and the card stays on it: the boss comes only when that
    tile is placed. Here the card lies on a tile without a door, drawn for the Warrior's door: it
    goes under, the tile after it is placed, and the card's trigger does not fire."""
    from map_helpers import map_game, pack_with, tile, with_docs
    from test_scenario_engine import ROOM, VAULT, scenario

    from doria_forge.engine.actions import RevealRoomTile

    shut = tile("SHUT", ["#####", "#...#", "#...#", "#...#", "#####"], doors=[])
    sc = scenario(rules=[{"when": {"on": "boss_card_drawn"}, "do": [{"do": "set_flag", "flag": "boss"}]}])
    pack = with_docs(pack_with(ROOM, VAULT, shut), sc)
    state = map_game(pack, ["warrior"], tiles=[("ROOM", (0, 0), 0)], at={"warrior": (4, 2)},
                     deck=["SHUT", "VAULT"], scenario=sc.id)
    state.board.boss_card_tile = "SHUT"
    state.apply(RevealRoomTile((4, 2)))
    assert [e["tile"] for e in state.log.of_kind("room_tile_skipped")] == ["SHUT"]
    assert "VAULT" in {t.tile_id for t in state.board.layout.tiles.values()}
    assert state.board.deck == ["SHUT"] and state.board.boss_card_tile == "SHUT"
    assert "boss" not in state.scenario.flags
