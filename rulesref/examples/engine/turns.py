"""Part of :class:`~.game.Game`: steps and turns (the draw step 504.1, the combat steps 506.1, cleanup
514.2, untap 502.3), turn order among the players still in the game (101.4, 800.4), a player leaving
the game and what leaves with them (800.4a), and :meth:`Turns.settle`, what happens where a player
would receive priority (704.3)."""

from __future__ import annotations

from . import switches
from .errors import IllegalAction

MTG_STEPS = (
    "untap",
    "upkeep",
    "draw",
    "main1",
    # The combat phase (rule 506.1); the first-strike combat damage step only when needed (510.4).
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
    "main2",
    "end",
    "cleanup",
)
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
        if self.rules == "mtg" and steps.index(step) > steps.index("end_of_combat"):
            self.remove_from_combat()  # rule 511.3
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
        self.shields = []  # "this turn" prevention ends with the turn
        ended = [e for e in self.effects if e.duration == "end_of_turn"]
        for effect in ended:
            self.effects.remove(effect)
            self.emit("effect-ended", rule="514.2", label=effect.label)
        self.emit("cleanup", rule="514.2")
        self.empty_pools()  # rule 500.4
        self.changed()
        self.settle()
        self.note_control_changes()
        self.remove_from_combat()
        self.turn.number += 1
        self.turn.active = self.next_player(self.turn.active)
        self.determine_ranges()  # rule 801.2c: as each turn begins
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

    # -- players ---------------------------------------------------------------------------

    def in_game(self) -> list[str]:
        """The players still in the game, in turn order (seating order, rule 101.4)."""
        return [pid for pid, player in self.players.items() if not player.left]

    def next_player(self, player: str) -> str:
        """The next player in turn order who is still in the game (rules 500.1, 800.4)."""
        seats = list(self.players)
        start = seats.index(player)
        for step in range(1, len(seats) + 1):
            candidate = seats[(start + step) % len(seats)]
            if not self.players[candidate].left:
                return candidate
        return player

    def in_range_of(self, player_id: str) -> list[str]:
        """The players within a player's range of influence (801.2), as determined when the turn
        began (801.2c), who are still in the game: themselves and the players up to ``range`` seats
        to their left and right; everyone without a limited range."""
        if self.ranges is None:
            self.determine_ranges()
        return [p for p in self.ranges.get(player_id, []) if not self.players[p].left]

    def choosable(self, chooser: str, controller: str) -> list[str]:
        """The players and permanents a player may choose for a spell or ability another player controls:
        those within both players' ranges of influence (801.5a); permanents by their controllers."""
        both = [p for p in self.in_range_of(chooser) if p in self.in_range_of(controller)]
        permanents = [obj.id for obj in self.in_zone("battlefield") if self.controller_of(obj.id) in both]
        return both + permanents

    def determine_ranges(self) -> None:
        """Rule 801.2c: as each turn begins."""
        seats = self.in_game()
        self.ranges = {}
        for player_id in seats:
            reach = self.players[player_id].range
            if reach is None or 2 * reach + 1 >= len(seats):
                self.ranges[player_id] = list(seats)
                continue
            at = seats.index(player_id)
            near = {seats[(at + d) % len(seats)] for d in range(-reach, reach + 1)}
            self.ranges[player_id] = [p for p in seats if p in near]

    def leave_game(self, player_id: str) -> None:
        """Rule 800.4a: the objects the player owns leave the game, effects giving them control end,
        the abilities they control on the stack cease to exist, and what they still control is
        exiled. Not a state-based action: it happens at once."""
        player = self.players[player_id]
        if player.left:
            return
        player.left = True
        self.emit("left-game", rule="800.4a", player=player.name)
        owned = [obj for obj in self.objects.values() if obj.owner == player_id and switches.on("800.4a")]
        for obj in owned:
            if obj.zone == "battlefield":
                self.remember(obj)
        for obj in owned:
            in_play = obj.zone in ("battlefield", "stack")
            self.leave(obj, remember=False)
            del self.objects[obj.id]
            if in_play:
                self.emit("left-with-owner", rule="800.4a", name=obj.name, player=player.name)
        gone = {obj.id for obj in owned}
        for effect in list(self.effects):
            if effect.source in gone:
                effect.source = None  # its source has left the game; the effect itself lasts
            control = effect.spec.control
            gives = control == player_id or (control == "you" and effect.controller == player_id)
            if gives:
                self.effects.remove(effect)
                self.emit("effect-ended", rule="800.4a", label=effect.label)
        for item in list(self.stack):
            if item.kind == "spell" and item.source in gone:
                self.stack.remove(item)  # the spell left the game with its owner (above)
            elif item.controller == player_id and item.kind != "spell":
                self.stack.remove(item)
                self.emit("ceased", rule="800.4a", label=item.label)
            elif item.controller == player_id:
                self.stack.remove(item)  # a spell they control but don't own is exiled (engine/casting.py)
                self.move(item.source, "exile")
        self.pending_triggers = [item for item in self.pending_triggers if item.controller != player_id]
        self.changed()
        for obj in list(self.in_zone("battlefield")):
            if self.computed(obj.id).controller == player_id:
                self.move(obj.id, "exile")
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
