"""Part of :class:`~.game.Game`: the stack. Crewing puts its ability there, and each creature that crews is
an event "whenever … crews" abilities trigger on (702.122b); waiting triggers go on in APNAP order (603.3b);
the top object resolves (608); state triggers trigger once (603.8); a resolution in progress holds
state-based actions back (704.4)."""

from __future__ import annotations

from . import switches
from .definitions import Ability, EffectSpec, Selector, Trigger
from .errors import IllegalAction
from .state import GameObject, StackItem

# Zone-change triggers that look back in time (rule 603.10a): checked against the game before the event.
LEAVING = ("dies", "leaves")


class Stack:
    """Mixed into Game: ``self`` is the game."""

    def crew(self, vehicle_id: str, crew_ids: list[str]) -> None:
        """Crew N (rule 702.122): tap untapped creatures you control with total power N or
        more; the crew ability goes on the stack, then each tapped creature "crews" it (702.122b)."""
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
            # Rule 702.122b: each creature tapped to pay the cost "crews" the Vehicle (an event, 603.2).
            self.fire("crews", oid, crewed=vehicle_id)
        self.changed()

    def put_triggers_on_stack(self) -> None:
        """Rule 603.3b: the active player's triggers first, then each other player's in turn order (101.4),
        so the last player's end up on top; each player's in the order they triggered."""
        if not self.pending_triggers:
            return
        waiting = list(self.pending_triggers)
        if switches.on("603.3b"):
            seats = list(self.players)
            start = seats.index(self.turn.active)
            turn_order = seats[start:] + seats[:start]
            waiting.sort(key=lambda item: turn_order.index(item.controller) if item.controller in seats else 0)
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
        if item.program is None:
            self.emit("resolved", label=item.label)
        if item.program is not None:
            self.resolve_program(item)  # engine/casting.py: spells, activated and event-triggered abilities
        elif item.kind == "crew":
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
        """Rule 603.8: a state trigger triggers whenever its condition is true ("whenever you have no cards in
        hand": a count of the cards in your hand at most 0), once, and not again until it has left the stack."""
        for obj in self.in_zone("battlefield"):
            computed = self.view()[obj.id]
            for ability in computed.abilities_with("trigger"):
                if ability.trigger.on != "state":
                    continue
                label = f"{obj.name}: {ability.label}"
                waiting = any(i.source == obj.id and i.label == label for i in self.stack + self.pending_triggers)
                if waiting:
                    continue
                item = StackItem("", label, computed.controller, obj.id, "trigger", ability.trigger)
                if self.condition_holds(item, ability.trigger.condition):
                    item.id = self.next_id("trigger")
                    self.pending_triggers.append(item)
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
            self.to_graveyard(card)
            self.changed()
        self.emit("resolution-ends", rule="608.2n")

    # -- event triggers (rule 603.2) ------------------------------------------------------------

    def fire(self, on: str, subject: str | None, *, player: str | None = None, **info) -> None:
        """An event happened: every triggered ability of a permanent that it matches triggers once
        (603.2, 603.2c: once per object in the event), and so do delayed triggers waiting for it (603.7).
        They wait until a player would receive priority (603.3)."""
        view = self.view()
        holders = list(self.in_zone("battlefield"))
        if on == "cycled" and subject is not None and subject not in [h.id for h in holders]:
            holders.append(self.get(subject))  # "when you cycle this card": from the graveyard
        for holder in holders:
            computed = view[holder.id]
            controller = computed.controller or holder.owner
            for ability in computed.abilities_with("trigger"):
                trigger = ability.trigger
                if trigger.on == on and self.trigger_matches(trigger, holder.id, controller, subject, player, info):
                    self.queue_trigger(holder, ability, controller, subject, {**info, "player": player})
        for delayed in list(self.delayed):
            trigger = delayed["trigger"]
            if trigger.on != on or on in LEAVING:
                continue
            if on == "step" and info.get("step") != trigger.step:
                continue
            if on in ("tapped", "untapped") and (subject is None or self.get(subject).key != delayed["about"]):
                continue
            if switches.on("603.7b"):
                self.delayed.remove(delayed)  # rule 603.7b: it triggers only once
            self.queue_delayed(delayed)

    def trigger_matches(self, trigger: Trigger, holder: str, controller: str, subject, player, info) -> bool:
        if trigger.on == "step":
            return info.get("step") == trigger.step and (trigger.whose == "each" or self.turn.active == controller)
        if trigger.on in ("cast", "gain_life", "expend", "cycled", "tapped_for_mana"):
            if trigger.whose != "each" and player != controller:
                return False
            if trigger.on == "expend":
                return info["before"] < trigger.count <= info["after"]
            if trigger.on == "cycled":
                return subject == holder
        if trigger.subject == "self":
            return subject == holder
        if trigger.filter is not None:
            return subject is not None and self.matches(trigger.filter, subject, source=holder)
        return True

    def queue_trigger(
        self,
        holder: GameObject,
        ability: Ability,
        controller: str,
        subject,
        info,
        *,
        subject_key=None,
        incarnation=None,
    ) -> None:
        trigger = ability.trigger
        label = f"{holder.name}: {ability.label}"
        item = StackItem(
            self.next_id("trigger"),
            label,
            controller,
            holder.id,
            "trigger",
            trigger,
            {
                "incarnation": holder.incarnation if incarnation is None else incarnation,
                **({"mana": info["mana"]} if info.get("mana") else {}),
                **({"crewed": info["crewed"]} if info.get("crewed") else {}),  # the Vehicle it crewed (702.122b)
            }
            | ({"player": player} if (player := info.get("player")) else {}),
            program=trigger.program,
            subject=subject_key or (self.get(subject).key if subject in self.objects else None),
        )
        # Rule 603.4: an intervening "if" is checked as the event happens.
        if trigger.condition is not None and switches.on("603.4") and not self.condition_holds(item, trigger.condition):
            self.emit("condition-false", rule="603.4", label=label)
            return
        if trigger.program is not None and trigger.program.targets and not self.choose_trigger_targets(item):
            self.emit("no-targets", rule="603.3d", label=label)
            return
        self.pending_triggers.append(item)
        self.emit("trigger-waits", rule="603.2", label=label)

    def choose_trigger_targets(self, item: StackItem) -> bool:
        """Rule 603.3d: a triggered ability's targets are chosen as it is put on the stack; the engine takes
        the step's choice (``decisions["targets"]``), else the first legal ones in the battlefield's order,
        players after objects. With no legal target it is removed (603.3d)."""
        chosen = {}
        named = self.decisions.get("targets", {})
        if named:
            self.choose_targets(item, item.program, named)
            return True
        for spec in item.program.targets:
            candidates = [obj.id for obj in self.in_zone("battlefield")] + (list(self.players) if spec.players else [])
            legal = [c for c in candidates if self.legal_target(item, spec, self.target_ref(c))]
            if len(legal) < spec.count:
                return False
            chosen[spec.name] = legal[: spec.count]
        self.choose_targets(item, item.program, chosen)
        return True

    def create_delayed(self, item: StackItem, trigger: Trigger, about, context: dict) -> None:
        """Rule 603.7a: a delayed triggered ability exists from now on; an event before now is not seen."""
        label = f"{item.label} (delayed)"
        self.delayed.append(
            {"trigger": trigger, "controller": item.controller, "source": item.source, "about": about, "label": label}
        )
        self.emit("delayed", rule="603.7a", label=label)

    def queue_delayed(self, delayed: dict) -> None:
        trigger = delayed["trigger"]
        item = StackItem(
            self.next_id("trigger"),
            delayed["label"],
            delayed["controller"],
            delayed["source"],
            "trigger",
            trigger,
            {},
            program=trigger.program,
            subject=delayed["about"],
        )
        self.pending_triggers.append(item)
        self.emit("trigger-waits", rule="603.7", label=item.label)

    def leave_watch(self, leaving: list[GameObject]) -> list[tuple]:
        """Rule 603.10a: leaves-the-battlefield abilities look back in time: which would trigger is
        decided on the game as it was before the event, so an artifact destroyed with the creatures sees
        them die."""
        view = self.view()
        found = []
        for holder in self.in_zone("battlefield"):
            computed = view[holder.id]
            for ability in computed.abilities_with("trigger"):
                trigger = ability.trigger
                if trigger.on not in LEAVING:
                    continue
                for obj in leaving:
                    if self.trigger_matches(trigger, holder.id, computed.controller, obj.id, None, {}):
                        found.append((holder, ability, computed.controller, obj.id, obj.key, holder.incarnation))
        for delayed in self.delayed:
            for obj in leaving:
                if delayed["trigger"].on in LEAVING and delayed["about"] == obj.key:
                    found.append((None, delayed, None, obj.id, obj.key, None))
        return found

    def fire_left(self, watch: list[tuple]) -> None:
        for holder, ability, controller, oid, key, incarnation in watch:
            obj = self.get(oid)
            trigger = ability["trigger"] if holder is None else ability.trigger
            if trigger.on == "dies" and obj.zone != "graveyard":
                continue
            if holder is None:
                if ability in self.delayed:
                    if switches.on("603.7b"):
                        self.delayed.remove(ability)
                    self.queue_delayed(ability)
                continue
            self.queue_trigger(holder, ability, controller, oid, {}, subject_key=key, incarnation=incarnation)

    def entered(self, obj: GameObject) -> None:
        """After a permanent enters: an effect of the resolving spell that says it "is" something applies
        as it enters (611.2e); then "enters" abilities trigger, on the permanent as it is now (603.6b)."""
        waiting = self.entering_effects.pop(obj.id, None)
        if waiting is not None:
            item, spec = waiting
            self.create_effect(
                self.next_id("effect"),
                f"{item.label}: {spec.describe()}",
                EffectSpec(**{**spec.__dict__, "affects": Selector("ids", (obj.id,))}),
                controller=item.controller,
                source=item.source,
            )
        self.fire("enters", obj.id, player=self.computed(obj.id).controller)
