"""The dungeon map: Room Tiles on the table, figures on squares, exploration, sight and
ways (``Dungeon`` is the map's :class:`~doria_forge.engine.board.Board`)."""
