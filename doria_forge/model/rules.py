"""The pack's rules constants and optional rules (shared/rules/NOTES.md, *Open points*).

Edition constants are content, not code: the English Book of Rules gives the
defaults below; a pack may ship a ``rules`` document that changes any of them.
"""

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BeforeValidator, Field, field_validator, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError, ValidationError

from .common import (
    ID_PATTERN,
    KIND_ID_PATTERN,
    NAME_DE,
    VERSION_PATTERN,
    CardText,
    Dice,
    Document,
    Illustrated,
    Line,
    Name,
    PageText,
    Ref,
    Strict,
    empty_dict,
    empty_list,
)
from .optional_rules import OPTIONAL_RULE_IDS, OPTIONAL_RULE_TEXTS_DE, OPTIONAL_RULES, OptionalRuleId
from .scenario import Effect, effect_references
from .tune import Tune

if TYPE_CHECKING:
    from packaging.specifiers import SpecifierSet

HeroBonus = Literal[
    "extra_melee_die",
    "extra_ranged_die",
    "extra_magic_die",
    "extra_damage",
    "extra_defense_die",
    "regeneration",
    "extra_initiative_die",
    "fast_hands",
    "double_range",
]
"""The nine hero bonuses (chapter *Hero and Monster Level*, *Description of all hero bonus markers*)."""

HERO_BONUSES: tuple[HeroBonus, ...] = get_args(HeroBonus)

APCost = Annotated[int, Field(ge=0, le=99)]
"""An Action Point cost (or a Target Number) a rule can set: 0-99."""

Slots = Annotated[int, Field(ge=0, le=10)]
"""A number of slots, cards or points a rule hands out: 0-10."""


class DoomTrack(Strict):
    """The Doom Counter track of the Initiative Board.

    The marker starts on the monster head (not a field) and steps to ``fields[0]``
    first, then on down the list; stepping past the last field returns it to the
    head. Reaching an ``extra_activation_fields`` field gives +1 Extra Activation,
    a ``level_up_fields`` field +1 Monster Level (and the marker goes back to the
    head). Default from NOTES.md: 40..30, Extra Activation on 39/35/31, level up on 30.
    """

    fields: list[Annotated[int, Field(ge=0, le=99)]] = Field(
        default_factory=lambda: list(range(40, 29, -1)), min_length=1, max_length=60)
    """The track's fields in the order the marker steps onto them (40 down to 30)."""
    extra_activation_fields: list[Annotated[int, Field(ge=0, le=99)]] = Field(default_factory=lambda: [39, 35, 31],
                                                                             max_length=60)
    """Fields that give +1 Extra Activation when reached."""
    level_up_fields: list[Annotated[int, Field(ge=0, le=99)]] = Field(default_factory=lambda: [30], max_length=60)
    """Fields that raise the Monster Level by 1 when reached."""

    @model_validator(mode="after")
    def _fields_on_track(self) -> "DoomTrack":
        missing = sorted(set(self.extra_activation_fields + self.level_up_fields) - set(self.fields))
        if missing:
            raise ValueError(f"doom track effect fields {missing} are not on the track {self.fields}")
        if len(set(self.fields)) != len(self.fields):
            raise ValueError("doom track fields must be distinct")
        return self


class OptionalRule(Strict):
    """An optional rule of the Book of Rules that a pack or scenario can switch on: ``id``
    from the closed vocabulary of :mod:`~doria_forge.model.optional_rules`, the ``text``
    the pack prints, and whether it is on by ``default``."""

    id: OptionalRuleId
    """Id scenarios switch the rule on with (``doria-forge abilities`` lists them)."""
    text: CardText
    """The rule, printed where it is used."""
    text_de: CardText | None = None
    """The rule in German (the German edition, doria_forge.i18n: a scenario page of the German
    booklet prints it); the English text prints where it is missing."""
    default: bool = False
    """true: the rule is on unless a scenario says otherwise."""


def _each_rule_once(rules: list[OptionalRule]) -> list[OptionalRule]:
    """The optional rules, each listed once; a repeat is an error at its own id (a check of the
    whole document reported it at the document's first line)."""
    first: dict[str, int] = {}
    for i, rule in enumerate(rules):
        if rule.id in first:
            raise ValidationError.from_exception_data("optional_rules", [InitErrorDetails(
                type=PydanticCustomError("optional_rule_twice", "optional rule {id} is listed already, as entry "
                                         "{first}; list each once", {"id": rule.id, "first": first[rule.id]}),
                loc=(i, "id"), input=rule.id)])
        first[rule.id] = i
    return rules


def _book_optional_rules() -> list[OptionalRule]:
    """Every optional rule of the Book of Rules, off, with its printed text in English and German."""
    return [OptionalRule(id=rule_id, text=OPTIONAL_RULES[rule_id][0], text_de=OPTIONAL_RULE_TEXTS_DE[rule_id])
            for rule_id in OPTIONAL_RULE_IDS]


EDITION_CONSTANTS: dict[str, dict[str, object]] = {
    # Where the German Book of Rules v0.9.10 differs from the English one (shared/rules/NOTES.md,
    # "Edition constants differ"): death at -40 HP or PP, hero level-ups at the end of rounds
    # 7, 14 and 21, 3 AP to use an item from the Belt, and start cards: six Loot Cards drawn,
    # of which at most two may be exchanged for Standard Items (chapter Preparing Characters).
    "de": {"death_threshold": -40, "hero_level_rounds": [7, 14, 21], "belt_ap": 3, "standard_items_at_start": 2},
}
"""Constants of each edition that differ from the English defaults below."""


class Rules(Document):
    """Rules constants (English edition defaults). Units: AP = Action Points,
    HP/PP = Hit/Psi Points, XP = experience points, ML = Monster Level.

    Every number has the range a game can have (a die count of 1-9, AP costs and the AP cap
    up to 99, at most 10 slots...), so no pack can make the engine allocate or loop without
    end; the JSON Schema shows each range.

    ``edition: de`` takes the German edition's constants where they differ
    (:data:`EDITION_CONSTANTS`); a constant the document writes wins over either edition."""

    kind: Literal["rules"] = "rules"
    edition: Literal["en", "de"] = Field("en", description="The edition whose constants are the defaults: en "
                                         "(English Book of Rules) or de (German Book of Rules v0.9.10).")

    @model_validator(mode="before")
    @classmethod
    def _edition_defaults(cls, data: object) -> object:
        if isinstance(data, dict) and isinstance(data.get("edition"), str):
            changes = EDITION_CONSTANTS.get(data["edition"], {})
            return {**changes, **data}
        return data
    # Characters (chapters Preparing Characters, Calculated Values)
    creation_points: Annotated[int, Field(ge=1, le=200)] = 50
    """Attribute points a custom hero is built from (English and German: 50)."""
    attribute_min: Annotated[int, Field(ge=0, le=30)] = 1
    """Lowest value of an attribute at creation, in points."""
    attribute_max_at_creation: Annotated[int, Field(ge=1, le=30)] = 13
    """Highest value of an attribute at creation, in points."""
    starting_cards: int = Field(6, ge=0, le=20, description="Cards each hero starts with: standard items, then "
                                "Loot Cards drawn in the setup up to this count (Traps drawn are replaced).")
    standard_items_at_start: Annotated[int, Field(ge=0, le=20)] | None = None
    """How many of a premade hero's Standard Items are among its starting cards: none (empty) = all
    of them (English edition); the German edition draws the Loot Cards first and lets a hero
    exchange at most 2 of them for Standard Items (the first ones its sheet lists)."""
    dodge: Dice = Field("2D", description="Default defense (Dodge) on the Character Sheet.")
    psi_resistance: Dice = Field("2D", description="Default psi resistance on the Character Sheet.")
    accessory_slots: Slots = 2
    """Accessory slots on the body."""
    belt_slots: Slots = 2
    """Belt slots a hero starts with."""
    # Action costs in AP (chapters Action Phase, Additional Combat Rules)
    belt_ap: APCost = 4
    """Action Points added to use an item from the Belt (English 4, German 3)."""
    backpack_ap: APCost = 10
    """Action Points to take an item out of the Backpack."""
    take_item_ap: APCost = 5
    """Action Points to take an item from a character who cannot act."""
    search_one_ap: APCost = 1
    """Action Points to search for one Loot Card."""
    search_two_ap: APCost = 5
    """Action Points to search for two Loot Cards."""
    fast_hands_ap: APCost = 3
    """Action Points the Fast hands bonus marker saves."""
    # Movement on the map (chapters Walking, Jumping, Swap Places, Carry Characters, Dungeon Markers)
    walk_ap: int = Field(1, ge=1, le=99, description="AP per square walked.")
    jump_ap: int = Field(5, ge=0, le=99,
                         description="AP a jump costs, however far (heroes roll the jump check; monsters don't).")
    jump_tn_per_square: int = Field(10, ge=0, le=99,
                                    description="Jump check TN per square jumped, the landing square included.")
    swap_places_ap: int = Field(5, ge=0, le=99, description="AP to swap places with an adjacent character.")
    carry_factor: int = Field(2, ge=1, le=10,
                              description="Movement costs are multiplied by this while carrying a character.")
    pick_up_ap: int = Field(1, ge=0, le=99,
                            description="AP to step onto an unconscious character's square and pick it up.")
    clear_rubble_ap: int = Field(10, ge=0, le=99,
                                 description="AP a hero or monster spends clearing Rubble from a square.")
    # Initiative (Phase C)
    initiative_dice: Annotated[int, Field(ge=1, le=9)] = 2
    """Dice rolled for initiative in Phase C."""
    initiative_cap: Annotated[int, Field(ge=1, le=99)] = 40
    """Highest initiative on the Initiative Board."""
    # Poison (Phase E): TN = poison_tn_base + poison_tn_per_ml x ML
    poison_tn_base: APCost = 28
    """Poison check in Phase E: Target Number before the Monster Level part."""
    poison_tn_per_ml: Annotated[int, Field(ge=0, le=20)] = 2
    """Poison check: Target Number points per Monster Level."""
    # Death and unconsciousness
    death_threshold: int = Field(-20, ge=-99, le=0, description="A hero at or below this many HP or PP dies.")
    unconscious_recovery: Annotated[int, Field(ge=0, le=30)] = 3
    """Points an unconscious hero recovers in Phase H, split as it likes between HP and PP."""
    # Level up (Phase H)
    hero_level_rounds: list[Annotated[int, Field(ge=1, le=99)]] = Field(default_factory=lambda: [7, 13, 18],
                                                                        max_length=20)
    """Rounds after which the heroes level up in a single scenario (English 7/13/18, German 7/14/21)."""
    hero_bonuses: list[HeroBonus] = Field(default_factory=lambda: list(HERO_BONUSES), max_length=20)
    """The hero bonus markers a level-up may give."""
    campaign_xp_multiplier: Annotated[int, Field(ge=1, le=10)] = 3
    """Times more Group XP an Attribute Point costs in a campaign (single scenario: 1 XP per character)."""
    monster_level_above_max_hp: int = Field(1, ge=0, le=20,
                                            description="Extra HP per Monster Level above the last card.")
    max_monster_level_card: Annotated[int, Field(ge=1, le=4)] = 4
    """Highest Monster Level printed on Monster Level Cards."""
    monster_points_per_level: Annotated[int, Field(ge=1, le=100)] = 10
    """Monster Points that raise the Monster Level by one (campaigns)."""
    campaign_continue_monster_points: Annotated[int, Field(ge=0, le=100)] = 5
    """Monster Points added when the players go on to the next campaign scenario after a
    character died in a nearly completed one instead of replaying it (chapter *Death of a
    character in campaigns*)."""
    campaign_gold_per_card: Annotated[int, Field(ge=1, le=10)] = 3
    """Gold each kept Loot Card is worth with the optional rule campaign_keep_by_gold: a hero who
    keeps N cards takes items worth up to N times this many gold instead (chapter *Equipment and
    hero level in campaigns*, optional rule: "3 gold per card")."""
    # The shop and the decks
    shop_slots: Slots = 3
    """Cards on display in the shop."""
    loot_stacks: Annotated[int, Field(ge=1, le=10)] = 3
    """Face-down stacks of the loot deck."""
    damaged_sell_penalty: Annotated[int, Field(ge=0, le=3)] = 1
    """Gold a damaged item sells for less."""
    loot_per_defeat: Slots = 1
    """Loot Cards drawn for each monster defeated."""
    xp_per_defeat: Slots = 1
    """Group XP for each monster defeated."""
    # The Doom Counter (Phase G)
    doom_track: DoomTrack = Field(default_factory=DoomTrack)
    """The Doom Counter track of the Initiative Board."""
    # Small groups (Special rules for 1 or 2 players)
    two_player_extra_cards: Slots = 2
    """Extra Loot Cards each hero starts with in a game of 2 players."""
    solo_extra_cards: Slots = 4
    """Extra Loot Cards the hero starts with in solo play."""
    solo_average_die: Annotated[int, Field(ge=1, le=10)] = 6
    """What every monster die counts in solo play with the optional rule solo_average_monster_dice."""
    optional_rules: Annotated[list[OptionalRule], AfterValidator(_each_rule_once)] = Field(
        default_factory=_book_optional_rules, max_length=50)
    """The optional rules of the Book of Rules a scenario can switch on."""

    def starting_standard_items(self, standard_items: list[str]) -> list[str]:
        """The ids of ``standard_items`` (a hero's, in the order its sheet lists them) it starts
        a scenario with: all of them, or the first ``standard_items_at_start``."""
        limit = self.standard_items_at_start
        return list(standard_items) if limit is None else list(standard_items[:limit])

    def option(self, rule_id: str) -> bool:
        """Whether optional rule ``rule_id`` is on by default. Raises KeyError if unknown."""
        for rule in self.optional_rules:
            if rule.id == rule_id:
                return rule.default
        raise KeyError(rule_id)

    def option_on(self, rule_id: str, switched_on: Sequence[str]) -> bool:
        """Whether optional rule ``rule_id`` is on in a scenario that switches on ``switched_on``
        (its ``optional_rules``): listed there, or on by default in this pack (an id the pack
        does not offer is off)."""
        return rule_id in switched_on or any(r.id == rule_id and r.default for r in self.optional_rules)


_REQUIREMENT = re.compile(r"^\s*(?P<id>[A-Za-z0-9][A-Za-z0-9_\-]*)\s*(?P<range>[<>=!~].*)?$")


def version_range(text: str) -> "SpecifierSet":
    """A version range such as ``>=0.1.0,<1.0.0`` (PEP 440 specifiers: ``>=``, ``<``, ``==``,
    ``!=``, ``~=``, ``==0.1.*``); ``""`` is any version. Raises ValueError for anything else."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    try:
        return SpecifierSet(text)
    except InvalidSpecifier:
        raise ValueError(f"version range {text!r} is not like '>=0.1.0,<1.0.0' or '~=0.1'") from None


class Requirement(Strict):
    """A pack this pack builds on: its ``id`` and the ``version`` range it works with."""

    id: Annotated[str, Field(pattern=ID_PATTERN, max_length=64, examples=["doria-base"])]
    """Id of the required pack (its pack.yaml)."""
    version: str = Field("", max_length=100, examples=[">=0.1.0,<1.0.0"],
                         description="Version range (PEP 440 specifiers: >=, <, ==, !=, ~=); empty: any version.")

    @field_validator("version")
    @classmethod
    def _valid_range(cls, value: str) -> str:
        version_range(value)
        return value

    def allows(self, version: str) -> bool:
        """Whether pack version ``version`` (``MAJOR.MINOR.PATCH``) is in the range."""
        from packaging.version import Version

        return version_range(self.version).contains(Version(version), prereleases=True)

    def __str__(self) -> str:
        return f"{self.id} {self.version}".strip()


def _requirement(value: object) -> object:
    """``"doria-base"`` or ``"doria-base >=0.1.0,<1"`` as a Requirement mapping."""
    if isinstance(value, str):
        match = _REQUIREMENT.match(value)
        if match is None:
            raise ValueError(f"requirement {value!r} is not a pack id with an optional version range, "
                             "like 'doria-base' or 'doria-base >=0.1.0,<1.0.0'")
        return {"id": match["id"], "version": (match["range"] or "").strip()}
    return value


RequirementText = Annotated[Requirement, BeforeValidator(_requirement, json_schema_input_type=str | Requirement)]
"""A requirement written as ``"doria-base"``, ``"doria-base >=0.1.0,<1.0.0"`` or ``{id, version}``."""


class Pack(Document):
    """The pack manifest: id, name, version, the packs it builds on and where its content comes from.

    ``languages``: the editions the pack is written for (``en`` always; ``de`` when every card
    has its German text too). ``requires`` lists the packs this one builds on (an expansion requires the base pack,
    ``doria-base``), each as ``"id"``, ``"id RANGE"`` or ``{id, version}``; validation finds them
    (``DORIA_FORGE_PACKS``, the folders beside this pack, then the packs doria-forge ships),
    resolves ids across them and lets this pack add, replace or patch their content.
    """

    kind: Literal["pack"] = "pack"
    name: Name
    """The pack's name, printed on PDF titles."""
    version: Annotated[str, Field(pattern=VERSION_PATTERN, max_length=32)]
    """MAJOR.MINOR.PATCH; the bundle records it and expansions require a range of it."""
    description: PageText = ""
    """What the pack holds, in a paragraph."""
    sources: list[Line] = Field(default_factory=empty_list, max_length=20)
    """Where the pack's facts and texts come from, one line each."""
    languages: list[Literal["en", "de"]] = Field(
        default=["en"], min_length=1, max_length=2, examples=[["en", "de"]],
        description="Languages the pack's cards are written in: English (the fields without a suffix) and, "
        "with 'de', German (name_de, text_de...); validate reports every German text missing.")
    requires: list[RequirementText] = Field(
        default_factory=empty_list, max_length=20,
        examples=[["doria-base"], [{"id": "doria-base", "version": ">=0.1.0"}]],
        description="Packs this pack builds on: 'doria-base', 'doria-base >=0.1.0,<1.0.0' or {id, version}.")
    replaces: list[Annotated[str, Field(pattern=KIND_ID_PATTERN, max_length=140)]] = Field(
        default_factory=empty_list, max_length=500, examples=[["monster/orc", "equipment/short_sword"]],
        description="Documents of the required packs this pack replaces on purpose, as kind/id: each is reported "
        "as an info; a replacement not listed here is a warning (pack-override), so a clash of ids never goes "
        "unnoticed.")
    checks: dict[Annotated[str, Field(max_length=80)], Any] = Field(
        default_factory=empty_dict, max_length=200, examples=[{"level-out-of-line": "info",
                                                         "scenario-player-count-outlier": {"gap": 0.3}}],
        description="The pack's own check settings (check id: 'off', a severity, or {severity, enabled, "
        "thresholds}); the project's doria-forge.yaml overrides them. validate checks the ids.")
    tune: Tune | None = Field(None, examples=[{"knobs": [{"path": "boss/hollow_king:levels.0.hit_points", "min": 8,
                                                          "max": 20, "step": 2}]}])
    """Knobs `doria-forge tune` may turn in any document of the pack, each path starting with its document's
    kind/id:."""


class DoorEvent(Illustrated):
    """A Door Event card (optional rule *Door Events*): drawn from the Door Event deck
    whenever a door is opened to reveal a Room Tile, resolved first (its ``effects``, in
    order, for the hero who opened the door), then the Room Tile is revealed."""

    kind: Literal["door_event"] = "door_event"
    name: Name
    """The event's name, printed on its card (English edition)."""
    name_de: Name | None = NAME_DE
    text: CardText
    """What happens, printed on the card (English edition)."""
    text_de: CardText | None = Field(None, description="The text in German (the German edition); the English text "
                                "prints where it is missing.")
    copies: Annotated[int, Field(ge=1, le=20)] = 1
    """Cards of it in the Door Event deck, 1-20."""
    effects: list[Effect] = Field(
        default_factory=empty_list, max_length=20,
        examples=[[{"do": "doom", "steps": 1}], [{"do": "lose_action_points", "amount": 2}]],
        description="What the card does when drawn, in order, with the scenario effect vocabulary (doom, "
                    "spawn, damage, lose_action_points, give, check...); the 'triggering' hero is the one who "
                    "opened the door. Empty: nothing happens (a No Event card).")

    def references(self) -> Iterable[Ref]:
        yield from effect_references(self.effects, ("effects",), places=True)
