"""Rule id-case-clash: ids that differ only in letter case name one exported file on Windows and macOS."""

from __future__ import annotations

from validate_helpers import lines, monster_with_levels, room_tile_yaml, validate_files

from doria_forge.validate.rules import id_case_clash


def test_room_tiles_whose_ids_differ_only_in_case_are_warned_at_both(tmp_path):
    """export tts wrote room_tiles/A-1.png and room_tiles/a-1.png: one file on Windows and macOS,
    the Saved Object showing one tile's picture for both, and validate said nothing."""
    result = validate_files(tmp_path, {"a.yaml": room_tile_yaml("A-1"), "b.yaml": room_tile_yaml("a-1")})
    found = lines(result.problems, id_case_clash.ID)
    assert len(found) == 2 and all("only in letter case" in line and "warning" in line for line in found)
    assert found[0].startswith("a.yaml:") and "room_tile 'a-1'" in found[0]
    assert found[1].startswith("b.yaml:") and "room_tile 'A-1'" in found[1]


def test_the_same_id_in_two_kinds_and_distinct_ids_pass(tmp_path):
    result = validate_files(tmp_path, {"orc.yaml": monster_with_levels("orc"), "t.yaml": room_tile_yaml("orc"),
                                       "u.yaml": room_tile_yaml("B-5")})
    assert lines(result.problems, id_case_clash.ID) == []
