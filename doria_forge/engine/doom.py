"""The Doom Counter as data (Book of Rules, *Phase G: Doom Counter*; *Monster level in
campaigns*; shared/rules/NOTES.md *Doom counter track*).

The track comes from ``rules.doom_track`` (default 40 down to 30, Extra Activation
on 39/35/31, Monster Level Up on 30; the red monster head is the start and is
not a field). The marker starts on the head; its first step goes to
``fields[0]``. Stepping onto an effect field triggers that effect at once;
crossing several effect fields in one move plays all of them in order.
Reaching a level-up field or the last field of the track puts the marker
straight back onto the head ("the Doom Counter marker will move continuously in
a circle").

In campaigns every Extra Activation and level-up field crossed during a
scenario is one Monster Point; :attr:`DoomCounter.monster_points` counts them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from doria_forge.model.rules import DoomTrack

EXTRA_ACTIVATION = "extra_activation"
LEVEL_UP = "level_up"


@dataclass(frozen=True, slots=True)
class DoomEffect:
    """One effect field the marker stepped onto: ``kind`` is ``extra_activation``
    or ``level_up``; ``field`` the number printed on it."""

    kind: str
    field: int


@dataclass(slots=True)
class DoomCounter:
    """The Doom Counter marker on ``track``.

    ``position`` is the field the marker stands on, or ``None`` on the monster
    head. ``extra_activations_crossed`` and ``level_ups_crossed`` tally the
    effect fields stepped onto since the scenario started (campaign Monster
    Points); ``steps`` counts every step taken.
    """

    track: DoomTrack = field(default_factory=DoomTrack)
    position: int | None = None
    extra_activations_crossed: int = 0
    level_ups_crossed: int = 0
    steps: int = 0
    last_fields: tuple[int, ...] = ()
    """The fields the last ``step`` stepped onto, in order."""

    @property
    def on_head(self) -> bool:
        return self.position is None

    @property
    def monster_points(self) -> int:
        """Monster Points of this scenario: 1 per red (Extra Activation) and orange
        (Level Up) field crossed (chapter *Monster level in campaigns*)."""
        return self.extra_activations_crossed + self.level_ups_crossed

    def _next_field(self) -> int:
        fields = self.track.fields
        if self.position is None:
            return fields[0]
        i = fields.index(self.position)
        # The last field always sends the marker to the head (handled in step),
        # so the marker never stands on it; guard anyway.
        return fields[i + 1] if i + 1 < len(fields) else fields[0]

    def step(self, n: int = 1) -> list[DoomEffect]:
        """Move the marker ``n`` fields down (``n`` >= 0) and return the effects of
        every field stepped onto, in order. The head is never counted as a field.
        """
        if n < 0:
            raise ValueError("the Doom Counter only moves down")
        effects: list[DoomEffect] = []
        track = self.track
        last = track.fields[-1]
        reached = []
        for _ in range(n):
            nxt = self._next_field()
            self.steps += 1
            self.position = nxt
            reached.append(nxt)
            if nxt in track.extra_activation_fields:
                effects.append(DoomEffect(EXTRA_ACTIVATION, nxt))
                self.extra_activations_crossed += 1
            if nxt in track.level_up_fields:
                effects.append(DoomEffect(LEVEL_UP, nxt))
                self.level_ups_crossed += 1
                self.position = None
            elif nxt == last:
                self.position = None
        self.last_fields = tuple(reached)
        return effects

    def preview(self, n: int = 1) -> list[DoomEffect]:
        """The effects ``step(n)`` would return, without moving the marker (for bots
        weighing a Doom Counter step, e.g. the optional Phase I Trap removal)."""
        return self.copy().step(n)

    def copy(self) -> DoomCounter:
        return DoomCounter(self.track, self.position, self.extra_activations_crossed,
                           self.level_ups_crossed, self.steps, self.last_fields)


def doom_steps(occupied_room_tiles: int = 1, door_opened: bool = False,
               xp_spent_to_prevent: int = 0) -> int:
    """How many fields the marker moves in Phase G.

    +1 per Room Tile with at least one character on it (at least 1: all heroes
    share a tile), +1 if no door was opened this round. In solo play the hero may
    spend 1 XP to cancel the no-door step (``xp_spent_to_prevent``), but the
    counter still moves at least 1 field (chapter *1 Player*).
    """
    n = max(1, occupied_room_tiles)
    if not door_opened:
        n += 1 - min(1, max(0, xp_spent_to_prevent))
    return max(1, n)


def campaign_monster_level(monster_points: int, points_per_level: int = 10) -> int:
    """The campaign's Monster Level: 1 plus one level for every ``points_per_level``
    Monster Points (chapter *Monster level in campaigns*; 19 points -> level 2)."""
    return 1 + monster_points // points_per_level


def hero_level_up_monster_points(hero_level: int, monster_level: int) -> int:
    """Recommended extra Monster Point when the heroes reach a hero level higher
    than the current Monster Level (chapter *Monster level in campaigns*)."""
    return 1 if hero_level > monster_level else 0
