"""Loot stacks, the dimension shop, the monster deck and Trap resolution.

Book of Rules: *General Setup* (three face-down Loot stacks, one shuffled monster
deck), *Phase B* / *Phase I* (shop of three slots, one in front of each stack),
*Search Treasures* (1 AP one card; 5 AP two cards, one discarded), *Traps and
Secret Doors* (check two attributes + 2D against ``trap.target_number(ML)``; the
character who drew it gets the card as gold, the group its XP, either way;
monsters and unconscious characters are immune; criticals have no effect),
*Monster Icons on a Room Tile* / *Monster modifiers* (draw modifications until a
monster card; all attach to it), *Defeated Monsters* (``rules.loot_per_defeat`` +
each modification's ``extra_loot`` cards; Traps play out immediately in draw order).

Cards are small immutable :class:`Card` values (kind, id, copy number); the
documents behind them stay in the :class:`~doria_forge.model.pack.ContentPack`.

Defaults chosen here (the book does not say):

* a draw from "any of the three stacks" takes the stack holding the most cards
  (the lowest index on a tie); the shop slot ``i`` refills from stack ``i``;
* when every Loot stack (or the monster deck) is empty, its discard pile is
  shuffled into a new deck; when that is empty too, nothing is drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from doria_forge.model.pack import ContentPack

from .checks import roll_target_number
from .combat import armor_candidates
from .dice import DiceRoller
from .hero import HeroState

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState

EQUIPMENT = "equipment"
TRAP = "trap"
MONSTER = "monster"
MODIFICATION = "modification"


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card: ``kind`` (``equipment``/``trap`` in the Loot stacks,
    ``monster``/``modification`` in the monster deck), the document ``id`` and the
    copy number ``n`` (1-based) that tells copies apart."""

    kind: str
    id: str
    n: int = 1

    @property
    def uid(self) -> str:
        return f"{self.kind}:{self.id}:{self.n}"


def card_gold(pack: ContentPack, card: Card) -> int:
    """The card's gold value (0 = no gold value); unknown documents count 0."""
    doc = pack.traps.get(card.id) if card.kind == TRAP else pack.equipment.get(card.id)
    return getattr(doc, "gold", 0) or 0


# --------------------------------------------------------------------------- loot
@dataclass
class LootDecks:
    """The three Loot stacks (top card = last element), the shop slots (``None`` =
    empty; slot ``i`` sits in front of stack ``i``) and the discard pile."""

    stacks: list[list[Card]]
    shop: list[Card | None]
    discard: list[Card] = field(default_factory=list)

    @classmethod
    def build(cls, pack: ContentPack, dice: DiceRoller, *, stacks: int | None = None,
              shop_slots: int | None = None) -> LootDecks:
        """Every ``deck: loot`` equipment card and every Trap, ``copies`` times each,
        shuffled with ``dice`` and dealt evenly into ``rules.loot_stacks`` stacks."""
        rules = pack.rules
        cards = [Card(EQUIPMENT, e.id, k + 1) for e in pack.equipment.values() if e.deck == "loot"
                 for k in range(e.copies)]
        cards += [Card(TRAP, t.id, k + 1) for t in pack.traps.values() for k in range(t.copies)]
        return cls.from_cards(cards, dice, stacks=stacks or rules.loot_stacks,
                              shop_slots=shop_slots or rules.shop_slots)

    @classmethod
    def from_cards(cls, cards: Iterable[Card], dice: DiceRoller | None = None, *, stacks: int = 3,
                   shop_slots: int = 3) -> LootDecks:
        """Shuffle ``cards`` (unless ``dice`` is None) and deal them round-robin into
        ``stacks`` stacks (the first card dealt ends at the bottom)."""
        cards = list(cards)
        if dice is not None:
            dice.shuffle(cards)
        piles: list[list[Card]] = [[] for _ in range(stacks)]
        for i, card in enumerate(cards):
            piles[i % stacks].append(card)
        return cls(piles, [None] * shop_slots)

    def copy(self) -> LootDecks:
        return LootDecks([list(s) for s in self.stacks], list(self.shop), list(self.discard))

    @property
    def remaining(self) -> int:
        return sum(len(s) for s in self.stacks)

    def _reshuffle(self, dice: DiceRoller) -> None:
        cards, self.discard = self.discard, []
        dice.shuffle(cards)
        for i, card in enumerate(cards):
            self.stacks[i % len(self.stacks)].append(card)

    def draw(self, dice: DiceRoller, stack: int | None = None) -> Card | None:
        """Draw the top card of ``stack`` (default: the fullest stack). An empty
        chosen stack falls back to the fullest one; no cards at all reshuffles the
        discard pile; returns ``None`` when there is nothing left."""
        if self.remaining == 0:
            self._reshuffle(dice)
            if self.remaining == 0:
                return None
        if stack is None or not self.stacks[stack]:
            stack = max(range(len(self.stacks)), key=lambda i: (len(self.stacks[i]), -i))
        return self.stacks[stack].pop()

    def refill_shop(self, dice: DiceRoller) -> list[tuple[int, Card]]:
        """Phase B: fill every empty shop slot from the stack behind it. Traps and
        cards without gold value are placed too (they block the slot; they are
        never activated here). Returns the (slot, card) pairs placed."""
        placed = []
        for i, card in enumerate(self.shop):
            if card is None:
                new = self.draw(dice, i % len(self.stacks))
                if new is not None:
                    self.shop[i] = new
                    placed.append((i, new))
        return placed


# --------------------------------------------------------------------------- monster deck
@dataclass
class MonsterDeck:
    """The monster deck (top card = last element) and its discard pile."""

    cards: list[Card]
    discard: list[Card] = field(default_factory=list)

    @classmethod
    def build(cls, pack: ContentPack, dice: DiceRoller) -> MonsterDeck:
        """``deck_cards`` cards of every monster and ``copies`` of every Monster
        Modification, shuffled with ``dice``."""
        cards = [Card(MONSTER, m.id, k + 1) for m in pack.monsters.values() for k in range(m.deck_cards)]
        cards += [Card(MODIFICATION, m.id, k + 1) for m in pack.modifications.values() for k in range(m.copies)]
        dice.shuffle(cards)
        return cls(cards)

    def copy(self) -> MonsterDeck:
        return MonsterDeck(list(self.cards), list(self.discard))

    def draw_card(self, dice: DiceRoller) -> Card | None:
        if not self.cards:
            self.cards, self.discard = self.discard, []
            dice.shuffle(self.cards)
        return self.cards.pop() if self.cards else None

    def draw_monster(self, dice: DiceRoller) -> tuple[str, tuple[str, ...]] | None:
        """Draw cards until a monster card comes up (chapter *Monster modifiers*):
        returns (monster id, the modification ids drawn before it, in order), all
        cards going to the discard pile, or ``None`` when the deck runs dry without a
        monster (the modifications drawn are discarded)."""
        mods: list[str] = []
        drawn: list[Card] = []
        for _ in range(len(self.cards) + len(self.discard) + 1):
            card = self.draw_card(dice)
            if card is None:
                break
            drawn.append(card)
            if card.kind == MONSTER:
                self.discard.extend(drawn)
                return card.id, tuple(mods)
            mods.append(card.id)
        self.discard.extend(drawn)
        return None


# --------------------------------------------------------------------------- traps
@dataclass
class TrapResult:
    """One character's check against a Trap: ``total`` vs ``target_number``,
    ``success``; on failure the HP lost (``wound``), ``armor`` used, poison added."""

    hero: str
    total: int
    target_number: int
    success: bool
    damage: int = 0
    armor: str | None = None
    wound: int = 0
    poison_markers: int = 0
    immobilized: bool = False


def trap_damage(state: GameState, hero: HeroState, damage: int, element: str | None,
                ignores_armor: bool) -> tuple[int, str | None]:
    """Apply Trap damage: one armor card (undamaged, not vulnerable to the element;
    the defender policy's choice) stops up to its AR and is marked Damaged, the rest
    is lost from HP (chapter *Getting Hit and Armor Rating*). Returns (wound, armor uid)."""
    armor_uid = None
    absorbed = 0
    if damage > 0 and not ignores_armor:
        candidates = armor_candidates(hero, element)
        if candidates:
            armor = state.defense_policy.choose_armor(hero, candidates, damage, element)
            if armor is not None:
                absorbed = min(armor.armor_rating, damage)
                armor_uid = armor.uid
                if absorbed > 0:
                    armor.damaged = True
                    state.log.emit("item_damaged", hero.uid, item=armor.uid, reason="armor used")
    wound = hero.take_damage(damage - absorbed, state.log, source="trap")
    return wound, armor_uid


def resolve_trap(state: GameState, card: Card, drawer: HeroState) -> list[TrapResult]:
    """Play out Trap ``card`` drawn by ``drawer`` (chapter *Traps and Secret Doors*).

    Affected: ``person`` the drawer; ``area``/``room`` the characters
    ``state.trap_targets`` gives (without a map: every conscious hero, i.e. all on the
    drawer's Room Tile). Unconscious and dead heroes and all monsters are immune.
    Each affected hero rolls the two check attributes + 2D (+ the hero's ``trap``
    bonus markers) against ``trap.target_number(ML)``; criticals have no effect. On
    a failure: the effect's damage (one armor card may block unless it ignores
    armor), poison markers, Immobilized. Either way the drawer gets the card as gold
    (``state.gold_cards``) and the group its XP."""
    trap = state.pack.traps[card.id]
    tn = trap.target_number(state.monster_level)
    results = []
    state.log.emit("trap", drawer.uid, trap=trap.id, trap_type=trap.trap_type, target_number=tn)
    for hero in state.trap_targets(drawer, trap):
        if not hero.can_act:
            continue
        a, b = trap.check_attributes
        check = roll_target_number(state.dice, hero.attribute(a), hero.attribute(b), tn, bonus=hero.bonus("trap"))
        res = TrapResult(hero.uid, check.total, tn, check.success)
        if not check.success:
            eff = trap.effect
            if eff.damage:
                res.damage = eff.damage
                res.wound, res.armor = trap_damage(state, hero, eff.damage, eff.element, eff.ignores_armor)
            if eff.poison_markers:
                hero.poison_markers += eff.poison_markers
                res.poison_markers = eff.poison_markers
            if eff.immobilize:
                hero.immobilized = res.immobilized = True
        state.log.emit("trap_check", hero.uid, trap=trap.id, total=check.total, target_number=tn,
                       success=check.success, wound=res.wound, poison=res.poison_markers)
        results.append(res)
    state.gold_cards.setdefault(drawer.uid, []).append(card)
    state.group_xp += trap.xp
    state.log.emit("group_xp", drawer.uid, gained=trap.xp, total=state.group_xp, reason=trap.id)
    state.check_end()
    return results
