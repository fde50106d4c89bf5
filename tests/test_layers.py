"""Layers you can see: the command line and its pipelines live in doria_forge.commands, the
infrastructure in doria_forge.infra, and every module sits in one layer of the import contracts
(.importlinter; CI runs lint-imports), type-checking imports included."""

import configparser
import importlib
import pkgutil
import tomllib
from pathlib import Path

import doria_forge

ROOT = Path(__file__).resolve().parents[1]


def _config() -> configparser.ConfigParser:
    config = configparser.ConfigParser()
    config.read(ROOT / ".importlinter")
    return config


def _layer_modules() -> list[str]:
    text = _config()["importlinter:contract:layers"]["layers"]
    return [name.strip() for line in text.splitlines() for name in line.replace(":", "|").split("|") if name.strip()]


def _top_level() -> set[str]:
    return {f"doria_forge.{m.name}" for m in pkgutil.iter_modules(doria_forge.__path__)}


def test_every_module_and_package_of_doria_forge_sits_in_exactly_one_layer():
    placed = _layer_modules()
    assert len(placed) == len(set(placed)), "a module is named in two layers"
    assert _top_level() - set(placed) == set(), "place the new module in .importlinter's layers"
    assert set(placed) - _top_level() == set(), "the layers name a module that no longer exists"


def test_the_contracts_count_imports_made_only_for_type_checking():
    assert _config()["importlinter"]["exclude_type_checking_imports"].strip() == "False"


def test_the_no_cycles_contract_leaves_out_no_package_and_ignores_no_import():
    # Every package's modules are checked for cycles among themselves (sim's and sim.tune's too).
    acyclic = _config()["importlinter:contract:acyclic"]
    assert acyclic["ancestors"].split() == ["doria_forge"]
    assert "skip_descendants" not in acyclic
    # nor does it ignore an import: an annotation naming a higher module is a cycle too (a lower
    # module names what it reads of the higher one with a Protocol of its own)
    assert "ignore_imports" not in acyclic


def test_the_command_line_and_the_pipelines_live_in_the_command_package():
    loose = {m for m in _top_level() if m.split(".")[1].startswith(("cli", "pipeline"))}
    assert loose == set()
    commands = {m.name for m in pkgutil.iter_modules(importlib.import_module("doria_forge.commands").__path__)}
    assert {"cli", "cli_print", "cli_scenarios", "cli_tune", "pipeline", "pipeline_print", "pipeline_scenarios",
            "pipeline_tune"} <= commands


def test_infrastructure_lives_in_the_infra_package_and_names_no_other_doria_forge_module():
    infra = importlib.import_module("doria_forge.infra")
    modules = {m.name for m in pkgutil.iter_modules(infra.__path__)}
    assert {"assets", "fsutil", "staging", "clean_cache", "terminal", "startup", "lifecycle", "fonts"} <= modules
    for name in modules:
        source = (Path(infra.__path__[0]) / f"{name}.py").read_text()
        imported = [line for line in source.splitlines() if "import" in line and "doria_forge." in line]
        assert all("doria_forge.infra" in line for line in imported), (name, imported)


def test_the_console_script_still_enters_through_doria_forge_main():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"doria-forge": "doria_forge.__main__:main"}
    assert callable(importlib.import_module("doria_forge.__main__").main)


def test_the_code_digests_of_the_caches_name_files_that_exist():
    # A cache keyed on its code's sources is switched off when a source is missing
    # (fsutil.source_digest gives None): a moved module must not silently turn a cache off.
    from doria_forge.commands.print_checks import _LAYOUT_CHECK_CODE
    from doria_forge.export.text_fit import _CODE_FILES

    missing = [str(p) for p in (*_CODE_FILES, *_LAYOUT_CHECK_CODE) if not p.is_file()]
    assert missing == []
