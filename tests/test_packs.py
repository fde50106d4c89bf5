"""Packs on top of packs: an expansion in its own folder requires the base pack, resolves ids
across both, replaces and patches base content (each reported as info), and exports only its own."""

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner
from validate_helpers import lines, write_pack

from doria_forge.commands.cli import app
from doria_forge.export.pdf import build_decks
from doria_forge.validate import Severity, validate_pack

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "frost-crypt"
runner = CliRunner()

MANIFEST = "kind: pack\nid: frost-crypt\nname: Frost\nversion: 0.1.0\nrequires: [{requires}]\n"


@pytest.fixture()
def expansion(tmp_path) -> Path:
    """A copy of the example expansion, alone in a folder: doria-base comes from the shipped packs."""
    dest = tmp_path / "frost-crypt"
    shutil.copytree(EXAMPLE, dest)
    return dest


def test_the_example_expansion_validates_against_the_shipped_base_pack(expansion):
    result = validate_pack(expansion, display_root="")
    assert result.errors == 0 and result.warnings == 0, lines(result.problems)
    pack = result.pack
    assert pack.info.id == "frost-crypt"
    # ids resolve across packs: the new scenario starts on the base pack's A-1, the base heroes are there
    assert "warrior" in pack.characters and "frost_wight" in pack.monsters
    assert pack.level_card("orc", 2).attack == "2D+6"  # the erratum applied; the other fields kept
    assert pack.level_card("orc", 2).hit_points == 1
    assert [r.id for r in pack.requires] == ["doria-base"]
    assert lines(result.problems) == [
        "errata/orc.yaml:4:9 info [pack-override] patches monster_level 'orc-2' of doria-base 0.1.0 "
        f"({_base_file('monsters/orc.yaml')}:{_document_line('monsters/orc.yaml', 'orc-2')}:1): attack",
    ]


def _document_line(rel: str, doc_id: str) -> int:
    """The first line of the base pack document ``doc_id`` in ``rel`` (where an override points)."""
    lines = (ROOT / "content" / rel).read_text(encoding="utf-8").splitlines()
    at = lines.index(f"id: {doc_id}")
    while at > 0 and lines[at - 1] != "---":
        at -= 1
    return at + 1


def _base_file(rel: str) -> str:
    return (ROOT / "content" / rel).resolve().relative_to(Path.cwd()).as_posix() if (
        ROOT / "content").resolve().is_relative_to(Path.cwd()) else (ROOT / "content" / rel).as_posix()


def test_exports_print_only_the_expansions_own_cards(expansion):
    pack = validate_pack(expansion).pack
    refs = {card.ref for deck in build_decks(pack) for card in deck.cards}
    assert "monster:frost_wight" in refs and "monster_level:orc-2" in refs  # new, and patched
    assert "monster:goblin" not in refs and "character:warrior" not in refs
    everything = {card.ref for deck in build_decks(pack.printing(None)) for card in deck.cards}
    assert "monster:goblin" in everything


def test_the_bundle_holds_own_documents_and_records_the_required_pack_with_its_hash(expansion, tmp_path):
    result = runner.invoke(app, ["export", "bundle", str(expansion), "--out", str(tmp_path / "fc.json")])
    assert result.exit_code == 0, result.output
    bundle = json.loads((tmp_path / "fc.json").read_text())
    base = runner.invoke(app, ["export", "bundle", str(ROOT / "content"), "--out", str(tmp_path / "base.json")])
    assert base.exit_code == 0
    base_hash = json.loads((tmp_path / "base.json").read_text())["manifest"]["content_sha256"]
    assert bundle["manifest"]["requires"] == [{"id": "doria-base", "version": "0.1.0", "content_sha256": base_hash}]
    assert sorted(bundle["documents"]["monster"]) == ["frost_wight"]
    assert "goblin" not in bundle["documents"]["monster"]
    full = runner.invoke(app, ["export", "bundle", str(expansion), "--with-dependencies",
                               "--out", str(tmp_path / "all.json")])
    assert full.exit_code == 0
    assert "goblin" in json.loads((tmp_path / "all.json").read_text())["documents"]["monster"]


def test_a_missing_required_pack_is_an_error_at_the_requirement(tmp_path):
    pack = write_pack(tmp_path / "exp", {"pack.yaml": MANIFEST.format(requires="doria-extras")})
    result = runner.invoke(app, ["validate", str(pack)])
    assert result.exit_code == 1
    assert "pack.yaml:5:12: error [requires] no pack 'doria-extras' found" in result.output
    assert "doria-base 0.1.0" in result.output  # what was found instead


def test_a_mistyped_required_pack_id_is_answered_with_the_closest_pack_found(tmp_path):
    """`requires: [doria-bse]` was "no pack 'doria-bse' found" and a list of every pack found: the
    closest id, the one meant, is named first."""
    pack = write_pack(tmp_path / "exp", {"pack.yaml": MANIFEST.format(requires="doria-bse")})
    result = validate_pack(pack, display_root="")
    [message] = [p.message for p in result.problems if p.rule_id == "requires"]
    assert message.startswith("no pack 'doria-bse' found (did you mean 'doria-base'?) (looked in ")


@pytest.mark.parametrize("requires", ["doria-bse", "'doria-base >=2.0'"])
def test_references_into_a_required_pack_not_read_point_at_the_requirement(tmp_path, requires):
    """After a mistyped `requires: [doria-bse]` (or a version outside the range) every reference
    into the base pack was one more "no monster with id 'orc' in the pack", as if the ids were
    wrong. Each now points at the requirement's error."""
    level = "kind: monster_level\nid: orc-5\nname: Orc\nmonster: orc\nlevel: 1\nattack: 2D\ndefense: 2D\n" \
            "psi_resistance: 2D\ndamage: 1\nhit_points: 1\narmor_rating: 0\n"
    pack = write_pack(tmp_path / "exp", {"pack.yaml": MANIFEST.format(requires=requires), "orc.yaml": level})
    result = validate_pack(pack, display_root="")
    [dangling] = [p.message for p in result.problems if p.rule_id == "dangling-reference"]
    assert dangling.startswith("no monster with id 'orc' in the pack")
    assert dangling.endswith("(the packs pack.yaml requires were not all read: see its error at pack.yaml:5:12)")


def test_a_version_outside_the_range_is_an_error(tmp_path):
    pack = write_pack(tmp_path / "exp", {"pack.yaml": MANIFEST.format(requires="'doria-base >=2.0'")})
    result = validate_pack(pack, display_root="")
    assert lines(result.problems, "requires") == [
        "pack.yaml:5:12 error [requires] frost-crypt requires doria-base >=2.0, but the pack found is doria-base "
        f"0.1.0 ({_shown(ROOT / 'content')})",
    ]


def _shown(path: Path) -> str:
    try:
        return path.resolve().relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.resolve().as_posix()


def test_packs_beside_the_pack_and_in_the_environment_are_found(tmp_path, monkeypatch):
    """A designer's project: a pack requiring a sibling pack, which requires the base pack."""
    write_pack(tmp_path / "project" / "ice", {"pack.yaml": MANIFEST.replace("frost-crypt", "ice").format(
        requires="doria-base"), "monsters/yeti.yaml": _monster("yeti")})
    exp = write_pack(tmp_path / "project" / "exp", {
        "pack.yaml": MANIFEST.format(requires="ice"),
        "heroes/h.yaml": "kind: character\nid: h\nname: H\nattributes: {STR: 9, CON: 9, AGI: 9, PER: 9, WIS: 7, "
                         "PSI: 7}\nstandard_items: [combat_hammer]\n"})
    result = validate_pack(exp, display_root="")
    assert result.errors == 0, lines(result.problems)
    assert [r.id for r in result.pack.requires] == ["doria-base", "ice"]  # load order: dependencies first
    assert "yeti" in result.pack.monsters
    moved = tmp_path / "elsewhere"
    shutil.move(str(tmp_path / "project" / "ice"), moved)
    assert "requires" in [p.rule_id for p in validate_pack(exp).problems]
    monkeypatch.setenv("DORIA_FORGE_PACKS", str(moved))
    assert validate_pack(exp).errors == 0


def _monster(monster_id: str) -> str:
    from validate_helpers import monster_with_levels

    return monster_with_levels(monster_id)


def test_packs_requiring_each_other_are_reported_as_a_cycle(tmp_path):
    write_pack(tmp_path / "a", {"pack.yaml": MANIFEST.replace("frost-crypt", "a").format(requires="b")})
    write_pack(tmp_path / "b", {"pack.yaml": MANIFEST.replace("frost-crypt", "b").format(requires="a")})
    result = validate_pack(tmp_path / "a", display_root="")
    assert any("cycle: a -> b -> a" in p.message for p in result.problems), lines(result.problems)


def _log_trap_pack(tmp_path, manifest_extra=""):
    text = (ROOT / "content" / "traps" / "traps.yaml").read_text().split("---")[1].replace("damage: 2", "damage: 4")
    return write_pack(tmp_path / "exp", {"pack.yaml": MANIFEST.format(requires="doria-base") + manifest_extra,
                                         "traps.yaml": text})


def test_an_announced_replacement_is_an_info_and_its_own(tmp_path):
    result = validate_pack(_log_trap_pack(tmp_path, "replaces: [trap/log_trap]\n"), display_root="")
    infos = [p for p in result.problems if p.severity is Severity.INFO]
    assert [(p.file, p.rule_id) for p in infos] == [("traps.yaml", "pack-override")]
    assert infos[0].message.startswith("replaces trap 'log_trap' of doria-base 0.1.0 (")
    assert "as pack.yaml announces" in infos[0].message
    assert result.warnings == 0
    assert result.pack.traps["log_trap"].effect.damage == 4
    assert result.pack.is_own("trap", "log_trap") and not result.pack.is_own("trap", "boulder_trap")


def test_an_unannounced_id_collision_is_a_warning_that_strict_fails_on(tmp_path):
    pack = _log_trap_pack(tmp_path)
    result = validate_pack(pack, display_root="")
    (warning,) = [p for p in result.problems if p.severity is Severity.WARNING]
    assert (warning.file, warning.rule_id) == ("traps.yaml", "pack-override")
    assert "without announcing it" in warning.message and "'trap/log_trap' to replaces:" in warning.message
    assert result.pack is not None  # a warning: the game still resolves
    strict = runner.invoke(app, ["validate", str(pack), "--strict"])
    assert strict.exit_code == 1 and "pack-override" in strict.output


def test_a_replaces_entry_that_replaces_nothing_is_a_warning_with_the_closest_id(tmp_path):
    result = validate_pack(_log_trap_pack(tmp_path, "replaces: [trap/log_trap, trap/bolder_trap]\n"),
                           display_root="")
    (warning,) = [p for p in result.problems if p.severity is Severity.WARNING]
    assert warning.file == "pack.yaml" and warning.line == 6
    assert "'trap/bolder_trap'" in warning.message and "did you mean 'trap/boulder_trap'?" in warning.message


def test_a_replaces_entry_of_no_content_kind_names_the_kinds(tmp_path):
    """`replaces: [traps/log_trap]` said "no required pack has it", though the log trap is there:
    the kind is misspelt. The warning says so, with the closest kind."""
    result = validate_pack(_log_trap_pack(tmp_path, "replaces: [trap/log_trap, traps/log_trap]\n"), display_root="")
    (warning,) = [p for p in result.problems if p.severity is Severity.WARNING]
    assert warning.file == "pack.yaml" and warning.line == 6
    assert "'traps' is no content kind (did you mean 'trap'?)" in warning.message
    assert "no required pack has it" not in warning.message


def test_a_patch_target_of_no_content_kind_names_the_kinds(tmp_path):
    patch = "kind: patch\nid: p1\ntarget: monster_levels/orc-2\nchanges: {attack: 3D}\n"
    pack = write_pack(tmp_path / "exp", {"pack.yaml": MANIFEST.format(requires="doria-base"), "errata.yaml": patch})
    result = validate_pack(pack, display_root="")
    (line,) = [line for line in lines(result.problems) if "errata.yaml" in line]
    assert line.startswith("errata.yaml:3:9 error [pack-patch] patch target 'monster_levels/orc-2' names no document: "
                           "'monster_levels' is no content kind (did you mean 'monster_level'?)")


def test_patch_mistakes_are_errors_at_the_patch(tmp_path):
    patches = ("kind: patch\nid: p1\ntarget: monster_level/orc-9\nchanges: {attack: 3D}\n---\n"
               "kind: patch\nid: p2\ntarget: monster_level/orc-3\nchanges:\n  attack: 3X\n")
    pack = write_pack(tmp_path / "exp", {"pack.yaml": MANIFEST.format(requires="doria-base"), "errata.yaml": patches})
    result = validate_pack(pack, display_root="")
    assert [line for line in lines(result.problems) if "errata.yaml" in line] == [
        "errata.yaml:3:9 error [pack-patch] patch target 'monster_level/orc-9' is in no pack this pack requires "
        "(did you mean 'monster_level/orc-4'?)",
        "errata.yaml:8:9 info [pack-override] patches monster_level 'orc-3' of doria-base 0.1.0 "
        f"({_shown(ROOT / 'content' / 'monsters' / 'orc.yaml')}:{_document_line('monsters/orc.yaml', 'orc-3')}:1): attack",
        "errata.yaml:10:11 error [dice-expression] attack: dice expression '3X' is not of the form 3D, 3D+2 or 2D-1",
    ]


def test_a_patch_in_a_pack_without_requires_is_an_error(tmp_path):
    patch = "kind: patch\nid: p\ntarget: monster_level/orc-2\nchanges: {attack: 3D}\n"
    result = validate_pack(write_pack(tmp_path / "p", {"errata.yaml": patch}), display_root="")
    assert [p.rule_id for p in result.problems] == ["patch-target"]


def test_an_installed_pack_can_be_named_by_its_id(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["validate", "doria-base"])
    assert result.exit_code == 0, result.output
    assert "0 errors" in result.output


def test_a_mistyped_installed_pack_id_is_answered_with_the_id_it_is_closest_to(tmp_path, monkeypatch):
    """`validate doria-bse` said only that the path does not exist; a name far from every installed
    pack's id gets no guess."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["validate", "doria-bse"])
    assert result.exit_code == 2
    assert "pack path doria-bse does not exist (did you mean 'doria-base'?)" in " ".join(result.output.split())
    far = runner.invoke(app, ["validate", "nothing-like-it"])
    assert far.exit_code == 2 and "did you mean" not in far.output


# -- issue 25: two required packs defining the same document ----------------------------------------------
def _sibling_packs(root: Path, b_requires: str = "doria-base") -> Path:
    door = "kind: door_event\nid: same\nname: From {p}\nname_de: Von {p}\ntext: T.\ntext_de: T.\n"
    for pack_id, folder, requires in (("pa", "a", "doria-base"), ("pb", "b", b_requires)):
        (root / folder).mkdir(parents=True)
        (root / folder / "pack.yaml").write_text(f"kind: pack\nid: {pack_id}\nname: P\nversion: 0.1.0\n"
                                                 f"requires: [{requires}]\n")
        (root / folder / "door.yaml").write_text(door.format(p=pack_id))
    (root / "top").mkdir()
    (root / "top" / "pack.yaml").write_text("kind: pack\nid: top\nname: Top\nversion: 0.1.0\nrequires: [pa, pb]\n")
    return root / "top"


def test_two_required_packs_defining_the_same_id_is_an_error_naming_both(tmp_path):
    top = _sibling_packs(tmp_path)
    result = validate_pack(top, display_root="top")
    conflicts = [p for p in result.problems if p.rule_id == "pack-conflict"]
    assert [p.severity for p in conflicts] == [Severity.ERROR] and result.pack is None
    assert conflicts[0].file.endswith("b/door.yaml")
    assert "door_event 'same' is defined by pa 0.1.0" in conflicts[0].message
    assert "a/door.yaml" in conflicts[0].message and "write door_event 'same' in top" in conflicts[0].message


def test_the_requiring_pack_settles_a_conflict_by_writing_the_document(tmp_path):
    top = _sibling_packs(tmp_path)
    (top / "door.yaml").write_text("kind: door_event\nid: same\nname: Chosen\nname_de: Gewählt\ntext: T.\n"
                                   "text_de: T.\n")
    result = validate_pack(top, display_root="top")
    assert result.errors == 0, lines(result.problems)
    assert result.pack.get("door_event", "same").name == "Chosen"


def test_a_pack_replacing_what_the_pack_it_requires_defines_is_no_conflict(tmp_path):
    top = _sibling_packs(tmp_path, b_requires="pa")
    result = validate_pack(top, display_root="top")
    assert result.errors == 0, lines(result.problems)
    assert result.pack.get("door_event", "same").name == "From pb"



def test_paths_are_named_alike_by_the_pack_messages_and_the_others(tmp_path, monkeypatch):
    """Two helpers named paths "as messages do": the packs' (shown_path) named a folder outside the
    working folder absolute, where every other message names it as given; the others
    (relative_path) named a folder inside it whose name starts with two dots (``..drafts``)
    absolute, as if outside. One helper now serves both."""
    write_pack(tmp_path / "work" / "exp", {"pack.yaml": MANIFEST.format(requires="ice")})
    (tmp_path / "packs").mkdir()
    monkeypatch.chdir(tmp_path / "work")
    monkeypatch.setenv("DORIA_FORGE_PACKS", "../packs")
    result = runner.invoke(app, ["validate", "exp"])
    assert result.exit_code == 1 and "no pack 'ice' found (looked in ../packs, ., " in result.output, \
        result.output
    drafts = write_pack(tmp_path / "work" / "..drafts" / "frost", {"pack.yaml": MANIFEST.format(requires="doria-base"),
                                                                  "monsters/beasts.yaml": _monster("yeti")})
    result = runner.invoke(app, ["new", "monster", "yeti", "--pack", str(drafts)])
    assert result.exit_code == 2
    assert "monster 'yeti' is defined already at ..drafts/frost/monsters/beasts.yaml" in result.output, result.output


# -- two patches of one field ------------------------------------------------------------------------------
def _patch(patch_id: str, changes: str) -> str:
    return f"kind: patch\nid: {patch_id}\ntarget: monster_level/orc-2\nchanges:\n{changes}"


def test_two_patches_of_one_field_in_one_pack_are_an_error_naming_both(tmp_path):
    """The later file's patch won without a word: which errata printed depended on file names."""
    pack = write_pack(tmp_path / "exp", {"pack.yaml": MANIFEST.format(requires="doria-base"),
                                         "a.yaml": _patch("p1", "  attack: 3D+1\n  defense: 3D+1\n"),
                                         "b.yaml": _patch("p2", "  attack: 3D+2\n")})
    result = validate_pack(pack, display_root="")
    assert [line for line in lines(result.problems) if "pack-conflict" in line] == [
        "b.yaml:5:3 error [pack-conflict] attack of monster_level 'orc-2' is changed by patch p1 (a.yaml:5:3) "
        "too: two patches of one field in one pack play in the order of their files; keep one"]
    assert result.pack is None


def test_patches_of_different_keys_of_one_field_are_no_conflict(tmp_path):
    pack = write_pack(tmp_path / "exp", {"pack.yaml": MANIFEST.format(requires="doria-base"),
                                         "a.yaml": _patch("p1", "  attack: 3D+1\n"),
                                         "b.yaml": _patch("p2", "  defense: 3D+1\n")})
    result = validate_pack(pack, display_root="")
    assert result.errors == 0, lines(result.problems)


def _sibling_patches(root: Path, b_requires: str = "doria-base") -> Path:
    for pack_id, folder, requires, attack in (("pa", "a", "doria-base", "2D+6"), ("pb", "b", b_requires, "3D+1")):
        write_pack(root / folder, {"pack.yaml": f"kind: pack\nid: {pack_id}\nname: P\nversion: 0.1.0\n"
                                                f"requires: [{requires}]\n",
                                   "errata.yaml": _patch(f"{pack_id}-errata", f"  attack: {attack}\n")})
    return write_pack(root / "top", {"pack.yaml": "kind: pack\nid: top\nname: Top\nversion: 0.1.0\n"
                                                  "requires: [pa, pb]\n"})


def test_two_required_packs_patching_one_field_is_an_error_the_requiring_pack_settles(tmp_path):
    top = _sibling_patches(tmp_path)
    result = validate_pack(top, display_root="top")
    (conflict,) = [p for p in result.problems if p.rule_id == "pack-conflict"]
    assert conflict.file.endswith("b/errata.yaml") and (conflict.line, conflict.column) == (5, 3)
    assert "attack of monster_level 'orc-2' is changed by patch pa-errata (" in conflict.message
    assert "a/errata.yaml:5:3) of pa 0.1.0 and by pb 0.1.0, which do not require one another" in conflict.message
    (top / "errata.yaml").write_text(_patch("top-errata", "  attack: 3D+2\n"))
    settled = validate_pack(top, display_root="top")
    assert not [p for p in settled.problems if p.rule_id == "pack-conflict"], lines(settled.problems)
    assert settled.pack.get("monster_level", "orc-2").attack == "3D+2"


def test_a_pack_patching_a_field_a_pack_it_requires_patched_is_told_its_patch_plays(tmp_path):
    top = _sibling_patches(tmp_path, b_requires="pa")  # pb builds on pa: its patch plays, no conflict
    assert validate_pack(top, display_root="top").errors == 0
    (top / "errata.yaml").write_text(_patch("top-errata", "  attack: 3D+2\n"))
    result = validate_pack(top, display_root="top")
    assert result.errors == 0, lines(result.problems)
    assert [line for line in lines(result.problems) if "was changed by" in line] == [
        f"top/errata.yaml:5:3 info [pack-override] attack of monster_level 'orc-2' was changed by patch pb-errata "
        f"({_shown(tmp_path / 'b' / 'errata.yaml')}:5:3) of pb 0.1.0: this patch's plays"]
    assert result.pack.get("monster_level", "orc-2").attack == "3D+2"
