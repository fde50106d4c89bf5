"""A replay of one scenario run for the report: the run played again from its seed with its
event log on, the dungeon drawn as every round begins and at the end, and the log as lines (each
event a sentence in the rulebook's words: ``sim.event_text``), with every decision of the heroes
and the bot's one-line reason for it (``sim.reasons``: the action in the rulebook's words,
``sim.action_text``, why, and the alternatives it compared with their values) where it was taken:
"Huntress decides: walk to square [1, 3] of Room Tile B-4: <why>".

Drawing is the caller's (``draw(state) -> bytes``, e.g. ``render.png.render_png``): the
simulation layer does not import the renderer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from doria_forge.model import ContentPack

from .bots import attack_alternatives
from .event_text import Names, event_sentence, told_order
from .reasons import reason
from .scenario_runner import ScenarioPlan, party_for, play_run, run_seed


@dataclass
class Replay:
    """A replayed run: ``players``, ``run`` (``None`` for a free seed), dice ``seed``,
    ``party``, ``outcome``, ``rounds``, ``reason`` (a stall's), ``frames`` (round, picture)
    and ``log`` (round, line) in order."""

    players: int
    run: int | None
    seed: int
    party: list[str]
    outcome: str = ""
    rounds: int = 0
    reason: str = ""
    frames: list[tuple[int, bytes]] = field(default_factory=list)
    log: list[tuple[int, str]] = field(default_factory=list)


DECIDES = " decides: "
"""What joins a hero and its reason in a decision line of :attr:`Replay.log` (the other lines
are the game's events)."""


def replay_run(pack: ContentPack, plan: ScenarioPlan, players: int, draw: Callable[[Any], bytes], *,
               run: int | None = None, seed: int | None = None) -> Replay:
    """Play run ``run`` of ``plan`` with ``players`` players again (or, with ``seed``, a game
    with that dice seed and the party of run 0), drawing every round with ``draw``."""
    index = run if run is not None else 0
    dice_seed = seed if seed is not None else run_seed(plan.seed, plan.scenario, players, index)
    replay = Replay(players, run if seed is None else None, dice_seed, party_for(plan.pool, players, index))

    def frame(state: Any) -> None:
        replay.frames.append((state.round, draw(state)))

    decisions: dict[int, list[str]] = {}
    names = Names(pack)

    def decided(state: Any, action: Any) -> None:
        # why the bot chose it, asked before the action is applied (sim.reasons); squares are
        # named by the Room Tiles on the table then
        names.board = state.board
        why = reason(state, action, attack_alternatives, names)
        line = f"{names(state.current_actor())}{DECIDES}{why}"
        decisions.setdefault(len(state.log), []).append(line[:1].upper() + line[1:])

    record, state = play_run(pack, plan, players, index, seed=dice_seed, on_round=frame, on_decision=decided)
    replay.outcome, replay.rounds, replay.reason = record.outcome, record.rounds, record.reason
    if state is not None:
        names.board = state.board  # Room Tiles stay where they were placed: the last map names every square
        if getattr(state.board, "spatial", False):
            replay.frames.append((state.round, draw(state)))
        events = list(state.log)
        current, decided_up_to = 0, 0
        for i in told_order(events):
            event = events[i]
            if event.kind == "round":
                current = event.get("round", current)
            # a decision goes before the first event its action logged; that event may be told
            # later (told_order) or not at all, so every decision up to here goes now
            for index in range(decided_up_to, i + 1):
                replay.log += [(current, line) for line in decisions.get(index, ())]
            decided_up_to = max(decided_up_to, i + 1)
            replay.log.append((current, event_sentence(event, names)))
        for index in range(decided_up_to, len(events) + 1):
            replay.log += [(current, line) for line in decisions.get(index, ())]
    return replay
