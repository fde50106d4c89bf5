"""`doria-forge --help` starts without building the content models or loading the PDF stack
(issue 11: start-up is paid on every command a designer types)."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("doria_forge.model", "doria_forge.engine", "reportlab", "matplotlib", "fontTools")


def test_help_imports_no_models_and_no_pdf_stack():
    code = ("import sys\nsys.argv = ['doria-forge', '--help']\nfrom doria_forge.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            f"print(' '.join(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "validate" in done.stdout  # the help was printed
    assert done.stderr.strip().splitlines()[-1:] in ([], [""]), done.stderr
