"""scenario-balance-targets: balance targets that the simulated games can meet."""

from scenario_helpers import TILES, scenario
from validate_helpers import lines, validate_files

from doria_forge.validate.rules import scenario_balance


def problems(tmp_path, balance: str) -> list[str]:
    text = scenario(("story:", "players: [2, 4]\nstory:"), ("max_rounds: 20\n", f"max_rounds: 20\n{balance}"))
    return lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}).problems, scenario_balance.ID)


def test_targets_the_games_can_meet_pass(tmp_path):
    balance = 'balance:\n  win_rate: {"2": [0.2, 0.6], all: [0.1, 0.9]}\n  rounds: [8, 20]\n'
    assert problems(tmp_path, balance) == []


def test_a_player_count_never_played_and_rounds_no_game_reaches(tmp_path):
    balance = 'balance:\n  win_rate: {"6": [0.2, 0.6]}\n  rounds: [22, 30]\n'
    assert problems(tmp_path, balance) == [
        "s.yaml:37:14 error [scenario-balance-targets] no game with 6 players is simulated: the scenario is for "
        "2-4 players",
        "s.yaml:38:12 error [scenario-balance-targets] no game lasts 22 rounds: the scenario ends after "
        "max_rounds 20",
    ]


def test_a_band_of_nan_or_inf_is_not_a_finite_number(tmp_path):
    """YAML reads `.nan` and `.inf` as numbers: a band [.nan, 0.5] was told "less than or equal to
    1 (got nan)", a message about a bound it did not break. No figure of a game is either."""
    text = scenario(("story:", "players: [2, 4]\nstory:"),
                    ("max_rounds: 20\n", "max_rounds: 20\nbalance:\n  win_rate: {all: [.nan, 0.5]}\n"))
    found = lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}).problems, "schema")
    assert found == ["s.yaml:37:20 error [schema] balance.win_rate.all[0]: Input should be a finite number (got nan)"]
