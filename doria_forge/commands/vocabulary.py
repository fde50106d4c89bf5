"""The content vocabulary the engine implements, listed from the models (``doria-forge abilities``).

The scenario vocabularies (the triggers, conditions, effects, modifiers and goals of a scenario's rules,
:mod:`doria_forge.model.words`) come first, one section per registered family, each word with
an example. Five more closed vocabularies say what content does in play: monster behaviours
(:mod:`doria_forge.model.behaviours`), Monster Modification effects, trap effects
(:class:`~doria_forge.model.trap.TrapEffect`), item effects (an item's ``effect`` and the
effects of its attacks, :mod:`doria_forge.model.equipment`) and optional rules
(:mod:`doria_forge.model.optional_rules`). This module reads their names, parameters,
types, ranges and descriptions from the pydantic models' JSON Schemas, so the listing is
never out of step with what ``validate`` accepts, and renders them as text, Markdown or
JSON.
"""

from __future__ import annotations

import json
import textwrap
from dataclasses import asdict, dataclass, field
from typing import Any

from pydantic import BaseModel

from doria_forge.engine.state import NOT_YET_ACTING
from doria_forge.infra.terminal import plain_doc
from doria_forge.model.behaviours import ABILITY_BEHAVIOURS, FLAG_BEHAVIOURS, MODIFICATION_ONLY, BehaviourModel
from doria_forge.model.equipment import AttackProfile, ItemEffect
from doria_forge.model.monster import MonsterModification, StatModifiers
from doria_forge.model.optional_rules import OPTIONAL_RULE_IDS, OPTIONAL_RULES
from doria_forge.model.trap import TrapEffect
from doria_forge.model.words import FAMILIES, Family, Word

FORMATS = ("text", "markdown", "json")

_ATTACK_EFFECTS = ("element", "piercing", "poison_markers", "immobilize", "disarm", "extra_damage_vs", "area",
                   "affects_friends")
"""The fields of an attack profile that act on a hit and say whom it hits (the rest say how the attack is made)."""


@dataclass(frozen=True)
class Parameter:
    """One parameter of an entry: ``name``, ``type`` (with its range or choices, as text),
    ``required``, ``default`` (``None`` when required) and ``description``."""

    name: str
    type: str
    required: bool
    default: Any
    description: str


@dataclass(frozen=True)
class Entry:
    """One word of a vocabulary: its ``name``, what it does, its ``parameters`` (a behaviour's
    keys beside ``behaviour:``) or, for a field, its own ``type``; ``note`` adds a caveat;
    ``example``: the word as written in YAML (the registered words have one)."""

    name: str
    description: str
    parameters: tuple[Parameter, ...] = ()
    type: str | None = None
    default: Any = None
    note: str = ""
    example: dict[str, Any] | None = None


@dataclass(frozen=True)
class Section:
    """A vocabulary: ``key`` (JSON), ``title``, ``usage`` (where and how it is written) and its entries."""

    key: str
    title: str
    usage: str
    entries: tuple[Entry, ...] = field(default_factory=tuple)


def _type(prop: dict[str, Any], defs: dict[str, Any]) -> str:
    """A JSON Schema property as a short type text: ``integer 1-10``, ``one of: hit, wound``..."""
    if "$ref" in prop:
        return _type(defs[prop["$ref"].rsplit("/", 1)[-1]], defs)
    if "anyOf" in prop:
        parts = [_type(p, defs) for p in prop["anyOf"] if p.get("type") != "null"]
        nullable = any(p.get("type") == "null" for p in prop["anyOf"])
        return " or ".join(parts) + (" (or none)" if nullable else "")
    if "const" in prop:
        return repr(prop["const"])
    if "enum" in prop:
        return "one of: " + ", ".join(map(str, prop["enum"]))
    kind = prop.get("type")
    if kind == "integer":
        low, high = prop.get("minimum"), prop.get("maximum")
        if low is not None and high is not None:
            return f"integer {low}-{high}"
        if low is not None:
            return f"integer >= {low}"
        return "integer"
    if kind == "boolean":
        return "true or false"
    if kind == "string":
        return "text"
    if kind == "object" and "title" in prop and "properties" in prop:  # a nested model: a Place
        return f"{prop['title'].lower()} {{{', '.join(prop['properties'])}}}"
    if kind == "object" and "propertyNames" in prop:
        keys = _type(prop["propertyNames"], defs).removeprefix("one of: ")
        return f"mapping ({keys}) -> {_type(prop.get('additionalProperties', {}), defs)}"
    if kind == "array":
        return f"list of {_type(prop.get('items', {}), defs)}"
    return str(kind or "value")


def _fields(model: type[BaseModel], names: tuple[str, ...] | None = None, skip: tuple[str, ...] = ()
            ) -> list[tuple[str, Parameter]]:
    """``(name, Parameter)`` of ``model``'s fields (only ``names`` if given, in that order)."""
    schema = model.model_json_schema()
    props, defs, required = schema.get("properties", {}), schema.get("$defs", {}), set(schema.get("required", ()))
    order = names if names is not None else tuple(props)
    out = []
    for name in order:
        if name in skip:
            continue
        prop = props[name]
        out.append((name, Parameter(name, _type(prop, defs), name in required, prop.get("default"),
                                    plain_doc(prop.get("description")))))
    return out


def _behaviour_entry(model: type[BehaviourModel]) -> Entry:
    params = tuple(p for _, p in _fields(model, skip=("behaviour",)))
    return Entry(model.tag(), plain_doc(model.__doc__), params, example=model.example)


_WORD_USAGE = {
    "trigger": "A scenario rule's `when`, as {on: NAME, PARAMETER: VALUE...}; `text` adds printed flavour.",
    "condition": "A scenario rule's `if` list, each as {check: NAME, PARAMETER: VALUE...}; all must hold.",
    "effect": "A scenario rule's `do` list (also a check's `success`/`failure`, a Door Event's effects, the "
              "setup's `markers`), each as {do: NAME, PARAMETER: VALUE...}; `text` adds printed flavour.",
    "modifier": "A lasting scenario rule's `modify` list (a rule without `when` and `do`), each as {modifier: NAME, "
                "PARAMETER: VALUE...}; it changes the rules for as long as the rule's `if` conditions hold (asked "
                "each time); `text` adds printed flavour.",
    "goal": "A scenario's `goals.win` and `goals.lose` lists, each as {goal: NAME, PARAMETER: VALUE...}.",
}


def _word_sections() -> list[Section]:
    """One section per scenario family of the registry (``model.words``: triggers, conditions,
    effects, modifiers, goals), its words in registration order."""
    by_kind = {family.kind: family for family in FAMILIES}
    return [Section(f"scenario_{kind}s", f"Scenario {kind}s", usage, tuple(_word_entry(by_kind[kind], cls)
                                                                          for cls in by_kind[kind]))
            for kind, usage in _WORD_USAGE.items()]


def _word_entry(family: Family[Any], cls: type[Word]) -> Entry:
    params = tuple(p for _, p in _fields(cls, skip=(family.tag, "text")))
    return Entry(family.name_of(cls), plain_doc(cls.__doc__), params, example=getattr(cls, "example", None))


def _field_entries(model: type[BaseModel], names: tuple[str, ...] | None = None) -> tuple[Entry, ...]:
    return tuple(Entry(name, p.description, type=p.type, default=p.default) for name, p in _fields(model, names))


def sections() -> list[Section]:
    """Every vocabulary, in the order ``doria-forge abilities`` lists them."""
    flags = ", ".join(f"{flag} ({b.behaviour})" if flag != b.behaviour else flag
                      for flag, b in FLAG_BEHAVIOURS.items())
    stat_params = tuple(p for _, p in _fields(StatModifiers))
    modification = (
        *(_behaviour_entry(m) for m in MODIFICATION_ONLY),
        Entry("modifiers", plain_doc(StatModifiers.__doc__) + " Dice bonus for attack, defense and psi resistance; "
              "points for the rest.", stat_params),
        *_field_entries(MonsterModification, ("extra_xp", "extra_loot")),
    )
    optional = tuple(
        Entry(rule_id, OPTIONAL_RULES[rule_id][1], default=False,
              note=(f"recognised, not yet played by the engine: {NOT_YET_ACTING[rule_id]}"
                    if rule_id in NOT_YET_ACTING else ""))
        for rule_id in OPTIONAL_RULE_IDS)
    return [
        *_word_sections(),
        Section("behaviours", "Monster behaviours",
                "In a monster's or Boss Monster's `ability.behaviours` and a Monster Modification's `behaviours`, "
                "each as {behaviour: NAME, PARAMETER: VALUE...}. Monster flags switch on the behaviour of their "
                f"name: {flags}.",
                tuple(_behaviour_entry(m) for m in ABILITY_BEHAVIOURS)),
        Section("modification_effects", "Monster Modification effects",
                "A Monster Modification's `behaviours` take every monster behaviour above, and `horde`; its "
                "other effects are fields of the card.", modification),
        Section("trap_effects", "Trap effects",
                "Fields of a Trap's `effect`, for each character who fails its check; they combine.",
                _field_entries(TrapEffect)),
        Section("item_effects", "Item effects",
                "Fields of a potion's or non-attack spell's `effect`, on success of its TN check; they combine.",
                _field_entries(ItemEffect)),
        Section("attack_effects", "Attack effects",
                "Fields of an item's `attacks` entry that act when the attack hits; they combine.",
                _field_entries(AttackProfile, _ATTACK_EFFECTS)),
        Section("optional_rules", "Optional rules",
                "Ids for a pack's `rules.optional_rules` ({id, text, default}) and a scenario's `optional_rules`.",
                optional),
    ]


# --------------------------------------------------------------------------- rendering
def _wrap(text: str, indent: int) -> str:
    return textwrap.fill(text, width=100, initial_indent=" " * indent, subsequent_indent=" " * indent)


def _default(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def _flow(example: dict[str, Any]) -> str:
    """An example as one line of YAML flow style: ``{do: doom, steps: 2}``."""
    def flow(value: Any) -> str:
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
        if isinstance(value, list):
            return "[" + ", ".join(flow(v) for v in value) + "]"
        return _default(value)
    return flow(example)


def render_text(items: list[Section]) -> str:
    """The vocabularies as indented plain text."""
    out: list[str] = []
    for section in items:
        out += [section.title, "=" * len(section.title), _wrap(section.usage, 0), ""]
        for entry in section.entries:
            head = f"  {entry.name}"
            if entry.type is not None:
                head += f": {entry.type}" + ("" if entry.default is None else f" (default {_default(entry.default)})")
            out.append(head)
            if entry.description:
                out.append(_wrap(entry.description, 6))
            for p in entry.parameters:
                need = "required" if p.required else f"default {_default(p.default)}"
                out.append(f"      - {p.name}: {p.type} ({need})")
                if p.description:
                    out.append(_wrap(p.description, 10))
            if entry.note:
                out.append(_wrap(f"Note: {entry.note}", 6))
            if entry.example:
                out.append(_wrap(f"Example: {_flow(entry.example)}", 6))
        out.append("")
    return "\n".join(out)


def render_markdown(items: list[Section]) -> str:
    """The vocabularies as Markdown: one table per vocabulary."""
    out: list[str] = []
    for section in items:
        out += [f"### {section.title}", "", section.usage, "", "| name | parameters / type | what it does |",
                "|---|---|---|"]
        for entry in section.entries:
            if entry.parameters:
                params = "<br>".join(
                    f"`{p.name}`: {p.type}" + ("" if p.required else f" (default {_default(p.default)})")
                    for p in entry.parameters)
            else:
                params = entry.type or "-"
            text = entry.description + (f" *{entry.note}*" if entry.note else "")
            text += f" Example: `{_flow(entry.example)}`" if entry.example else ""
            out.append(f"| `{entry.name}` | {params} | {text.replace('|', '/')} |")
        out.append("")
    return "\n".join(out)


def render_json(items: list[Section]) -> str:
    """The vocabularies as JSON: ``{section key: {title, usage, entries: [...]}}``."""
    data = {s.key: {"title": s.title, "usage": s.usage, "entries": [asdict(e) for e in s.entries]} for s in items}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def render(fmt: str = "text") -> str:
    """Every vocabulary in ``fmt`` (``text``, ``markdown`` or ``json``). Raises ValueError for another format."""
    renderers = {"text": render_text, "markdown": render_markdown, "json": render_json}
    if fmt not in renderers:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    return renderers[fmt](sections())
