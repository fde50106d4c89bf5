"""Monster behaviours (``behaviours: [{behaviour: ...}]``), one module per behaviour.

Each module defines its behaviour class and marks it with ``@BEHAVIOURS.register``;
``MODULES`` loads them in the order of the JSON Schema and of ``doria-forge abilities``. A new
behaviour is one module here plus its name in ``MODULES``.
"""

from .base import BEHAVIOURS, BehaviourWord, ProfileFold

MODULES = ("targeting", "hit_all_in_range", "hit_extra_in_range", "hit_adjacent_to_target", "hit_spread", "hit_chain",
           "hit_line", "poison", "drain_hp", "damage_hand_items", "extra_activation_on_wound", "damage_element",
           "figures_per_card", "pair_activation", "free_attack", "immune_to_ranged", "hurt_only_by_magic",
           "magic_items_ineffective", "flying", "through_walls", "raise_dead", "summon", "aura",
           "explode_on_defeat", "horde")
"""The behaviour modules, in registration order."""

BEHAVIOURS.load(__name__, MODULES)

__all__ = ["BEHAVIOURS", "MODULES", "BehaviourWord", "ProfileFold"]
