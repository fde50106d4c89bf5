"""The replay's event log in the rulebook's words (sim.event_text): sentences, not the engine's
field names, ids and Python values."""

from __future__ import annotations

import html
import re

from doria_forge.commands.pipeline_scenarios import verify
from doria_forge.engine.events import Event
from doria_forge.sim.event_text import Names, event_sentence, told_order

RAW = re.compile(r"\w=|[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|\(\)|\w_\w|\w:\w|\('|'\)|', '")
"""What the engine's fields looked like in the log: ``amount=2``, ``{...}``, ``None``, ``()``,
``snake_case`` names, ``equipment:psi_dart:1`` ids, ``('a', 'b')`` reprs."""


def test_events_read_as_sentences_with_the_rulebooks_terms(shipped_pack):
    names = Names(shipped_pack)
    said = {kind: event_sentence(Event(kind, actor, data), names) for kind, actor, data in [
        ("initiative", "adventurer", {"roll": 25, "ap": 25, "fumble": False}),
        ("doom", None, {"steps": 2, "before": 31, "after": None, "reason": "phase_g",
                        "effects": ("extra_activation", "level_up")}),
        ("attack", "adventurer", {"target": "orc-1", "item": "adventurer/equipment:psi_dart:1", "attack_type": "magic",
                                  "attack": 27, "defense": 21, "hit": True, "critical_steps": 0, "ap": 15, "pp": 0}),
        ("pp_spent", "adventurer", {"amount": 7, "pp": 1, "reason": "psi resistance"}),
        ("retrieve", "adventurer", {"item": "adventurer/equipment:psi_dart:1", "to": "equip", "ap": 10}),
    ]}
    assert said["initiative"] == "Adventurer rolls 25 for Initiative: 25 Action Points"
    assert said["doom"] == ("The Doom Counter moves 2 fields (Phase G), from field 31 to the red monster head; "
                            "reached: Extra Activation and Level Up")
    assert said["attack"] == ("Adventurer attacks Orc 1 with Psi Dart (magic): attack 27 against defense 21, a hit "
                              "(15 Action Points)")
    assert said["pp_spent"] == "Adventurer spends 7 Psi Points (Psi Resistance), 1 left"
    assert said["retrieve"] == "Adventurer takes Psi Dart out of the Backpack to the Body Zone (10 Action Points)"


def test_shop_slots_are_counted_from_one_as_the_table_shows_them():
    """*Phase B*: one shop slot in front of each of the three Loot Decks; the engine's slot 0 read
    "slot 0", a slot no player has."""
    bought = event_sentence(Event("bought", None, {"slots": (0, 2), "price": 5, "paid": 5}))
    shown = event_sentence(Event("shop_card", None, {"card": "mind_ward", "slot": 2}))
    assert bought == "The party buys the shop cards in shop slot 1 and shop slot 3 for 5 gold (5 paid)"
    assert shown.endswith("in shop slot 3") and "slot 0" not in bought


def test_an_event_without_a_sentence_of_its_own_is_still_words():
    line = event_sentence(Event("new_kind_of_thing", "orc-2", {"some_field": ("a_b", "c"), "gone": None,
                                                                "done": True, "square": (1, 2)}))
    assert line == "Orc-2: new kind of thing (some field a b and c, done yes, square (1, 2))"


def test_the_replay_in_the_html_report_shows_sentences_not_engine_fields(shipped_pack, tmp_path):
    """The event log read ``orc-1: monster_hp_lost amount=2 hp=-1 source=adventurer`` and
    ``doom steps=1 before=None after=40 reason=phase_g effects=()``."""
    verify(shipped_pack, ["goblin_warren"], players=[1], runs=1, seed=2, jobs=1, progress=False, show=False,
           out=tmp_path / "r.json", html=tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    logs = re.findall(r"<summary>Event log, round \d+ .*?</summary>\n<pre>(.*?)</pre>", page, re.S)
    events = [line for text in logs for line in html.unescape(text).split("\n") if " decides: " not in line]
    assert events and "Round 1 begins" in events
    assert any("for Initiative:" in line and "Action Points" in line for line in events)
    assert any(line.startswith("The Doom Counter moves") for line in events)
    # squares as the scenario sheet names them, by their Room Tile: "square [2, 1] of Room Tile A-1"
    printed = re.compile(r"square \[\d, \d\] of Room Tile [A-Z]-\d+")
    assert any(printed.search(line) for line in events)
    assert not [line for line in events if "square (" in line]
    assert [line for line in events if RAW.search(printed.sub("square", line))] == []


def test_a_square_is_named_by_its_room_tile_as_the_tile_prints_it():
    """The log named squares by the engine's grid ("square (7, 3)"), which no player can find on
    the table; a square is named as a scenario names one, by its Room Tile's printed row and
    column, also on a tile that was turned when it was placed."""
    from types import SimpleNamespace

    from doria_forge.engine.map.layout import Layout
    from doria_forge.geometry import TileShape, rotate_cell

    shape = TileShape(("#####", "#...#", "#...#", "#...#", "##.##"))
    layout = Layout()
    layout.place("A-1", shape, (0, 0), 0)
    layout.place("B-4", shape.rotated(1), (1, 0), 1)  # one quarter turn clockwise, south of A-1
    names = Names(None, SimpleNamespace(layout=layout))
    assert names.square((1, 3)) == "square [1, 3] of Room Tile A-1"
    turned = rotate_cell((1, 3), 1)  # the printed [1, 3] of B-4 after its quarter turn
    assert names.square((5 + turned[0], turned[1])) == "square [1, 3] of Room Tile B-4"
    assert names.square((40, 40)) == "square (40, 40)"  # no Room Tile there
    moved = event_sentence(Event("moved", "adventurer", {"square": (1, 2), "ap": 2}), names)
    assert moved == "Adventurer moves to square [1, 2] of Room Tile A-1 (2 Action Points)"


def test_the_second_goblin_of_a_card_is_placed_for_its_card_not_for_the_pack():
    """*Multiple monsters per monster icon*: one Goblin card brings two figures, the second "as
    close as possible to the first" (docs/rules-decisions.md, *Goblins per icon*). The replay said
    the second was placed "(pack)", as if the content pack had put it there."""
    from map_helpers import map_game, pack_with, tile

    from doria_forge.engine.actions import RevealRoomTile

    room = tile("A-3", ["#####", "#...#", "#...#", "#...#", "##.##"], doors=[("south", 2)], icons=[(2, 2, "white")])
    pack = pack_with(room)
    state = map_game(pack, ["mage"], tiles=[("A-1", (0, 0), 0)], at={"mage": (0, 2)}, ap=30,
                     deck=["A-3"], monster_cards=["goblin"])
    state.apply(RevealRoomTile((0, 2)))
    placed = [event_sentence(e, Names(pack)) for e in state.log if e.kind == "monster_placed"]
    assert placed == ["Goblin 1 is placed at Monster Level 1 (a monster icon)",
                      "Goblin 2 is placed at Monster Level 1 (the same monster card as the one before)"]


def test_a_lasting_rule_on_a_monsters_hit_names_the_monster_hitting_and_the_hero_hit(shipped_pack):
    """The Sunken Reliquary's "Undead monsters deal 1 extra damage to the hero carrying the relic"
    (docs/rules-decisions.md, *A scenario's extra damage comes before armor*). The replay said
    "Scenario rule 5 fires on monster hit by Ranger (Zombie 7 hit for 1 point)", which reads as
    the Ranger hitting a monster; the Zombie hit the Ranger for 1 point more."""
    names = Names(shipped_pack)
    more = Event("scenario_rule", "ranger", {"rule": 4, "on": "monster_hit", "monster": "zombie-7", "points": 1})
    less = Event("scenario_rule", "ranger", {"rule": 0, "on": "monster_hit", "monster": "orc-2", "points": -2})
    assert event_sentence(more, names) == "Scenario rule 5 changes the hit of Zombie 7 on Ranger: 1 point of damage more"
    assert event_sentence(less, names) == "Scenario rule 1 changes the hit of Orc 2 on Ranger: 2 points of damage less"


def test_an_ignored_monster_level_up_says_why_not_that_the_level_is_the_highest():
    """*Phase G*, +1 Level: "In campaign scenarios, this may only apply to the first level up, all
    following level changes are ignored for this scenario" (``levelup.raise_monster_level``). The
    replay said "The monsters stay at Monster Level 2, the highest", though Monster Level Cards go
    up to 4 and the Monster Level can rise above 4 (*Hero and Monster Level*)."""
    said = event_sentence(Event("monster_level_up_ignored", None, {"level": 2}))
    assert said == ("The monsters stay at Monster Level 2: in a campaign scenario only the first "
                    "Monster Level Up counts")


def test_a_monster_rising_a_level_tells_its_hit_points_now_and_what_changed(shipped_pack):
    """*Hero and Monster Level*: existing monsters take "only the difference" of Hit Points and
    Armor Rating of the new card. The replay read "Archer 14 rises to Monster Level 2 (1 Hit Points,
    +0 Hit Points, +0 Armor Rating)": two Hit Point figures side by side, one of them "1 Hit Points"."""
    said = event_sentence(Event("monster_level", "archer-14", {"level": 2, "hp": 1, "hp_change": 0, "ar_change": 1}),
                          Names(shipped_pack))
    assert said == "Archer 14 rises to Monster Level 2 (1 Hit Point now: Hit Points +0, Armor Rating +1)"


def test_a_monster_attack_with_one_extra_die_says_die():
    """An aura's or a rule's extra attack die read "(+1 dice)"."""
    one = event_sentence(Event("monster_attack", "orc-1", {"targets": ("warrior",), "attack": 14, "extra_dice": 1}))
    two = event_sentence(Event("monster_attack", "orc-1", {"targets": ("warrior",), "attack": 14, "extra_dice": 2}))
    assert "(+1 die)" in one and "(+2 dice)" in two


def test_a_monsters_ability_is_named_by_whose_it_is_not_by_its_id(shipped_pack):
    """The Hollow King's summoned Skeletons read "placed at Monster Level 1 (hollow king raise dead)"
    and the Orc's earned activation "(orc extra activation on wound)": the ability's id in words. The
    pack gives an ability an id and its printed text, no name: it is named by its monster."""
    names = Names(shipped_pack)
    owners = {doc.ability.id: doc for kind in ("monster", "boss") for doc in shipped_pack.of_kind(kind).values()
              if doc.ability is not None}
    assert owners
    for ability_id, owner in owners.items():
        placed = event_sentence(Event("monster_placed", "skeleton-7", {"monster": "skeleton", "level": 1,
                                                                         "modifications": (), "reason": ability_id}),
                                names)
        earned = event_sentence(Event("extra_activation", "orc-2", {"reason": ability_id}), names)
        owner_name = names(owner.id)
        assert placed == f"Skeleton 7 is placed at Monster Level 1 ({owner_name}'s ability)"
        assert earned == f"Orc 2 earns an Extra Activation ({owner_name}'s ability)"
        assert ability_id.replace("_", " ") not in placed + earned


def _told(state, start: int = 0) -> list[str]:
    """A game's log from event ``start`` on as the replay tells it (``told_order``), a sentence each."""
    events = list(state.log)[start:]
    names = Names(state.pack)
    return [event_sentence(events[i], names) for i in told_order(events)]


def test_a_trap_check_is_told_before_the_hit_points_it_costs():
    """*Traps and Secret Doors*: the character rolls against the Trap's Target Number; a failure
    costs the card's damage (through one armor card). The replay told "Adventurer loses 3 Hit
    Points to trap" before "Adventurer against Boulder Trap: rolls 22 against Target Number 31:
    failure, 3 Hit Points lost": the damage before the roll, and the Hit Points twice."""
    from test_engine_state import make_state

    from doria_forge.engine.decks import TRAP, Card
    from doria_forge.engine.traps import resolve_trap

    state = make_state(["adventurer"], faces=[2, 3])  # 17 + 5 against Target Number 31: a failure
    resolve_trap(state, Card(TRAP, "boulder_trap"), state.hero("adventurer"))
    told = _told(state)
    check = next(i for i, line in enumerate(told) if "against Target Number 31: failure" in line)
    lost = [i for i, line in enumerate(told) if " loses " in line]
    assert told[0].startswith("Adventurer springs") and lost and check < min(lost)
    assert "Hit Point" not in told[check]  # told once, by the line after it
    assert all(" to the Trap (" in told[i] for i in lost), told  # not "to trap", the engine's source id


def test_the_armor_a_traps_element_passes_is_told_after_the_check():
    """A failed check against an earth Trap: the Warrior's Plate (vulnerable to earth) stops none of
    its damage. The replay tells the roll, then that the armor does not stop the damage, then the
    Hit Points lost: the engine logs the armor before the check (it applies the damage first)."""
    from test_engine_state import make_pack, make_state

    from doria_forge.engine.decks import TRAP, Card
    from doria_forge.engine.traps import resolve_trap
    from doria_forge.model import Trap

    quake = Trap(id="quake", name="Quake", trap_type="person", check_attributes=("STR", "AGI"),
                 tn_base=28, tn_per_ml=3, effect={"damage": 3, "element": "earth"}, xp=1, gold=1)
    state = make_state(["warrior"], faces=[1, 2], pack=make_pack(quake))
    resolve_trap(state, Card(TRAP, "quake"), state.hero("warrior"))
    told = _told(state)
    check = next(i for i, line in enumerate(told) if "against Target Number 31: failure" in line)
    armor = next(i for i, line in enumerate(told) if "armor does not stop" in line)
    lost = next(i for i, line in enumerate(told) if " loses 3 Hit Points to the Trap" in line)
    assert check < armor < lost, told


def test_a_healing_potion_is_told_once():
    """The replay told "Mage regains 3 Hit Points", then "Warrior uses Small Healing Potion on
    Mage, regaining 3 Hit Points (9 Action Points)": the same 3 Hit Points twice."""
    from map_helpers import map_game, pack_with, tile

    from doria_forge.engine.actions import UseItem
    from doria_forge.engine.hero_sheet import ItemInstance

    room = tile("ROOM", ["#####", "#...#", "#...#", "#...#", "#####"], doors=[])
    pack = pack_with(room)
    state = map_game(pack, ["warrior", "mage"], tiles=[("ROOM", (0, 0), 0)],
                     at={"warrior": (2, 2), "mage": (2, 3)}, ap={"warrior": 20})
    state.hero("mage").hp = 1
    potion = ItemInstance(pack.equipment["small_healing_potion"], "warrior/equipment:small_healing_potion:1")
    state.hero("warrior").move_to_belt(potion)
    before = len(state.log)
    state.apply(UseItem(potion.uid, "mage", True))
    told = [line for line in _told(state, before) if "Hit Point" in line]
    assert told == ["Warrior uses Small Healing Potion on Mage, regaining 3 Hit Points (9 Action Points)"]


def test_a_hit_the_armor_rating_stops_entirely_says_so_with_its_numbers():
    """*Getting Hit and Armor Rating*: "Each hit against a monster must do more damage than their
    Armor Rating, otherwise the damage is ignored." The Warrior's Longsword (3 damage) hits an Orc
    of Armor Rating 3 (the book's Defense example, 28 against 19): the replay said only "a hit" and
    nothing after it, as if the hit had been lost."""
    from test_engine_combat import RULES, hero, monster, weapon

    from doria_forge.engine.combat import hero_attack
    from doria_forge.engine.dice import ScriptedDice
    from doria_forge.engine.events import EventLog

    def attack(ar: int) -> list[str]:
        longsword = weapon("longsword", "3D+5", 3, ap=14)
        warrior = hero([longsword], "warrior", STR=15, CON=12)
        log = EventLog()
        hero_attack(ScriptedDice([3, 4, 10, 6, 8, 6]), log, warrior, warrior.hands[0], longsword.attacks[0],
                    monster(defense="2D+5", hp=9, ar=ar), RULES)
        return [event_sentence(e) for e in log]

    stopped, wounded = attack(3), attack(1)
    assert stopped == ["Warrior attacks orc with longsword (melee): attack 28 against defense 19, a hit "
                       "(14 Action Points); 3 damage against Armor Rating 3: the armor stops it all, "
                       "no Hit Point lost"]
    assert wounded[0].endswith("a hit (14 Action Points)") and wounded[1] == "Orc loses 2 Hit Points to warrior (7 left)"


def test_a_marker_a_scenario_places_is_told_with_its_square():
    """A scenario's ``place_marker`` (the Salt Mine's Rubble on the entrance after round 1, the
    Goblin Warren's Nest) put the marker down silently: the replay said "Scenario rule 1 fires on
    round start" and nothing of what the rule placed, or where. The scenario's setup markers were
    not told either."""
    from test_scenario_engine import game, scenario

    sc = scenario(setup={"markers": [{"do": "place_marker", "marker": "nest", "at": {"tile": "ROOM", "square": [1, 3]}}]},
                  rules=[{"when": {"on": "round_start", "round": 1}, "do": [
                      {"do": "place_marker", "marker": "rubble", "at": {"tile": "ROOM", "square": [1, 1]}}]}])
    state = game(sc)
    before = len(state.log)
    state.scenario.on(state, "round_start", {"round": 1})
    names = Names(state.pack, state.board)
    setup = [event_sentence(e, names) for e in list(state.log)[:before]]
    fired = [event_sentence(e, names) for e in list(state.log)[before:]]
    assert "A Nest Marker is placed on square [1, 3] of Room Tile ROOM (the scenario)" in setup
    assert fired == ["Scenario rule 1 fires on round start",
                     "A Rubble Marker is placed on square [1, 1] of Room Tile ROOM (the scenario)"]


def test_an_armor_card_that_stops_a_monsters_hit_entirely_says_no_hit_point_was_lost():
    """*Getting Hit and Armor Rating*: one armor card stops up to its Armor Rating, the rest comes
    off the Hit Points. A Zombie's 2 damage against the Adventurer's Helm of Armor Rating 2 read
    "Adventurer defends ...: hit" and "Adventurer's Ironguard Helm gets a Damaged Marker (armor
    used)", then nothing: how much the armor stopped, and that no Hit Point was lost, was left to
    guess."""
    from test_engine_combat import RULES, Fixed, armor, hero, monster

    from doria_forge.engine.combat import monster_attack
    from doria_forge.engine.dice import ScriptedDice
    from doria_forge.engine.events import EventLog

    def hit_for(damage: int) -> list[str]:
        helm = armor("helm", "head", 2)
        adventurer = hero([helm], "adventurer")
        log = EventLog()
        monster_attack(ScriptedDice([5, 5, 5, 5]), log, monster("zombie", attack="2D+5", damage=damage),
                       [adventurer], RULES, Fixed())
        return [event_sentence(e) for e in log if e.kind in ("item_damaged", "hp_lost")]

    assert hit_for(2) == ["A Damaged Marker goes on adventurer's helm, which stopped all 2 damage: no Hit Point lost"]
    assert hit_for(3) == ["A Damaged Marker goes on adventurer's helm, which stopped 2 of the 3 damage",
                          "Adventurer loses 1 Hit Point to zombie (9 left)"]


def test_the_cards_a_black_knight_damages_name_the_knight_as_the_pack_does_and_read_right_in_the_plural(
        shipped_pack):
    """NOTES.md black_knight: a hit puts a Damaged Marker on the cards in the target's hands. The
    replay read "Hero's sword gets a Damaged Marker (black knight)": the monster's name in lower case
    as the reason, not the figure the pack names; and an armor card named in the plural read
    "Huntress's Hunting Boots stops ... and gets", a verb agreeing with the owner's possessive."""
    from test_engine_combat import RULES, hero, monster, weapon

    from doria_forge.engine.combat import monster_attack
    from doria_forge.engine.dice import ScriptedDice
    from doria_forge.engine.events import EventLog

    h = hero([weapon("sword", "2D", 2)])
    knight = monster("black_knight", attack="2D+10", behaviours=["damage_hand_items"])
    log = EventLog()
    monster_attack(ScriptedDice([5, 5, 2, 2]), log, knight, [h], RULES)
    [damaged] = [e for e in log if e.kind == "item_damaged"]
    sentence = event_sentence(damaged, Names(shipped_pack))
    assert sentence.startswith("A Damaged Marker goes on ") and sentence.endswith("(Black Knight)"), sentence
    boots = Event("item_damaged", "huntress", {"item": "hunting_boots", "reason": "armor used", "stopped": 2,
                                               "damage": 4})
    assert event_sentence(boots) == "A Damaged Marker goes on huntress's hunting boots, which stopped 2 of the 4 damage"
