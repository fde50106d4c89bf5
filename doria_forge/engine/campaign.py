"""Between the scenarios of a campaign (Book of Rules *Campaigns*, *XP in Campaigns*,
*Equipment and hero level in campaigns*, *Monster level in campaigns*, *Death of a
character in campaigns*).

A hero goes into the next scenario with its attributes, its hero bonuses and its unspent
Attribute Points (spent in the first Phase H, not before: they "can only be spent in Phase H";
only a character created anew after a death distributes its points before the scenario), its
standard items and campaign items, and at most ``keep`` of the Loot Cards it carries (the reward
of the last scenario: the highest gold value first, then by id; with the optional rule
``campaign_keep_by_gold``, Loot Cards worth up to ``rules.campaign_gold_per_card`` gold per kept
card instead, see ``kept_loot``); its HP and PP are full and its statuses gone. The Group XP on
the track at the scenario's end (with a won scenario's reward Group XP) are redeemed as in Phase
H while they reach the campaign cost (``levelup.xp_per_attribute_point``): each living hero gets
the Attribute Points; only the rest, which "cannot yet be converted", goes onto the next
scenario's track (``group_xp_carried``). The game then deals Loot Cards up to the starting hand
as usual ("the inventory is always refilled to 6 Loot Cards"); the cards kept are taken out of
the new game's Loot stacks first, so no card is in play twice.

Campaign items are the cards of ``deck: campaign`` and the items a scenario's ``rewards.items``
gave the heroes (``reward_recipient`` says who takes one): the heroes keep them for the rest of
the campaign, beside the kept Loot Cards, and a dead hero's go to the new character ("except
special Campaign items"). A reward item that the Loot deck prints too is taken out of the Loot
stacks of every later scenario, like a kept card. Hero bonuses earned between scenarios are
chosen before the first round, like the 1-2 player bonus.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from doria_forge.model.character import Character
from doria_forge.model.equipment import Equipment
from doria_forge.model.optional_rules import CAMPAIGN_KEEP_BY_GOLD
from doria_forge.model.pack import ContentPack

from . import phases
from .decks import EQUIPMENT, Card, card_gold
from .game import GameOptions, GameState, deal_starting_loot
from .hero import HeroState
from .levelup import may_raise_attributes, redeem_group_xp
from .state import GameData


def kept_loot(state: GameData, hero: HeroState, keep: int) -> list[Card]:
    """The Loot Cards ``hero`` keeps into the next scenario: at most ``keep`` of those it
    carries at the end of ``state``, the highest gold value first, then by card id.

    With the optional rule ``campaign_keep_by_gold`` on in ``state`` (book: "Instead of taking
    1/2/3/4 cards into the next Campaign scenario, the players can take items worth 3 gold per
    card"): cards worth at most ``keep`` times ``rules.campaign_gold_per_card`` gold together,
    as a careful party chooses them: the most gold, then the most cards, then in the order
    above. A card without a gold value takes a whole card's gold (the rule prices only the
    cards; a free card would let a hero keep any number of them)."""
    cards = [state.item_cards[i.uid] for i in hero.all_items() if i.uid in state.item_cards]
    cards.sort(key=lambda c: (-card_gold(state.pack, c), c.id, c.n))
    if not state.option(CAMPAIGN_KEEP_BY_GOLD):
        return cards[:max(0, keep)]
    per_card = state.pack.rules.campaign_gold_per_card
    return _most_gold(cards, [card_gold(state.pack, c) or per_card for c in cards], max(0, keep) * per_card)


def _most_gold(cards: list[Card], prices: list[int], budget: int) -> list[Card]:
    """The cards of ``cards`` (in order) whose ``prices`` add up to at most ``budget``: the
    highest total, then the most cards, then the earliest cards (a knapsack over the budget:
    best[g] is the choice that spends exactly g gold)."""
    best: dict[int, tuple[int, ...]] = {0: ()}
    for index, price in enumerate(prices):
        for spent in sorted(best, reverse=True):
            total = spent + price
            if total > budget:
                continue
            choice = (*best[spent], index)
            held = best.get(total)
            if held is None or (-len(choice), choice) < (-len(held), held):
                best[total] = choice
    return [cards[i] for i in best[max(best)]]


def group_xp_carried(state: GameData, reward_xp: int = 0) -> int:
    """The Group XP ``state``'s scenario passes on to the next (chapter *XP in Campaigns*: "If
    there are XP remaining on the Group XP track at the end of a scenario that cannot yet be
    converted, they must be noted on the Campaign Overview"): the track plus ``reward_xp`` (a won
    scenario's reward), less what converts as in Phase H (chapter *Character Improvement*: 1
    Attribute Point for each character per ``xp_per_attribute_point``, 3 x [PlayerCount] in a
    campaign), which goes to the living heroes of ``state`` now, saved like any Attribute Point.
    So the XP carried are always fewer than one conversion costs (``levelup.redeem_group_xp``, as
    Phase H redeems them)."""
    state.group_xp += reward_xp
    return redeem_group_xp(state)


def campaign_items(state: GameData, hero: HeroState, rewards: Counter[str]) -> list[Equipment]:
    """The campaign items ``hero`` carries at the end of ``state``: its ``deck: campaign`` cards
    and the reward items of ``rewards`` (reward item id -> copies the party holds; each one
    found here is taken off it, so a copy counts once for the whole party). A card of that id
    the hero found as a Loot Card in the scenario is not the reward: reward items never stand
    for a Loot Card in play."""
    items = []
    for item in hero.all_items():
        if item.card.deck == "campaign":
            items.append(item.card)
        elif rewards[item.card.id] > 0 and item.uid not in state.item_cards:
            rewards[item.card.id] -= 1
            items.append(item.card)
    return items


def reward_recipient(heroes: Sequence[HeroState], card: Equipment) -> int:
    """Which of ``heroes`` (in seat order) takes reward item ``card`` (a scenario's
    ``rewards.items``; the book leaves it to the players): the first who meets its
    requirements, so can use it (what every player sees on the card and the Character
    Sheets), else the first."""
    return next((k for k, hero in enumerate(heroes) if hero.meets_requirements(card)), 0)


def hero_for_next_scenario(state: GameData, hero: HeroState, keep: int, *, rewards: Counter[str] | None = None,
                           given: Sequence[Equipment] = ()) -> tuple[HeroState, list[Card]]:
    """``hero`` as it starts the next scenario of the campaign (see the module docstring)
    and the Loot Cards it kept: its campaign items (``rewards`` as for ``campaign_items``)
    and the reward items ``given`` to it now."""
    pack = state.pack
    kept = kept_loot(state, hero, keep)
    standard = pack.rules.starting_standard_items(hero.character.standard_items)
    items = [pack.equipment[i] for i in standard]
    items += campaign_items(state, hero, rewards if rewards is not None else Counter())
    items += list(given)
    items += [pack.equipment[c.id] for c in kept]
    return _refreshed(hero.character, items, pack, hero.uid, dict(hero.attributes), set(hero.hero_bonuses),
                      hero.attribute_points), kept


def replacement_hero(pack: ContentPack, character: Character, uid: str, attribute_points: int,
                     campaign_items: Sequence[Equipment] = ()) -> HeroState:
    """A new character of ``character`` with its standard items, for a hero who died
    (chapter *Death of a character in campaigns*: "the new character receives the same amount
    of XP ... as the other characters"): ``attribute_points`` to spend before the first round.
    Its hero bonuses are granted through ``new_campaign_game``'s ``hero_bonuses``. The dead
    hero's equipment "is lost (except special Campaign items)": ``campaign_items``, the
    campaign items it carried, go to the new character of the same player."""
    items = [pack.equipment[i] for i in pack.rules.starting_standard_items(character.standard_items)]
    items += list(campaign_items)
    return _refreshed(character, items, pack, uid, {k: v for k, v in character.attributes.items()}, set(),
                      attribute_points)


def _refreshed(character: Character, items: list, pack: ContentPack, uid: str, attributes: dict[str, int],
               bonuses: set[str], points: int) -> HeroState:
    hero = HeroState.from_character(character, items, pack.rules, uid=uid)
    hero.attributes = attributes
    hero.hero_bonuses = bonuses
    hero.attribute_points = points
    hero.hp, hero.pp = hero.hp_max, hero.pp_max
    return hero


def new_campaign_game(pack: ContentPack, heroes: Sequence[str | HeroState], *, scenario: str, seed: int,
                      monster_level: int, group_xp: int = 0, kept: dict[str, list[Card]] | None = None,
                      hero_bonuses: dict[str, int] | None = None, start_bonuses: bool = False,
                      rewards: Sequence[str] = (), new_characters: Iterable[str] = (),
                      log: bool = True) -> GameState:
    """A campaign scenario ready to play: ``scenario`` in mode ``campaign`` at Monster Level
    ``monster_level`` (from the campaign's Monster Points), ``group_xp`` carried over on the
    track, ``heroes`` (premade ids for the first scenario, then ``hero_for_next_scenario``'s
    heroes), the ``kept`` Loot Cards (hero uid -> cards) taken out of the stacks before the
    starting hands are dealt and known as Loot Cards again (to be kept again later),
    ``hero_bonuses`` (hero uid -> bonuses to choose before the first round) and
    ``start_bonuses`` (the 1-2 player bonus: the first scenario only), ``rewards`` (ids of the
    reward items the heroes carry as campaign items: a copy of each the Loot deck prints leaves
    its stacks too), ``new_characters`` (uids of characters created anew after a death: they
    distribute their Attribute Points before the first round; everybody else's saved points wait
    for Phase H). Raises like ``GameState.new``."""
    options = GameOptions(setup_loot=False, start_bonuses=start_bonuses)
    state = GameState.new(pack, list(heroes), seed=seed, scenario=scenario, mode="campaign",
                          monster_level=monster_level, group_xp=group_xp, options=options, start=False, log=log)
    kept = kept or {}
    for hero in state.heroes:
        free = [i for i in reversed(hero.all_items()) if i.uid not in state.item_cards]
        for card in kept.get(hero.uid, ()):
            item = next((i for i in free if i.card.id == card.id), None)
            if item is not None:
                free.remove(item)
                state.item_cards[item.uid] = card
    if state.loot is not None:
        outside = [c for cards in kept.values() for c in cards] + [Card(EQUIPMENT, i) for i in rewards]
        for card in outside:
            for stack in state.loot.stacks:
                match = next((c for c in stack if c.kind == card.kind and c.id == card.id), None)
                if match is not None:
                    stack.remove(match)
                    break
        deal_starting_loot(state)
    for uid, n in (hero_bonuses or {}).items():
        if n > 0:
            state.pending_bonus[uid] = state.pending_bonus.get(uid, 0) + n
    state.new_characters = set(new_characters)
    waiting = [h.uid for h in state.heroes if state.pending_bonus.get(h.uid) or may_raise_attributes(state, h)]
    state.decision_queue = waiting or state.decision_queue
    phases.advance(state)
    return state
