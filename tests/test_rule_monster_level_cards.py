from validate_helpers import level_yaml, lines, monster_with_levels, validate_files

from doria_forge.validate.rules import monster_level_cards


def test_one_card_per_level_passes(tmp_path):
    assert lines(validate_files(tmp_path, {"orc.yaml": monster_with_levels()}).problems) == []


def test_missing_levels_are_reported_at_the_monster(tmp_path):
    result = validate_files(tmp_path, {"orc.yaml": monster_with_levels(levels=(1, 2))})
    assert lines(result.problems, monster_level_cards.ID) == [
        "orc.yaml:2:1 error [monster-level-cards] monster 'orc' has no Monster Level Card for levels 3, 4 "
        "(every monster needs one card for each level 1-4)",
    ]


def test_second_card_for_a_level(tmp_path):
    extra = level_yaml("orc", 2, card_id="orc-2b")
    result = validate_files(tmp_path, {"orc.yaml": monster_with_levels(), "more.yaml": extra})
    assert lines(result.problems, monster_level_cards.ID) == [
        # Files are read in sorted order, so more.yaml's card is the first one.
        "orc.yaml:26:8 error [monster-level-cards] second Monster Level Card for orc level 2; "
        "'orc-2b' at more.yaml:4:1 already is one",
    ]


def test_a_broken_card_still_counts_as_written(tmp_path):
    text = monster_with_levels().replace("attack: 2D+3", "attack: lots")
    result = validate_files(tmp_path, {"orc.yaml": text})
    assert [p.rule_id for p in result.problems] == ["dice-expression"]
