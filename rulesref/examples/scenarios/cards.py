"""Cards, abilities, effects and filters built from their tables (with the run's parameters): the
engine's definitions. The reader builds them once with the default parameters, so a bad card
fails when the file is read; the runner builds them again with the parameters of each run."""

from __future__ import annotations

from pathlib import Path

from .. import expressions
from ..engine.definitions import (
    PERMANENT_TYPES,
    ZONES,
    Ability,
    AsEnters,
    CardSpec,
    EffectSpec,
    Filter,
    LossReplacement,
    Quantity,
    Selector,
    Trigger,
    TypeLine,
    valid_printed_value,
)
from ..engine.mana import COLORS, ManaCost
from ..engine.spells import Amount, Condition, Cost, CostChange, Instruction, Program, TargetSpec
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
    "reflexive",  # only the trigger of a "reflexive" instruction (603.12): no event fires it
)
DURATIONS = ("", "end_of_turn")
TRIGGER_EVENTS = ("crews", "hand_empty") + EVENT_TRIGGERS


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
    damage_double = table.table("damage_double")
    loss = table.table("loss_replacement")
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
        as_enters=build_as_enters(as_enters) if as_enters else None,
        enters_tapped=table.bool("enters_tapped"),
        permanents_enter_tapped=table.bool("permanents_enter_tapped"),
        counters_on_enter=counters_on_enter,
        trigger=build_trigger(trigger, params) if trigger else None,
        activated=table.str("activated", ""),
        tap_cost=table.bool("tap_cost"),
        damage_double=build_filter(damage_double) if damage_double else None,
        loss_replacement=build_loss(loss) if loss else None,
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


def build_cda(table: Table, params: dict) -> tuple[Quantity, Quantity]:
    both = build_quantity(table, "each", params) if table.has("each") else None
    power = both or build_quantity(table, "power", params, required=True)
    toughness = both or build_quantity(table, "toughness", params, required=True)
    table.done()
    return (power, toughness)


def build_as_enters(table: Table) -> AsEnters:
    choose = table.str("choose", required=True)
    if choose not in ("opponent", "color", "pt"):
        raise table.error("choose", "one of opponent, color, pt")
    options = []
    for text in table.strings("options"):
        match = PT_RE.match(text)
        if not match:
            raise table.error("options", f"{text!r} is not a power/toughness such as 3/3")
        options.append((int(match.group(1)), int(match.group(2))))
    if choose == "pt" and len(options) < 2:
        raise table.error("options", "list two or more power/toughness values (rule 208.2b)")
    table.done()
    return AsEnters(choose, tuple(options))


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
    if trigger.program is not None and (trigger.effect is not None or trigger.draw):
        raise table.error("resolve", "say everything it does in resolve (not with effect or draw as well)")
    table.done()
    return trigger


def build_loss(table: Table) -> LossReplacement:
    loss = LossReplacement(
        shuffle_into_library=table.bool("shuffle_into_library", True),
        draw=table.int("draw", 0, minimum=0),
        life=table.int("life"),
    )
    table.done()
    return loss


FILTER_KEYS = {
    "zone",
    "types",
    "not_types",
    "subtypes",
    "colors",
    "not_colors",
    "controller",
    "owner",
    "no_abilities",
    "cards",
    "other",
}
PLAYER_WORDS = ("you", "opponent", "chosen_player")


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
        colors=table.strings("colors", choices=COLORS),
        not_colors=table.strings("not_colors", choices=COLORS),
        controller=table.str("controller", ""),
        owner=table.str("owner", ""),
        no_abilities=table.bool("no_abilities"),
        cards=table.bool("cards"),
        other=table.bool("other"),
    )
    table.done()
    return flt


def build_quantity(table: Table, key: str, params: dict, *, required: bool = False) -> Quantity:
    value = table.require(key) if required else table.raw(key, 0)
    if isinstance(value, str):
        try:
            value = expressions.interpolate(value, params)
        except expressions.ExpressionError as error:
            raise table.error(key, str(error)) from None
    if isinstance(value, bool):
        raise table.error(key, "expected a number or { plus = n, count = {…} }")
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
        set_colors=set_colors,
        add_colors=table.strings("add_colors", choices=COLORS),
        add_abilities=add_abilities,
        remove_abilities=table.strings("remove_abilities"),
        remove_all_abilities=table.bool("remove_all_abilities"),
        set_pt=set_pt,
        modify_pt=pair_of_ints(table, "modify_pt", params),
        switch_pt=table.bool("switch_pt"),
    )
    for name in spec.add_types + spec.remove_types:
        if name not in PERMANENT_TYPES + ("Instant", "Sorcery", "Kindred", "Существо"):
            raise table.error("add_types", f"{name!r} is not a card type")
    if not spec.layers():
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
)
AMOUNT_READS = ("", "x", "power", "toughness", "life", "counters", "count")
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
    value = table.raw(key, default)
    if isinstance(value, str):
        try:
            value = expressions.interpolate(value, params)
        except expressions.ExpressionError as error:
            raise table.error(key, str(error)) from None
    if isinstance(value, bool):
        raise table.error(key, "expected a number or { of = …, ref = …, plus = n }")
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
    controls = table.table("controls")
    condition = Condition(
        life_at_least=table.int("life_at_least"),
        controls=build_filter(controls) if controls else None,
    )
    table.done()
    return condition
