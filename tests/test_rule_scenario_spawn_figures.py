"""scenario-spawn-figures: a spawn asks for no more figures than the monster has (Book of
Rules, No monster figures available anymore)."""

from scenario_helpers import TILES, scenario
from validate_helpers import lines, monster_with_levels, validate_files

from doria_forge.validate.rules import scenario_spawn_figures

ID = scenario_spawn_figures.ID


def problems(tmp_path, count: int) -> list[str]:
    """The helpers' scenario with a rule spawning ``count`` orcs (the helpers' orc has 2 figures)."""
    text = scenario(("      - {do: set_flag, flag: alarm}",
                     f"      - {{do: set_flag, flag: alarm}}\n      - {{do: spawn, monster: orc, count: {count}}}"))
    files = {"tiles.yaml": TILES, "s.yaml": text, "orc.yaml": monster_with_levels()}
    return lines(validate_files(tmp_path, files).problems, ID)


def test_as_many_as_the_figures_pass(tmp_path):
    assert problems(tmp_path, 2) == []


def test_more_than_the_figures_is_an_error_at_the_count(tmp_path):
    assert problems(tmp_path, 6) == [
        "s.yaml:27:42 error [scenario-spawn-figures] spawns 6 Orc at once, but the game has 2 figures of it "
        "(its figures): the rest would become Extra Activations (Book of Rules, No monster figures available "
        "anymore); spawn at most 2",
    ]


def test_a_spawn_naming_a_monster_and_a_boss_is_an_error_at_the_spawn(tmp_path):
    """`{do: spawn, monster: orc, boss: king}` validated clean and the game placed the boss alone:
    the monster was dropped without a word."""
    text = scenario(("      - {do: set_flag, flag: alarm}",
                     "      - {do: set_flag, flag: alarm}\n      - {do: spawn, monster: orc, boss: king}"))
    files = {"tiles.yaml": TILES, "s.yaml": text, "orc.yaml": monster_with_levels()}
    assert lines(validate_files(tmp_path, files).problems, "schema") == [
        "s.yaml:27:9 error [schema] rules[0].do[2]: a spawn places a monster or the boss, not both (monster orc, "
        "boss king): write two spawns",
    ]
