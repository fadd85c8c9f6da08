"""Cards, abilities, effects and filters built from their tables (with the run's parameters): the
engine's definitions. The reader builds them once with the default parameters, so a bad card
fails when the file is read; the runner builds them again with the parameters of each run."""

from __future__ import annotations

from pathlib import Path

from .. import expressions
from ..engine.combat import COMBAT_RULES
from ..engine.definitions import (
    PERMANENT_TYPES,
    ZONES,
    Ability,
    AsEnters,
    CardSpec,
    CopyExceptions,
    EffectSpec,
    Filter,
    LifeReplacement,
    Quantity,
    Selector,
    Trigger,
    TypeLine,
    valid_printed_value,
)
from ..engine.keywords import KEYWORD_TRIGGERS
from ..engine.mana import COLORS, ManaCost
from ..engine.spells import Amount, Condition, Cost, CostChange, Instruction, Program, Replacement, TargetSpec
from .model import PT_RE
from .tables import Table, interpolated

EVENT_TRIGGERS = (
    "enters",
    "dies",
    "leaves",
    "tapped",
    "untapped",
    "cast",
    "step",
    "gain_life",
    "cycled",
    "expend",
    "tapped_for_mana",
    "crews",  # a creature tapped to pay a crew cost crews the Vehicle (702.122b)
    "reflexive",  # only the trigger of a "reflexive" instruction (603.12): no event fires it
)
DURATIONS = ("", "end_of_turn")
# What a copy effect may leave uncopied (707.9c).
COPY_KEEPS = ("name", "colors", "pt")
TRIGGER_EVENTS = ("state",) + EVENT_TRIGGERS


def build_cards(path: Path, raw_cards: dict[str, dict], params: dict[str, object]) -> dict[str, CardSpec]:
    cards = {}
    for key, raw in raw_cards.items():
        where = Table(path, f"cards.{key}", raw)
        cards[key] = build_card(Table(path, f"cards.{key}", interpolated(where, raw, params)), key, params)
    return cards


def build_card(table: Table, key: str, params: dict[str, object]) -> CardSpec:
    name = value_with(table, "name", params, required=True)
    mana_cost = None
    cost = table.str("mana_cost")
    if cost is not None:
        try:
            mana_cost = ManaCost.parse(cost)
        except ValueError as error:
            raise table.error("mana_cost", str(error)) from None
    type_line = table.str("type_line")
    if type_line is not None:
        try:
            types = TypeLine.parse(type_line)
        except ValueError as error:
            raise table.error("type_line", str(error)) from None
    else:
        types = TypeLine(table.strings("supertypes"), table.strings("types"), table.strings("subtypes"))
        if not types.types:
            raise table.error("type_line", "give a type_line, or types")
    colors = table.strings("colors", choices=COLORS) if table.has("colors") else None
    power = value_with(table, "power", params)
    toughness = value_with(table, "toughness", params)
    for which, value in (("power", power), ("toughness", toughness)):
        if value is not None and not valid_printed_value(str(value)):
            raise table.error(which, f"{value!r} is not a printed value such as 3, * or 1+*")
    abilities = tuple(build_ability(t, params) for t in table.tables("abilities"))
    keys = [a.key for a in abilities]
    if len(set(keys)) != len(keys):
        raise table.error("abilities", "two abilities share a key")
    token = table.bool("token")
    # A flip card's bottom half (710.1b), a double-faced card's back face (712.1): cards of their own.
    flip = table.table("flip")
    back = table.table("back")
    transforming = table.bool("transforming", back is not None)
    halves = table.tables("halves")
    if halves and len(halves) != 2:
        raise table.error("halves", "a split card has two halves (709.1)")
    if flip is not None and back is not None:
        raise table.error("flip", "a card is a flip card or a double-faced card, not both")
    if transforming and back is None:
        raise table.error("transforming", "a transforming double-faced card needs its back face (back = {…})")
    table.done()
    return CardSpec(
        key=key,
        name=str(name),
        mana_cost=mana_cost,
        color_indicator=colors,
        supertypes=types.supertypes,
        types=types.types,
        subtypes=types.subtypes,
        power=None if power is None else str(power),
        toughness=None if toughness is None else str(toughness),
        abilities=abilities,
        token=token,
        flip=build_card(flip, f"{key}.flip", params) if flip else None,
        back=build_card(back, f"{key}.back", params) if back else None,
        transforming=transforming,
        halves=tuple(build_card(half, f"{key}.half{n}", params) for n, half in enumerate(halves)),
    )


def value_with(table: Table, key: str, params: dict, *, required: bool = False):
    value = table.require(key) if required else table.raw(key)
    if value is None:
        return None
    try:
        return expressions.interpolate(value, params)
    except expressions.ExpressionError as error:
        raise table.error(key, str(error)) from None


def build_ability(table: Table, params: dict) -> Ability:
    key = table.str("key", required=True)
    text = table.str("text", "")
    keyword = table.str("keyword", "")
    if not (text or keyword):
        raise table.error("text", "give the ability's text (or a keyword)")
    crew = table.int("crew", minimum=0)
    static = table.table("static")
    cda = table.table("cda")
    as_enters = table.table("as_enters")
    trigger = table.table("trigger")
    replacement = table.table("replacement")
    prevent = table.table("prevent")
    life = table.table("life")
    combat = table.str("combat", "")
    if combat and combat not in COMBAT_RULES:
        raise table.error("combat", f"{combat!r} is not one of {', '.join(COMBAT_RULES)}")
    counters = table.table("counters_on_enter")
    enter_as_copy = table.table("others_enter_as_copy")
    forbids = table.table("forbids_entering")
    cost = table.table("cost")
    cost_change = table.table("cost_change")
    program = build_program(table, params)
    counters_on_enter = ()
    counters = table.table("counters_on_enter")
    if counters:
        counters_on_enter = tuple((kind, counters.int(kind, minimum=0)) for kind in list(counters.data))
        counters.done()
    ability = Ability(
        key=key,
        text=text,
        keyword=keyword,
        crew=crew,
        static=build_effect(static, params) if static else None,
        cda=build_cda(cda, params) if cda else None,
        as_enters=build_as_enters(as_enters, params) if as_enters else None,
        enters_tapped=table.bool("enters_tapped"),
        permanents_enter_tapped=table.bool("permanents_enter_tapped"),
        counters_on_enter=counters_on_enter,
        trigger=build_trigger(trigger, params) if trigger else KEYWORD_TRIGGERS.get(keyword),  # undying (702.93a)
        activated=table.str("activated", ""),
        tap_cost=table.bool("tap_cost"),
        replacement=build_replacement(replacement, params) if replacement else None,
        combat=combat,
        prevent=build_filter(prevent) if prevent else None,
        life=build_life(life) if life else None,
        morph=build_morph(table),
        others_enter_as_copy=build_filter(enter_as_copy) if enter_as_copy else None,
        forbids_entering=build_filter(forbids) if forbids else None,
        cost=build_cost(cost) if cost else None,
        program=program,
        spell=table.bool("spell"),
        mana_ability=table.bool("mana_ability"),
        zone=table.str("zone", "battlefield"),
        once_per_turn=table.bool("once_per_turn"),
        cost_change=build_cost_change(cost_change) if cost_change else None,
    )
    if ability.zone not in ZONES:
        raise table.error("zone", f"{ability.zone!r} is not a zone")
    if ability.spell and ability.cost is not None:
        raise table.error("cost", "a spell ability has no activation cost: the card's mana cost is paid")
    if program is not None and not (ability.spell or ability.cost is not None):
        raise table.error("resolve", "only a spell ability (spell = true) or an activated ability (cost) resolves")
    table.done()
    return ability


def build_morph(table: Table) -> str:
    """Morph {cost} (702.37): kept as written, checked as a mana cost."""
    cost = table.str("morph", "")
    if cost:
        try:
            ManaCost.parse(cost)
        except ValueError as error:
            raise table.error("morph", str(error)) from None
    return cost


def build_copy_except(table: Table | None, params: dict) -> CopyExceptions:
    """A copy effect's "except …" (707.9)."""
    if table is None:
        return CopyExceptions()
    keep = table.strings("keep", choices=COPY_KEEPS)
    counters = table.table("counters")
    found = ()
    if counters:
        found = tuple((kind, counters.int(kind, minimum=0)) for kind in list(counters.data))
        counters.done()
    exceptions = CopyExceptions(
        keep=keep,
        set_pt=pair_of_ints(table, "set_pt", params),
        add_types=table.strings("add_types"),
        add_subtypes=table.strings("add_subtypes"),
        add_supertypes=table.strings("add_supertypes"),
        add_abilities=tuple(build_ability(t, params) for t in table.tables("add_abilities")),
        counters=found,
        if_creature=build_copy_except(table.table("if_creature"), params) if table.has("if_creature") else None,
    )
    table.done()
    return exceptions


def build_cda(table: Table, params: dict) -> tuple[Quantity, Quantity]:
    both = build_quantity(table, "each", params) if table.has("each") else None
    power = both or build_quantity(table, "power", params, required=True)
    toughness = both or build_quantity(table, "toughness", params, required=True)
    table.done()
    return (power, toughness)


def build_as_enters(table: Table, params: dict) -> AsEnters:
    choose = table.str("choose", required=True)
    if choose not in ("opponent", "color", "pt", "creature_type", "copy"):
        raise table.error("choose", "one of opponent, color, pt, creature_type, copy")
    copy_filter = table.table("copy_of")
    copy_except = table.table("except")
    if choose != "copy" and (copy_filter or copy_except):
        raise table.error("copy_of", 'copy_of and except belong to choose = "copy" (enter as a copy, 707.5)')
    options = []
    for text in table.strings("options"):
        match = PT_RE.match(text)
        if not match:
            raise table.error("options", f"{text!r} is not a power/toughness such as 3/3")
        options.append((int(match.group(1)), int(match.group(2))))
    if choose == "pt" and len(options) < 2:
        raise table.error("options", "list two or more power/toughness values (rule 208.2b)")
    table.done()
    return AsEnters(
        choose,
        tuple(options),
        copy_filter=build_filter(copy_filter) if copy_filter else None,
        copy_except=build_copy_except(copy_except, params),
    )


def build_trigger(table: Table, params: dict) -> Trigger:
    on = table.str("on", required=True)
    if on not in TRIGGER_EVENTS:
        raise table.error("on", f"{on!r} is not one of {', '.join(TRIGGER_EVENTS)}")
    effect = table.table("effect")
    duration = table.str("duration", "")
    if duration not in DURATIONS:
        raise table.error("duration", f"{duration!r} is not a duration")
    trigger = Trigger(
        on=on,
        effect=build_effect(effect, params) if effect else None,
        duration=duration,
        draw=table.int("draw", 0, minimum=0),
        **build_trigger_parts(table, params),
    )
    if on == "state" and trigger.condition is None:
        raise table.error("condition", "a state trigger (603.8) triggers whenever its condition is true: give it")
    if trigger.program is not None and (trigger.effect is not None or trigger.draw):
        raise table.error("resolve", "say everything it does in resolve (not with effect or draw as well)")
    table.done()
    return trigger


def build_life(table: Table) -> LifeReplacement:
    """``life = { floor = 1, while_you_control = { types = ["Creature"] } }`` (Worship)."""
    condition = table.table("while_you_control")
    replacement = LifeReplacement(
        floor=table.int("floor", required=True),
        while_you_control=build_filter(condition) if condition else None,
    )
    table.done()
    return replacement


REPLACED_EVENTS = ("damage", "gain_life", "draw", "lose_game", "zone_change")
RECIPIENTS = ("", "you", "opponent", "permanent")


def build_replacement(table: Table, params: dict) -> Replacement:
    """``replacement = { event = "damage", source = {filter}, multiply = 2 }``: a replacement effect (614.1a)."""
    event = table.str("event", required=True)
    if event not in REPLACED_EVENTS:
        raise table.error("event", f"{event!r} is not one of {', '.join(REPLACED_EVENTS)}")
    source = table.table("source")
    condition = table.table("condition")
    what = table.raw("what")
    recipient = table.str("recipient", "")
    if recipient not in RECIPIENTS:
        raise table.error("recipient", "you, opponent or permanent")
    player = table.str("player", "you")
    if player not in ("you", "opponent", "any"):
        raise table.error("player", "you, opponent or any")
    zone = table.str("zone", "")
    for key in ("from_zone", "to_zone", "zone"):
        named = table.str(key, "")
        if named and named not in ZONES:
            raise table.error(key, f"{named!r} is not a zone")
    if what is not None and what != "self" and not isinstance(what, dict):
        raise table.error("what", 'what = "self" or a filter table')
    replacement = Replacement(
        event=event,
        source=build_filter(source) if source else None,
        recipient=recipient,
        player=player,
        what=build_filter(Table(table.path, table.field("what"), what)) if isinstance(what, dict) else None,
        self_only=what == "self",
        from_zone=table.str("from_zone", ""),
        to_zone=table.str("to_zone", ""),
        condition=build_condition(condition) if condition else None,
        multiply=table.int("multiply", 1, minimum=0),
        plus=table.int("plus", 0),
        zone=zone,
        instead=tuple(build_instruction(t, params) for t in table.tables("instead")),
    )
    if event != "damage" and (replacement.source is not None or recipient):
        raise table.error("source", 'source and recipient belong to event = "damage"')
    if (event == "zone_change") != (what is not None or bool(replacement.to_zone)):
        raise table.error("what", 'event = "zone_change" says what moves (what) or where to (to_zone), and only it')
    if zone and event != "zone_change":
        raise table.error("zone", 'zone (where it goes instead) belongs to event = "zone_change"')
    changes_amount = replacement.multiply != 1 or replacement.plus
    if changes_amount and event not in ("damage", "gain_life"):
        raise table.error("multiply", "only an amount of damage or life gained is multiplied")
    if sum((bool(changes_amount), bool(zone), bool(replacement.instead))) != 1:
        raise table.error(None, "say what happens instead: multiply/plus, zone, or instead = [instructions]")
    table.done()
    return replacement


FILTER_KEYS = {
    "zone",
    "types",
    "not_types",
    "subtypes",
    "supertypes",
    "colors",
    "not_colors",
    "controller",
    "owner",
    "no_abilities",
    "cards",
    "other",
    "chosen_type",
}
PLAYER_WORDS = ("you", "opponent", "chosen_player")
# Effects on the game's rules an object can be under (613.11); checked by the check "restrictions".
RESTRICTIONS = ("cant_be_blocked",)


def build_filter(table: Table) -> Filter:
    zone = table.str("zone", "battlefield")
    if zone not in ZONES and zone != "any":
        raise table.error("zone", f"{zone!r} is not a zone (or any)")
    for key in ("controller", "owner"):
        word = table.data.get(key)
        if word is not None and word not in PLAYER_WORDS:
            raise table.error(key, f"{word!r} is not one of {', '.join(PLAYER_WORDS)}")
    flt = Filter(
        zone=zone,
        types=table.strings("types"),
        not_types=table.strings("not_types"),
        subtypes=table.strings("subtypes"),
        supertypes=table.strings("supertypes"),
        colors=table.strings("colors", choices=COLORS),
        not_colors=table.strings("not_colors", choices=COLORS),
        controller=table.str("controller", ""),
        owner=table.str("owner", ""),
        no_abilities=table.bool("no_abilities"),
        cards=table.bool("cards"),
        other=table.bool("other"),
        chosen_type=table.bool("chosen_type"),
    )
    table.done()
    return flt


def _interpolated(table: Table, key: str, value, params: dict, expected: str):
    """A number field's value with its ``${…}`` expressions worked out; a truth value is no number."""
    if isinstance(value, str):
        try:
            value = expressions.interpolate(value, params)
        except expressions.ExpressionError as error:
            raise table.error(key, str(error)) from None
    if isinstance(value, bool):
        raise table.error(key, expected)
    return value


def build_quantity(table: Table, key: str, params: dict, *, required: bool = False) -> Quantity:
    value = table.require(key) if required else table.raw(key, 0)
    value = _interpolated(table, key, value, params, "expected a number or { plus = n, count = {…} }")
    if isinstance(value, int):
        return Quantity(value)
    if isinstance(value, dict):
        inner = Table(table.path, table.field(key), value)
        quantity = Quantity(inner.int("plus", 0), build_filter(inner.table("count", required=True)))
        inner.done()
        return quantity
    raise table.error(key, "expected a number or { plus = n, count = {…} }")


def build_selector(table: Table, key: str) -> Selector:
    value = table.raw(key, "self")
    if isinstance(value, str):
        if value not in ("self", "attached", "crewed"):
            raise table.error(key, f"{value!r}: use self, attached, crewed, a list of object ids or a filter table")
        return Selector(value)
    if isinstance(value, list):
        if not all(isinstance(item, str) for item in value):
            raise table.error(key, "expected a list of object ids")
        return Selector("ids", tuple(value))
    if isinstance(value, dict):
        if set(value) == {"attached"}:
            condition = Table(table.path, f"{table.field(key)}.attached", value["attached"])
            return Selector("attached", filter=build_filter(condition))
        return Selector("filter", filter=build_filter(Table(table.path, table.field(key), value)))
    raise table.error(key, "use self, attached, crewed, a list of object ids or a filter table")


def pair_of_ints(table: Table, key: str, params: dict) -> tuple[int, int] | None:
    value = table.raw(key)
    if value is None:
        return None
    try:
        value = expressions.interpolate(value, params)
    except expressions.ExpressionError as error:
        raise table.error(key, str(error)) from None
    if isinstance(value, str):
        match = PT_RE.match(value.replace("+", ""))
        if match:
            return (int(match.group(1)), int(match.group(2)))
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    raise table.error(key, "expected [power, toughness], e.g. [1, 1]")


def build_effect(table: Table, params: dict) -> EffectSpec:
    affects = build_selector(table, "affects")
    set_pt = None
    if table.has("set_pt"):
        raw = table.raw("set_pt")
        if isinstance(raw, list) and len(raw) == 2:
            holder = Table(table.path, table.field("set_pt"), {"power": raw[0], "toughness": raw[1]})
            set_pt = (build_quantity(holder, "power", params), build_quantity(holder, "toughness", params))
            holder.done()
        else:
            raise table.error("set_pt", "expected [power, toughness]; each a number or { plus = n, count = {…} }")
    add_abilities = tuple(build_ability(t, params) for t in table.tables("add_abilities"))
    set_colors = table.strings("set_colors", choices=COLORS) if table.has("set_colors") else None
    control = table.str("control", "")
    if control and control != "you":
        raise table.error("control", 'only "you" (the effect\'s controller); use gain_control for a player')
    spec = EffectSpec(
        affects=affects,
        control=control,
        add_types=table.strings("add_types"),
        remove_types=table.strings("remove_types"),
        add_subtypes=table.strings("add_subtypes"),
        add_supertypes=table.strings("add_supertypes"),
        add_chosen_type=table.bool("add_chosen_type"),
        set_name=table.str("set_name", ""),
        set_colors=set_colors,
        add_colors=table.strings("add_colors", choices=COLORS),
        add_abilities=add_abilities,
        remove_abilities=table.strings("remove_abilities"),
        remove_all_abilities=table.bool("remove_all_abilities"),
        set_pt=set_pt,
        modify_pt=pair_of_ints(table, "modify_pt", params),
        switch_pt=table.bool("switch_pt"),
        restrictions=table.strings("restrictions", choices=RESTRICTIONS),
    )
    for name in spec.add_types + spec.remove_types:
        if name not in PERMANENT_TYPES + ("Instant", "Sorcery", "Kindred", "Существо"):
            raise table.error("add_types", f"{name!r} is not a card type")
    if not spec.layers() and not spec.restrictions:
        raise table.error(None, "the effect does nothing (no layer part)")
    table.done()
    return spec


# -- spells and abilities: costs, targets, modes, instructions (engine/spells.py) -----------------------
#
# ```toml
# [[cards.bolt.abilities]]
# key = "spell"
# text = "Lightning Bolt deals 3 damage to any target."
# spell = true
# targets = [{ name = "target", players = true, filter = { types = ["Creature"] } }]
# resolve = [{ do = "damage", what = "target", amount = 3 }]
# ```

INSTRUCTIONS = (
    "damage",
    "destroy",
    "exile",
    "bounce",
    "sacrifice",
    "counters",
    "tap",
    "untap",
    "effect",
    "gain_life",
    "lose_life",
    "draw",
    "win",
    "add_mana",
    "copy_mana",
    "gain_control",
    "exchange_control",
    "counter",
    "delayed",
    "pay",
    "put_onto_battlefield",
    "gets",
    "reflexive",
    "regenerate",
    "set_life",
    "shuffle_into_library",
    "return_to_hand",
    "return_to_battlefield",
)
AMOUNT_READS = ("", "x", "power", "toughness", "life", "counters", "count", "that_much")
SPECIAL_MANA = ("chosen_color_of_permanent", "could_produce", "double_pool")
PROGRAM_KEYS = ("resolve", "targets", "modes", "choose", "kicked_modes", "additional", "kicker")


def mana_cost(table: Table, key: str) -> ManaCost | None:
    text = table.str(key)
    if text is None:
        return None
    try:
        return ManaCost.parse(text)
    except ValueError as error:
        raise table.error(key, str(error)) from None


def build_cost(table: Table) -> Cost:
    sacrifice = table.table("sacrifice")
    counters = table.table("counters")
    changes = ()
    if counters:
        changes = tuple((kind, counters.int(kind)) for kind in list(counters.data))
        counters.done()
    cost = Cost(
        mana=mana_cost(table, "mana"),
        tap=table.bool("tap"),
        sacrifice_self=table.bool("sacrifice_self"),
        sacrifice=build_filter(sacrifice) if sacrifice else None,
        discard_self=table.bool("discard_self"),
        exile_self=table.bool("exile_self"),
        life=table.int("life", 0, minimum=0),
        counters=changes,
        mana_of_card=table.bool("mana_of_card"),
    )
    table.done()
    return cost


def build_cost_change(table: Table) -> CostChange:
    spells = table.table("spells")
    caster = table.str("caster", "you")
    if caster not in ("you", "any"):
        raise table.error("caster", "you or any")
    change = CostChange(
        spells=build_filter(spells) if spells else Filter(zone="stack"),
        generic=table.int("generic", 0),
        loyalty=table.int("loyalty", 0),
        caster=caster,
    )
    if change.spells.zone != "stack":
        raise table.error("spells", 'spells are on the stack: give zone = "stack" (rule 609.2)')
    table.done()
    return change


def build_amount(table: Table, key: str, params: dict, default: int = 1) -> Amount:
    expected = "expected a number or { of = …, ref = …, plus = n }"
    value = _interpolated(table, key, table.raw(key, default), params, expected)
    if isinstance(value, int):
        return Amount(value)
    if isinstance(value, dict):
        inner = Table(table.path, table.field(key), value)
        of = inner.str("of", "")
        if of not in AMOUNT_READS:
            raise inner.error("of", f"{of!r} is not one of {', '.join(a for a in AMOUNT_READS if a)}")
        counted = inner.table("count")
        amount = Amount(
            inner.int("plus", 0),
            of,
            inner.str("ref", "self"),
            inner.str("kind", ""),
            build_filter(counted) if counted else None,
        )
        if (of == "count") != (amount.count is not None):
            raise inner.error("count", 'of = "count" and count = {filter} go together')
        inner.done()
        return amount
    raise table.error(key, "expected a number or { of = …, ref = …, plus = n }")


def build_target(table: Table) -> TargetSpec:
    flt = table.table("filter")
    spec = TargetSpec(
        name=table.str("name", required=True),
        filter=build_filter(flt) if flt else None,
        players=table.bool("players"),
        count=table.int("count", 1, minimum=1),
        mode=table.str("mode", ""),
        different_from=table.str("different_from", ""),
    )
    if spec.filter is None and not spec.players:
        raise table.error("filter", "say what it may target: a filter, or players = true")
    table.done()
    return spec


def build_instruction(table: Table, params: dict) -> Instruction:
    do = table.str("do", required=True)
    if do not in INSTRUCTIONS:
        raise table.error("do", f"{do!r} is not an instruction; instructions: {', '.join(INSTRUCTIONS)}")
    effect = table.table("effect")
    trigger = table.table("trigger")
    cost = table.table("cost")
    mana = table.str("mana", "")
    if mana and mana not in SPECIAL_MANA:
        mana_cost(table, "mana")
    duration = table.str("duration", "")
    if duration not in DURATIONS + ("while_you_control_source",):
        raise table.error("duration", f"{duration!r} is not a duration")
    instruction = Instruction(
        do=do,
        what=table.str("what", ""),
        who=table.str("who", "you"),
        other=table.str("other", ""),
        amount=build_amount(table, "amount", params),
        kind=table.str("kind", ""),
        mana=mana,
        effect=build_effect(effect, params) if effect else None,
        duration=duration,
        trigger=build_trigger(trigger, params) if trigger else None,
        cost=build_cost(cost) if cost else None,
        then=tuple(build_instruction(t, params) for t in table.tables("then")),
        otherwise=tuple(build_instruction(t, params) for t in table.tables("otherwise")),
        mode=table.str("mode", ""),
        each=tuple(build_filter(t) for t in table.tables("each")),
        x=build_amount(table, "x", params) if table.has("x") else None,
    )
    if (instruction.what in ("each", "chosen")) != bool(instruction.each):
        raise table.error("each", 'what = "each" or "chosen" and each = [filters] go together')
    needs = {"effect": "effect", "delayed": "trigger", "pay": "cost", "add_mana": "mana", "reflexive": "trigger"}
    if do in needs and not getattr(instruction, needs[do]):
        raise table.error(needs[do], f"{do} needs {needs[do]}")
    if do in (
        "damage",
        "destroy",
        "exile",
        "bounce",
        "sacrifice",
        "counters",
        "tap",
        "untap",
        "effect",
        "gets",
        "regenerate",
        "return_to_battlefield",
    ) and not (instruction.what):
        raise table.error("what", f"{do} needs what (self, a target's name, subject, sacrificed)")
    if do == "pay" and instruction.cost.mana and any(sym.text == "X" for sym in instruction.cost.mana.symbols):
        if instruction.x is None:
            raise table.error("x", "the cost has {X}: say what X is (x = { of = … })")
    if do == "counters" and not instruction.kind:
        raise table.error("kind", "counters needs kind")
    table.done()
    return instruction


def build_program(table: Table, params: dict) -> Program | None:
    """A spell's, an activated or a triggered ability's program, from the keys of its table."""
    if not any(table.has(key) for key in PROGRAM_KEYS):
        return None
    targets = tuple(build_target(t) for t in table.tables("targets"))
    names = [t.name for t in targets]
    if len(set(names)) != len(names):
        raise table.error("targets", "two targets share a name")
    additional = table.table("additional")
    kicker = table.table("kicker")
    modes = table.strings("modes")
    program = Program(
        instructions=tuple(build_instruction(t, params) for t in table.tables("resolve")),
        targets=targets,
        modes=modes,
        choose=table.int("choose", 1, minimum=1),
        kicked_modes=table.bool("kicked_modes"),
        additional=build_cost(additional) if additional else None,
        kicker=build_cost(kicker) if kicker else None,
    )
    for n, instruction in enumerate(program.instructions):
        if instruction.mode and instruction.mode not in modes:
            raise table.error(f"resolve[{n}].mode", f"{instruction.mode!r} is not one of the modes")
    return program


def build_trigger_parts(table: Table, params: dict) -> dict:
    """The event-trigger fields of a ``trigger`` table (engine/definitions.Trigger)."""
    flt = table.table("filter")
    condition = table.table("condition")
    whose = table.str("whose", "you")
    if whose not in ("you", "each"):
        raise table.error("whose", "you or each")
    subject = table.str("subject", "")
    if subject not in ("", "self"):
        raise table.error("subject", 'only "self" (or a filter)')
    parts = {
        "subject": subject,
        "filter": build_filter(flt) if flt else None,
        "whose": whose,
        "step": table.str("step", ""),
        "count": table.int("count", 0, minimum=0),
        "condition": build_condition(condition) if condition else None,
        "program": build_program(table, params),
    }
    return parts


def build_condition(table: Table) -> Condition:
    """``condition = { controls = {filter} }``, ``{ life_at_least = 40 }``, ``{ count = {filter}, at_most = 0 }``,
    ``{ counters = "+1/+1", at_most = 0 }`` (spells.Condition)."""
    controls = table.table("controls")
    count = table.table("count")
    condition = Condition(
        life_at_least=table.int("life_at_least"),
        controls=build_filter(controls) if controls else None,
        count=build_filter(count) if count else None,
        counters=table.str("counters", ""),
        at_least=table.int("at_least", minimum=0) if table.has("at_least") else None,
        at_most=table.int("at_most", minimum=0) if table.has("at_most") else None,
    )
    compared = condition.count is not None or bool(condition.counters)
    if condition.count is not None and condition.counters:
        raise table.error("counters", "count objects or counters, not both")
    if compared != (condition.at_least is not None or condition.at_most is not None):
        raise table.error("at_least", "count and counters go with at_least or at_most")
    if not (compared or condition.controls is not None or condition.life_at_least is not None):
        raise table.error(None, "the condition says nothing: give controls, life_at_least, count or counters")
    table.done()
    return condition
