"""Fuzzing the loader and the validator (issue 12): whatever bytes a pack file holds, loading
and validating never raise, every problem has a position inside the file, and plain data
written as YAML comes back as it was. Property-based (hypothesis), sized for CI; the longer
campaign is ``tools/robustness_campaign.py``."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doria_forge.load import load_text
from doria_forge.load.loader import MAX_NESTING
from doria_forge.model import KINDS
from doria_forge.validate.pipeline import RULE_CRASH, validate_documents

FUZZ = settings(max_examples=100, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])

# Pieces of YAML that reach the corners of the parser: structure, anchors and aliases, tags
# (python tags included), merge keys, document markers, flow collections, tabs, BOMs, quotes,
# escapes, comments, odd scalars (dates, huge numbers) and non-ASCII text.
TOKENS = [
    "a", "kind", "id", "monster", ": ", ":", "- ", "-", "\n", "  ", "\t", "---\n", "...\n", "[", "]", "{", "}",
    ", ", "&x ", "*x", "<<: *x", "!!python/object:os.system ", "!!int ", "!!binary ", "!tag ", "? ", "|\n",
    ">-\n", '"', "'", "\\", "\\x41", "\\u202e", "#", "%YAML 1.2\n", "2024-13-45", "1e999", "9" * 30, "~",
    "null", "yes", "\ufeff", "é", "龍", "\x00", "\x1b", "\r\n", "\x85",
]
yaml_like = st.lists(st.sampled_from(TOKENS), max_size=40).map("".join)


def _check_positions(text: str, problems) -> None:
    lines = max(1, len(text.split("\n")))
    for p in problems:
        assert p.file == "x.yaml"
        assert 1 <= p.line <= lines, (p, lines)
        assert p.column >= 1
        assert p.message


@FUZZ
@given(raw=st.binary(max_size=300))
def test_any_bytes_load_without_raising(raw):
    documents, problems = load_text(raw, path="x.yaml")
    for doc in documents:
        assert isinstance(doc.data, dict)
    text = raw.decode("utf-8", errors="replace")
    _check_positions(text, problems)


@FUZZ
@given(text=yaml_like)
def test_yaml_shaped_junk_loads_and_validates_without_raising(text):
    documents, problems = load_text(text, path="x.yaml")
    _check_positions(text, problems)
    found, _, _ = validate_documents(documents)
    assert [p for p in found if p.rule_id == RULE_CRASH] == []


# Astral characters are left out: ruamel reads the JSON escape of one (a surrogate pair) as
# two lone surrogates, which the schema then refuses as text that is not Unicode.
letters = st.characters(codec="utf-8", exclude_categories=["Cs"], max_codepoint=0xFFFF)
keys = st.text(letters, min_size=1, max_size=8)
scalars = st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.text(letters, max_size=12)
plain = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
                     max_leaves=10)


@FUZZ
@given(data=st.dictionaries(keys, plain, min_size=1, max_size=5))
def test_plain_data_comes_back_as_written_with_a_position_for_every_key(data):
    text = json.dumps(data)  # JSON is YAML 1.2; every character that YAML forbids raw is escaped
    documents, problems = load_text(text, path="x.yaml")
    assert problems == []
    assert documents[0].data == data
    for key in data:
        assert (key,) in documents[0].positions


@FUZZ
@given(kind=st.sampled_from(sorted(KINDS)), fields=st.dictionaries(keys, plain, max_size=6))
def test_documents_of_every_kind_with_junk_fields_never_crash_a_rule(kind, fields):
    text = json.dumps({**fields, "kind": kind, "id": "fuzz"}, ensure_ascii=False)
    documents, _ = load_text(text, path="x.yaml")
    found, _, _ = validate_documents(documents)
    assert [p for p in found if p.rule_id == RULE_CRASH] == []
    for p in found:
        assert p.line >= 1 and "\n" not in p.message


# -- nesting (issue 25): the C composer recursed in C, so 50 000 levels killed the process -------------
DEEP = {
    "flow list": "a: " + "[" * 50_000 + "]" * 50_000 + "\n",
    "flow mapping": "a: " + "{a: " * 50_000 + "1" + "}" * 50_000 + "\n",
    "block list": "- " * 50_000 + "x\n",
    "block mapping": "".join("  " * i + "k:\n" for i in range(300)) + "  " * 300 + "v\n",
    "after good documents": "kind: monster\nid: a\n---\nb: " + "[" * 5000 + "\n",
}


@pytest.mark.parametrize("text", DEEP.values(), ids=DEEP.keys())
def test_nesting_deeper_than_the_limit_is_one_error_at_its_line(text):
    documents, problems = load_text(text, path="x.yaml")
    assert [p.rule_id for p in problems] == ["yaml-syntax"]
    assert f"nested more than {MAX_NESTING} deep" in problems[0].message
    where = problems[0]
    lines = text.split("\n")
    assert 1 <= where.line <= len(lines) and where.column <= len(lines[where.line - 1]) + 1
    assert documents == []


@FUZZ
@given(depth=st.integers(1, 2 * MAX_NESTING), flow=st.booleans())
def test_nesting_up_to_the_limit_loads_and_past_it_is_refused(depth, flow):
    text = ("a: " + "[" * depth + "1" + "]" * depth if flow
            else "".join("  " * i + "k:\n" for i in range(depth)) + "  " * depth + "1") + "\n"
    documents, problems = load_text(text, path="x.yaml")
    levels = depth + 1 if flow else depth  # a: [...]: the document's own mapping is a level too
    if levels <= MAX_NESTING:
        assert problems == [] and len(documents) == 1
    else:
        assert [p.rule_id for p in problems] == ["yaml-syntax"] and not documents
