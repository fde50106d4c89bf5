"""Fast deep copies of a game's objects (``GameState.copy``, ``determinized``: bots that look
ahead copy the game thousands of times a run), and frozen values made without their dataclass
``__init__`` (``three_slots``).

A class that copies itself fast says, attribute by attribute, how (a *plan*): ``share`` the
value (immutable: numbers, strings, tuples of those, frozen content documents; or a cache kept
by version tokens on purpose), ``flat`` (a list, dict or set of immutable values: a new container
of the same values), ``each`` (a list or dict of mutable objects: each deep-copied), ``nested`` (a
dict or list of ``flat`` containers), ``clone`` (an object whose attributes are all immutable: a
new object with the same attributes; ``clone_each``: a list or dict of those), ``deep``
(``copy.deepcopy``), ``DROP`` (a cache worked out again on demand). An attribute the
plan does not name is deep-copied (``copy.deepcopy`` with the same memo): a field added later is
copied safely, only slower, until the plan names it. Objects are registered in the memo as
``deepcopy`` does, so an object reached twice is copied once. A copy holds the values
``copy.deepcopy`` of every object gave, with the same objects reached twice, and shares only
what never changes (``tests/test_game_copy.py`` walks every attribute of both).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from copy import deepcopy
from typing import Any, TypeVar

T = TypeVar("T")

Copier = Callable[[Any, dict], Any]


def share(value: Any, memo: dict) -> Any:
    return value


def flat(value: Any, memo: dict) -> Any:
    return None if value is None else value.copy()


def each(value: Any, memo: dict) -> Any:
    if isinstance(value, dict):
        return {k: deepcopy(v, memo) for k, v in value.items()}
    return [deepcopy(v, memo) for v in value]


def nested(value: Any, memo: dict) -> Any:
    if isinstance(value, dict):
        return {k: v.copy() for k, v in value.items()}
    return [v.copy() for v in value]


_set = object.__setattr__
"""How a copy's attributes are set: one by one, never through the copy's ``__dict__``. Python 3.11
keeps an instance's attributes in a compact array, read without a look-up, until something asks
for its ``__dict__``; from then on every read of that object goes through a dict of its own, about
twice the time (a game's heroes are copies: issue 20). ``object.__setattr__`` also sets the
fields of a frozen dataclass, as the dict did."""


def clone(value: Any, memo: dict) -> Any:
    if value is None:
        return None
    found = memo.get(id(value))
    if found is not None:
        return found
    cls: Any = type(value)
    new = cls.__new__(cls)
    if hasattr(value, "__dict__"):
        for name, attr in value.__dict__.items():
            _set(new, name, attr)
    else:
        for name in cls.__slots__:
            object.__setattr__(new, name, getattr(value, name))
    memo[id(value)] = new
    return new


def clone_each(value: Any, memo: dict) -> Any:
    if isinstance(value, dict):
        return {k: clone(v, memo) for k, v in value.items()}
    return [clone(v, memo) for v in value]


deep: Copier = deepcopy


def DROP(value: Any, memo: dict) -> Any:
    raise AssertionError("DROP marks an attribute left out of the copy; it is never called")


def three_slots(cls: type[T], names: tuple[str, str, str]) -> Callable[[Any, Any, Any], T]:
    """A maker of ``cls(a, b, c)`` for a frozen slotted dataclass of the three fields ``names`` (in
    its field order, no ``__post_init__``): it sets the slots through their descriptors, where the
    frozen class's own ``__init__`` sets each field by name through ``object.__setattr__``, about
    twice the time (values the engine makes hundreds of times a game: events, dice rolls). The
    same object: equal, frozen, slotted."""
    new = object.__new__
    set_a, set_b, set_c = (vars(cls)[name].__set__ for name in names)

    def make(a: Any, b: Any, c: Any) -> T:
        made = new(cls)
        set_a(made, a)
        set_b(made, b)
        set_c(made, c)
        return made

    return make


def copy_by_plan(obj: Any, memo: dict, plan: Mapping[str, Copier]) -> Any:
    """A copy of ``obj`` (an object with a ``__dict__``) whose attributes are copied as ``plan``
    says (see the module docstring); registered in ``memo`` before its attributes are copied."""
    cls: Any = type(obj)
    new = cls.__new__(cls)
    memo[id(obj)] = new
    for name, value in obj.__dict__.items():
        how = plan.get(name, deepcopy)
        if how is not DROP:
            _set(new, name, how(value, memo))
    return new
