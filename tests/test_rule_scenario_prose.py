"""scenario-prose-rule: a rule written only as text is reported as not simulated (info)."""

from scenario_helpers import TILES, scenario
from validate_helpers import lines, validate_files

from doria_forge.load.problem import Severity
from doria_forge.validate.rules import scenario_prose


def test_simulated_rules_are_not_reported(tmp_path):
    result = validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": scenario()})
    assert lines(result.problems, scenario_prose.ID) == []


def test_a_prose_rule_is_an_info_at_its_text_and_does_not_fail_validation(tmp_path):
    text = scenario(("max_rounds: 20\n", '  - text: "Undead deal 1 extra damage to the idol\'s carrier."\n'
                                         "max_rounds: 20\n"))
    result = validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text})
    assert lines(result.problems) == [
        "s.yaml:34:11 info [scenario-prose-rule] special rule written only as text: printed, but not simulated "
        "(give it when and do to have it played)",
    ]
    assert result.problems[0].severity is Severity.INFO and result.ok and result.pack is not None


def test_an_info_is_a_github_notice(tmp_path):
    from doria_forge.validate.formatters import format_result

    text = scenario(("max_rounds: 20\n", '  - text: "The bells ring."\nmax_rounds: 20\n'))
    out = format_result(validate_files(tmp_path, {"tiles.yaml": TILES, "s.yaml": text}), "github")
    assert out.startswith("::notice file=s.yaml,line=34,col=11,title=scenario-prose-rule::special rule written")
