"""Numbers with bounds (issue 12): every number of the content model has a range a game can
have, names and texts have maximum lengths, ``players`` is ordered. Property-based over the
models (hypothesis), plus the named cases of the issue through the command line."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from doria_forge.commands.cli import app
from doria_forge.load import load_text
from doria_forge.load.schema import check_document
from doria_forge.model import KINDS, Rules

runner = CliRunner()
FUZZ = settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


def _unbounded(node, path: str, out: list[str]) -> None:
    """Paths in a JSON Schema where a number, text, list or map has no upper bound."""
    if isinstance(node, dict):
        kind = node.get("type")
        if kind == "integer" and not ("minimum" in node and "maximum" in node):
            out.append(f"{path}: integer without minimum and maximum")
        if kind == "number" and "maximum" not in node:
            out.append(f"{path}: number without maximum")
        if kind == "string" and not ({"maxLength", "enum", "const"} & node.keys()):
            out.append(f"{path}: string without maxLength")
        if kind == "array" and "maxItems" not in node:
            out.append(f"{path}: array without maxItems")
        if kind == "object" and isinstance(node.get("additionalProperties"), dict) and \
                "maxProperties" not in node and "enum" not in node.get("propertyNames", {}):
            out.append(f"{path}: map without maxProperties")
        for key, value in node.items():
            _unbounded(value, f"{path}/{key}", out)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            _unbounded(value, f"{path}[{i}]", out)


def test_every_number_text_and_list_of_every_kind_is_bounded():
    found: list[str] = []
    for kind, model in KINDS.items():
        _unbounded(model.model_json_schema(), kind, found)
    assert found == []


def _int_fields(model) -> dict[str, tuple[int, int]]:
    schema = model.model_json_schema()["properties"]
    return {name: (spec["minimum"], spec["maximum"]) for name, spec in schema.items()
            if spec.get("type") == "integer"}


RULE_BOUNDS = _int_fields(Rules)


def _check(data: dict):
    text = json.dumps(data)  # JSON is YAML: the document goes through the loader like a file
    docs, problems = load_text(text, path="x.yaml")
    assert problems == [] and len(docs) == 1
    return check_document(docs[0], KINDS)


@FUZZ
@given(field=st.sampled_from(sorted(RULE_BOUNDS)), value=st.integers(min_value=-(10**30), max_value=10**30))
def test_a_rules_constant_is_accepted_exactly_within_its_range(field, value):
    low, high = RULE_BOUNDS[field]
    model, problems = _check({"kind": "rules", "id": "r", field: value})
    if low <= value <= high:
        assert model is not None, problems
        assert getattr(model, field) == value
    else:
        assert model is None
        assert [p.rule_id for p in problems] == ["schema"]
        assert problems[0].message.startswith(f"{field}: ")


MONSTER = {"kind": "monster", "id": "m", "name": "M", "attack_type": "melee", "range": 1, "action_points": 8,
           "priority": "A", "figures": 1, "deck_cards": 1}

# Any JSON-like value: what a YAML document can hold after loading.
values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


@FUZZ
@given(kind=st.sampled_from(sorted(KINDS)), field=st.text(min_size=1, max_size=20), value=values)
def test_any_value_in_any_field_of_any_kind_is_a_problem_or_a_model_never_an_exception(kind, field, value):
    data = {**MONSTER, "kind": kind, field: value}
    model, problems = _check(data)
    assert (model is None) == bool(problems)
    for p in problems:
        assert p.file == "x.yaml" and p.line >= 1 and p.column >= 1 and "\n" not in p.message


@FUZZ
@given(low=st.integers(1, 6), high=st.integers(1, 6))
def test_players_is_a_range_from_fewest_to_most(low, high):
    from doria_forge.model import Scenario

    model, problems = _check({"kind": "scenario", "id": "s", "name": "S", "story": "x", "goal": "y",
                              "players": [low, high]})
    if low <= high:
        assert isinstance(model, Scenario) and model.players == (low, high)
    else:
        assert model is None and f"players: {low} is above {high}" in problems[0].message


def test_a_range_written_high_to_low_is_an_error_at_its_own_line_with_the_others():
    """``players: [4, 2]`` was reported at the document's first line and ``rounds: [14, 3]`` at the
    ``win_rate:`` line above it, and one hid the other until it was fixed. Each is now an error at
    the range's own line, both in one pass; a campaign's bands too."""
    text = ("kind: scenario\nid: s\nname: S\nstory: x\ngoal: y\nplayers: [4, 2]\n"
            "balance:\n  win_rate:\n    all: [0.2, 0.6]\n    \"4\": [0.9, 0.1]\n  rounds: [14, 3]\n")
    docs, problems = load_text(text, path="x.yaml")
    assert problems == []
    model, found = check_document(docs[0], KINDS)
    assert model is None
    assert sorted((p.line, p.message) for p in found) == [
        (6, "players: 4 is above 2: write the range as [low, high]"),
        (10, "balance.win_rate.4: 0.9 is above 0.1: write the range as [low, high]"),
        (11, "balance.rounds: 14 is above 3: write the range as [low, high]")]
    campaign = ("kind: campaign\nid: c\nname: C\nscenarios: [a]\nbalance:\n  completion_rate:\n"
                "    all: [0.8, 0.2]\n  carry_over:\n    gold: [9, 1]\n")
    docs, problems = load_text(campaign, path="c.yaml")
    _, found = check_document(docs[0], KINDS)
    assert [(p.line, p.message.split(":")[0]) for p in found if "is above" in p.message] == [
        (7, "balance.completion_rate.all"), (9, "balance.carry_over.gold")]


# -- the issue's cases through `validate` -----------------------------------------------------
def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _validate(pack: Path):
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def test_the_issues_absurd_numbers_names_and_players_are_errors(pack):
    """One validation of the shipped pack with every case of the issue written into it."""
    for field, value in (("initiative_dice", 100000000), ("accessory_slots", 1000000000),
                         ("initiative_cap", 1000000000)):
        # rules.yaml writes every constant: replace the value (a second key would be a duplicate)
        text = (pack / "rules.yaml").read_text(encoding="utf-8")
        start = text.index(f"\n{field}: ") + len(field) + 3
        end = text.index("\n", start)
        (pack / "rules.yaml").write_text(text[:start] + f"{value}" + text[end:], encoding="utf-8")
    sword = next((pack / "equipment").rglob("*.yaml"))
    with sword.open("a", encoding="utf-8") as fh:
        fh.write("bonuses:\n  initiative_points: 1000000000\n")
    _edit(pack / "monsters" / "orc.yaml", "name: Orc\n", "name: " + "Orc" * 100 + "\ntext: " + "word " * 20000 + "\n")
    scenario = next((pack / "scenarios").glob("*.yaml"))
    _edit(scenario, "players: [1, 6]", "players: [6, 1]")
    result = _validate(pack)
    assert result.exit_code == 1
    for field, limit in (("initiative_dice", 9), ("accessory_slots", 10), ("initiative_cap", 99),
                         ("bonuses.initiative_points", 20)):
        assert f"error [schema] {field}: Input should be less than or equal to {limit}" in result.output
    assert "name: String should have at most 120 characters" in result.output
    assert "text: String should have at most 4000 characters" in result.output
    assert "players: 6 is above 1" in result.output
    assert "Traceback" not in result.output


def test_runs_has_a_documented_upper_bound(pack):
    from doria_forge.commands.cli import MAX_RUNS

    result = runner.invoke(app, ["simulate", str(pack), "--runs", str(MAX_RUNS + 1), "--no-progress"])
    assert result.exit_code == 2
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert f"{MAX_RUNS:_}".replace("_", " ") in readme or str(MAX_RUNS) in readme
