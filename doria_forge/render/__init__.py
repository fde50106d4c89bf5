"""Seeing a game: a game state drawn as text (terminals, logs) or PNG (the Room Tile
drawing of the print export), for replays and for ``doria-forge render``."""
