"""Which duels a simulation plays, and which it reports.

A monster is judged against its peers: the ``level-out-of-line`` finding compares it with the
median monster at each level, so the peers' duels must be played even when only one monster is
asked for (``simulate --monster X``), or the finding silently vanished. The same holds for an
expansion: its new monster is played against the heroes of the whole resolved game and compared
with the base monsters, but the report is about the expansion's own heroes and monsters.

So the duel matrix always plays every monster (for the chosen heroes and levels), and
:func:`focused` keeps in the result only the cells and findings asked for.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from doria_forge.model import Character, ContentPack, Monster, MonsterLevel

from .matrix import MatrixResult


@dataclass(frozen=True)
class Focus:
    """``heroes``/``monsters`` to play (None: every premade hero, every monster) and the ones
    reported (None: no restriction). A cell is reported when its hero or its monster is in focus:
    ``report_heroes`` and ``report_monsters`` (with an explicit ``--hero``/``--monster`` both must match)."""

    heroes: list[str] | None
    monsters: list[str] | None
    report_heroes: frozenset[str] | None
    report_monsters: frozenset[str] | None
    either: bool = False

    def reports(self, hero: str | None, monster: str) -> bool:
        """Whether the report keeps a cell (or a finding about ``monster`` alone when ``hero`` is None)."""
        hero_ok = self.report_heroes is None or (hero is not None and hero in self.report_heroes)
        monster_ok = self.report_monsters is None or monster in self.report_monsters
        if self.either:
            return monster_ok or (hero is not None and hero_ok)
        return (hero_ok or hero is None) and monster_ok


def focus(pack: ContentPack, heroes: Iterable[str] | None = None, monsters: Iterable[str] | None = None) -> Focus:
    """What to play and report for ``--hero`` ``heroes`` and ``--monster`` ``monsters`` (None when
    not given). Without them, an expansion (a pack with ``own`` content) reports the duels of its
    own premade heroes and of its own monsters (a monster whose Monster Level Card it patches
    counts); a pack that adds neither reports every duel."""
    hero_ids = list(heroes) if heroes else None
    monster_ids = list(monsters) if monsters else None
    if hero_ids or monster_ids or pack.own is None:
        return Focus(hero_ids, None, None, frozenset(monster_ids) if monster_ids else None)
    own_heroes = frozenset(h for h, c in pack.own_of(Character).items() if c.premade)
    own_monsters = frozenset(pack.own_of(Monster)) | frozenset(
        card.monster for card in pack.own_of(MonsterLevel).values())
    if not own_heroes and not own_monsters:
        return Focus(None, None, None, None)
    return Focus(None, None, own_heroes, own_monsters, either=True)


def focused(result: MatrixResult, chosen: Focus) -> MatrixResult:
    """``result`` with only the cells and findings ``chosen`` reports."""
    cells = tuple(c for c in result.cells if chosen.reports(c.hero, c.monster))
    findings = tuple(f for f in result.findings if chosen.reports(f.hero, f.monster))
    return replace(result, cells=cells, findings=findings)
