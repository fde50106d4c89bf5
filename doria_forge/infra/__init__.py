"""Infrastructure that knows nothing of Dungeons of Doria: where doria-forge's own files are
(``assets``, ``fonts``), writing outputs atomically and whole (``fsutil``, ``staging``), caches
of clean checks (``clean_cache``), text safe for a terminal (``terminal``), and how a process
starts and ends (``startup``, ``lifecycle``).

It imports nothing else of doria_forge, so every layer above may use it (``.importlinter``)."""
