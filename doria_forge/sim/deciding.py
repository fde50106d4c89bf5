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

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, TypeVar, cast

KEY = "deciding"
"""The ``state.scratch`` key of the decision under way's answers."""

F = TypeVar("F", bound=Callable[..., Any])


@contextmanager
def deciding(state: Any) -> Iterator[None]:
    """A decision under way on ``state``: its answers remembered until the block ends (a decision
    within one goes on with the same answers)."""
    scratch = state.scratch
    if KEY in scratch:
        yield
        return
    scratch[KEY] = {}
    try:
        yield
    finally:
        del scratch[KEY]


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
