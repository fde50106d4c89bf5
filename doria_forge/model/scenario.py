"""Scenarios and campaigns (chapters *Selecting a Game Mode*, *Campaigns*)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import Field

from .common import Document, Ref, Strict


class TileDeckEntry(Strict):
    """Room Tiles shuffled into the scenario's Room Tile deck."""

    tile: str
    count: Annotated[int, Field(ge=1, le=10)] = 1


class ScenarioSetup(Strict):
    """How to build the table: start tile, the Room Tile deck (named tiles plus
    ``random_tiles`` drawn from the rest), where the target tile goes (``target_position``
    counted from the top of the deck, 1-based), starting Monster Level."""

    start_tile: str = "A-1"
    tile_deck: list[TileDeckEntry] = Field(default_factory=list)
    random_tiles: Annotated[int, Field(ge=0, le=48)] = 0
    target_tile: str | None = None
    target_position: Annotated[int, Field(ge=1, le=60)] | None = None
    monster_level: Annotated[int, Field(ge=1, le=10)] = 1
    notes: list[str] = Field(default_factory=list)


class ScenarioEvent(Strict):
    """Something that happens at the end of round ``after_round`` (or in Phase F each round)."""

    after_round: Annotated[int, Field(ge=0, le=99)] | None = None
    phase_f: bool = False
    text: str


class Scenario(Document):
    """A scenario: story, goal, setup, special rules (they override the Book of Rules),
    optional rules switched on (ids of the pack's ``rules.optional_rules``), events,
    rewards, monster points awarded (campaign mode)."""

    kind: Literal["scenario"] = "scenario"
    name: str
    mode: Literal["single", "campaign"] = "single"
    players: tuple[Annotated[int, Field(ge=1, le=6)], Annotated[int, Field(ge=1, le=6)]] = (1, 6)
    story: str
    goal: str
    setup: ScenarioSetup = Field(default_factory=ScenarioSetup)
    special_rules: list[str] = Field(default_factory=list)
    optional_rules: list[str] = Field(default_factory=list)
    events: list[ScenarioEvent] = Field(default_factory=list)
    rune_use: str | None = None
    entrance: str | None = None
    escape_allowed: bool = True
    rewards: list[str] = Field(default_factory=list)
    monster_points: Annotated[int, Field(ge=0, le=50)] = 0

    def references(self) -> Iterable[Ref]:
        yield (("setup", "start_tile"), "room_tile", self.setup.start_tile)
        for i, entry in enumerate(self.setup.tile_deck):
            yield (("setup", "tile_deck", i, "tile"), "room_tile", entry.tile)
        if self.setup.target_tile:
            yield (("setup", "target_tile"), "room_tile", self.setup.target_tile)
        for i, opt in enumerate(self.optional_rules):
            yield (("optional_rules", i), "optional_rule", opt)


class CampaignReward(Strict):
    """The reward after scenario number ``after_scenario`` (1-based)."""

    after_scenario: Annotated[int, Field(ge=1, le=20)]
    text: str
    keep_loot_cards: Annotated[int, Field(ge=0, le=10)] = 0
    hero_bonus: bool = False


class Campaign(Document):
    """A campaign: scenarios in order (scenario ids), rewards, starting Monster Points;
    every ``monster_points_per_level`` points raise the Monster Level by one."""

    kind: Literal["campaign"] = "campaign"
    name: str
    story: str = ""
    scenarios: list[str]
    rewards: list[CampaignReward] = Field(default_factory=list)
    starting_monster_points: Annotated[int, Field(ge=0)] = 0
    monster_points_per_level: Annotated[int, Field(ge=1)] = 10

    def references(self) -> Iterable[Ref]:
        for i, sid in enumerate(self.scenarios):
            yield (("scenarios", i), "scenario", sid)
