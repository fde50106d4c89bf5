from validate_helpers import lines, validate_files


def _hero(attributes: str, premade: str = "false") -> str:
    return f"kind: character\nid: tinker\nname: Tinker\npremade: {premade}\nattributes: {attributes}\n"


def test_a_custom_hero_within_the_limits_passes(tmp_path):
    text = _hero("{STR: 8, CON: 8, AGI: 9, PER: 9, WIS: 8, PSI: 8}")
    assert lines(validate_files(tmp_path, {"h.yaml": text}).problems) == []


def test_over_the_limits_is_an_error_at_the_attribute_and_at_the_sum(tmp_path):
    """Chapter *Preparing Characters*: 50 points, each attribute 1-13 (the engine refused this hero
    only when a game started)."""
    text = _hero("{STR: 16, CON: 8, AGI: 9, PER: 9, WIS: 8, PSI: 8}")
    assert lines(validate_files(tmp_path, {"h.yaml": text}).problems) == [
        "h.yaml:5:13 error [custom-hero-limits] custom hero tinker: attributes sum to 58, not 50 creation points "
        "(creation limits of the rules: 50 points, each attribute 1..13)",
        "h.yaml:5:19 error [custom-hero-limits] custom hero tinker: STR 16 is outside 1..13 (creation limits of "
        "the rules: 50 points, each attribute 1..13)",
    ]


def test_the_limits_come_from_the_rules_document(tmp_path):
    files = {"h.yaml": _hero("{STR: 15, CON: 8, AGI: 9, PER: 9, WIS: 5, PSI: 4}"),
             "rules.yaml": "kind: rules\nid: house\nattribute_max_at_creation: 15\n"}
    assert lines(validate_files(tmp_path, files).problems) == []


def test_premade_heroes_are_not_checked(tmp_path):
    text = _hero("{STR: 16, CON: 8, AGI: 9, PER: 9, WIS: 8, PSI: 8}", premade="true")
    assert lines(validate_files(tmp_path, {"h.yaml": text}).problems) == []


def test_a_hero_without_one_of_the_six_attributes_is_an_error_at_its_attributes(tmp_path):
    """A premade hero without CON validated clean, and `simulate duels` then ended in a traceback
    (the engine cannot build a hero without all six attributes)."""
    from typer.testing import CliRunner

    from doria_forge.commands.cli import app

    text = _hero("{STR: 13, AGI: 9, PER: 9, WIS: 5, PSI: 1}", premade="true")
    assert lines(validate_files(tmp_path, {"h.yaml": text}).problems) == [
        "h.yaml:5:13 error [schema] attributes: missing attribute CON: a hero has all six (STR, CON, AGI, PER, "
        "WIS, PSI)",
    ]
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "h.yaml").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["simulate", "duels", str(pack), "--runs", "1"])
    assert result.exit_code == 1 and "missing attribute CON" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
