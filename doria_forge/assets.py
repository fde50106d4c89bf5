"""Where doria-forge's own files are: the base pack, print layouts, Jinja2 templates.

An installed wheel carries them inside the package (``doria_forge/content``,
``doria_forge/layouts``, ``doria_forge/templates``; see pyproject.toml); a source checkout has
them at its top level (``content/``, ``layouts/``, ``templates/``). Every module asks here
instead of guessing, so the two installs behave alike.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parent
"""The ``doria_forge`` package folder."""


def asset_dir(name: str) -> Path:
    """The folder of doria-forge's own ``name`` (``content``, ``layouts``, ``templates``): inside
    the package when installed from a wheel, else beside it in the checkout."""
    packaged = PACKAGE_ROOT / name
    return packaged if packaged.is_dir() else PACKAGE_ROOT.parent / name
