"""The game API (OpenSpiel / boardgame.io style): set up, ask, act, copy, replay.

``GameState.new(pack, ["warrior", "mage"], seed=7)`` sets up a game;
``current_actor()`` is the uid of the hero who decides next (``None`` when the game is
over), ``legal_actions()`` lists that hero's actions (``engine.moves``), ``apply(action)``
performs one and runs the game on (monster activations, Phases E-I, the next round)
until the next decision; ``copy()`` is a deep copy including the dice generator, so a
copy plays on identically; ``is_over()`` / ``outcome`` tell how it ended.

Everything random comes from ``state.dice`` (one seeded ``DiceRoller``); everything
observable is emitted to ``state.log`` (an ``EventLog``, disabled for bulk runs). Every
applied action is appended to ``state.history``, so the setup plus the history replays
a game exactly (``replay``), and a game serialises to JSON and back (``to_json`` /
``from_json``: the setup, the pack's content hash and the history; loading replays it).
A game set up with explicit dice (``ScriptedDice``) or ready ``HeroState`` objects, or
changed by hand outside ``apply``, cannot be replayed: ``to_json`` refuses the first two.

Map questions go to ``state.board`` (:class:`~doria_forge.engine.board.NoMap` without
a map). The data lives in :class:`~doria_forge.engine.state.GameData`.
"""

from __future__ import annotations

import copy as _copy
import json
from collections.abc import Iterable, Sequence
from dataclasses import fields, replace
from functools import partial
from typing import Any, cast

from doria_forge.model.character import Character
from doria_forge.model.pack import ContentPack

from . import moves, phases
from .actions import Action, IllegalAction, action_from_data, action_to_data
from .board import Board, NoMap
from .choices import ChoicePolicy
from .decks import TRAP, Card, DoorEventDeck, LootDecks, MonsterDeck, per_pack
from .dice import DiceRoller
from .doom import DoomCounter
from .events import EventLog
from .hero import HeroState, validate_custom_character
from .information import determinized
from .loot import give_card
from .map.dungeon import Dungeon
from .scenario import ScenarioPlay
from .spawn import add_monster
from .state import SETUP, D, GameData, GameOptions, H, I, resolve_optional_rules

__all__ = ["BOARD_TYPES", "FORMAT_VERSION", "GameOptions", "GameState", "IllegalAction"]

FORMAT_VERSION = 1
"""Version of the JSON written by ``GameState.to_json``."""

BOARD_TYPES: dict[str, type[Any]] = {"no_map": NoMap, "dungeon": Dungeon}
"""Board ``type`` (``Board.to_data()["type"]``) -> its class, whose ``from_data(pack, data)``
builds the fresh board again for a replay. A board module registers itself here; a
board of any other class (a test's subclass) makes the game not replayable."""


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


class GameState(GameData):
    """A game: its data (:class:`GameData`) and the API (see the module docstring)."""

    # ---------------------------------------------------------------- construction
    @classmethod
    def new(
        cls,
        pack: ContentPack,
        characters: Sequence[str | Character | HeroState],
        *,
        seed: int | None = 0,
        dice: DiceRoller | None = None,
        mode: str | None = None,
        monster_level: int | None = None,
        monsters: Iterable[str | tuple[str, Sequence[str]]] = (),
        options: GameOptions | None = None,
        board: Board | None = None,
        log: bool = True,
        group_xp: int = 0,
        start: bool = True,
        scenario: str | None = None,
        choices: ChoicePolicy | None = None,
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
        (``options.start_bonuses``). ``board`` (default :class:`NoMap`) is set up last
        (``board.setup``). ``start`` runs the game to the first decision.

        ``scenario``: a scenario id of the pack; the game then plays it
        (``engine.scenario``) on its dungeon (``board`` defaults to
        ``Dungeon.for_scenario``), at its starting Monster Level and mode unless
        ``monster_level`` / ``mode`` are given, with its optional rules switched on and its
        ``max_rounds`` unless ``options.max_rounds`` is set. ``choices``: who decides where the
        book lets the players decide (``engine.choices``; default the engine's reading); a game
        whose choice policy departs from that reading cannot be replayed. Without ``options`` a scenario game
        deals the starting Loot Cards (``GameOptions(setup_loot=True)``: chapter *General
        Setup*). ``mode`` defaults to
        ``single``, ``monster_level`` to 1.

        Custom heroes (a ``Character`` with ``premade: false``; optional rule
        ``custom_characters``, chapter *Preparing Characters*) need that rule on and
        are checked: ``rules.creation_points`` (50) attribute points, each
        ``rules.attribute_min``..``attribute_max_at_creation`` (1-13), at most
        ``rules.starting_cards`` (6) standard items, all in the pack.

        Raises ``ValueError`` for unknown optional rule ids (``options.optional_rules``),
        a custom hero without the rule or breaking the creation rules, a party size the
        scenario is not for, and ``KeyError`` for an unknown character, monster,
        modification or scenario id.
        """
        played = pack.scenarios[scenario] if scenario is not None else None
        # a scenario is played from the General Setup: every hero starts with its Loot Cards
        options = options or GameOptions(setup_loot=played is not None)
        if played is not None:
            board, options, mode, monster_level = _scenario_defaults(pack, played, len(characters), board, options,
                                                                     mode, monster_level)
        mode = mode or "single"
        monster_level = monster_level or 1
        rules = pack.rules
        optional_rules = resolve_optional_rules(rules, options.optional_rules)
        monster_entries = [(e, ()) if isinstance(e, str) else (e[0], tuple(e[1])) for e in monsters]
        board = board or NoMap()
        setup = _setup_record(characters, seed, dice, mode, monster_level, monster_entries, options, board,
                              log, group_xp, scenario)
        if choices is not None and not choices.plays_book:
            setup = None
        dice = dice if dice is not None else DiceRoller(seed)
        heroes = _party(pack, characters, optional_rules)
        state = cls(pack=pack, dice=dice, log=EventLog(enabled=log), heroes=heroes, options=options,
                    mode=mode, board=board, doom=DoomCounter(rules.doom_track),
                    monster_level=monster_level, group_xp=group_xp, setup=setup, choice_policy=choices)
        _build_decks(state, optional_rules)
        if options.setup_loot and state.loot is not None:
            deal_starting_loot(state)
        for mid, mods in monster_entries:
            add_monster(state, mid, mods, reason="setup")
        if options.start_bonuses and state.players <= 2:
            for hero in heroes:
                state.pending_bonus[hero.uid] = state.pending_bonus.get(hero.uid, 0) + 1
            state.decision_queue = [h.uid for h in heroes]
        board.setup(state)
        if played is not None:
            state.scenario = ScenarioPlay.start(state, played)
        if start:
            phases.advance(state)
        return state

    # ---------------------------------------------------------------- API
    def current_actor(self) -> str | None:
        """The uid of the hero who decides next (in Phase I: the group, spoken for by
        the first living hero), or ``None`` when the game is over."""
        if self.outcome is not None:
            return None
        if self.phase == D:
            if self.pending_loot or self.pending_loot_draws:
                return self.pending_loot_hero
            decider = self.board.pending_decider(self)
            if decider is not None:
                return decider
            if self.actor is not None:
                return self.actor
            _, who = phases.next_marker(self)
            return who.uid if isinstance(who, HeroState) else None
        if self.phase in (SETUP, H):
            return self.decision_queue[0] if self.decision_queue else None
        if self.phase == I and self.shop_open:
            return next((h.uid for h in self.heroes if not h.dead), None)
        return None

    def actor_hero(self) -> HeroState | None:
        """The hero who decides next, or ``None``."""
        uid = self.current_actor()
        return self.hero(uid) if uid is not None else None

    def legal_actions(self) -> list[Action]:
        """Every action the current actor may take (``[]`` when the game is over).

        Phase I lists purchases paid with a single card of the buyer; ``apply``
        also accepts combined payments (``Buy`` with several payers and slots)."""
        hero = self.actor_hero()
        return [] if hero is None else moves.legal_actions(self, hero)

    def apply(self, action: Action) -> None:
        """Perform ``action`` for the current actor, then run the game on to the next
        decision, and record it in ``history``. Raises ``IllegalAction`` when the action
        is not allowed (the state is then unchanged) and ``RuntimeError`` when the game
        is over or no decision is due."""
        hero = self.actor_hero()
        if hero is None:
            raise RuntimeError("the game is over" if self.outcome else "no decision is due")
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action")
        self.actor = None
        moves.apply_action(self, hero, action)
        self.history.append(action)
        phases.advance(self)

    def copy(self, *, seed: int | None = None, log: bool = True) -> GameState:
        """A deep copy sharing only what cannot change (the pack's documents, cards, actions) and
        the caches kept by layout version; the dice generator state and the history are copied,
        so the copy plays on identically. Each part copies itself by a plan (``engine.copying``:
        about a tenth of the time ``copy.deepcopy`` of every object took).

        ``seed``: the copy rolls fresh dice seeded with it instead (a possible future of
        this game, for bots that look ahead); ``log=False``: the copy starts with an empty,
        switched-off event log (cheaper to make and to play on)."""
        memo: dict[int, object] = {id(self.pack): self.pack}
        for doc in self.pack:
            memo[id(doc)] = doc
        memo[id(self.pack.rules)] = self.pack.rules
        memo[id(self.scratch)] = {}
        if seed is not None:
            memo[id(self.dice)] = DiceRoller(seed)
        if not log:
            memo[id(self.log)] = EventLog(enabled=False)
        return _copy.deepcopy(self, memo)

    def determinized(self, seed: int) -> GameState:
        """A copy of the game as the players know it, its hidden part drawn afresh with ``seed``:
        the undrawn Loot, monster, Door Event and Room Tile cards resampled from what is still
        unseen (the target tile keeps the place the scenario gives it), fresh dice, no event
        log, not replayable (``engine.information``). Bots that look ahead play on these, never
        on ``copy()``, which keeps the real deck order."""
        return cast(GameState, determinized(self, seed))

    # ---------------------------------------------------------------- replay and JSON
    @property
    def replayable(self) -> bool:
        """Whether the setup can be rebuilt from data (seeded dice, characters by id or
        document, a registered board)."""
        return self.setup is not None

    @classmethod
    def replay(cls, pack: ContentPack, setup: dict[str, Any], history: Iterable[Action | dict[str, Any]]) -> GameState:
        """Set up the game ``setup`` describes (``state.setup`` of another game) and apply
        ``history`` (actions or their JSON data) in order. Raises ``ValueError`` for a
        setup that cannot be rebuilt and ``IllegalAction`` when an action is refused
        (the history does not belong to this setup or pack)."""
        state = _from_setup(cls, pack, setup)
        for n, entry in enumerate(history):
            action = entry if isinstance(entry, Action) else action_from_data(entry)
            try:
                state.apply(action)
            except (IllegalAction, RuntimeError) as exc:
                raise IllegalAction(f"action {n} of the history ({action!r}) is refused: {exc}") from None
        return state

    def to_json(self) -> str:
        """The game as JSON: format version, the pack's id and content hash, the setup and
        the action history. Raises ``ValueError`` when the game cannot be replayed
        (``replayable`` is false)."""
        if self.setup is None:
            raise ValueError("this game was set up with explicit dice or ready heroes and cannot be serialised")
        data = {
            "format": FORMAT_VERSION,
            "pack": {"id": self.pack.info.id, "version": self.pack.info.version, "hash": self.pack.content_hash()},
            "setup": self.setup,
            "history": [action_to_data(a) for a in self.history],
        }
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, pack: ContentPack, text: str) -> GameState:
        """The game ``to_json`` wrote, replayed on ``pack``. Raises ``ValueError`` for
        malformed JSON, another format version, or a pack whose content differs from
        the one the game was played with."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"not a saved game: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT_VERSION:
            raise ValueError(f"not a saved game of format {FORMAT_VERSION}")
        saved = data.get("pack", {}).get("hash")
        if saved != pack.content_hash():
            raise ValueError("the saved game was played with other content (pack hash differs)")
        return cls.replay(pack, data["setup"], data["history"])


# --------------------------------------------------------------------------- setup helpers
def deal_starting_loot(state: GameData) -> None:
    """Fill every hero up to the setup count; Traps drawn are set aside, then discarded;
    each hero then equips its starting cards (``HeroState.rearrange``)."""
    rules = state.rules
    extra = rules.solo_extra_cards if state.solo else rules.two_player_extra_cards if state.players == 2 else 0
    assert state.loot is not None
    set_aside: list[Card] = []
    for hero in state.heroes:
        # counted once, then by hand: each ``all_items`` lists every card the hero carries
        missing = rules.starting_cards + extra - len(hero.all_items())
        while missing > 0:
            card = state.loot.draw(state.dice)
            if card is None:
                break
            if card.kind == TRAP:
                set_aside.append(card)
            else:
                give_card(state, hero, card)
                missing -= 1
        # the starting cards "can be directly equipped" (chapter Preparing Characters)
        hero.rearrange()
        hero.hp, hero.pp = hero.hp_max, hero.pp_max
    state.loot.discard.extend(set_aside)


def _setup_record(characters: Sequence[str | Character | HeroState], seed: int | None, dice: DiceRoller | None,
                  mode: str, monster_level: int, monsters: list[tuple[str, tuple[str, ...]]],
                  options: GameOptions, board: Board, log: bool, group_xp: int,
                  scenario: str | None) -> dict[str, Any] | None:
    """The JSON-ready description of a setup, or ``None`` when it cannot be rebuilt."""
    if dice is not None or seed is None or any(isinstance(c, HeroState) for c in characters):
        return None
    board_data = board.to_data()
    if BOARD_TYPES.get(board_data.get("type", "")) is not type(board):
        return None
    # every field is a plain value (the one set becomes a sorted list below): no deep copy as
    # dataclasses.asdict makes (every game's set-up is recorded)
    opts = {f.name: getattr(options, f.name) for f in fields(options)}
    opts["optional_rules"] = sorted(options.optional_rules)
    return {
        "characters": [c if isinstance(c, str) else {"document": c.model_dump(mode="json")}
                       for c in characters if not isinstance(c, HeroState)],
        "seed": seed, "mode": mode, "monster_level": monster_level, "scenario": scenario,
        "monsters": [[mid, list(mods)] for mid, mods in monsters],
        "options": opts, "board": board_data, "log": log, "group_xp": group_xp,
    }


def _from_setup(cls: type[GameState], pack: ContentPack, setup: dict[str, Any]) -> GameState:
    try:
        board_data = setup["board"]
        board_class = BOARD_TYPES[board_data["type"]]
        opts = dict(setup["options"])
        opts["optional_rules"] = frozenset(opts.get("optional_rules", ()))
        characters: list[str | Character] = [
            c if isinstance(c, str) else Character.model_validate(c["document"]) for c in setup["characters"]
        ]
        return cls.new(pack, characters, seed=setup["seed"], mode=setup["mode"],
                       monster_level=setup["monster_level"],
                       monsters=[(mid, tuple(mods)) for mid, mods in setup["monsters"]],
                       options=replace(GameOptions(), **opts), board=board_class.from_data(pack, board_data),
                       log=setup["log"], group_xp=setup["group_xp"], scenario=setup.get("scenario"))
    except KeyError as exc:
        # an id (a scenario, a hero, a monster, a Room Tile) the pack does not hold, or a missing setup key
        raise ValueError(f"cannot rebuild the game's setup: it names {exc.args[0]!r}, which this pack "
                         "does not hold") from None
    except TypeError as exc:
        raise ValueError(f"cannot rebuild the game's setup: {exc}") from None


def _scenario_defaults(pack: ContentPack, played: Any, party: int, board: Board | None, options: GameOptions,
                       mode: str | None, monster_level: int | None
                       ) -> tuple[Board, GameOptions, str | None, int | None]:
    """What a scenario sets when the caller did not (see ``GameState.new``): its dungeon, its
    optional rules and round limit, its mode and starting Monster Level. Raises ``ValueError``
    for a party size the scenario is not for."""
    low, high = played.players
    if not low <= party <= high:
        raise ValueError(f"scenario {played.id} is for {low}-{high} players, not {party}")
    board = board or Dungeon.for_scenario(pack, played.id)
    options = replace(options, optional_rules=options.optional_rules | frozenset(played.optional_rules),
                      max_rounds=options.max_rounds if options.max_rounds is not None else played.max_rounds)
    return board, options, mode or played.mode, monster_level or played.setup.monster_level


def _party(pack: ContentPack, characters: Sequence[str | Character | HeroState],
           optional_rules: frozenset[str]) -> list[HeroState]:
    """The heroes in seat order (chapter *Preparing Characters*): ready ``HeroState``s as they
    are, characters with their standard items; a second copy of a character gets ``id-2``.
    Raises ``ValueError`` for a custom hero the rules refuse, ``KeyError`` for an unknown id."""
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
        if isinstance(entry, str):  # a character of the pack: laid out once per pack, copied for each game
            heroes.append(_copy.deepcopy(per_pack(pack, ("hero", entry, uid), partial(_pack_hero, entry, uid))))
        else:
            heroes.append(_fresh_hero(pack, character, uid))
    return heroes


def _fresh_hero(pack: ContentPack, character: Character, uid: str) -> HeroState:
    """``character`` at full HP and PP with its standard items laid out (``HeroState.from_character``)."""
    items = [pack.equipment[i] for i in pack.rules.starting_standard_items(character.standard_items)]
    return HeroState.from_character(character, items, pack.rules, uid=uid)


def _pack_hero(character_id: str, uid: str, pack: ContentPack) -> HeroState:
    """The pack's character ``character_id`` in the seat ``uid``, fresh (``_fresh_hero``)."""
    return _fresh_hero(pack, pack.characters[character_id], uid)


def _build_decks(state: GameState, optional_rules: frozenset[str]) -> None:
    """The Loot stacks, the monster deck and (optional rule ``door_events``) the Door Event deck,
    each shuffled with the game's dice, in that order (chapter *General Setup*)."""
    pack, options, dice = state.pack, state.options, state.dice
    if (options.loot or options.shop) and (pack.traps or any(e.deck == "loot" for e in pack.equipment.values())):
        state.loot = LootDecks.build(pack, dice)
    if options.monster_deck and pack.monsters:
        state.monster_deck = MonsterDeck.build(pack, dice)
    if "door_events" in optional_rules and pack.door_events:
        state.door_events = DoorEventDeck.build(pack, dice)
