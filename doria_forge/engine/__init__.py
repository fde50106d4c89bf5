"""The rules engine of Dungeons of Doria (the Book of Rules; shared/rules/NOTES.md).

The API is :class:`~doria_forge.engine.game.GameState` (set up, legal actions, apply,
copy, replay, JSON); actions are :mod:`~doria_forge.engine.actions`.
"""
