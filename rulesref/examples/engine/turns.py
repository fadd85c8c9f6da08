"""Part of :class:`~.game.Game`: steps and turns (the draw step 504.1, cleanup 514.2, untap 502.3),
and :meth:`Turns.settle`, what happens where a player would receive priority (704.3)."""

from __future__ import annotations

from .errors import IllegalAction

MTG_STEPS = ("untap", "upkeep", "draw", "main1", "combat", "main2", "end", "cleanup")
BERSERK_STAGES = ("start", "main", "end")


class Turns:
    """Mixed into Game: ``self`` is the game."""

    def go_to(self, step: str) -> None:
        steps = MTG_STEPS if self.rules == "mtg" else BERSERK_STAGES
        if step not in steps:
            raise IllegalAction(f"unknown step {step!r}; steps: {', '.join(steps)}", code="bad-step")
        if steps.index(step) < steps.index(self.turn.step):
            raise IllegalAction(f"the {step} step of this turn is over", code="step-passed")
        if self.rules == "mtg" and steps.index(self.turn.step) < steps.index("draw") <= steps.index(step):
            self.draw(self.turn.active)  # rule 504.1
        self.turn.step = step
        self.emit("step", step=step)
        self.changed()
        self.empty_pools()  # rule 500.4
        self.fire("step", None, step=step)  # "at the beginning of …" (603.2, 603.7)

    def end_turn(self) -> None:
        """The cleanup step (rule 514.2): damage is removed and "until end of turn" effects
        end at the same time; then the next player's turn begins with its untap step."""
        self.turn.step = "cleanup" if self.rules == "mtg" else "end"
        for obj in self.in_zone("battlefield"):
            obj.damage = 0
        ended = [e for e in self.effects if e.duration == "end_of_turn"]
        for effect in ended:
            self.effects.remove(effect)
            self.emit("effect-ended", rule="514.2", label=effect.label)
        self.emit("cleanup", rule="514.2")
        self.empty_pools()  # rule 500.4
        self.changed()
        self.settle()
        self.note_control_changes()
        players = list(self.players)
        self.turn.number += 1
        self.turn.active = players[(players.index(self.turn.active) + 1) % len(players)]
        self.turn.step = "untap" if self.rules == "mtg" else "start"
        self.attack = None
        self.spent_this_turn = {}
        for obj in self.objects.values():
            obj.used_this_turn = set()
        self.emit("turn", number=self.turn.number, player=self.player_name(self.turn.active))
        for obj in self.in_zone("battlefield"):
            if self.computed(obj.id).controller == self.turn.active:
                self.untap(obj.id)  # rule 502.3; Берсерк: the restoration phase
        self.changed()

    # -- state-based actions and triggers --------------------------------------------

    def settle(self) -> None:
        """Where a player would receive priority (rule 704.3): state-based actions until
        none apply, then waiting triggered abilities go on the stack."""
        if self.resolving:
            return
        while True:
            self.budget.tick()
            self.end_lapsed_effects()  # engine/casting.py: "for as long as" (611.2b)
            performed = self.check_state_based_actions()
            if performed:
                continue
            if self.pending_triggers:
                self.put_triggers_on_stack()
                continue
            return
