"""No scan for pydantic plugins: doria-forge uses none.

pydantic looks for plugins (entry points of the group ``pydantic``) when it builds its first
validator, unless the environment variable ``PYDANTIC_DISABLE_PLUGINS`` turns that off; even then
the module that would look (``pydantic.plugin._loader``) imports ``importlib.metadata`` and with
it ``email``, ``zipfile``, ``csv`` and some twenty more modules: about 2% of a cold ``validate``
(45 M machine instructions of 2,380 M, ``benchmarks/bench_validate.py --instructions``).

:func:`skip` turns the scan off unless the user's environment asks for plugins, and then stands
in for that module with one whose ``get_plugins`` answers what pydantic's answers with plugins
disabled: none. Anything else asked of the stand-in is the real module's: it is imported then,
so a pydantic that grows another name in that module keeps working.
"""

from __future__ import annotations

import importlib
import os
import sys
import types
from typing import Any

LOADER = "pydantic.plugin._loader"
"""The pydantic module that looks for plugins."""

DISABLED = ("__all__", "1", "true")
"""Values of ``PYDANTIC_DISABLE_PLUGINS`` with which pydantic loads no plugin at all."""


class _NoPlugins(types.ModuleType):
    """Stands in for :data:`LOADER` while every plugin is disabled."""

    @staticmethod
    def get_plugins() -> tuple[()]:
        return ()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)  # the import system asks for ``__path__`` and the like
        del sys.modules[LOADER]  # the real module takes the name back for good
        return getattr(importlib.import_module(LOADER), name)


def skip() -> None:
    """Disable pydantic's plugin scan for this process (``PYDANTIC_DISABLE_PLUGINS=__all__``
    unless the environment sets it) and, when every plugin is disabled and pydantic has not
    looked yet, stand in for its plugin loader (see the module docstring). Call before the first
    model is validated; calling again does nothing."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    if os.environ["PYDANTIC_DISABLE_PLUGINS"] in DISABLED and LOADER not in sys.modules:
        sys.modules[LOADER] = _NoPlugins(LOADER)
