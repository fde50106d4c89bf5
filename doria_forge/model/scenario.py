"""Scenarios and campaigns (chapters *Selecting a Game Mode*, *End of the Game*, *Campaigns*,
*Escaping a campaign scenario*), with their rules as data the engine plays.

A scenario's special rules are :class:`Rule` s: *when* a :data:`Trigger` happens, *if*
every :data:`Condition` holds, *do* the :data:`Effect` s; or, a lasting rule, *modify* a
number of the rules (the :data:`Modifier` s) for as long as its conditions hold. Its goals are :data:`Goal` s:
any ``win`` goal reached wins, any ``lose`` goal reached loses (a character's death always
ends the scenario as a loss, chapter *End of the Game*). A rule written only as ``text``
(no ``when``/``do``, no ``modify``) is prose: printed, but not simulated (``validate`` and ``simulate``
say so). Every rule, goal and effect may carry ``text``, flavour printed beside it.

Each trigger, condition, effect, modifier and goal is a word of :mod:`doria_forge.model.words`:
one module that owns its fields, description, example, wording, play and validation, registered
once. :data:`Trigger`, :data:`Condition`, :data:`Effect`, :data:`Modifier` and :data:`Goal` are
built from that registry; the word classes are importable from here under their names.

Where things are is a :class:`Place`: a Room Tile, a square of one, a rune, a marker, the
entrance. Places on tiles not yet revealed wait for the tile.

``describe()`` words a rule, goal or effect for the printed scenario page; a
:class:`Wording` gives it the display names of the ids it names (monsters, bosses,
items, tokens) and who "the hero" of a rule is (the one who revealed, entered, defeated).
"""

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, Field, model_validator

from ..i18n import tr
from .common import Document, Ref, Strict, empty_dict, empty_list
from .tune import Tune
from .words import german
from .words.common import (
    PLAIN,
    Count,
    Name,
    Namer,
    Place,
    Round,
    Text,
    Wording,
    and_list,
    id_as_name,
)
from .words.common import RuneColour as RuneColour
from .words.common import Who as Who
from .words.conditions import CONDITIONS as CONDITIONS
from .words.conditions import Condition
from .words.conditions.flag import FlagIs as FlagIs
from .words.conditions.monsters_left import MonstersLeft as MonstersLeft
from .words.conditions.players import PlayersIs as PlayersIs
from .words.conditions.round import RoundIs as RoundIs
from .words.conditions.tile_revealed import TileRevealedIs as TileRevealedIs
from .words.conditions.token_carried import TokenCarried as TokenCarried
from .words.effects import EFFECTS as EFFECTS
from .words.effects import Effect, EffectWord
from .words.effects.block_doors import BlockDoors as BlockDoors
from .words.effects.check import Check as Check
from .words.effects.damage import Damage as Damage
from .words.effects.doom import MoveDoom as MoveDoom
from .words.effects.extra_activation import ExtraActivation as ExtraActivation
from .words.effects.give import Give as Give
from .words.effects.heal import Heal as Heal
from .words.effects.lose import Lose as Lose
from .words.effects.lose_action_points import LoseActionPoints as LoseActionPoints
from .words.effects.open_doors import OpenDoors as OpenDoors
from .words.effects.place_marker import PlaceMarker
from .words.effects.place_token import PlaceToken as PlaceToken
from .words.effects.remove_marker import RemoveMarker as RemoveMarker
from .words.effects.remove_token import RemoveToken as RemoveToken
from .words.effects.set_flag import SetFlag as SetFlag
from .words.effects.spawn import Spawn as Spawn
from .words.effects.win import Win as Win
from .words.german import capital, und_list
from .words.goals import GOALS as GOALS
from .words.goals import Goal
from .words.goals.carry_token import CarryToken as CarryToken
from .words.goals.clear_tile import ClearTile as ClearTile
from .words.goals.defeat_boss import DefeatBoss as DefeatBoss
from .words.goals.escape import Escape as Escape
from .words.goals.flag import FlagGoal as FlagGoal
from .words.goals.survive import Survive as Survive
from .words.goals.time_limit import TimeLimit as TimeLimit
from .words.modifiers import MODIFIERS as MODIFIERS
from .words.modifiers import Modifier
from .words.modifiers.monster_damage import MonsterDamage as MonsterDamage
from .words.registry import Word
from .words.triggers import TRIGGERS as TRIGGERS
from .words.triggers import Trigger
from .words.triggers.doom_reached import DoomReached as DoomReached
from .words.triggers.flag_set import FlagSet as FlagSet
from .words.triggers.hero_enters import HeroEnters as HeroEnters
from .words.triggers.monster_defeated import MonsterDefeated as MonsterDefeated
from .words.triggers.monster_enters import MonsterEnters as MonsterEnters
from .words.triggers.phase import PhaseStarts as PhaseStarts
from .words.triggers.round_end import RoundEnd as RoundEnd
from .words.triggers.round_start import RoundStart as RoundStart
from .words.triggers.tile_revealed import TileRevealed as TileRevealed
from .words.triggers.token_picked_up import TokenPickedUp as TokenPickedUp


class Goals(Strict):
    """``win``: any of these wins; ``lose``: any of these loses (checked after every action
    and at the end of every round). A character's death always loses."""

    win: list[Goal] = Field(default_factory=empty_list, max_length=100)
    """Goals that win the scenario: the first one reached ends it with a win."""
    lose: list[Goal] = Field(default_factory=empty_list, max_length=100)
    """Goals that lose the scenario (a character's death always loses as well)."""


# --------------------------------------------------------------------------- rules
class Rule(Strict):
    """A special rule, one of three kinds. An *event* rule: ``when`` it fires, ``conditions``
    that must hold then, the ``effects`` (``once``: fires at most once). A *lasting* rule:
    ``modifiers`` that change the Book of Rules' numbers for as long as its ``conditions`` hold
    (asked each time the number is used). A *prose* rule: only ``text``, printed, not simulated."""

    text: Text = ""
    """The rule in the designer's words, printed beside the generated wording; alone (no when/do or modify) the rule
    is prose: printed, not simulated."""
    text_de: Text | None = None
    """The rule's text in German (the German edition, doria_forge.i18n); the English text prints where it is missing."""
    when: Trigger | None = None
    """The trigger that fires the rule (on: round_start, tile_revealed, token_picked_up...)."""
    conditions: list[Condition] = Field(default_factory=empty_list, max_length=100, alias="if")
    """Conditions that must all hold when the trigger fires, or for a lasting rule to apply (written as if:)."""
    effects: list[Effect] = Field(default_factory=empty_list, max_length=100, alias="do")
    """What the rule does when it fires, in order (written as do:)."""
    modifiers: list[Modifier] = Field(default_factory=empty_list, max_length=100, alias="modify",
                                      examples=[[MonsterDamage.example]])
    """What a lasting rule changes while its conditions hold (written as modify:; not with when, do or once)."""
    once: bool = False
    """true: the rule fires at most once per game."""

    model_config = Strict.model_config | {"populate_by_name": True}

    @model_validator(mode="after")
    def _complete(self) -> "Rule":
        if self.modifiers:
            if self.when is not None or self.effects or self.once:
                raise ValueError("a rule either fires ('when' and 'do', maybe 'once') or lasts ('modify'), not both")
            return self
        if (self.when is None) != (not self.effects):
            raise ValueError("a rule needs both 'when' and 'do' (or 'modify' for a lasting rule, or neither: a prose "
                             "rule with 'text')")
        if self.when is None and not self.text:
            raise ValueError("a prose rule needs its text")
        return self

    @property
    def simulated(self) -> bool:
        return self.when is not None or bool(self.modifiers)

    @property
    def lasting(self) -> bool:
        """A lasting rule: ``modify`` while its conditions hold."""
        return bool(self.modifiers)

    def describe(self, words: Wording = PLAIN) -> str:
        """The rule in words, generated from its data (a prose rule: its text). ``words``
        names the ids; the rule's trigger says who "the hero" of its effects is. A lasting
        rule reads as its conditions, then what it changes: "While a hero carries the Relic,
        every undead monster deals 1 extra damage per hit to the hero carrying the Relic."."""
        if self.modifiers:
            body = "; ".join(m.describe(words) for m in self.modifiers)
            if self.conditions:
                body = and_list([c.describe(words) for c in self.conditions]) + ", " + body
            return body[:1].upper() + body[1:] + "."
        if self.when is None:
            return self.text
        words = replace(words, actor=self.when.actor)
        head = self.when.describe(words)
        cond = ", " + and_list([c.describe(words) for c in self.conditions]) if self.conditions else ""
        body = "; ".join(e.describe(words) for e in self.effects)
        return f"{head}{cond}: {body}" + (" (once only)" if self.once else "") + "."

    def describe_de(self, words: Wording = PLAIN) -> str:
        """The rule in German, generated from its data as :meth:`describe` (a prose rule: its
        German text, else its English one). After the colon each effect is a whole sentence:
        "Wenn ein Held den Marker „Reliquie“ aufnimmt: Dieser Held erhält 1 TP zurück."."""
        if self.modifiers:
            body = "; ".join(m.describe_de(words) for m in self.modifiers)
            if self.conditions:
                body = und_list([c.describe_de(words) for c in self.conditions]) + ": " + capital(body)
            return capital(body) + "."
        if self.when is None:
            return self.text_de or self.text
        words = replace(words, actor_de=self.when.actor_de)
        head = self.when.describe_de(words)
        cond = ", " + und_list([c.describe_de(words) for c in self.conditions]) if self.conditions else ""
        body = capital("; ".join(e.describe_de(words) for e in self.effects))
        return f"{head}{cond}: {body}" + (" (nur einmal)" if self.once else "") + "."


# --------------------------------------------------------------------------- setup
class TileDeckEntry(Strict):
    """Room Tiles shuffled into the scenario's Room Tile deck."""

    tile: str
    """Id of the Room Tile."""
    count: Annotated[int, Field(ge=1, le=10)] = 1
    """Copies of it shuffled in, 1-10."""


class Token(Strict):
    """A scenario token (a relic, a key, a prisoner): ``id``, ``name``, where it lies at the
    start (``at``, on a tile not yet revealed: once revealed), the AP a hero spends to pick
    it up from its square (0: free when stepping onto it), whether it is lost when its
    carrier falls unconscious (it then lies on the carrier's square)."""

    id: Annotated[str, Field(min_length=1, max_length=40)]
    """Id of the token, unique in the scenario; rules, conditions and goals name it."""
    name: Annotated[str, Field(min_length=1, max_length=80)]
    """The token's name, printed on the scenario page (Relic, Key, Prisoner)."""
    name_de: Annotated[str, Field(max_length=80)] | None = None
    """The token's name in German (the German edition, doria_forge.i18n); the English name prints where missing."""
    at: Place | None = None
    """Where the token lies at the start; on a tile not yet revealed it appears once the tile is revealed."""
    pick_up_ap: Annotated[int, Field(ge=0, le=40)] = 5
    """Action Points to pick it up from its square, 0-40 (0: free when stepping onto it)."""
    dropped_when_unconscious: bool = True
    """true: it falls to its carrier's square when the carrier falls unconscious."""
    text: Text = ""
    """What the token is, printed beside its name on the scenario page."""
    text_de: Text | None = None
    """The token's text in German (the German edition, doria_forge.i18n); the English text prints where missing."""


StackPart = Literal["top_third", "middle_third", "bottom_third"]
"""A third of the Room Tile deck, from the top: where a Boss Monster card is shuffled in."""


class ScenarioSetup(Strict):
    """How to build the table: start tile, the Room Tile deck (named tiles plus
    ``random_tiles`` drawn from the rest), where the target tile goes (``target_position``
    counted from the top of the deck, 1-based), starting Monster Level, scenario tokens
    and markers."""

    start_tile: str = "A-1"
    """Id of the Room Tile the heroes start on."""
    tile_deck: list[TileDeckEntry] = Field(default_factory=empty_list, max_length=100)
    """Room Tiles of the Room Tile deck, by id and count (empty: the whole pack's tiles but the start tile)."""
    random_tiles: Annotated[int, Field(ge=0, le=48)] = 0
    """Room Tiles drawn at random from the pack's others and shuffled into the deck, 0-48."""
    target_tile: str | None = None
    """Id of the Room Tile the goal happens on; it goes into the deck at target_position."""
    target_position: Annotated[int, Field(ge=1, le=60)] | None = None
    """Where the target tile goes in the Room Tile deck, counted from the top (1 = drawn first)."""
    monster_level: Annotated[int, Field(ge=1, le=10)] = 1
    """Monster Level at the start, 1-10."""
    boss_card: StackPart | None = None
    """The third of the shuffled Room Tile deck the Boss Monster card goes into (top_third, middle_third,
    bottom_third): it lies on one of those tiles, drawn at random, and comes out with it (trigger boss_card_drawn,
    place boss_card: true)."""
    tokens: list[Token] = Field(default_factory=empty_list, max_length=100)
    """Scenario tokens on the table (relics, keys, prisoners)."""
    markers: list[PlaceMarker] = Field(default_factory=empty_list, max_length=100)
    """Markers placed before the first round, written as place_marker effects."""
    notes: list[Text] = Field(default_factory=empty_list, max_length=100)
    """Setup instructions printed on the scenario page, one paragraph each."""
    notes_de: Annotated[list[Text], Field(max_length=100)] | None = None
    """The setup instructions in German, paragraph i for notes' paragraph i (the German edition, doria_forge.i18n);
    the English paragraph prints where one is missing."""


class EscapeRule(Strict):
    """Whether the heroes may leave the scenario early (chapter *Escaping a campaign
    scenario*): declared, it ends the scenario at the end of the round if every living
    hero can reach ``at`` (the entrance) then; otherwise the declaration lapses."""

    allowed: bool = True
    """true: the heroes may declare an escape; false: this scenario forbids it."""
    at: Place = Field(default_factory=lambda: Place(entrance=True))
    """The place every living hero must be able to reach to escape (the entrance by default)."""
    text: Text = ""
    """Why escaping is allowed or not, printed beside the escape rule."""
    text_de: Text | None = None
    """The escape text in German (the German edition, doria_forge.i18n); the English text prints where it is missing."""


class Rewards(Strict):
    """What winning gives: ``group_xp``; in a campaign ``monster_points`` the scenario adds on
    top of those the Doom Counter collects (chapter *Monster level in campaigns*: they count
    whether the scenario is won or not), ``keep_loot_cards`` per hero into the next campaign
    scenario, a ``hero_bonus`` each, ``items`` (ids) given in a campaign: each to the first hero
    (seat order) who meets its requirements, kept by the heroes for the rest of the campaign
    beside their Loot Cards, like a ``deck: campaign`` card."""

    group_xp: Count = 0
    """Group XP the heroes gain for winning."""
    monster_points: Count = 0
    """Monster Points the scenario adds in a campaign, won or not, on top of those the Doom Counter collects."""
    keep_loot_cards: Annotated[int, Field(ge=0, le=10)] = 0
    """Loot Cards each hero keeps into the next campaign scenario, 0-10."""
    hero_bonus: bool = False
    """true: each hero chooses a permanent hero bonus after this scenario."""
    items: list[str] = Field(default_factory=empty_list, max_length=100)
    """Ids of equipment the heroes receive in a campaign, one card each: one hero takes it, a campaign item."""
    text: list[Text] = Field(default_factory=empty_list, max_length=100)
    """Further rewards in words, one printed line each."""
    text_de: Annotated[list[Text], Field(max_length=100)] | None = None
    """The further rewards in German, line i for text's line i (the German edition, doria_forge.i18n); the English
    line prints where one is missing."""


def _low_to_high(pair: Any) -> Any:
    """A range written [low, high]: low above high is an error at the range itself (its own
    line in the file, where a check of the whole document pointed at the document's first line)."""
    if pair[0] > pair[1]:
        raise ValueError(f"{pair[0]} is above {pair[1]}: write the range as [low, high]")
    return pair


WinRange = Annotated[tuple[Annotated[float, Field(ge=0, le=1)], Annotated[float, Field(ge=0, le=1)]],
                     AfterValidator(_low_to_high)]


PlayerRange = Annotated[tuple[Annotated[int, Field(ge=1, le=6)], Annotated[int, Field(ge=1, le=6)]],
                        AfterValidator(_low_to_high)]
"""Fewest and most players, [min, max], each 1-6 (Book of Rules: 1-6 players)."""


class Balance(Strict):
    """Balance targets checked by ``simulate``: ``win_rate`` ranges (low, high, 0-1) per
    player count (``"1"``..``"6"``, or ``"all"`` for every count) and the ``rounds`` range of
    the median game; each miss is a finding."""

    win_rate: dict[Literal["1", "2", "3", "4", "5", "6", "all"], WinRange] = Field(default_factory=empty_dict)
    """Win-rate ranges [low, high] (0-1) the heroes should reach, per player count "1".."6" or "all"."""
    rounds: Annotated[tuple[Round, Round], AfterValidator(_low_to_high)] | None = None
    """The range [low, high] of rounds the median game should last."""


class Scenario(Document):
    """A scenario: story, ``goals`` (and ``goal``, its words), setup, ``rules`` (special rules,
    they override the Book of Rules), optional rules switched on (ids of the pack's
    ``rules.optional_rules``), ``escape``, ``rewards``, ``balance`` targets, ``boss`` (the
    Boss Monster its rules spawn, if any). ``max_rounds``: where a simulated game stops
    undecided."""

    kind: Literal["scenario"] = "scenario"
    name: Annotated[str, Field(min_length=1, max_length=120)]
    """The scenario's title, printed on its page."""
    name_de: Annotated[str, Field(max_length=120)] | None = None
    """The scenario's title in German (the German edition, doria_forge.i18n); the English title prints where it is
    missing."""
    mode: Literal["single", "campaign"] = "single"
    """single: played on its own; campaign: a part of a campaign (rewards carry over)."""
    players: PlayerRange = (1, 6)
    """Fewest and most players, [min, max], each 1-6 with min <= max."""
    story: Text
    """The story read out before play (printed)."""
    story_de: Text | None = None
    """The story in German (the German edition, doria_forge.i18n); the English text prints where it is missing."""
    goal: Text
    """The goal in the players' words, printed on the scenario page; goals says what the engine checks."""
    goal_de: Text | None = None
    """The goal in the players' words in German (the German edition, doria_forge.i18n); the English text prints where
    it is missing."""
    goals: Goals = Field(default_factory=Goals)
    """The win and lose goals the engine checks after every action and round (win: any one wins; lose: any one
    loses)."""
    setup: ScenarioSetup = Field(default_factory=ScenarioSetup)
    """How to build the table: start tile, Room Tile deck, target tile, Monster Level, tokens, markers."""
    rules: list[Rule] = Field(default_factory=empty_list, max_length=100)
    """Special rules of this scenario, each a trigger, conditions and effects (or printed text only); they override
    the Book of Rules."""
    optional_rules: list[str] = Field(default_factory=empty_list, max_length=100)
    """Ids of the optional rules of the Book of Rules this scenario switches on."""
    escape: EscapeRule = Field(default_factory=EscapeRule)
    """Whether and where the heroes may escape the scenario early (chapter Escaping a campaign scenario)."""
    rewards: Rewards = Field(default_factory=Rewards)
    """What winning gives: Group XP, Monster Points, Loot Cards kept, a hero bonus, campaign items."""
    balance: Balance | None = None
    """Balance targets simulate checks: win-rate ranges per player count and the median game's rounds."""
    max_rounds: Annotated[int, Field(ge=1, le=99)] = 30
    """Round after which a simulated game stops undecided (the scenario has no time limit of its own), 1-99."""
    names_de: dict[Name, Name] = Field(default_factory=empty_dict, max_length=200,
                                       examples=[{"nest": "Nest", "nest_burned": "Nest verbrannt"}])
    """The German names of the scenario's own flags and markers (the German edition, doria_forge.i18n), by the name
    its rules write: nest_burned: Nest verbrannt. A name without one prints as written (nest burned); the Book of
    Rules' markers (rubble, hole...) have theirs."""
    tune: Tune | None = Field(None, examples=[{"knobs": [{"path": "rules.1.do.0.count", "min": 1, "max": 3}]}])
    """Knobs `doria-forge tune` may turn in this scenario (field paths with ranges and steps), beyond or instead of
    the default set."""

    def prose_rules(self) -> list[Rule]:
        """The rules written only as text: printed, not simulated."""
        return [r for r in self.rules if not r.simulated]

    def wording(self, name: Namer = id_as_name) -> Wording:
        """A :class:`Wording` that names this scenario's tokens by their ``name`` (in the edition
        being printed, ``doria_forge.i18n.tr``) and every other id through ``name`` (for instance
        the pack's display names)."""
        tokens = {t.id: tr(t, "name") for t in self.setup.tokens}

        def named(kind: str, ref: str) -> str:
            return tokens.get(ref, ref) if kind == "token" else name(kind, ref)

        return Wording(name=named, names_de=self.names_de)

    def own_names(self) -> dict[str, tuple[Literal["flag", "marker"], tuple[str | int, ...]]]:
        """The names of the scenario's own flags and markers (every flag; every marker but the
        Book of Rules' own, ``german.BOOK_MARKERS``), the names ``names_de`` gives German ones:
        name -> (``flag`` or ``marker``, the field path of the first setup marker, word or place
        naming it)."""
        names: dict[str, tuple[Literal["flag", "marker"], tuple[str | int, ...]]] = {}

        def add(kind: Literal["flag", "marker"], name: str, path: tuple[str | int, ...]) -> None:
            if kind == "flag" or name not in german.BOOK_MARKERS:
                names.setdefault(name, (kind, path))

        for i, placed in enumerate(self.setup.markers):
            add("marker", placed.marker, ("setup", "markers", i))
        for path, word in self.words():
            for flag in word.reads_flags():
                add("flag", flag, path)
            if isinstance(word, EffectWord):
                for flag in word.sets_flags():
                    add("flag", flag, path)
                for marker in word.puts_markers():
                    add("marker", marker, path)
        for path, place in self.places():
            if place.marker is not None:
                add("marker", place.marker, path + ("marker",))
        return names

    def effects(self) -> Iterator[tuple[tuple[str | int, ...], Effect]]:
        """Every effect of the rules with its field path, those in a check's ``success`` and
        ``failure`` included (the setup's markers are not rule effects)."""
        for i, rule in enumerate(self.rules):
            yield from _effects(rule.effects, ("rules", i, "do"))

    def words(self) -> Iterator[tuple[tuple[str | int, ...], Word]]:
        """Every word of the scenario (triggers, conditions, effects, nested ones included,
        modifiers and goals) with its field path; the setup's markers are not rule words."""
        for i, rule in enumerate(self.rules):
            if rule.when is not None:
                yield ("rules", i, "when"), rule.when
            for j, condition in enumerate(rule.conditions):
                yield ("rules", i, "if", j), condition
            yield from _effects(rule.effects, ("rules", i, "do"))
            for j, modifier in enumerate(rule.modifiers):
                yield ("rules", i, "modify", j), modifier
        for side in ("win", "lose"):
            for i, goal in enumerate(getattr(self.goals, side)):
                yield ("goals", side, i), goal

    def places(self) -> Iterator[tuple[tuple[str | int, ...], Place]]:
        """Every :class:`Place` the scenario names, with its field path."""
        for i, token in enumerate(self.setup.tokens):
            if token.at is not None:
                yield ("setup", "tokens", i, "at"), token.at
        for i, marker in enumerate(self.setup.markers):
            yield ("setup", "markers", i, "at"), marker.at
        for i, rule in enumerate(self.rules):
            place = getattr(rule.when, "place", None)
            if place is not None:
                yield ("rules", i, "when", "place"), place
            for j, condition in enumerate(rule.conditions):
                at = getattr(condition, "at", None)
                if at is not None:
                    yield ("rules", i, "if", j, "at"), at
            for path, effect in _effects(rule.effects, ("rules", i, "do")):
                at = getattr(effect, "at", None)
                if at is not None:
                    yield path + ("at",), at
            for j, modifier in enumerate(rule.modifiers):
                at = getattr(modifier, "at", None)
                if at is not None:
                    yield ("rules", i, "modify", j, "at"), at
        for side in ("win", "lose"):
            for i, goal in enumerate(getattr(self.goals, side)):
                for name in ("to", "at"):
                    place = getattr(goal, name, None)
                    if place is not None:
                        yield ("goals", side, i, name), place
        yield ("escape", "at"), self.escape.at

    def references(self) -> Iterable[Ref]:
        yield (("setup", "start_tile"), "room_tile", self.setup.start_tile)
        for i, entry in enumerate(self.setup.tile_deck):
            yield (("setup", "tile_deck", i, "tile"), "room_tile", entry.tile)
        if self.setup.target_tile:
            yield (("setup", "target_tile"), "room_tile", self.setup.target_tile)
        for i, opt in enumerate(self.optional_rules):
            yield (("optional_rules", i), "optional_rule", opt)
        for path, place in self.places():
            if place.tile is not None:
                yield (path + ("tile",), "room_tile", place.tile)
        for i, rule in enumerate(self.rules):
            if rule.when is not None:
                yield from rule.when.references(("rules", i, "when"))
            for j, condition in enumerate(rule.conditions):
                yield from condition.references(("rules", i, "if", j))
            yield from effect_references(rule.effects, ("rules", i, "do"))
            for j, modifier in enumerate(rule.modifiers):
                yield from modifier.references(("rules", i, "modify", j))
        for side in ("win", "lose"):
            for i, goal in enumerate(getattr(self.goals, side)):
                yield from goal.references(("goals", side, i))
        for i, item in enumerate(self.rewards.items):
            yield (("rewards", "items", i), "equipment", item)


def effect_references(effects: list[Effect], path: tuple, *, places: bool = False) -> Iterator[Ref]:
    """The documents ``effects`` (at field ``path``) name: monsters and bosses spawned, items
    given, Room Tiles whose doors open or close (each effect's ``references``); with ``places``
    also the Room Tiles of the places (``at``) they act on (a scenario lists those with all its
    other places)."""
    for at, effect in _effects(effects, path):
        yield from effect.references(at)
        place = getattr(effect, "at", None)
        if places and place is not None and place.tile is not None:
            yield (at + ("at", "tile"), "room_tile", place.tile)


def _effects(effects: list[Effect], path: tuple) -> Iterator[tuple[tuple, Effect]]:
    """Every effect with its field path, those nested in it (a check's ``success`` and
    ``failure``) included."""
    for i, effect in enumerate(effects):
        yield path + (i,), effect
        for name, inner in effect.nested():
            yield from _effects(inner, path + (i, name))


# --------------------------------------------------------------------------- campaigns
class CampaignReward(Strict):
    """The reward after scenario number ``after_scenario`` (1-based). ``keep_loot_cards``
    and ``hero_bonus``, where given, replace that scenario's own ``rewards`` values in this
    campaign; ``text`` is printed beside them."""

    after_scenario: Annotated[int, Field(ge=1, le=20)]
    """Which scenario of the campaign the reward follows, counted from 1."""
    text: Text
    """The reward in words, printed on the campaign sheet."""
    text_de: Text | None = None
    """The reward in words in German (the German edition, doria_forge.i18n); the English text prints where it is
    missing."""
    keep_loot_cards: Annotated[int, Field(ge=0, le=10)] | None = None
    """Loot Cards each hero keeps into the next scenario, replacing that scenario's own keep_loot_cards."""
    hero_bonus: bool | None = None
    """true: each hero chooses a permanent hero bonus here (replaces that scenario's own hero_bonus)."""


PlayerCountKey = Literal["1", "2", "3", "4", "5", "6", "all"]
Amount = Annotated[float, Field(ge=0, le=1000)]
AmountRange = Annotated[tuple[Amount, Amount], AfterValidator(_low_to_high)]


class CarryOver(Strict):
    """Bounds on what the party carries from one campaign scenario into the next (the mean per
    scenario passed on, over the runs that pass it): ``group_xp`` left on the track, the
    ``loot_cards`` the heroes keep together and the ``gold`` those cards are worth. The most one
    scenario can pass on comes from the rules and the content (``sim.campaign.carry_maxima``)."""

    group_xp: AmountRange | None = None
    """[low, high] Group XP carried into the next scenario, on average."""
    loot_cards: AmountRange | None = None
    """[low, high] Loot Cards the party keeps into the next scenario, on average."""
    gold: AmountRange | None = None
    """[low, high] gold value of the kept Loot Cards, on average."""
    retired_fields: ClassVar[dict[str, str]] = {
        "group_xp_most": "the rules set the most Group XP a scenario passes on (3 x [PlayerCount] - 1: what "
                         "reaches 3 x [PlayerCount] converts at its end); delete the line"}
    """Fields this model had once, with what a document that still writes one is told."""



class CampaignBalance(Strict):
    """Balance targets of a campaign, judged by ``simulate campaign`` and ``build`` like a
    scenario's: ``completion_rate`` ranges (0-1) per player count (``"1"``..``"6"`` or
    ``"all"``), ``scenario_win_rate`` per scenario id (its attempts won within the campaign,
    ranges per player count), ``carry_over`` bounds."""

    completion_rate: dict[PlayerCountKey, WinRange] = Field(default_factory=empty_dict)
    """Share of campaign runs completed, [low, high] per player count ("all": every count)."""
    scenario_win_rate: dict[str, dict[PlayerCountKey, WinRange]] = Field(default_factory=empty_dict, max_length=100)
    """Per scenario id of the campaign: share of its attempts won, [low, high] per player count."""
    carry_over: CarryOver | None = None
    """Bounds on the Group XP, Loot Cards and gold carried between scenarios."""



class Campaign(Document):
    """A campaign: scenarios in order (scenario ids), rewards, starting Monster Points;
    every ``monster_points_per_level`` points raise the Monster Level by one (chapter
    *Monster level in campaigns*); ``balance`` targets checked by the simulation."""

    kind: Literal["campaign"] = "campaign"
    name: Annotated[str, Field(min_length=1, max_length=120)]
    """The campaign's title, printed on its first page."""
    name_de: Annotated[str, Field(max_length=120)] | None = None
    """The campaign's title in German (the German edition, doria_forge.i18n); the English title prints where it is
    missing."""
    story: Text = ""
    """The campaign's story, printed before its first scenario."""
    story_de: Text | None = None
    """The campaign's story in German (the German edition, doria_forge.i18n); the English text prints where it is
    missing."""
    scenarios: list[str] = Field(min_length=1, max_length=100)
    """Ids of its scenarios, in the order they are played (at least one)."""
    rewards: list[CampaignReward] = Field(default_factory=empty_list, max_length=100)
    """What carries over after a scenario, beyond each scenario's own rewards."""
    starting_monster_points: Annotated[int, Field(ge=0, le=200)] = 0
    """Monster Points at the start of the first scenario, 0-200."""
    monster_points_per_level: Annotated[int, Field(ge=1, le=100)] = 10
    """Monster Points that raise the Monster Level by one, 1-100 (chapter Monster level in campaigns)."""
    balance: CampaignBalance | None = None
    """Targets for the completion rate, the scenarios' win rates and the carry-over."""
    tune: Tune | None = Field(None, examples=[{"knobs": [{"path": "monster_points_per_level", "min": 6, "max": 14,
                                                          "step": 2}]}])
    """Knobs `doria-forge tune` may turn for this campaign's targets: its own fields or, named as kind/id:, those of
    its scenarios."""

    def reward_after(self, number: int) -> CampaignReward | None:
        """The ``rewards`` entry given after scenario ``number`` (from 1): the first that names
        it (the one the simulation plays and the sheets print), or ``None``."""
        return next((r for r in self.rewards if r.after_scenario == number), None)

    def loot_kept_after(self, number: int, own: Rewards | None) -> int:
        """Loot Cards each hero keeps after passing scenario ``number`` (from 1), whose own
        ``rewards`` are ``own`` (``None``: a scenario the pack lacks, which gives none): the
        :meth:`reward_after` entry's ``keep_loot_cards`` where it gives one, else the scenario's
        (what the simulation plays and the campaign sheet prints)."""
        reward = self.reward_after(number)
        if reward is not None and reward.keep_loot_cards is not None:
            return reward.keep_loot_cards
        return own.keep_loot_cards if own is not None else 0

    def hero_bonus_after(self, number: int, own: Rewards | None) -> bool:
        """Whether each hero chooses a hero bonus after passing scenario ``number`` (from 1),
        ``own`` as for :meth:`loot_kept_after`: the :meth:`reward_after` entry's ``hero_bonus``
        where it gives one, else the scenario's."""
        reward = self.reward_after(number)
        if reward is not None and reward.hero_bonus is not None:
            return reward.hero_bonus
        return own.hero_bonus if own is not None else False

    def references(self) -> Iterable[Ref]:
        for i, sid in enumerate(self.scenarios):
            yield (("scenarios", i), "scenario", sid)
        if self.balance is not None:
            for sid in self.balance.scenario_win_rate:
                yield (("balance", "scenario_win_rate", sid), "scenario", sid)


