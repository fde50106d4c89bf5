"""Play a campaign many times: its scenarios in order, with what carries over between them
(Book of Rules *Campaigns*, *XP in Campaigns*, *Equipment and hero level in campaigns*,
*Monster level in campaigns*, *Escaping a campaign scenario*, *Death of a character in
campaigns*).

Between scenarios (``engine.campaign``): heroes keep their attributes, hero bonuses, unspent
Attribute Points, standard and campaign items, and as many Loot Cards as the reward of the last
scenario won allows (the campaign's ``rewards`` entry for that scenario where it gives them,
else the scenario's own ``rewards``; items worth 3 gold a card with the optional rule
``campaign_keep_by_gold``); a won scenario's ``rewards.items`` go to the heroes
(``engine.campaign.reward_recipient``) as campaign items for the rest of the campaign; the Group
XP on the track (plus the scenario's reward Group XP on a win) are redeemed for Attribute Points
as far as they reach the campaign cost and only the rest carries over
(``engine.campaign.group_xp_carried``); the Monster
Points grow by the red and orange Doom Counter fields crossed and a scenario's own
``rewards.monster_points`` (each play of it, won or not, as its field says), and every
``monster_points_per_level`` of them raise the campaign's Monster Level; a hero bonus reward
raises the hero level, with one Monster Point more when the heroes are then above the Monster
Level (the book's recommendation). Scenarios are played in mode ``campaign`` (tripled Group XP
cost, one Monster Level Up a scenario).

What the book leaves to the players is decided here, the same way every run:

- a scenario that is not won (a hero died, the heroes escaped, lost, were all unconscious,
  ran out of rounds or stalled) is played again, at most ``MAX_ATTEMPTS`` times in all;
  Monster Points and XP of a failed attempt stay (the book: "the Monster Points will remain
  the same" when replaying, i.e. no penalty on top); the campaign ends where a scenario fails
  ``MAX_ATTEMPTS`` times (or the engine fails), except after a death:
- after a character died the book offers two courses (chapter *Death of a character in
  campaigns*): replay the scenario ("recommended ... if the character died towards the
  beginning"), or, "if the scenario was nearly completed", continue to the next scenario with
  ``rules.campaign_continue_monster_points`` (5) Monster Points more, "If there were Campaign
  rewards at the end of the last scenario ... all characters will receive those automatically".
  A death never ends a campaign in the book. How near to completion is the players'
  judgement, which the simulation does not model: a death replays the scenario while attempts
  remain (the book's recommended course) and on the last attempt takes the other course (when
  a next scenario exists): +5 Monster Points and the scenario's keep-cards, hero-bonus and
  item rewards (not its Group XP, which rewards a win);
- a hero who died is replaced by a new character of the same premade hero with its standard
  items and the dead hero's campaign items (its other equipment is lost), as many Attribute
  Points as the survivors gained and as many hero bonuses as they have (chapter *Death of a
  character in campaigns*: the player's "more common option").

Seeds: attempt ``k`` (0-based, counted over the whole campaign run) of run ``i`` with ``n``
players uses ``campaign_seed(seed, campaign, n, i, k)``; parties as for scenarios
(``scenario_runner.party_for``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from doria_forge.engine.campaign import (
    campaign_items,
    group_xp_carried,
    hero_for_next_scenario,
    new_campaign_game,
    replacement_hero,
    reward_recipient,
)
from doria_forge.engine.decks import card_gold
from doria_forge.engine.doom import campaign_monster_level, hero_level_up_monster_points
from doria_forge.engine.hero import HeroState
from doria_forge.engine.levelup import xp_per_attribute_point
from doria_forge.infra.startup import fewer_young_collections
from doria_forge.model import ContentPack
from doria_forge.model.optional_rules import CAMPAIGN_KEEP_BY_GOLD

from .findings import Locator, RuleSettings, campaign_findings, count_range, sort_findings
from .play import play_scenario
from .policies import make_policy
from .run_record import record_run
from .scenario_runner import RunPlan, check_options, hero_pool, party_for, policy_seed, unknown_played
from .seeds import stable_seed
from .stats import wilson_interval
from .verdicts import CARRY_OVER

MAX_ATTEMPTS = 2
"""Times a campaign scenario may be played before the campaign ends there."""

CAMPAIGN_CHUNK_RUNS = 4
"""Campaign runs one worker plays per task (a campaign is several scenarios long)."""


def campaign_seed(master_seed: int, campaign: str, players: int, run: int, attempt: int) -> int:
    """A 63-bit dice seed for attempt ``attempt`` of campaign run ``run``."""
    return stable_seed(f"campaign:{master_seed}:{campaign}:{players}:{run}:{attempt}")


@dataclass
class CampaignRecord:
    """One campaign run: ``completed``, where it ended (``end``: scenario index, id, outcome
    of its last attempt; ``None`` when completed), each attempt ``(index, scenario, outcome,
    rounds)``, heroes who died, Monster Points and Level at the end, Group XP left."""

    run: int
    players: int
    completed: bool
    end: tuple[int, str, str] | None
    attempts: list[tuple[int, str, str, int]]
    deaths: int = 0
    monster_points: int = 0
    monster_level: int = 1
    group_xp: int = 0
    reason: str = ""
    carried: list[tuple[int, int, int]] = field(default_factory=list)
    """Per scenario passed on to the next (won, or continued past after a death): (Group XP on
    the track, Loot Cards the party kept, their gold value)."""
    continued: list[int] = field(default_factory=list)
    """Indices of the scenarios the party went on from after a death (+5 Monster Points)."""


def play_campaign(pack: ContentPack, plan: CampaignPlan, players: int, run: int) -> CampaignRecord:
    """Play one campaign run (see the module docstring)."""
    campaign = pack.campaigns[plan.campaign]
    heroes: list[str | HeroState] = list(party_for(plan.pool, players, run))
    kept: dict[str, list] = {}
    bonuses: dict[str, int] = {}
    rewards: Counter[str] = Counter()  # reward items the party carries as campaign items
    group_xp, points = 0, campaign.starting_monster_points
    hero_level = 2 if players <= 2 else 1  # 1-2 players choose a hero bonus before the first scenario
    last_keep, attempt, deaths = 0, 0, 0
    new_characters: list[str] = []
    attempts: list[tuple[int, str, str, int]] = []
    record = CampaignRecord(run, players, False, None, attempts)
    for index, sid in enumerate(campaign.scenarios):
        scenario = pack.scenarios[sid]
        for tries in range(1, MAX_ATTEMPTS + 1):
            seed = campaign_seed(plan.seed, plan.campaign, players, run, attempt)
            level = campaign_monster_level(points, campaign.monster_points_per_level)
            try:
                state = new_campaign_game(pack, heroes, scenario=sid, seed=seed, monster_level=level,
                                          group_xp=group_xp, kept=kept, hero_bonuses=bonuses,
                                          start_bonuses=attempt == 0, rewards=sorted(rewards.elements()),
                                          new_characters=new_characters)
                reason = play_scenario(state, make_policy(plan.policy, policy_seed(seed)),
                                       stall_rounds=plan.stall_rounds)
            except Exception as exc:  # noqa: BLE001 - reported as the campaign's end
                attempts.append((index, sid, "error", 0))
                record.end, record.reason = (index, sid, "error"), f"the engine failed: {type(exc).__name__}: {exc}"
                break
            attempt += 1
            outcome = state.outcome or "unfinished"
            attempts.append((index, sid, outcome, state.round))
            deaths += record_run(state, run=run, seed=seed, reason=reason).deaths
            # the scenario's own Monster Points count "won or not" (its rewards.monster_points), as
            # the Doom Counter's do: every play of it adds them
            points += state.doom.monster_points + scenario.rewards.monster_points
            won = outcome == "won"
            # what converts goes to the heroes before they carry over (a new character catches up)
            group_xp = group_xp_carried(state, scenario.rewards.group_xp if won else 0)
            # A death on the last attempt: go on to the next scenario (see the module docstring).
            go_on = won or (outcome == "hero_died" and tries == MAX_ATTEMPTS
                            and index + 1 < len(campaign.scenarios))
            keep, bonus, given = last_keep, False, []
            if not won and go_on:
                points += pack.rules.campaign_continue_monster_points
                record.continued.append(index)
            if go_on:
                keep = campaign.loot_kept_after(index + 1, scenario.rewards)
                bonus = campaign.hero_bonus_after(index + 1, scenario.rewards)
                last_keep = keep
                given = [pack.equipment[i] for i in scenario.rewards.items]
            new_characters = [h.uid for h in state.heroes if h.dead]  # replaced by _carry_over
            heroes, kept, bonuses, rewards = _carry_over(pack, state, keep, rewards, given)
            if go_on and index + 1 < len(campaign.scenarios):
                cards = [card for hand in kept.values() for card in hand]
                record.carried.append((group_xp, len(cards), sum(card_gold(pack, c) for c in cards)))
            if bonus:
                hero_level += 1
                points += hero_level_up_monster_points(hero_level, campaign_monster_level(
                    points, campaign.monster_points_per_level))
                bonuses = {uid: n + 1 for uid, n in bonuses.items()}
            if go_on:
                break
            if tries == MAX_ATTEMPTS:
                record.end = (index, sid, outcome)
        if record.end is not None:
            break
    record.completed = record.end is None
    record.deaths, record.monster_points, record.group_xp = deaths, points, group_xp
    record.monster_level = campaign_monster_level(points, campaign.monster_points_per_level)
    return record


def carry_maxima(pack: ContentPack, campaign_id: str, players: int) -> dict[str, float | None]:
    """The largest value one scenario of the campaign can pass on at ``players`` players, per
    :data:`~.verdicts.CARRY_OVER` name (``None``: no maximum), for the carry-over verdicts
    (``verdicts.CarriedMean``), from the most Loot Cards any passed scenario lets a hero keep:
    each hero keeps that many cards, worth at most the highest gold value of any equipment card
    each; with the optional rule ``campaign_keep_by_gold`` on in a passed scenario, cards worth
    ``rules.campaign_gold_per_card`` gold per kept card instead, which may be that many 1-gold
    cards (``engine.campaign.kept_loot``). Group XP: one fewer than an Attribute Point costs
    (``engine.levelup.xp_per_attribute_point``, 3 x [PlayerCount] in a campaign), since what
    converts does at the scenario's end (``engine.campaign.group_xp_carried``)."""
    campaign = pack.campaigns[campaign_id]
    passed = [pack.scenarios[sid] for sid in campaign.scenarios[:-1]]
    keep = max((campaign.loot_kept_after(i + 1, scenario.rewards) for i, scenario in enumerate(passed)), default=0)
    gold = max(((e.gold or 0) for e in pack.equipment.values()), default=0)
    cards, worth = keep, keep * gold
    if any(pack.rules.option_on(CAMPAIGN_KEEP_BY_GOLD, scenario.optional_rules) for scenario in passed):
        per_card = pack.rules.campaign_gold_per_card
        cards, worth = max(cards, keep * per_card), max(worth, keep * per_card)
    group_xp = xp_per_attribute_point(players, "campaign", pack.rules) - 1
    return {"group_xp": float(group_xp), "loot_cards": float(cards * players), "gold": float(worth * players)}


def _carry_over(pack: ContentPack, state: Any, keep: int, rewards: Counter[str] | None = None,
                given: Sequence[Any] = ()) -> tuple[list[str | HeroState], dict[str, list], dict[str, int],
                                                    Counter[str]]:
    """The heroes of the next scenario, the Loot Cards each kept, the hero bonuses each still
    has to choose (a replaced hero catches up with the survivors), and the reward items the
    party carries from now on: those of ``rewards`` still carried and the ``given`` ones (a
    scenario's ``rewards.items``, each to ``reward_recipient``)."""
    survivors = [h for h in state.heroes if not h.dead]
    gained = max((sum(h.attributes.values()) - sum(h.character.attributes.values()) + h.attribute_points
                  for h in survivors), default=0)
    bonus_count = max((len(h.hero_bonuses) for h in survivors), default=0)
    held = Counter(rewards or {})
    gifts: dict[str, list] = {}
    for card in given:
        gifts.setdefault(state.heroes[reward_recipient(state.heroes, card)].uid, []).append(card)
    heroes: list[str | HeroState] = []
    kept: dict[str, list] = {}
    bonuses: dict[str, int] = {}
    for hero in state.heroes:
        if hero.dead:
            fresh = replacement_hero(pack, hero.character, hero.uid, gained,
                                     campaign_items(state, hero, held) + gifts.get(hero.uid, []))
            bonuses[fresh.uid] = bonus_count
            heroes.append(fresh)
        else:
            nxt, cards = hero_for_next_scenario(state, hero, keep, rewards=held, given=gifts.get(hero.uid, ()))
            kept[nxt.uid] = cards
            bonuses[nxt.uid] = 0
            heroes.append(nxt)
    still = Counter(rewards or {})
    still.subtract(held)  # the copies found on a hero (used, sold or lost ones are gone)
    still.update(card.id for card in given if card.deck != "campaign")  # those are known by their deck
    return heroes, kept, bonuses, +still


@dataclass
class CampaignStats:
    """The aggregate of campaign runs at one player count (integers only: merges in any
    order give the same numbers). ``ends``: (scenario index, id, outcome) -> runs that ended
    there; ``plays``: (index, id, outcome) -> attempts; ``rounds``: (index, id) -> rounds
    summed over attempts; ``sums`` of per-run numbers; ``levels`` final Monster Levels;
    ``errors`` [count, lowest run, reason]."""

    players: int
    runs: int = 0
    completed: int = 0
    ends: Counter[tuple[int, str, str]] = field(default_factory=Counter)
    plays: Counter[tuple[int, str, str]] = field(default_factory=Counter)
    rounds: Counter[tuple[int, str]] = field(default_factory=Counter)
    sums: Counter[str] = field(default_factory=Counter)
    levels: Counter[int] = field(default_factory=Counter)
    errors: list = field(default_factory=list)
    highest: Counter[str] = field(default_factory=Counter)
    """The largest value of each carry-over name any run passed on (merged by max)."""
    by_run: Counter[tuple[str, int, int]] = field(default_factory=Counter)
    """(carry-over name, a run's sum of its values, their count) -> runs: the runs' own evidence,
    which the carry-over verdicts bet against (``verdicts.CarriedMean``)."""

    def add(self, record: CampaignRecord) -> None:
        self.runs += 1
        self.completed += record.completed
        if record.end is not None:
            self.ends[record.end] += 1
        tried: Counter[tuple[int, str]] = Counter()
        won: Counter[tuple[int, str]] = Counter()
        for index, sid, outcome, rounds in record.attempts:
            self.plays[(index, sid, outcome)] += 1
            self.rounds[(index, sid)] += rounds
            tried[(index, sid)] += 1
            won[(index, sid)] += outcome == "won"
        # a run's attempts at one scenario hang together (the same party, tried again until won):
        # their win rate's interval is taken over runs (verdicts.RunProportion)
        for (index, sid), m in tried.items():
            w = won[(index, sid)]
            self.sums[f"step_runs:{index}:{sid}"] += 1
            self.sums[f"step_run_sq:{index}:{sid}"] += w * w
            self.sums[f"step_run_cross:{index}:{sid}"] += w * m
            self.sums[f"step_n_sq:{index}:{sid}"] += m * m
        self.sums["scenarios_won"] += sum(1 for a in record.attempts if a[2] == "won")
        self.sums["attempts"] += len(record.attempts)
        self.sums["deaths"] += record.deaths
        self.sums["monster_points"] += record.monster_points
        self.levels[record.monster_level] += 1
        for carried in record.carried:
            for name, value in zip(CARRY_OVER, carried, strict=True):
                self.sums[f"carry:{name}"] += value
                self.sums[f"carry_sq:{name}"] += value * value
                self.highest[name] = max(self.highest[name], value)
            self.sums["carry:n"] += 1
        if record.carried:
            # the values of one run hang together: their evidence is taken over runs (verdicts.CarriedMean)
            m = len(record.carried)
            self.sums["carry:runs"] += 1
            self.sums["carry:n_sq"] += m * m
            for name, values in zip(CARRY_OVER, zip(*record.carried, strict=True), strict=True):
                run_total = sum(values)
                self.sums[f"carry_run_sq:{name}"] += run_total * run_total
                self.sums[f"carry_run_cross:{name}"] += run_total * m
                self.by_run[(name, run_total, m)] += 1
        if record.reason:
            self._error([1, record.run, record.reason])

    def _error(self, entry: list) -> None:
        if not self.errors:
            self.errors = entry
        else:
            first = self.errors if self.errors[1] <= entry[1] else entry
            self.errors = [self.errors[0] + entry[0], *first[1:]]

    def merge(self, other: CampaignStats) -> CampaignStats:
        """Add the runs ``other`` counted (disjoint from this one's); returns ``self``."""
        self.runs += other.runs
        self.completed += other.completed
        for name in ("ends", "plays", "rounds", "sums", "levels", "by_run"):
            getattr(self, name).update(getattr(other, name))
        if other.errors:
            self._error(list(other.errors))
        for name, value in other.highest.items():
            self.highest[name] = max(self.highest[name], value)
        return self

    def to_data(self, scenarios: Sequence[str]) -> dict[str, Any]:
        """The JSON-ready summary; ``scenarios`` the campaign's scenario ids in order."""
        n = self.runs
        low, high = wilson_interval(self.completed, n)

        def per_run(total: int) -> float:
            return round(total / n, 4) if n else 0.0

        steps = []
        for index, sid in enumerate(scenarios):
            outcomes = {o: c for (i, s, o), c in sorted(self.plays.items()) if i == index and s == sid}
            plays = sum(outcomes.values())
            steps.append({"index": index, "scenario": sid, "attempts": plays, "wins": outcomes.get("won", 0),
                          "outcomes": outcomes, "rounds_mean": round(self.rounds[(index, sid)] / plays, 4)
                          if plays else 0.0,
                          # the runs that tried it, with T a run's wins and m its attempts: sums of T^2, T m, m^2
                          "runs": self.sums[f"step_runs:{index}:{sid}"],
                          "run_sum_sq": self.sums[f"step_run_sq:{index}:{sid}"],
                          "run_cross": self.sums[f"step_run_cross:{index}:{sid}"],
                          "n_sq": self.sums[f"step_n_sq:{index}:{sid}"]})
        return {
            "players": self.players,
            "runs": n,
            "completed": self.completed,
            "completion_rate": round(self.completed / n, 6) if n else 0.0,
            "completion_ci": [round(low, 6), round(high, 6)],
            "ends": [{"index": i, "scenario": s, "outcome": o, "count": c}
                     for (i, s, o), c in sorted(self.ends.items(), key=lambda kv: (-kv[1], kv[0]))],
            "scenarios": steps,
            "scenarios_won": {"total": self.sums["scenarios_won"], "per_run": per_run(self.sums["scenarios_won"])},
            "attempts": {"total": self.sums["attempts"], "per_run": per_run(self.sums["attempts"])},
            "deaths": {"total": self.sums["deaths"], "per_run": per_run(self.sums["deaths"])},
            "monster_points": {"total": self.sums["monster_points"], "per_run": per_run(self.sums["monster_points"])},
            "monster_level": {"histogram": {str(k): v for k, v in sorted(self.levels.items())}},
            "carry_over": {name: {"n": self.sums["carry:n"], "total": self.sums[f"carry:{name}"],
                                  "sum_sq": self.sums[f"carry_sq:{name}"], "runs": self.sums["carry:runs"],
                                  "run_sum_sq": self.sums[f"carry_run_sq:{name}"],
                                  "run_cross": self.sums[f"carry_run_cross:{name}"],
                                  "n_sq": self.sums["carry:n_sq"], "highest": self.highest[name],
                                  "by_run": [[total, m, c] for (key, total, m), c in sorted(self.by_run.items())
                                             if key == name],
                                  "mean": round(self.sums[f"carry:{name}"] / self.sums["carry:n"], 4)
                                  if self.sums["carry:n"] else 0.0} for name in CARRY_OVER},
            "errors": self.errors[0] if self.errors else 0,
            "error": {"run": self.errors[1], "reason": self.errors[2]} if self.errors else None,
        }


@dataclass(frozen=True)
class CampaignPlan(RunPlan):
    """What to simulate: :class:`~.scenario_runner.RunPlan`'s runs of ``campaign``."""

    campaign: str
    chunk_runs: ClassVar[int] = CAMPAIGN_CHUNK_RUNS

    def new_stats(self, players: int) -> CampaignStats:
        return CampaignStats(players)

    def play_chunk(self, pack: ContentPack, players: int, start: int, stop: int) -> CampaignStats:
        """Play campaign runs ``start``..``stop - 1`` with ``players`` players (the garbage
        collector's youngest generation collected less often over the chunk, as
        ``scenario_runner.run_chunk`` does)."""
        stats = CampaignStats(players)
        with fewer_young_collections():
            for run in range(start, stop):
                stats.add(play_campaign(pack, self, players, run))
        return stats


def make_campaign_plan(pack: ContentPack, campaign: str, *, players: Iterable[int] | None = None, runs: int = 40,
                       seed: int = 1, policy: str = "greedy", heroes: Sequence[str] | None = None,
                       clip_players: bool = False) -> CampaignPlan:
    """A checked :class:`CampaignPlan`; ``players`` defaults to the counts every scenario of
    the campaign allows (``clip_players``: the given counts among those). Raises ValueError
    (a usage error) for an unknown campaign, policy or hero, a player count some scenario
    does not allow, or runs < 1."""
    if campaign not in pack.campaigns:
        raise ValueError(unknown_played("campaign", campaign, pack))
    check_options(policy, runs)
    ranges = [pack.scenarios[s].players for s in pack.campaigns[campaign].scenarios if s in pack.scenarios]
    low = max((r[0] for r in ranges), default=1)
    high = min((r[1] for r in ranges), default=6)
    allowed = list(range(low, high + 1))
    if players is None:
        counts = allowed
    elif clip_players:
        counts = [n for n in sorted(set(players)) if n in allowed] or allowed[:1]
    else:
        counts = sorted(set(players))
    outside = [n for n in counts if n not in allowed]
    if outside or not counts:
        asked = ", ".join(str(n) for n in outside) or "none"  # the counts, not a Python list
        raise ValueError(f"campaign {campaign}'s scenarios are all for {count_range(low, high)} players, not {asked}")
    return CampaignPlan(tuple(counts), runs, seed, policy, tuple(hero_pool(pack, heroes, counts)), campaign=campaign)


def campaign_entry(pack: ContentPack, plan: CampaignPlan, stats: dict[int, CampaignStats],
                   locate: Locator, *, settings: RuleSettings | None = None) -> dict[str, Any]:
    """One campaign's part of the report, findings included (its balance targets are judged
    with the whole report's, in ``scenario_report.build_report``)."""
    campaign = pack.campaigns[plan.campaign]
    summaries = [stats[n].to_data(campaign.scenarios) for n in plan.players]
    for summary in summaries:
        # the bound the runs were played under, for a later --baseline comparison of this report
        # with another pack's (sim.baseline), whose carry-over may have other maxima
        for name, most in carry_maxima(pack, campaign.id, summary["players"]).items():
            summary["carry_over"][name]["most"] = most
    plan_data = {**plan.to_data(pack), "max_attempts": MAX_ATTEMPTS}
    findings = sort_findings(campaign_findings(campaign, summaries, locate, plan_data, settings=settings))
    return {
        "id": campaign.id,
        "name": campaign.name,
        "document": f"campaign/{campaign.id}",
        "location": str(locate("campaign", campaign.id, ())),
        "plan": plan_data,
        "scenarios": list(campaign.scenarios),
        "players": summaries,
        "findings": [f.to_data() for f in findings],
    }
