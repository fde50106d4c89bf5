"""Knobs: the whole-number fields ``doria-forge tune`` may turn, and content with knobs turned.

A :class:`Knob` is a field path of one document (``model.tune``'s path syntax) with the values
it may take. :func:`knobs_for` gives the knobs of a scenario or a campaign: the *default set*
(unless a ``tune: {defaults: false}`` says otherwise) and the ``tune:`` blocks of the documents
and of the pack manifest. The default set, read from the content (never from a scenario's id):

=====================================  ============================================================
field                                  values tried
=====================================  ============================================================
``setup.monster_level``                1-4 (the Monster Level Cards' levels; not in a campaign:
                                       its Monster Points set the level)
a spawn's ``count`` in the rules       1 to twice the count (at least count + 2, at most 10)
a rule's ``when.round``, a ``round``   3 rounds either side (1-99); an open edge (``min`` 1,
condition's ``min`` / ``max``          ``max`` 99) is not a knob
``setup.random_tiles``                 2 either side (0-48): the tile deck's length
``setup.target_position``              1 to the deck's length (tiles listed + random tiles)
``max_rounds``, a ``time_limit``'s     ``max_rounds`` 10 either side in steps of 2; the goals' 3
``round``, a ``survive``'s ``rounds``  either side
a ``give`` effect's ``loot_cards``     1 either side (0-10)
each boss the scenario spawns or must  ``hit_points`` half to one and a half times (1-50),
defeat, its row at the Monster Level   ``damage`` and ``armor_rating`` 2 either side
at start
rewards (campaigns only: read by the   ``rewards.group_xp``/``monster_points`` 3 either side,
next scenario, never by this one)      ``keep_loot_cards`` 1; a campaign's ``starting_monster_points``
                                       and ``monster_points_per_level`` 5 either side
=====================================  ============================================================

:func:`apply` makes the documents of a candidate (knob -> value) by setting the fields in the
documents' data and validating them with their model again: a value the model refuses (out of
its range) raises :class:`CandidateInvalid`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from doria_forge.model import ContentPack
from doria_forge.model.tune import KnobPathError, format_path, parse_path, resolve

DEFAULT = "default"
"""The ``origin`` of a knob of the default set."""


class CandidateInvalid(ValueError):
    """Knob values that make a document the model refuses (the message says which)."""


@dataclass(frozen=True)
class Knob:
    """The whole-number field ``path`` of document ``kind``/``doc_id``, now ``value``, may take
    ``low``, ``low + step``, ... ``high`` (and its own value). ``origin``: ``default`` or the
    ``file:line`` of the ``tune:`` entry that names it."""

    kind: str
    doc_id: str
    path: tuple[str | int, ...]
    low: int
    high: int
    step: int
    value: int
    origin: str = DEFAULT

    @property
    def name(self) -> str:
        """``scenario/goblin_warren:setup.monster_level``."""
        return format_path(self.kind, self.doc_id, self.path)

    @property
    def field(self) -> str:
        """The path alone, ``setup.monster_level``."""
        return ".".join(str(p) for p in self.path)

    def values(self) -> list[int]:
        """Every value the knob may take, sorted: the grid ``low``..``high`` by ``step``, the value
        the content has, and the values whole steps from it within ``low``..``high`` (what the
        one-step design and the walks try, also when the content's value is off the grid)."""
        from_value = {*range(self.value, self.low - 1, -self.step), *range(self.value, self.high + 1, self.step)}
        return sorted({*range(self.low, self.high + 1, self.step), self.value, *from_value})

    def neighbours(self) -> tuple[int | None, int | None]:
        """The values one step down and one step up (None past the range)."""
        down, up = self.value - self.step, self.value + self.step
        return (down if down >= self.low else None, up if up <= self.high else None)

    def steps(self, value: int) -> float:
        """How many steps ``value`` is from the content's value."""
        return abs(value - self.value) / self.step


def _span(value: int, below: int, above: int, low: int, high: int) -> tuple[int, int]:
    return max(low, value - below), min(high, value + above)


def _default(kind: str, doc_id: str, path: tuple[str | int, ...], value: Any, bounds: tuple[int, int],
             step: int = 1) -> Knob | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    low, high = bounds
    if low >= high:
        return None
    return Knob(kind, doc_id, path, min(low, value), max(high, value), step, value)


def _effects(effects: Sequence[Mapping[str, Any]], path: tuple[str | int, ...]) -> Iterator[tuple[tuple, dict]]:
    """Every effect of ``effects`` (a check's success and failure effects too) with its path."""
    for j, effect in enumerate(effects):
        yield (*path, j), dict(effect)
        for branch in ("success", "failure"):
            yield from _effects(effect.get(branch) or [], (*path, j, branch))


def scenario_defaults(pack: ContentPack, scenario_id: str, *, rewards: bool = False) -> list[Knob]:
    """The default knobs of scenario ``scenario_id`` (see the module table); ``rewards``: also
    its rewards, and not its ``setup.monster_level`` (it is played inside a campaign, whose
    Monster Points set the Monster Level: turning that knob changed no game)."""
    scenario = pack.scenarios[scenario_id]
    data = scenario.model_dump(mode="json", by_alias=True)
    kind, sid = "scenario", scenario_id
    out: list[Knob | None] = []
    setup = data["setup"]
    if not rewards:
        out.append(_default(kind, sid, ("setup", "monster_level"), setup["monster_level"], (1, 4)))
    bosses: list[str] = []
    for i, rule in enumerate(data["rules"]):
        when = rule.get("when") or {}
        if when.get("round") is not None:
            out.append(_default(kind, sid, ("rules", i, "when", "round"), when["round"],
                                _span(when["round"], 3, 3, 1, 99)))
        for k, condition in enumerate(rule.get("if") or []):
            if condition.get("check") == "round":
                # an edge left open (round 1, round 99) is no timing a designer set
                for edge in (e for e, open_edge in (("min", 1), ("max", 99)) if condition[e] != open_edge):
                    out.append(_default(kind, sid, ("rules", i, "if", k, edge), condition[edge],
                                        _span(condition[edge], 3, 3, 1, 99)))
        for path, effect in _effects(rule.get("do") or [], ("rules", i, "do")):
            if effect.get("do") == "spawn":
                count = effect.get("count", 1)
                out.append(_default(kind, sid, (*path, "count"), count, (1, min(10, max(2 * count, count + 2)))))
                if effect.get("boss"):
                    bosses.append(effect["boss"])
            elif effect.get("do") == "give" and effect.get("loot_cards"):
                out.append(_default(kind, sid, (*path, "loot_cards"), effect["loot_cards"],
                                    _span(effect["loot_cards"], 1, 1, 0, 10)))
    deck = sum(entry.get("count", 1) for entry in setup["tile_deck"]) + setup["random_tiles"]
    out.append(_default(kind, sid, ("setup", "random_tiles"), setup["random_tiles"],
                        _span(setup["random_tiles"], 2, 2, 0, 48)))
    if setup.get("target_position") is not None:
        out.append(_default(kind, sid, ("setup", "target_position"), setup["target_position"], (1, max(1, deck))))
    out.append(_default(kind, sid, ("max_rounds",), data["max_rounds"], _span(data["max_rounds"], 10, 10, 1, 99),
                        step=2))
    for side, field in (("lose", "round"), ("win", "rounds")):
        for i, goal in enumerate(data["goals"][side]):
            if goal.get("goal") in ("time_limit", "survive") and goal.get(field) is not None:
                out.append(_default(kind, sid, ("goals", side, i, field), goal[field], _span(goal[field], 3, 3, 1, 99)))
            if goal.get("goal") == "defeat_boss":
                bosses.append(goal["boss"])
    for boss_id in dict.fromkeys(bosses):
        out += _boss_defaults(pack, boss_id, setup["monster_level"])
    if rewards:
        reward = data["rewards"]
        for field, spread, top in (("group_xp", 3, 99), ("monster_points", 3, 99), ("keep_loot_cards", 1, 10)):
            out.append(_default(kind, sid, ("rewards", field), reward[field], _span(reward[field], spread, spread, 0,
                                                                                     top)))
    return [k for k in out if k is not None]


def _boss_defaults(pack: ContentPack, boss_id: str, level: int) -> list[Knob | None]:
    boss = pack.bosses.get(boss_id)
    if boss is None:
        return []
    rows = [i for i, row in enumerate(boss.levels) if row.level == min(level, 4)]
    if not rows:
        return []
    i = rows[0]
    row = boss.levels[i]
    hp = row.hit_points
    return [
        _default("boss", boss_id, ("levels", i, "hit_points"), hp, (max(1, hp // 2), min(50, hp + hp // 2)),
                 step=max(1, hp // 10)),
        _default("boss", boss_id, ("levels", i, "damage"), row.damage, _span(row.damage, 2, 2, 0, 30)),
        _default("boss", boss_id, ("levels", i, "armor_rating"), row.armor_rating,
                 _span(row.armor_rating, 2, 2, 0, 20)),
    ]


def campaign_defaults(pack: ContentPack, campaign_id: str) -> list[Knob]:
    """The default knobs of a campaign: its own Monster Point numbers and the default knobs of
    each of its scenarios, rewards included (each scenario's knobs once)."""
    campaign = pack.campaigns[campaign_id]
    out: list[Knob | None] = [
        _default("campaign", campaign_id, ("starting_monster_points",), campaign.starting_monster_points,
                 _span(campaign.starting_monster_points, 5, 5, 0, 200)),
        _default("campaign", campaign_id, ("monster_points_per_level",), campaign.monster_points_per_level,
                 _span(campaign.monster_points_per_level, 5, 5, 1, 100)),
    ]
    for sid in dict.fromkeys(campaign.scenarios):
        if sid in pack.scenarios:
            out += scenario_defaults(pack, sid, rewards=True)
    return _unique(k for k in out if k is not None)


def _unique(knobs: Iterable[Knob]) -> list[Knob]:
    """``knobs`` without a second knob on the same field (the first one wins: a ``tune:``
    entry listed before the default set replaces its default knob)."""
    seen: dict[tuple[str, str, tuple], Knob] = {}
    for knob in knobs:
        seen.setdefault((knob.kind, knob.doc_id, knob.path), knob)
    return list(seen.values())


def declared(pack: ContentPack, home: tuple[str, str] | None, block: Any, *, origin: Any = None) -> list[Knob]:
    """The knobs of a ``tune:`` block (``model.tune.Tune``) of document ``home`` (``None``: the
    pack manifest). ``origin(index)`` gives the ``file:line`` of entry ``index``. Raises
    KnobPathError for a path that names no whole-number field (``validate`` reports these
    first, rule ``tune-knob``)."""
    out = []
    for index, entry in enumerate(block.knobs):
        kind, doc_id, path = parse_path(entry.path, home)
        document = pack.get(kind, doc_id)
        if document is None:
            raise KnobPathError(f"knob {entry.path}: the pack has no {kind} {doc_id!r}")
        value = resolve(document.model_dump(mode="json", by_alias=True), path, entry.path)
        out.append(Knob(kind, doc_id, path, entry.min, entry.max, entry.step, value,
                        origin(index) if origin is not None else entry.path))
    return out


def knobs_for(pack: ContentPack, kind: str, doc_id: str, *, origin: Any = None) -> list[Knob]:
    """The knobs of scenario or campaign ``doc_id`` (``kind``): the ``tune:`` knobs of the
    document, of its scenarios (for a campaign) and of the pack manifest that name one of the
    documents played, then the default set unless one of those blocks says ``defaults: false``.
    ``origin(kind, id, index)`` gives the ``file:line`` of a ``tune:`` entry."""
    documents = [(kind, doc_id)]
    if kind == "campaign":
        documents += [("scenario", sid) for sid in pack.campaigns[doc_id].scenarios]
    blocks: list[tuple[tuple[str, str] | None, Any]] = []
    for home in documents:
        document = pack.get(*home)
        if document is not None and getattr(document, "tune", None) is not None:
            blocks.append((home, document.tune))  # type: ignore[attr-defined]
    manifest = pack.info.tune
    if manifest is not None:
        blocks.append((None, manifest))
    played = set(documents)
    knobs: list[Knob] = []
    for owner, block in blocks:
        where: tuple[str, str] = owner or ("pack", pack.info.id)

        def locate(index: int, where: tuple[str, str] = where) -> str:
            return origin(*where, index) if origin is not None else ""

        for knob in declared(pack, owner, block, origin=locate):
            # a pack's knob on a scenario not played here does not move these targets
            if knob.kind not in ("scenario", "campaign") or (knob.kind, knob.doc_id) in played:
                knobs.append(knob)
    if all(block.defaults for _, block in blocks):
        knobs += campaign_defaults(pack, doc_id) if kind == "campaign" else scenario_defaults(pack, doc_id)
    return _unique(knobs)


def apply(pack: ContentPack, changes: Mapping[Knob, int]) -> list[Any]:
    """The documents ``changes`` (knob -> value) makes: each changed document dumped, its knob
    fields set, validated by its model again. Raises CandidateInvalid when a model refuses a
    value."""
    from pydantic import ValidationError

    from doria_forge.authoring.sheet_merge import apply_changes

    by_document: dict[tuple[str, str], dict[tuple[str | int, ...], int]] = {}
    for knob, value in changes.items():
        if value != knob.value:
            by_document.setdefault((knob.kind, knob.doc_id), {})[knob.path] = value
    out = []
    for (kind, doc_id), fields in sorted(by_document.items()):
        document = pack.get(kind, doc_id)
        assert document is not None, (kind, doc_id)
        data = document.model_dump(mode="json", by_alias=True)
        apply_changes(data, fields)
        try:
            out.append(type(document).model_validate(data))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise CandidateInvalid(f"{kind}/{doc_id}: {where}: {first['msg']}") from None
    return out


def with_documents(pack: ContentPack, documents: Sequence[Any]) -> ContentPack:
    """``pack`` with ``documents`` in place of those of the same kind and id."""
    from dataclasses import replace

    if not documents:
        return pack
    new = {(d.kind, d.id): d for d in documents}
    docs = [new.pop((d.kind, d.id), d) for d in pack]
    return replace(ContentPack.from_documents(docs, pack.origins), own=pack.own, requires=pack.requires)


__all__ = ["CandidateInvalid", "DEFAULT", "Knob", "KnobPathError", "apply", "campaign_defaults", "declared",
           "knobs_for", "scenario_defaults", "with_documents"]
