"""The data of one game and the lookups on it.

:class:`GameData` holds everything a game is (heroes, monsters, the Initiative Board,
decks, the Doom Counter, the board, the phase...) and answers questions about it
(``hero(uid)``, ``players``, ``solo``, ``option(id)``). It changes nothing itself:
the rules live in the engine's other modules and the game API (``new``, ``apply``,
``legal_actions``...) in ``engine.game``, whose :class:`~doria_forge.engine.game.GameState`
is the ``GameData`` users hold.

Optional rules (Book of Rules, every "OPTIONAL RULE" box; shared/rules/NOTES.md): a
rule is on when ``GameOptions.optional_rules`` names it (a scenario's
``optional_rules``) or the pack's ``rules.optional_rules`` entry has ``default: true``;
``GameData.optional_rules`` holds the ids that are on, ``option(id)`` asks for one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from doria_forge.model.pack import ContentPack
from doria_forge.model.rules import Rules

from .board import Board, NoMap
from .combat import DEFAULT_DEFENSE
from .copying import clone, copy_by_plan, deep, each, flat, nested, share
from .decks import Card, DoorEventDeck, LootDecks, MonsterDeck
from .dice import DiceRoller
from .doom import DoomCounter
from .events import EventLog
from .hero import HeroState
from .monster import MonsterState

# Phases (``GameData.phase``)
SETUP, A, B, C, D, E, F, G, H, I, OVER = (  # noqa: E741 (Phase I is the book's name)
    "setup", "A", "B", "C", "D", "E", "F", "G", "H", "I", "over")

NOT_YET_ACTING: dict[str, str] = {}
"""Optional rules the engine recognises but does not act on yet (id -> why)."""


def resolve_optional_rules(rules: Rules, switched_on: Iterable[str] = ()) -> frozenset[str]:
    """The optional rule ids that are on: ``switched_on`` (e.g. a scenario's
    ``optional_rules``) plus every rule of ``rules.optional_rules`` whose ``default``
    is true. Raises ``ValueError`` naming any id of ``switched_on`` that the pack's
    rules document does not list."""
    known = {r.id: r.default for r in rules.optional_rules}
    wanted = frozenset(switched_on)
    unknown = sorted(wanted - set(known))
    if unknown:
        raise ValueError(f"unknown optional rules {unknown}; the pack's rules list {sorted(known)}")
    return wanted | {rid for rid, default in known.items() if default}


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


@dataclass(eq=False)
class GameData:
    """Everything of one game. Fields are public for tests and tools; in play they
    change only through the game API (``engine.game``).

    ``ap``: the Initiative Board (hero uid -> AP left; monsters stand at their AP value
    and ``activated`` holds those that acted this round). ``doom``: the Doom Counter.
    ``monster_level`` (ML), ``monster_level_ups`` this scenario, ``group_xp``.
    ``loot``/``monster_deck``: the decks (``None`` when switched off); ``door_events``: the
    Door Event deck (only with the optional rule ``door_events``). ``gold_cards``:
    Trap cards heroes hold as gold; ``item_cards``: the Loot Card behind each carried
    item (item uid -> card). ``pending_bonus``/``pending_recovery``: Phase H choices
    due; ``decision_queue``: heroes still to decide in setup / Phase H.
    ``pending_loot``: two searched cards waiting for ``KeepLoot``;
    ``pending_loot_draws``: Loot Cards of a defeated monster still to draw, waiting for
    ``ContinueLoot``/``StopLoot`` (optional rule ``stop_loot_after_trap``).
    ``optional_rules``: the optional rule ids that are on (see
    ``resolve_optional_rules``). ``phase``: ``setup``, ``A``..``I``, ``over``.
    ``history``: the actions applied so far, in order; ``setup``: how the game was
    set up (for replays, see ``engine.game``).
    """

    pack: ContentPack
    dice: DiceRoller
    log: EventLog
    heroes: list[HeroState]
    monsters: list[MonsterState] = field(default_factory=list)
    options: GameOptions = field(default_factory=GameOptions)
    mode: str = "single"
    board: Board[GameData] = field(default_factory=NoMap)
    round: int = 0
    phase: str = SETUP
    ap: dict[str, int] = field(default_factory=dict)
    activated: set[str] = field(default_factory=set)
    doom: DoomCounter = field(default_factory=DoomCounter)
    monster_level: int = 1
    monster_level_ups: int = 0
    group_xp: int = 0
    loot: LootDecks | None = None
    monster_deck: MonsterDeck | None = None
    door_events: DoorEventDeck | None = None
    gold_cards: dict[str, list[Card]] = field(default_factory=dict)
    item_cards: dict[str, Card] = field(default_factory=dict)
    pending_bonus: dict[str, int] = field(default_factory=dict)
    pending_recovery: dict[str, int] = field(default_factory=dict)
    new_characters: set[str] = field(default_factory=set)
    """Heroes created anew after a death in a campaign (chapter *Death of a character in
    campaigns*): they distribute their Attribute Points before the first round. Every other
    hero's saved points wait for Phase H (*Level Up*: "can only be spent in Phase H")."""
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
    defense_policy: Any = DEFAULT_DEFENSE
    item_consent: Any = None
    """Whether a conscious character lets another take, use or repair its items (chapter
    *Take, Use or Repair Other Items (5 AP)*): ``None`` = always (bots agree), else a
    callable ``(state, owner, taker) -> bool``."""
    monster_serial: int = 0
    choice_policy: Any = None
    """Who decides where the book lets the players decide (``engine.choices``): ``None`` = the
    engine's reading of each open choice, else a ``choices.ChoicePolicy``."""
    scenario: Any = None
    """The scenario being played (an ``engine.scenario.ScenarioPlay``: its flags, tokens and
    rules), or ``None``."""
    history: list[Any] = field(default_factory=list)
    setup: dict[str, Any] | None = field(default=None, repr=False)
    scratch: dict = field(default_factory=dict, repr=False)
    """The bots' own notes, never read by the rules: caches of answers the game determines and
    the step back a hero chose (``sim.party.chose_step_back``, counted once the history holds it).
    ``GameState.copy`` and ``determinized`` start them empty; ``copy.deepcopy`` copies them."""
    actor: str | None = field(default=None, repr=False)
    """The Phase D actor found by ``phases.advance`` (``None`` while none is known)."""
    optional_rules: frozenset[str] = field(init=False, default=frozenset())

    def __post_init__(self) -> None:
        self.optional_rules = resolve_optional_rules(self.pack.rules, self.options.optional_rules)

    def __deepcopy__(self, memo: dict) -> GameData:
        """A deep copy (``engine.copying``: the pack shared, each part copied as ``COPY_PLAN``
        says; what ``memo`` already maps, e.g. fresh dice, is taken from it)."""
        return copy_by_plan(self, memo, COPY_PLAN)

    # ---------------------------------------------------------------- lookups
    @property
    def rules(self) -> Rules:
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
        """The hero ``uid``; raises ``KeyError``."""
        for h in self.heroes:
            if h.uid == uid:
                return h
        raise KeyError(uid)

    def find_hero(self, uid: str | None) -> HeroState | None:
        """The hero ``uid`` or ``None``."""
        return next((h for h in self.heroes if h.uid == uid), None)

    def monster(self, uid: str) -> MonsterState:
        """The monster ``uid`` on the board; raises ``KeyError``."""
        for m in self.monsters:
            if m.uid == uid:
                return m
        raise KeyError(uid)

    def find_monster(self, uid: str | None) -> MonsterState | None:
        """The monster ``uid`` on the board or ``None``."""
        return next((m for m in self.monsters if m.uid == uid), None)

    @property
    def loot_decks(self) -> LootDecks:
        """The Loot stacks, shop and discard pile; raises ``RuntimeError`` in a game
        played without them (``options.loot`` and ``options.shop`` off)."""
        if self.loot is None:
            raise RuntimeError("this game has no Loot Cards")
        return self.loot

    def ready_heroes(self) -> list[HeroState]:
        """Heroes on the Initiative Board who can still act this round (alive, conscious, 1+ AP)."""
        return [h for h in self.heroes if not h.dead and not h.unconscious and self.ap.get(h.uid, 0) >= 1]

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

    def campaign_monster_points(self) -> int:
        """Monster Points this scenario earned so far (crossed red and orange fields)."""
        return self.doom.monster_points

    def is_over(self) -> bool:
        return self.outcome is not None


COPY_PLAN = {
    "pack": share, "dice": deep, "log": deep, "heroes": each, "monsters": each, "options": clone, "mode": share,
    "board": deep, "round": share, "phase": share, "ap": flat, "activated": flat, "doom": clone,
    "monster_level": share, "monster_level_ups": share, "group_xp": share, "loot": deep, "monster_deck": deep,
    "door_events": deep, "gold_cards": nested, "item_cards": flat, "pending_bonus": flat, "pending_recovery": flat,
    "new_characters": flat, "stay_unconscious": flat, "decision_queue": flat, "pending_loot": flat,
    "pending_loot_hero": share, "pending_loot_draws": share, "shop_open": share, "door_opened": share,
    "loot_markers": share, "defeated": each,
    "outcome": share, "defense_policy": deep, "item_consent": deep, "monster_serial": share, "choice_policy": deep,
    "scenario": deep, "history": flat, "setup": deep, "scratch": deep, "actor": share, "optional_rules": share,
}
"""How ``GameData.__deepcopy__`` copies each field (``engine.copying``): the pack, numbers and
strings shared; the hands of cards, queues and tallies as new containers of the same (immutable)
cards, actions and ids; heroes, monsters, the board, decks and scenario by their own copies;
anything not named (a new field) deep-copied."""
