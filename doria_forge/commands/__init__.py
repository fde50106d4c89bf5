"""The command layer: the command line (``cli*.py``, Typer) and the pipelines its commands run
(``pipeline*.py``; ``diff``, ``watch`` and ``spreadsheet`` each a command with its pipeline).

A command parses options, runs pipeline stages and maps their outcome to an exit code; a pipeline
composes the stages below it (load, validate, simulate, export, render). Nothing below this
package imports it (``.importlinter``)."""
