"""A campaign's scenarios and rewards fit together (chapter *Campaigns*).

That every scenario a campaign lists exists is checked for all references alike
(``dangling-reference``). This rule checks the campaign as a whole:

* a reward ``after_scenario`` past the campaign's last scenario is never given (error);
* a scenario played in a campaign should be written for one (``mode: campaign``): a single
  scenario gives the faster hero levels of single scenarios (warning);
* a scenario listed twice is probably a copy-paste slip (warning);
* a ``balance.scenario_win_rate`` target for a scenario the campaign does not play is never
  judged (error), nor is a target for a player count outside the range every scenario of the
  campaign allows (error: a gate that never judges a target passes it without a word).

Passing::

    kind: campaign
    scenarios: [greywater_ledger, greywater_gate, greywater_toll]
    rewards: [{after_scenario: 3, text: "The campaign is won."}]

Failing::

    kind: campaign
    scenarios: [greywater_ledger, sunken_reliquary, greywater_ledger]   # a single scenario; a repeat
    rewards: [{after_scenario: 4, text: "Never given."}]                 # only 3 scenarios
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from ...load.problem import Problem, Severity
from ...model import Campaign, ContentPack
from ..source_map import SourceMap

ID = "campaign-links"
SEVERITY = Severity.ERROR


def check(pack: ContentPack, source_map: SourceMap) -> Iterable[Problem]:
    for campaign in pack.campaigns.values():
        count = len(campaign.scenarios)
        for i, reward in enumerate(campaign.rewards):
            if reward.after_scenario > count:
                yield source_map.problem(
                    "campaign", campaign.id, ("rewards", i, "after_scenario"), ID, SEVERITY,
                    f"reward after scenario {reward.after_scenario} is never given: the campaign has {count} "
                    f"scenario{'s' if count != 1 else ''}",
                    value=True,
                )
        first: dict[str, int] = {}
        for i, scenario_id in enumerate(campaign.scenarios):
            if scenario_id in first:
                yield source_map.problem(
                    "campaign", campaign.id, ("scenarios", i), ID, Severity.WARNING,
                    f"scenario {scenario_id} is already scenario {first[scenario_id] + 1} of this campaign",
                    value=True,
                )
                continue
            first[scenario_id] = i
            scenario = pack.scenarios.get(scenario_id)
            if scenario is not None and scenario.mode != "campaign":
                yield source_map.problem(
                    "campaign", campaign.id, ("scenarios", i), ID, Severity.WARNING,
                    f"scenario {scenario_id} is a single scenario (mode: {scenario.mode}); a campaign plays "
                    "scenarios written for it (mode: campaign)",
                    value=True,
                )
        yield from _balance(pack, campaign, source_map)


def _balance(pack: ContentPack, campaign: Campaign, source_map: SourceMap) -> Iterable[Problem]:
    balance = campaign.balance
    if balance is None:
        return
    for sid in balance.scenario_win_rate:
        if sid not in campaign.scenarios:
            close = difflib.get_close_matches(sid, campaign.scenarios, n=1, cutoff=0.6)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            yield source_map.problem("campaign", campaign.id, ("balance", "scenario_win_rate", sid), ID, SEVERITY,
                                     f"scenario {sid} is not played in this campaign: its target is never judged{hint}")
    ranges = [pack.scenarios[s].players for s in campaign.scenarios if s in pack.scenarios]
    low, high = max((r[0] for r in ranges), default=1), min((r[1] for r in ranges), default=6)
    tables: list[tuple[tuple[str, ...], Any]] = [(("balance", "completion_rate"), balance.completion_rate)]
    tables += [(("balance", "scenario_win_rate", sid), t) for sid, t in balance.scenario_win_rate.items()]
    for path, table in tables:
        for key in table:
            if key != "all" and not low <= int(key) <= high:
                yield source_map.problem("campaign", campaign.id, (*path, key), ID, SEVERITY,
                                         f"no campaign with {key} players is simulated: its scenarios are all for "
                                         f"{low}-{high} players")
