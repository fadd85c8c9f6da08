"""Part of :class:`~.game.Game`: the one replacement step (rules 614, 616).

A replacement effect is data (:class:`~.spells.Replacement`, an ability's ``replacement``): the event it
watches, a condition, and what happens instead. Every event a replacement effect may modify is handed to
:meth:`Replacements.replace` (as a :class:`Replaceable`) before it happens: damage being dealt
(:mod:`.actions`, :mod:`.combat`), life being gained (:mod:`.combat`), a card being drawn and an object
being put into a graveyard (:mod:`.zones`), a player losing the game (:mod:`.sba`). The step:

1. finds the replacement effects of permanents on the battlefield that apply to the event as it stands;
2. if two or more apply, the affected player (or the affected object's controller, else its owner) chooses
   one (616.1): the scenario step states the choice (``replacement_order``: object ids, first chosen
   first), else the one of the permanent first in the battlefield's order applies first;
3. applies it, then looks again, at the modified event (616.1f), until none is left. Each replacement
   effect applies once to an event and to the events that replace it (614.5); an effect that only applies
   to the modified event may apply now (616.2).

What is not modelled: self-replacement effects (614.15) and the order rules 616.1a-d, because the
scenarios' replacement effects are all of 616.1e; replacement effects of resolved spells (only
static abilities of permanents replace here; prevention shields are :mod:`.combat`'s, applied after).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import switches
from .spells import Program, Replacement
from .state import GameObject, StackItem


@dataclass
class Replaceable:
    """An event that would happen, as replacement effects have modified it so far (614.6).

    ``event``: ``damage``, ``gain_life``, ``draw``, ``lose_game`` or ``zone_change``; ``player``: the
    player it affects; ``source`` and ``target``: damage's source and recipient (a player's id or an
    object's), the object that changes zones; ``happens`` is False once something else happens instead."""

    event: str
    player: str | None = None
    source: str | None = None
    target: str | None = None
    amount: int = 0
    from_zone: str = ""
    to_zone: str = ""
    happens: bool = True


class Replacements:
    """Mixed into Game: ``self`` is the game; ``self.replacing`` holds (permanent id, ability key) of the
    replacement effects applied to the event being replaced and to the events replacing it (614.5)."""

    def replace(self, kind: str, **fields) -> Replaceable:
        """The event ``kind`` (with the fields of :class:`Replaceable`) would happen: apply every replacement
        effect that applies to it, each once (614.5), in the order the affected player chooses (616.1).
        Returns the event as it will happen."""
        event = Replaceable(kind, **fields)
        if not switches.on("614.1"):
            return event
        outermost = self.replacing is None
        if outermost:
            self.replacing = set()
        try:
            while event.happens:
                self.budget.tick()
                found = self.applicable(event)
                if not found:
                    break
                holder, ability = self.choose_replacement(found, event)
                self.replacing.add((holder.id, ability.key))
                self.apply_replacement(holder, ability, event)
        finally:
            if outermost:
                self.replacing = None
        return event

    def applicable(self, event: Replaceable) -> list[tuple[GameObject, object]]:
        found = []
        for holder in self.in_zone("battlefield"):
            computed = self.computed(holder.id)
            for ability in computed.abilities_with("replacement"):
                if (holder.id, ability.key) in self.replacing:
                    continue
                if self.replacement_applies(ability.replacement, holder, computed.controller, event):
                    found.append((holder, ability))
        return found

    def replacement_applies(self, rep: Replacement, holder: GameObject, you: str, event: Replaceable) -> bool:
        if rep.event != event.event:
            return False
        if event.event == "damage":
            if rep.source is not None and not (
                event.source in self.objects and self.matches(rep.source, event.source, source=holder.id)
            ):
                return False
            to_player = event.target in self.players
            if rep.recipient == "you" and event.target != you:
                return False
            if rep.recipient == "opponent" and (not to_player or event.target == you):
                return False
            if rep.recipient == "permanent" and to_player:
                return False
        elif event.event == "zone_change":
            if rep.self_only and event.target != holder.id:
                return False
            if rep.what is not None and not self.matches(rep.what, event.target, source=holder.id):
                return False
            if rep.from_zone and rep.from_zone != event.from_zone:
                return False
            if rep.to_zone and rep.to_zone != event.to_zone:
                return False
        elif rep.player == "you" and event.player != you:
            return False
        elif rep.player == "opponent" and (event.player is None or event.player == you):
            return False
        if rep.condition is not None:
            return self.condition_holds(self.replacement_item(holder, you, event), rep.condition)
        return True

    def choose_replacement(self, found: list, event: Replaceable) -> tuple[GameObject, object]:
        """Rule 616.1: the affected player or the affected object's controller chooses; the step's choice is
        ``decisions["replacements"]`` (object ids, or ``id.ability-key``), else battlefield order."""
        if len(found) == 1:
            return found[0]
        named = list(self.decisions.get("replacements", ())) if switches.on("616.1") else []

        def rank(pair) -> int:
            holder, ability = pair
            for position, name in enumerate(named):
                if name in (holder.id, f"{holder.id}.{ability.key}"):
                    return position
            return len(named)

        chosen = min(found, key=rank)  # min keeps the battlefield's order among equals
        self.emit(
            "replacement-chosen",
            rule="616.1",
            player=self.player_name(self.affected_player(event)),
            label=f"{chosen[0].name}: {chosen[1].label}",
            count=len(found),
        )
        return chosen

    def affected_player(self, event: Replaceable) -> str | None:
        if event.player is not None:
            return event.player
        if event.target in self.players:
            return event.target
        obj = self.objects.get(event.target) if event.target else None
        if obj is None:
            return None
        return self.controller_of(obj.id) or obj.owner

    def apply_replacement(self, holder: GameObject, ability, event: Replaceable) -> None:
        rep: Replacement = ability.replacement
        label = f"{holder.name}: {ability.label}"
        if rep.instead:
            event.happens = False
            if event.event == "lose_game":
                self.emit("loss-replaced", rule="704.7", label=holder.name)
            else:
                self.emit("event-replaced", rule="614.1a", label=holder.name)
            item = self.replacement_item(holder, self.computed(holder.id).controller, event)
            item.program = Program(instructions=rep.instead)
            self.run_instructions(item, rep.instead, {"illegal": set(), "pay": True, "each": ()})
            self.changed()
        elif rep.zone:
            event.to_zone = rep.zone
            self.emit(
                "zone-replaced", rule="614.1a", label=holder.name, name=self.get(event.target).name, to_zone=rep.zone
            )
        else:
            event.amount = event.amount * rep.multiply + rep.plus
            doubled = rep.multiply == 2 and not rep.plus
            if event.event == "damage" and doubled:
                self.emit("damage-replaced", rule="614.5", label=holder.name, amount=event.amount)
            elif event.event == "gain_life" and doubled:
                self.emit("life-gain-replaced", rule="614.1a", label=label, amount=event.amount)
            else:
                self.emit("amount-replaced", rule="614.1a", label=holder.name, amount=event.amount)

    def replacement_item(self, holder: GameObject, you: str, event: Replaceable) -> StackItem:
        """What a replacement effect's condition and instructions read: its source and controller, and the
        event's amount as ``that_much``. It is not on the stack: a replacement effect never is (614.1)."""
        item = StackItem(f"replacement-{holder.id}", holder.name, you, holder.id, "replacement")
        item.context = {"that_much": event.amount, "incarnation": holder.incarnation}
        if event.player is not None:
            item.context["player"] = event.player
        return item

    def destination(self, obj: GameObject, to_zone: str) -> str:
        """Where an object that would be put into ``to_zone`` from its zone goes (614.1a, "instead")."""
        return self.replace("zone_change", target=obj.id, from_zone=obj.zone, to_zone=to_zone).to_zone
