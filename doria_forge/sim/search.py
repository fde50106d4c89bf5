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

What was measured on the way (4 heroes, 40 runs a scenario; README *Skill ladder*): waiting
and stepping back as candidates made it worse (one round of playout rates doing nothing too
well: Sunken Reliquary 17 of 40 won by greedy, 1 of 40 by that search); searching only a hero in
danger, or only the first decision of a turn, changed nothing measurable; deciding on losses
first kept greedy's choice almost always. A copy shares the game's route and sight caches
(``Layout.version`` tokens), yet a playout of two rounds still costs about two thirds of a whole
greedy game, mostly the monsters' plans on new squares; one playout to the end of the next round
did better than two to the end of this one, and two playouts a candidate did no better than one
on The Goblin Warren at twice the CPU.

Tried later against this design (paired with it on the same runs, 100 runs a scenario, seed 1
unless said; a paired difference of 100 runs has a standard error of about 4 points): every lost
game of greedy in Greywater Toll, The Warlord's Muster (80 runs each, seed 1), The Sunken
Reliquary and Salt Mine Collapse (100) is a death (or all unconscious); in Greywater Toll 52 of
the 72 came by round 6 and 40 at Monster Level 1: the monsters the Room Tiles bring, not a grown
Doom Counter, kill a hero. None of these did better on several scenarios: stepping back and
ending the turn as candidates with the two-round playouts (Toll -16); stepping back alone
(Sunken +10, Toll -9, Muster -1, Greywater Gate +1, at twice the CPU: every hero with a safer
square gets a searched decision); four confirming pairs instead of two (Sunken +8, Toll -3,
Muster 0, Gate -2, 1.3 times the CPU: 28 times greedy's on Muster); both (Sunken +13, Muster +8,
Gate +5, Toll -6, at 2.4 times the CPU, 38-52 times greedy's); stepping back only for a hero in
danger with four confirming pairs (seed 2: Toll +4, Muster +2, Sunken -2, Gate 0, 1.2-1.3 times
the CPU: about 25 times greedy's); two playouts and three confirming pairs for a hero in danger
(Toll: the same 120 games won); a value that counts the damage of the monsters next to a hero at
a playout's end against its margin (seeds 1 and 2, half or all of it: Sunken -2..+8, Toll
-1..+5, Muster -2..0).

With determinized copies about eight times cheaper (``engine.copying``: 2.3 ms to 0.28 ms; they
took about a fifth of the search's CPU, now about 3%; the same games), measured again on the scenarios
greedy loses most (seed 1, 100 runs, paired with greedy and this design on the same runs; CPU a
run over greedy's): this design Greywater Toll +5 (21x), The Warlord's Muster +11 (23x);
stepping back without ending the turn and four confirming pairs (``retreat=True, confirm=4``)
Toll -1 (56x), Muster +19 (58x): still more than twice the budget; the same with the first
playouts ending at this round's end (``screen=1``) Toll +4, Muster +12 (34x and 41x), and
with one attack target (``width=1``) too Toll +8, Muster +10 (34x and 33x): none better than this
design by more than the noise (a paired difference of 100 runs: about 4 points), all over the
budget. Searching the decision to open a door (revealing a Room Tile: greedy's choice against
ending the turn or drinking a potion) when a standing hero is hurt changed none of those 200
games, and gated on any hero below its full HP it never came up in 16 games of Toll and
Muster: greedy opens a door only with the party together on the door's Room Tile, and there it
always stood at full HP; the heroes then die in the fight the new tile brings (4 to 10 HP against
the monsters of a whole Room Tile). This design, judged once on a fresh seed with the cheaper
copies (seed 4, 300 runs each, paired; README *Skill ladder*): at least 10 points and significant
on two of the nine (Greywater Ledger +19, The Lantern Vigil +10), significantly better on five,
worse on none, at 11 to 22 times greedy's CPU.

Searching over plans instead of single actions (``plans``; ``sim.stances``: ``charge`` = greedy,
``hold`` = attack from where it stands or wait, open no door, ``back`` = step as far from the
monsters as the AP reach, then attack from there or wait, ``focus`` = every attack on the
monster closest to defeat), the party committing to a stance for the round, measured at 4
heroes, 100 runs a scenario paired with greedy and this design on the same runs (win rates;
CPU a run over greedy's). Seed 1: all four stances, two determinizations, the stance played
to the end of the next round, greedy's choice for ``charge``: Greywater Toll 2% (greedy 10%,
this design 15%; 17 times greedy's CPU), the same with this design playing ``charge`` 3%; the
stance picked ``hold`` or ``back`` in about half the rounds (two rounds of playout rate not
closing in too well, as with waiting candidates) and stalled four games. ``charge``, ``hold``,
``back`` played this round only, greedy to the third round end, two determinizations and this
design for ``charge``: Toll 6%, The Warlord's Muster 10% (greedy 9%, this design 20%; 22 and 24
times); one determinization, greedy for ``charge``: Toll 6%, Muster 10% (7 and 8 times). A stance
searched only when new monsters came onto the map (``plan_new``) and taken only when it beats
``charge`` by 10 a playout, this design otherwise: ``charge`` or ``back`` this round, greedy to the
end of the next, two determinizations: Muster 15%, The Sunken Reliquary 47% (greedy 51%, this
design 53%); ``charge``, ``hold``, ``back`` played two rounds on three determinizations: Muster 14%,
Sunken 61%. That last one again on seed 2 (100 runs): Sunken 64% (greedy 58%, this design 60%),
Salt Mine Collapse 26% (28%, 24%), Muster 17% (20%, 22%), Greywater Gate 74% (76%, 80%), Toll 8%
(11%, 15%), at 19 to 27 times greedy's CPU; with ``doors`` too: Sunken 62%, Salt 26%, Muster
10%, Gate 77%, Toll 9% (21 to 32 times). Ending the turn as a candidate when greedy's
choice in a fight opens a door (``doors``; seed 1, 100 runs): Sunken 61% (paired with this
design +8, +0..+15, McNemar p = 0.057), Muster 13% (-7, -14..0, p = 0.065), Toll 14% (-1), Salt
25% (0), at 1.3 times this design's CPU. The toughest hero opening the party's door
(``stances.with_opener`` on greedy: a hero greedy walks onto the door waits when a friend with
more HP still has AP; seed 1, 200 runs, paired with greedy): The Goblin Warren +6, Greywater
Ledger +5, Muster +4, The Alchemist's Fuse -2, Toll -2, Greywater Gate -4, The Lantern Vigil -4,
Salt -4, Sunken -5, none significant. None of these beats this design beyond the noise on more
than one scenario, and each loses on another: the stances do not change how the party meets a new
Room Tile's monsters enough to turn those fights, so this design stays the ``search`` rung and
the plans stay behind their switch (off).

The skill ceiling (benchmarks/bench_skill_ceiling.py; 4 heroes, seed 1, 100 runs, paired with
greedy on the same runs): this design with its playouts on exact copies (``future=clairvoyant``:
the real deck order and dice) beat greedy by +23 on The Sunken Reliquary, +30 on Salt Mine
Collapse, +42 on The Warlord's Muster, +30 on Greywater Toll and +20 on Greywater Gate (all
p < 0.001; this design on the same runs +2, +2, +11, +5, +12), at 11 to 18 times greedy's CPU;
four playouts a candidate on determinized copies (``samples=4``) moved this design by -4..+8,
none significant, at 28 to 55 times greedy's CPU. Hidden information, not the candidates, separates
this design from the clairvoyant one (README *Skill ladder*).

Keyed dice (``sim.keyed_dice``, ``future=keyed``; measured and not kept): on a copy rolling one
generator, a candidate that rolls one die more than another shifts every later roll of its
playout, so the two playouts meet the monsters' next attacks on unrelated faces and their
difference measures the dice as much as the candidates. Keyed dice roll each kind of roll of a
round and phase from a stream of its own. At fight decisions of greedy games (4 heroes, 8 samples
of greedy's choice and the first other candidate a decision; values include the +-1000 of a game
won or lost inside the playout) the median standard deviation of the difference fell from 402 to
40 (The Sunken Reliquary, 21 decisions), 370 to 40 (Greywater Toll, 36) and 445 to 204 (The
Goblin Warren, 19), and rose on The Warlord's Muster (138 to 397, 22 decisions). On the ceiling
measurement's runs (seed 1, 100 runs, paired with greedy) it looked better: Sunken +18 (this
design +2), Muster +14 (+11), Salt Mine Collapse +7 (+2), Toll +4 (+5), Greywater Gate +10 (+12).
Judged on a fresh seed (seed 5, 300 runs a scenario, 4 heroes, paired with this design on the
same runs) it is not: -3.7 to +3.0 points on the nine, none significant (McNemar p >= 0.24), six of
nine below, at 1.0 to 1.4 times this design's CPU. A less noisy comparison of the candidates does
not make better choices: what a playout of two rounds says about a candidate is itself the
limit, not the noise around it. With keyed dice and a *learned* value in place of ``value`` (a
logistic model of greedy's chance to win from a position, fitted with a fixed effect per scenario
and party size on 7,437 round ends of about 1,600 greedy games at 2 to 4 heroes: the heroes'
margins and wounds, the monsters on the map, Doom, Monster Level, the scenario's progress;
rollout policy improvement, Bertsekas) the seed-1 runs gave Sunken +14, Muster +7, Salt +7, Toll
+2: no better than keyed dice with ``value``, so it was neither kept nor committed. Nor a
candidate for where to fight from: when greedy's choice in a fight is a walk to a square to
attack from, the square of those the fewest monsters can reach in their next activation (walked
steps within their AP), then the cheapest (seed 1, 100 runs, paired with greedy: Sunken +3,
Muster +9, Toll +5, Salt +2, Gate +13, against this design's +2, +11, +5, +2, +12 on the same
runs).

Playing a fight on past the horizon (``extend``; 4 heroes, seed 1, 200 runs, each variant
paired with greedy on the same runs; the kept design on them: The Goblin Warren +7, Greywater
Gate +6, The Lantern Vigil +10, The Warlord's Muster +10, Greywater Toll +5, The Sunken
Reliquary +12, Greywater Ledger +16.5). A playout not over at the end of the next round played
on to the end of the round after while monsters stood on the map (``extend=1``; ``fight_on``)
and rated as the mean of its values at the two ends (``extend_weight=0.5``): Goblin +14, Gate +6.5,
Vigil +20, Muster +7, Toll +4.5, Sunken +14, Ledger +14.5 (against this design: Vigil +10,
McNemar p = 0.003; Goblin +7); rated at the later end alone +12.5, +8.5, +20.5, +7, +3.5,
Sunken +11, Ledger +10.5; two round ends more +16.5, +8.5, +16, +4.5, +2 (Sunken +9.5, Ledger
+15.5), halved +15.5, +7, +15, +7, +4; only in the confirming playouts +12.5, +6.5, +9.5, +6.5
(Sunken +13.5, Ledger +15); one round end more, halved, with one confirming pair (``confirm=1``)
+15.5, +8, +18, +4.5, +5 (Sunken +10, Ledger +12); one round end more, halved, only at
decisions with at most four monsters on the map (Muster's fights hold more) +13.5, +7, +21, +5.5,
+3.5 (Sunken +11, Ledger +14.5); only with no monster the scenario needs defeated on the map (a
boss's Hit Points weigh ``PREY_HP`` each; 44% of Muster's fight decisions face one) Muster +5.5,
Gate +7, Toll +5.5 (Goblin +14, Vigil +20, Sunken +14 as without the gate). Longer playouts judge the fights of The
Goblin Warren and The Lantern Vigil better and those of The Warlord's Muster worse, and cost
more: 24-30 times greedy's CPU on Muster and Goblin (this design 19-20 there on the same runs),
with one confirming pair still 26.5 and 24 times. On this seed they meet the goal (at least 10
points, significant) on four of the nine, as this design does (Vigil and Muster at +10 exactly),
over the budget: so ``extend`` stays off. On a fresh seed (seed 2, 200 runs, paired) the two
differed by noise alone: Muster +3, Goblin +1, Vigil -2.5 (this design there: +9, +11, +15.5).

Swapping places (``swap``, kept): a careful party moves a hurt hero out of the front and a
fitter friend in (chapter *Swap Places (5 AP)*), which no candidate did. With a hurt hero's swaps
with each friend who has more Hit Points as candidates (4 heroes, 200 runs a scenario, paired
with greedy on the same runs; McNemar p in brackets): seed 1 The Lantern Vigil +16 (<.001), The
Warlord's Muster +11 (.001), The Sunken Reliquary +11 (.007), Greywater Ledger +17 (<.001), The
Goblin Warren +9.5 (.016), Greywater Toll +7.5 (.017), Greywater Gate +6, Salt Mine Collapse
+4.5, The Alchemist's Fuse +1; seed 2 Vigil +18.5, Muster +11 (.002), Sunken +12 (.001), Ledger
+17, Goblin +8.5 (.04), Toll +7 (.03), Gate +2, Salt +4. Against this design without it on the
same runs: seed 1 Vigil +6 (p = .043), Goblin +2.5, Toll +2.5, Muster +1, Fuse +1, Ledger +0.5,
Salt +0.5, Gate 0, Sunken -1; seed 2 Vigil +3, Salt +3, Muster +2, Toll +1.5, Ledger 0, Sunken
-1, Gate -1.5, Goblin -2.5: a point or so on average, the four scenarios at least 10 points
ahead of greedy now 11 to 18.5 ahead on both seeds (without it Vigil and Muster stood at +10 and
+9 to +10), at about 1.1 times the CPU (measured before the jumps round a corner, 7a71737, which
change the games of five scenarios; the README *Skill ladder* has the figures after).

Counting the steps to an escape goal's place in ``value`` (``_way_left``, kept): before, a
playout that brought the party nearer the shaft of Cave-In at the Salt Mine was worth no more
than one that stood still. Salt Mine Collapse, 4 heroes, seed 1, 200 runs, paired, on the engine
before dcf089b: +13 points over greedy (McNemar p = .001), +8.5 over this design without it
(p = .019), at 22.0 times greedy's CPU (each run played by both in one process, 100 runs). No
other shipped scenario has an escape goal.

Playing fights on with one attack target (``extend=1, extend_weight=0.5, width=1``, with the
swaps; measured and not kept): the second attack target's playouts pay for most of the longer
ones. At 4 heroes, 200 runs a scenario, paired with greedy on the same runs (McNemar p; then the
kept design on the same runs), on the engine before a Regeneration chosen in Phase H healed at
once (dcf089b): seed 1 The Goblin Warren +13.5 (.001; +8), The Sunken Reliquary +15 (<.001; +10),
Greywater Ledger +16 (<.001; +18), The Lantern Vigil +15.5 (<.001; +16.5), Salt Mine Collapse
+10.5 (.008; +4.5; with the escape term of ``_way_left``, +9 without), Greywater Toll +8 (.011;
+7.5), The Warlord's Muster +5.5 (.11; +11.5), Greywater Gate +4.5 (.09; +6), The Alchemist's
Fuse +1 (+1); seed 2 Goblin +14, Vigil +14, Ledger +16, Muster +11.5, Sunken +9, Salt +7.5 (the
kept design there, before the jumps round a corner: Goblin +8.5, Ledger +17, Muster +11). At
least 10 points and significant on five of the nine on seed 1 (the kept design four), four on
seed 2, and four on the 400 runs of both (Salt +9, Muster +8.5). Its CPU with each run played by
greedy and then by it in one process (seed 1, 100 runs): Salt 27.8 times greedy's (the kept
design 22.0), Muster 25.8, Vigil 24.0, Toll 23.1 (24.3), Ledger 22.0, Goblin 21.0, Sunken 19.9:
over the budget of 25 times on two, so it stays off. It gains about 5 points on The Goblin Warren
on both seeds; the rest moves by the noise.

Which foresight the clairvoyant's lead is (``deck_seer``, ``dice_seer``; bench_skill_ceiling.py
``--split``; seed 1, 100 runs, paired with greedy): foreseeing only the dice, Sunken +22, Muster
+32, Toll +28, Salt +13, Gate +15; only the draws, +10, +7, +5, 0, +13. Nearly all of it is
knowing its own dice, which no player knows.

The kept design on that fresh seed (seed 5, 300 runs, paired with greedy; README *Skill ladder*):
Greywater Ledger +21, The Goblin Warren +12, The Lantern Vigil +11 (at least 10 points and
significant), The Warlord's Muster +8, Greywater Gate +8, Greywater Toll +6 (significant), The
Sunken Reliquary +5 (p = 0.08), The Alchemist's Fuse +3, Salt Mine Collapse +2, at 9 to 22 times
greedy's CPU.
"""

from __future__ import annotations

import copy as _copy
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from doria_forge.engine.actions import Action, Attack, EndTurn, RevealRoomTile, SwapPlaces, UseItem, Walk
from doria_forge.engine.state import D, H, I

from . import explorer, objectives, stances
from .bots import _potion, attack_options, fighting, greedy_bot, scenario_step
from .reasons import label, note

PREY_HP = 10.0
"""Value of a Hit Point of a monster the scenario needs defeated (``objectives.is_prey``): its
defeat is the goal, which a playout of two rounds rarely reaches."""

WIN, LOSS = 1000.0, -1000.0
"""Value of a game won / lost (a death, all unconscious, a lose goal, an escape)."""


def value(state: Any) -> float:
    """How good ``state`` looks for the heroes (higher is better): the outcome when the game
    is over; else each hero's margin above death (a concave score: the last points before
    death weigh most), the monsters' HP times their damage, Doom Counter steps and Monster
    Level, and the scenario's progress (good flags, tokens carried, Room Tiles revealed, the
    steps left to carry, fetch and escape: ``_way_left``)."""
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
            weight = PREY_HP if objectives.is_prey(state, monster) else 0.5 * (monster.damage + 1) ** 0.5
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
        potion = _potion(hero, "heal")
        if potion is not None:
            out.append(UseItem(potion.uid, None, hero.location(potion) == "belt"))
    if state.board.spatial:
        scratch = state.scratch.get("retreated")
        moves = (explorer.retreat(state, hero, ap), explorer.open_door(state, hero, ap)) if passive or retreat \
            else (explorer.open_door(state, hero, ap),)
        for move in moves:
            if move is not None:
                out.append(move)
        if scratch is None:
            state.scratch.pop("retreated", None)
        else:
            state.scratch["retreated"] = scratch
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
    digest = hashlib.sha256(f"search:{seed}:{state.round}:{len(state.history)}:{sample}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


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
"""Scratch key of the stance the plans search committed to: (round, monsters on the map, name)."""

SEEN = "stance-seen"
"""Scratch key of the monsters on the map at the plans search's last fight decision."""

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
design without it on the same runs (seeds 1 and 2; the module docstring)."""


CONFIRM = 2
"""Fresh playouts (on new determinizations) that greedy's choice and the best challenger each
get, at most, when the challenger beat greedy's choice in the first ``samples``: the challenger
is taken only if it beats greedy's choice by ``margin`` on these too, and loses as soon as it is
behind on the fresh ones played so far (the winner of one noisy playout is
tested again before greedy's choice is overruled; see the module docstring). Measured (4
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
    """The search policy (see the module docstring) with its own ``seed``: ``samples``
    playouts per candidate, the ``width`` best attack targets as candidates (and, ``swap``, a
    hurt hero's swaps with fitter friends), playouts of
    ``horizon`` round ends played by ``rollout``, another candidate taken only when its mean value
    beats greedy's choice by ``margin`` (and, with ``confirm``, again on ``confirm`` fresh playouts
    of the two; ``pooled``: on all their playouts, the first ones too); a playout's end is rated
    by ``score`` (``value``). Variants measured and not kept (benchmarks/bench_skill.py, README
    *Skill ladder*, the module docstring): ``gate`` (search only a hero ``in_danger``), ``passive``
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
    choice (``actions``) or greedy's. Measured and not kept (the module docstring).

    ``future(state, sample_seed)`` makes the copy each playout runs on: ``determinized`` (the
    default) or ``keyed_dice.keyed`` (the same copy rolling keyed dice: common random numbers
    across the candidates; measured and not kept, see the module docstring); these two read
    nothing hidden and are the only ones a policy may use. It is a diagnostic hook:
    ``clairvoyant`` (exact copies, the real deck order and dice) makes a search that sees the
    future, measured by benchmarks/bench_skill_ceiling.py and registered as no policy."""
    stats = SearchStats()

    def values(state: Any, options: list[Action], first: int, count: int, rounds: int = horizon,
               extra: int = 0) -> list[float]:
        """Each option's summed value over the samples ``first``..``first + count - 1`` (the
        same determinization for every option: common random numbers)."""
        totals = [0.0] * len(options)
        for k in range(first, first + count):
            sample_seed = _seed(seed, state, k)
            for i, action in enumerate(options):
                copy = future(state, sample_seed)
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
        why = f"the best mean value of {samples} playout(s) on determinized copies"
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
            why = f"the best of {samples} playout(s), confirmed on {played} more against greedy's choice"
        ranked = sorted(range(len(options)), key=lambda i: -means[i])
        return note(state, options[best], why, [(label(state, options[i]), means[i]) for i in ranked])

    def plan_values(state: Any) -> list[float]:
        """Each stance's summed value over ``plan_samples`` determinizations (common to the
        stances), the stance playing the heroes for ``plan_horizon`` round ends (``plan_rollout``:
        this round only, greedy after)."""
        totals = [0.0] * len(plans)
        for k in range(plan_samples):
            sample_seed = _seed(seed, state, 1000 + k)
            for i, name in enumerate(plans):
                copy = future(state, sample_seed)
                policy = stances.POLICIES[name]
                if plan_rollout:
                    play_out(copy, policy, plan_horizon)
                else:
                    play_out(copy, policy, 1)
                    play_out(copy, rollout, plan_horizon - 1)
                totals[i] += score(copy)
                stats.playouts += 1
        return totals

    def stance(state: Any) -> str:
        """The stance committed to for this round (chosen at the round's first fight decision,
        again when more monsters have come onto the map since)."""
        count = len(explorer.monsters_on_map(state))
        chosen = state.scratch.get(STANCE)
        if chosen is not None and chosen[0] == state.round and chosen[1] >= count:
            return str(chosen[2])
        if plan_new:
            seen = state.scratch.get(SEEN, 0)
            state.scratch[SEEN] = count
            if count <= seen:
                return plans[0]
        stats.decisions += 1
        totals = plan_values(state)
        best = max(range(len(plans)), key=lambda i: (totals[i], -i))
        if (totals[best] - totals[0]) / plan_samples <= plan_margin:
            best = 0
        state.scratch[STANCE] = (state.round, count, plans[best])
        return plans[best]

    def plan_search(state: Any) -> Action:
        if state.current_actor() is None:
            raise RuntimeError("no decision is due")
        if not stances.in_fight(state):
            if plan_new and state.phase == D:
                state.scratch[SEEN] = 0
            return greedy_bot(state)
        name = stance(state)
        if name == plans[0] and actions:
            return search(state)
        return stances.POLICIES[name](state)

    chosen = plan_search if plans else search
    chosen.stats = stats  # type: ignore[attr-defined]
    return chosen
