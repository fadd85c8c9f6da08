"""Part of :class:`~.game.Game`: objects moving between zones. Each zone change makes a new object
(rule 400.7); entering the battlefield applies the replacement effects that modify how a permanent
enters (614.1c, 614.12); leaving it keeps last known information (608.2h, 704.8)."""

from __future__ import annotations

from . import switches
from .definitions import Ability, CardSpec, Filter
from .errors import IllegalAction
from .layers import Computed, compute
from .mana import COLORS
from .state import Counter, GameObject


class Zones:
    """Mixed into Game: ``self`` is the game (its state, its layers, its events)."""

    def move(self, object_id: str, to_zone: str, *, top: bool = False, cause: str = "") -> None:
        """Move an object to another zone; to the battlefield, :meth:`enter` applies the
        replacement effects that modify how it enters (rule 614.12)."""
        obj = self.get(object_id)
        if to_zone == "battlefield":
            raise ValueError("use enter() to put an object onto the battlefield")
        from_zone = obj.zone
        to_zone = self.destination(obj, to_zone)  # a replacement effect may send it elsewhere (614.1a)
        look_back = switches.on("603.10a")
        watch = self.leave_watch([obj]) if from_zone == "battlefield" and look_back else []
        self.leave(obj)
        self.place(obj, to_zone, top=top)
        self.emit("moved", name=obj.name, from_zone=from_zone, to_zone=to_zone)
        self.changed()
        if from_zone == "battlefield" and not look_back:
            watch = self.leave_watch([obj])  # switched off: decided on the game after the event
        self.fire_left(watch)  # rule 603.10a
        self.check_state_triggers()

    def to_graveyard(self, obj: GameObject) -> str:
        """Put an object into its owner's graveyard, or where a replacement effect sends it instead (614.1a);
        returns the zone it went to."""
        to_zone = self.destination(obj, "graveyard")
        self.leave(obj)
        self.place(obj, to_zone)
        return to_zone

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
        obj.face_down = obj.flipped = obj.transformed = False  # rules 400.7, 110.5b: a new object, unflipped, face up
        obj.cast_half = ""

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
        copy = self.entering_copy(obj, controller, choices)  # copies.py: rules 707.5, 616.1f
        as_it_would_be = self.hypothetical(obj, controller, copy)
        if self.cannot_enter(obj, controller, copy):  # copies.py: "lands can't enter" (608.3e)
            return
        own = [inst.ability for inst in as_it_would_be.abilities]
        made: dict[str, object] = {}
        for ability in own:
            if ability.as_enters is not None and ability.as_enters.choose != "copy":
                made[ability.as_enters.choose] = self.validate_choice(obj, ability, controller, choices)
        tapped = any(ability.enters_tapped for ability in own)
        counters = {}
        for ability in own:
            for kind, count in ability.counters_on_enter:
                counters[kind] = counters.get(kind, 0) + count
        for kind, count in (extra_counters or {}).items():
            counters[kind] = counters.get(kind, 0) + count
        for kind, count in self.copy_counters(copy):
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
        if copy:
            self.start_copies(obj, copy)
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
        self.entered(obj)  # engine/stack.py: "is …" effects (611.2e), then "enters" triggers
        self.check_state_triggers()

    def hypothetical(self, obj: GameObject, controller: str, copy=None) -> Computed:
        saved = (obj.zone, obj.controller)
        obj.zone, obj.controller = "battlefield", controller
        entering = self.pending_copy(obj, copy)
        self.effects.extend(entering)
        self._view = None
        try:
            return compute(self)[obj.id]
        finally:
            obj.zone, obj.controller = saved
            for effect in entering:
                self.effects.remove(effect)
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
        elif kind == "creature_type":
            if not isinstance(value, str) or not value:
                raise IllegalAction(f"{value!r} is not a creature type", code="choice-invalid", rule="205.3m")
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
        """Draw ``count`` cards: each is one event a replacement effect may replace (121.2, 614.1a)."""
        for _ in range(count):
            if not self.replace("draw", player=player, amount=1).happens:  # engine/replacements.py
                continue
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
            to_zone = self.destination(card, "graveyard")  # a replacement effect may send it elsewhere (614.1a)
            self.leave(card)
            self.place(card, to_zone)
            self.emit("discarded", player=self.player_name(player), name=card.name)
            self.changed()
            self.check_state_triggers()

    def mill(self, player: str, count: int) -> int:
        """Put the top ``count`` cards of a library into the graveyard: as many as there are
        (rule 609.3). Returns how many moved."""
        library = self.in_zone("library", player)[:count]
        for card in library:
            to_zone = self.destination(card, "graveyard")
            self.leave(card)
            self.place(card, to_zone)
            self.emit("moved", name=card.name, from_zone="library", to_zone=to_zone)
            self.changed()
        self.check_state_triggers()
        return len(library)

    def destroy_all(self, flt: Filter, *, controller: str) -> list[str]:
        """ "Destroy all …": every matching permanent at once (rule 608.2j for colour words)."""
        matching = [obj for obj in self.in_zone("battlefield") if self.matches(flt, obj.id, controller=controller)]
        doomed = [obj for obj in matching if not self.computed(obj.id).has_keyword("indestructible")]
        doomed = [obj for obj in doomed if not self.regenerates(obj)]  # rule 614.8
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
        if self.regenerates(obj):  # engine/casting.py: a regeneration shield replaces it (614.8)
            return False
        self.emit("destroyed", name=obj.name)
        self.put_into_graveyard([obj])
        return True

    def put_into_graveyard(self, objects: list[GameObject]) -> None:
        """Move permanents to their owners' graveyards at once, then look for dies triggers."""
        look_back = switches.on("603.10a")
        watch = self.leave_watch(objects) if look_back else []  # rule 603.10a: decided on the game before the event
        for obj in objects:
            self.remember(obj)
        # Replacement effects decide where each goes before any moves (614.1a: "if it would die, instead").
        destinations = {obj.id: self.destination(obj, "graveyard") for obj in objects}
        for obj in objects:
            self.leave(obj, remember=False)
            self.place(obj, destinations[obj.id])
            self.emit("moved", name=obj.name, from_zone="battlefield", to_zone=destinations[obj.id])
        self.changed()
        if not look_back:
            watch = self.leave_watch(objects)  # switched off: decided on the game after the event
        self.fire_left(watch)
        self.check_state_triggers()
