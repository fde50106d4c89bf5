"""The German grammar the words' German sentences (``describe_de``) are made with, beside the
English helpers of :mod:`.common`: the game's German terms, articles and their cases, lists,
numbers with their noun, and the heroes an effect reaches.

The terms are the German edition's, read from the printer's labels (``doria_forge.i18n.LABELS``:
Raumplatte, Schatzkarte, Gruppen-EP, TP, MW, Monsterstufe...), so a sentence names a thing as the
rest of the German booklet and the cards do. Display names from the data (``name_de``: Ork,
Goblin-Bogenschützen, Der Hohle König) have no gender or case the data could tell, so a sentence
never declines them: a monster type stands after ``Monster vom Typ`` or a count (``2 × Ork``), a
boss, item or token name in quotes after its noun (``das Boss-Monster „Glutdrache“``, ``den
Marker „Reliquie“``). Sentences use the imperative of the cards (``Bewege das Monster der
Monsterleiste 1 Feld nach unten``) or a statement (``jeder Held verliert 2 TP``), so each one is whole after a colon.

Nothing here imports the rest of the words: :mod:`.common` builds on it.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from ...i18n import dice, t

Case = Literal["nom", "akk", "dat"]
"""A German case a noun phrase is put in: ``nom`` (the subject), ``akk`` (what is put, where to),
``dat`` (where something is, with what)."""
Gender = Literal["m", "f", "n"]

_CASES: dict[Case, int] = {"nom": 0, "akk": 1, "dat": 2}
_DETERMINERS: dict[str, dict[Gender, tuple[str, str, str]]] = {
    # nominative, accusative, dative of each determiner, by the noun's gender
    "der": {"m": ("der", "den", "dem"), "f": ("die", "die", "der"), "n": ("das", "das", "dem")},
    "dieser": {"m": ("dieser", "diesen", "diesem"), "f": ("diese", "diese", "dieser"),
               "n": ("dieses", "dieses", "diesem")},
    "jeder": {"m": ("jeder", "jeden", "jedem"), "f": ("jede", "jede", "jeder"), "n": ("jedes", "jedes", "jedem")},
    "ein": {"m": ("ein", "einen", "einem"), "f": ("eine", "eine", "einer"), "n": ("ein", "ein", "einem")},
    "kein": {"m": ("kein", "keinen", "keinem"), "f": ("keine", "keine", "keiner"), "n": ("kein", "kein", "keinem")},
}
_EIN_WORDS = ("ein", "kein")
UNINFLECTED = frozenset({"lila", "orange", "rosa"})
"""Colour words German does not inflect (``die lila Rune``, ``der lila Rune``)."""


def de(label: str) -> str:
    """The German edition's word for the printer's ``label`` (``Room Tile`` -> ``Raumplatte``)."""
    return t(label, "de")


@dataclass(frozen=True)
class Noun:
    """A German noun: its ``gender`` and its singular in the nominative, accusative and dative
    (``Held``, ``Helden``, ``Helden``; most nouns keep one form)."""

    gender: Gender
    nom: str
    akk: str = ""
    dat: str = ""

    def form(self, case: Case) -> str:
        """The noun in ``case``."""
        return {"nom": self.nom, "akk": self.akk or self.nom, "dat": self.dat or self.nom}[case]


HELD = Noun("m", de("Hero"), "Helden", "Helden")
MARKER = Noun("m", "Marker")
RUNE = Noun("f", "Rune")
EINGANG = Noun("m", "Eingang")
RAUMPLATTE = Noun("f", de("Room Tile"))
MONSTER = Noun("n", de("Monster"))
BOSS = Noun("n", de("Boss Monster"))


def adjective(stem: str, determiner: str, gender: Gender, case: Case) -> str:
    """``stem`` (``blau``, ``aktiv``) with its ending after ``determiner`` (a key of the table
    above) for a noun of ``gender`` in ``case``: ``blaue``, ``aktiven``, ``lebender``."""
    if stem in UNINFLECTED:
        return stem
    if case == "dat" or (case == "akk" and gender == "m"):
        return stem + "en"
    if determiner in _EIN_WORDS and case in ("nom", "akk") and gender != "f":
        return stem + ("er" if gender == "m" else "es")
    return stem + "e"


def phrase(determiner: str, noun: Noun, case: Case, adj: str = "") -> str:
    """A noun phrase: ``determiner`` (der, dieser, jeder, ein, kein), adjective stem ``adj`` and
    ``noun`` in ``case``: ``den aktiven Helden``, ``einer blauen Rune``, ``dem Marker``."""
    words = [_DETERMINERS[determiner][noun.gender][_CASES[case]]]
    if adj:
        words.append(adjective(adj, determiner, noun.gender, case))
    return " ".join([*words, noun.form(case)])


def quoted(name: str) -> str:
    """A name in German quotes: ``„Reliquie“``."""
    return f"„{name}“"


def und_list(parts: list[str]) -> str:
    """``a``, ``a und b``, ``a, b und c``."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " und " + parts[-1]


def count(n: int, one: str, many: str) -> str:
    """A number with its noun: ``1 Schatzkarte``, ``2 Schatzkarten``."""
    return f"{n} {one if n == 1 else many}"


def capital(sentence: str) -> str:
    """``sentence`` with a capital first letter, as a whole sentence after a colon starts."""
    return sentence[:1].upper() + sentence[1:]


def tile(ref: str) -> str:
    """A Room Tile by its id: ``Raumplatte C-7``."""
    return f"{de('Room Tile')} {ref}"


BOOK_MARKERS = frozenset({"loot", "hole", "rubble", "blocked_door", "secret_door", "fire", "ice", "air"})
"""The Book of Rules' markers (chapter *Dungeon Markers*; the engine's ``engine.map.layout.MARKERS``):
the German edition names them (the labels: Schatz, Loch, Geröll, Fallgitter...). A scenario's own
marker (``nest``) takes its German name from the scenario's ``names_de``, else prints as written."""

NO_NAMES: Mapping[str, str] = MappingProxyType({})
"""No German names of a scenario's own flags and markers: each prints as written."""


def own_name(name: str, names: Mapping[str, str] = NO_NAMES) -> str:
    """A scenario's own flag or marker ``name`` in German: its entry in ``names`` (the
    scenario's ``names_de``: ``nest_burned`` -> ``Nest verbrannt``), else as written, in words
    (``nest burned``)."""
    return names.get(name) or name.replace("_", " ")


def marker_name(name: str, names: Mapping[str, str] = NO_NAMES) -> str:
    """A marker's name in quotes: the Book of Rules' in German (:data:`BOOK_MARKERS`), a
    scenario's own by :func:`own_name`: ``„Loch“``, ``„Nest“``, ``„sluice lever“``."""
    return quoted(de(name.replace("_", " ")) if name in BOOK_MARKERS else own_name(name, names))


def marker(name: str, determiner: str, case: Case, names: Mapping[str, str] = NO_NAMES) -> str:
    """A marker by its name (:func:`marker_name`): ``einen Marker „Loch“``, ``dem Marker „Nest“``."""
    return f"{phrase(determiner, MARKER, case)} {marker_name(name, names)}"


def token(name: str, case: Case) -> str:
    """A scenario token by its display name, as the booklet calls a token, a marker: ``den Marker „Reliquie“``."""
    return f"{phrase('der', MARKER, case)} {quoted(name)}"


def monster_type(name: str) -> str:
    """The monsters of one type, whatever the German name's gender: ``Monster vom Typ Ork``
    (after ``ein``, ``jedes``, ``kein`` or a number)."""
    return f"{MONSTER.nom} vom Typ {name}"


def some_monster(name: str | None, boss: bool) -> str:
    """The monster a trigger waits for, as a subject: ``das Boss-Monster`` (``boss``), ``ein
    Monster vom Typ Ork`` (the type's display ``name``), else ``ein Monster``."""
    if boss:
        return phrase("der", BOSS, "nom")
    return f"ein {monster_type(name)}" if name else f"ein {MONSTER.nom}"


def roll(attributes: tuple[str, ...] | list[str], dice_count: int = 2) -> str:
    """A check's roll as the German edition writes it: ``STR+WAH+2W``."""
    return "+".join(de(a) for a in attributes) + "+" + dice(f"{dice_count}D", "de")


@dataclass(frozen=True)
class Heroes:
    """The heroes an effect reaches, as one German noun phrase about a hero: ``determiner`` (der,
    dieser, jeder, ein, kein), an adjective stem before *Held* (``aktiv``), ``after`` it (a place,
    ``mit dem Marker „Reliquie“``) and a relative ``clause`` (``der es besiegt hat``)."""

    determiner: str
    adj: str = ""
    after: str = ""
    clause: str = ""

    def case(self, case: Case) -> str:
        """The phrase in ``case``: ``den aktiven Helden``, ``jedem Helden auf Raumplatte C-7``,
        ``den Helden, der sie aufgedeckt hat`` (ending a sentence or clause)."""
        text = phrase(self.determiner, HELD, case, self.adj)
        text += f" {self.after}" if self.after else ""
        return text + (f", {self.clause}" if self.clause else "")

    @property
    def subject(self) -> str:
        """The phrase as the subject before its verb (a relative clause closed by its comma):
        ``der Held, der es besiegt hat,`` (zieht...)."""
        return self.case("nom") + ("," if self.clause else "")


ACTIVE_HERO = Heroes("der", "aktiv")
"""The hero a rule means when its trigger names none: ``der aktive Held``."""
THAT_HERO = Heroes("dieser")
"""The hero the trigger or check names: ``dieser Held``."""
EVERY_HERO = Heroes("jeder")
