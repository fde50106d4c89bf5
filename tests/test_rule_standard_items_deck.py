from validate_helpers import lines, validate_files

HERO = """\
kind: character
id: warrior
name: Warrior
attributes: {STR: 13, CON: 13, AGI: 9, PER: 9, WIS: 5, PSI: 1}
standard_items:
  - hammer
  - dagger
"""


def _card(card_id: str, deck: str) -> str:
    return (f"kind: equipment\nid: {card_id}\nname: {card_id}\ncard_type: item\nzone: accessory\n"
            f"deck: {deck}\n")


def test_standard_deck_items_pass(tmp_path):
    files = {"hero.yaml": HERO, "items.yaml": _card("hammer", "standard") + "---\n" + _card("dagger", "standard")}
    assert lines(validate_files(tmp_path, files).problems) == []


def test_a_loot_card_as_a_standard_item_is_an_error_at_the_reference(tmp_path):
    files = {"hero.yaml": HERO, "items.yaml": _card("hammer", "standard") + "---\n" + _card("dagger", "loot")}
    assert lines(validate_files(tmp_path, files).problems) == [
        "hero.yaml:7:5 error [standard-items-deck] standard item 'dagger' of warrior is a card of the loot deck; "
        "a hero's standard items print with the Standard Items (set deck: standard on dagger, or pick another card)",
    ]
