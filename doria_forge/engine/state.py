"""The game state and its API (OpenSpiel / boardgame.io style).

``GameState.new(pack, ["warrior", "mage"], seed=7)`` sets up a game;
``current_actor()`` is the uid of the hero who decides next (``None`` when the game is
over), ``legal_actions()`` lists that hero's actions (see ``actions``; what each is
allowed to do and does lives in ``decisions``), ``apply(action)``
performs one and runs the game on (monster activations, Phases E-I, the next round)
until the next decision; ``copy()`` is a deep copy including the dice generator, so
a copy replays identically (the Phase D actor is found by ``phases.advance``: after
changing fields by hand, call ``phases.advance(state)`` before asking again);
``is_over()`` / ``outcome`` tell how it ended.

Everything random comes from ``state.dice`` (one seeded ``DiceRoller``); everything
observable is emitted to ``state.log`` (an ``EventLog``, disabled for bulk runs).

Map questions (distances, range, Room Tiles occupied, Loot Markers, Phase F map
effects, monster movement, heroes within range 1 of each other, where items can be
thrown) go to ``state.board``; :class:`NoMap` answers them for
games without a map: every hero is in range of everything at distance 0 (every
other hero is adjacent and can be thrown to), all
heroes share one Room Tile (``options.occupied_room_tiles``), no door is opened
unless ``state.door_opened`` is set, ``state.loot_markers`` Loot Markers are
reachable. A map implementation replaces the board.

Optional rules (Book of Rules, every "OPTIONAL RULE" box; shared/rules/NOTES.md): a
rule is on when ``GameOptions.optional_rules`` names it (a scenario's
``optional_rules``: pass ``frozenset(scenario.optional_rules)``) or the pack's
``rules.optional_rules`` entry has ``default: true``; ``state.optional_rules`` holds
the ids that are on, ``state.option(id)`` asks for one. Acting now:
``remove_traps_in_phase_i`` (*Phase I*), ``stop_loot_after_trap`` (*Defeated
Monsters*), ``custom_characters`` (*Preparing Characters*). Recognised but not yet
acting (``state.inactive_optional_rules``, reasons in ``NOT_YET_ACTING``):
``door_events`` and ``throw_needs_line_of_sight`` need the map,
and ``campaign_keep_by_gold`` a campaign layer.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from doria_forge.model.character import Character
from doria_forge.model.pack import ContentPack

from . import decisions, phases
from .actions import Action
from .combat import DEFAULT_DEFENSE
from .decisions import find_item
from .decks import TRAP, Card, LootDecks, MonsterDeck, card_gold
from .dice import DiceRoller
from .doom import DoomCounter
from .events import EventLog
from .hero import HeroState, ItemInstance, clone_hero, validate_custom_character  # noqa: F401 (clone_hero: import path)
from .monster import MonsterState


def _check_custom_character(character: Character, pack: ContentPack, optional_rules: frozenset[str]) -> None:
    """Optional rule ``custom_characters`` (chapter *Preparing Characters*); raises ValueError."""
    if "custom_characters" not in optional_rules:
        raise ValueError(f"custom hero {character.id!r} (premade: false) needs the optional rule custom_characters")
    try:
        validate_custom_character(character.attributes, pack.rules)
    except ValueError as exc:
        raise ValueError(f"custom hero {character.id!r}: {exc}") from None
    if len(character.standard_items) > pack.rules.starting_cards:
        raise ValueError(f"custom hero {character.id!r} starts with {len(character.standard_items)} cards, "
                         f"at most {pack.rules.starting_cards}")
    missing = sorted({i for i in character.standard_items if i not in pack.equipment})
    if missing:
        raise ValueError(f"custom hero {character.id!r}: unknown equipment {missing}")


# --------------------------------------------------------------------------- optional rules
NOT_YET_ACTING: dict[str, str] = {
    "door_events": "Door Event cards are drawn when a door is opened: needs the map",
    "throw_needs_line_of_sight": "throwing items (ThrowItem) needs Line of Sight: needs the map (board.can_throw)",
    "campaign_keep_by_gold": "keeping items worth 3 gold per card between scenarios: needs a campaign layer",
}
"""Optional rules the engine recognises but does not act on yet (id -> why)."""


def resolve_optional_rules(rules, switched_on: Iterable[str] = ()) -> frozenset[str]:
    """The optional rule ids that are on: ``switched_on`` (e.g. a scenario's
    ``optional_rules``) plus every rule of ``rules.optional_rules`` whose ``default``
    is true. Raises ``ValueError`` naming any id of ``switched_on`` that the pack's
    rules document does not list."""
    known = {r.id: r.default for r in rules.optional_rules}
    switched_on = frozenset(switched_on)
    unknown = sorted(switched_on - set(known))
    if unknown:
        raise ValueError(f"unknown optional rules {unknown}; the pack's rules list {sorted(known)}")
    return switched_on | {rid for rid, default in known.items() if default}


# --------------------------------------------------------------------------- the board hook
class NoMap:
    """The board when there is no map. Every method is a hook a map replaces."""

    def distance(self, state: GameState, monster: MonsterState, hero: HeroState) -> int:
        return 0

    def distance_to_nearest_hero(self, state: GameState, monster: MonsterState) -> int:
        return 0

    def in_range(self, state: GameState, monster: MonsterState, hero: HeroState) -> bool:
        """Whether the monster can reach and attack ``hero`` this activation."""
        return True

    def hero_can_target(self, state: GameState, hero: HeroState, profile, monster: MonsterState) -> bool:
        """Range and line of sight of a hero's attack."""
        return True

    def move_monster(self, state: GameState, monster: MonsterState) -> None:
        """Move the monster toward its target before it attacks (no map: nothing)."""

    def monster_removed(self, state: GameState, monster: MonsterState) -> None:
        """A defeated monster's figure leaves the board."""

    def occupied_room_tiles(self, state: GameState) -> int:
        return state.options.occupied_room_tiles

    def loot_markers(self, state: GameState, hero: HeroState) -> int:
        return state.loot_markers

    def take_loot_marker(self, state: GameState, hero: HeroState) -> None:
        state.loot_markers -= 1

    def hero_adjacent(self, state: GameState, hero: HeroState, other: HeroState) -> bool:
        """Whether ``other`` is within range 1 of ``hero`` (an adjacent square; chapter
        *Take, Use or Repair Other Items (5 AP)*: taking, using or repairing another
        character's item, infusing a character with a taken potion). No map: always."""
        return True

    def can_throw(self, state: GameState, thrower: HeroState, receiver: HeroState) -> bool:
        """Whether ``thrower`` may throw an item to ``receiver`` (chapter *Throw Items
        (0 - 10 AP)*): the same Room Tile or an adjacent one connected by a door or
        Secret Door, any distance, no Line of Sight (with the optional rule
        ``throw_needs_line_of_sight`` also Line of Sight). No map: always."""
        return True

    def trap_targets(self, state: GameState, drawer: HeroState, trap) -> list[HeroState]:
        """Who a Trap affects: the drawer (person), else every hero on the drawer's Room
        Tile or up to the nearest doors (no map: all heroes)."""
        if trap.trap_type == "person":
            return [drawer]
        return list(state.heroes)

    def phase_f_traps(self, state: GameState) -> None:
        """Lasting Trap effects acting in Phase F (needs the map)."""

    def zombie_raise(self, state: GameState) -> None:
        """Zombies raise one more Zombie next to them toward the heroes in Phase F
        (placement needs the map; a Zombie that cannot multiply is activated)."""

    def phase_f_other(self, state: GameState) -> None:
        """Scenario actions of Phase F."""

    def goal(self, state: GameState) -> str | None:
        """The scenario goal: an outcome string when reached, else ``None``."""
        return None


@dataclass
class GameOptions:
    """Switches of the flow engine. Phases and decks can be turned off (a duel turns
    off what needs other content). ``solo_rules``/``two_player_rules``: ``None`` =
    by player count. ``max_rounds``: the game ends (``outcome="round_limit"``) instead
    of starting a round after this one. ``optional_rules``: ids of the pack's optional
    rules to switch on (a scenario's ``optional_rules``; rules with ``default: true``
    are on anyway; unknown ids make ``GameState.new`` raise ``ValueError``)."""

    shop: bool = True
    loot: bool = True
    doom: bool = True
    poison: bool = True
    special: bool = True
    level_up: bool = True
    monster_deck: bool = True
    setup_loot: bool = False
    start_bonuses: bool = True
    occupied_room_tiles: int = 1
    solo_rules: bool | None = None
    solo_spend_xp_on_doom: bool = True
    end_when_no_monsters: bool = False
    max_rounds: int | None = None
    optional_rules: frozenset[str] = frozenset()


# --------------------------------------------------------------------------- the state
@dataclass(eq=False)
class GameState:
    """Everything of one game. Fields are public for tests and tools; change them
    through ``apply`` in play.

    ``ap``: the Initiative Board (hero uid -> AP left; monsters stand at their AP value
    and ``activated`` holds those that acted this round). ``doom``: the Doom Counter.
    ``monster_level`` (ML), ``monster_level_ups`` this scenario, ``group_xp``.
    ``loot``/``monster_deck``: the decks (``None`` when switched off). ``gold_cards``:
    Trap cards heroes hold as gold. ``pending_bonus``/``pending_recovery``: Phase H
    choices due. ``pending_loot_draws``: Loot Cards of a defeated monster still to
    draw, waiting for ``ContinueLoot``/``StopLoot`` (optional rule
    ``stop_loot_after_trap``). ``optional_rules``: the optional rule ids that are on
    (resolved from ``options.optional_rules`` and the rules' defaults; see
    ``resolve_optional_rules``). ``phase``: ``setup``, ``A``..``I``, ``over``.
    """

    pack: ContentPack
    dice: DiceRoller
    log: EventLog
    heroes: list[HeroState]
    monsters: list[MonsterState] = field(default_factory=list)
    options: GameOptions = field(default_factory=GameOptions)
    mode: str = "single"
    board: NoMap = field(default_factory=NoMap)
    round: int = 0
    phase: str = phases.SETUP
    ap: dict[str, int] = field(default_factory=dict)
    activated: set[str] = field(default_factory=set)
    doom: DoomCounter = field(default_factory=DoomCounter)
    monster_level: int = 1
    monster_level_ups: int = 0
    group_xp: int = 0
    loot: LootDecks | None = None
    monster_deck: MonsterDeck | None = None
    gold_cards: dict[str, list[Card]] = field(default_factory=dict)
    item_cards: dict[str, Card] = field(default_factory=dict)
    pending_bonus: dict[str, int] = field(default_factory=dict)
    pending_recovery: dict[str, int] = field(default_factory=dict)
    stay_unconscious: set[str] = field(default_factory=set)
    decision_queue: list[str] = field(default_factory=list)
    pending_loot: list[Card] = field(default_factory=list)
    pending_loot_hero: str | None = None
    pending_loot_draws: int = 0
    shop_open: bool = False
    door_opened: bool = False
    loot_markers: int = 0
    defeated: list[MonsterState] = field(default_factory=list)
    outcome: str | None = None
    defense_policy: object = DEFAULT_DEFENSE
    item_consent: object = None
    """Whether a conscious character lets another take, use or repair its items (chapter
    *Take, Use or Repair Other Items (5 AP)*): ``None`` = always (bots agree), else a
    callable ``(state, owner, taker) -> bool``; see ``consents``."""
    monster_serial: int = 0
    scratch: dict = field(default_factory=dict, repr=False)
    """Free cache for bots (cleared in copies)."""
    _actor: str | None = field(default=None, repr=False)
    """The Phase D actor found by ``phases.advance`` (cleared by ``apply``)."""
    optional_rules: frozenset[str] = field(init=False, default=frozenset())

    def __post_init__(self) -> None:
        self.optional_rules = resolve_optional_rules(self.pack.rules, self.options.optional_rules)

    # ---------------------------------------------------------------- construction
    @classmethod
    def new(
        cls,
        pack: ContentPack,
        characters: Sequence[str | Character | HeroState],
        *,
        seed: int | None = 0,
        dice: DiceRoller | None = None,
        mode: str = "single",
        monster_level: int = 1,
        monsters: Iterable[str | tuple[str, Sequence[str]]] = (),
        options: GameOptions | None = None,
        board: NoMap | None = None,
        log: bool = True,
        group_xp: int = 0,
        start: bool = True,
    ) -> GameState:
        """Set up a game (chapter *General Setup*).

        ``characters``: character ids (premade heroes with their standard items),
        ``Character`` documents, or ready ``HeroState``s, in seat order. ``monsters``:
        monster ids or (id, modification ids) placed at the start. The Loot stacks
        and the monster deck are built and shuffled with the seeded dice (unless
        switched off). With ``options.setup_loot`` each hero draws Loot Cards until it
        holds ``rules.starting_cards`` cards, standard items included (6; +2 with two
        players, +4 solo: chapters *Preparing Characters*, *Special Rules for 1 or 2
        Players*); Traps drawn here are set aside and replaced, then go to the discard
        pile. 1-2 players choose a hero bonus before the first round
        (``options.start_bonuses``). ``start`` runs the game to the first decision.

        Custom heroes (a ``Character`` with ``premade: false``; optional rule
        ``custom_characters``, chapter *Preparing Characters*) need that rule on and
        are checked: ``rules.creation_points`` (50) attribute points, each
        ``rules.attribute_min``..``attribute_max_at_creation`` (1-13), at most
        ``rules.starting_cards`` (6) standard items, all in the pack.

        Raises ``ValueError`` for unknown optional rule ids (``options.optional_rules``),
        a custom hero without the rule or breaking the creation rules, and ``KeyError``
        for an unknown character id.
        """
        options = options or GameOptions()
        rules = pack.rules
        optional_rules = resolve_optional_rules(rules, options.optional_rules)
        dice = dice if dice is not None else DiceRoller(seed)
        heroes: list[HeroState] = []
        seen: dict[str, int] = {}
        for entry in characters:
            if isinstance(entry, HeroState):
                heroes.append(entry)
                continue
            character = pack.characters[entry] if isinstance(entry, str) else entry
            if not character.premade:
                _check_custom_character(character, pack, optional_rules)
            seen[character.id] = seen.get(character.id, 0) + 1
            uid = character.id if seen[character.id] == 1 else f"{character.id}-{seen[character.id]}"
            items = [pack.equipment[i] for i in character.standard_items]
            heroes.append(HeroState.from_character(character, items, rules, uid=uid))
        state = cls(pack=pack, dice=dice, log=EventLog(enabled=log), heroes=heroes, options=options,
                    mode=mode, board=board or NoMap(), doom=DoomCounter(rules.doom_track),
                    monster_level=monster_level, group_xp=group_xp)
        if (options.loot or options.shop) and (pack.traps or any(e.deck == "loot" for e in pack.equipment.values())):
            state.loot = LootDecks.build(pack, dice)
        if options.monster_deck and pack.monsters:
            state.monster_deck = MonsterDeck.build(pack, dice)
        if options.setup_loot and state.loot is not None:
            extra = rules.solo_extra_cards if state.solo else rules.two_player_extra_cards if state.players == 2 else 0
            set_aside: list[Card] = []
            for hero in heroes:
                while len(hero.all_items()) < rules.starting_cards + extra:
                    card = state.loot.draw(dice)
                    if card is None:
                        break
                    if card.kind == TRAP:
                        set_aside.append(card)
                    else:
                        state.give_card(hero, card)
            state.loot.discard.extend(set_aside)
        for entry in monsters:
            mid, mods = (entry, ()) if isinstance(entry, str) else entry
            state.add_monster(mid, tuple(mods), reason="setup")
        if options.start_bonuses and state.players <= 2:
            for hero in heroes:
                state.pending_bonus[hero.uid] = state.pending_bonus.get(hero.uid, 0) + 1
            state.decision_queue = [h.uid for h in heroes]
        if start:
            phases.advance(state)
        return state

    def option(self, rule_id: str) -> bool:
        """Whether optional rule ``rule_id`` is on in this game. Raises ``ValueError``
        for an id the pack's rules document does not list."""
        if rule_id in self.optional_rules:
            return True
        if not any(r.id == rule_id for r in self.rules.optional_rules):
            raise ValueError(f"unknown optional rule {rule_id!r}")
        return False

    @property
    def inactive_optional_rules(self) -> frozenset[str]:
        """The optional rules switched on that the engine does not act on yet (see
        ``NOT_YET_ACTING`` for why); the game plays as if they were off."""
        return frozenset(r for r in self.optional_rules if r in NOT_YET_ACTING)

    def add_monster(self, monster_id: str, modifications: Sequence[str] = (), *, reason: str = "spawn") -> MonsterState:
        """Put a new monster on the board at the current Monster Level (no figure check)."""
        self.monster_serial += 1
        monster = MonsterState.from_pack(self.pack, monster_id, self.monster_level, tuple(modifications),
                                         uid=f"{monster_id}-{self.monster_serial}")
        self.monsters.append(monster)
        self.log.emit("monster_placed", monster.uid, monster=monster_id, level=self.monster_level,
                      modifications=tuple(modifications), reason=reason)
        return monster

    def give_card(self, hero: HeroState, card: Card) -> ItemInstance:
        """An equipment Loot Card for ``hero``: to the Belt while it has room, else the Backpack."""
        item = ItemInstance(self.pack.equipment[card.id], f"{hero.uid}/{card.uid}")
        self.item_cards[item.uid] = card
        if len(hero.belt) < hero.belt_capacity:
            hero.belt.append(item)
        else:
            hero.backpack.append(item)
        self.log.emit("loot", hero.uid, card=card.uid)
        return item

    # ---------------------------------------------------------------- properties
    @property
    def rules(self):
        return self.pack.rules

    @property
    def players(self) -> int:
        """[PlayerCount]: the characters in the game (FAQ: one per character)."""
        return len(self.heroes)

    @property
    def solo(self) -> bool:
        """Whether the special rules for 1 player apply."""
        if self.options.solo_rules is not None:
            return self.options.solo_rules
        return self.players == 1

    def hero(self, uid: str) -> HeroState:
        for h in self.heroes:
            if h.uid == uid:
                return h
        raise KeyError(uid)

    def monster(self, uid: str) -> MonsterState:
        for m in self.monsters:
            if m.uid == uid:
                return m
        raise KeyError(uid)

    def consents(self, owner: HeroState, taker: HeroState) -> bool:
        """Whether ``owner`` lets ``taker`` take, use or repair its items (chapter *Take,
        Use or Repair Other Items (5 AP)*: "the other character must agree"; an
        unconscious character "cannot resist"). Asks ``item_consent`` (``None``: yes)."""
        if owner.unconscious:
            return True
        policy = self.item_consent
        return True if policy is None else bool(policy(self, owner, taker))

    def trap_targets(self, drawer: HeroState, trap) -> list[HeroState]:
        return self.board.trap_targets(self, drawer, trap)

    def needs_phase_h(self, hero: HeroState) -> bool:
        return (hero.attribute_points > 0 or self.pending_bonus.get(hero.uid, 0) > 0
                or hero.uid in self.pending_recovery or hero.unconscious)

    def campaign_monster_points(self) -> int:
        """Monster Points this scenario earned so far (crossed red and orange fields)."""
        return self.doom.monster_points

    # ---------------------------------------------------------------- ending
    def finish(self, outcome: str) -> None:
        if self.outcome is None:
            self.outcome = outcome
            self.phase = phases.OVER
            self.log.emit("game_over", None, outcome=outcome, round=self.round)

    def check_end(self) -> None:
        """Death of a character (HP or PP at ``rules.death_threshold``) ends the scenario
        for all; so does the scenario goal (``board.goal``) or, in a duel, the last monster."""
        if self.outcome is not None:
            return
        if any(h.dead for h in self.heroes):
            self.finish("hero_died")
        elif self.options.end_when_no_monsters and not self.monsters:
            self.finish("monsters_defeated")
        else:
            goal = self.board.goal(self)
            if goal:
                self.finish(goal)

    def is_over(self) -> bool:
        return self.outcome is not None

    # ---------------------------------------------------------------- API
    def current_actor(self) -> str | None:
        """The uid of the hero who decides next (in Phase I: the group, spoken for by
        the first living hero), or ``None`` when the game is over."""
        if self.outcome is not None:
            return None
        if self.phase == phases.D:
            if self.pending_loot or self.pending_loot_draws:
                return self.pending_loot_hero
            if self._actor is not None:
                return self._actor
            kind, who = phases.next_marker(self)
            return who.uid if kind == "hero" else None
        if self.phase in (phases.SETUP, phases.H):
            return self.decision_queue[0] if self.decision_queue else None
        if self.phase == phases.I and self.shop_open:
            return next((h.uid for h in self.heroes if not h.dead), None)
        return None

    def actor_hero(self) -> HeroState | None:
        uid = self.current_actor()
        return self.hero(uid) if uid is not None else None

    def copy(self) -> GameState:
        """A deep copy sharing only the immutable content (pack documents); the dice
        generator state is copied, so the copy replays identically."""
        memo: dict[int, object] = {id(self.pack): self.pack}
        for doc in self.pack:
            memo[id(doc)] = doc
        memo[id(self.pack.rules)] = self.pack.rules
        memo[id(self.scratch)] = {}
        return _copy.deepcopy(self, memo)

    def legal_actions(self) -> list[Action]:
        """Every action the current actor may take (``[]`` when the game is over).

        Phase I lists purchases paid with a single card of the buyer; ``apply``
        also accepts combined payments (``Buy`` with several payers and slots)."""
        uid = self.current_actor()
        if uid is None:
            return []
        hero = self.hero(uid)
        return decisions.legal_actions(self, hero)

    def apply(self, action: Action) -> None:
        """Perform ``action`` for the current actor, then run the game on to the next
        decision. Raises ``IllegalAction`` when the action is not allowed (the state
        is then unchanged) and ``RuntimeError`` when the game is over."""
        uid = self.current_actor()
        if uid is None:
            raise RuntimeError("the game is over" if self.outcome else "no decision is due")
        hero = self.hero(uid)
        self._actor = None
        decisions.apply_action(self, hero, action)
        phases.advance(self)

    # ---------------------------------------------------------------- Phase I
    def gold_value(self, owner: HeroState, uid: str) -> int:
        """Gold a card of ``owner`` is worth in the shop: its gold, 1 less while damaged
        (``rules.damaged_sell_penalty``); Trap cards held as gold: their gold."""
        for card in self.gold_cards.get(owner.uid, []):
            if card.uid == uid:
                return card_gold(self.pack, card)
        item = find_item(owner, uid)
        value = item.card.gold
        if item.damaged:
            value -= self.rules.damaged_sell_penalty
        return max(0, value)
