"""Small scenarios and campaigns for the scenario-runner tests, written into a copy of the
shipped pack: quick to play, with outcomes that do not depend on how well a policy plays."""

from pathlib import Path

from doria_forge.validate import validate_pack

# Survive one or two rounds: won at the end of the round whatever the heroes do (quick_a's
# balance target, at most 50% won, is missed); doomed is lost at the end of round 1.
QUICK = """\
kind: scenario
id: quick_a
name: Quick A
source: sample
players: [1, 6]
story: "Hold the stairs for one round."
goal: "Survive one round."
goals:
  win:
    - {goal: survive, rounds: 1}
rewards:
  group_xp: 2
  keep_loot_cards: 2
balance:
  win_rate:
    all: [0.0, 0.5]
max_rounds: 5
---
kind: scenario
id: quick_b
name: Quick B
source: sample
players: [1, 6]
story: "Hold the stairs for two rounds."
goal: "Survive two rounds."
goals:
  win:
    - {goal: survive, rounds: 2}
max_rounds: 5
---
kind: scenario
id: doomed
name: Doomed
source: sample
players: [1, 6]
story: "The roof comes down at the end of the first round."
goal: "Hold out for three rounds (nobody can)."
goals:
  win:
    - {goal: survive, rounds: 3}
rules:
  - text: "The roof comes down."
    when: {on: round_end, round: 1}
    do:
      - {do: lose}
max_rounds: 5
"""

QUICK_CAMPAIGN = """\
kind: campaign
id: quick_run
name: Quick Run
source: sample
scenarios: [quick_a, quick_b, quick_a]
rewards:
  - {after_scenario: 1, text: "Keep one card.", keep_loot_cards: 1}
  - {after_scenario: 2, text: "A hero bonus.", keep_loot_cards: 1, hero_bonus: true}
starting_monster_points: 8
---
kind: campaign
id: doomed_run
name: Doomed Run
source: sample
scenarios: [quick_a, doomed, quick_b]
"""

# Orcs pour in every round next to the heroes: a change to the Orc shows at once.
ORC_PIT = """\
kind: scenario
id: orc_pit
name: The Orc Pit
source: sample
players: [1, 6]
story: "Orcs come up the stairs, round after round."
goal: "Hold out for four rounds."
goals:
  win:
    - {goal: survive, rounds: 4}
rules:
  - text: "Two orcs climb the stairs."
    when: {on: round_start}
    do:
      - {do: spawn, monster: orc, count: 2}
  - text: "With six heroes the pit opens wider."
    when: {on: round_start}
    if:
      - {check: players, min: 6, max: 6}
    do:
      - {do: spawn, monster: orc}
  - text: "Orcs shout a lot (not simulated)."
max_rounds: 6
"""


def add_documents(pack_dir: Path, name: str, text: str) -> Path:
    """Write ``text`` as ``name`` into the pack folder ``pack_dir``; returns the file."""
    path = pack_dir / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def validated(pack_dir: Path):
    """The ValidationResult of ``pack_dir`` (asserting it has no errors)."""
    result = validate_pack(pack_dir)
    assert result.pack is not None, [str(p) for p in result.problems if p.is_error]
    return result


def shipped_with(folder: Path, documents: dict[str, str]) -> Path:
    """A copy of the shipped pack in ``folder`` with ``documents`` (path in the pack -> YAML text)
    added; returns ``folder``."""
    import shutil

    shutil.copytree(Path(__file__).resolve().parents[1] / "content", folder)
    for name, text in documents.items():
        add_documents(folder, name, text)
    return folder
