"""One greedy decision's readings of the game, each worked out once (``sim.bots.greedy_bot``).

Deciding one action, the greedy bot asks the same questions of the game again and again: every
step of its Action Phase asks whether the hero holds back, where the party stands, what the
scenario steers for and which attacks can hurt which monster. Nothing in the game changes while
a bot decides (it reads the game; the action it returns is applied afterwards), so inside
:func:`deciding` a function marked :func:`per_decision` answers each question once and the
answer is forgotten when the decision is made. Outside a decision (a search policy's own
candidates, the tests) every question is worked out afresh.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

KEY = "deciding"
"""The ``state.scratch`` key of the decision under way's answers."""

F = TypeVar("F", bound=Callable[..., Any])


class deciding:  # lower case: opened like a function, ``with deciding(state):``
    """A decision under way on ``state``: its answers remembered until the block ends (a decision
    within one goes on with the same answers). A class rather than a generator-based context
    manager: every greedy decision opens one, and the generator's frame, its wrapper object and
    their calls cost more than the two methods."""

    __slots__ = ("scratch", "opened")

    def __init__(self, state: Any) -> None:
        self.scratch = state.scratch
        self.opened = False

    def __enter__(self) -> None:
        scratch = self.scratch
        if KEY not in scratch:
            scratch[KEY] = {}
            self.opened = True

    def __exit__(self, *_exc: object) -> None:
        if self.opened:
            del self.scratch[KEY]


def per_decision(work: F) -> F:
    """``work(state, *figures)`` (positional arguments only) remembered for the decision under way
    on ``state`` by the figures it is asked about (heroes and monsters: by identity). The answer is
    shared by every caller of the decision: a caller must not change it."""

    @wraps(work)
    def remembered(state: Any, *figures: Any) -> Any:
        answers = state.scratch.get(KEY)
        if answers is None:
            return work(state, *figures)
        key = (work, *figures)
        found = answers.get(key, answers)  # the dict itself: no answer yet (None is one)
        if found is answers:
            found = answers[key] = work(state, *figures)
        return found

    return cast(F, remembered)
