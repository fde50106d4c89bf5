"""Validate stage: schema problems at exact positions, duplicate ids, dangling references, results."""

from __future__ import annotations

import pytest
from validate_helpers import level_yaml, lines, monster_with_levels, monster_yaml, validate_files

from doria_forge.model import ContentPack
from doria_forge.validate import Severity, exit_code, run_rules, validate_pack
from doria_forge.validate.rules import Rule


def test_field_typo_is_unknown_field_at_its_key_with_suggestion(tmp_path):
    text = monster_with_levels().replace("hit_points: 2", "hit_pionts: 2")
    result = validate_files(tmp_path, {"monsters/orc.yaml": text})
    # The level-2 card starts on line 23; its hit_points line is 31.
    assert lines(result.problems) == [
        "monsters/orc.yaml:23:1 error [schema] missing required field 'hit_points'",
        "monsters/orc.yaml:31:1 error [unknown-field] unknown field 'hit_pionts' (did you mean 'hit_points'?)",
    ]
    assert result.pack is None and exit_code(result) == 1


def test_nested_unknown_field_names_its_parent(tmp_path):
    text = """
        kind: equipment
        id: axe
        name: Axe
        card_type: weapon
        zone: 1_hand
        attacks:
          - attack_type: melee
            dice: 2D+3
            damage: 2
            ap: 12
            rnage: 1
    """
    result = validate_files(tmp_path, {"axe.yaml": text})
    assert lines(result.problems) == [
        "axe.yaml:11:5 error [unknown-field] unknown field 'rnage' in attacks[0] (did you mean 'range'?)",
    ]



def test_a_field_written_a_level_too_high_names_the_mapping_it_goes_under(tmp_path):
    """`behaviours:` beside a monster's fields (it is a field of its ability) and `paper: a4` at
    the top of a layout file (a field of defaults) were "unknown field ...; valid fields: ..."
    listing names it is none of: the designer was not told where it goes."""
    text = monster_with_levels().replace("kind: monster\n", "kind: monster\nbehaviours: [{behaviour: poison}]\n", 1)
    result = validate_files(tmp_path / "pack", {"monsters/orc.yaml": text})
    assert lines(result.problems) == [
        "monsters/orc.yaml:2:1 error [unknown-field] unknown field 'behaviours': it goes under ability "
        "(ability.behaviours)"]

    from doria_forge.export.layouts import check_layout_text

    messages = [p.message for p in check_layout_text("paper: a4\n", "layouts/default.yaml")[1]]
    assert messages == ["unknown field 'paper': it goes under defaults (defaults.paper)"]


def test_an_unknown_field_beside_a_parameter_named_as_the_word_is_named_itself(tmp_path):
    """In `{check: flag, flag: nest_burned, isset: false}` the unknown field was reported as 'flag'
    ("did you mean 'flag'?") at the parameter flag: pydantic names the word chosen (flag) in the
    error's path, and the parameter of the same name was taken for it."""
    text = ("kind: scenario\nid: s\nname: S\nstory: x\ngoal: y\nsetup: {start_tile: A-1}\nrules:\n"
            "  - when: {on: round_start}\n    if: [{check: flag, flag: nest_burned, isset: false}]\n"
            "    do: [{do: set_flag, flag: nest_burned}]\n")
    assert lines(validate_files(tmp_path, {"s.yaml": text}).problems, "unknown-field") == [
        "s.yaml:9:43 error [unknown-field] unknown field 'isset' in rules[0].if[0] (did you mean 'is_set'?)",
    ]

def test_a_list_too_long_is_told_without_pydantics_after_validation(tmp_path):
    """"List should have at most 2 items after validation, not 3": "after validation" is the
    library's step, not something the designer wrote."""
    text = "kind: pack\nid: p\nname: P\nversion: 0.1.0\nlanguages: [en, de, en]\n"
    found = [p.message for p in validate_files(tmp_path, {"pack.yaml": text}).problems if p.rule_id == "schema"]
    assert found == ["languages: List should have at most 2 items, not 3"]


def test_wrong_type_points_at_the_value(tmp_path):
    text = monster_yaml().replace("range: 1", "range: far")
    result = validate_files(tmp_path, {"orc.yaml": text})
    assert lines(result.problems, "schema") == [
        "orc.yaml:5:8 error [schema] range: Input should be a valid integer (got 'far')",
    ]


def test_a_switch_or_text_in_a_number_field_is_an_error_not_a_number(tmp_path):
    """pydantic's lax mode read `true` as 1 (a spreadsheet's TRUE cell became `damage: true` and
    validated clean) and a quoted "3" as 3; a number field takes a number."""
    for value, shown in (("true", "(got true)"), ('"3"', "(got '3')" + QUOTED)):
        text = monster_yaml().replace("range: 1", f"range: {value}")
        result = validate_files(tmp_path / value.strip('"'), {"orc.yaml": text})
        assert lines(result.problems, "schema") == [
            f"orc.yaml:5:8 error [schema] range: Input should be a valid integer {shown}",
        ]


QUOTED = "; in quotes it is text: write the number without quotes"



@pytest.mark.parametrize("files, expected", [
    ({"h.yaml": "kind: character\nid: h\nname: H\nattributes: {STR: 9, CON: 9, AGI: 9, PER: 9, WIS: 9, PSI: true}\n"},
     "h.yaml:4:59 error [schema] attributes.PSI: Input should be a valid integer (got true)"),
    ({"s.yaml": "kind: scenario\nid: s\nname: S\nstory: x\ngoal: y\nplayers: [\"1\", 4]\nsetup: {start_tile: A-1}\n"},
     "s.yaml:6:11 error [schema] players[0]: Input should be a valid integer (got '1')" + QUOTED),
    ({"s.yaml": "kind: scenario\nid: s\nname: S\nstory: x\ngoal: y\n"
                "setup: {start_tile: A-1, target_position: \"2\"}\n"},
     "s.yaml:6:43 error [schema] setup.target_position: Input should be a valid integer (got '2')" + QUOTED),
])
def test_a_switch_or_text_is_no_number_inside_a_list_mapping_or_optional_field_either(tmp_path, files, expected):
    """Only numbers right under a field were strict: a hero's `PSI: true` played as 1, `players:
    ["1", 4]` and an optional `target_position: "2"` as numbers, against the promise that a
    number is one as written."""
    assert expected in lines(validate_files(tmp_path, files).problems, "schema")

def test_number_where_text_is_expected_suggests_quotes(tmp_path):
    result = validate_files(tmp_path, {"pack.yaml": "kind: pack\nid: base\nname: Base\nversion: 1.0\n"})
    (message,) = [p.message for p in result.problems]
    assert message.startswith("version: Input should be a valid string (got 1.0)") and "write it in quotes" in message


def test_tagged_quoted_number_where_text_is_expected_says_to_drop_the_tag(tmp_path):
    """`version: !!int "5"` is already quoted: the tag makes it a number, so the advice names it."""
    result = validate_files(tmp_path, {"pack.yaml": 'kind: pack\nid: base\nname: Base\nversion: !!int "5"\n'})
    (message,) = [p.message for p in result.problems]
    assert message.startswith("version: Input should be a valid string (got 5)") and "without a type tag" in message


def test_bad_dice_expression_has_its_own_rule_id(tmp_path):
    text = monster_with_levels(levels=(1,)).replace("attack: 2D+1", "attack: 3X+1")
    result = validate_files(tmp_path, {"orc.yaml": text})
    assert "orc.yaml:16:9 error [dice-expression] attack: dice expression '3X+1' is not of the form 3D, 3D+2 or 2D-1" in lines(result.problems)


def test_unknown_and_missing_kind(tmp_path):
    result = validate_files(tmp_path, {"a.yaml": "kind: monstr\nid: x\n---\nid: y\n"})
    assert [(p.line, p.column, p.rule_id) for p in result.problems] == [(1, 7, "unknown-kind"), (4, 1, "schema")]
    assert "did you mean 'monster'?" in result.problems[0].message
    assert "room_tile" in result.problems[1].message


def test_duplicate_id_points_at_second_and_names_first(tmp_path):
    result = validate_files(tmp_path, {
        "a.yaml": monster_yaml("orc"),
        "b/c.yaml": "# again\n" + monster_yaml("orc"),
    })
    assert lines(result.problems, "duplicate-id") == [
        "b/c.yaml:3:5 error [duplicate-id] duplicate monster id 'orc'; first defined at a.yaml:2:1",
    ]


def test_same_id_in_different_kinds_is_fine(tmp_path):
    result = validate_files(tmp_path, {"a.yaml": monster_with_levels("orc") + "---\n" + """kind: equipment
id: orc
name: Orc Tooth
card_type: item
zone: accessory
"""})
    assert lines(result.problems) == []


def test_dangling_reference_at_the_value_with_suggestion(tmp_path):
    result = validate_files(tmp_path, {"a.yaml": monster_with_levels("orc") + "---\n" + level_yaml("orcc", 1)})
    assert lines(result.problems, "dangling-reference") == [
        "a.yaml:58:10 error [dangling-reference] no monster with id 'orcc' in the pack (did you mean 'orc'?)",
    ]


def test_reference_to_an_invalid_document_is_not_dangling(tmp_path):
    broken = monster_yaml("orc").replace("range: 1", "range: zero")
    result = validate_files(tmp_path, {"a.yaml": broken + "---\n" + level_yaml("orc", 1)})
    assert [p.rule_id for p in result.problems] == ["schema"]


def test_clean_pack_gives_content_pack_and_exit_0(tmp_path):
    result = validate_files(tmp_path, {"monsters/orc.yaml": monster_with_levels()})
    assert result.problems == ()
    assert isinstance(result.pack, ContentPack)
    assert result.pack.level_card("orc", 3).attack == "2D+3"
    assert result.source_map.locate("monster_level", "orc-3", ("attack",)).line == 38
    assert exit_code(result) == 0 and result.files == ("monsters/orc.yaml",)


def test_warnings_only_still_exit_0(tmp_path):
    result = validate_files(tmp_path, {"monsters/orc.yaml": monster_with_levels(), "empty.yaml": ""})
    assert [p.severity for p in result.problems] == [Severity.WARNING]
    assert exit_code(result) == 0 and result.pack is not None


def test_problems_are_sorted_and_deterministic(tmp_path):
    files = {"b.yaml": "kind: x\nid: 1\n", "a.yaml": "- list\n", "c.yaml": b"\xff"}
    first = validate_files(tmp_path, files).problems
    # c.yaml could not be read (encoding): that comes first, then by file
    assert [p.file for p in first] == ["c.yaml", "a.yaml", "b.yaml"]
    assert validate_files(tmp_path, files).problems == first


def test_junk_pack_never_raises(tmp_path):
    result = validate_files(tmp_path, {
        "bin.yaml": bytes(range(256)),
        "list.yaml": "- kind: monster\n",
        "scalar.yml": "hello\n",
        "tabs.yaml": "kind: monster\n\tid: x\n",
        "anchors.yaml": "kind: &k monster\nid: *k\nname: *k\n",
        "huge.yaml": "kind: monster_level\nid: a\nmonster: a\nlevel: 1e999\nattack: 999999999999999999D\n",
        "keys.yaml": "kind: trap\nid: t\n1: x\n~: y\n? [a]\n: b\n",
    })
    assert exit_code(result) == 1
    assert all(p.line >= 1 and p.column >= 1 for p in result.problems)


def test_a_crashing_rule_is_reported_not_raised(tmp_path):
    def boom(pack, source_map):
        raise RuntimeError("oops")
        yield

    pack = ContentPack.from_documents([])
    from doria_forge.validate.source_map import SourceMap
    problems = run_rules(pack, SourceMap([]), [Rule("boom", Severity.ERROR, "", boom, {})])
    assert [(p.rule_id, p.message.split(":")[0]) for p in problems] == [("internal-error", "rule boom failed")]


def test_validate_pack_accepts_a_single_file(tmp_path):
    (tmp_path / "orc.yaml").write_text(monster_with_levels())
    result = validate_pack(tmp_path / "orc.yaml", display_root="content/orc.yaml")
    assert result.problems == () and result.files == ("content/orc.yaml",)


def test_a_duplicate_key_is_reported_alone_and_the_rest_of_the_file_is_checked(tmp_path):
    """One repeated key used to drop the whole file: its monster then had "no level cards"."""
    text = monster_with_levels("orc").replace("level: 2\n", "level: 2\nlevel: 3\n", 1)
    result = validate_files(tmp_path, {"monsters/orc.yaml": text})
    assert [p.rule_id for p in result.problems] == ["duplicate-key"]
    assert result.problems[0].message.startswith("duplicate key 'level'")


def test_a_yaml_syntax_error_is_listed_before_the_errors_it_causes(tmp_path):
    """Issue 23: the monster's file does not parse, so the Monster Level Card in a file sorting
    before it names a monster that is missing; the syntax error comes first, in every format."""
    from validate_helpers import level_yaml, validate_files

    result = validate_files(tmp_path, {
        "a_levels.yaml": level_yaml("yeti"),
        "z_monster.yaml": "kind: monster\nid: yeti\nname: [Yeti\n",
    })
    rules = [p.rule_id for p in result.problems]
    assert rules[0] == "yaml-syntax" and result.problems[0].file == "z_monster.yaml"
    assert "dangling-reference" in rules[1:]
    from doria_forge.validate.formatters import format_result

    lines = [line for line in format_result(result).splitlines() if "error" in line]
    assert "[yaml-syntax]" in lines[0]


def test_a_key_that_is_not_text_is_named_as_written_at_its_line(tmp_path):
    """A deleted field name (`: 3`) was reported as "key None" at the document's first line, `true:`
    as "key 1" there too, and an empty key inside `effect:` blamed the field `effect` itself."""
    text = """
        kind: trap
        id: pit
        name: Pit
        trap_type: person
        check_attributes: [AGI, PER]
        tn_base: 20
        : 3
        true: x
        1.5: y
        effect:
          : 2
    """
    result = validate_files(tmp_path, {"pit.yaml": text})
    assert lines(result.problems) == [
        "pit.yaml:7:1 error [schema] an empty key is not text; field names are strings",
        "pit.yaml:8:1 error [schema] key true is not text; field names are strings",
        "pit.yaml:9:1 error [schema] key 1.5 is not text; field names are strings",
        "pit.yaml:11:3 error [schema] an empty key in effect is not text; field names are strings",
    ]


def test_a_list_or_mapping_as_a_key_is_named_as_written_at_its_line(tmp_path):
    """`? [a, b]` was reported as "unknown field \"['a', 'b']\"", `{a: 1}: x` as
    "ordereddict([('a', 1)])", and a key with a list inside a list or mapping as
    "could not read YAML: TypeError: unhashable type: 'CommentedSeq'" at line 1."""
    head = "kind: trap\nid: pit\nname: Pit\ntrap_type: person\ncheck_attributes: [AGI, PER]\ntn_base: 20\n"
    result = validate_files(tmp_path, {
        "flat.yaml": head + "? [a, b]\n: 1\n{c: 1}: x\n",
        "nested.yaml": head.replace("pit", "pot") + "effect:\n  ? {a: [1]}\n  : 2\n",
        "set.yaml": head.replace("pit", "pat") + "? !!set {a, b}\n: 2\n",
    })
    found = sorted(line.split("; valid fields")[0] for line in lines(result.problems))
    assert found == [
        "flat.yaml:7:3 error [unknown-field] unknown field '[a, b]'",
        "flat.yaml:9:1 error [unknown-field] unknown field '{c: 1}'",
        "nested.yaml:8:5 error [yaml-syntax] a key holding a list or mapping inside it cannot be read;"
        " field names are text",
        "set.yaml:7:3 error [yaml-syntax] a set as a key cannot be read; field names are text",
    ]


@pytest.mark.parametrize("written, shown", [("[trap]", "[trap]"), ("{a: 1}", "{a: 1}"), ("true", "true"),
                                            ("2020-01-01", "2020-01-01"), ("", "(no value)")])
def test_a_kind_that_is_no_text_is_named_as_written(tmp_path, written, shown):
    """`kind: [trap]` was "unknown kind list", `{a: 1}` "dict", `true` "True", a date
    "datetime.date(2020, 1, 1)" and an empty kind "None": Python's names, not what was written."""
    result = validate_files(tmp_path, {"t.yaml": f"kind: {written}\nid: t\n"})
    assert [p.message.split(";")[0] for p in result.problems] == [f"unknown kind {shown}"]


@pytest.mark.parametrize("written, shown", [("[a, b]", "[a, b]"), ("{x: 1}", "{x: 1}"), ("true", "true"),
                                            ("", "(no value)"), ("poisn", "'poisn'")])
def test_an_unknown_behaviour_is_named_as_written(tmp_path, written, shown):
    """`behaviour: [a, b]` was "unknown behaviour \"['a', 'b']\"", `true` 'True' and an empty one
    'None': pydantic's Python text of the value."""
    text = monster_yaml() + f"ability: {{id: a, text: t, behaviours: [{{behaviour: {written}}}]}}\n"
    result = validate_files(tmp_path, {"orc.yaml": text})
    found = [p.message.split(" in ")[0] for p in result.problems if p.rule_id == "unknown-vocabulary"]
    assert found == [f"unknown behaviour {shown}"]


def test_a_value_where_fields_belong_names_no_python_class(tmp_path):
    """`effect: 5` on a Trap said "Input should be a valid dictionary or instance of TrapEffect",
    `ability: 5` "... of Ability": the code's class names."""
    text = ("kind: trap\nid: pit\nname: Pit\ntrap_type: person\ncheck_attributes: [AGI, PER]\ntn_base: 20\n"
            "effect: 5\n")
    result = validate_files(tmp_path, {"pit.yaml": text})
    assert lines(result.problems) == [
        "pit.yaml:7:9 error [schema] effect: Input should be a mapping of fields (key: value)"]


def test_a_fixed_pair_given_one_value_says_a_value_is_missing_at_the_list(tmp_path):
    """`check_attributes: [AGI]` (a trap's check takes two attributes) was "missing required field 1
    in check_attributes" at the key's column 1: a list has no field 1. Then "the value at list
    position 1 is missing", where the one value written is the first: now "value 2 (...[1])"."""
    text = """
        kind: trap
        id: pit
        name: Pit
        trap_type: person
        check_attributes: [AGI]
        tn_base: 20
    """
    result = validate_files(tmp_path, {"pit.yaml": text})
    assert lines(result.problems) == [
        "pit.yaml:5:19 error [schema] check_attributes holds a fixed number of values and has 1: "
        "value 2 (check_attributes[1]) is missing",
    ]


def test_a_malformed_id_version_or_art_is_told_in_words_not_as_a_regular_expression(tmp_path):
    """`id: Goblin Chief` was "String should match pattern '^[A-Za-z0-9][A-Za-z0-9_\\-]*$'": a
    designer reads no regular expressions (and `new` says the same rule in words)."""
    pit = """
        kind: trap
        id: Spike Pit
        name: Pit
        trap_type: person
        check_attributes: [AGI, PER]
        tn_base: 20
        art: pit.gif
    """
    manifest = """
        kind: pack
        id: frost
        name: Frost
        version: "1.0"
        replaces: [goblin]
    """
    result = validate_files(tmp_path, {"pack.yaml": manifest, "pit.yaml": pit})
    assert lines(result.problems) == [
        "pack.yaml:4:10 error [schema] version: a version is MAJOR.MINOR.PATCH, such as 0.1.0 (got '1.0')",
        "pack.yaml:5:12 error [schema] replaces[0]: write KIND/ID, such as monster_level/orc-2 (got 'goblin')",
        "pit.yaml:2:5 error [schema] id: an id is letters, digits, '_' and '-', starting with a letter or digit "
        "(got 'Spike Pit')",
        "pit.yaml:7:6 error [schema] art: a PNG, JPG or SVG file, such as art/orc.png (got 'pit.gif')",
    ]


def test_a_file_opening_with_a_yaml_directive_is_read(tmp_path):
    """`%YAML 1.2` then `---` (as some editors' templates begin a file) was "could not read YAML:
    IndexError: list index out of range" and the file's documents were lost; a version doria-forge
    does not read was an AssertionError."""
    trap = "kind: trap\nid: pit\nname: Pit\ntrap_type: person\ncheck_attributes: [AGI, PER]\ntn_base: 20\n"
    result = validate_files(tmp_path / "a", {"traps.yaml": "%YAML 1.2\n---\n" + trap})
    assert lines(result.problems) == [] and result.pack is not None
    result = validate_files(tmp_path / "b", {"traps.yaml": "# traps\n%YAML 1.3\n---\n" + trap})
    assert lines(result.problems) == [
        "traps.yaml:2:1 error [yaml-syntax] %YAML 1.3: doria-forge reads YAML 1.2 (and 1.1); write %YAML 1.2 or "
        "leave the line out",
    ]
