"""Issue 24, "one registered handler per word": every word of the scenario vocabulary and every
monster behaviour is one registered class that owns its model fragment, its documentation
line, an example, its wording and what it does in play; the content models' unions are built
from the registry.

A word registered without any of these fails here, so a new word cannot be half-built."""

from __future__ import annotations

import dataclasses
import json
import typing

import pytest
from pydantic import TypeAdapter

from doria_forge.engine import triggers
from doria_forge.engine.abilities import AbilityProfile, profile_of
from doria_forge.model.behaviours import ABILITY_BEHAVIOURS, Behaviour, ModificationBehaviour
from doria_forge.model.monster import MonsterModification
from doria_forge.model.scenario import Condition, Effect, Goal, Rule, Scenario, Trigger
from doria_forge.model.words.behaviours import BEHAVIOURS
from doria_forge.model.words.common import PLAIN
from doria_forge.model.words.conditions import CONDITIONS
from doria_forge.model.words.effects import EFFECTS
from doria_forge.model.words.effects.base import EffectWord
from doria_forge.model.words.goals import GOALS
from doria_forge.model.words.modifiers import MODIFIERS, Modifier, ModifierWord
from doria_forge.model.words.registry import FAMILIES, Family, Word
from doria_forge.model.words.triggers import TRIGGERS
from doria_forge.sim.fastduel import BEHAVIOUR_FIELDS

WORDS = [(family.kind, name, cls) for family in FAMILIES for name, cls in family.words.items()]


def test_the_registry_holds_every_family():
    assert {f.kind for f in FAMILIES} >= {"trigger", "condition", "effect", "goal", "modifier", "behaviour"}
    assert len(BEHAVIOURS) >= 23
    assert (len(TRIGGERS), len(CONDITIONS), len(GOALS)) >= (9, 6, 7) and len(EFFECTS) >= 18


def test_every_trigger_word_is_a_moment_the_engine_reports():
    """A trigger nobody fires would validate and never play: its name must be one of the
    moments ``engine.triggers.fire`` reports."""
    assert TRIGGERS.names() == list(triggers.TRIGGERS)


@pytest.mark.parametrize(("kind", "name", "cls"), WORDS, ids=[f"{k}:{n}" for k, n, _ in WORDS])
def test_every_word_has_a_description_an_example_and_its_handlers(kind, name, cls):
    assert (cls.__doc__ or "").strip(), f"{kind} {name} has no description (class docstring)"
    assert cls.example, f"{kind} {name} has no example"
    family = next(f for f in FAMILIES if f.kind == kind)
    word = TypeAdapter(family.union()).validate_python(cls.example)
    assert type(word) is cls, f"the example of {kind} {name} is read as another word"
    assert word.describe(PLAIN), f"{kind} {name} has no wording"
    if kind == "modifier":  # a modifier answers the engine's questions it changes (at least one)
        hooks = [m for m in cls.HOOKS if getattr(cls, m) is not getattr(ModifierWord, m)]
        assert hooks, f"{kind} {name} answers none of the engine's questions {cls.HOOKS}"
        return
    handlers = [m for m in ("play", "holds", "matches", "reached", "fold") if hasattr(cls, m)]
    assert handlers, f"{kind} {name} has no engine handler"
    for method in handlers:
        base = next(b for b in cls.__mro__[1:] if hasattr(b, method))
        if getattr(base, method) is getattr(cls, method):
            raise AssertionError(f"{kind} {name} does not implement {method}")


@pytest.mark.parametrize("cls", list(EFFECTS.words.values()), ids=EFFECTS.names())
def test_every_effect_says_what_it_does_to_the_heroes(cls):
    # the bots read it (sim.objectives): a new effect declares it in its own module, never
    # by default
    assert cls.__dict__.get("for_party") in ("helps", "hurts", "depends"), cls.__name__


@pytest.mark.parametrize(("union", "family"), [(Trigger, TRIGGERS), (Condition, CONDITIONS), (Effect, EFFECTS),
                                               (Goal, GOALS), (Modifier, MODIFIERS),
                                               (ModificationBehaviour, BEHAVIOURS)])
def test_the_content_models_unions_are_the_registered_words(union, family):
    words = typing.get_args(union)[0]  # a union of one word is that word
    assert list(typing.get_args(words) or (words,)) == list(family)


def test_the_content_models_read_the_registered_words_and_nothing_else():
    rule = Rule.model_validate({"when": TRIGGERS["flag_set"].example, "if": [c.example for c in CONDITIONS],
                                "do": [cls.example for cls in EFFECTS]})
    assert [e.do for e in rule.effects] == EFFECTS.names()
    assert [c.check for c in rule.conditions] == CONDITIONS.names()
    goals = [g.example for g in GOALS]
    scenario = Scenario.model_validate({"kind": "scenario", "id": "t", "name": "T", "story": "s", "goal": "g",
                                        "goals": {"win": goals}})
    assert [g.goal for g in scenario.goals.win] == GOALS.names()
    with pytest.raises(ValueError, match="does not match any of the expected tags"):
        Rule.model_validate({"when": {"on": "round_start"}, "do": [{"do": "no_such_effect"}]})


def test_a_word_is_registered_once_and_only_with_its_family():
    family: Family[EffectWord] = Family("effect", "do", EffectWord)

    class Twice(EffectWord):
        """A test word."""

        do: typing.Literal["doom"]

    family.register(EFFECTS["doom"])
    with pytest.raises(TypeError, match="registered twice"):
        family.register(Twice)

    class Stranger(Word):
        """Not an effect."""

        do: typing.Literal["stranger"]

    with pytest.raises(TypeError, match="is no effect word"):
        family.register(Stranger)  # type: ignore[arg-type]


def test_an_abilitys_behaviours_are_every_registered_one_but_the_modification_only():
    assert list(typing.get_args(typing.get_args(Behaviour)[0])) == list(ABILITY_BEHAVIOURS)
    assert [b.tag() for b in BEHAVIOURS if b not in ABILITY_BEHAVIOURS] == ["horde"]


@pytest.mark.parametrize("cls", list(BEHAVIOURS), ids=BEHAVIOURS.names())
def test_a_behaviour_writes_only_the_profile_fields_it_declares(cls):
    """What a behaviour does in play is what it writes into the ability profile; it declares
    those fields (``sets``), and the fast duel path classifies each behaviour by the same fields."""
    word = TypeAdapter(BEHAVIOURS.union()).validate_python(cls.example)
    folded, plain = profile_of([("x", [word])], "x"), AbilityProfile(id="x")
    changed = {f.name for f in dataclasses.fields(plain) if getattr(folded, f.name) != getattr(plain, f.name)}
    assert changed <= set(cls.sets), f"{cls.tag()} writes {changed - set(cls.sets)} without declaring them"
    assert set(BEHAVIOUR_FIELDS[cls.tag()]) == set(cls.sets)


def test_a_modification_counts_its_horde_and_knows_when_it_acts_in_phase_f():
    horde = MonsterModification.model_validate({"kind": "monster_modification", "id": "h", "name": "Horde", "text": "t",
                                                "behaviours": [{"behaviour": "horde", "figures": 2}]})
    necro = MonsterModification.model_validate({"kind": "monster_modification", "id": "n", "name": "Necro", "text": "t",
                                                "behaviours": [{"behaviour": "summon", "monster": "zombie"}]})
    assert (horde.extra_figures, horde.acts_in_phase_f) == (2, False)
    assert (necro.extra_figures, necro.acts_in_phase_f) == (0, True)


def test_doria_forge_abilities_lists_every_registered_word_with_its_description_and_example():
    from doria_forge.commands import vocabulary

    data = json.loads(vocabulary.render("json"))
    for family in FAMILIES:
        key = "behaviours" if family.kind == "behaviour" else f"scenario_{family.kind}s"
        entries = {e["name"]: e for e in data[key]["entries"]}
        if family.kind == "behaviour":
            entries |= {e["name"]: e for e in data["modification_effects"]["entries"]}
        for name, cls in family.words.items():
            assert entries[name]["description"], f"{family.kind} {name}"
            assert entries[name]["example"] == cls.example, f"{family.kind} {name}"
    text = vocabulary.render("text")
    assert "  marker_under\n" in text and "Example: {do: marker_under, marker: hole}" in text
