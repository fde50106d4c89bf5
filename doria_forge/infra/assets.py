"""Where doria-forge's own files are: the base pack, print layouts, Jinja2 templates.

An installed wheel carries them inside the package (``doria_forge/content``,
``doria_forge/layouts``, ``doria_forge/templates``; see pyproject.toml); a source checkout has
them at its top level (``content/``, ``layouts/``, ``templates/``). Every module asks here
instead of guessing, so the two installs behave alike.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
"""The ``doria_forge`` package folder."""


def asset_dir(name: str) -> Path:
    """The folder of doria-forge's own ``name`` (``content``, ``layouts``, ``templates``): inside
    the package when installed from a wheel, else beside it in the checkout."""
    packaged = PACKAGE_ROOT / name
    return packaged if packaged.is_dir() else PACKAGE_ROOT.parent / name


DEFAULT_LAYOUT_FILE = asset_dir("layouts") / "default.yaml"
"""doria-forge's own print layout, for a project without ``layouts/default.yaml``."""
DEFAULT_TEMPLATES_DIR = asset_dir("templates")
"""doria-forge's own templates, for a project without ``templates/``."""


def project_assets(project: Path | None) -> tuple[Path, Path]:
    """``(layout file, templates folder)`` for the designer's ``project`` folder (the one holding
    the pack): its own ``layouts/default.yaml`` (else ``default.yml``) and ``templates/`` where they exist, each else
    ``DEFAULT_LAYOUT_FILE`` / ``DEFAULT_TEMPLATES_DIR``. ``None`` gives the defaults."""
    if project is None:
        return DEFAULT_LAYOUT_FILE, DEFAULT_TEMPLATES_DIR
    # default.yml as well: layout_files lists it, so validate checked it while every export printed
    # with doria-forge's own layout without a word (default.yaml first, as --profile default finds it)
    own = [path for name in ("default.yaml", "default.yml") if (path := project / "layouts" / name).is_file()]
    templates = project / "templates"
    return (own[0] if own else DEFAULT_LAYOUT_FILE, templates if templates.is_dir() else DEFAULT_TEMPLATES_DIR)


def layouts_folder_of(path: Path) -> Path | None:
    """The folder a layout file may be read from: its ``layouts/`` folder for a file in one (the
    project's, where ``validate`` and exports find it, or doria-forge's), so a link out of it is
    refused as a pack file's link out of the pack is (a pull request's ``layouts/default.yaml``
    linking to a file of the CI machine); ``None`` (anywhere) for a file named elsewhere
    (``--layout FILE``)."""
    return path.parent if path.parent.name == "layouts" else None


def layout_files(folders: list[Path]) -> list[Path]:
    """Every ``*.yaml``/``*.yml`` entry directly in ``folders`` (those that exist), hidden ones
    excepted, sorted by name: the print layouts and profiles a project offers
    (``<project>/layouts``). A FIFO, folder or broken link of such a name is listed too, for
    reading it to say what it is: left out, ``layouts/default.yaml`` as a FIFO passed validate and
    the export printed with doria-forge's own layout instead."""
    found: list[Path] = []
    for folder in folders:
        if folder.is_dir():
            found += sorted(p for p in folder.iterdir()
                            if p.suffix.lower() in (".yaml", ".yml") and not p.name.startswith("."))
    return found
