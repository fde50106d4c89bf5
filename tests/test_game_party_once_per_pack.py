"""A premade hero of the pack is laid out once per pack and copied into each game
(``engine.game._party``, ``decks.per_pack``): every game still starts with heroes of its own,
exactly as ``HeroState.from_character`` lays them out (chapter *Preparing Characters*), keyed by
the pack, the character and the seat's uid."""

from __future__ import annotations

from doria_forge.engine.game import GameOptions, GameState
from doria_forge.engine.hero import HeroState
from doria_forge.model.pack import ContentPack

NO_LOOT = GameOptions(setup_loot=False)


def places(hero: HeroState) -> list:
    """Where each carried card lies, by card id and item uid."""
    def ids(items):
        return [None if i is None else (i.card.id, i.uid, i.damaged) for i in items]
    return [ids(hero.hands), ids(hero.zones.values()), ids(hero.accessory), ids(hero.body_items), ids(hero.belt),
            ids(hero.backpack), hero.hp, hero.pp, dict(hero.attributes)]


def laid_out(pack: ContentPack, character_id: str, uid: str) -> HeroState:
    character = pack.characters[character_id]
    items = [pack.equipment[i] for i in pack.rules.starting_standard_items(character.standard_items)]
    return HeroState.from_character(character, items, pack.rules, uid=uid)


def test_each_game_gets_heroes_of_its_own_laid_out_as_from_character(shipped_pack):
    ids = list(shipped_pack.characters)[:2]
    first = GameState.new(shipped_pack, [ids[0], ids[1], ids[0]], options=NO_LOOT, start=False)
    second = GameState.new(shipped_pack, [ids[0], ids[1], ids[0]], options=NO_LOOT, start=False)
    assert [h.uid for h in first.heroes] == [ids[0], ids[1], f"{ids[0]}-2"]
    for a, b in zip(first.heroes, second.heroes):
        assert places(a) == places(b) == places(laid_out(shipped_pack, a.character.id, a.uid))
        assert a is not b and not {id(i) for i in a.all_items()} & {id(i) for i in b.all_items()}
    # what happens to a hero in one game reaches no other game's hero
    hero = first.heroes[0]
    hero.hp -= 3
    item = hero.all_items()[0]
    item.damaged = True
    hero.attributes["STR"] = hero.attributes.get("STR", 0) + 5
    third = GameState.new(shipped_pack, [ids[0]], options=NO_LOOT, start=False)
    assert places(third.heroes[0]) == places(laid_out(shipped_pack, ids[0], ids[0]))
    assert places(second.heroes[0]) == places(laid_out(shipped_pack, ids[0], ids[0]))


def test_another_pack_lays_its_own_standard_items_out(shipped_pack):
    character_id = next(c.id for c in shipped_pack.characters.values() if len(c.standard_items) > 1)
    GameState.new(shipped_pack, [character_id], options=NO_LOOT, start=False)  # the shipped layout is remembered
    character = shipped_pack.characters[character_id]
    fewer = character.model_copy(update={"standard_items": list(character.standard_items)[:1]})
    docs = [fewer if (d.kind, d.id) == (character.kind, character.id) else d for d in shipped_pack]
    edited = ContentPack.from_documents(docs)
    hero = GameState.new(edited, [character_id], options=NO_LOOT, start=False).heroes[0]
    assert places(hero) == places(laid_out(edited, character_id, character_id))
    assert places(hero) != places(laid_out(shipped_pack, character_id, character_id))
