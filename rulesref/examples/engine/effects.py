"""Part of :class:`~.game.Game`: continuous effects from resolving spells and abilities (611.2c),
their end, and control changes (302.6)."""

from __future__ import annotations

from .definitions import EffectSpec, Selector
from .errors import IllegalAction
from .state import ContinuousEffect


class Effects:
    """Mixed into Game: ``self`` is the game."""

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

    def gain_control(
        self, object_id: str, player: str, *, duration: str = "", label: str = "", source: str | None = None
    ) -> None:
        obj = self.on_battlefield(object_id)
        label = label or f"{self.player_name(player)} controls {obj.name}"
        self.create_effect(
            self.next_id("control"),
            label,
            EffectSpec(affects=Selector("ids", (object_id,)), control=player),
            controller=player,
            source=source,
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
