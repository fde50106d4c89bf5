"""`doria-forge --help` starts without building the content models or loading the PDF stack
(issue 11: start-up is paid on every command a designer types)."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("doria_forge.model", "doria_forge.engine", "reportlab", "matplotlib", "fontTools")
OTHER_COMMANDS = ("doria_forge.commands.diff", "doria_forge.commands.spreadsheet", "doria_forge.authoring.sheet_read")
"""The code of commands other than ``validate``: its CLI module registers the command and imports it
when the command runs (it was 2-3% of a cold validate)."""


def test_help_imports_no_models_and_no_pdf_stack():
    code = ("import sys\nsys.argv = ['doria-forge', '--help']\nfrom doria_forge.__main__ import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print(' '.join(m for m in {HEAVY + OTHER_COMMANDS!r} if m in sys.modules), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "validate" in done.stdout  # the help was printed
    assert done.stderr.strip().splitlines()[-1:] in ([], [""]), done.stderr


def test_validate_with_a_warm_cache_imports_no_pdf_stack_no_rich_and_no_layout_models(tmp_path):
    # Card text fit needs the PDF stack only to measure; once the findings are cached (second
    # run), nothing in validate's path needs it, nor rich (the output is plain text), the engine
    # or, once the project's layout files were found clean (doria_forge.infra.clean_cache), the print
    # layout models.
    import os
    import shutil
    from pathlib import Path

    pack = tmp_path / "project" / "content"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content" / "monsters", pack / "monsters")
    (tmp_path / "project" / "layouts").mkdir()
    (tmp_path / "project" / "layouts" / "default.yaml").write_text("defaults:\n  paper: letter\n")
    # nor html (its entity tables, 0.4% of a cold validate: only tune's report and a card text set as
    # a paragraph need it)
    heavy = ("doria_forge.engine", "reportlab", "matplotlib", "fontTools", "rich", "doria_forge.export.layouts",
             "html", *OTHER_COMMANDS)
    code = (f"import sys\nsys.argv = ['doria-forge', 'validate', {str(pack)!r}]\nfrom doria_forge.__main__ import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print('HEAVY:', ' '.join(m for m in {heavy!r} if m in sys.modules), file=sys.stderr)\n")
    env = {**os.environ, "DORIA_FORGE_CACHE_DIR": str(tmp_path / "cache")}
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                              cwd=tmp_path, env=env)
        assert "0 errors" in done.stdout, done.stdout + done.stderr
    assert done.stderr.strip().splitlines()[-1] == "HEAVY:", done.stderr


def test_validate_with_an_empty_cache_measures_card_texts_without_the_drawing_code(tmp_path):
    # A fresh CI runner has no cache: the card-text-fit check then measures every card, and does
    # so from the fonts' width tables and the card's regions, without reportlab (its import and
    # reading the TrueType files took a tenth of the cold run) or the code that draws cards (a
    # third, before). Its findings are unchanged: one over-long text still gets its warning.
    import os
    import shutil
    from pathlib import Path

    pack = tmp_path / "content"
    shutil.copytree(Path(__file__).resolve().parents[1] / "content" / "equipment", pack / "equipment")
    potions = pack / "equipment" / "loot" / "potions.yaml"
    text = potions.read_text(encoding="utf-8")
    short = 'text: "A vial of red tonic that restores a few Hit Points."'
    assert short in text  # the first card of the file: small_healing_potion
    potions.write_text(text.replace(short, 'text: "' + "A vial of red tonic that restores Hit Points. " * 60 + '"'),
                       encoding="utf-8")
    # nor the models of the JSON outputs (only --format json needs their version number)
    # nor importlib.metadata, which only pydantic's plugin scan would need (doria_forge.infra.plugin_scan)
    heavy = ("reportlab", "PIL", "doria_forge.export.pdf.card", "doria_forge.export.pdf.compose",
             "doria_forge.model.outputs", "importlib.metadata")
    code = (f"import sys\nsys.argv = ['doria-forge', 'validate', {str(pack)!r}]\nfrom doria_forge.__main__ import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print('HEAVY:', ' '.join(m for m in {heavy!r} if m in sys.modules), file=sys.stderr)\n")
    env = {**os.environ, "DORIA_FORGE_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env=env)
    assert "card-text-fit" in done.stdout and "small_healing_potion" in done.stdout, done.stdout + done.stderr
    assert done.stderr.strip().splitlines()[-1] == "HEAVY:", done.stderr


def test_the_console_script_runs_the_command_with_the_collector_on_and_start_up_frozen(tmp_path):
    # doria_forge.infra.startup: paused while typer, pydantic and the models load; the work itself
    # (here a validate) runs with the collector on, and what start-up created is frozen.
    pack = tmp_path / "content"
    pack.mkdir()
    (pack / "orc.yaml").write_text("kind: monster\nid: orc\nname: Orc\n")
    code = (f"import gc, sys\nsys.argv = ['doria-forge', 'validate', {str(pack)!r}]\n"
            "from doria_forge.__main__ import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('GC:', gc.isenabled(), gc.get_freeze_count() > 10_000, gc.get_threshold()[0], file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    # and the youngest generation collected every WORK_YOUNG_THRESHOLD allocations, not every 700
    assert done.stderr.strip().splitlines()[-1] == "GC: True True 5000", done.stdout + done.stderr


def test_loading_freezes_only_after_new_imports_and_leaves_the_collector_as_found(tmp_path, monkeypatch):
    import gc

    from doria_forge.infra.startup import loading

    (tmp_path / "doria_test_fresh_module.py").write_text("VALUE = [1, 2, 3]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    was_enabled = gc.isenabled()
    frozen = gc.get_freeze_count()
    try:
        gc.enable()
        with loading():
            assert not gc.isenabled()
        assert gc.isenabled() and gc.get_freeze_count() == frozen  # nothing imported: nothing frozen
        with loading():
            import doria_test_fresh_module  # noqa: F401
        assert gc.isenabled() and gc.get_freeze_count() > frozen
        gc.disable()
        with loading():
            pass
        assert not gc.isenabled()
    finally:
        gc.unfreeze()
        (gc.enable if was_enabled else gc.disable)()
        sys.modules.pop("doria_test_fresh_module", None)


def _plugin_scan_in_a_fresh_process(setting: str | None) -> list[str]:
    """What a fresh interpreter reports after ``plugin_scan.skip()`` with ``PYDANTIC_DISABLE_PLUGINS``
    set to ``setting`` (unset: None) and one model validated: whether importlib.metadata was
    imported, the loader module's type name, and a constant only the real loader defines."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    if setting is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = setting
    code = ("import sys\nfrom doria_forge.infra import plugin_scan\nplugin_scan.skip()\n"
            "from doria_forge.model import Rules\nRules.model_validate({'id': 'house-rules'})\n"
            "loader = sys.modules['pydantic.plugin._loader']\n"
            "print('importlib.metadata' in sys.modules, type(loader).__name__)\n"
            "print(loader.PYDANTIC_ENTRY_POINT_GROUP, type(sys.modules['pydantic.plugin._loader']).__name__)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_no_plugin_scan_loads_no_package_metadata_and_hands_other_names_to_pydantic():
    # Without a setting, and with pydantic's own "disable all" values, the plugin loader is stood
    # in for: importlib.metadata (some twenty modules) is never imported. A name the stand-in does
    # not define is the real module's, which then takes its place.
    for setting in (None, "__all__", "true"):
        assert _plugin_scan_in_a_fresh_process(setting) == ["False", "_NoPlugins", "pydantic", "module"]


def test_a_users_own_plugin_setting_keeps_pydantics_plugin_loader():
    # Naming single plugins to disable means the others load: pydantic's loader must look.
    assert _plugin_scan_in_a_fresh_process("some_plugin") == ["True", "module", "pydantic", "module"]


def test_importing_the_content_models_builds_no_flag_behaviour_validator_and_resolves_a_checks_effects():
    # The monster flags' behaviours were validated at import (five validators no command uses on
    # their own); they are constructed. A check's nested effects are resolved at import, so that what
    # reads its fields (translations, spreadsheet columns) sees them, and a nested check reads them.
    code = (
        "import typing\n"
        "import doria_forge.model\n"
        "from doria_forge.model.behaviours import FLAG_BEHAVIOURS\n"
        "print('BUILT:', ' '.join(type(b).__name__ for b in FLAG_BEHAVIOURS.values() if type(b).__pydantic_complete__))\n"
        "from doria_forge.model.words.effects import EFFECTS\n"
        "print('RESOLVED:', not isinstance(EFFECTS['check'].model_fields['success'].annotation, typing.ForwardRef))\n"
        "check = EFFECTS['check'].model_validate({'do': 'check', 'attributes': ['AGI', 'PER'], 'tn': 9, 'failure': "
        "[{'do': 'check', 'attributes': ['STR', 'CON'], 'tn': 5, 'success': [{'do': 'damage', 'amount': 2}]}]})\n"
        "print('NESTED:', type(check.failure[0].success[0]).__name__)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "BUILT: \n" in done.stdout, done.stdout
    assert "RESOLVED: True" in done.stdout and "NESTED: Damage" in done.stdout


def test_the_monster_flags_behaviours_are_the_validated_ones():
    from doria_forge.model.behaviours import FLAG_BEHAVIOURS

    for flag, behaviour in FLAG_BEHAVIOURS.items():
        word = type(behaviour)
        assert word.flag == flag
        assert behaviour == word.model_validate({"behaviour": word.tag()})
