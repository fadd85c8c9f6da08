"""Copies and layer 1 (rules 613.2, 707, 708, 710, 712), and the part of :class:`~.game.Game` that
makes them.

Layer 1 works on whole sets of printed values (a :class:`~.definitions.CardSpec`, faces included)
before any other layer, for every object:

1. 1a, copy effects in timestamp order (613.2a): each replaces the object's values with the values
   it copied *when it was created* (707.2b, 707.2c), then applies its exceptions, which become
   copiable values too (707.9a, 707.9b); an exception that gives power and toughness, or keeps a
   characteristic, drops the copied object's characteristic-defining ability for it (707.9d).
2. The face that is up: a flipped permanent uses its flip half, with the same color and mana cost
   (710.1c, 710.2); a transforming permanent with its back face up uses its back face, with its front
   face's mana value (712.8e). Flipped, back face up and face down are statuses of the object, not
   copiable values (110.5c): a permanent that becomes a copy of another flip card stays flipped.
3. 1b, face down (613.2b, 708.2a): a 2/2 creature with no name, types, abilities or mana cost.

What remains is the object's copiable values (613.2c); another object that copies it gets them
(a copy of a face-down permanent is a face-up 2/2 with no name, 707.2). Only a token created as a
copy of a transforming permanent copies both faces and which one is up (707.8a).
"""

from __future__ import annotations

from dataclasses import replace

from . import switches
from .definitions import CardSpec, CopyExceptions, CopySpec, EffectSpec, Filter, Selector
from .errors import IllegalAction
from .mana import ManaCost
from .state import ContinuousEffect, GameObject

NO_EXCEPTIONS = CopyExceptions()
# Rule 708.2a.
FACE_DOWN = CardSpec(key="face-down", name="", types=("Creature",), power="2", toughness="2")


# -- layer 1 --------------------------------------------------------------------------------


def with_exceptions(values: CardSpec, original: CardSpec, exceptions: CopyExceptions) -> CardSpec:
    """A copied face with its copy effect's exceptions (707.9): the copy's copiable values."""
    changes: dict = {}
    abilities = list(values.abilities)
    if "name" in exceptions.keep:
        changes["name"] = original.name
    if "colors" in exceptions.keep:
        changes["color_indicator"] = tuple(sorted(original.colors))
    if exceptions.set_pt is not None or "pt" in exceptions.keep:
        power, toughness = exceptions.set_pt or (original.power, original.toughness)
        changes["power"], changes["toughness"] = str(power), str(toughness)
        abilities = [a for a in abilities if a.cda is None]  # rule 707.9d
    types = dict.fromkeys(values.types + exceptions.add_types)
    subtypes = dict.fromkeys(values.subtypes + exceptions.add_subtypes)
    supertypes = dict.fromkeys(values.supertypes + exceptions.add_supertypes)
    keys = {a.key for a in abilities}
    abilities += [a for a in exceptions.add_abilities if a.key not in keys]
    result = replace(
        values,
        types=tuple(types),
        subtypes=tuple(subtypes),
        supertypes=tuple(supertypes),
        abilities=tuple(abilities),
        **changes,
    )
    # Rule 707.9f: "if it's a creature" looks at the copy as it would be without that exception.
    if exceptions.if_creature is not None and "Creature" in result.types:
        result = with_exceptions(result, original, exceptions.if_creature)
    return result


def extra_counters(copy: CopySpec) -> tuple[tuple[str, int], ...]:
    """The counters an "enter as a copy … except it enters with … counters" adds (707.9e, 707.9f)."""
    found = list(copy.exceptions.counters)
    conditional = copy.exceptions.if_creature
    unconditional = replace(copy.exceptions, if_creature=None)
    if conditional is not None and "Creature" in with_exceptions(copy.values, copy.values, unconditional).types:
        found += conditional.counters
    return tuple(found)


def copied(current: CardSpec, copy: CopySpec) -> CardSpec:
    """Rule 707.2: the object becomes the copied values; the exceptions apply to each face."""
    new = with_exceptions(copy.values, current, copy.exceptions)
    if new.flip is not None:
        new = replace(new, flip=with_exceptions(new.flip, current, copy.exceptions))
    if new.back is not None:
        new = replace(new, back=with_exceptions(new.back, current, copy.exceptions))
    return new


def combined(values: CardSpec) -> CardSpec:
    """Rule 709.4: a split card (off the stack, or not cast as one half) has both halves' mana costs
    combined (its colors and mana value follow), each card type and each ability of each half."""
    costs = [half.mana_cost for half in values.halves if half.mana_cost is not None]
    symbols = tuple(symbol for cost in costs for symbol in cost.symbols)
    types = dict.fromkeys(t for half in values.halves for t in half.types)
    return replace(
        values,
        mana_cost=ManaCost(symbols) if symbols else None,
        types=tuple(types) or values.types,
        abilities=values.abilities + tuple(a for half in values.halves for a in half.abilities),
    )


def face_up(values: CardSpec, obj: GameObject) -> tuple[CardSpec, object]:
    """The characteristics of the face that is up, and the mana cost that gives its mana value when
    that is not its own (712.8e)."""
    if values.halves:
        half = next((h for h in values.halves if obj.zone == "stack" and h.name == obj.cast_half), None)
        return (half, None) if half is not None else (combined(values), None)  # rule 709.3, 709.4
    on_battlefield = obj.zone == "battlefield"
    if on_battlefield and obj.transformed and values.back is not None:
        return replace(values.back, flip=None, back=None), values.mana_cost
    if on_battlefield and obj.flipped and values.flip is not None:
        flip = values.flip
        return replace(flip, mana_cost=values.mana_cost, color_indicator=values.color_indicator, flip=None), None
    return values, None


def snapshot(system, oid: str, *, token: bool = False) -> tuple[CardSpec, bool]:
    """The copiable values another object copies from ``oid`` (707.2, 707.3), and whether a token
    copy enters with its back face up (707.8a)."""
    obj = system.game.objects[oid]
    values = system.copied[oid]
    if obj.face_down:
        return system.copiable[oid], False
    if token and values.back is not None and values.transforming:
        return values, obj.transformed and obj.zone == "battlefield"
    if obj.zone == "battlefield" and obj.transformed and values.back is not None:
        return face_up(values, obj)[0], False  # the back face alone: no mana cost, so mana value 0 (712.8e)
    # The front face alone; a flip card with its flip half, unflipped (the status is not copied, 110.5c).
    return replace(values, back=None, transforming=False), False


# -- the part of Game ------------------------------------------------------------------------


class Copies:
    """Mixed into Game: ``self`` is the game."""

    def copiable_values(self, object_id: str, *, token: bool = False) -> tuple[CardSpec, bool]:
        self.view()
        return snapshot(self._system, self.get(object_id).id, token=token)

    def become_copy(
        self,
        object_id: str,
        of: str,
        *,
        exceptions: CopyExceptions = NO_EXCEPTIONS,
        effect_id: str = "",
        label: str = "",
        duration: str = "",
        controller: str | None = None,
    ) -> ContinuousEffect:
        """ "[This] becomes a copy of [that]": a copy effect from a resolving spell or ability; the
        values are those ``of`` has now (707.2b); other effects on the object still apply (707.4)."""
        obj = self.on_battlefield(object_id)
        values, _ = self.copiable_values(of)
        spec = EffectSpec(affects=Selector("ids", (object_id,)), copy=CopySpec(of, values, exceptions))
        name = self.name(object_id) or "a face-down permanent"
        effect = self.create_effect(
            effect_id or self.next_id("copy"),
            label or f"{name} becomes a copy of {values.name or 'a face-down permanent'}",
            spec,
            controller=controller or self.controller_of(object_id) or obj.owner,
            duration=duration,
        )
        self.emit("copied", rule="707.2", name=name, copied=values.name or "—")
        return effect

    def entering_copy(self, obj: GameObject, controller: str, choices: dict) -> list[CopySpec]:
        """The copy effects an object enters with, in order: "creatures you control enter as a copy
        of [this]" on a permanent (616.1f: it applies first), else its own "you may have [this]
        enter as a copy of …" with the object chosen (707.5). A list of choices copies again with
        the "enter as a copy" ability the first copy gave it (707.9e: Altered Ego copying a Clone)."""
        for other in self.in_zone("battlefield"):
            for ability in self.computed(other.id).abilities_with("others_enter_as_copy"):
                if self.would_match(ability.others_enter_as_copy, obj, controller, source=other.id):
                    values, _ = self.copiable_values(other.id)
                    return [CopySpec(other.id, values)]
        chosen = choices.get("copy")
        if chosen is None:
            return []  # "you may": it enters as itself
        made: list[CopySpec] = []
        for target in chosen if isinstance(chosen, list) else [chosen]:
            made.append(self.copy_choice(obj, controller, target, made))
        return made

    def copy_choice(self, obj: GameObject, controller: str, chosen: str, before: list[CopySpec]) -> CopySpec:
        if chosen not in self.objects or self.objects[chosen].zone != "battlefield":
            raise IllegalAction(
                f"{chosen!r} is not on the battlefield to be copied", code="choice-invalid", rule="707.5"
            )
        own = [inst.ability.as_enters for inst in self.hypothetical(obj, controller, before).abilities]
        ability = next((a for a in own if a is not None and a.choose == "copy"), None)
        if ability is None:
            raise IllegalAction(f"{obj.name} has no “enter as a copy” ability", code="choice-invalid", rule="707.5")
        if ability.copy_filter is not None and not self.matches(ability.copy_filter, chosen, controller=controller):
            raise IllegalAction(
                f"{self.name(chosen)} is not something {obj.name} may copy", code="choice-invalid", rule="707.5"
            )
        values, _ = self.copiable_values(chosen)
        return CopySpec(chosen, values, ability.copy_except)

    def cannot_enter(self, obj: GameObject, controller: str, copies: list[CopySpec]) -> bool:
        """ "Lands can't enter the battlefield": looked for on the object as it would exist there, its
        copy effects included; a permanent spell that can't enter goes to its owner's graveyard (608.3e)."""
        forbidding = [
            (other.id, ability.forbids_entering)
            for other in self.in_zone("battlefield")
            for ability in self.computed(other.id).abilities_with("forbids_entering")
        ]
        if not forbidding:
            return False
        saved = (obj.zone, obj.controller)
        obj.zone, obj.controller = "battlefield", controller
        entering = self.pending_copy(obj, copies)
        self.effects.extend(entering)
        self.changed()
        try:
            refused = any(self.matches(flt, obj.id, source=source) for source, flt in forbidding)
        finally:
            obj.zone, obj.controller = saved
            for effect in entering:
                self.effects.remove(effect)
            self.changed()
        if refused:
            self.leave(obj)
            self.place(obj, "graveyard")
            self.changed()
            self.emit("cant-enter", rule="608.3e", name=obj.name)
        return refused

    def would_match(self, flt: Filter, obj: GameObject, controller: str, *, source: str) -> bool:
        saved = (obj.zone, obj.controller)
        obj.zone, obj.controller = "battlefield", controller
        self.changed()
        try:
            return self.matches(flt, obj.id, source=source)
        finally:
            obj.zone, obj.controller = saved
            self.changed()

    def pending_copy(self, obj: GameObject, copies: list[CopySpec] | None) -> list[ContinuousEffect]:
        """The entering copy effects, for looking at the object as it would exist (614.12)."""
        return [
            ContinuousEffect(
                f"entering-copy-{n}",
                "",
                EffectSpec(affects=Selector("ids", (obj.id,)), copy=copy),
                obj.owner,
                (0, n),
                None,
                "",
                frozenset({obj.key}),
            )
            for n, copy in enumerate(copies or ())
        ]

    def copy_counters(self, copies: list[CopySpec]) -> tuple[tuple[str, int], ...]:
        """Only the last copy effect's additional counters: a later copy effect undoes an earlier
        one's exception that is an additional effect (707.9e)."""
        return extra_counters(copies[-1]) if copies else ()

    def start_copies(self, obj: GameObject, copies: list[CopySpec]) -> None:
        """It entered as a copy: the effects are locked to the new object (400.7), in order."""
        for n, copy in enumerate(copies):
            self.start_copy(obj, copy, n)

    def start_copy(self, obj: GameObject, copy: CopySpec, n: int = 0) -> None:
        spec = EffectSpec(affects=Selector("ids", (obj.id,)), copy=copy)
        name = copy.values.name or "a face-down permanent"
        # Part of how it enters (614.1c): the effect has the object's own timestamp (a second one just after).
        label = f"{obj.card.name} entered as a copy of {name}"
        self.effects.append(
            ContinuousEffect(
                self.next_id("copy"),
                label,
                spec,
                obj.controller,
                (obj.timestamp[0], n),
                obj.id,
                "",
                frozenset({obj.key}),
            )
        )
        self.changed()
        self.emit("copied", rule="707.5", name=obj.card.name, copied=name)

    def create_copy_token(self, object_id: str, of: str, *, controller: str, choices: dict | None = None) -> None:
        """ "Create a token that's a copy of …" (111.4, 707.8a): the token's own values are the copied
        ones; a copy of a transforming permanent has both faces and the same face up."""
        values, back_up = self.copiable_values(of, token=True)
        card = replace(values, key=f"copy-of-{of}", token=True)
        self.create_token(object_id, card, controller=controller, choices=choices)
        if back_up:
            self.get(object_id).transformed = True
            self.changed()

    def put_name_sticker(self, object_id: str, word: str, after: int) -> None:
        """Rule 123.6b: the word goes at the beginning or after any number of the words in its name now."""
        obj = self.get(object_id)
        words = len(self.name(object_id).split())
        if not 0 <= after <= words or not word or " " in word:
            raise IllegalAction(
                f"a name sticker’s word goes after 0 to {words} words of “{self.name(object_id)}”",
                code="sticker-position",
                rule="123.6b",
            )
        obj.stickers.append((word, after, self.next_timestamp()))
        self.changed()
        self.emit("sticker", rule="123.6b", name=self.name(object_id), word=word)

    # -- statuses ---------------------------------------------------------------------------

    def transform(self, object_id: str) -> bool:
        """Rule 701.28a; only transforming double-faced cards and tokens transform (701.28c, 712.9)."""
        obj = self.on_battlefield(object_id)
        if obj.card.back is None or not obj.card.transforming:
            self.emit("transform-nothing", rule="701.28c", name=self.name(object_id))
            return False
        obj.transformed = not obj.transformed
        self.changed()
        self.emit("transformed", rule="701.28a", name=self.name(object_id))
        return True

    def flip(self, object_id: str) -> bool:
        """Rule 710.2: once flipped, its flip half applies (for as long as it stays on the battlefield)."""
        obj = self.on_battlefield(object_id)
        self.view()
        if self._system.copied[obj.id].flip is None:
            self.emit("flip-nothing", rule="710.2", name=self.name(object_id))
            return False
        obj.flipped = True
        self.changed()
        self.emit("flipped", rule="710.2", name=self.name(object_id))
        return True

    def face_up_reasons(self, object_id: str) -> list[tuple[str, str]]:
        """Why it can't be turned face up as a special action (702.37e): it must be face down, and its
        face-up values must have morph."""
        obj = self.get(object_id)
        if not obj.face_down:
            return [("not-face-down", "702.37e")]
        self.view()
        values, _ = face_up(self._system.copied[obj.id], obj)
        if not any(a.morph for a in values.abilities):
            return [("no-morph", "702.37e")]
        return []

    def turn_face_up(self, object_id: str) -> None:
        """Rule 708.8: its copiable values revert to its normal ones; other effects still apply."""
        obj = self.on_battlefield(object_id)
        if not obj.face_down:
            raise IllegalAction(f"{self.name(object_id)} is not face down", code="not-face-down", rule="708.8")
        obj.face_down = False
        self.changed()
        self.emit("turned-face-up", rule="708.8", name=self.name(object_id))

    def enter_together(self, object_ids: list[str], *, controller: str | None = None) -> None:
        """Objects that enter at once get their timestamps in APNAP order (613.7m): the active
        player's first, in the order given (that player's choice), then each other player's."""
        order = list(object_ids)
        if switches.on("613.7m"):
            players = list(self.players)
            start = players.index(self.turn.active)
            turn_order = players[start:] + players[:start]
            order.sort(key=lambda oid: turn_order.index(controller or self.get(oid).owner))
        for oid in order:
            self.enter(oid, controller=controller)
