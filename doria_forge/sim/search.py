"""The ``search`` policy: greedy play, except that in a fight each hero weighs its candidate
actions by playing them out on determinized copies of the game (flat Monte Carlo over the
information set: Cowling, Powley and Whitehouse, *Information Set Monte Carlo Tree Search*).

At a Phase D decision with monsters on the map the candidates are greedy's choice and the
alternatives a careful player weighs (``candidates``). Each sample ``k`` is one
determinization of what the players know (``GameState.determinized``: the undrawn cards
resampled from the unseen ones, fresh dice); every candidate is played on the same samples
(common random numbers), the copies are played on by the greedy policy to ``horizon`` round
ends, and scored by ``value``. The candidate with the best mean wins; greedy's choice keeps
ties and leads below ``MARGIN``; a challenger that leads is confirmed on ``CONFIRM`` fresh
determinizations played by it and greedy's choice alone (a successive-rejects step: one noisy
playout chooses the finalists, fresh ones decide between them, so the lead is not the selection's
luck; a challenger behind after a fresh pair is dropped without the rest). The budget is
counted in playouts (``samples`` per candidate, at most ``2 * confirm`` more when a challenger
leads), never in seconds, so a game replays exactly from its seed and the policy's seed.

Every variant of this design measured on the way, and not kept unless said (more playouts,
longer playouts, waiting, stepping back, doors, party stances, keyed dice, a learned value, the
clairvoyant diagnostics), is a switch of ``make_search`` below; ``docs/skill-ladder.md`` has their
figures, the runs and commits they were measured on, and why each is off. In short: a playout of
two rounds on a determinized copy is what limits this search (a clairvoyant one, playing out the
real dice, beats greedy by 20 to 42 points on the same candidates); a less noisy or longer
look at the same candidates did not choose better within the budget of 25 times greedy's CPU.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from doria_forge.engine.actions import Action, Attack, EndTurn, RevealRoomTile, SwapPlaces, UseItem, Walk
from doria_forge.engine.state import D, H, I

from . import explorer, objectives, party, stances
from .bots import _potion, attack_options, fighting, greedy_bot, scenario_step
from .findings import counted
from .odds import hardest_hit
from .reasons import note
from .seeds import stable_seed

PREY_HP = 10.0
"""Value of a Hit Point of a monster the scenario needs defeated (``objectives.is_prey``): its
defeat is the goal, which a playout of two rounds rarely reaches."""

WIN, LOSS = 1000.0, -1000.0
"""Value of a game won / lost (a death, all unconscious, a lose goal, an escape)."""


def value(state: Any) -> float:
    """How good ``state`` looks for the heroes (higher is better): the outcome when the game
    is over; else each hero's margin above death (a concave score: the last points before
    death weigh most), the monsters' HP weighed by their hardest hit now (``odds.hardest_hit``: a
    scenario's lasting rule counts), Doom Counter steps and Monster Level, and the scenario's
    progress (good flags, tokens carried, Room Tiles revealed, the steps left to carry, fetch and
    escape: ``_way_left``)."""
    outcome = state.outcome
    if outcome == "won":
        return WIN
    if outcome is not None and outcome not in ("round_limit", "stalled"):
        return LOSS
    death = state.rules.death_threshold
    score = 0.0
    for hero in state.heroes:
        if hero.dead:
            return LOSS
        margin = min(hero.hp, hero.pp + 10) - death
        score += 4.0 * margin - 60.0 / max(1.0, margin)
        if hero.unconscious:
            score -= 3
    for monster in state.monsters:
        if not monster.defeated:
            weight = PREY_HP if objectives.is_prey(state, monster) else 0.5 * (hardest_hit(state, monster) + 1) ** 0.5
            score -= weight * max(0, monster.hp)
    score -= 1.5 * state.doom.steps + 10 * state.monster_level
    play = state.scenario
    if play is not None:
        found = objectives.objectives(play.scenario)
        score += 40 * len(play.flags & found.good_flags) - 40 * len(play.flags & found.bad_flags)
        score += 30 * sum(1 for t in play.tokens.values() if t.carrier is not None)
        score += 10 * len(play.bosses_defeated)
        if state.board.spatial:
            score += 3 * len(state.board.layout.tiles)
            score -= 2 * _way_left(state)
    return score


def _way_left(state: Any) -> int:
    """Steps the scenario still asks of the heroes on the map: each carried token to where it
    must be carried, each token to fetch to the nearest standing hero, and each standing hero to
    the nearest square of an escape goal's place once it lies on the map (``Targets.gather``:
    every hero must stand there); each way counts at most 30 steps. A potential: progress on the
    map counts before the goal is reached."""
    found = objectives.targets(state)
    total = 0
    for carrier, goal in found.carry.items():
        where = state.board.position(carrier)
        if where is not None and goal:
            total += min(explorer.distances(state, frozenset(goal)).get(where, 30), 30)
    if found.fetch or found.gather:
        at = state.board.locator()
        squares = [at(h.uid) for h in explorer.standing(state)]  # standing: on the map
        if found.fetch:
            field = explorer.distances(state, found.fetch)
            total += min((field.get(p, 30) for p in squares), default=30)
        if found.gather:
            field = explorer.distances(state, found.gather)
            total += sum(min(field.get(p, 30), 30) for p in squares)
    return total


def candidates(state: Any, hero: Any, width: int, passive: bool = True, retreat: bool = False,
               swap: bool = False) -> list[Action]:
    """Greedy's choice, the best attack on each of the ``width`` most promising monsters, a
    healing potion when hurt, the party's door, (``passive`` or ``retreat``) stepping back,
    (``passive``) ending the turn and (``swap``, a hurt hero) swapping places with each friend
    it may swap with who has more Hit Points (chapter *Swap Places (5 AP)*: the friend takes the
    hurt hero's square in the fight)."""
    ap = state.ap.get(hero.uid, 0)
    out: list[Action] = [greedy_bot(state)]
    seen: set[str] = set()
    for _, args, _ in sorted(attack_options(state, hero, ap), key=lambda o: -o[0]):
        if args[2] not in seen and len(seen) < width:
            seen.add(args[2])
            out.append(Attack(*args))
    if hero.hp < hero.hp_max:
        potion = _potion(hero, "heal", per_ap=state.board.spatial)
        if potion is not None:
            out.append(UseItem(potion.uid, None, hero.location(potion) == "belt"))
    if state.board.spatial:
        moves = (explorer.retreat(state, hero, ap), explorer.open_door(state, hero, ap)) if passive or retreat \
            else (explorer.open_door(state, hero, ap),)
        for move in moves:
            if move is not None:
                out.append(move)
    if passive:
        out.append(EndTurn())
    if swap and state.board.spatial and hero.hp < hero.hp_max:
        out += [a for a in state.legal_actions() if isinstance(a, SwapPlaces) and state.hero(a.hero_uid).hp > hero.hp]
    unique: list[Action] = []
    for action in out:
        if action not in unique:
            unique.append(action)
    return unique


def _seed(seed: int, state: Any, sample: int) -> int:
    return stable_seed(f"search:{seed}:{state.round}:{len(state.history)}:{sample}")


def determinized(state: Any, seed: int) -> Any:
    """The copy a playout runs on: ``state.determinized(seed)``, what the players know with its
    hidden part drawn afresh (the ``future`` of ``make_search``; with ``keyed_dice.keyed``, the
    only ones a policy may use)."""
    return state.determinized(seed)


def clairvoyant(state: Any, seed: int) -> Any:
    """An exact copy of ``state`` (``state.copy``: the same undrawn cards in the same order, the
    same dice to come; ``seed`` ignored): the ``future`` of a *diagnostic* search that plays out
    the game's true future, to measure what hidden information costs the honest one
    (benchmarks/bench_skill_ceiling.py). It reads hidden information: no registered policy may
    use it (tests/test_policy_hidden_info.py)."""
    return state.copy(log=False)


def deck_seer(state: Any, seed: int) -> Any:
    """A copy with the game's real undrawn cards in their real order and fresh dice seeded with
    ``seed`` (``state.copy(seed=...)``): the ``future`` of a *diagnostic* search that foresees the
    draws but not the dice (benchmarks/bench_skill_ceiling.py ``--split``). It reads hidden
    information: no registered policy may use it."""
    return state.copy(seed=seed, log=False)


def dice_seer(state: Any, seed: int) -> Any:
    """A determinized copy (the undrawn cards drawn afresh with ``seed``) that rolls the game's
    real dice to come: the ``future`` of a *diagnostic* search that foresees the dice but not the
    draws (benchmarks/bench_skill_ceiling.py ``--split``). It reads hidden information: no
    registered policy may use it."""
    copy = state.determinized(seed)
    copy.dice = _copy.deepcopy(state.dice)
    return copy


def play_out(state: Any, rollout: Callable[[Any], Action], horizon: int, limit: int = 600,
             until: Callable[[Any], bool] | None = None) -> None:
    """Play on with ``rollout`` until ``horizon`` round ends have come (the Phase H of the
    round ``horizon - 1`` after this one) or the game ends (or, sooner, ``until(state)`` holds)."""
    last = state.round + horizon - 1
    for _ in range(limit):
        if state.is_over() or state.round > last or (state.round == last and state.phase in (H, I)):
            return
        if until is not None and until(state):
            return
        state.apply(rollout(state))


def fight_on(state: Any, rollout: Callable[[Any], Action], rounds: int, limit: int = 600) -> None:
    """Play on with ``rollout`` from where ``play_out`` stopped (a round's end: a decision of its
    Phase H or I, or the next round's first) while monsters stand on the map at a round's end, up
    to ``rounds`` round ends more, or the game's end."""
    # from a Phase H or I decision this round's end has come already: count the next one as the first
    at_round_end = state.phase in (H, I)
    play_out(state, rollout, rounds + at_round_end, limit,
             until=lambda s: s.phase in (H, I) and not explorer.monsters_on_map(s))


@dataclass
class SearchStats:
    """What a search policy spent: ``decisions`` searched and ``playouts`` played."""

    decisions: int = 0
    playouts: int = 0


def door_move(state: Any, action: Action) -> bool:
    """Whether ``action`` opens a closed door (reveals a Room Tile) or walks onto one."""
    if isinstance(action, RevealRoomTile):
        return True
    return isinstance(action, Walk) and state.board.spatial and action.to in state.board.layout.closed_doors()


STANCE = "stance"
"""Note key (``played_note``) of the stance the plans search committed to: (round, monsters on
the map, name)."""

SEEN = "stance-seen"
"""Note key (``played_note``) of the monsters on the map at the plans search's last fight decision."""


def note_decision(state: Any, key: str, action: Action, value: Any) -> None:
    """Note ``value`` under ``key`` for the decision being made now, whose answer is ``action``
    (``state.scratch[key]``: ``{length of the history: (action, value)}``). The note changes no
    answer in this state: it counts from when the game has played ``action`` here
    (``played_note``), so a policy asked twice about one state answers the same."""
    notes = state.scratch.get(key)
    at = len(state.history)
    if notes is None:
        notes = state.scratch[key] = {}
    else:  # only the note in force and this decision's are ever read again
        keep = _played_at(state, notes)
        for old in [k for k in notes if k != keep]:
            del notes[old]
    notes[at] = (action, value)


def played_note(state: Any, key: str, default: Any = None) -> Any:
    """The value of the last note under ``key`` (``note_decision``) whose decision the game has
    played (the history holds its action where it was chosen), else ``default``."""
    notes = state.scratch.get(key)
    at = _played_at(state, notes) if notes else None
    return default if at is None else notes[at][1]


def _played_at(state: Any, notes: dict[int, tuple[Action, Any]]) -> int | None:
    history = state.history
    return max((at for at, (action, _) in notes.items() if at < len(history) and history[at] == action),
               default=None)

DANGER = 12
"""Points above death (HP, or PP) at which a hero is in danger (the ``gate`` of ``make_search``)."""


def in_danger(state: Any, hero: Any) -> bool:
    """Whether ``hero`` or a friend standing next to it is within ``DANGER`` points of death."""
    death = state.rules.death_threshold
    board = state.board
    for h in state.heroes:
        if h.dead or not h.can_act:
            continue
        if h is not hero and state.board.spatial and not board.hero_adjacent(state, hero, h):
            continue
        if min(h.hp, h.pp) - death <= DANGER:
            return True
    return False


SAMPLES = 1
"""Playouts per candidate (one determinization each, shared by the candidates)."""
HORIZON = 2
"""Round ends a playout runs to: this round's and the next (the monsters' answer to a choice
often comes in the next round). Measured at 4 heroes, 100 runs a scenario, against two
playouts to the end of this round at the same CPU: the win rates summed over the nine shipped
scenarios rose by 12 points."""
WIDTH = 2
"""Monsters whose best attack is a candidate."""
MARGIN = 2.0
"""Value a playout another candidate must beat greedy's choice by, on average, to be taken."""


SWAP = True
"""Whether a hurt hero weighs swapping places with a friend who has more Hit Points
(``candidates``). Measured at 4 heroes, 200 runs a scenario paired with greedy and with this
design without it on the same runs (seeds 1 and 2; docs/skill-ladder.md)."""


CONFIRM = 2
"""Fresh playouts (on new determinizations) that greedy's choice and the best challenger each
get, at most, when the challenger beat greedy's choice in the first ``samples``: the challenger
is taken only if it beats greedy's choice by ``margin`` on these too, and loses as soon as it is
behind on the fresh ones played so far (the winner of one noisy playout is
tested again before greedy's choice is overruled; see docs/skill-ladder.md). Measured (4
heroes, 100 runs, paired with greedy on the same seeds): a playout's value varies with the dice
by about 33 (the standard deviation of a candidate's difference to greedy's choice on common
determinizations, Goblin Warren) where candidates differ by about 13, so one playout picked
another action than the mean of six in 3 of 10 decisions; confirming raised the gap to greedy
on The Goblin Warren from +5 to +11 points, Greywater Ledger +11 to +12, The Sunken Reliquary
+8 to +13, and lowered it on The Lantern Vigil from +17 to +8, at about 1.4 times the CPU (100
runs each, before the early stop; the figures of 300 runs with it: README *Skill ladder*)."""

POOLED = True
"""Whether the confirmation judges greedy's choice and the challenger on all their playouts (the
first ``samples`` too: sequential halving, the samples accumulate) rather than on the fresh ones
alone. Measured (paired gaps to greedy, 300 runs; README *Skill ladder*): without confirmation
The Lantern Vigil +16 points and The Goblin Warren +5 (100 runs); on the fresh playouts alone +5
and +13; on all of them +10 and +11."""


def make_search(seed: int = 0, *, samples: int = SAMPLES, width: int = WIDTH, horizon: int = HORIZON,
                rollout: Callable[[Any], Action] = greedy_bot, gate: bool = False, passive: bool = False,
                retreat: bool = False, screen: int | None = None,
                margin: float = MARGIN, confirm: int = CONFIRM, pooled: bool = POOLED,
                score: Callable[[Any], float] = value, plans: tuple[str, ...] = (),
                plan_samples: int = 1, plan_horizon: int = 2, plan_margin: float = MARGIN,
                plan_rollout: bool = True, actions: bool = True, doors: bool = False,
                plan_new: bool = False, extend: int = 0, extend_weight: float = 1.0,
                extend_confirm: bool = False, swap: bool = SWAP,
                future: Callable[[Any, int], Any] = determinized) -> Callable[[Any], Action]:
    """The search policy (see docs/skill-ladder.md) with its own ``seed``: ``samples``
    playouts per candidate, the ``width`` best attack targets as candidates (and, ``swap``, a
    hurt hero's swaps with fitter friends), playouts of
    ``horizon`` round ends played by ``rollout``, another candidate taken only when its mean value
    beats greedy's choice by ``margin`` (and, with ``confirm``, again on ``confirm`` fresh playouts
    of the two; ``pooled``: on all their playouts, the first ones too); a playout's end is rated
    by ``score`` (``value``). Variants measured and not kept (benchmarks/bench_skill.py, README
    *Skill ladder*, docs/skill-ladder.md): ``gate`` (search only a hero ``in_danger``), ``passive``
    (stepping back and ending the turn as candidates: short playouts rate waiting too well),
    ``retreat`` (stepping back as a candidate, without ending the turn), ``screen`` (the first
    ``samples`` playouts of every candidate end after ``screen`` round ends instead of
    ``horizon``; the confirming ones keep ``horizon``), ``doors`` (ending the turn as a candidate
    when greedy's choice in a fight opens a door or walks onto one: ``door_move``), ``extend``
    (a playout not over at its horizon plays on up to ``extend`` round ends more while monsters
    stand on the map at a round's end, ``fight_on``, and is rated ``1 - extend_weight`` at the
    horizon and ``extend_weight`` at its end; ``extend_confirm``: only the confirming playouts
    play on).

    ``plans`` (off: empty) makes it a search over party stances (``sim.stances``; greedy's
    ``charge`` first, keeping ties): at the first fight decision of a round (``plan_new``: only
    when more monsters stand on the map than at the last fight decision, a new Room Tile's) each
    stance is played for all heroes on ``plan_samples`` determinized copies (common to the
    stances) to ``plan_horizon`` round ends (``plan_rollout`` False: the stance this round, then
    ``rollout``), and the party commits for the round to the stance whose mean value beats
    ``charge``'s by more than ``plan_margin``, else to ``charge``, which plays this search's own
    choice (``actions``) or greedy's. Measured and not kept (docs/skill-ladder.md).

    ``future(state, sample_seed)`` makes the copy each playout runs on: ``determinized`` (the
    default) or ``keyed_dice.keyed`` (the same copy rolling keyed dice: common random numbers
    across the candidates; measured and not kept, see docs/skill-ladder.md); these two read
    nothing hidden and are the only ones a policy may use. It is a diagnostic hook:
    ``clairvoyant`` (exact copies, the real deck order and dice) makes a search that sees the
    future, measured by benchmarks/bench_skill_ceiling.py and registered as no policy."""
    stats = SearchStats()

    def ahead(state: Any, sample_seed: int) -> Any:
        """The copy a playout runs on: ``future``'s, with the party's step-back notes
        (``party.carry_step_backs``), so the look-ahead plays as the real party would."""
        return party.carry_step_backs(state, future(state, sample_seed))

    def values(state: Any, options: list[Action], first: int, count: int, rounds: int = horizon,
               extra: int = 0) -> list[float]:
        """Each option's summed value over the samples ``first``..``first + count - 1`` (the
        same determinization for every option: common random numbers)."""
        totals = [0.0] * len(options)
        for k in range(first, first + count):
            sample_seed = _seed(seed, state, k)
            for i, action in enumerate(options):
                copy = ahead(state, sample_seed)
                copy.apply(action)
                play_out(copy, rollout, rounds)
                worth = score(copy)
                if extra and not copy.is_over():
                    fight_on(copy, rollout, extra)
                    worth = (1 - extend_weight) * worth + extend_weight * score(copy)
                totals[i] += worth
                stats.playouts += 1
        return totals

    def search(state: Any) -> Action:
        uid = state.current_actor()
        if uid is None:
            raise RuntimeError("no decision is due")
        if not fighting(state):
            return greedy_bot(state)
        hero = state.hero(uid)
        if gate and not in_danger(state, hero):
            return greedy_bot(state)
        options = candidates(state, hero, width, passive, retreat, swap)
        if doors and door_move(state, options[0]) and EndTurn() not in options:
            options.append(EndTurn())
        if scenario_step(state, options[0]):
            return options[0]  # the scenario's own step (a token, a carry, a rescue) is not weighed against a fight
        legal = state.legal_actions()
        options = [a for a in options if a in legal] or [greedy_bot(state)]
        if len(options) == 1:
            return options[0]
        stats.decisions += 1
        totals = values(state, options, 0, samples, horizon if screen is None else screen,
                        0 if extend_confirm else extend)
        means = [t / samples for t in totals]
        # the best mean value; greedy's choice unless another beats it by ``margin`` a playout
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        if means[best] - means[0] <= margin:
            best = 0
        why = f"the best mean value of {counted(samples, 'playout')} on determinized copies"
        if best and confirm:
            # fresh pairs one at a time; a challenger behind greedy's choice on them so far (``pooled``:
            # on all its playouts) is rejected at once (successive rejects: the pairs it would still
            # play could hardly lift it by ``margin``)
            mine, theirs = (totals[0], totals[best]) if pooled else (0.0, 0.0)
            kept = samples if pooled else 0
            played = 0
            while played < confirm:
                pair = values(state, [options[0], options[best]], samples + played, 1, extra=extend)
                mine, theirs, played = mine + pair[0], theirs + pair[1], played + 1
                if theirs <= mine:
                    break
            means[0], means[best] = mine / (kept + played), theirs / (kept + played)
            if means[best] - means[0] <= margin:
                best = 0
            why = f"the best of {counted(samples, 'playout')}, confirmed on {played} more against greedy's choice"
        ranked = sorted(range(len(options)), key=lambda i: -means[i])
        return note(state, options[best], why, [(options[i], means[i]) for i in ranked])

    def plan_values(state: Any) -> list[float]:
        """Each stance's summed value over ``plan_samples`` determinizations (common to the
        stances), the stance playing the heroes for ``plan_horizon`` round ends (``plan_rollout``:
        this round only, greedy after)."""
        totals = [0.0] * len(plans)
        for k in range(plan_samples):
            sample_seed = _seed(seed, state, 1000 + k)
            for i, name in enumerate(plans):
                copy = ahead(state, sample_seed)
                policy = stances.POLICIES[name]
                if plan_rollout:
                    play_out(copy, policy, plan_horizon)
                else:
                    play_out(copy, policy, 1)
                    play_out(copy, rollout, plan_horizon - 1)
                totals[i] += score(copy)
                stats.playouts += 1
        return totals

    def stance(state: Any) -> tuple[str, dict[str, Any]]:
        """The stance committed to for this round (chosen at the round's first fight decision,
        again when more monsters have come onto the map since), and the notes to keep with this
        decision (``note_decision``: read once the game has played it; deciding writes nothing
        that changes an answer)."""
        count = len(explorer.monsters_on_map(state))
        chosen = played_note(state, STANCE)
        if chosen is not None and chosen[0] == state.round and chosen[1] >= count:
            return str(chosen[2]), {}
        if plan_new and count <= played_note(state, SEEN, 0):
            return plans[0], {SEEN: count}
        stats.decisions += 1
        totals = plan_values(state)
        best = max(range(len(plans)), key=lambda i: (totals[i], -i))
        if (totals[best] - totals[0]) / plan_samples <= plan_margin:
            best = 0
        notes: dict[str, Any] = {STANCE: (state.round, count, plans[best])}
        if plan_new:
            notes[SEEN] = count
        return plans[best], notes

    def plan_search(state: Any) -> Action:
        if state.current_actor() is None:
            raise RuntimeError("no decision is due")
        if not stances.in_fight(state):
            action = greedy_bot(state)
            if plan_new and state.phase == D:
                note_decision(state, SEEN, action, 0)
            return action
        name, notes = stance(state)
        action = search(state) if name == plans[0] and actions else stances.POLICIES[name](state)
        for key, value in notes.items():
            note_decision(state, key, action, value)
        return action

    chosen = plan_search if plans else search
    chosen.stats = stats  # type: ignore[attr-defined]
    return chosen
