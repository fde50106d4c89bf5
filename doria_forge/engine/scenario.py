"""A scenario in play: its rules fire, its goals decide the game (``model.scenario`` is the
vocabulary; chapters *Selecting a Game Mode*, *End of the Game*, *Escaping a campaign
scenario*; the Book of Rules' FAQ: "if there should be conflicting rules with a scenario,
the scenario description should always be considered correct").

:class:`ScenarioPlay` is ``state.scenario``. The engine tells it what happens
(``triggers.fire``); for every rule whose trigger matches and whose conditions hold it
plays the effects, in the rule's order (a ``once`` rule at most once). The hero an event
names (who entered, picked up, defeated, revealed) is the *triggering* hero; without one,
the acting hero. Effects name places (``model.scenario.Place``) that are resolved on the
map as it is now; a token or marker whose Room Tile is not revealed yet waits for it.

Lasting rules (``modify``) are asked at the step of the rules they change: the damage of a
monster's hit (``monster_hit_damage``, asked by ``combat.monster_attack`` through
``triggers.monster_hit_damage``) adds what every lasting rule whose conditions hold then adds.

Goals: ``outcome`` answers ``won`` when a win goal is reached, ``lost`` for a lose goal,
``escaped`` when the heroes escaped (``EscapeRule``); goals that count at the end of a
round (a token carried to its place, an escape, rounds survived, a time limit) only then.

What each word does is the word's own (``model.words``: a trigger's ``matches``, a
condition's ``holds``, an effect's ``play``, a goal's ``reached``); they act on the game
through :class:`GameView`, the ``model.words.play.Game`` protocol over this play and the
game state. Nothing here tests which word it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from doria_forge.geometry import rotate_cell
from doria_forge.model.scenario import Place, Scenario
from doria_forge.model.words.common import Who
from doria_forge.model.words.play import Attacker, Playable, TokenState

from .by_document import ByDocument
from .checks import roll_target_number
from .combat import absorb_damage
from .copying import clone_each, copy_by_plan, flat, share
from .ending import a_character_died, check_end, finish
from .hero import HeroState, ItemInstance
from .loot import receive_loot
from .map.layout import slot_of, to_global
from .phases import doom_advance, extra_activation
from .spawn import draw_and_spawn, spawn_boss, spawn_monster
from .triggers import fire

if TYPE_CHECKING:  # pragma: no cover
    from .map.dungeon import Dungeon
    from .monster import MonsterState
    from .state import GameData

Pos = tuple[int, int]

MAX_CHAIN = 20
"""How deep rules may set off other rules (a flag set by a rule firing another...)."""


COPY_PLAN = {
    "scenario": share, "flags": flat, "fired": flat, "tokens": clone_each, "waiting_markers": flat,
    "boss_uids": flat, "bosses_defeated": flat, "revealed": flat, "escape_declared": share, "depth": share,
}
"""How ``ScenarioPlay.__deepcopy__`` copies each attribute (``engine.copying``); others are deep-copied."""


@dataclass
class ScenarioPlay:
    """The scenario ``scenario`` in a game: ``flags`` set, times each rule fired (``fired``,
    by rule index), ``tokens``, markers waiting for their tile, the escape declared.
    ``scenario=None``: no scenario is played, only effects (a Door Event card in a game
    without a scenario): no rules fire, no goal decides."""

    scenario: Scenario | None
    flags: set[str] = field(default_factory=set)
    fired: dict[int, int] = field(default_factory=dict)
    tokens: dict[str, TokenState] = field(default_factory=dict)
    waiting_markers: list[tuple[str, Place]] = field(default_factory=list)
    boss_uids: list[str] = field(default_factory=list)
    bosses_defeated: set[str] = field(default_factory=set)
    revealed: set[str] = field(default_factory=set)
    escape_declared: bool = False
    depth: int = 0

    def __deepcopy__(self, memo: dict) -> ScenarioPlay:
        """A deep copy (``engine.copying``): the scenario document shared, every tally a new
        container, each token a new ``TokenState`` (its square, carrier and place are values)."""
        return copy_by_plan(self, memo, COPY_PLAN)

    # ---------------------------------------------------------------- setup
    @classmethod
    def start(cls, state: GameData, scenario: Scenario) -> ScenarioPlay:
        """The scenario's play at the start of ``state``: tokens and markers put on their
        places (or waiting for their tiles)."""
        play = cls(scenario)
        board = _dungeon(state)
        if board is not None:
            play.revealed = {t.tile_id for t in board.layout.tiles.values()}
        for token in scenario.setup.tokens:
            play.tokens[token.id] = TokenState(waiting=token.at) if token.at is not None else TokenState(removed=True)
        for marker in scenario.setup.markers:
            play.waiting_markers.append((marker.marker, marker.at))
        play.settle(state)
        return play

    def settle(self, state: GameData) -> None:
        """Put waiting tokens and markers whose places now exist on the map."""
        for token_id, token in self.tokens.items():
            if token.waiting is not None:
                squares = self.resolve(state, token.waiting)
                if squares:
                    token.square, token.waiting = squares[0], None
                    state.log.emit("token_placed", None, token=token_id, square=token.square)
        still = []
        for marker, place in self.waiting_markers:
            squares = self.resolve(state, place)
            if squares:
                for square in squares:
                    _put_marker(state, square, marker)
            else:
                still.append((marker, place))
        self.waiting_markers = still

    # ---------------------------------------------------------------- places
    def resolve(self, state: GameData, place: Place) -> list[Pos]:
        """The squares ``place`` names on the map as it is now (``[]`` while its tile is not
        revealed, or without a map)."""
        board = _dungeon(state)
        if board is None:
            return []
        layout = board.layout
        if place.entrance:
            return list(board.entrances)
        if place.boss_card:
            place = Place(tile=board.boss_card_tile) if board.boss_card_tile is not None else place
            if place.tile is None:
                return []
        if place.marker is not None:
            return layout.squares_with(place.marker)
        tiles = [t for t in layout.in_order() if place.tile is None or t.tile_id == place.tile]
        if place.rune is not None:
            slots = {t.slot for t in tiles}
            return [p for p in layout.squares_with(f"rune:{place.rune}") if slot_of(p) in slots]
        if not tiles:
            return []
        placed = tiles[0]
        if place.square is not None:
            return [to_global(placed.slot, rotate_cell((place.square[0], place.square[1]), placed.rotation))]
        return [p for p in placed.squares() if layout.passable(p)]

    # ---------------------------------------------------------------- rules
    def on(self, state: GameData, kind: str, context: dict[str, Any]) -> None:
        """Fire every rule waiting for ``kind`` that matches ``context`` (see the module
        docstring)."""
        if kind == "tile_revealed":
            self.revealed.add(context.get("tile", ""))
            self.settle(state)
        if kind == "monster_defeated" and context.get("boss"):
            self.bosses_defeated.add(context.get("monster", ""))
        if self.depth >= MAX_CHAIN or self.scenario is None:
            return
        self.depth += 1
        try:
            # only the rules waiting for this kind are asked (every event of the game comes here)
            for index, rule in _listening(self.scenario, kind):
                when = rule.when
                if state.outcome is not None:
                    continue
                if rule.once and self.fired.get(index):
                    continue
                game = GameView(self, state)
                if not when.matches(game, context) or not all(c.holds(game) for c in rule.conditions):
                    continue
                self.fired[index] = self.fired.get(index, 0) + 1
                state.log.emit("scenario_rule", context.get("hero"), rule=index, on=kind)
                for effect in rule.effects:
                    if state.outcome is not None:
                        return
                    self.apply(state, effect, context.get("hero"))
        finally:
            self.depth -= 1
        if kind == "tile_revealed" and context.get("tile") == getattr(_dungeon(state), "boss_card_tile", None):
            # the boss card came out of the stack with this tile (each tile is in the box once)
            self.on(state, "boss_card_drawn", context)

    def monster_hit_damage(self, state: GameData, monster: MonsterState, hero: HeroState, *,
                           record: bool = True) -> int:
        """The points the lasting rules whose conditions hold now add to the damage of
        ``monster``'s hit on ``hero`` (below 0: take off), before armor (each modifier's
        ``monster_hit_damage``). With ``record`` (a hit being played) each rule that changes the
        hit counts as fired once and is logged; without (a bot foreseeing a hit from the open
        scenario sheet) nothing is written."""
        if self.scenario is None:
            return 0
        lasting = _lasting(self.scenario)
        if not lasting:
            return 0
        game = GameView(self, state)
        attacker = _attacker(monster)
        total = 0
        for index, rule in _holding(game, lasting):
            points = sum(m.monster_hit_damage(game, attacker, hero.uid) for m in rule.modifiers)
            if points:
                total += points
                if record:
                    self.fired[index] = self.fired.get(index, 0) + 1
                    state.log.emit("scenario_rule", hero.uid, rule=index, on="monster_hit", monster=monster.uid,
                                   points=points)
        return total

    def hardest_hit_points(self, state: GameData, monster: MonsterState, heroes: Sequence[HeroState]) -> int | None:
        """The most points the lasting rules whose conditions hold now add to a hit of ``monster``
        on any of ``heroes`` (``monster_hit_damage`` asked of each, without recording: nothing is
        played), ``None`` for no hero. The conditions are read once for all of them: a bot weighs
        every monster's threat at each decision."""
        if not heroes:
            return None
        lasting = _lasting(self.scenario) if self.scenario is not None else []
        if not lasting:
            return 0
        game = GameView(self, state)
        holding = [m for _, rule in _holding(game, lasting) for m in rule.modifiers]
        if not holding:
            return 0
        attacker = _attacker(monster)
        return max(sum(m.monster_hit_damage(game, attacker, hero.uid) for m in holding) for hero in heroes)

    def monsters_of(self, state: GameData, tile: str | None) -> list[Any]:
        """The monsters in play of Room Tile ``tile`` (the board's ``tiles_of``: standing on it,
        or entered play on it and walked off since), every monster in play without it."""
        if tile is None:
            return [m for m in state.monsters if not m.defeated]
        board = _dungeon(state)
        if board is None:
            return []
        return [m for m in state.monsters if not m.defeated and tile in board.tiles_of(m)]

    # ---------------------------------------------------------------- effects
    def heroes(self, state: GameData, who: Who, triggering: str | None, token: str | None,
               at: Place | None) -> list[HeroState]:
        """The living heroes an effect's ``who`` names."""
        living = [h for h in state.heroes if not h.dead]
        if who == "all":
            return living
        if who == "carrier":
            carrier = self.tokens[token].carrier if token in self.tokens else None
            return [h for h in living if h.uid == carrier]
        if who == "on_place":
            board = _dungeon(state)
            squares = set(self.resolve(state, at)) if at is not None else set()
            return [h for h in living if board is not None and board.position(h.uid) in squares]
        uid = triggering or getattr(state, "actor", None)
        return [h for h in living if h.uid == uid][:1] or living[:1]

    def apply(self, state: GameData, effect: Playable, triggering: str | None) -> None:
        """Play one effect (``model.scenario.Effect``: the effect's own ``play``), then see
        whether the game has ended."""
        effect.play(GameView(self, state), triggering)
        check_end(state)

    # ---------------------------------------------------------------- tokens
    def pick_up(self, state: GameData, hero: HeroState, token_id: str) -> None:
        """``hero`` picks up the token lying on its square (the AP are the caller's)."""
        token = self.tokens[token_id]
        token.carrier, token.square = hero.uid, None
        state.log.emit("token_picked_up", hero.uid, token=token_id)
        fire(state, "token_picked_up", token=token_id, hero=hero.uid)

    def drop_tokens_of_fallen(self, state: GameData) -> None:
        """Tokens carried by a character who is unconscious or dead fall on its square
        (tokens with ``dropped_when_unconscious``)."""
        rules: dict[str, Any] | None = None  # built only for a token a fallen character carries (every end check asks)
        for token_id, token in self.tokens.items():
            if token.carrier is None:
                continue
            carrier = state.find_hero(token.carrier)
            if carrier is None or carrier.can_act:
                continue
            if rules is None:
                rules = {t.id: t for t in self.scenario.setup.tokens} if self.scenario is not None else {}
            spec = rules.get(token_id)
            if carrier.dead or spec is None or spec.dropped_when_unconscious:
                board = _dungeon(state)
                token.square = board.position(carrier.uid) if board is not None else None
                token.carrier = None
                state.log.emit("token_dropped", carrier.uid, token=token_id, square=token.square)

    # ---------------------------------------------------------------- goals
    def outcome(self, state: GameData, end_of_round: bool) -> str | None:
        """``won`` / ``lost`` / ``escaped`` when a goal (or the escape) decides the game now."""
        if self.scenario is None:
            return None
        goals, game = self.scenario.goals, GameView(self, state)
        for goal in goals.lose:
            if goal.reached(game, end_of_round):
                return "lost"
        for goal in goals.win:
            if goal.reached(game, end_of_round):
                return "won"
        if end_of_round and self.escape_declared and self.scenario.escape.allowed:
            if self._all_can_reach(state, self.scenario.escape.at):
                return "escaped"
            self.escape_declared = False
        return None

    def _all_can_reach(self, state: GameData, place: Place) -> bool:
        """Every living character has a way to ``place`` (chapter *Escaping a campaign
        scenario*: "the characters need to be able to access the entrance"; Rubble, Blocked
        Doors and walls bar the way, figures do not)."""
        board = _dungeon(state)
        if board is None:
            return False
        open_ = board.layout.reachable_from(self.resolve(state, place))
        living = [h for h in state.heroes if not h.dead]
        return bool(living) and all(board.position(h.uid) in open_ for h in living)


class GameView:
    """The game as a scenario effect sees it (``model.words.play.Game``): ``play`` (the
    scenario's state) and ``state`` (the game's), with the book's operations effects use."""

    def __init__(self, play: ScenarioPlay, state: GameData) -> None:
        self.play, self.state = play, state

    @property
    def over(self) -> bool:
        return self.state.outcome is not None

    @property
    def monster_level(self) -> int:
        return self.state.monster_level

    @property
    def flags(self) -> set[str]:
        return self.play.flags

    @property
    def tokens(self) -> dict[str, TokenState]:
        return self.play.tokens

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def revealed(self) -> set[str]:
        return self.play.revealed

    @property
    def bosses_defeated(self) -> set[str]:
        return self.play.bosses_defeated

    def monsters_of(self, tile: str | None, monster: str | None = None) -> int:
        return sum(1 for m in self.play.monsters_of(self.state, tile) if monster is None or m.monster.id == monster)

    @property
    def has_map(self) -> bool:
        return _dungeon(self.state) is not None

    def squares(self, place: Place) -> list[Pos]:
        return self.play.resolve(self.state, place)

    def squares_with(self, marker: str) -> list[Pos]:
        return _dungeon_of(self.state).layout.squares_with(marker)

    def door_squares(self, tile: str | None) -> list[Pos]:
        layout = _dungeon_of(self.state).layout
        return [to_global(placed.slot, opening.cells[0])
                for placed in layout.in_order() if tile is None or placed.tile_id == tile
                for opening in layout.openings(placed) if opening.is_door]

    def square_of(self, hero: str) -> Pos | None:
        board = _dungeon(self.state)
        return board.position(hero) if board is not None else None

    def put_marker(self, square: Pos, marker: str) -> None:
        _put_marker(self.state, square, marker)

    def take_marker(self, square: Pos, marker: str) -> None:
        _dungeon_of(self.state).take_marker(self.state, square, marker)

    def marker_waits(self, marker: str, place: Place) -> None:
        self.play.waiting_markers.append((marker, place))

    def advance_doom(self, steps: int) -> None:
        doom_advance(self.state, steps, reason="scenario")

    def extra_activation(self) -> None:
        extra_activation(self.state)

    def spawn_boss(self, boss: str, level: int | None, near: Pos | None) -> None:
        spawned = spawn_boss(self.state, boss, level=level, near=near)
        if spawned is not None:
            self.play.boss_uids.append(spawned.uid)

    def spawn_monster(self, monster: str | None, level: int | None, near: Pos | None) -> None:
        state = self.state
        if monster:
            spawned = spawn_monster(state, monster, (), reason="scenario", near=near)
        else:
            spawned = draw_and_spawn(state, reason="scenario", near=near)
        if spawned is not None and level and level != spawned.level:
            spawned.set_level(level, state.pack, state.log)

    def heroes(self, who: Who, triggering: str | None, token: str | None, at: Place | None) -> list[str]:
        return [h.uid for h in self.play.heroes(self.state, who, triggering, token, at)]

    def _hero(self, uid: str) -> HeroState:
        return self.state.hero(uid)

    def can_act(self, hero: str) -> bool:
        return bool(self._hero(hero).can_act)

    def lose_hp(self, hero: str, amount: int, armor: bool) -> None:
        state = self.state
        if a_character_died(state):  # an effect that hurts several heroes stops at the first who dies
            return
        if armor:
            absorb_damage(state.log, self._hero(hero), amount, policy=state.defense_policy, source="scenario")
        else:
            self._hero(hero).take_damage(amount, state.log, source="scenario")

    def lose_pp(self, hero: str, amount: int) -> None:
        if not a_character_died(self.state):  # as lose_hp
            self._hero(hero).spend_pp(amount, self.state.log, reason="scenario")

    def lose_ap(self, hero: str, amount: int) -> None:
        ap = self.state.ap
        ap[hero] = ap.get(hero, 0) - amount
        self.state.log.emit("ap_lost", hero, amount=amount, ap=ap[hero], reason="effect")

    def heal(self, hero: str, hp: int, pp: int) -> None:
        self._hero(hero).heal(hp, pp, log=self.state.log)

    def check(self, hero: str, attributes: tuple[str, str], tn: int) -> bool:
        state, one = self.state, self._hero(hero)
        check = roll_target_number(state.dice, one.attribute(attributes[0]), one.attribute(attributes[1]), tn)
        state.log.emit("scenario_check", hero, total=check.total, target_number=tn, success=check.success)
        return bool(check.success)

    def give_item(self, hero: str, item: str) -> None:
        state, one = self.state, self._hero(hero)
        n = sum(1 for i in one.all_items() if i.card.id == item) + 1
        copy = ItemInstance(state.pack.equipment[item], f"{hero}/scenario:{item}:{n}")
        if len(one.belt) < one.belt_capacity:
            one.belt.append(copy)
        else:
            one.backpack.append(copy)
        state.log.emit("scenario_item", hero, item=copy.uid)

    def draw_loot(self, hero: str, cards: int) -> None:
        state = self.state
        if state.loot is not None:
            drawn = [c for c in (state.loot.draw(state.dice) for _ in range(cards)) if c is not None]
            receive_loot(state, self._hero(hero), drawn)

    def gain_group_xp(self, xp: int, triggering: str | None) -> None:
        state = self.state
        state.group_xp += xp
        state.log.emit("group_xp", triggering, gained=xp, total=state.group_xp, reason="scenario")

    def fire(self, kind: str, **context: Any) -> None:
        fire(self.state, kind, **context)

    def finish(self, outcome: str) -> None:
        finish(self.state, outcome)

    def apply(self, effect: Playable, triggering: str | None) -> None:
        self.play.apply(self.state, effect, triggering)


_LISTENING: ByDocument[dict[str, list[tuple[int, Any]]]] = ByDocument(256)
"""Per scenario document: event kind -> the (index, rule) pairs of its rules whose trigger is
``on`` that kind, in order."""


def _rules_by_kind(scenario: Scenario) -> dict[str, list[tuple[int, Any]]]:
    table: dict[str, list[tuple[int, Any]]] = {}
    for index, rule in enumerate(scenario.rules):
        if rule.when is not None:
            table.setdefault(rule.when.on, []).append((index, rule))
    return table


_LASTING: ByDocument[list[tuple[int, Any]]] = ByDocument(256)
"""Per scenario document: the (index, rule) pairs of its lasting rules (``modify``), in order."""


def _lasting(scenario: Scenario) -> list[tuple[int, Any]]:
    """The (index, rule) pairs of ``scenario``'s lasting rules, worked out once per document."""
    return _LASTING.of(scenario, lambda doc: [(i, r) for i, r in enumerate(doc.rules) if r.lasting])


def _holding(game: GameView, lasting: list[tuple[int, Any]]) -> Iterator[tuple[int, Any]]:
    """The (index, rule) pairs of ``lasting`` whose conditions hold in ``game`` now, in order."""
    return ((index, rule) for index, rule in lasting if all(c.holds(game) for c in rule.conditions))


def _attacker(monster: MonsterState) -> Attacker:
    """What a lasting rule's modifier reads of the monster that hits: its type, boss or not, flags."""
    return Attacker(monster.monster.id, monster.is_boss, frozenset(monster.monster.flags))


def _listening(scenario: Scenario, kind: str) -> list[tuple[int, Any]]:
    """The (index, rule) pairs of ``scenario``'s rules waiting for events of ``kind``, in order:
    worked out once per document (a frozen model)."""
    return _LISTENING.of(scenario, _rules_by_kind).get(kind, [])


def _dungeon(state: GameData) -> Dungeon | None:
    return cast("Dungeon", state.board) if state.board.spatial else None


def _put_marker(state: GameData, square: Pos, marker: str) -> None:
    """Put a scenario's ``marker`` on ``square`` (its setup's, or a rule's effect) and log it
    (``marker_placed``, reason ``scenario``): the marker a rule places had no event of its own, and
    a replay told only that the rule fired."""
    if _dungeon_of(state).put_marker(state, square, marker):
        state.log.emit("marker_placed", None, marker=marker, square=square, reason="scenario")


def _dungeon_of(state: GameData) -> Dungeon:
    board = _dungeon(state)
    if board is None:
        raise RuntimeError("this scenario effect needs the map")
    return board
