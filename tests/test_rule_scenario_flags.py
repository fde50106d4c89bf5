"""scenario-flags: every flag a scenario sets is read, and every flag it reads is set (a flag
misspelt on one side makes a rule silently always or never fire)."""

from scenario_helpers import TILES, scenario
from validate_helpers import lines, validate_files

from doria_forge.validate.rules import scenario_flags

ID = scenario_flags.ID


def problems(tmp_path, text: str, rule: str | None = ID) -> list[str]:
    return lines(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}).problems, rule)


def test_a_flag_set_and_read_passes(tmp_path):
    assert problems(tmp_path, scenario()) == []


def test_a_flag_set_but_read_nowhere_is_a_warning_with_the_closest_flag(tmp_path):
    text = scenario(("{do: set_flag, flag: alarm}", "{do: set_flag, flag: alarms}"))
    assert problems(tmp_path, text) == [
        "s.yaml:26:30 warning [scenario-flags] no trigger, condition or goal reads the flag alarms: setting it "
        "changes nothing (did you mean 'alarm'?)"]
    # the read side, a condition asking for a set flag, is the error it always was, now with the suggestion
    assert problems(tmp_path, text, "scenario-trigger-fires") == [
        "s.yaml:29:29 error [scenario-trigger-fires] no effect sets the flag alarm: this rule can never fire "
        "(did you mean 'alarms'?)"]


def test_is_set_false_on_a_flag_nobody_sets_always_holds(tmp_path):
    """The issue's case: `is_set: false` on a misspelt flag makes the rule silently always fire."""
    text = scenario(("{check: flag, flag: alarm}", "{check: flag, flag: alram, is_set: false}"))
    found = problems(tmp_path, text)
    assert found == [
        "s.yaml:26:30 warning [scenario-flags] no trigger, condition or goal reads the flag alarm: setting it "
        "changes nothing (did you mean 'alram'?)",
        "s.yaml:29:29 warning [scenario-flags] no effect sets the flag alram, so 'is_set: false' always holds and "
        "the rule fires as if the condition were not there (did you mean 'alarm'?)"]
