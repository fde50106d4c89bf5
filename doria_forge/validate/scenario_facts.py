"""What a scenario's data says about the games it makes, for the scenario rules of ``validate``.

Read from the validated models only, never from the engine: which Room Tiles can come into
play, which flags, markers, tokens and bosses its rules bring onto the table, and the last
round a game of it can reach. The scenario rules (``rules/scenario_*.py``) share these facts
so that each of them asks the same question the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property

from ..load.problem import Problem, Severity
from ..model.exploration import PREFIX
from ..model.exploration_game import exploration_scenario
from ..model.pack import ContentPack
from ..model.room_tile import RoomTile
from ..model.scenario import Scenario, Token
from ..model.words.facts import Finding, Path, closest
from .source_map import SourceMap

__all__ = ["Finding", "Path", "RoundLimit", "ScenarioFacts", "closest", "exploration_problems", "played_facts",
           "scenario_facts", "scenario_problems"]


@dataclass(frozen=True)
class RoundLimit:
    """The last round a game of the scenario can reach: ``round``, and what ends it there
    (``reason`` in words, ``path`` of the field that says so)."""

    round: int
    reason: str
    path: Path


@dataclass(frozen=True)
class ScenarioFacts:
    """Facts about one ``scenario`` of ``pack`` (a :class:`~doria_forge.model.ContentPack`)."""

    pack: ContentPack
    scenario: Scenario

    # ------------------------------------------------------------------ tiles
    @cached_property
    def named_tiles(self) -> frozenset[str]:
        """The start tile, the tile deck's tiles and the target tile."""
        setup = self.scenario.setup
        named = {setup.start_tile, *(e.tile for e in setup.tile_deck)}
        if setup.target_tile:
            named.add(setup.target_tile)
        return frozenset(named)

    @cached_property
    def random_pool(self) -> frozenset[str]:
        """The pack's Room Tiles ``random_tiles`` may draw (none when it draws none)."""
        if not self.scenario.setup.random_tiles:
            return frozenset()
        return frozenset(t for t in self.room_tiles if t not in self.named_tiles)

    @property
    def room_tiles(self) -> Mapping[str, RoomTile]:
        return self.pack.room_tiles

    def tiles_in_play(self) -> list[RoomTile]:
        """Every Room Tile of the pack that can come into a game of the scenario, by id."""
        ids = sorted((self.named_tiles | self.random_pool) & set(self.room_tiles))
        return [self.room_tiles[t] for t in ids]

    def tile_absence(self, tile: str) -> tuple[str, bool] | None:
        """Why Room Tile ``tile`` may not be in a game: ``(reason, certain)``; ``certain`` when it
        is never in play, not when it is only one of the random tiles. None when it is named
        by the setup, or not in the pack at all (``dangling-reference`` reports that)."""
        if tile in self.named_tiles or tile not in self.room_tiles:
            return None
        if tile in self.random_pool:
            return (f"Room Tile {tile} is not named by the setup: it comes into play only if it is drawn as a "
                    f"random tile (random_tiles: {self.scenario.setup.random_tiles})", False)
        return (f"Room Tile {tile} is not in this scenario (not its start tile, tile deck or target tile)", True)

    def tile_problems(self, path: Path, tile: str, consequence: str = "") -> Iterator[tuple[Path, Severity, str]]:
        """``(path, severity, message)`` when Room Tile ``tile`` may not be in a game: an error
        (ending in ``consequence``) when it never is, a warning when it is only a random tile."""
        absent = self.tile_absence(tile)
        if absent is not None:
            reason, certain = absent
            yield path, (Severity.ERROR if certain else Severity.WARNING), reason + (consequence if certain else "")

    # ------------------------------------------------------------------ what rules bring into play
    @cached_property
    def flags_set(self) -> frozenset[str]:
        """Flags some effect sets (``set_flag`` with ``value: true``)."""
        return frozenset(flag for _, e in self.scenario.effects() for flag in e.sets_flags())

    @cached_property
    def flags_read(self) -> frozenset[str]:
        """Flags a ``flag_set`` trigger, a ``flag`` condition (either way) or a ``flag`` goal reads."""
        return frozenset(flag for _, word in self.scenario.words() for flag in word.reads_flags())

    @cached_property
    def markers_placed(self) -> frozenset[str]:
        """Markers that can be on the table: the setup's and ``place_marker`` effects', Loot
        Markers when a tile in play has a treasure icon, Blocked Door markers when an effect or
        a Trap of the pack blocks doors."""
        placed = {m.marker for m in self.scenario.setup.markers}
        placed |= {marker for _, e in self.scenario.effects() for marker in e.puts_markers()}
        if any(t.treasures for t in self.tiles_in_play()):
            placed.add("loot")
        if any(t.effect.blocks_doors for t in self.pack.traps.values()):
            placed.add("blocked_door")
        return frozenset(placed)

    @cached_property
    def tokens(self) -> Mapping[str, Token]:
        """The setup's tokens by id (the first of a repeated id)."""
        out: dict[str, Token] = {}
        for token in self.scenario.setup.tokens:
            out.setdefault(token.id, token)
        return out

    @cached_property
    def tokens_placed(self) -> frozenset[str]:
        """Tokens that lie somewhere at the start or that a ``place_token`` effect puts down."""
        placed = {t.id for t in self.scenario.setup.tokens if t.at is not None}
        placed |= {token for _, e in self.scenario.effects() for token, _ in e.token_places()}
        return frozenset(placed)

    @cached_property
    def bosses_spawned(self) -> frozenset[str]:
        """Boss Monsters some ``spawn`` effect brings."""
        return frozenset(boss for _, e in self.scenario.effects() for boss in e.spawns_bosses())

    # ------------------------------------------------------------------ words
    def word_findings(self, rule_id: str) -> Iterator[Finding]:
        """The findings the scenario's words report for validation rule ``rule_id`` (each
        word's ``findings``, see ``model.words``)."""
        for path, word in self.scenario.words():
            for rule, at, severity, message in word.findings(self, path):
                if rule == rule_id:
                    yield at, severity, message

    # ------------------------------------------------------------------ rounds
    def round_limit(self, *, ignore: Path | None = None) -> RoundLimit:
        """The earliest round after which no game goes on: ``max_rounds`` (where a simulated
        game stops), a ``time_limit`` lose goal or a ``survive`` win goal; the goal at path
        ``ignore`` does not count (to ask whether that goal itself can be reached)."""
        limit = RoundLimit(self.scenario.max_rounds, f"the scenario ends after max_rounds "
                                                     f"{self.scenario.max_rounds}", ("max_rounds",))
        for side in ("win", "lose"):
            for i, goal in enumerate(getattr(self.scenario.goals, side)):
                path: Path = ("goals", side, i)
                if path == ignore:
                    continue
                last = goal.last_round(side)
                if last is not None and last[0] < limit.round:
                    limit = RoundLimit(last[0], last[1], path + (last[2],))
        return limit


def scenario_facts(pack: ContentPack) -> list[ScenarioFacts]:
    """Facts for every scenario of ``pack``, in id order."""
    return [ScenarioFacts(pack, s) for s in pack.scenarios.values()]


def played_facts(pack: ContentPack) -> Iterator[tuple[str, str, Path, ScenarioFacts]]:
    """``(kind, id, path prefix, facts)`` of every game ``pack`` writes in the scenario vocabulary:
    each scenario (prefix ``()``), then each Boss Monster card's exploration game
    (``model.exploration``: its fields lie under the card's ``exploration``). A card whose game
    cannot be assembled (the pack has no start tile) yields none: ``exploration_problems`` says why."""
    for facts in scenario_facts(pack):
        yield "scenario", facts.scenario.id, (), facts
    for boss in pack.bosses.values():
        if boss.exploration is None:
            continue
        try:
            scenario = exploration_scenario(pack, boss)
        except ValueError:
            continue
        yield "boss", boss.id, (PREFIX,), ScenarioFacts(pack, scenario)


def exploration_problems(pack: ContentPack, source_map: SourceMap, rule_id: str) -> Iterator[Problem]:
    """An error for each Boss Monster card whose exploration game cannot be assembled, at its
    exploration setup."""
    for boss in pack.bosses.values():
        if boss.exploration is None:
            continue
        try:
            exploration_scenario(pack, boss)
        except ValueError as exc:
            yield source_map.problem("boss", boss.id, (PREFIX, "setup"), rule_id, Severity.ERROR, str(exc))


def scenario_problems(pack: ContentPack, source_map: SourceMap, rule_id: str,
                      find: Callable[[ScenarioFacts], Iterable[Finding]]) -> Iterator[Problem]:
    """The problems ``find`` reports for each scenario of ``pack`` and each Boss Monster card's
    exploration game (``played_facts``), each at the value of its field (at the nearest written
    key when the field itself is not written)."""
    for kind, doc_id, prefix, facts in played_facts(pack):
        for path, severity, message in find(facts):
            yield source_map.problem(kind, doc_id, prefix + tuple(path), rule_id, severity, message, value=True)
