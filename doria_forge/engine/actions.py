"""Player actions as small frozen values (OpenSpiel / boardgame.io style).

``GameState.legal_actions()`` lists them for whoever acts next and
``GameState.apply(action)`` performs one. Book of Rules chapter *Action Phase*
(attack or use items: AP on the card, +``rules.belt_ap`` from the Belt; repair: AP on
the card, armor sets together; take items out of the Backpack: ``rules.backpack_ap``,
ends the action; Belt to hands: ``rules.belt_ap``; moving a card down into the Belt
or Backpack costs nothing; search: 1 AP one card, 5 AP two cards; wait: lose AP in
steps of 1) and *Phase H* / *Phase I* decisions.

Optional rules (``GameState.optional_rules``): :class:`ContinueLoot` / :class:`StopLoot`
(``stop_loot_after_trap``, chapter *Defeated Monsters*) and :class:`RemoveTrapByDoom` /
:class:`TriggerShopTrap` (``remove_traps_in_phase_i``, chapter *Phase I*) are only
legal while their rule is on.

Other characters' items (chapters *Throw Items (0 - 10 AP)* and *Take, Use or Repair
Other Items (5 AP)*): :class:`ThrowItem`, :class:`TakeItem`, :class:`UseOtherItem`,
:class:`RepairOtherItem`. Range 1 and the throwing distance are asked of
``state.board`` (``hero_adjacent``, ``can_throw``; without a map both are always
true), the other character's consent of ``GameState.consents``. They are listed only
when the game has more than one hero.

On the map (chapter *Action Phase*): :class:`Walk`, :class:`Jump`, :class:`SwapPlaces`,
:class:`RevealRoomTile` / :class:`PlaceRoomTile` / :class:`PlaceSecretDoor`, :class:`PickUp` / :class:`PutDown`,
:class:`ClearRubble`. Which actions are legal and what each one does lives in
``engine.moves`` (one module per action family). Actions serialise to plain JSON data (``action_to_data`` /
``action_from_data``) for a game's history.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any


class IllegalAction(ValueError):
    """An action the rules do not allow (unmet requirements, occupied zone, a damaged
    weapon, a two-handed item from the Belt, a target that cannot be hurt, an unknown
    uid, the wrong phase...). The game state is unchanged when it is raised."""


ACTION_TYPES: dict[str, type[Action]] = {}
"""Action class name -> class, for ``action_from_data``; filled by ``Action.__init_subclass__``."""


class Action:
    """Base class of every action (for ``isinstance`` checks)."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        ACTION_TYPES[cls.__name__] = cls

    def __deepcopy__(self, memo: dict) -> Action:
        return self  # actions are frozen values: a copied game shares its history


def action_to_data(action: Action) -> dict[str, Any]:
    """``{"type": class name, field: value, ...}`` with plain JSON values (tuples become lists)."""
    data: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):  # type: ignore[arg-type]
        data[f.name] = _plain(getattr(action, f.name))
    return data


def action_from_data(data: dict[str, Any]) -> Action:
    """The action ``action_to_data`` described (lists become tuples again). Raises
    ``ValueError`` for an unknown type or fields."""
    fields = dict(data)
    name = fields.pop("type", None)
    cls = ACTION_TYPES.get(name) if isinstance(name, str) else None
    if cls is None:
        raise ValueError(f"unknown action type {name!r}")
    try:
        return cls(**{k: _tupled(v) for k, v in fields.items()})
    except TypeError as exc:
        raise ValueError(f"bad fields for {name}: {exc}") from None


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


# ---------------------------------------------------------------- Phase D: hero actions
@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack ``target_uid`` with item ``item_uid`` using its attack profile
    ``profile_index``; ``from_belt`` uses a 1-hand card from the Belt (+4 AP);
    ``psi_spend`` extra PP for an enchanted weapon's special action."""

    item_uid: str
    profile_index: int
    target_uid: str
    from_belt: bool = False
    psi_spend: int = 0


@dataclass(frozen=True, slots=True)
class UseItem(Action):
    """Use a potion or a non-attack spell on oneself or (``target_uid``) a friend."""

    item_uid: str
    target_uid: str | None = None
    from_belt: bool = False


@dataclass(frozen=True, slots=True)
class Repair(Action):
    """Repair the damaged cards ``item_uids`` in one action (one card, or armor of one set)."""

    item_uids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RetrieveFromBackpack(Action):
    """Take a card out of the Backpack (``rules.backpack_ap``) to ``to``: ``equip``
    (hands or its body zone; cards in the way go to the Belt/Backpack) or ``belt``."""

    item_uid: str
    to: str = "equip"


@dataclass(frozen=True, slots=True)
class MoveItem(Action):
    """Move a carried card: ``to="equip"`` takes it from the Belt into the hands or
    onto its body zone (``rules.belt_ap``; cards in the way go down for free);
    ``to="belt"``/``"backpack"`` puts an equipped card down (0 AP)."""

    item_uid: str
    to: str = "equip"


@dataclass(frozen=True, slots=True)
class ThrowItem(Action):
    """Throw a carried card to the character ``receiver_uid`` (chapter *Throw Items
    (0 - 10 AP)*): 0 AP from the Body, ``rules.belt_ap`` (4) from the Belt,
    ``rules.backpack_ap`` (10) from the Backpack (*Fast Hands*: 3 less, "retrieving an
    item from the Belt or Backpack"). Both must be on the same or an adjacent Room Tile
    (``board.can_throw``; no range or Line of Sight needed). The receiver (conscious)
    places it: ``to="equip"`` (hands or its body zone; requirements met), ``"belt"``
    (a free Belt slot) or ``"backpack"``. A card the thrown one pushes off goes only
    to the receiver's ``displaced_to`` (``"belt"``, full: Backpack; or ``"backpack"``),
    never on to another character."""

    item_uid: str
    receiver_uid: str
    to: str = "equip"
    displaced_to: str = "belt"


@dataclass(frozen=True, slots=True)
class TakeItem(Action):
    """Take the card ``item_uid`` from the character ``owner_uid`` within range 1
    (chapter *Take, Use or Repair Other Items (5 AP)*): ``rules.take_item_ap`` (5; 2
    with *Fast Hands*) wherever it is (Body, Belt or Backpack). The owner must agree
    unless unconscious. ``to``: ``"equip"`` (cards in the way go to the taker's Belt,
    full: Backpack), ``"belt"`` or ``"backpack"``."""

    owner_uid: str
    item_uid: str
    to: str = "equip"


@dataclass(frozen=True, slots=True)
class UseOtherItem(Action):
    """Take the card ``item_uid`` from the character ``owner_uid`` within range 1 and
    use it in the same action (chapter *Take, Use or Repair Other Items (5 AP)*): 5 AP
    (``rules.take_item_ap``) + the card's AP (*Fast Hands*: 2 + card AP - 3), from any
    place of the owner, its Backpack too. With ``profile_index`` an attack with that
    profile on monster ``monster_uid`` (``psi_spend``: extra PP of an enchanted
    weapon); else a potion or non-attack spell on ``target_uid`` (default the user; a
    friend if the card's ``effect.targets`` allows, within the card's reach of the user:
    range 1 for a potion, the range of a spell). A weapon or
    spell ends in the user's hands; a used potion is discarded. The owner must agree
    unless unconscious."""

    owner_uid: str
    item_uid: str
    target_uid: str | None = None
    profile_index: int | None = None
    monster_uid: str | None = None
    psi_spend: int = 0


@dataclass(frozen=True, slots=True)
class RepairOtherItem(Action):
    """Repair the damaged cards ``item_uids`` of the character ``owner_uid`` within
    range 1 in one action (chapter *Take, Use or Repair Other Items (5 AP)*): the repair
    cost (*Repair Equipment*: one card, or armor of one set on the Body/Belt) + 5 AP
    (2 with *Fast Hands*); the cards stay with the owner. The owner must agree unless
    unconscious."""

    owner_uid: str
    item_uids: tuple[str, ...]


# ---------------------------------------------------------------- Phase D: the map
Square = tuple[int, int]
"""A square of the dungeon, ``(row, col)`` (see ``engine.map.layout``)."""


@dataclass(frozen=True, slots=True)
class Walk(Action):
    """Walk to the free square ``to`` by the cheapest way (chapter *Walking (1 AP per
    square)*: 1 AP a square, 2 while carrying; past other characters, never past
    monsters; never into negative AP)."""

    to: Square


@dataclass(frozen=True, slots=True)
class Jump(Action):
    """Move to ``to`` by the cheapest way that jumps holes or red-bordered squares
    (chapter *Jumping (5 AP)*: 5 AP a jump, 10 carrying, may end in negative AP; a jump lands
    in Line of Sight, in a straight line or round a corner, ``map.paths._bent_jumps``; a jump
    check STR+AGI+2D against 10 per square jumped, landing included; a failure costs 1
    HP per square, times 1 + critical failures + 1 for a Fumble, armor ignored)."""

    to: Square


@dataclass(frozen=True, slots=True)
class SwapPlaces(Action):
    """Swap squares with the adjacent character ``hero_uid`` who agrees (chapter *Swap
    Places (5 AP)*; 10 AP while carrying)."""

    hero_uid: str


@dataclass(frozen=True, slots=True)
class RevealRoomTile(Action):
    """Open the closed door the hero stands on and reveal the next Room Tile (chapter
    *Reveal a Room Tile (0 AP)*)."""

    door: Square


@dataclass(frozen=True, slots=True)
class PlaceRoomTile(Action):
    """Choose where the Room Tile just drawn goes: option ``index`` of the placements
    the rules allow (door against the opened door, open side against open side)."""

    index: int


@dataclass(frozen=True, slots=True)
class PlaceSecretDoor(Action):
    """Choose where the Secret Door of a dead end opens: option ``index`` of the wall sides the
    rules allow (chapter *Dead Ends*: "the players may decide where the Secret Door
    materializes")."""

    index: int


@dataclass(frozen=True, slots=True)
class PickUp(Action):
    """Pick up the unconscious character ``hero_uid`` (chapter *Carry Characters (2 - 10 AP)*):
    lying on the hero's own square, for 0 AP; lying on a free adjacent square, stepping onto
    it (``rules.pick_up_ap``, 1 AP). Nobody may step onto a square a monster or another
    standing character holds."""

    hero_uid: str


@dataclass(frozen=True, slots=True)
class PutDown(Action):
    """Put the carried character down (0 AP, chapter *Carry Characters*: dropping does not
    interrupt a walking action) on ``to``, the carrier's own square, where its marker lay
    under the carrier's figure."""

    to: Square


@dataclass(frozen=True, slots=True)
class ClearRubble(Action):
    """Clear the Rubble on the adjacent square ``square`` (``rules.clear_rubble_ap``)."""

    square: Square


# ---------------------------------------------------------------- Phase D: the scenario
@dataclass(frozen=True, slots=True)
class PickUpToken(Action):
    """Pick up the scenario token ``token`` lying on the hero's square (its ``pick_up_ap``)."""

    token: str


@dataclass(frozen=True, slots=True)
class DeclareEscape(Action):
    """Declare that the group escapes the scenario (0 AP, chapter *Escaping a campaign
    scenario*): at the end of the round, with every living hero on the escape place, the
    scenario ends as ``escaped``; otherwise the declaration lapses."""


@dataclass(frozen=True, slots=True)
class Search(Action):
    """Search a Loot Marker: ``cards=1`` (``rules.search_one_ap``) or ``cards=2``
    (``rules.search_two_ap``, then keep one with :class:`KeepLoot`)."""

    cards: int = 1


@dataclass(frozen=True, slots=True)
class KeepLoot(Action):
    """After a two-card search: keep the pending card ``index``, discard the other."""

    index: int


@dataclass(frozen=True, slots=True)
class ContinueLoot(Action):
    """Optional rule ``stop_loot_after_trap`` (chapter *Defeated Monsters*): after a
    Trap triggered among a defeated monster's Loot Cards, draw the rest (asked again
    after each further Trap)."""


@dataclass(frozen=True, slots=True)
class StopLoot(Action):
    """Optional rule ``stop_loot_after_trap``: leave the defeated monster's remaining
    Loot Cards undrawn."""


@dataclass(frozen=True, slots=True)
class Wait(Action):
    """Let ``ap`` Action Points expire (1 or more, at most the AP left)."""

    ap: int


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Pass: in Phase D let all remaining AP expire; in Phase H / I / setup finish
    this hero's (the group's) decisions."""


# ---------------------------------------------------------------- Phase H and setup
@dataclass(frozen=True, slots=True)
class RaiseAttribute(Action):
    """Spend one saved Attribute Point on ``attribute`` (Phase H)."""

    attribute: str


@dataclass(frozen=True, slots=True)
class ChooseHeroBonus(Action):
    """Take hero bonus ``bonus`` (one of ``rules.hero_bonuses``, once per hero)."""

    bonus: str


@dataclass(frozen=True, slots=True)
class RecoverPoints(Action):
    """An unconscious hero splits its ``rules.unconscious_recovery`` points: ``hp``
    to Hit Points, the rest to Psi Points (Phase H)."""

    hp: int


@dataclass(frozen=True, slots=True)
class StayUnconscious(Action):
    """An unconscious hero skips the next initiative roll (no Doom Counter step)."""


# ---------------------------------------------------------------- Phase I
@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy the shop cards in ``slots`` together, paying with ``payment`` (pairs of
    hero uid and item uid or gold-card uid; any hero, also unconscious ones; damaged
    items count 1 gold less); no change is given. Bought equipment goes to
    ``receiver_uid`` (a conscious hero; default the first payer), equipped when
    ``equip`` (cards in the way go to the Backpack), else to the Belt or Backpack.
    Bought Traps and the payment go to the discard pile."""

    slots: tuple[int, ...]
    payment: tuple[tuple[str, str], ...]
    receiver_uid: str | None = None
    equip: bool = False


@dataclass(frozen=True, slots=True)
class ClearShopSlot(Action):
    """Move an unwanted shop card to the discard pile (not a Trap with a gold value)."""

    slot: int


@dataclass(frozen=True, slots=True)
class RemoveTrapByDoom(Action):
    """Optional rule ``remove_traps_in_phase_i`` (chapter *Phase I*): remove the Trap in
    shop slot ``slot`` by moving the Doom Counter one field (its effects play at once:
    an Extra Activation or a Monster Level Up, chapter *Phase G*)."""

    slot: int


@dataclass(frozen=True, slots=True)
class TriggerShopTrap(Action):
    """Optional rule ``remove_traps_in_phase_i``: trigger the Trap in shop slot ``slot``
    at once on conscious hero ``hero_uid``, as if that hero had drawn it (checks,
    damage, the card as gold and the Group XP as usual; chapter *Traps and Secret Doors*)."""

    slot: int
    hero_uid: str
