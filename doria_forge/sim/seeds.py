"""Seeds derived from text: every seed the simulation derives (a run's dice, its policy, a duel,
a campaign attempt, a search sample, a tune confirmation) is ``stable_seed`` of a text naming it,
so the same names give the same games on every machine and Python version (unlike ``hash``).
``matrix.duel_seeds`` computes a batch of duel seeds the same way, inline: the duel matrix
derives hundreds of thousands."""

from __future__ import annotations

import hashlib


def stable_seed(text: str) -> int:
    """A 63-bit seed (0 .. 2**63 - 1), a pure function of ``text``: the first 8 bytes of its
    SHA-256 digest, shifted right by one so that it fits a signed 64-bit integer."""
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1
