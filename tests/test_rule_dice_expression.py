from __future__ import annotations

from typing import Any

import pytest
from validate_helpers import lines, monster_with_levels, validate_files

from doria_forge.model.common import Dice, Strict
from doria_forge.validate.rules import dice_expression
from doria_forge.validate.rules.dice_expression import dice_fields


def test_well_formed_dice_pass(tmp_path):
    assert lines(validate_files(tmp_path, {"orc.yaml": monster_with_levels()}).problems) == []


@pytest.mark.parametrize("bad", ["3X+2", "D6", "0D", "10D", "2D+", "'2D + x'"])
def test_malformed_dice_are_errors_at_the_value(tmp_path, bad):
    text = monster_with_levels().replace("defense: 2D+1", f"defense: {bad}")
    result = validate_files(tmp_path, {"orc.yaml": text})
    assert [(p.line, p.column, p.rule_id, p.severity.value) for p in result.problems] == [
        (17, 10, dice_expression.ID, "error")]


def test_roll_that_can_go_below_one_warns(tmp_path):
    text = monster_with_levels().replace("psi_resistance: 2D\n", "psi_resistance: 2D-3\n", 1)
    result = validate_files(tmp_path, {"orc.yaml": text})
    assert lines(result.problems) == [
        "orc.yaml:18:17 warning [dice-expression] dice expression '2D-3' can roll -1 (all dice showing 1); "
        "a bonus below -(dice - 1) makes results below 1 possible",
    ]
    assert result.pack is not None


class _Node(Strict):
    roll: Dice
    label: str = ""
    children: list[_Node] = []
    extra: dict[str, Any] = {}


def test_dice_fields_finds_expressions_at_any_depth_of_a_recursive_model():
    # The walk skips fields that cannot hold a dice expression; a model nested in itself must
    # still be walked (its own dice field makes every level worth a look).
    node = _Node(roll="1D", children=[_Node(roll="2D-3", children=[_Node(roll="3D")])],
                 extra={"kept": _Node(roll="4D")})
    assert sorted(dice_fields(node)) == [
        (("children", 0, "children", 0, "roll"), "3D"), (("children", 0, "roll"), "2D-3"),
        (("extra", "kept", "roll"), "4D"), (("roll",), "1D")]
