"""Pydantic models for every kind of Dungeons of Doria content; the single source of truth.

``KINDS`` maps the ``kind:`` of a YAML document to its model class.
"""

from __future__ import annotations

from .boss import Boss, BossLevel
from .character import Character
from .common import ATTRIBUTES, DiceSpec, Document, parse_dice
from .equipment import AttackProfile, Bonuses, Equipment, ItemEffect, TNCheck
from .monster import Ability, Monster, MonsterLevel, MonsterModification, StatModifiers
from .pack import ContentPack, RequiredPack
from .patch import Patch
from .room_tile import Door, MonsterIcon, OpenSide, RoomTile, Rune, StartingPosition
from .rules import EDITION_CONSTANTS, HERO_BONUSES, DoomTrack, DoorEvent, OptionalRule, Pack, Requirement, Rules
from .scenario import Campaign, CampaignReward, Scenario, ScenarioSetup, TileDeckEntry
from .trap import Trap, TrapEffect

KINDS: dict[str, type[Document]] = {
    "pack": Pack,
    "rules": Rules,
    "equipment": Equipment,
    "trap": Trap,
    "monster": Monster,
    "monster_level": MonsterLevel,
    "monster_modification": MonsterModification,
    "boss": Boss,
    "character": Character,
    "room_tile": RoomTile,
    "scenario": Scenario,
    "campaign": Campaign,
    "door_event": DoorEvent,
    "patch": Patch,
}

__all__ = [
    "ATTRIBUTES", "EDITION_CONSTANTS", "HERO_BONUSES", "KINDS", "Ability", "AttackProfile", "Bonuses", "Boss",
    "BossLevel", "Campaign",
    "CampaignReward", "Character", "ContentPack", "DiceSpec", "Document", "DoomTrack", "Door",
    "DoorEvent", "Equipment", "ItemEffect", "Monster", "MonsterIcon", "MonsterLevel",
    "MonsterModification", "OpenSide", "OptionalRule", "Pack", "Patch", "RequiredPack", "Requirement", "RoomTile",
    "Rules", "Rune",
    "Scenario", "ScenarioSetup", "StartingPosition", "StatModifiers", "TNCheck",
    "TileDeckEntry", "Trap", "TrapEffect", "parse_dice",
]
