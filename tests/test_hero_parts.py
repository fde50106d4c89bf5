"""HeroState in rooms (issue 24, "Smaller rooms"): the hero is one dataclass assembled from
parts, one module per group of Book of Rules chapters; the split changed no public name."""

import dataclasses
import importlib
import inspect
import re

import doria_forge.engine.hero as hero

PARTS = ["hero_sheet", "hero_values", "hero_equipping", "hero_costs", "hero_points"]

# engine.hero's __all__ before the split: every one must still import from engine.hero
EXPORTED_BEFORE = ["BODY_ZONES", "EXPECTED_DIE", "HeroState", "IllegalAction", "ItemInstance", "clone_hero",
                   "custom_character_problems", "expected_roll", "initiative_dice", "initiative_fumble",
                   "validate_custom_character"]


def _part_classes() -> dict[str, type]:
    classes = {}
    for name in PARTS:
        module = importlib.import_module(f"doria_forge.engine.{name}")
        own = [c for _, c in inspect.getmembers(module, inspect.isclass)
               if c.__module__ == module.__name__ and issubclass(hero.HeroState, c)]
        assert len(own) == 1, (name, own)
        classes[name] = own[0]
    return classes


def test_every_name_engine_hero_exported_still_imports_from_it():
    for name in EXPORTED_BEFORE:
        assert name in hero.__all__
        assert getattr(hero, name) is not None
    from doria_forge.engine.hero_sheet import ItemInstance

    assert hero.ItemInstance is ItemInstance  # re-exported, not a second class


def test_every_part_is_a_base_of_hero_state_and_names_the_chapters_it_implements():
    for name, part in _part_classes().items():
        doc = importlib.import_module(f"doria_forge.engine.{name}").__doc__ or ""
        assert "Book of Rules" in doc and re.search(r"\*[A-Z][^*]+\*", doc), name
        assert "HeroState" in (part.__doc__ or ""), name


def test_no_method_is_defined_in_two_parts_nor_again_in_hero_state():
    # one owner per method: a second definition would silently win or lose by base-class order
    seen: dict[str, str] = {}
    owners = {**_part_classes(), "hero": hero.HeroState}
    for owner, cls in owners.items():
        for attr, value in vars(cls).items():
            if callable(value) or isinstance(value, (property, classmethod)):
                if attr.startswith("__") and attr != "__post_init__":
                    continue
                assert attr not in seen, f"{attr} is in {seen.get(attr)} and {owner}"
                seen[attr] = owner


def test_the_parts_add_no_dataclass_field_and_keep_the_sheet_order():
    names = [f.name for f in dataclasses.fields(hero.HeroState)]
    assert names == ["uid", "character", "rules", "attributes", "hp", "pp", "poison_markers", "immobilized",
                     "immobilized_by",
                     "disarmed", "unconscious", "dead", "hero_bonuses", "attribute_points", "hands", "zones",
                     "accessory", "body_items", "belt", "backpack",
                     # remembered answers, declared so that a hero's attributes stay in Python's compact
                     # storage (issue 20): the Body Zone's cards and totals, a bot's usable ranges
                     "_eq_cache", "_usable_ranges"]
