"""One simulated scenario run, reduced to a compact record read from its event log.

:func:`record_run` walks ``state.log`` once. Damage and deaths are attributed to a *source*:

- ``monster:<id>`` / ``boss:<id>``: the monster type (or Boss Monster) whose figure dealt it
  (the figure's uid is looked up in the ``monster_placed`` events);
- ``trap:<id>``: the Trap being resolved;
- ``rule:<n>``: the scenario's special rule number ``n`` (0-based, as in ``rules:``) whose
  effect dealt it;
- ``poison``, ``jump`` (a failed jump), ``hero:<id>`` (a friend's area attack), ``other``.

``damage`` counts Hit Points lost (after armor); a hero's death is put on the source of the
last HP or PP it lost (Psi Points lost resisting a monster's magic attack count for that
monster).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

OUTCOME_RANK = {"won": 3, "escaped": 2, "round_limit": 1, "stalled": 1}
"""How good an outcome is for the heroes (others, the losses, rank 0): orders runs into
best, median and worst for the replays."""


@dataclass
class RunRecord:
    """What one run of a scenario came to.

    ``run`` its index (0-based) and ``seed`` its dice seed; ``players`` and ``party`` (hero
    ids in seat order); ``outcome`` as ``GameState.outcome`` (plus ``stalled`` and ``error``);
    ``rounds`` the round it ended in; ``deaths``/``unconscious`` heroes who died / times a
    hero fell unconscious; ``doom_steps`` fields the Doom Counter moved; ``max_monster_level``
    the highest Monster Level reached; ``monster_points`` the campaign Monster Points earned
    (red and orange Doom Counter fields crossed); ``damage`` HP lost by source, ``killers``
    deaths by source (see the module docstring); ``attacks``/``hits`` monster attacks on a
    hero by source and how many of them hit (a fumbled attack misses); ``loot`` Loot Card ids drawn (equipment and
    Traps, with repeats); ``rules_fired`` times each special rule fired, by rule index;
    ``tiles`` Room Tiles in the dungeon at the end; ``group_xp`` on the track at the end;
    ``reason`` why a run stalled or failed (else empty).
    """

    run: int
    seed: int
    players: int
    party: tuple[str, ...]
    outcome: str
    rounds: int = 0
    deaths: int = 0
    unconscious: int = 0
    doom_steps: int = 0
    max_monster_level: int = 1
    monster_points: int = 0
    damage: dict[str, int] = field(default_factory=dict)
    killers: dict[str, int] = field(default_factory=dict)
    attacks: dict[str, int] = field(default_factory=dict)
    hits: dict[str, int] = field(default_factory=dict)
    loot: dict[str, int] = field(default_factory=dict)
    rules_fired: dict[int, int] = field(default_factory=dict)
    tiles: int = 0
    group_xp: int = 0
    reason: str = ""

    @property
    def won(self) -> bool:
        return self.outcome == "won"

    def quality(self) -> int:
        """A number ordering runs from worst to best for the heroes: the outcome's rank, then
        for wins fewer rounds, for everything else more rounds (the heroes held out longer)."""
        rank = OUTCOME_RANK.get(self.outcome, 0)
        return rank * 1000 + (999 - self.rounds if self.won else self.rounds)


def _loot_id(card_uid: str) -> str:
    # "equipment:short_bow:2" -> "short_bow"; "trap:boulder_trap:1" -> "boulder_trap"
    parts = card_uid.split(":")
    return parts[1] if len(parts) >= 3 else card_uid


def record_run(state: Any, *, run: int, seed: int, reason: str | None = None) -> RunRecord:
    """The :class:`RunRecord` of the finished game ``state`` (played with its log on).
    ``reason``: why it stalled (``play_scenario``'s answer)."""
    kinds: dict[str, str] = {}
    damage: Counter[str] = Counter()
    killers: Counter[str] = Counter()
    loot: Counter[str] = Counter()
    attacks: Counter[str] = Counter()
    hits: Counter[str] = Counter()
    last_hit: dict[str, str] = {}
    trap = rule = attacker = None
    deaths = unconscious = 0
    max_level = state.setup["monster_level"] if state.setup else 1
    for event in state.log:
        kind = event.kind
        if kind == "hp_lost":
            source = _source(event.get("source"), kinds, trap, rule)
            damage[source] += event["amount"]
            last_hit[event.actor] = source
        elif kind == "pp_spent":
            why = event.get("reason")
            if why == "psi resistance" and attacker is not None:
                last_hit[event.actor] = _source(attacker, kinds, trap, rule)
            elif why == "scenario":
                last_hit[event.actor] = _source("scenario", kinds, trap, rule)
        elif kind == "monster_attack":
            attacker = event.actor
            if event.get("fumble"):
                attacks[_source(attacker, kinds, trap, rule)] += len(event.get("targets", ()))
        elif kind == "defense":
            source = _source(event.get("attacker"), kinds, trap, rule)
            attacks[source] += 1
            hits[source] += bool(event.get("hit"))
        elif kind == "monster_placed":
            prefix = "boss" if event.get("reason") == "boss" else "monster"
            kinds[event.actor] = f"{prefix}:{event['monster']}"
        elif kind == "trap":
            trap = event["trap"]
        elif kind == "scenario_rule":
            rule = event["rule"]
        elif kind == "death":
            deaths += 1
            killers[last_hit.get(event.actor, "other")] += 1
        elif kind == "unconscious":
            unconscious += 1
        elif kind == "loot":
            loot[_loot_id(event["card"])] += 1
        elif kind == "monster_level_up":
            max_level = max(max_level, event["level"])
    play = state.scenario
    board = state.board
    return RunRecord(
        run=run, seed=seed, players=len(state.heroes), party=tuple(h.character.id for h in state.heroes),
        outcome=state.outcome or "unfinished", rounds=state.round, deaths=deaths, unconscious=unconscious,
        doom_steps=state.doom.steps, max_monster_level=max(max_level, state.monster_level),
        monster_points=state.doom.monster_points, damage=dict(damage), killers=dict(killers),
        attacks=dict(attacks), hits=dict(hits), loot=dict(loot),
        rules_fired=dict(play.fired) if play is not None else {},
        tiles=len(board.layout.tiles) if getattr(board, "spatial", False) else 0,
        group_xp=state.group_xp, reason=reason or "",
    )


def _source(source: str | None, kinds: dict[str, str], trap: str | None, rule: int | None) -> str:
    if source is None:
        return "other"
    if source in kinds:
        return kinds[source]
    if source == "trap":
        return f"trap:{trap}" if trap else "trap"
    if source == "scenario":
        return f"rule:{rule}" if rule is not None else "scenario"
    if source in ("poison", "jump"):
        return source
    return f"hero:{source.rsplit('-', 1)[0] if source[-1:].isdigit() and '-' in source else source}"
