"""Loader: positions, multi-document files, and content mistakes as problems, never exceptions."""

from __future__ import annotations

import datetime as dt

import pytest

from doria_forge.load import Location, PackPathError, Severity, load_pack, load_text


def one(text, path="x.yaml"):
    docs, problems = load_text(text, path=path)
    return docs, [f"{p.line}:{p.column} {p.rule_id} {p.severity.value}" for p in problems]


def test_positions_of_keys_and_items_are_one_based():
    text = "kind: monster\nid: orc\nlevels:\n  - attack: 2D\n    atack: 3\n"
    docs, problems = one(text)
    assert problems == []
    doc = docs[0]
    assert doc.data == {"kind": "monster", "id": "orc", "levels": [{"attack": "2D", "atack": 3}]}
    assert doc.locate(()) == Location("x.yaml", 1, 1)
    assert doc.locate(("levels", 0, "atack")) == Location("x.yaml", 5, 5)
    assert doc.locate(("levels", 0)) == Location("x.yaml", 4, 5)
    assert doc.locate(("levels", 0, "atack"), value=True) == Location("x.yaml", 5, 12)


def test_missing_path_walks_back_to_nearest_ancestor():
    docs, _ = one("kind: monster\nlevels:\n  - attack: 2D\n")
    assert docs[0].locate(("levels", 0, "defense")) == Location("x.yaml", 3, 5)
    assert docs[0].locate(("nope", 3)) == Location("x.yaml", 1, 1)


def test_data_is_plain_python():
    docs, _ = one("a: &x {b: [1, 2.5, true, null, 2024-01-02]}\nc: *x\nd: |\n  text\n")
    data = docs[0].data
    assert type(data) is dict and type(data["a"]["b"]) is list
    assert [type(v) for v in data["a"]["b"]] == [int, float, bool, type(None), dt.date]
    assert type(data["d"]) is str and data["c"] == data["a"]


def test_multi_document_file_indexes_and_positions():
    docs, problems = one("kind: a\nid: one\n---\nkind: b\nid: two\n")
    assert problems == []
    assert [(d.index, d.data["id"]) for d in docs] == [(0, "one"), (1, "two")]
    assert docs[1].root == Location("x.yaml", 4, 1)
    assert docs[1].locate(("id",)) == Location("x.yaml", 5, 1)


def test_merge_keys_resolve():
    docs, problems = one("base: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n")
    assert problems == [] and docs[0].data["c"] == {"x": 1, "y": 2}


def test_syntax_error_position():
    docs, problems = one("kind: monster\nid: orc\nname: [Orc\nrange: 1\n")
    assert docs == []
    assert problems == ["4:6 yaml-syntax error"]


def test_tab_indentation_is_a_syntax_problem_with_a_hint():
    docs, problems = load_text("a:\n\tb: 1\n", path="x.yaml")
    assert [(p.line, p.column, p.rule_id) for p in problems] == [(2, 1, "yaml-syntax")]
    assert "tabs" in problems[0].message



@pytest.mark.parametrize("text", ["kind: trap\nid: t\tx\n", "kind: trap\nname: a\tb: c\n"])
def test_a_tab_inside_a_line_is_not_called_indentation(text):
    """`id: t<tab>x` was told "YAML does not allow tabs for indentation" at the tab after `t`,
    where the line's indentation has no tab."""
    _, problems = load_text(text, path="x.yaml")
    assert [(p.line, p.rule_id) for p in problems] == [(2, "yaml-syntax")]
    assert "indentation" not in problems[0].message
    assert problems[0].message.endswith("(this YAML reader takes no tab inside a line: write a space, or put the "
                                        "text in quotes)")


@pytest.mark.parametrize("text, line, char", [
    ("ability:\n\u00a0 id: a\n  text: t\n", 2, "U+00A0"),  # a no-break space pasted into the indentation
    ("id: a\nname\uff1a Orc\nrange: 1\n", 2, "U+FF1A"),  # a full-width colon typed with an input method
])
def test_a_look_alike_of_a_space_or_colon_is_named_in_the_syntax_error(text, line, char):
    """YAML's message named a later line ("mapping values are not allowed here") and never the
    character, which looks like a space or a colon in every editor."""
    _, problems = load_text(text, path="x.yaml")
    assert [p.rule_id for p in problems] == ["yaml-syntax"]
    assert f"(line {line} has the character {char} where YAML needs" in problems[0].message


def test_a_no_break_space_inside_a_text_is_not_blamed_for_a_syntax_error():
    _, problems = load_text('text: "2\u00a0\u00d7 ML"\nflags: [\n', path="x.yaml")
    assert [p.rule_id for p in problems] == ["yaml-syntax"] and "U+00A0" not in problems[0].message


def test_a_missing_closing_quote_is_named_at_the_line_it_is_missing_from():
    """A text whose closing quote was forgotten runs on to the next quote, and YAML's message named
    the line below ("expected <block end>, but found '<scalar>'") without a word about quotes."""
    text = 'ability:\n  text: "Acts once more.\n  text_de: "Handelt noch einmal."\n'
    _, problems = load_text(text, path="x.yaml")
    assert [(p.line, p.rule_id) for p in problems] == [(3, "yaml-syntax")]
    assert problems[0].message.endswith('(the text quoted on line 2, column 9 closes only here: is its closing " '
                                        'missing on line 2?)')

def test_duplicate_key_points_at_the_repeat_and_keeps_the_document():
    docs, problems = load_text("kind: monster\nid: orc\nid: goblin\n", path="x.yaml")
    assert [d.data for d in docs] == [{"kind": "monster", "id": "orc"}]  # the first value is used
    assert [(p.line, p.column, p.rule_id) for p in problems] == [(3, 1, "duplicate-key")]
    assert "'id'" in problems[0].message and "line 2" in problems[0].message


def test_a_duplicate_key_keeps_the_rest_of_the_file():
    text = "kind: a\nid: one\n---\nkind: b\nid: two\nlist: [{x: 1, x: 2}]\n---\nkind: c\nid: three\n"
    docs, problems = load_text(text, path="x.yaml")
    assert [d.data["id"] for d in docs] == ["one", "two", "three"]
    assert [(p.line, p.column, p.rule_id) for p in problems] == [(6, 15, "duplicate-key")]


def test_documents_before_a_syntax_error_are_kept():
    docs, problems = one("kind: a\nid: one\n---\nkind: [\n")
    assert [d.data["id"] for d in docs] == ["one"]
    assert problems == ["4:8 yaml-syntax error"]  # end of file, not past it


@pytest.mark.parametrize(
    "content, expected",
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", ["1:1 encoding error"]),
        ("a: 1\nb: caf\xe9\n".encode("latin-1"), ["2:7 encoding error"]),
        (b"a: 1\nb: \x00\n", ["2:4 encoding error"]),
        (b"", ["1:1 empty-document warning"]),
        (b"# only a comment\n", ["1:1 empty-document warning"]),
        (b"- a\n- b\n", ["1:1 not-a-mapping error"]),
        (b"---\njust a string\n", ["2:1 not-a-mapping error"]),
        (b"42\n", ["1:1 not-a-mapping error"]),
        (b"a: 1\n---\n", ["2:4 empty-document warning"]),
        (b"a: " + b"9" * 5000 + b"\n", ["1:4 yaml-syntax error"]),
        (b"a: 1\nb: !!int abc\n", ["2:4 yaml-syntax error"]),
        (b"d: 2024-13-45\n", ["1:4 yaml-syntax error"]),
        (b"a: *nowhere\n", ["1:4 yaml-syntax error"]),
        (b"a: " + b"[" * 3000 + b"]" * 3000 + b"\n", ["1:103 yaml-syntax error"]),  # the 101st level
        (b"\xef\xbb\xbfa: 1\n", []),
    ],
)
def test_junk_becomes_problems_not_exceptions(content, expected):
    _, problems = one(content)
    assert problems == expected



@pytest.mark.parametrize("text", ["kind: monster\nflags: &a [*a]\n", "kind: monster\nflags: &a [x, [y, *a]]\n",
                                  "kind: monster\nability: &a {text: t, more: *a}\n"])
def test_a_recursive_alias_is_a_syntax_error_at_its_anchor_and_keeps_the_document(text):
    """``flags: &a [*a]`` read as ``flags: [null]`` without a word about the alias: validate said
    only "got an empty value: write one after the colon", on a line where a value is written."""
    docs, problems = load_text(text, path="x.yaml")
    assert [(p.line, p.column, p.rule_id) for p in problems] == [(2, text.index("&") - text.index("\n"), "yaml-syntax")]
    assert problems[0].message.startswith("recursive alias")
    assert [d.data["kind"] for d in docs] == ["monster"]


def test_an_alias_used_twice_is_no_recursion():
    docs, problems = load_text("a: &x [1]\nb: [*x, {c: *x}]\n", path="x.yaml")
    assert problems == [] and docs[0].data == {"a": [1], "b": [[1], {"c": [1]}]}


def test_a_file_in_another_encoding_says_which_character_and_to_save_it_as_utf8():
    """"file is not UTF-8 text (byte 0xff at offset 0)" for a file Notepad saved as UTF-16, and
    a bare byte value for an accented letter: neither said what to do."""
    _, problems = load_text("name: Ørk\n".encode("cp1252"), path="x.yaml")
    assert [p.message for p in problems] == [
        "file is not UTF-8 text (byte 0xd8 at offset 6, 'Ø' in Windows-1252); save it as UTF-8"]
    _, problems = load_text("name: Ork\n".encode("utf-16"), path="x.yaml")
    assert [(p.line, p.column, p.message) for p in problems] == [
        (1, 1, "file is UTF-16 text (it starts with UTF-16's byte-order mark); save it as UTF-8")]

def test_billion_laughs_is_refused():
    text = "a: &a [x,x,x,x,x,x,x,x,x,x]\n"
    for name, prev in zip("bcdef", "abcde", strict=False):
        text += f"{name}: &{name} [{','.join(['*' + prev] * 10)}]\n"
    docs, problems = one(text)
    assert docs == [] and problems == ["1:1 yaml-syntax error"]


def test_huge_float_and_odd_keys_load():
    docs, problems = one("a: 1e999\n? [x, y]\n: z\n1: one\n")
    assert problems == []
    assert docs[0].data["a"] == float("inf")
    assert 1 in docs[0].data


def test_load_pack_walks_sorted_recursive_and_skips_hidden(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / ".git").mkdir()
    (tmp_path / "b" / "z.yml").write_text("id: z\n")
    (tmp_path / "a.yaml").write_text("id: a\n")
    (tmp_path / ".git" / "c.yaml").write_text("id: c\n")
    (tmp_path / "notes.txt").write_text("id: n\n")
    result = load_pack(tmp_path, display_root="content")
    assert result.files == ("content/a.yaml", "content/b/z.yml")
    assert [(d.path, d.file) for d in result.documents] == [("a.yaml", "content/a.yaml"), ("b/z.yml", "content/b/z.yml")]
    assert result.problems == ()


def test_load_pack_default_display_root_is_the_path_as_given(tmp_path, monkeypatch):
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "x.yaml").write_text("a: [\n")
    monkeypatch.chdir(tmp_path)
    result = load_pack("content")
    assert [str(p.location) for p in result.problems] == ["content/x.yaml:1:5"]


def test_load_pack_single_file(tmp_path):
    (tmp_path / "one.yaml").write_text("a: 1\n")
    result = load_pack(tmp_path / "one.yaml", display_root="pk/one.yaml")
    assert result.files == ("pk/one.yaml",)
    assert result.documents[0].path == "one.yaml"


def test_empty_pack_warns(tmp_path):
    result = load_pack(tmp_path, display_root="content")
    assert [(p.file, p.rule_id, p.severity) for p in result.problems] == [("content", "empty-pack", Severity.WARNING)]


@pytest.mark.parametrize("name", ["missing", "notes.txt"])
def test_bad_pack_path_is_a_usage_error(tmp_path, name):
    (tmp_path / "notes.txt").write_text("x")
    with pytest.raises(PackPathError):
        load_pack(tmp_path / name)


def test_end_of_file_errors_land_on_the_last_line_of_a_long_file():
    text = "---\n" * 3000 + "a: [1,\n"
    _, problems = load_text(text, path="x.yaml")
    errors = [p for p in problems if p.severity is Severity.ERROR]
    assert [(p.line, p.column) for p in errors] == [(3001, 7)]
    assert sum(p.rule_id == "empty-document" for p in problems) == 2999


def test_a_collection_tag_on_a_plain_value_is_a_problem_at_the_value():
    """`name: !!set abc` was "could not read YAML: AttributeError: 'ScalarNode' object has no attribute
    'flow_style'", `!!bool weapon` "KeyError: 'weapon'", both at line 1, column 1 (ruamel's error, and
    the file's first position)."""
    for value, message in (("!!set abc", "the tag !!set does not fit 'abc'"),
                           ("!!bool weapon", "the tag !!bool does not fit 'weapon'")):
        docs, problems = load_text(f"kind: trap\nid: x\nname: {value}\n".encode(), path="x.yaml", file="x.yaml")
        assert docs == []
        assert [(p.line, p.column, p.message) for p in problems] == [(3, 7, f"cannot read value: {message}")]


@pytest.mark.parametrize("value, tag", [("!include story.md", "!include"),
                                        ("!!python/object:os.system ls", "!!python/object:os.system"),
                                        ("!pair [a, b]", "!pair"), ("!fx {damage: 1}", "!fx")])
def test_an_unknown_tag_is_an_error_at_the_value_and_keeps_the_document(value, tag):
    """`text: !include story.md` read as the text "story.md": validate said nothing and the card
    printed the file name; a tag on a list or mapping was dropped on the C parser's path."""
    text = f"kind: trap\nid: x\ntext: {value}\nname: N\n"
    docs, problems = load_text(text.encode(), path="x.yaml", file="x.yaml")
    assert [(p.line, p.column, p.rule_id, p.severity) for p in problems] == [(3, 7, "yaml-syntax", Severity.ERROR)]
    assert problems[0].message.startswith(f"unknown tag {tag}:")
    assert [d.data["name"] for d in docs] == ["N"]


@pytest.mark.parametrize("value", ["! N", "!!str N", "'N'"])
def test_the_yaml_core_tags_and_the_non_specific_one_read_without_a_problem(value):
    docs, problems = load_text(f"kind: trap\nname: {value}\n<<: {{id: x}}\n".encode(), path="x.yaml", file="x.yaml")
    assert problems == [] and docs[0].data["name"] == "N" and docs[0].data["id"] == "x"
