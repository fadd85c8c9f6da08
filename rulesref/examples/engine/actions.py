"""Part of :class:`~.game.Game`: what happens to permanents and players (tapping, attaching,
counters, damage, life)."""

from __future__ import annotations

from . import switches
from .errors import IllegalAction
from .state import Counter, GameObject


class Actions:
    """Mixed into Game: ``self`` is the game."""

    def tap(self, object_id: str) -> None:
        obj = self.on_battlefield(object_id)
        if not obj.tapped:
            obj.tapped = True
            self.emit("tapped", name=obj.name)
            self.changed()
            self.fire("tapped", object_id)  # rule 603.2f: "becomes tapped"

    def untap(self, object_id: str) -> None:
        obj = self.on_battlefield(object_id)
        if obj.tapped:
            obj.tapped = False
            self.emit("untapped", name=obj.name)
            self.changed()
            self.fire("untapped", object_id)

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
        if switches.on("613.7e"):
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
        timestamp = self.next_timestamp()
        if current and not switches.on("613.7c"):
            timestamp = current.timestamp
        obj.counters[kind] = Counter((current.count if current else 0) + count, timestamp)
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

    def damage(self, source: str, target: str, amount: int, *, source_label: str = "") -> int:
        """Deal damage (rule 120.3), after the replacement effects that modify it, each once (614.5, the
        replacement step of engine/replacements.py), then prevention (615). Returns the damage dealt."""
        if amount < 0:
            raise IllegalAction("damage cannot be negative", code="bad-amount")
        source_name = source_label or (self.name(source) if source in self.objects else source)
        dealt = amount
        if source in self.objects and amount > 0:
            event = self.replace("damage", source=source, target=target, amount=amount)
            dealt = event.amount if event.happens else 0
        dealt = self.after_prevention(source, target, dealt)  # rule 615 (combat.py)
        if not dealt:
            return 0
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
