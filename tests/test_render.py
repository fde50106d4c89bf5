"""Seeing a game: the text view and the PNG of a state on the map, and ``doria-forge render``."""

from __future__ import annotations

import io

import typer
from map_helpers import map_game, pack_with, tile
from PIL import Image
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.render.png import HERO_RGB, MONSTER_RGB, render_png
from doria_forge.render.text import render_text

ROOM = tile("ROOM", ["#####", "#...#", "#.O.#", "#...#", "##.##"], doors=[("south", 2)], treasures=[(1, 1)])


def _state():
    return map_game(pack_with(ROOM), ["warrior", "mage"], tiles=[("ROOM", (0, 0), 0)],
                    at={"warrior": (3, 1), "mage": (3, 3)}, monsters=[("orc", (1, 3))])


def test_text_view_shows_squares_markers_and_figures():
    lines = render_text(_state()).splitlines()
    assert lines[:5] == ["#####", "#$.a#", "#.O.#", "#1.2#", "##+##"]
    assert any(line.startswith("  1 warrior: HP") for line in lines)
    assert any(line.startswith("  a orc-") for line in lines)


def test_png_draws_every_square_and_the_figures_where_they_stand():
    data = render_png(_state(), square_px=40)
    image = Image.open(io.BytesIO(data)).convert("RGB")
    assert image.width >= 5 * 40 and image.height > 5 * 40

    def centre(row: int, col: int) -> tuple[int, int, int]:
        return image.getpixel((col * 40 + 9, row * 40 + 20))  # left of the seat number

    def near(rgb, target) -> bool:
        return all(abs(a - round(b * 255)) < 40 for a, b in zip(rgb, target, strict=True))

    assert near(centre(3, 1), HERO_RGB) and near(centre(3, 3), HERO_RGB)
    assert near(centre(1, 3), MONSTER_RGB)
    assert not near(centre(2, 1), HERO_RGB) and not near(centre(2, 1), MONSTER_RGB)


def test_render_command_plays_a_scenario_to_a_round_and_writes_a_png(tmp_path):
    out = tmp_path / "state.png"
    result = CliRunner().invoke(app, ["render", "content", "--scenario", "sunken_reliquary", "--round", "2",
                                      "--heroes", "warrior,mage,ranger,priestess", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "round 2" in result.output and str(out) in result.output
    assert Image.open(out).format == "PNG"


def test_render_past_the_games_end_says_the_game_ended_first(caplog):
    """--round 40 of a game that ends in its first rounds drew the final state without a word
    beyond the status line's 'outcome': a warning now names the round it ended in and why."""
    import re

    result = CliRunner().invoke(app, ["render", "content", "--scenario", "goblin_warren", "--round", "40"])
    assert result.exit_code == 0, result.output
    status = re.search(r"^round (\d+) .* outcome (\w+)$", result.output, re.MULTILINE)
    assert status is not None and int(status.group(1)) < 40
    ended = f"the game ended in round {status.group(1)} ({status.group(2).replace('_', ' ')}) before round 40 began"
    assert any(ended in record.getMessage() for record in caplog.records)
    caplog.clear()
    early = CliRunner().invoke(app, ["render", "content", "--scenario", "goblin_warren", "--round", "2"])
    assert early.exit_code == 0 and not any("the game ended" in r.getMessage() for r in caplog.records)


def test_render_command_refuses_an_unknown_scenario_with_exit_2(tmp_path):
    result = CliRunner().invoke(app, ["render", "content", "--scenario", "nope", "--out", str(tmp_path / "x.png")])
    assert result.exit_code == 2 and "unknown scenario" in result.output
    assert not (tmp_path / "x.png").exists()
    near = CliRunner().invoke(app, ["render", "content", "--scenario", "goblin_warrn"])
    assert near.exit_code == 2 and "unknown scenario 'goblin_warrn' (did you mean 'goblin_warren'?)" in near.output
    # a campaign's id: render wrote its own message, with the closest scenario (greywater_ledger) as
    # the one meant; it is now simulate's shared message, pointing to the campaign's scenarios
    campaign = CliRunner().invoke(app, ["render", "content", "--scenario", "greywater_smugglers"])
    assert campaign.exit_code == 2
    assert ("'greywater_smugglers' is a campaign: render draws one of its scenarios, greywater_ledger, "
            "greywater_gate, greywater_toll" in " ".join(campaign.output.split()))


def test_render_command_without_a_game_or_scenario_says_what_it_needs():
    result = CliRunner().invoke(app, ["render", "content"])
    assert result.exit_code == 2
    assert "--game" in result.output and "--scenario" in result.output and "sunken_reliquary" in result.output
    assert "None" not in result.output


def test_render_command_refuses_a_hero_named_twice(tmp_path):
    out = tmp_path / "x.png"
    result = CliRunner().invoke(app, ["render", "content", "--scenario", "sunken_reliquary",
                                      "--heroes", "warrior,mage,warrior", "--out", str(out)])
    assert result.exit_code == 2 and "'warrior' is named twice" in result.output
    assert not out.exists()


def test_render_plays_the_scenario_itself_within_its_player_range(tmp_path, monkeypatch):
    """The game drawn is a game of the scenario (its goals and rules in play, as simulate sets a
    run up), not the bare dungeon of its Room Tiles; a party the scenario is not written for is
    a usage error, as for simulate."""
    import shutil

    import doria_forge.render.text as text_module

    drawn = []  # render_game imports the text view when it runs: the game it draws is caught here
    monkeypatch.setattr(text_module, "render_text", lambda state: drawn.append(state) or "")
    result = CliRunner().invoke(app, ["render", "content", "--scenario", "goblin_warren", "--round", "2",
                                      "--heroes", "warrior,mage"])
    assert result.exit_code == 0, result.output
    [state] = drawn
    assert state.scenario is not None and state.scenario.scenario.id == "goblin_warren"

    pack = tmp_path / "content"
    shutil.copytree("content", pack)
    duo = (pack / "scenarios" / "goblin_warren.yaml").read_text(encoding="utf-8")
    (pack / "scenarios" / "duo.yaml").write_text(
        duo.replace("id: goblin_warren", "id: duo").replace("players: [1, 6]", "players: [2, 4]"), encoding="utf-8")
    out = tmp_path / "d.png"
    refused = CliRunner().invoke(app, ["render", str(pack), "--scenario", "duo", "--heroes", "mage", "--out", str(out)])
    assert refused.exit_code == 2 and "scenario duo is for 2-4 players, not 1" in refused.output
    assert not out.exists()


def test_render_command_refuses_an_out_not_named_png(tmp_path):
    """`render --out state.jpg` wrote PNG data into state.jpg, which viewers then open as a broken
    JPEG; as preview does, it asks for a .png file, before any game is played."""
    out = tmp_path / "state.jpg"
    result = CliRunner().invoke(app, ["render", "content", "--scenario", "sunken_reliquary", "--out", str(out)])
    assert result.exit_code == 2
    assert "give --out a .png file" in result.output
    assert not out.exists()


def test_render_refuses_a_seed_outside_what_a_game_saves(tmp_path):
    """`render --seed -1` drew the game of seed 1 (the dice take a seed's absolute value), and a game
    saved from it was refused by `render --game` (a saved seed is 0 to 2^64-1)."""
    for seed in ("-1", str(2**64)):
        out = tmp_path / "x.png"
        result = CliRunner().invoke(app, ["render", "content", "--scenario", "sunken_reliquary", "--seed", seed,
                                          "--out", str(out)])
        assert result.exit_code == 2, result.output
        assert "--seed" in result.output and not out.exists()


def test_a_replay_seed_is_a_seed_render_can_draw(tmp_path):
    """`simulate scenario --replay-seed -5` replayed the dice of seed 5 (the dice play -1 as 1)
    under a page headed "Seed -5", a game `render --seed -5` refuses to draw: a replay seed is a
    game's seed as render takes it, 0 to 2^64-1, before any run is played."""
    for seed in ("-5", str(2**64)):
        report = tmp_path / "r.html"
        result = CliRunner().invoke(app, ["simulate", "scenario", "goblin_warren", "content", "--players", "1",
                                          "--runs", "1", "--replay-seed", seed, "--report", str(report),
                                          "--out", str(tmp_path / "r.json"), "--no-progress"])
        assert result.exit_code == 2, result.output
        assert "--replay-seed" in result.output and not report.exists() and not (tmp_path / "r.json").exists()


def test_render_refuses_a_saved_game_and_a_scenario_together(tmp_path):
    """`render --game g.json --scenario goblin_warren` drew the saved game and dropped --scenario
    (with its --heroes and --seed) without a word: the two say which game to draw, give one."""
    game = tmp_path / "g.json"
    game.write_text("{}", encoding="utf-8")
    result = CliRunner().invoke(app, ["render", "content", "--game", str(game), "--scenario", "goblin_warren"])
    assert result.exit_code == 2
    assert "--game draws a saved game and --scenario goblin_warren plays a new one" in " ".join(result.output.split())


def _commands_with_seeds(command, path=()):
    """(command path, option) of every --seed/--replay-seed option of ``command`` and its subcommands."""
    for param in command.params:
        if any(opt in ("--seed", "--replay-seed") for opt in getattr(param, "opts", ())):
            yield " ".join(path), param
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands_with_seeds(sub, (*path, name))


def test_every_seed_option_takes_the_seeds_render_takes():
    """`simulate` (all its subcommands) took any integer as --seed (-1, 10**23) while `render` took
    0 to 2^64-1: a seed one command took, another refused. Every seed option now refuses the same
    seeds with the same usage error (exit 2)."""
    found = list(_commands_with_seeds(typer.main.get_command(app)))
    assert {path for path, _ in found} >= {"render", "simulate scenario", "simulate exploration"}
    for path, option in found:
        flag = next(opt for opt in option.opts if opt.endswith("seed"))
        for bad in ("-1", str(2**64), str(10**23)):
            result = CliRunner().invoke(app, [*path.split(), flag, bad])
            assert result.exit_code == 2, (path, bad, result.output)
            assert f"Invalid value for '{flag}'" in result.output, (path, bad, result.output)


def test_render_saves_the_game_it_plays_and_draws_it_again_from_the_file(tmp_path):
    """`render --game` read a saved game, but no command wrote one. `render --scenario ...
    --save-game g.json` saves the bot game as played, which `render --game g.json` draws the same."""
    game, out = tmp_path / "g.json", tmp_path / "state.png"
    played = CliRunner().invoke(app, ["render", "content", "--scenario", "goblin_warren", "--round", "2",
                                      "--save-game", str(game), "--out", str(out)])
    assert played.exit_code == 0, played.output
    assert str(game) in played.output
    again = CliRunner().invoke(app, ["render", "content", "--game", str(game)])
    assert again.exit_code == 0, again.output
    assert again.output == played.output.replace(f"{out}\n", "").replace(f"{game}\n", "")
    misnamed = CliRunner().invoke(app, ["render", "content", "--scenario", "goblin_warren", "--save-game",
                                        str(tmp_path / "g.png")])
    assert misnamed.exit_code == 2 and not (tmp_path / "g.png").exists()
    both = CliRunner().invoke(app, ["render", "content", "--game", str(game), "--save-game", str(tmp_path / "h.json")])
    assert both.exit_code == 2 and not (tmp_path / "h.json").exists()
