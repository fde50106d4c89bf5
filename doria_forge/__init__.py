"""doria_forge: content compiler, rules engine and print exporter for Dungeons of Doria."""

__version__ = "0.1.0"
