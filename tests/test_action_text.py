"""The heroes' decisions in a replay in the rulebook's words (sim.action_text, sim.reasons): they
read ``Buy((0,), (('adventurer', 'adventurer/equipment:mind_ward:1'),), huntress, False)``,
``Walk((3, 4))`` and ``attack orc-1 with psi_dart: ...; compared orc-2 with psi_dart 0.41``."""

from __future__ import annotations

import html
import inspect
import re
from dataclasses import dataclass
from types import SimpleNamespace

from doria_forge.commands.pipeline_scenarios import verify
from doria_forge.engine import actions as act
from doria_forge.engine.decks import Card
from doria_forge.engine.events import Event
from doria_forge.engine.game import GameState
from doria_forge.engine.state import I
from doria_forge.sim.action_text import PHRASES, action_phrase
from doria_forge.sim.event_text import event_sentence
from doria_forge.sim.reasons import note, reason
from doria_forge.sim.wording import Names

REPR = re.compile(r"\(\(|\(\)|/equipment:|\w:\w|\b[A-Z]\w*\(|\bNone\b|\bTrue\b|\bFalse\b|\('|'\)|', '|\w_\w|\buid")
"""What a Python repr of an action looks like: ``Walk(``, ``((0,),``, ``None``, quotes, uids and
``snake_case`` ids."""

DART = "adventurer/equipment:psi_dart:1"


def test_actions_read_as_what_the_hero_does_in_the_rulebooks_words(shipped_pack):
    names = Names(shipped_pack)
    state = GameState.new(shipped_pack, ["adventurer", "huntress"], seed=7)
    state.loot_decks.shop[0] = Card("equipment", "mind_ward")
    state.phase = I
    said = {type(a).__name__: action_phrase(a, names, state) for a in [
        act.Attack(DART, 0, "orc-1"),
        act.Walk((3, 4)),
        act.Buy((0,), (("adventurer", "adventurer/equipment:side_sword:1"),), "huntress", True),
        act.UseItem("adventurer/equipment:small_healing_potion:1", "huntress", from_belt=True),
    ]}
    assert said == {
        "Attack": "attack Orc 1 with the Psi Dart",
        "Walk": "walk to square (3, 4)",
        "Buy": "buy the Mind Ward (shop slot 1) for Huntress, equipped, paying with Adventurer's Side-Sword",
        "UseItem": "use the Small Healing Potion from the Belt Zone on Huntress",
    }
    assert action_phrase(act.EndTurn(), names, state) == "be done choosing"  # Phase I: the group's choices
    assert action_phrase(act.EndTurn(), names) == "end the turn"
    drawn = SimpleNamespace(pending=SimpleNamespace(options=[SimpleNamespace(tile_id="B-7", rotation=1, joins=(0, -3))]))
    assert action_phrase(act.PlaceRoomTile(0), names, SimpleNamespace(board=drawn)) == (
        "place Room Tile B-7 against square (0, -3), turned 1 quarter turn")


def test_phase_h_choices_read_as_the_hero_makes_them(shipped_pack):
    """They read ``ChooseHeroBonus(extra_damage)`` and ``RecoverPoints(0)``: "recover 0 Hit Points"
    said nothing of the 3 points going to Psi Points."""
    names = Names(shipped_pack)
    deciding = SimpleNamespace(pending_recovery={"mage": 3}, current_actor=lambda: "mage")
    assert action_phrase(act.RecoverPoints(0), names, deciding) == "recover 3 Psi Points"
    assert action_phrase(act.RecoverPoints(2), names, deciding) == "recover 2 Hit Points and 1 Psi Point"
    assert action_phrase(act.ChooseHeroBonus("extra_damage"), names) == "choose the Hero Bonus extra damage"


def test_a_reason_names_the_action_and_the_ones_compared_with_it(shipped_pack):
    state = GameState.new(shipped_pack, ["adventurer"], seed=7)
    chosen, other = act.Attack(DART, 0, "orc-1"), act.Attack(DART, 0, "orc-2")
    note(state, chosen, "the best expected damage per AP", [(chosen, 0.9), (other, 0.41)])
    assert reason(state, chosen, names=Names(shipped_pack)) == (
        "attack Orc 1 with the Psi Dart: the best expected damage per AP; compared: attack Orc 1 with the Psi Dart "
        "(0.90), attack Orc 2 with the Psi Dart (0.41)")


def test_every_action_type_has_its_own_words_and_a_new_one_still_reads_as_words():
    types = [cls for _, cls in inspect.getmembers(act, inspect.isclass)
             if issubclass(cls, act.Action) and cls is not act.Action and cls.__module__ == act.__name__]
    assert types and [cls.__name__ for cls in types if cls not in PHRASES] == []

    @dataclass(frozen=True)
    class LightTorchFromBelt:  # an action type the words do not know yet
        item_uid: str
        to: tuple[int, int]
        helper_uid: str | None = None
        quick: bool = False

    assert action_phrase(LightTorchFromBelt(DART, (3, 4))) == "light torch from belt (item psi dart, to (3, 4), quick no)"


def test_the_replay_in_the_html_report_shows_decisions_in_words_not_reprs(shipped_pack, tmp_path):
    verify(shipped_pack, ["goblin_warren"], players=[1], runs=1, seed=2, jobs=1, progress=False, show=False,
           out=tmp_path / "r.json", html=tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    logs = re.findall(r"<summary>Event log, round \d+ .*?</summary>\n<pre>(.*?)</pre>", page, re.S)
    decisions = [line for text in logs for line in html.unescape(text).split("\n") if " decides: " in line]
    assert decisions and all(line.startswith("Adventurer decides: ") for line in decisions)
    # the square by its Room Tile, as the scenario sheet names squares, not the engine's grid "(3, 4)"
    assert any(re.search(r": walk to square \[\d, \d\] of Room Tile [A-Z]-\d+", line) for line in decisions)
    assert not [line for line in decisions if "square (" in line]
    assert [line for line in decisions if REPR.search(line)] == []


def test_a_name_with_its_own_article_reads_inside_a_sentence(shipped_pack):
    """The boss "The Hollow King" read "attack The Hollow King 6 with the Tomahawk" and "A The
    Hollow King is drawn"."""
    names = Names(shipped_pack)
    assert action_phrase(act.Attack("ranger/equipment:tomahawk:1", 0, "hollow_king-6"), names) == (
        "attack the Hollow King 6 with the Tomahawk")
    assert event_sentence(Event("monster_drawn", None, {"monster": "hollow_king"}), names) == (
        "The Hollow King is drawn")
    assert event_sentence(Event("monster_defeated", "hollow_king-6", {"by": "ranger"}), names) == (
        "The Hollow King 6 is defeated by Ranger")
