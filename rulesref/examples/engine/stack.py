"""Part of :class:`~.game.Game`: the stack. Crewing puts its ability there and its "whenever … crews"
triggers wait (702.122); waiting triggers go on in APNAP order (603.3b); the top object resolves
(608); state triggers trigger once (603.8); a resolution in progress holds state-based actions back
(704.4)."""

from __future__ import annotations

from . import switches
from .definitions import EffectSpec, Selector, Trigger
from .errors import IllegalAction
from .state import StackItem


class Stack:
    """Mixed into Game: ``self`` is the game."""

    def crew(self, vehicle_id: str, crew_ids: list[str]) -> None:
        """Crew N (rule 702.122): tap untapped creatures you control with total power N or
        more; the crew ability goes on the stack, then the "whenever … crews" triggers."""
        vehicle = self.on_battlefield(vehicle_id)
        view = self.computed(vehicle_id)
        crew_values = [a.crew for a in view.abilities_with("crew")]
        if not crew_values:
            raise IllegalAction(f"{vehicle.name} has no crew ability", code="no-crew", rule="702.122")
        needed = crew_values[0]
        controller = view.controller
        power = 0
        for position, oid in enumerate(crew_ids):
            if self.get(oid).id == vehicle.id:
                raise IllegalAction(
                    f"{vehicle.name} cannot crew itself: crewing taps other untapped creatures",
                    code="crew-self",
                    rule="702.122a",
                )
            if oid in crew_ids[:position]:
                raise IllegalAction(
                    f"{self.name(oid)} is named twice: each creature taps once to crew",
                    code="crew-twice",
                    rule="702.122a",
                )
            member = self.on_battlefield(oid)
            member_view = self.computed(oid)
            if not member_view.is_creature or member_view.controller != controller or member.tapped:
                raise IllegalAction(
                    f"{member.name} cannot crew: it must be an untapped creature its Vehicle’s controller controls",
                    code="crew-member",
                    rule="702.122a",
                )
            power += member_view.power or 0
        if power < needed:
            raise IllegalAction(f"total power {power} is less than crew {needed}", code="crew-power", rule="702.122a")
        for oid in crew_ids:
            self.tap(oid)
        label = f"{vehicle.name}: crew {needed}"
        self.stack.append(StackItem(self.next_id("crew"), label, controller, vehicle_id, "crew"))
        self.emit("stack", rule="702.122a", label=label)
        for oid in crew_ids:
            for ability in self.computed(oid).abilities_with("trigger"):
                if ability.trigger.on == "crews":
                    self.pending_triggers.append(
                        StackItem(
                            self.next_id("trigger"),
                            f"{self.name(oid)}: {ability.label}",
                            controller,
                            oid,
                            "trigger",
                            ability.trigger,
                            {"crewed": vehicle_id},
                        )
                    )
        self.changed()

    def put_triggers_on_stack(self) -> None:
        """Rule 603.3b: active player's triggers first, so the nonactive player's end up on top."""
        if not self.pending_triggers:
            return
        waiting = list(self.pending_triggers)
        if switches.on("603.3b"):
            waiting.sort(key=lambda item: item.controller != self.turn.active)
        self.pending_triggers = []
        for item in waiting:
            self.stack.append(item)
            self.emit("stack", rule="603.3", label=item.label)
        self.changed()

    def resolve(self) -> None:
        """Resolve the top object of the stack (rule 608)."""
        if not self.stack:
            raise IllegalAction("the stack is empty", code="stack-empty", rule="608.1")
        item = self.stack.pop() if switches.on("608.1") else self.stack.pop(0)
        self.emit("resolved", label=item.label)
        if item.kind == "crew":
            vehicle = self.get(item.source)
            self.create_effect(
                self.next_id("crew-effect"),
                f"{vehicle.name} becomes an artifact creature until end of turn (crew)",
                EffectSpec(affects=Selector("ids", (item.source,)), add_types=("Artifact", "Creature")),
                controller=item.controller,
                source=item.source,
                duration="end_of_turn",
            )
        elif item.kind == "trigger":
            self.resolve_trigger(item)
        elif item.kind == "undying":
            obj = self.get(item.source)
            if obj.zone == "graveyard":
                self.enter(obj.id, controller=obj.owner, extra_counters={"+1/+1": 1})
        self.changed()

    def resolve_trigger(self, item: StackItem) -> None:
        trigger: Trigger = item.trigger
        if trigger.effect is not None:
            until = " until end of turn" if trigger.duration == "end_of_turn" else ""
            self.create_effect(
                self.next_id("effect"),
                f"{self.get(item.source).name}’s trigger: {trigger.effect.describe()}{until}",
                trigger.effect,
                controller=item.controller,
                source=item.source,
                duration=trigger.duration,
                context=item.context,
            )
        if trigger.draw:
            self.draw(item.controller, trigger.draw)

    def check_state_triggers(self) -> None:
        """Rule 603.8: a state trigger triggers once, and not again until it has left the stack."""
        for obj in self.in_zone("battlefield"):
            computed = self.view()[obj.id]
            for ability in computed.abilities_with("trigger"):
                if ability.trigger.on != "hand_empty":
                    continue
                you = computed.controller
                label = f"{obj.name}: {ability.label}"
                waiting = any(i.source == obj.id and i.label == label for i in self.stack + self.pending_triggers)
                if not waiting and not self.in_zone("hand", you):
                    self.pending_triggers.append(
                        StackItem(self.next_id("trigger"), label, you, obj.id, "trigger", ability.trigger)
                    )
                    self.emit("trigger-waits", rule="603.8", label=label)

    def begin_resolution(self, label: str) -> None:
        """From here until :meth:`end_resolution`, no state-based actions and no triggered
        abilities are put on the stack (rules 704.4, 603.3)."""
        self.resolving = True
        self.emit("resolution-begins", label=label)

    def end_resolution(self, *, spell: str | None = None) -> None:
        self.resolving = False
        if spell:
            card = self.get(spell)
            self.leave(card)
            self.place(card, "graveyard")
            self.changed()
        self.emit("resolution-ends", rule="608.2n")
