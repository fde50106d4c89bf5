"""The registry of words: every word of a vocabulary registered once, by the module that owns it.

A *word* is one scenario trigger, condition, effect or goal, or one monster behaviour: a
pydantic model whose tag field (``on``, ``check``, ``do``, ``goal``, ``behaviour``) names it.
The module that defines the word owns all of it: the fields (its model fragment), its class
docstring (the documentation line ``doria-forge abilities`` and the field reference print),
an ``example`` (a mapping as written in YAML, validated by the tests), what it does in play
and what ``validate`` says about it beyond the schema. :class:`Family` keeps the words of one
vocabulary in registration order, and builds from them the discriminated union the content
models use, so a word not registered cannot be written and a registered one needs nothing
else to be read, played, validated and listed.
"""

from collections.abc import Iterable, Iterator
from importlib import import_module
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Generic, TypeVar, Union, get_args

from pydantic import Field

from ..common import Ref, Strict
from .common import PLAIN, Wording

if TYPE_CHECKING:  # pragma: no cover
    from .facts import Facts, Path, RuleFinding


class Word(Strict):
    """Base of every word: ``example`` is the word as a designer writes it (a mapping with its
    tag), shown by ``doria-forge abilities`` and parsed by the tests. The hooks below say what
    ``validate`` needs to know of a word; each is empty unless the word has something to say."""

    example: ClassVar[dict[str, Any]] = {}

    def describe(self, words: Wording = PLAIN) -> str:
        """The word in words, for the printed scenario page."""
        raise NotImplementedError

    def describe_de(self, words: Wording = PLAIN) -> str:
        """The word in German, for the German edition's scenario page (``words`` names the ids by
        their German names; the grammar: :mod:`.german`). Every word a scenario page prints
        writes it beside ``describe``; the tests ask each registered word for it."""
        raise NotImplementedError

    def references(self, path: "Path") -> Iterator[Ref]:
        """The documents the word names (monsters, bosses, items, Room Tiles), its field path
        being ``path``; not its places (a scenario lists those with all its other places)."""
        return iter(())

    def reads_flags(self) -> Iterable[str]:
        """Scenario flags the word reads."""
        return ()

    def findings(self, facts: "Facts", path: "Path") -> "Iterator[RuleFinding]":
        """What is wrong with the word in its scenario (beyond the schema), each finding with
        the id of the validation rule it belongs to."""
        return iter(())


W = TypeVar("W", bound=Word)


class Family(Generic[W]):
    """The words of one vocabulary: ``kind`` (``effect``...), the ``tag`` field naming a word,
    the ``base`` class every word extends; ``register`` adds a word class (as a decorator)."""

    def __init__(self, kind: str, tag: str, base: type[W]) -> None:
        self.kind, self.tag, self.base = kind, tag, base
        self.words: dict[str, type[W]] = {}

    def register(self, cls: type[W]) -> type[W]:
        """Add word ``cls`` under the name its tag field allows; raises ``TypeError`` for a
        class that is not a word of this family or whose name is taken."""
        if not issubclass(cls, self.base):
            raise TypeError(f"{cls.__name__} is no {self.kind} word (it does not extend {self.base.__name__})")
        name = self.name_of(cls)
        if name in self.words:
            raise TypeError(f"{self.kind} {name!r} is registered twice ({self.words[name].__name__}, {cls.__name__})")
        self.words[name] = cls
        return cls

    def name_of(self, cls: type[Word]) -> str:
        """The name of word ``cls``: the one value its tag field allows."""
        field = cls.model_fields.get(self.tag)
        values = get_args(field.annotation) if field is not None else ()
        if len(values) != 1 or not isinstance(values[0], str):
            raise TypeError(f"{cls.__name__} needs its tag {self.tag}: Literal['<name>']")
        return values[0]

    def load(self, package: str, modules: Iterable[str]) -> Any:
        """Import the word modules ``modules`` of ``package`` in order (each registers its word)
        and return the family's union (see ``union``)."""
        for module in modules:
            import_module(f"{package}.{module}")
        return self.union()

    def union(self, words: Iterable[type[W]] | None = None) -> Any:
        """The words (or only ``words``) as one pydantic discriminated union, in registration
        order (the order of the JSON Schema's ``oneOf``)."""
        chosen = tuple(self.words.values() if words is None else words)
        return Annotated[Union[chosen], Field(discriminator=self.tag)]  # noqa: UP007

    def __iter__(self) -> Iterator[type[W]]:
        return iter(self.words.values())

    def __getitem__(self, name: str) -> type[W]:
        return self.words[name]

    def __len__(self) -> int:
        return len(self.words)

    def names(self) -> list[str]:
        """The words' names, in registration order."""
        return list(self.words)


FAMILIES: list[Family[Any]] = []
"""Every vocabulary on the registry (filled by the family packages as they are imported)."""
