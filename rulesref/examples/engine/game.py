"""A game of Magic (or Берсерк) far enough to run the examples printed in the rules.

:class:`Game` holds a :class:`~.state.GameState` and offers the actions a scenario step
takes. Characteristics are computed by the layer system (``layers.py``) whenever they are
read after a change. State-based actions (``sba.py``) and putting waiting triggered
abilities on the stack happen in :meth:`Game.settle`, which the runner calls where a player
would receive priority (rule 704.3), never in the middle of a resolution.

Spells are cast and abilities activated with their modes, targets and costs (``casting.py``);
what is *not* modelled is listed in docs/examples.md: priority passing, most text-changing effects,
the variants.
"""

from __future__ import annotations

from .actions import Actions
from .budget import Budget
from .casting import Casting
from .combat import Combat
from .copies import Copies
from .definitions import Filter
from .effects import Effects
from .layers import Active, Computed, LayerSystem
from .replacements import Replacements
from .sba import StateBasedActions
from .stack import Stack
from .state import GameState
from .turns import BERSERK_STAGES, MTG_STEPS, Turns
from .zones import Zones

__all__ = ["BERSERK_STAGES", "MTG_STEPS", "Game"]


class Game(Zones, Copies, Actions, Effects, Casting, Stack, Combat, Turns, StateBasedActions, Replacements, GameState):
    """The game and every action a step takes. Its parts live in modules of their own: zones
    (:mod:`.zones`), copies and faces (:mod:`.copies`), permanents and players (:mod:`.actions`),
    continuous effects (:mod:`.effects`), casting and activating (:mod:`.casting`), the stack
    (:mod:`.stack`), combat (:mod:`.combat`), turns and priority (:mod:`.turns`), state-based actions
    (:mod:`.sba`), replacement effects (:mod:`.replacements`); here are the reads every part shares."""

    def __init__(self, *, rules: str = "mtg", budget: Budget | None = None):
        super().__init__(rules=rules, budget=budget)
        self.attack = None  # Берсерк: (attacker, target) of the strike being declared
        self.combat = None  # Magic: the combat of this turn (combat.CombatState)
        self.deathtouched: set = set()  # creatures dealt damage by a deathtouch source since the last check
        self.shields: list = []  # prevention effects from resolved spells, this turn (combat.Shield)
        # (player, amount, label): life gained by prevention in the damage event being dealt (120.4d).
        self.prevention_gains: list | None = None
        self.ranges: dict[str, list[str]] | None = None  # ranges of influence as this turn began (801.2c)
        self.replacing: set | None = None  # the replacement effects applied to the event being replaced (614.5)

    # -- reading --------------------------------------------------------------------

    def view(self) -> dict[str, Computed]:
        if self._view is None:
            self._system = LayerSystem(self)
            self._view = self._system.run()
        return self._view

    def effects_now(self) -> list:
        """Every continuous effect the layer system sees now (with its timestamp)."""
        self.view()
        return self._system.effects(self._system.working)

    def matches(self, flt: Filter, object_id: str, *, source: str | None = None, controller: str | None = None) -> bool:
        """Does an object match a filter, with "you" meaning the source's controller (or
        ``controller`` when there is no source)?"""
        self.view()
        kind = "static" if source else "effect"
        probe = Active("probe", "", kind, None, source, controller, (0, 0))
        return self._system.matches(flt, object_id, self._system.working, probe)

    def computed(self, object_id: str) -> Computed:
        return self.view()[self.get(object_id).id]

    def controller_of(self, object_id: str) -> str | None:
        obj = self.get(object_id)
        return self.computed(object_id).controller if obj.zone == "battlefield" else None

    def name(self, object_id: str) -> str:
        return self.computed(object_id).name

    def player_name(self, player_id: str | None) -> str:
        return self.players[player_id].name if player_id in self.players else "nobody"
