"""The game state and its API (OpenSpiel / boardgame.io style).

``GameState.new(pack, ["warrior", "mage"], seed=7)`` sets up a game;
``current_actor()`` is the uid of the hero who decides next (``None`` when the game is
over), ``legal_actions()`` lists that hero's actions (see ``actions``), ``apply(action)``
performs one and runs the game on (monster activations, Phases E-I, the next round)
until the next decision; ``copy()`` is a deep copy including the dice generator, so
a copy replays identically (the Phase D actor is found by ``phases.advance``: after
changing fields by hand, call ``phases.advance(state)`` before asking again); ``is_over()`` / ``outcome`` tell how it ended.

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
from dataclasses import dataclass, field, replace
from typing import Iterable, Sequence

from doria_forge.model.character import Character
from doria_forge.model.common import ATTRIBUTES
from doria_forge.model.pack import ContentPack

from . import phases
from .actions import (
    Action, Attack, Buy, ChooseHeroBonus, ClearShopSlot, ContinueLoot, EndTurn, KeepLoot, MoveItem,
    RaiseAttribute, RecoverPoints, RemoveTrapByDoom, Repair, RepairOtherItem, RetrieveFromBackpack, Search,
    StayUnconscious, StopLoot, TakeItem, ThrowItem, TriggerShopTrap, UseItem, UseOtherItem, Wait,
)
from .combat import DEFAULT_DEFENSE, attack_problem, hero_attack, repair, use_item
from .decks import EQUIPMENT, TRAP, Card, LootDecks, MonsterDeck, card_gold, resolve_trap
from .dice import DiceRoller
from .doom import DoomCounter
from .events import EventLog
from .hero import HeroState, IllegalAction, ItemInstance, validate_custom_character
from .levelup import choose_hero_bonus, default_recovery_split, recover
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


def clone_hero(hero: HeroState, uid: str | None = None) -> HeroState:
    """A fresh copy of ``hero`` with new ``ItemInstance``s in the same places (faster
    than ``copy.deepcopy``; the cards, character and rules are shared, being frozen)."""
    mapping: dict[int, ItemInstance] = {}

    def c(item: ItemInstance | None) -> ItemInstance | None:
        if item is None:
            return None
        new = mapping.get(id(item))
        if new is None:
            new = mapping[id(item)] = ItemInstance(item.card, item.uid, item.damaged)
        return new

    return replace(
        hero, uid=uid or hero.uid, attributes=dict(hero.attributes), hero_bonuses=set(hero.hero_bonuses),
        hands=[c(i) for i in hero.hands], zones={z: c(i) for z, i in hero.zones.items()},
        accessory=[c(i) for i in hero.accessory], body_items=[c(i) for i in hero.body_items],
        belt=[c(i) for i in hero.belt], backpack=[c(i) for i in hero.backpack],
    )


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

    def distance(self, state: "GameState", monster: MonsterState, hero: HeroState) -> int:
        return 0

    def distance_to_nearest_hero(self, state: "GameState", monster: MonsterState) -> int:
        return 0

    def in_range(self, state: "GameState", monster: MonsterState, hero: HeroState) -> bool:
        """Whether the monster can reach and attack ``hero`` this activation."""
        return True

    def hero_can_target(self, state: "GameState", hero: HeroState, profile, monster: MonsterState) -> bool:
        """Range and line of sight of a hero's attack."""
        return True

    def move_monster(self, state: "GameState", monster: MonsterState) -> None:
        """Move the monster toward its target before it attacks (no map: nothing)."""

    def monster_removed(self, state: "GameState", monster: MonsterState) -> None:
        """A defeated monster's figure leaves the board."""

    def occupied_room_tiles(self, state: "GameState") -> int:
        return state.options.occupied_room_tiles

    def loot_markers(self, state: "GameState", hero: HeroState) -> int:
        return state.loot_markers

    def take_loot_marker(self, state: "GameState", hero: HeroState) -> None:
        state.loot_markers -= 1

    def hero_adjacent(self, state: "GameState", hero: HeroState, other: HeroState) -> bool:
        """Whether ``other`` is within range 1 of ``hero`` (an adjacent square; chapter
        *Take, Use or Repair Other Items (5 AP)*: taking, using or repairing another
        character's item, infusing a character with a taken potion). No map: always."""
        return True

    def can_throw(self, state: "GameState", thrower: HeroState, receiver: HeroState) -> bool:
        """Whether ``thrower`` may throw an item to ``receiver`` (chapter *Throw Items
        (0 - 10 AP)*): the same Room Tile or an adjacent one connected by a door or
        Secret Door, any distance, no Line of Sight (with the optional rule
        ``throw_needs_line_of_sight`` also Line of Sight). No map: always."""
        return True

    def trap_targets(self, state: "GameState", drawer: HeroState, trap) -> list[HeroState]:
        """Who a Trap affects: the drawer (person), else every hero on the drawer's Room
        Tile or up to the nearest doors (no map: all heroes)."""
        if trap.trap_type == "person":
            return [drawer]
        return list(state.heroes)

    def phase_f_traps(self, state: "GameState") -> None:
        """Lasting Trap effects acting in Phase F (needs the map)."""

    def zombie_raise(self, state: "GameState") -> None:
        """Zombies raise one more Zombie next to them toward the heroes in Phase F
        (placement needs the map; a Zombie that cannot multiply is activated)."""

    def phase_f_other(self, state: "GameState") -> None:
        """Scenario actions of Phase F."""

    def goal(self, state: "GameState") -> str | None:
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
    ) -> "GameState":
        """Set up a game (chapter *General Setup*).

        ``characters``: character ids (premade heroes with their standard items),
        ``Character`` documents, or ready ``HeroState``s, in seat order. ``monsters``:
        monster ids or (id, modification ids) placed at the start. The Loot stacks
        and the monster deck are built and shuffled with the seeded dice (unless
        switched off). With ``options.setup_loot`` each hero draws
        ``rules.setup_loot_cards`` (+2 with two players, +4 solo; Traps drawn here go
        to the discard pile). 1-2 players choose a hero bonus before the first round
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
            for hero in heroes:
                for _ in range(rules.setup_loot_cards + extra):
                    card = state.loot.draw(dice)
                    if card is None:
                        break
                    if card.kind == TRAP:
                        state.loot.discard.append(card)
                    else:
                        state.give_card(hero, card)
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

    def copy(self) -> "GameState":
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
        if self.phase == phases.D:
            return self._legal_d(hero)
        if self.phase in (phases.SETUP, phases.H):
            return self._legal_h(hero)
        return self._legal_i(hero)

    def apply(self, action: Action) -> None:
        """Perform ``action`` for the current actor, then run the game on to the next
        decision. Raises ``IllegalAction`` when the action is not allowed (the state
        is then unchanged) and ``RuntimeError`` when the game is over."""
        uid = self.current_actor()
        if uid is None:
            raise RuntimeError("the game is over" if self.outcome else "no decision is due")
        hero = self.hero(uid)
        self._actor = None
        if self.phase == phases.D:
            self._apply_d(hero, action)
        elif self.phase in (phases.SETUP, phases.H):
            self._apply_h(hero, action)
        else:
            self._apply_i(hero, action)
        phases.advance(self)

    # ---------------------------------------------------------------- Phase D
    def _find_item(self, hero: HeroState, item_uid: str) -> ItemInstance:
        for item in hero.all_items():
            if item.uid == item_uid:
                return item
        raise IllegalAction(f"{hero.uid} carries no item {item_uid}")

    def _legal_d(self, hero: HeroState) -> list[Action]:
        if self.pending_loot:
            return [KeepLoot(i) for i in range(len(self.pending_loot))]
        if self.pending_loot_draws:
            return [ContinueLoot(), StopLoot()]
        acts: list[Action] = []
        ap = self.ap.get(hero.uid, 0)
        board = self.board
        seen: set[int] = set()
        for item in hero.hand_items() + hero.body_items + hero.belt:
            if id(item) in seen:
                continue
            seen.add(id(item))
            location = hero.location(item)
            from_belt = location == "belt"
            if from_belt and item.hands == 2:
                continue
            for pi, profile in enumerate(item.card.attacks):
                for m in self.monsters:
                    if (attack_problem(hero, item, profile, m, from_belt=from_belt) is None
                            and board.hero_can_target(self, hero, profile, m)):
                        acts.append(Attack(item.uid, pi, m.uid, from_belt))
            effect = item.card.effect
            if effect is not None and not item.card.attacks and not item.damaged and hero.meets_requirements(item.card):
                acts.append(UseItem(item.uid, None, from_belt))
                if effect.targets == "self_or_friend":
                    acts += [UseItem(item.uid, h.uid, from_belt) for h in self.heroes if h is not hero and not h.dead]
        for group in hero.repair_groups():
            acts.append(Repair(tuple(i.uid for i in group)))
        for item in hero.belt:
            if hero.can_equip(item.card) and item.card.zone != "body":
                acts.append(MoveItem(item.uid, "equip"))
        for item in hero.equipped():
            if id(item) in seen and hero.location(item) == "hands" and len(hero.belt) < hero.belt_capacity:
                acts.append(MoveItem(item.uid, "belt"))
        for item in hero.backpack:
            if hero.can_equip(item.card):
                acts.append(RetrieveFromBackpack(item.uid, "equip"))
            if len(hero.belt) < hero.belt_capacity:
                acts.append(RetrieveFromBackpack(item.uid, "belt"))
        if len(self.heroes) > 1:
            acts += self._legal_other_items(hero)
        if board.loot_markers(self, hero) > 0 and self.loot is not None:
            acts += [Search(1), Search(2)]
        acts += [Wait(n) for n in range(1, ap + 1)]
        acts.append(EndTurn())
        return acts

    def _legal_other_items(self, hero: HeroState) -> list[Action]:
        """Throws to every conscious friend ``board.can_throw`` allows (chapter *Throw
        Items (0 - 10 AP)*) and taking, using and repairing the items of every living
        friend within range 1 who agrees (or is unconscious; chapter *Take, Use or Repair
        Other Items (5 AP)*)."""
        acts: list[Action] = []
        board = self.board
        others = [h for h in self.heroes if h is not hero and not h.dead]
        for receiver in others:
            if not receiver.can_act or not board.can_throw(self, hero, receiver):
                continue
            for item in hero.all_items():
                if receiver.can_equip(item.card):
                    acts.append(ThrowItem(item.uid, receiver.uid, "equip"))
                    if receiver.free_slot(item.card) is None:
                        acts.append(ThrowItem(item.uid, receiver.uid, "equip", "backpack"))
                if len(receiver.belt) < receiver.belt_capacity:
                    acts.append(ThrowItem(item.uid, receiver.uid, "belt"))
                acts.append(ThrowItem(item.uid, receiver.uid, "backpack"))
        reachable = [h for h in self.heroes if not h.dead and (h is hero or board.hero_adjacent(self, hero, h))]
        for owner in others:
            if not board.hero_adjacent(self, hero, owner) or not self.consents(owner, hero):
                continue
            for item in owner.all_items():
                card = item.card
                if hero.can_equip(card):
                    acts.append(TakeItem(owner.uid, item.uid, "equip"))
                if len(hero.belt) < hero.belt_capacity:
                    acts.append(TakeItem(owner.uid, item.uid, "belt"))
                acts.append(TakeItem(owner.uid, item.uid, "backpack"))
                for pi, profile in enumerate(card.attacks):
                    for m in self.monsters:
                        if (attack_problem(hero, item, profile, m, owner=owner) is None
                                and board.hero_can_target(self, hero, profile, m)):
                            acts.append(UseOtherItem(owner.uid, item.uid, None, pi, m.uid))
                effect = card.effect
                if effect is not None and not card.attacks and not item.damaged and hero.meets_requirements(card):
                    acts.append(UseOtherItem(owner.uid, item.uid))
                    if card.card_type == "potion":
                        acts += [UseOtherItem(owner.uid, item.uid, h.uid) for h in reachable if h is not hero]
                    elif effect.targets == "self_or_friend":
                        acts += [UseOtherItem(owner.uid, item.uid, h.uid)
                                 for h in self.heroes if h is not hero and not h.dead]
            for group in owner.repair_groups():
                acts.append(RepairOtherItem(owner.uid, tuple(i.uid for i in group)))
        return acts

    def _other_hero(self, hero: HeroState, uid: str, role: str) -> HeroState:
        """The living character ``uid`` other than ``hero``; raises ``IllegalAction``."""
        other = next((h for h in self.heroes if h.uid == uid), None)
        if other is None or other is hero:
            raise IllegalAction(f"{uid!r} is not another character to be the {role}")
        if other.dead:
            raise IllegalAction(f"{uid} is dead")
        return other

    def _reach_owner(self, hero: HeroState, owner_uid: str) -> HeroState:
        """The owner of the items for *Take, Use or Repair Other Items (5 AP)*: another
        living character within range 1 (``board.hero_adjacent``) who agrees or is
        unconscious (``consents``). Raises ``IllegalAction``."""
        owner = self._other_hero(hero, owner_uid, "owner")
        if not self.board.hero_adjacent(self, hero, owner):
            raise IllegalAction(f"{owner.uid} is not within range 1 of {hero.uid}")
        if not self.consents(owner, hero):
            raise IllegalAction(f"{owner.uid} does not agree to give up its items")
        return owner

    def _throw(self, hero: HeroState, action: ThrowItem) -> None:
        """Chapter *Throw Items (0 - 10 AP)* (see ``ThrowItem``). Everything is checked
        before anything moves."""
        receiver = self._other_hero(hero, action.receiver_uid, "receiver")
        if not receiver.can_act:
            raise IllegalAction(f"{receiver.uid} is unconscious and cannot catch or place an item")
        if not self.board.can_throw(self, hero, receiver):
            raise IllegalAction(f"{receiver.uid} is not on the same or an adjacent Room Tile")
        item = self._find_item(hero, action.item_uid)
        card = item.card
        if action.to == "equip":
            if action.displaced_to not in ("belt", "backpack"):
                raise IllegalAction("a displaced card may go only to the receiver's Belt or Backpack, "
                                    f"not {action.displaced_to!r}")
            if not receiver.can_equip(card):
                raise IllegalAction(f"{receiver.uid} does not meet the requirements of {card.name}")
        elif action.to == "belt":
            if len(receiver.belt) >= receiver.belt_capacity:
                raise IllegalAction(f"the Belt of {receiver.uid} is full")
        elif action.to != "backpack":
            raise IllegalAction(f"cannot throw to {action.to!r}")
        source = hero.location(item)
        place = "body" if source not in ("belt", "backpack") else source
        cost = hero.retrieve_cost(item)
        hero.discard(item)
        displaced: tuple[str, ...] = ()
        if action.to == "equip":
            before = receiver.equipped()
            receiver.equip(item, displace=action.displaced_to)
            displaced = tuple(i.uid for i in before if not receiver.is_equipped(i))
        elif action.to == "belt":
            receiver.move_to_belt(item)
        else:
            receiver.move_to_backpack(item)
        self._spend(hero, cost)
        self.log.emit("throw_item", hero.uid, item=item.uid, receiver=receiver.uid, source=place, to=action.to,
                      displaced=displaced, displaced_to=action.displaced_to if displaced else None, ap=cost)

    def _take(self, hero: HeroState, action: TakeItem) -> None:
        """Chapter *Take, Use or Repair Other Items (5 AP)*: take a card from anywhere on
        another character (see ``TakeItem``)."""
        owner = self._reach_owner(hero, action.owner_uid)
        item = self._find_item(owner, action.item_uid)
        if action.to == "equip":
            if not hero.can_equip(item.card):
                raise IllegalAction(f"{hero.uid} does not meet the requirements of {item.name}")
        elif action.to == "belt":
            if len(hero.belt) >= hero.belt_capacity:
                raise IllegalAction(f"the Belt of {hero.uid} is full")
        elif action.to != "backpack":
            raise IllegalAction(f"cannot take to {action.to!r}")
        cost = hero.take_cost()
        source = owner.location(item)
        owner.discard(item)
        if action.to == "equip":
            hero.equip(item, displace="belt")
        elif action.to == "belt":
            hero.move_to_belt(item)
        else:
            hero.move_to_backpack(item)
        self._spend(hero, cost)
        self.log.emit("take_item", hero.uid, owner=owner.uid, item=item.uid, source=source, to=action.to, ap=cost)

    def _use_other(self, hero: HeroState, action: UseOtherItem) -> None:
        """Chapter *Take, Use or Repair Other Items (5 AP)*: take and use in one action
        (see ``UseOtherItem``); ``combat.hero_attack`` / ``combat.use_item`` with ``owner``."""
        owner = self._reach_owner(hero, action.owner_uid)
        item = self._find_item(owner, action.item_uid)
        log = self.log
        if action.profile_index is not None:
            attacks = item.card.attacks
            if not 0 <= action.profile_index < len(attacks):
                raise IllegalAction(f"{item.name} has no attack {action.profile_index}")
            if action.target_uid is not None:
                raise IllegalAction("an attack targets a monster (monster_uid), not a character")
            target = next((m for m in self.monsters if m.uid == action.monster_uid), None)
            if target is None:
                raise IllegalAction(f"no monster {action.monster_uid} on the board")
            profile = attacks[action.profile_index]
            if not self.board.hero_can_target(self, hero, profile, target):
                raise IllegalAction(f"{target.uid} is out of range or sight")
            out = hero_attack(self.dice, log, hero, item, profile, target, self.rules, psi_spend=action.psi_spend,
                              owner=owner, monster_dice=phases.monster_dice(self))
            self._spend(hero, out.ap_cost)
            log.emit("use_other_item", hero.uid, owner=owner.uid, item=item.uid, target=target.uid,
                     ap=out.ap_cost, consumed=False)
            self.check_end()
            if out.target_defeated:
                phases.on_monster_defeated(self, target, hero)
            return
        if action.monster_uid is not None or action.psi_spend:
            raise IllegalAction("monster_uid and psi_spend belong to an attack (profile_index)")
        if item.card.effect is None or item.card.attacks:
            raise IllegalAction(f"{item.name} is not a potion or non-attack spell to use (attack with profile_index, "
                                f"or take it with TakeItem)")
        target = hero
        if action.target_uid is not None:
            target = next((h for h in self.heroes if h.uid == action.target_uid), None)
            if target is None:
                raise IllegalAction(f"no character {action.target_uid}")
            if (target is not hero and item.card.card_type == "potion"
                    and not self.board.hero_adjacent(self, hero, target)):
                raise IllegalAction(f"{target.uid} is not within range 1 of {hero.uid} to be infused")
        out = use_item(self.dice, log, hero, item, target, owner=owner)
        self._spend(hero, out.ap_cost)
        log.emit("use_other_item", hero.uid, owner=owner.uid, item=item.uid, target=target.uid,
                 ap=out.ap_cost, consumed=out.consumed)
        self.check_end()

    def _repair_other(self, hero: HeroState, action: RepairOtherItem) -> None:
        """Chapter *Take, Use or Repair Other Items (5 AP)*: repair another character's
        cards for the repair cost + 5 AP; they stay with the owner (``combat.repair``)."""
        owner = self._reach_owner(hero, action.owner_uid)
        items = [self._find_item(owner, u) for u in action.item_uids]
        if len({id(i) for i in items}) != len(items):
            raise IllegalAction("a card can be repaired only once per action")
        cost = repair(self.log, hero, items, owner=owner)
        self._spend(hero, cost)
        self.log.emit("repair_other_item", hero.uid, owner=owner.uid, items=tuple(action.item_uids), ap=cost)

    def _spend(self, hero: HeroState, cost: int) -> None:
        self.ap[hero.uid] = self.ap.get(hero.uid, 0) - cost

    def _apply_d(self, hero: HeroState, action: Action) -> None:
        ap = self.ap.get(hero.uid, 0)
        log = self.log
        if self.pending_loot:
            if not isinstance(action, KeepLoot) or not 0 <= action.index < len(self.pending_loot):
                raise IllegalAction("choose which of the searched cards to keep (KeepLoot)")
            kept = self.pending_loot.pop(action.index)
            self.loot.discard.extend(self.pending_loot)
            self.pending_loot = []
            self.pending_loot_hero = None
            self.give_card(hero, kept)
            return
        if self.pending_loot_draws:
            if isinstance(action, ContinueLoot):
                remaining, self.pending_loot_draws, self.pending_loot_hero = self.pending_loot_draws, 0, None
                self.log.emit("loot_continued", hero.uid, cards=remaining)
                phases.draw_defeat_loot(self, hero, remaining)
                self.check_end()
            elif isinstance(action, StopLoot):
                self.log.emit("loot_stopped", hero.uid, cards_left=self.pending_loot_draws)
                self.pending_loot_draws, self.pending_loot_hero = 0, None
            else:
                raise IllegalAction("a Trap triggered: draw the remaining Loot Cards (ContinueLoot) or stop (StopLoot)")
            return
        if ap < 1:
            raise IllegalAction(f"{hero.uid} has no Action Points left")
        if isinstance(action, Attack):
            item = self._find_item(hero, action.item_uid)
            attacks = item.card.attacks
            if not 0 <= action.profile_index < len(attacks):
                raise IllegalAction(f"{item.name} has no attack {action.profile_index}")
            target = self.monster(action.target_uid) if any(m.uid == action.target_uid for m in self.monsters) else None
            if target is None:
                raise IllegalAction(f"no monster {action.target_uid} on the board")
            profile = attacks[action.profile_index]
            if not self.board.hero_can_target(self, hero, profile, target):
                raise IllegalAction(f"{target.uid} is out of range or sight")
            out = hero_attack(self.dice, log, hero, item, profile, target, self.rules,
                              from_belt=action.from_belt, psi_spend=action.psi_spend,
                              monster_dice=phases.monster_dice(self))
            self._spend(hero, out.ap_cost)
            self.check_end()
            if out.target_defeated:
                phases.on_monster_defeated(self, target, hero)
        elif isinstance(action, UseItem):
            item = self._find_item(hero, action.item_uid)
            target = self.hero(action.target_uid) if action.target_uid else None
            out = use_item(self.dice, log, hero, item, target, from_belt=action.from_belt)
            self._spend(hero, out.ap_cost)
            self.check_end()
        elif isinstance(action, Repair):
            items = [self._find_item(hero, u) for u in action.item_uids]
            self._spend(hero, repair(log, hero, items))
        elif isinstance(action, RetrieveFromBackpack):
            item = self._find_item(hero, action.item_uid)
            if hero.location(item) != "backpack":
                raise IllegalAction(f"{item.name} is not in the Backpack")
            cost = hero.retrieve_cost(item)
            if action.to == "belt":
                hero.move_to_belt(item)
            elif action.to == "equip":
                hero.equip(item, displace="belt")
            else:
                raise IllegalAction(f"cannot retrieve to {action.to!r}")
            self._spend(hero, cost)
            log.emit("retrieve", hero.uid, item=item.uid, to=action.to, ap=cost)
        elif isinstance(action, MoveItem):
            item = self._find_item(hero, action.item_uid)
            location = hero.location(item)
            if action.to == "equip":
                if location != "belt":
                    raise IllegalAction(f"{item.name} is not on the Belt")
                cost = hero.retrieve_cost(item)
                hero.equip(item, displace="belt")
            elif action.to in ("belt", "backpack"):
                if location in (None, "belt", "backpack"):
                    raise IllegalAction(f"{item.name} is not equipped")
                cost = 0
                if action.to == "belt":
                    hero.move_to_belt(item)
                else:
                    hero.move_to_backpack(item)
            else:
                raise IllegalAction(f"cannot move to {action.to!r}")
            self._spend(hero, cost)
            log.emit("move_item", hero.uid, item=item.uid, to=action.to, ap=cost)
        elif isinstance(action, ThrowItem):
            self._throw(hero, action)
        elif isinstance(action, TakeItem):
            self._take(hero, action)
        elif isinstance(action, UseOtherItem):
            self._use_other(hero, action)
        elif isinstance(action, RepairOtherItem):
            self._repair_other(hero, action)
        elif isinstance(action, Search):
            self._search(hero, action.cards)
        elif isinstance(action, Wait):
            if not 1 <= action.ap <= ap:
                raise IllegalAction(f"wait 1..{ap} AP, not {action.ap}")
            self._spend(hero, action.ap)
            log.emit("wait", hero.uid, ap=action.ap)
        elif isinstance(action, EndTurn):
            self.ap[hero.uid] = 0
            log.emit("end_turn", hero.uid, ap_lost=ap)
        else:
            raise IllegalAction(f"{type(action).__name__} is not an action-phase action")

    def _search(self, hero: HeroState, cards: int) -> None:
        """Search Treasures: 1 AP for one card; 5 AP for two, keep one (chapter *Search
        Treasures*). Traps drawn trigger at once in draw order and become the searcher's
        gold; the choice is among the other cards."""
        if cards not in (1, 2):
            raise IllegalAction("search draws 1 or 2 cards")
        if self.loot is None or self.board.loot_markers(self, hero) < 1:
            raise IllegalAction(f"no Loot Marker for {hero.uid} to search")
        cost = self.rules.search_one_ap if cards == 1 else self.rules.search_two_ap
        self._spend(hero, cost)
        self.board.take_loot_marker(self, hero)
        drawn = [c for c in (self.loot.draw(self.dice) for _ in range(cards)) if c is not None]
        self.log.emit("search", hero.uid, cards=tuple(c.uid for c in drawn), ap=cost)
        keep = []
        for card in drawn:
            if self.outcome is not None:
                break
            if card.kind == TRAP:
                resolve_trap(self, card, hero)
            else:
                keep.append(card)
        if self.outcome is not None:
            self.loot.discard.extend(keep)
        elif len(keep) == 2:
            self.pending_loot = keep
            self.pending_loot_hero = hero.uid
        elif keep:
            self.give_card(hero, keep[0])

    # ---------------------------------------------------------------- Phase H and setup
    def _legal_h(self, hero: HeroState) -> list[Action]:
        acts: list[Action] = []
        if self.pending_bonus.get(hero.uid, 0) > 0:
            acts += [ChooseHeroBonus(b) for b in self.rules.hero_bonuses if b not in hero.hero_bonuses]
        if hero.attribute_points > 0:
            acts += [RaiseAttribute(a) for a in ATTRIBUTES]
        points = self.pending_recovery.get(hero.uid)
        if points is not None:
            acts += [RecoverPoints(k) for k in range(points + 1)]
        if hero.unconscious and hero.uid not in self.stay_unconscious:
            acts.append(StayUnconscious())
        acts.append(EndTurn())
        return acts

    def _apply_h(self, hero: HeroState, action: Action) -> None:
        if isinstance(action, ChooseHeroBonus):
            if self.pending_bonus.get(hero.uid, 0) < 1:
                raise IllegalAction(f"{hero.uid} has no hero bonus to choose")
            choose_hero_bonus(hero, action.bonus, self.rules)
            self.pending_bonus[hero.uid] -= 1
            self.log.emit("hero_bonus", hero.uid, bonus=action.bonus)
        elif isinstance(action, RaiseAttribute):
            if action.attribute not in ATTRIBUTES:
                raise IllegalAction(f"unknown attribute {action.attribute}")
            hero.raise_attribute(action.attribute, 1, self.log)
        elif isinstance(action, RecoverPoints):
            points = self.pending_recovery.get(hero.uid)
            if points is None or not 0 <= action.hp <= points:
                raise IllegalAction(f"{hero.uid} cannot put {action.hp} recovery points on HP")
            recover(hero, action.hp, points - action.hp, self.log)
            del self.pending_recovery[hero.uid]
        elif isinstance(action, StayUnconscious):
            if not hero.unconscious:
                raise IllegalAction(f"{hero.uid} is not unconscious")
            self.stay_unconscious.add(hero.uid)
            self.log.emit("stay_unconscious", hero.uid)
        elif isinstance(action, EndTurn):
            points = self.pending_recovery.pop(hero.uid, None)
            if points is not None:
                to_hp = default_recovery_split(hero, points)
                recover(hero, to_hp, points - to_hp, self.log)
            self.decision_queue.pop(0)
        else:
            raise IllegalAction(f"{type(action).__name__} is not a level-up decision")

    # ---------------------------------------------------------------- Phase I
    def gold_value(self, owner: HeroState, uid: str) -> int:
        """Gold a card of ``owner`` is worth in the shop: its gold, 1 less while damaged
        (``rules.damaged_sell_penalty``); Trap cards held as gold: their gold."""
        for card in self.gold_cards.get(owner.uid, []):
            if card.uid == uid:
                return card_gold(self.pack, card)
        item = self._find_item(owner, uid)
        value = item.card.gold
        if item.damaged:
            value -= self.rules.damaged_sell_penalty
        return max(0, value)

    def _legal_i(self, leader: HeroState) -> list[Action]:
        """Phase I: buys, clearing unwanted cards, ``EndTurn``; with the optional rule
        ``remove_traps_in_phase_i`` also ``RemoveTrapByDoom`` (when the Doom Counter is
        in play) and ``TriggerShopTrap`` (on each conscious hero) for every Trap in the
        shop, and ``EndTurn`` only once no Trap is left. A Trap that none of the three
        ways can remove (no Doom Counter, no conscious hero, nobody can pay) may be
        cleared, so the game cannot get stuck."""
        acts: list[Action] = []
        shop = self.loot.shop
        remove_traps = phases.phase_i_trap_removal(self)
        for slot, card in enumerate(shop):
            if card is None:
                continue
            first = len(acts)
            if remove_traps and card.kind == TRAP:
                if self.options.doom:
                    acts.append(RemoveTrapByDoom(slot))
                acts += [TriggerShopTrap(slot, h.uid) for h in self.heroes if h.can_act]
            elif not phases.shop_slot_blocked(self, slot):
                acts.append(ClearShopSlot(slot))
            price = card_gold(self.pack, card)
            if price <= 0:
                if remove_traps and card.kind == TRAP and len(acts) == first:
                    acts.append(ClearShopSlot(slot))
                continue
            for hero in self.heroes:
                if hero.dead:
                    continue
                can_receive = card.kind == TRAP or (hero.can_act and hero.uid not in self.stay_unconscious)
                if not can_receive:
                    continue
                payments = [c.uid for c in self.gold_cards.get(hero.uid, [])]
                payments += [i.uid for i in hero.all_items()]
                for pay in payments:
                    if self.gold_value(hero, pay) >= price:
                        acts.append(Buy((slot,), ((hero.uid, pay),), hero.uid if card.kind != TRAP else None))
            if remove_traps and card.kind == TRAP and len(acts) == first:
                acts.append(ClearShopSlot(slot))
        if not (remove_traps and any(c is not None and c.kind == TRAP for c in shop)):
            acts.append(EndTurn())
        return acts

    def _apply_i(self, leader: HeroState, action: Action) -> None:
        shop = self.loot.shop
        remove_traps = phases.phase_i_trap_removal(self)
        if isinstance(action, EndTurn):
            if remove_traps and any(c is not None and c.kind == TRAP for c in shop):
                raise IllegalAction("optional rule remove_traps_in_phase_i: remove every Trap in the shop first")
            self.shop_open = False
            return
        if isinstance(action, (RemoveTrapByDoom, TriggerShopTrap)):
            if not remove_traps:
                raise IllegalAction("removing Traps this way needs the optional rule remove_traps_in_phase_i")
            slot = action.slot
            if not 0 <= slot < len(shop) or shop[slot] is None or shop[slot].kind != TRAP:
                raise IllegalAction(f"shop slot {slot} holds no Trap")
            card = shop[slot]
            if isinstance(action, RemoveTrapByDoom):
                if not self.options.doom:
                    raise IllegalAction("the Doom Counter is not in play")
                shop[slot] = None
                self.loot.discard.append(card)
                self.log.emit("shop_trap_removed", None, slot=slot, card=card.uid, by="doom")
                phases.doom_advance(self, 1, reason="phase_i_trap")
            else:
                target = self.hero(action.hero_uid) if any(h.uid == action.hero_uid for h in self.heroes) else None
                if target is None or not target.can_act:
                    raise IllegalAction(f"{action.hero_uid} cannot trigger a Trap (not a conscious hero)")
                shop[slot] = None
                self.log.emit("shop_trap_removed", target.uid, slot=slot, card=card.uid, by="trigger")
                resolve_trap(self, card, target)
            return
        if isinstance(action, ClearShopSlot):
            if not 0 <= action.slot < len(shop) or shop[action.slot] is None:
                raise IllegalAction(f"shop slot {action.slot} is empty")
            if remove_traps and shop[action.slot].kind == TRAP:
                if ClearShopSlot(action.slot) not in self._legal_i(leader):
                    raise IllegalAction("optional rule remove_traps_in_phase_i: a Trap must be bought, "
                                        "removed by a Doom Counter step or triggered")
            elif phases.shop_slot_blocked(self, action.slot):
                raise IllegalAction("a Trap blocks its shop slot until it is bought")
            self.loot.discard.append(shop[action.slot])
            self.log.emit("shop_cleared", None, slot=action.slot, card=shop[action.slot].uid)
            shop[action.slot] = None
            return
        if not isinstance(action, Buy):
            raise IllegalAction(f"{type(action).__name__} is not a shop decision")
        slots = action.slots
        if not slots or len(set(slots)) != len(slots) or any(not 0 <= s < len(shop) or shop[s] is None for s in slots):
            raise IllegalAction(f"cannot buy shop slots {slots}")
        price = sum(card_gold(self.pack, shop[s]) for s in slots)
        if any(card_gold(self.pack, shop[s]) <= 0 for s in slots):
            raise IllegalAction("a card without gold value cannot be bought, only cleared")
        if len(set(action.payment)) != len(action.payment):
            raise IllegalAction("a card can pay only once")
        paid = 0
        for owner_uid, uid in action.payment:
            paid += self.gold_value(self.hero(owner_uid), uid)
        if paid < price:
            raise IllegalAction(f"the payment is worth {paid} gold, the price is {price}")
        bought_items = [shop[s] for s in slots if shop[s].kind != TRAP]
        receiver = None
        if bought_items:
            rid = action.receiver_uid or action.payment[0][0]
            receiver = self.hero(rid)
            if not receiver.can_act or receiver.uid in self.stay_unconscious:
                raise IllegalAction(f"{receiver.uid} cannot receive items")
        # pay: cards leave their owners for the discard pile
        for owner_uid, uid in action.payment:
            owner = self.hero(owner_uid)
            golds = self.gold_cards.get(owner_uid, [])
            gold_card = next((c for c in golds if c.uid == uid), None)
            if gold_card is not None:
                golds.remove(gold_card)
                self.loot.discard.append(gold_card)
                continue
            item = self._find_item(owner, uid)
            owner.discard(item)
            self.loot.discard.append(self.item_cards.pop(item.uid, Card(EQUIPMENT, item.card.id, 0)))
        for s in slots:
            card = shop[s]
            shop[s] = None
            if card.kind == TRAP:
                self.loot.discard.append(card)
                continue
            item = ItemInstance(self.pack.equipment[card.id], f"{receiver.uid}/{card.uid}")
            self.item_cards[item.uid] = card
            if action.equip and receiver.can_equip(item.card):
                receiver.equip(item, displace="backpack")
            elif len(receiver.belt) < receiver.belt_capacity:
                receiver.belt.append(item)
            else:
                receiver.backpack.append(item)
        self.log.emit("bought", receiver.uid if receiver else None, slots=slots, price=price, paid=paid,
                      payment=action.payment)
