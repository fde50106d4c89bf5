"""Authoring commands: starting files (``new``), spreadsheets (``import``, ``export csv``),
re-validation on save (``watch``) and the cards changed between two versions (``diff``).
Each command is one module with a ``register(app)`` that the command line calls."""
