"""Characteristics through the layer system (rule 613).

For every object in every zone, start from its printed values, then apply each layer in
order (1a, 2, 3, 4, 5, 6, 7a, 7b, 7c, 7d). Within a layer, characteristic-defining
abilities come first in layers 2–6 (rule 613.3), then effects in timestamp order
(rule 613.7) unless one *depends* on another (rule 613.8).

Dependency is decided by the definition in rule 613.8a, tried out rather than guessed:
effect A depends on effect B (same layer, both or neither from a characteristic-defining
ability) when applying B first would change whether A exists, what A applies to, or what
A does to those objects. The free effects (depending on none of the others not yet
applied) go first, in timestamp order; when every remaining effect waits on another (a
dependency loop, rule 613.8b) timestamp order decides. After each effect the order is
worked out again (rule 613.8c).

An effect that starts to apply in one layer keeps applying to the same objects in its
later layers (rule 613.6). Power and toughness exist only for creatures on the battlefield
and, elsewhere, for creatures and objects with printed values (rule 208.3); an effect
that would change the power or toughness of an object that has none is kept and does
nothing until it does (rule 208.3a). A missing value is 0 (rule 208.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from . import copies, switches
from .definitions import CARD_TYPES, Ability, CardSpec, EffectSpec, Filter, Quantity, printed_value
from .mana import ordered_colors
from .state import GameState, Timestamp, timestamp_label

LAYERS = ("1a", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")
# The rule of each layer (613.1, 613.2, 613.4): a test may switch one off (switches.py).
LAYER_RULES = {
    "1a": "613.2a",
    "1b": "613.2b",
    "2": "613.1b",
    "3": "613.1c",
    "4": "613.1d",
    "5": "613.1e",
    "6": "613.1f",
    "7a": "613.4a",
    "7b": "613.4b",
    "7c": "613.4c",
    "7d": "613.4d",
}
CDA_FIRST = ("2", "3", "4", "5", "6")  # rule 613.3; 7a holds only characteristic-defining abilities
PT_LAYERS = ("7a", "7b", "7c", "7d")
# How a type line orders card types ("Artifact Land Creature", rule 205.1b).
TYPE_ORDER = ("Kindred", "Artifact", "Enchantment", "Land", "Creature", "Planeswalker", "Battle", "Instant", "Sorcery")


@dataclass(frozen=True)
class AbilityInstance:
    ability: Ability
    granted_by: str = ""  # key of the effect that granted it (layer 6)
    grant_timestamp: Timestamp | None = None

    @property
    def key(self) -> str:
        return f"{self.granted_by}>{self.ability.key}" if self.granted_by else self.ability.key


@dataclass
class Values:
    """An object's characteristics while the layers are applied."""

    name: str
    mana_cost: object
    colors: set[str]
    supertypes: list[str]
    types: list[str]
    subtypes: list[str]
    abilities: list[AbilityInstance]
    controller: str | None
    printed_power: str | None
    printed_toughness: str | None
    has_pt: bool = False
    # A transforming double-faced permanent with its back face up: its mana value is its front face's (712.8e).
    front_cost: object = None
    every_creature_type: bool = False  # changeling (702.73a)
    power: int | None = None
    toughness: int | None = None
    base_power: int | None = None
    base_toughness: int | None = None

    def clone(self) -> Values:
        return replace(
            self,
            colors=set(self.colors),
            supertypes=list(self.supertypes),
            types=list(self.types),
            subtypes=list(self.subtypes),
            abilities=list(self.abilities),
        )

    def has_keyword(self, keyword: str) -> bool:
        return any(inst.ability.keyword == keyword for inst in self.abilities)


@dataclass
class Applied:
    """One effect applied to one object in one layer, for the trace."""

    layer: str
    effect: str
    label: str
    timestamp: Timestamp | None
    result: str
    waiting: bool = False  # created, but does nothing yet (rule 208.3a)
    note: str = ""  # why the result is what it is, by code ("no-chosen-player": a count of 0, 208.2a)

    @property
    def timestamp_label(self) -> str:
        return timestamp_label(self.timestamp)


@dataclass
class Computed:
    """An object's characteristics after every layer, and how each layer got there."""

    id: str
    name: str
    mana_value: int
    colors: list[str]
    supertypes: list[str]
    types: list[str]
    subtypes: list[str]
    abilities: list[AbilityInstance]
    controller: str | None
    power: int | None
    toughness: int | None
    base_power: int | None
    base_toughness: int | None
    applied: list[Applied] = field(default_factory=list)
    restrictions: list[str] = field(default_factory=list)  # rule 613.11: not characteristics, no abilities
    every_creature_type: bool = False  # changeling (702.73a)
    mana_cost: str = ""  # as its symbols are written ("{1}{R}{1}{U}": a split card's two costs, 709.4b)

    def ability_text(self, inst: AbilityInstance) -> str:
        """Its text as this object reads it: "~" is the object's own name (rule 201.5b)."""
        return inst.ability.label.replace("~", self.name or "this permanent")

    def has_keyword(self, keyword: str) -> bool:
        return any(inst.ability.keyword == keyword for inst in self.abilities)

    def abilities_with(self, attribute: str) -> list[Ability]:
        return [inst.ability for inst in self.abilities if getattr(inst.ability, attribute)]

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def pt(self) -> str | None:
        if self.power is None or self.toughness is None:
            return None
        return f"{self.power}/{self.toughness}"

    @property
    def base_pt(self) -> str | None:
        if self.base_power is None or self.base_toughness is None:
            return None
        return f"{self.base_power}/{self.base_toughness}"

    def order_in_layer(self, layer: str) -> list[str]:
        return [a.effect for a in self.applied if a.layer == layer and not a.waiting]

    def layers_of(self, effect: str) -> list[str]:
        return [a.layer for a in self.applied if a.effect == effect and not a.waiting]


@dataclass
class Active:
    """A continuous effect as the layer system sees it during one pass."""

    key: str
    label: str
    kind: str  # "effect" (from a resolution or a step), "static", "cda", "counter", "choice"
    spec: EffectSpec | None
    source: str | None
    controller: str | None
    timestamp: Timestamp
    locked: frozenset | None = None
    ability_key: str = ""  # for "static" and "cda": the generating ability instance on the source
    cda_pt: tuple[Quantity, Quantity] | None = None
    counter: tuple[str, int] | None = None

    @property
    def is_cda(self) -> bool:
        return self.kind == "cda"

    def layers(self) -> tuple[str, ...]:
        if self.kind == "cda":
            return ("7a",) if self.cda_pt is not None else self.spec.layers()
        if self.kind == "counter":
            return ("7c",)
        return self.spec.layers() if self.spec else ()


COUNTER_PT = {"+1/+1": (1, 1), "-1/-1": (-1, -1)}
CHANGELING = EffectSpec(every_creature_type=True)


class LayerSystem:
    """One pass of the layer system over a game state."""

    def __init__(self, game: GameState):
        self.game = game
        self.working: dict[str, Values] = {oid: self.printed(obj) for oid, obj in game.objects.items()}
        self.applied: dict[str, list[Applied]] = {oid: [] for oid in game.objects}
        self.started: dict[str, Active] = {}
        self.targets: dict[str, tuple[str, ...]] = {}
        # Layer 1 (copies.py): each object's values after its copy effects (with faces), and its
        # copiable values after all of layer 1 (613.2c).
        self.copied: dict[str, CardSpec] = {}
        self.copiable: dict[str, CardSpec] = {}

    # -- start and finish ------------------------------------------------------------

    def printed(self, obj, card: CardSpec | None = None, front_cost: object = None) -> Values:
        card = card or obj.card
        return Values(
            name=card.name,
            mana_cost=card.mana_cost,
            colors=set(card.colors),
            supertypes=list(card.supertypes),
            types=list(card.types),
            subtypes=list(card.subtypes),
            abilities=[AbilityInstance(ability) for ability in card.abilities],
            controller=obj.controller if obj.zone == "battlefield" else None,
            printed_power=card.power,
            printed_toughness=card.toughness,
            front_cost=front_cost,
        )

    def run(self) -> dict[str, Computed]:
        self.layer_one()
        for layer in LAYERS:
            if layer == "7a":
                self.start_power_and_toughness()
            if switches.on(LAYER_RULES[layer]):
                self.apply_layer(layer)
            if layer == "7b":
                for values in self.working.values():
                    values.base_power, values.base_toughness = values.power, values.toughness
        restricted = self.restrictions()
        return {oid: self.finish(oid, restricted.get(oid, [])) for oid in self.game.objects}

    def layer_one(self) -> None:
        """Layer 1 for every object (copies.py says how): 1a copy effects in timestamp order, the
        face that is up, 1b face down; what is left is its copiable values (613.2c)."""
        game = self.game
        copy_effects = sorted((e for e in game.effects if e.spec.copy is not None), key=lambda e: (e.timestamp, e.id))
        for oid, obj in game.objects.items():
            values = obj.card
            if switches.on("613.2a"):
                for effect in copy_effects:
                    if obj.key in (effect.locked or ()):
                        values = copies.copied(values, effect.spec.copy)
                        self.applied[oid].append(Applied("1a", effect.id, effect.label, effect.timestamp, values.name))
            self.copied[oid] = values
            face, front_cost = copies.face_up(values, obj)
            if obj.face_down and switches.on("613.2b"):
                face, front_cost = copies.FACE_DOWN, None
                self.applied[oid].append(Applied("1b", "face-down", "face down (708.2a)", None, "2/2"))
            self.copiable[oid] = face
            if face is not obj.card or front_cost is not None:
                self.working[oid] = self.printed(obj, face, front_cost)

    def start_power_and_toughness(self) -> None:
        """Rule 208.3: who has power and toughness at all; rule 208.5: a missing value is 0."""
        for oid, values in self.working.items():
            obj = self.game.objects[oid]
            creature = "Creature" in values.types
            printed = values.printed_power is not None or values.printed_toughness is not None
            if self.game.rules != "mtg":
                values.has_pt = False
            elif obj.zone == "battlefield":
                values.has_pt = creature
            else:
                values.has_pt = creature or printed
            if values.has_pt:
                values.power = printed_value(values.printed_power) or 0
                values.toughness = printed_value(values.printed_toughness) or 0
                self.applied[oid].append(
                    Applied("printed", "printed", "printed values", None, f"{values.power}/{values.toughness}")
                )

    def finish(self, oid: str, restrictions: list[str]) -> Computed:
        values = self.working[oid]
        types = type_order(values.types)
        return Computed(
            id=oid,
            name=values.name,
            mana_value=mana_value(values),
            colors=ordered_colors(values.colors),
            supertypes=list(values.supertypes),
            types=types,
            subtypes=list(values.subtypes),
            abilities=list(values.abilities),
            controller=values.controller,
            power=values.power if values.has_pt else None,
            toughness=values.toughness if values.has_pt else None,
            base_power=values.base_power if values.has_pt else None,
            base_toughness=values.base_toughness if values.has_pt else None,
            applied=self.applied[oid],
            restrictions=restrictions,
            every_creature_type=values.every_creature_type,
            mana_cost=str(values.mana_cost) if values.mana_cost else "",
        )

    def restrictions(self) -> dict[str, list[str]]:
        """Rule 613.11: effects on the game's rules, applied after the layers (no ability, 113.12)."""
        found: dict[str, list[str]] = {}
        for active in self.effects(self.working):
            if active.spec is None or not active.spec.restrictions or not self.exists(active, self.working):
                continue
            for oid in self.affected(active, self.working):
                held = found.setdefault(oid, [])
                held.extend(r for r in active.spec.restrictions if r not in held)
        return found

    # -- which effects exist ------------------------------------------------------------

    def static_timestamp(self, obj, inst: AbilityInstance) -> Timestamp:
        """Rule 613.7a: the later of the object's timestamp and that of the effect that
        granted the ability; after the object is restamped, the new timestamps kept in order."""
        if not inst.granted_by:
            return obj.timestamp
        if not switches.on("613.7a"):
            return inst.grant_timestamp
        if inst.key in obj.restamped:
            return obj.restamped[inst.key]
        return max(obj.timestamp, inst.grant_timestamp)

    def effects(self, working: dict[str, Values]) -> list[Active]:
        found: dict[str, Active] = {}
        for effect in self.game.effects:
            if effect.spec.copy is not None:
                continue  # applied first, in layer 1 (copies.layer_one)
            found[effect.id] = Active(
                key=effect.id,
                label=effect.label,
                kind="effect",
                spec=effect.spec,
                source=effect.source,
                controller=effect.controller,
                timestamp=effect.timestamp,
                locked=effect.locked,
            )
        for oid, obj in self.game.objects.items():
            values = working[oid]
            chosen_pt = obj.choices.get("pt") if obj.zone == "battlefield" else None
            if chosen_pt:
                key = f"{oid}:as-enters"
                found[key] = Active(
                    key=key,
                    label=f"{obj.name}: chosen as it entered",
                    kind="choice",
                    spec=EffectSpec(copiable_pt=chosen_pt),
                    source=oid,
                    controller=values.controller,
                    timestamp=obj.timestamp,
                )
            for inst in values.abilities:
                ability = inst.ability
                key = f"{oid}:{inst.key}"
                changeling = ability.keyword == "changeling"
                if ability.cda is not None or changeling:
                    # Rule 604.3: a characteristic-defining ability works in every zone; changeling is one
                    # (702.73a: layer 4, first, 613.3).
                    found[key] = Active(
                        key=key,
                        label=f"{values.name}: {ability.label}",
                        kind="cda",
                        spec=CHANGELING if changeling else None,
                        source=oid,
                        controller=values.controller or obj.owner,
                        timestamp=obj.timestamp,
                        ability_key=inst.key,
                        cda_pt=ability.cda,
                    )
                if ability.static is not None and obj.zone == "battlefield":
                    found[key] = Active(
                        key=key,
                        label=f"{values.name}: {ability.label}",
                        kind="static",
                        spec=ability.static,
                        source=oid,
                        controller=values.controller,
                        timestamp=self.static_timestamp(obj, inst),
                        ability_key=inst.key,
                    )
            for n, (word, after, stamp) in enumerate(obj.stickers):
                key = f"{oid}:sticker:{n}"
                found[key] = Active(
                    key=key,
                    label=f"name sticker “{word}”",
                    kind="sticker",
                    spec=EffectSpec(name_sticker=(word, after)),
                    source=oid,
                    controller=obj.owner,
                    timestamp=stamp,
                )
            for kind, counter in obj.counters.items():
                if kind in COUNTER_PT and counter.count:
                    key = f"{oid}:counter:{kind}"
                    found[key] = Active(
                        key=key,
                        label=f"{counter.count} {kind} counter{'s' if counter.count != 1 else ''}",
                        kind="counter",
                        spec=None,
                        source=oid,
                        controller=None,
                        timestamp=counter.timestamp,
                        counter=(kind, counter.count),
                    )
        # Rule 613.6: an effect that started to apply goes on, even if its ability is gone.
        for key, active in self.started.items():
            found.setdefault(key, active)
        return list(found.values())

    # -- what an effect applies to ------------------------------------------------------------

    def you(self, active: Active, working: dict[str, Values]) -> str | None:
        if active.source and active.kind in ("static", "cda", "choice"):
            obj = self.game.objects[active.source]
            return working[active.source].controller or obj.owner
        return active.controller

    def chosen_player(self, active: Active) -> str | None:
        if not active.source:
            return None
        obj = self.game.objects[active.source]
        # Rule 208.2a: off the battlefield there is no chosen player.
        return obj.choices.get("opponent") if obj.zone == "battlefield" else None

    def matches(self, flt: Filter, oid: str, working: dict[str, Values], active: Active) -> bool:
        obj = self.game.objects[oid]
        values = working[oid]
        if flt.zone != "any" and obj.zone != flt.zone:
            return False
        if any(t not in values.types for t in flt.types):
            return False
        if any(t in values.types for t in flt.not_types):
            return False
        # Every creature type: the engine has no list of them, so any subtype a filter names is one.
        if any(s not in values.subtypes for s in flt.subtypes) and not values.every_creature_type:
            return False
        if any(s not in values.supertypes for s in flt.supertypes):
            return False
        if flt.chosen_type and self.chosen_type(active) not in values.subtypes:
            return False
        if flt.colors and not values.colors & set(flt.colors):
            return False
        if values.colors & set(flt.not_colors):
            return False
        if flt.no_abilities and values.abilities:
            return False
        if flt.cards and obj.card.token:
            return False
        if flt.other and oid == active.source:
            return False
        holder = values.controller if obj.zone == "battlefield" else obj.owner
        if flt.controller and not self.player_matches(flt.controller, holder, working, active):
            return False
        if flt.owner and not self.player_matches(flt.owner, obj.owner, working, active):
            return False
        return True

    def player_matches(self, word: str, player: str | None, working, active: Active) -> bool:
        if player is None:
            return False
        you = self.you(active, working)
        if word == "you":
            return player == you
        if word == "opponent":
            return you is not None and player != you
        if word == "chosen_player":
            chosen = self.chosen_player(active)
            return chosen is not None and player == chosen
        return player == word

    def chosen_type(self, active: Active) -> str | None:
        """The creature type chosen as the source entered (614.12a), while it is on the battlefield."""
        if not active.source:
            return None
        obj = self.game.objects[active.source]
        return obj.choices.get("creature_type") if obj.zone == "battlefield" else None

    def note(self, active: Active, layer: str) -> str:
        """Rule 208.2a: a number that can't be determined is 0. Off the battlefield there is no
        chosen player, so "the creatures the chosen player controls" count 0: said, not left to guess.
        (On the battlefield a player is chosen as it enters.)"""
        if layer == "7a":
            quantities = active.cda_pt or ()
        elif layer == "7b" and active.spec is not None:
            quantities = active.spec.set_pt or ()
        else:
            return ""
        for quantity in quantities:
            counted = quantity.count
            if counted is not None and "chosen_player" in (counted.controller, counted.owner):
                if active.source and self.game.objects[active.source].zone != "battlefield":
                    return "no-chosen-player"
        return ""

    def quantity(self, quantity: Quantity, working, active: Active) -> int:
        if quantity.count is None:
            return quantity.constant
        self.game.budget.tick(len(working))
        counted = sum(1 for oid in working if self.matches(quantity.count, oid, working, active))
        return quantity.constant + counted

    def affected(self, active: Active, working: dict[str, Values]) -> tuple[str, ...]:
        if active.key in self.targets:
            return self.targets[active.key]
        if active.kind in ("cda", "counter", "choice", "sticker"):
            return (active.source,)
        if active.locked is not None:
            return tuple(
                oid
                for oid, incarnation in sorted(active.locked)
                if oid in self.game.objects and self.game.objects[oid].incarnation == incarnation
            )
        selector = active.spec.affects
        if selector.kind == "self":
            return (active.source,) if active.source else ()
        if selector.kind == "attached":
            host = self.game.objects[active.source].attached_to if active.source else None
            if not host or self.game.objects[host].zone != "battlefield":
                return ()
            # "As long as enchanted permanent is an Equipment, …": a condition on the host.
            if selector.filter is not None and not self.matches(selector.filter, host, working, active):
                return ()
            return (host,)
        if selector.kind == "ids":
            return tuple(selector.ids)
        if selector.kind == "filter":
            return tuple(oid for oid in working if self.matches(selector.filter, oid, working, active))
        return ()

    def exists(self, active: Active, working: dict[str, Values]) -> bool:
        if active.key in self.started or active.kind in ("effect", "counter", "choice", "sticker"):
            return True
        if active.kind == "static" and self.game.objects[active.source].zone != "battlefield":
            return False
        return any(inst.key == active.ability_key for inst in working[active.source].abilities)

    # -- applying -------------------------------------------------------------------------

    def outcome(self, active: Active, layer: str, values: Values, working) -> object:
        """What ``active`` does to one object in ``layer``: compared for dependency."""
        spec = active.spec
        if layer == "1a":
            return spec.copiable_pt
        if layer == "2":
            return self.resolve_player(spec.control, active, working)
        if layer == "3":
            return (spec.set_name, spec.name_sticker)
        if layer == "4":
            chosen = self.chosen_type(active) if spec.add_chosen_type else None
            every = spec.every_creature_type
            return (spec.add_types, spec.remove_types, spec.add_subtypes, spec.add_supertypes, chosen, every)
        if layer == "5":
            return (spec.set_colors, spec.add_colors)
        if layer == "6":
            return (tuple(a.key for a in spec.add_abilities), spec.remove_abilities, spec.remove_all_abilities)
        if layer == "7a":
            return tuple(self.quantity(q, working, active) for q in active.cda_pt)
        if layer == "7b":
            return tuple(self.quantity(q, working, active) for q in spec.set_pt)
        if layer == "7c":
            if active.kind == "counter":
                kind, count = active.counter
                step = COUNTER_PT[kind]
                return (step[0] * count, step[1] * count)
            return spec.modify_pt
        if layer == "7d":
            return True
        return None

    def resolve_player(self, word: str, active: Active, working) -> str | None:
        if word == "you":
            return self.you(active, working)
        return word or None

    def apply(self, active: Active, layer: str, oid: str, working: dict[str, Values]) -> str | None:
        """Apply one layer's part of ``active`` to one object; the summary for the trace, or
        None when the object has no power and toughness for a layer-7 part (rule 208.3a)."""
        values = working[oid]
        what = self.outcome(active, layer, values, working)
        spec = active.spec
        if layer in PT_LAYERS and not values.has_pt:
            return None
        if layer == "1a":
            values.printed_power, values.printed_toughness = (str(n) for n in what)
            return f"{what[0]}/{what[1]}"
        if layer == "2":
            values.controller = what
            return what or ""
        if layer == "3":
            if spec.set_name:
                values.name = spec.set_name
            if spec.name_sticker is not None:
                # Rule 123.6c: after as many words as were before it, or at the end of a shorter name.
                word, after = spec.name_sticker
                words = values.name.split()
                words.insert(min(after, len(words)), word)
                values.name = " ".join(words)
            return values.name
        if layer == "4":
            for name in spec.add_types:
                if name not in values.types:
                    values.types.append(name)
            values.types = [t for t in values.types if t not in spec.remove_types]
            for name in spec.add_subtypes + ((what[4],) if what[4] else ()):
                if name not in values.subtypes:
                    values.subtypes.append(name)
            for name in spec.add_supertypes:
                if name not in values.supertypes:
                    values.supertypes.append(name)
            values.every_creature_type = values.every_creature_type or what[5]
            return " ".join(values.supertypes + type_order(values.types))
        if layer == "5":
            if spec.set_colors is not None:
                values.colors = set(spec.set_colors)
            values.colors |= set(spec.add_colors)
            return "".join(ordered_colors(values.colors)) or "colorless"
        if layer == "6":
            if spec.remove_all_abilities:
                values.abilities = []
            if spec.remove_abilities:
                values.abilities = [i for i in values.abilities if i.ability.keyword not in spec.remove_abilities]
            for ability in spec.add_abilities:
                values.abilities.append(AbilityInstance(ability, active.key, active.timestamp))
            return ", ".join(i.ability.label for i in values.abilities) or "no abilities"
        if layer in ("7a", "7b"):
            values.power, values.toughness = what
        elif layer == "7c":
            values.power += what[0]
            values.toughness += what[1]
        elif layer == "7d":
            values.power, values.toughness = values.toughness, values.power
        return f"{values.power}/{values.toughness}"

    def clone(self, working: dict[str, Values]) -> dict[str, Values]:
        return {oid: values.clone() for oid, values in working.items()}

    def signature(self, active: Active, layer: str, working) -> tuple:
        if not self.exists(active, working):
            return (False,)
        targets = self.affected(active, working)
        return (True, targets, tuple(self.outcome(active, layer, working[oid], working) for oid in targets))

    def depends_on(self, a: Active, b: Active, layer: str) -> bool:
        """Rule 613.8a, tried out: would applying ``b`` change ``a``'s existence, its
        affected set or what it does to them?"""
        self.game.budget.tick(len(self.working))
        before = self.signature(a, layer, self.working)
        trial = self.clone(self.working)
        for oid in self.affected(b, trial):
            self.apply(b, layer, oid, trial)
        return self.signature(a, layer, trial) != before

    def choose(self, candidates: list[Active], layer: str) -> Active:
        if layer in CDA_FIRST and any(c.is_cda for c in candidates) and switches.on("613.3"):
            candidates = [c for c in candidates if c.is_cda]
        if not switches.on("613.8"):
            return min(candidates, key=lambda a: (a.timestamp, a.key))
        free = [
            a
            for a in candidates
            if not any(b is not a and a.is_cda == b.is_cda and self.depends_on(a, b, layer) for b in candidates)
        ]
        # Rule 613.8b: in a loop, timestamp order.
        return min(free or candidates, key=lambda a: (a.timestamp, a.key))

    def apply_layer(self, layer: str) -> None:
        done: set[str] = set()
        while True:
            self.game.budget.tick()
            candidates = [
                a
                for a in self.effects(self.working)
                if layer in a.layers() and a.key not in done and self.exists(a, self.working)
            ]
            if not candidates:
                return
            active = self.choose(candidates, layer) if len(candidates) > 1 else candidates[0]
            targets = self.affected(active, self.working)
            if switches.on("613.6"):
                self.targets.setdefault(active.key, targets)  # rule 613.6: the same objects in later layers
                self.started[active.key] = active
            done.add(active.key)
            for oid in targets:
                result = self.apply(active, layer, oid, self.working)
                self.applied[oid].append(
                    Applied(
                        layer=layer,
                        effect=active.key,
                        label=active.label,
                        timestamp=active.timestamp,
                        result=result if result is not None else "",
                        waiting=result is None,
                        note=self.note(active, layer),
                    )
                )


def mana_value(values: Values) -> int:
    """Rule 202.3; a back face up has its front face's mana value (712.8e), a copy of one has 0."""
    cost = values.mana_cost or values.front_cost
    return cost.mana_value if cost else 0


def type_order(types: list[str]) -> list[str]:
    known = [t for t in TYPE_ORDER if t in types]
    return known + [t for t in CARD_TYPES if t in types and t not in known] + [t for t in types if t not in CARD_TYPES]


def compute(game: GameState) -> dict[str, Computed]:
    return LayerSystem(game).run()
