"""``doria-forge new KIND ID``: a valid, commented starting file for every kind of content.

``new pack ID`` creates the folder ``ID/`` with a manifest that requires the base pack and the
editor schema (``doria.schema.json``), never inside a pack (whose loader would read it as its own).
Any other kind is written into the pack the command runs
in (the nearest folder up from the working folder holding a ``pack.yaml``; ``--pack`` names
another): ``monsters/ID.yaml`` (the monster and its four Monster Level Cards), ``tiles/ID.yaml``,
``scenarios/ID.yaml``, ``heroes/ID.yaml`` (with its two Standard Items), ``equipment/ID.yaml`` (an
``item``: a weapon Loot Card; a ``loot`` card: a potion), ``traps/ID.yaml``, ``bosses/ID.yaml`` (a
Boss Monster), ``modifications/ID.yaml`` (a Monster Modification), ``door_events/ID.yaml`` and
``campaigns/ID.yaml`` (with its two campaign scenarios, ``scenarios/ID_1.yaml`` and ``ID_2.yaml``).
The content kinds' own names work too (``equipment``, ``room_tile``, ``character``,
``monster_modification``...).
Each file starts with a ``# yaml-language-server: $schema=...`` line pointing at the editor
schema (the pack's own, else the ``schemas/`` of a checkout above it; written into the pack
when there is none), validates without a problem and simulates as it is. In a pack written for
German too (``languages: [en, de]`` in its manifest) every printed text carries a German
placeholder beside its English one (``name_de``, ``text_de``, a scenario's ``story_de`` and
``goal_de``...), else validate warns of each missing translation.

Templates: ``templates/new/<kind>.yaml.j2``, given ``translations`` (the pack's languages besides
English) and ``translation_note`` (the comment on the German placeholders). Existing files are never
overwritten.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doria_forge.infra.assets import asset_dir

if TYPE_CHECKING:  # pragma: no cover
    import typer


KINDS = ("pack", "monster", "tile", "scenario", "hero", "item", "loot", "trap", "boss", "modification", "door_event",
         "campaign")
FOLDERS = {"monster": "monsters", "tile": "tiles", "scenario": "scenarios", "hero": "heroes", "item": "equipment",
           "loot": "equipment", "trap": "traps", "boss": "bosses", "modification": "modifications",
           "door_event": "door_events", "campaign": "campaigns"}
ALIASES = {"room_tile": "tile", "character": "hero", "equipment": "item", "loot_card": "loot",
           "monster_modification": "modification", "boss_monster": "boss"}
"""Other names ``new`` accepts for a kind: the content kinds' own (``kind:`` of the YAML)."""
WRITTEN_WITH = {"monster_level": "a Monster Level Card is written with its monster: `new monster ID` writes the "
                                 "monster and its four Monster Level Cards (monsters/ID.yaml)"}
"""The content kinds ``new`` writes no file of their own, and where they come from (asked for one,
the closest kind's name, ``monster``, left the designer to guess the levels come with it)."""
SCHEMA_FILE = "doria.schema.json"
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_\-]*$")

# A monster between the base game's Ghoul and Orc: every number non-decreasing by level.
LEVELS: tuple[dict[str, Any], ...] = (
    {"level": 1, "attack": "2D+4", "defense": "2D+3", "psi_resistance": "2D+2", "damage": 2, "hit_points": 1,
     "armor_rating": 0},
    {"level": 2, "attack": "2D+6", "defense": "2D+4", "psi_resistance": "2D+3", "damage": 3, "hit_points": 2,
     "armor_rating": 1},
    {"level": 3, "attack": "3D+2", "defense": "2D+5", "psi_resistance": "2D+4", "damage": 3, "hit_points": 2,
     "armor_rating": 1},
    {"level": 4, "attack": "3D+4", "defense": "3D+1", "psi_resistance": "2D+5", "damage": 4, "hit_points": 3,
     "armor_rating": 2},
)


# A Boss Monster: the monster above, tougher at every level.
BOSS_LEVELS = tuple({**level, "hit_points": level["hit_points"] + 3, "armor_rating": level["armor_rating"] + 1}
                    for level in LEVELS)


class NewError(ValueError):
    """The file cannot be made: a bad id, no pack to put it in, or it exists already (a usage error)."""


@dataclass(frozen=True)
class Created:
    """What ``new`` wrote: the ``paths``, the main file first."""

    paths: tuple[Path, ...]


def _name(doc_id: str) -> str:
    return " ".join(part.capitalize() for part in re.split(r"[_\-]+", doc_id) if part) or doc_id


def _render(kind: str, **context: object) -> str:
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(asset_dir("templates") / "new"),
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                             trim_blocks=True, lstrip_blocks=True)
    return env.get_template(f"{kind}.yaml.j2").render(**context)


def _schema_line(target: Path, schema: Path) -> str:
    relative = Path(os.path.relpath(schema, target.parent)).as_posix()
    return f"# yaml-language-server: $schema={relative}"


def _schema_for(target: Path, pack_root: Path) -> tuple[Path, bool]:
    """The editor schema a new file in ``pack_root`` points at, and whether it must be written:
    the pack's own ``doria.schema.json``, else ``schemas/doria.schema.json`` of a folder above
    (a checkout's), else a new one in the pack."""
    own = pack_root / SCHEMA_FILE
    if own.is_file():
        return own, False
    for folder in (pack_root, *pack_root.parents):
        candidate = folder / "schemas" / SCHEMA_FILE
        if candidate.is_file():
            return candidate, False
    return own, True


def _schema_text() -> str:
    from doria_forge.model.schema_export import any_kind_text

    return any_kind_text()


def _base_requirement() -> str:
    from doria_forge.packs import read_manifest, shipped_pack_dirs

    for folder in shipped_pack_dirs():
        found = read_manifest(folder)
        if found is not None:
            major = int(found.version.split(".")[0])
            return f"{found.id} >={found.version},<{major + 1}.0.0"
    return "doria-base"


def _write_new(path: Path, text: str) -> Path:
    from doria_forge.infra.fsutil import atomic_write_text

    if os.path.lexists(path):  # a dangling link too: written through, the file landed where it points
        raise NewError(f"{path} exists already; choose another id or remove it")
    path.parent.mkdir(parents=True, exist_ok=True)
    return atomic_write_text(path, text)


def _write_all(files: list[tuple[Path, str]]) -> tuple[Path, ...]:
    """Write the new ``files`` (path, text) together: every one, or none when one cannot be written
    (those written before it are removed; NewError naming it). Ctrl-C and SIGTERM wait until they
    are written. A new campaign whose second scenario could not be written (its folder read-only, a
    file in the place of ``scenarios/``) stayed with its campaign file and first scenario, and
    ``new`` run again refused the id as existing."""
    from doria_forge.infra.staging import signals_deferred

    written: list[Path] = []
    with signals_deferred():
        try:
            for path, text in files:
                written.append(_write_new(path, text))
        except (OSError, NewError) as exc:
            for done in written:
                done.unlink(missing_ok=True)
            if isinstance(exc, NewError):
                raise
            raise NewError(f"cannot write {exc.filename or path}: {exc.strerror or exc}; nothing was "
                           "written") from None
    return tuple(written)


def create(kind: str, doc_id: str, *, where: Path | None = None) -> Created:
    """Write the starting file(s) of ``kind`` (one of :data:`KINDS`) with id ``doc_id``.

    ``where``: for ``pack`` the folder the new pack folder goes into (default: the working
    folder); for other kinds a folder inside the pack (default: the working folder). Raises
    :class:`NewError` for a bad kind or id, no pack found (for ``pack``: ``where`` inside a pack),
    or a file that exists.
    """
    kind = ALIASES.get(kind.lower().replace("-", "_"), kind.lower().replace("-", "_"))
    if kind in WRITTEN_WITH:
        raise NewError(f"no starting file of kind {kind!r}: {WRITTEN_WITH[kind]}")
    if kind not in KINDS:
        from doria_forge.model.words.facts import closest  # only for the message: --help loads no model

        raise NewError(f"unknown kind {kind!r}{closest(kind, [*KINDS, *ALIASES])}; use one of {', '.join(KINDS)}")
    if not _ID.match(doc_id):
        raise NewError(f"id {doc_id!r} must be letters, digits, '_' and '-', starting with a letter or digit")
    from doria_forge.model.common import MAX_ID_LENGTH  # here: --help loads no model

    if len(doc_id) > MAX_ID_LENGTH:  # told as the letters it did not lack, it read as a wrong character
        raise NewError(f"id {doc_id[:20]}... is {len(doc_id)} characters long; an id has at most {MAX_ID_LENGTH}")
    given = where is not None
    where = Path(where) if where is not None else Path.cwd()
    context: dict[str, object] = {"id": doc_id, "name": _name(doc_id)}
    if kind == "pack":
        from doria_forge.packs import find_pack_root  # here: `--help` loads no content model

        # every YAML under a pack is part of it: a second manifest there breaks the pack around it
        around = find_pack_root(where)
        if around is not None:
            raise NewError(f"a pack created in {where} would be read as part of the pack {around}: create it "
                           "beside that pack (--pack FOLDER)")
        root = where / doc_id
        if os.path.lexists(root):
            raise NewError(f"{root} exists already; choose another id or folder")
        manifest = root / "pack.yaml"
        schema = root / SCHEMA_FILE
        text = _render("pack", schema_line=_schema_line(manifest, schema), base_requirement=_base_requirement(),
                       **context)
        return Created(_write_all([(manifest, text), (schema, _schema_text())]))
    from doria_forge.packs import find_pack_root, find_project_pack  # here: `--help` loads no content model

    # the pack around the folder, else the content/ of the project around it, as every command finds it
    pack_root = find_pack_root(where) or find_project_pack(where)
    if pack_root is None and given:
        raise NewError(f"--pack {where} is not in a pack: no pack.yaml in it or above it, nor content/pack.yaml; "
                       "name the pack's folder (the one holding its pack.yaml)")
    if pack_root is None:
        raise NewError(f"no pack here: no pack.yaml in {where} or above it, nor content/pack.yaml; run "
                       "`doria-forge new pack ID` first, or pass --pack")
    target = pack_root / FOLDERS[kind] / f"{doc_id}.yaml"
    schema, missing = _schema_for(target, pack_root)
    files = [(target, kind, context)]
    if kind == "campaign":  # its scenarios, so that it validates and plays as written
        chapters = [f"{doc_id}_{n}" for n in (1, 2)]
        context = {**context, "chapters": chapters}
        files = [(target, kind, context)] + [
            (pack_root / FOLDERS["scenario"] / f"{chapter}.yaml", "scenario",
             {"id": chapter, "name": f"{_name(doc_id)} {n}", "mode": "campaign"})
            for n, chapter in enumerate(chapters, 1)]
    for path, _, _ in files:
        if os.path.lexists(path):
            raise NewError(f"{path} exists already; choose another id or remove it")
    if missing and os.path.lexists(schema):  # a folder or FIFO of its name: refused after the new files were written
        raise NewError(f"cannot write the editor schema {schema}: something that is not a file is in its place; "
                       "move it away")
    languages = _languages(pack_root)
    translations = [lang for lang in languages if lang != "en"]
    texts = [(path, _render(template, schema_line=_schema_line(path, schema), levels=LEVELS,
                            boss_levels=BOSS_LEVELS, translations=translations,
                            translation_note=translation_note(languages), **values))
             for path, template, values in files]
    _refuse_defined(pack_root, texts, doc_id)
    return Created(_write_all([*texts, *([(schema, _schema_text())] if missing else [])]))


def _languages(pack_root: Path) -> list[str]:
    """The languages the manifest of ``pack_root`` says the pack is written for (``languages: [en,
    de]``; ``[en]`` without a manifest): validate asks every printed text for its translation in
    each besides English (missing-translation), so a template writes a placeholder for them
    (``name_de``...)."""
    from doria_forge.packs import read_manifest

    found = read_manifest(pack_root)
    return list(found.manifest.languages) if found is not None else ["en"]


def translation_note(languages: list[str]) -> str:
    """The comment a template writes beside the first German placeholder of a pack written for
    ``languages``: which they are, and, in a pack written for German alone, that the English
    fields (those without ``_de``) stay (the schema requires some: a name, a scenario's story
    and goal). A pack of
    ``languages: [de]`` was told it was "written for en, de"."""
    note = f"German texts (the pack is written for {', '.join(languages)}): replace each with yours"
    if "en" not in languages:
        note += "; keep the fields without _de too (English): some are required"
    return note


def _refuse_defined(pack_root: Path, texts: list[tuple[Path, str]], doc_id: str) -> None:
    """Raise NewError when a document the new files define (a monster's Monster Level Cards, a
    campaign's scenarios too) has the kind and id of one the pack defines in another file (a
    file of several documents: ``modifications.yaml``): validate would then blame the
    designer's own file for the duplicate; or when an id made from ``doc_id`` (``orc-4``,
    ``hero_weapon``) is longer than an id may be: the files would not validate."""
    from doria_forge.load import load_text
    from doria_forge.model.common import MAX_ID_LENGTH
    from doria_forge.packs import pack_documents
    from doria_forge.validate.packs import required_documents

    new: set[tuple[object, object]] = set()
    documents_made: list[object] = []
    for path, text in texts:
        documents, _ = load_text(text.encode("utf-8"), path=path.name)
        new |= {(d.data.get("kind"), d.data.get("id")) for d in documents}
        documents_made += [d.data for d in documents]
    longest = max(_ids(documents_made), key=len)
    if len(longest) > MAX_ID_LENGTH:
        room = MAX_ID_LENGTH - (len(longest) - len(doc_id))
        raise NewError(f"id {doc_id[:20]}... is too long: the id {longest[:20]}...{longest[-8:]} made from it would "
                       f"have {len(longest)} characters, and an id has at most {MAX_ID_LENGTH}; give at most {room}")
    own = pack_documents(pack_root)
    for doc in own:
        key = (doc.data.get("kind"), doc.data.get("id"))
        if key in new:
            raise NewError(f"{key[0]} {key[1]!r} is defined already at {doc.root}; choose another id")
    # an id a required pack has (the base pack's orc): the new file would replace that document,
    # which validate then warns of five times over (pack-override), unless replacing is the intent
    required, announced = required_documents(pack_root, own)
    unannounced = new - announced
    replaced = [(found, doc) for found, doc in required if isinstance(doc.data, dict)
                and (doc.data.get("kind"), doc.data.get("id")) in unannounced]
    if replaced:
        found, doc = replaced[0]
        names = ", ".join(f"{d.data['kind']}/{d.data['id']}" for _, d in replaced)
        what, them, at = (f"{names} is a document", "it", "at") if len(replaced) == 1 else \
            (f"{len(replaced)} of the new documents ({names}) are documents", "them", "the first at")
        raise NewError(f"{what} of {found.id} {found.version}, which this pack requires ({at} {doc.root}): "
                       f"the new files would replace {them}; choose another id, or add {names} to replaces: in "
                       f"pack.yaml to replace {them} on purpose")


def _ids(data: object) -> list[str]:
    """Every ``id`` in ``data`` (plain YAML data), the documents' own and those inside them (a
    Boss Monster's ability)."""
    if isinstance(data, dict):
        own = [data["id"]] if isinstance(data.get("id"), str) else []
        return own + [i for value in data.values() for i in _ids(value)]
    if isinstance(data, list):
        return [i for value in data for i in _ids(value)]
    return []


def register(app: typer.Typer) -> None:
    """Add ``new`` to the command line ``app`` (a Typer app)."""
    import typer

    @app.command("new")
    def new(
        kind: str = typer.Argument(..., metavar="KIND", help=f"One of: {', '.join(KINDS)}."),
        doc_id: str = typer.Argument(..., metavar="ID", help="Id of the new pack or document (orc, B-4, frost_wight)."),
        pack: Path | None = typer.Option(None, "--pack", help="The pack to add to (default: the pack around the "
                                         "working folder); for `new pack`, the folder to create it in."),
    ) -> None:
        """Write a valid, commented starting file: a pack (a folder requiring the base pack), or in the
        current pack a monster with its four Monster Level Cards, a Room Tile, a scenario, a hero, an item,
        a loot card, a trap, a boss, a Monster Modification, a Door Event or a campaign with its scenarios."""
        try:
            created = create(kind, doc_id, where=pack)
        except NewError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
        for path in created.paths:
            typer.echo(str(path))
