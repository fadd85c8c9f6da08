"""A game of Magic (or Берсерк) far enough to run the examples printed in the rules.

:class:`Game` holds a :class:`~.state.GameState` and offers the actions a scenario step
takes. Characteristics are computed by the layer system (``layers.py``) whenever they are
read after a change. State-based actions (``sba.py``) and putting waiting triggered
abilities on the stack happen in :meth:`Game.settle`, which the runner calls where a player
would receive priority (rule 704.3), never in the middle of a resolution.

What is *not* modelled is listed in docs/examples.md: casting costs and mana, targets,
priority passing, combat, copy effects, text-changing effects, multiplayer.
"""

from __future__ import annotations

from .budget import Budget
from .definitions import Ability, CardSpec, EffectSpec, Filter, Selector, Trigger
from .errors import IllegalAction
from .layers import Active, Computed, LayerSystem, compute
from .mana import COLORS
from .state import ContinuousEffect, Counter, GameObject, GameState, StackItem

MTG_STEPS = ("untap", "upkeep", "draw", "main1", "combat", "main2", "end", "cleanup")
BERSERK_STAGES = ("start", "main", "end")


class Game(GameState):
    def __init__(self, *, rules: str = "mtg", budget: Budget | None = None):
        super().__init__(rules=rules, budget=budget)
        self.attack = None  # Берсерк: (attacker, target) of the strike being declared

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

    # -- zones ----------------------------------------------------------------------

    def move(self, object_id: str, to_zone: str, *, top: bool = False, cause: str = "") -> None:
        """Move an object to another zone; to the battlefield, :meth:`enter` applies the
        replacement effects that modify how it enters (rule 614.12)."""
        obj = self.get(object_id)
        if to_zone == "battlefield":
            raise ValueError("use enter() to put an object onto the battlefield")
        from_zone = obj.zone
        self.leave(obj)
        self.place(obj, to_zone, top=top)
        self.emit("moved", name=obj.name, from_zone=from_zone, to_zone=to_zone)
        self.changed()
        self.check_state_triggers()

    def leave(self, obj: GameObject, *, remember: bool = True) -> None:
        """Rule 400.7: the object that arrives is a new object."""
        if obj.zone == "battlefield":
            if remember:
                self.remember(obj)
            for other in self.objects.values():
                if other.attached_to == obj.id:
                    other.attached_to = None
        self.unplace(obj)
        obj.incarnation += 1
        obj.timestamp = self.next_timestamp()  # rule 613.7d
        obj.controller = None
        obj.tapped = False
        obj.damage = 0
        obj.counters = {}
        obj.attached_to = None
        obj.choices = {}
        obj.control_since = None
        obj.used_this_turn = set()
        obj.restamped = {}

    def remember(self, obj: GameObject) -> None:
        """Last known information (rules 608.2h, 704.8), kept by object id."""
        computed = self.computed(obj.id)
        self.last_known[obj.id] = {
            "pt": computed.pt,
            "types": list(computed.types),
            "counters": {kind: counter.count for kind, counter in obj.counters.items() if counter.count},
            "keywords": [inst.ability.keyword for inst in computed.abilities if inst.ability.keyword],
            "controller": computed.controller,
        }

    def enter(
        self,
        object_id: str,
        *,
        controller: str | None = None,
        choices: dict[str, object] | None = None,
        extra_counters: dict[str, int] | None = None,
        attached_to: str | None = None,
    ) -> None:
        """Put an object onto the battlefield. The replacement effects that apply are found
        on the object *as it would exist on the battlefield* (rule 614.12) and on permanents
        already there; choices they need are made before it enters (rule 614.12a)."""
        obj = self.get(object_id)
        controller = controller or obj.owner
        if controller not in self.players:
            raise IllegalAction(f"unknown player {controller!r}", code="unknown-player")
        choices = dict(choices or {})
        from_zone = obj.zone
        as_it_would_be = self.hypothetical(obj, controller)
        own = [inst.ability for inst in as_it_would_be.abilities]
        made: dict[str, object] = {}
        for ability in own:
            if ability.as_enters is not None:
                made[ability.as_enters.choose] = self.validate_choice(obj, ability, controller, choices)
        tapped = any(ability.enters_tapped for ability in own)
        counters = {}
        for ability in own:
            for kind, count in ability.counters_on_enter:
                counters[kind] = counters.get(kind, 0) + count
        for kind, count in (extra_counters or {}).items():
            counters[kind] = counters.get(kind, 0) + count
        # Rule 614.12: "Permanents enter tapped" on another permanent; never on the entering one.
        for other in self.in_zone("battlefield"):
            if self.computed(other.id).abilities_with("permanents_enter_tapped"):
                tapped = True
        if attached_to is not None:
            self.on_battlefield(attached_to)
        self.leave(obj)
        self.place(obj, "battlefield")
        obj.attached_to = attached_to  # an Aura enters attached (rule 303.4f)
        obj.controller = controller
        obj.control_since = (controller, self.turn.number)
        obj.choices = made
        obj.tapped = tapped
        for kind, count in counters.items():
            obj.counters[kind] = Counter(count, obj.timestamp)
        self.emit("entered", name=obj.name, player=self.player_name(controller), from_zone=from_zone)
        for key, value in made.items():
            self.emit(
                "chose",
                rule="614.1c",
                name=obj.name,
                player=self.player_name(controller),
                choice=self.choice_label(key, value),
            )
        if tapped:
            self.emit("entered-tapped", rule="614.1c", name=obj.name)
        self.changed()
        self.check_state_triggers()

    def hypothetical(self, obj: GameObject, controller: str) -> Computed:
        saved = (obj.zone, obj.controller)
        obj.zone, obj.controller = "battlefield", controller
        self._view = None
        try:
            return compute(self)[obj.id]
        finally:
            obj.zone, obj.controller = saved
            self._view = None

    def validate_choice(self, obj: GameObject, ability: Ability, controller: str, choices: dict) -> object:
        kind = ability.as_enters.choose
        if kind not in choices:
            raise IllegalAction(
                f"{obj.name} needs a choice as it enters: {kind} (“{ability.label}”)",
                code="choice-missing",
                rule="614.12a",
            )
        value = choices[kind]
        if kind == "opponent":
            if value not in self.opponents_of(controller):
                raise IllegalAction(
                    f"{value!r} is not an opponent of {controller!r}", code="choice-invalid", rule="614.12a"
                )
        elif kind == "color":
            if value not in COLORS:
                raise IllegalAction(f"{value!r} is not a color (W, U, B, R, G)", code="choice-invalid", rule="105.1")
        elif kind == "pt":
            value = tuple(value)
            if value not in ability.as_enters.pt_options:
                options = ", ".join(f"{p}/{t}" for p, t in ability.as_enters.pt_options)
                raise IllegalAction(
                    f"{value[0]}/{value[1]} is not one of {options}", code="choice-invalid", rule="208.2b"
                )
        return value

    def choice_label(self, kind: str, value: object) -> str:
        if kind == "opponent":
            return self.player_name(value)
        if kind == "pt":
            return f"{value[0]}/{value[1]}"
        return str(value)

    def create_token(
        self, object_id: str, card: CardSpec, *, controller: str, choices: dict | None = None
    ) -> GameObject:
        """Create an object on the battlefield (a token when its card says so). It enters like
        any permanent: the replacement effects that modify how it enters apply (rule 614.12)."""
        obj = self.create_object(object_id, card, owner=controller, zone="exile")
        self.unplace(obj)
        obj.zone = "outside"  # not in any zone until it enters
        self.emit("created", name=obj.name, player=self.player_name(controller))
        self.enter(object_id, controller=controller, choices=choices)
        return obj

    def draw(self, player: str, count: int = 1) -> None:
        for _ in range(count):
            library = self.in_zone("library", player)
            if not library:
                self.players[player].drew_from_empty = True
                self.emit("drew-empty", rule="704.5b", player=self.player_name(player))
                continue
            card = library[0]
            self.leave(card)
            self.place(card, "hand")
            self.emit("drew", player=self.player_name(player), name=card.name)
            self.changed()
            self.check_state_triggers()

    def discard(self, player: str, count: int | None = None) -> None:
        """Discard ``count`` cards (the whole hand when None); fewer if the hand is smaller (rule 609.3)."""
        hand = self.in_zone("hand", player)
        for card in hand if count is None else hand[:count]:
            self.leave(card)
            self.place(card, "graveyard")
            self.emit("discarded", player=self.player_name(player), name=card.name)
            self.changed()
            self.check_state_triggers()

    def mill(self, player: str, count: int) -> int:
        """Put the top ``count`` cards of a library into the graveyard: as many as there are
        (rule 609.3). Returns how many moved."""
        library = self.in_zone("library", player)[:count]
        for card in library:
            self.leave(card)
            self.place(card, "graveyard")
            self.emit("moved", name=card.name, from_zone="library", to_zone="graveyard")
            self.changed()
        self.check_state_triggers()
        return len(library)

    def destroy_all(self, flt: Filter, *, controller: str) -> list[str]:
        """ "Destroy all …": every matching permanent at once (rule 608.2j for colour words)."""
        matching = [obj for obj in self.in_zone("battlefield") if self.matches(flt, obj.id, controller=controller)]
        doomed = [obj for obj in matching if not self.computed(obj.id).has_keyword("indestructible")]
        for obj in doomed:
            self.emit("destroyed", name=obj.name)
        if doomed:
            self.put_into_graveyard(doomed)
        return [obj.id for obj in doomed]

    def destroy(self, object_id: str) -> bool:
        """Rule 701.8; indestructible permanents are not destroyed (rule 702.12b)."""
        obj = self.get(object_id)
        if obj.zone != "battlefield" or self.computed(object_id).has_keyword("indestructible"):
            return False
        self.emit("destroyed", name=obj.name)
        self.put_into_graveyard([obj])
        return True

    def put_into_graveyard(self, objects: list[GameObject]) -> None:
        """Move permanents to their owners' graveyards at once, then look for dies triggers."""
        was_creature = {obj.id: self.computed(obj.id).is_creature for obj in objects}
        for obj in objects:
            self.remember(obj)
        for obj in objects:
            self.leave(obj, remember=False)
            self.place(obj, "graveyard")
            self.emit("moved", name=obj.name, from_zone="battlefield", to_zone="graveyard")
        self.changed()
        for obj in objects:
            if obj.card.token:
                continue
            known = self.last_known[obj.id]
            # Undying (rule 702.93a) looks back at the permanent as it last existed (rule 704.8).
            if was_creature[obj.id] and "undying" in known["keywords"] and not known["counters"].get("+1/+1"):
                self.pending_triggers.append(
                    StackItem(self.next_id("trigger"), f"{obj.name}: undying", known["controller"], obj.id, "undying")
                )
                self.emit("trigger-waits", label=f"{obj.name}: undying")
        self.check_state_triggers()

    # -- permanents -------------------------------------------------------------------

    def tap(self, object_id: str) -> None:
        obj = self.on_battlefield(object_id)
        if not obj.tapped:
            obj.tapped = True
            self.emit("tapped", name=obj.name)
            self.changed()

    def untap(self, object_id: str) -> None:
        obj = self.on_battlefield(object_id)
        if obj.tapped:
            obj.tapped = False
            self.emit("untapped", name=obj.name)
            self.changed()

    def on_battlefield(self, object_id: str) -> GameObject:
        obj = self.get(object_id)
        if obj.zone != "battlefield":
            raise IllegalAction(f"{obj.name} is not on the battlefield", code="not-on-battlefield")
        return obj

    def attach(self, object_id: str, to: str) -> None:
        """An Aura or Equipment gets a new timestamp each time it becomes attached (rule
        613.7e); static abilities granted to it keep their order after its own (rule 613.7a)."""
        obj = self.on_battlefield(object_id)
        self.on_battlefield(to)
        self.restamp(obj)
        obj.attached_to = to
        self.emit("attached", rule="613.7e", name=obj.name, target=self.name(to))
        self.changed()

    def restamp(self, obj: GameObject) -> None:
        view = self.computed(obj.id)
        granted = []
        for inst in view.abilities:
            if inst.granted_by and inst.ability.static is not None:
                current = obj.restamped.get(inst.key) or max(obj.timestamp, inst.grant_timestamp)
                if current > obj.timestamp:
                    granted.append((current, inst.key))
        obj.timestamp = self.next_timestamp()
        obj.restamped = {key: (obj.timestamp[0], n) for n, (_, key) in enumerate(sorted(granted), start=1)}

    def add_counters(self, object_id: str, kind: str, count: int) -> None:
        """Rule 613.7c: the new counters and those of the same kind share a new timestamp."""
        obj = self.on_battlefield(object_id)
        if count < 0:
            raise IllegalAction("a number of counters cannot be negative", code="bad-count")
        current = obj.counters.get(kind)
        obj.counters[kind] = Counter((current.count if current else 0) + count, self.next_timestamp())
        self.emit("counters", rule="613.7c", count=count, kind=kind, name=obj.name)
        self.changed()

    def remove_counters(self, object_id: str, kind: str, count: int) -> None:
        obj = self.get(object_id)
        current = obj.counters.get(kind)
        if not current:
            return
        current.count = max(0, current.count - count)
        if not current.count:
            del obj.counters[kind]
        self.changed()

    # -- continuous effects -----------------------------------------------------------

    def create_effect(
        self,
        effect_id: str,
        label: str,
        spec: EffectSpec,
        *,
        controller: str,
        source: str | None = None,
        duration: str = "",
        context: dict | None = None,
    ) -> ContinuousEffect:
        """A continuous effect from a resolving spell or ability: its affected set is fixed
        now (rule 611.2c), even for permanents that are not yet creatures (rule 208.3a)."""
        if self.effect(effect_id) is not None:
            raise ValueError(f"effect id {effect_id!r} is already in use")
        view = self.view()
        selector = spec.affects
        if selector.kind == "ids":
            ids = selector.ids
        elif selector.kind == "self":
            ids = (source,) if source else ()
        elif selector.kind == "crewed":
            ids = ((context or {}).get("crewed"),)
        elif selector.kind == "attached":
            host = self.get(source).attached_to if source else None
            ids = (host,) if host else ()
        else:
            ids = tuple(oid for oid in view if self.matches(selector.filter, oid, source=source, controller=controller))
        locked = frozenset(self.get(oid).key for oid in ids if oid)
        effect = ContinuousEffect(effect_id, label, spec, controller, self.next_timestamp(), source, duration, locked)
        self.effects.append(effect)
        self.emit("effect", rule="611.2c", label=label)
        self.changed()
        return effect

    def end_effect(self, effect_id: str) -> None:
        effect = self.effect(effect_id)
        if effect is None:
            raise IllegalAction(f"there is no effect {effect_id!r}", code="no-such-effect")
        self.effects.remove(effect)
        self.emit("effect-ended", label=effect.label)
        self.changed()

    def gain_control(self, object_id: str, player: str, *, duration: str = "", label: str = "") -> None:
        obj = self.on_battlefield(object_id)
        label = label or f"{self.player_name(player)} controls {obj.name}"
        self.create_effect(
            self.next_id("control"),
            label,
            EffectSpec(affects=Selector("ids", (object_id,)), control=player),
            controller=player,
            duration=duration,
        )
        self.note_control_changes()

    def note_control_changes(self) -> None:
        """Remember when each permanent came under its controller's control (rule 302.6)."""
        for obj in self.in_zone("battlefield"):
            controller = self.computed(obj.id).controller
            if obj.control_since is None or obj.control_since[0] != controller:
                obj.control_since = (controller, self.turn.number)
                self.emit("control", player=self.player_name(controller), name=obj.name)
                self.changed()

    # -- the stack ----------------------------------------------------------------------

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
        waiting = sorted(self.pending_triggers, key=lambda item: item.controller != self.turn.active)
        self.pending_triggers = []
        for item in waiting:
            self.stack.append(item)
            self.emit("stack", rule="603.3", label=item.label)
        self.changed()

    def resolve(self) -> None:
        """Resolve the top object of the stack (rule 608)."""
        if not self.stack:
            raise IllegalAction("the stack is empty", code="stack-empty", rule="608.1")
        item = self.stack.pop()
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

    # -- damage and life ------------------------------------------------------------------

    def damage(self, source: str, target: str, amount: int, *, source_label: str = "") -> int:
        """Deal damage (rule 120.3), after replacement effects that double it; each applies
        once to the event (rule 614.5). Returns the damage dealt."""
        if amount < 0:
            raise IllegalAction("damage cannot be negative", code="bad-amount")
        source_name = source_label or (self.name(source) if source in self.objects else source)
        dealt = amount
        if source in self.objects and amount > 0:
            for holder in self.in_zone("battlefield"):
                for ability in self.computed(holder.id).abilities_with("damage_double"):
                    if self.matches(ability.damage_double, source, source=holder.id):
                        dealt *= 2
                        self.emit("damage-replaced", rule="614.5", label=f"{holder.name}", amount=dealt)
        if target in self.players:
            self.emit("damage", rule="120.3a", source=source_name, amount=dealt, target=self.player_name(target))
            self.lose_life(target, dealt)
        else:
            obj = self.on_battlefield(target)
            obj.damage += dealt
            self.emit("damage", rule="120.3e", source=source_name, amount=dealt, target=obj.name)
            self.changed()
        return dealt

    def lose_life(self, player: str, amount: int) -> None:
        self.players[player].life -= amount
        self.emit("life", player=self.player_name(player), life=self.players[player].life)
        self.changed()

    # -- turns ------------------------------------------------------------------------------

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
        self.changed()
        self.settle()
        self.note_control_changes()
        players = list(self.players)
        self.turn.number += 1
        self.turn.active = players[(players.index(self.turn.active) + 1) % len(players)]
        self.turn.step = "untap" if self.rules == "mtg" else "start"
        self.attack = None
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
        from .sba import check_state_based_actions

        while True:
            self.budget.tick()
            performed = check_state_based_actions(self)
            if performed:
                continue
            if self.pending_triggers:
                self.put_triggers_on_stack()
                continue
            return
