"""The engine bundle: canonical, hashed, and loadable back into the same ContentPack."""

import json

import pytest

from doria_forge.export.bundle import BundleError, dumps_bundle, load_bundle, write_bundle
from doria_forge.model import Character, ContentPack, Monster, MonsterLevel, Pack


def _pack(extra_hp: int = 0) -> ContentPack:
    return ContentPack.from_documents(
        [
            Pack(id="mini", name="Mini", version="1.2.3"),
            Monster(id="orc", name="Orc", attack_type="melee", range=1, action_points=7,
                    vulnerability="fire", priority="A", figures=2, deck_cards=5),
            MonsterLevel(id="orc-1", monster="orc", level=1, attack="2D+5", defense="2D+5",
                         psi_resistance="2D+2", damage=2, hit_points=1 + extra_hp, armor_rating=0),
            Character(id="warrior", name="Warrior",
                      attributes={"STR": 13, "CON": 13, "AGI": 9, "PER": 9, "WIS": 5, "PSI": 1}),
        ]
    )


def test_bundle_manifest_names_format_pack_and_content_hash():
    data = json.loads(dumps_bundle(_pack()))
    manifest = data["manifest"]
    assert manifest["format_version"] == 1
    assert (manifest["pack_id"], manifest["pack_version"]) == ("mini", "1.2.3")
    assert manifest["content_sha256"] == _pack().content_hash()
    assert manifest["counts"] == {"character": 1, "monster": 1, "monster_level": 1, "pack": 1}
    assert data["documents"]["monster_level"]["orc-1"]["attack"] == "2D+5"


def test_bundle_is_byte_identical_for_the_same_content_and_changes_with_it(tmp_path):
    a = write_bundle(_pack(), tmp_path / "a.json").read_bytes()
    b = write_bundle(_pack(), tmp_path / "b.json").read_bytes()
    assert a == b
    assert write_bundle(_pack(extra_hp=1), tmp_path / "c.json").read_bytes() != a


def test_bundle_loads_back_to_an_equal_pack(tmp_path):
    path = write_bundle(_pack(), tmp_path / "pack.json")
    loaded = load_bundle(path)
    assert loaded.to_data() == _pack().to_data()
    assert loaded.level_card("orc", 1).damage == 2


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda d: d["documents"]["monster_level"]["orc-1"].__setitem__("damage", 9), "hash"),
        (lambda d: d["manifest"].__setitem__("format_version", 99), "version"),
        (lambda d: d["documents"]["monster_level"]["orc-1"].__setitem__("attack", "lots"), "invalid"),
        (lambda d: d.__setitem__("manifest", {}), "not a doria-forge-bundle"),
    ],
)
def test_damaged_or_foreign_bundles_are_refused_with_a_reason(tmp_path, mutate, message):
    data = json.loads(dumps_bundle(_pack()))
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(BundleError, match=message):
        load_bundle(path)


def test_not_json_is_refused(tmp_path):
    path = tmp_path / "junk.json"
    path.write_bytes(b"\xff\x00junk")
    with pytest.raises(BundleError, match="cannot read"):
        load_bundle(path)


def test_export_bundle_to_a_page_name_is_a_usage_error(tmp_path):
    """`export bundle --out pack.html` wrote the JSON bundle under a web page's name, without a word;
    a name without a known suffix is still taken as given."""
    from typer.testing import CliRunner

    from doria_forge.commands.cli import app

    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pack.yaml").write_text("kind: pack\nid: tiny\nname: Tiny\nversion: 0.1.0\n", encoding="utf-8")
    runner = CliRunner()
    refused = runner.invoke(app, ["export", "bundle", str(pack), "--out", str(tmp_path / "pack.html")])
    assert refused.exit_code == 2, refused.output
    assert "--out writes JSON, not an HTML page; give --out a .json file" in refused.output
    assert not (tmp_path / "pack.html").exists()
    taken = runner.invoke(app, ["export", "bundle", str(pack), "--out", str(tmp_path / "pack.bundle")])
    assert taken.exit_code == 0, taken.output
    assert json.loads((tmp_path / "pack.bundle").read_text(encoding="utf-8"))["manifest"]["pack_id"] == "tiny"
