"""Which Loot stack a draw takes (``LootDecks.draw``; the book says "any of the three stacks",
the module's default: the fullest stack, the lowest index on a tie; an empty chosen stack falls
back to it; all stacks empty: the discard pile is shuffled into new stacks)."""

from __future__ import annotations

from doria_forge.engine.decks import EQUIPMENT, Card, LootDecks
from doria_forge.engine.dice import DiceRoller


def cards(prefix: str, n: int) -> list[Card]:
    return [Card(EQUIPMENT, f"{prefix}{k}") for k in range(n)]


def test_a_draw_takes_the_top_of_the_fullest_stack_and_the_lowest_index_on_a_tie():
    decks = LootDecks([cards("a", 2), cards("b", 3), cards("c", 3)], [None] * 3)
    assert decks.draw(DiceRoller(1)).id == "b2"  # stacks 1 and 2 hold 3: the lower index
    assert decks.draw(DiceRoller(1)).id == "c2"  # now stack 2 alone holds 3
    assert decks.draw(DiceRoller(1)).id == "a1"  # 2, 2, 2: the first stack
    assert decks.draw(DiceRoller(1), stack=2).id == "c1"  # a chosen stack with cards
    empty = LootDecks([[], cards("b", 1), cards("c", 2)], [None] * 3)
    assert empty.draw(DiceRoller(1), stack=0).id == "c1"  # a chosen empty stack: the fullest


def test_with_every_stack_empty_the_discard_pile_is_shuffled_into_the_stacks():
    decks = LootDecks([[], [], []], [None] * 3, discard=cards("d", 4))
    drawn = decks.draw(DiceRoller(3))
    assert drawn is not None and drawn.id.startswith("d")
    assert decks.discard == [] and decks.remaining == 3
    assert LootDecks([[], []], [None]).draw(DiceRoller(3)) is None
