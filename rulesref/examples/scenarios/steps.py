"""Steps: what each action (``do = "enter"``) takes, field by field, checked when the file is read.

:data:`ACTIONS` is the whole vocabulary: for each action, its fields in reading order, each with
the function that reads and checks it. A field reader gets the scope (what exists at this point),
the step's table, the field's name and the arguments read so far.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.definitions import ZONES
from .cards import build_copy_except, build_filter
from .checks import read_expectations
from .combat_steps import actions as combat_actions
from .combat_steps import read_when
from .model import ID_RE, Step
from .scope import Scope
from .tables import Table, interpolated

Reader = Callable[[Scope, Table, str, dict], object]


# -- field readers ---------------------------------------------------------------------------


def an_object(scope: Scope, table: Table, key: str, args: dict) -> str:
    return scope.object_ref(table, key)


def an_optional_object(scope: Scope, table: Table, key: str, args: dict) -> str | None:
    return scope.object_ref(table, key, required=False)


def a_player(scope: Scope, table: Table, key: str, args: dict) -> str:
    return scope.player_ref(table, key)


def you_by_default(scope: Scope, table: Table, key: str, args: dict) -> str:
    return scope.player_ref(table, key, "you")


def a_count(scope: Scope, table: Table, key: str, args: dict) -> object:
    return scope.count(table, key)


def a_text(scope: Scope, table: Table, key: str, args: dict) -> str:
    return table.str(key, required=True)


def a_label(scope: Scope, table: Table, key: str, args: dict) -> str:
    return table.str(key, "")


def a_flag(scope: Scope, table: Table, key: str, args: dict) -> bool:
    return table.bool(key)


def a_duration(scope: Scope, table: Table, key: str, args: dict) -> str:
    return scope.duration(table)


def a_card(scope: Scope, table: Table, key: str, args: dict) -> str:
    return scope.card_ref(table, key)


def a_zone_off_the_battlefield(scope: Scope, table: Table, key: str, args: dict) -> str:
    zone = table.str(key, required=True)
    if zone not in ZONES or zone == "battlefield":
        raise table.error(key, "a zone other than the battlefield (use enter)")
    return zone


def an_entering_controller(scope: Scope, table: Table, key: str, args: dict) -> str | None:
    return scope.player_ref(table, key, "you") if table.has(key) else None


def some_choices(scope: Scope, table: Table, key: str, args: dict) -> dict:
    choices = table.table(key)
    return scope.choices(choices) if choices else {}


def an_ability(scope: Scope, table: Table, key: str, args: dict) -> dict:
    return scope.ability(table.table(key, required=True))


def an_effect(scope: Scope, table: Table, key: str, args: dict) -> dict:
    return scope.effect(table.table(key, required=True))


def a_new_effect_id(scope: Scope, table: Table, key: str, args: dict) -> str:
    return scope.new_effect_id(table, key, required=True)


def an_optional_effect_id(scope: Scope, table: Table, key: str, args: dict) -> str | None:
    return scope.new_effect_id(table, key, required=False)


def an_applied_effect(scope: Scope, table: Table, key: str, args: dict) -> str:
    effect = table.str(key, required=True)
    if effect not in scope.effect_ids:
        raise table.error(key, f"no effect {effect!r} was applied before this step")
    return effect


def an_object_or_player(scope: Scope, table: Table, key: str, args: dict) -> str:
    target = table.str(key, required=True)
    if target not in scope.object_ids and target not in scope.players:
        raise table.error(key, f"{target!r} is neither an object nor a player")
    return target


def a_filter(scope: Scope, table: Table, key: str, args: dict) -> dict:
    flt = table.table(key, required=True)
    build_filter(flt)
    return dict(flt.data)


def some_exceptions(scope: Scope, table: Table, key: str, args: dict) -> dict:
    """A copy effect's "except …" (707.9), checked by building it."""
    exceptions = table.table(key)
    if exceptions is None:
        return {}
    build_copy_except(scope.with_defaults(exceptions), scope.default_params())
    return dict(exceptions.data)


def optional_objects(scope: Scope, table: Table, key: str, args: dict) -> list[str]:
    """Objects by id, none by default (a cast's ``sacrifice`` and ``convoke``)."""
    found = list(table.strings(key))
    for oid in found:
        if oid not in scope.object_ids:
            raise table.error(key, f"no object {oid!r}")
    return found


def _objects(scope: Scope, table: Table, key: str, missing: str) -> list[str]:
    """Objects by id, at least one (``missing`` says what to name when there is none)."""
    found = optional_objects(scope, table, key, {})
    if not found:
        raise table.error(key, missing)
    return found


def replacement_choices(scope: Scope, table: Table, key: str, args: dict) -> list[str]:
    """``replacement_order = ["violence-b", "violence-a"]``: the replacement effects the affected player
    applies first (616.1), by the id of the permanent whose ability it is (``id.ability-key`` when it has
    two)."""
    found = list(table.strings(key))
    for name in found:
        if name.split(".")[0] not in scope.object_ids:
            raise table.error(key, f"no object {name.split('.')[0]!r}")
    return found


def some_objects(scope: Scope, table: Table, key: str, args: dict) -> list[str]:
    return _objects(scope, table, key, "name the objects")


def everything_matching(scope: Scope, table: Table, key: str, args: dict) -> dict | None:
    """ "Transform all Humans": a filter, or ``object`` for one permanent; one of the two."""
    if table.has(key) == (args["object"] is not None):
        raise table.error(key, "name the object, or all = {filter} for every matching permanent (one of the two)")
    return a_filter(scope, table, key, args) if table.has(key) else None


def a_copy_id(scope: Scope, table: Table, key: str, args: dict) -> str:
    object_id = table.str(key, required=True)
    if not ID_RE.match(object_id) or object_id in scope.object_ids:
        raise table.error(key, f"{object_id!r}: a new object id (lower-case letters, digits, - and _)")
    scope.add_objects(object_id, 1)
    return object_id


def a_hand_count(scope: Scope, table: Table, key: str, args: dict) -> object:
    """A discard without a count discards the whole hand (None)."""
    return scope.count(table, key) if table.has(key) else None


def created_ids(scope: Scope, table: Table, key: str, args: dict) -> str:
    base = table.str(key, args["card"])
    scope.add_objects(base, args["count"])
    return base


def crew_members(scope: Scope, table: Table, key: str, args: dict) -> list[str]:
    return _objects(scope, table, key, "name the crewing creatures")


def some_targets(scope: Scope, table: Table, key: str, args: dict) -> dict[str, list[str]]:
    """``targets = { creature = "bear", land = ["forest"] }``: each target's name, and the objects or
    players chosen for it."""
    chosen = table.table(key)
    if chosen is None:
        return {}
    result = {}
    for name in list(chosen.data):
        picks = chosen.strings(name)
        for pick in picks:
            if pick not in scope.object_ids and pick not in scope.players:
                raise chosen.error(name, f"{pick!r} is neither an object nor a player")
        result[name] = list(picks)
    chosen.done()
    return result


def some_choices_of_objects(scope: Scope, table: Table, key: str, args: dict) -> dict[str, str]:
    """``choose = { you = "bear", opponent = "elves" }``: what each player chooses as it resolves."""
    chosen = table.table(key)
    if chosen is None:
        return {}
    result = {}
    for player in list(chosen.data):
        if player not in scope.players:
            raise chosen.error(player, "not a player")
        result[player] = chosen.str(player)
        if result[player] not in scope.object_ids:
            raise chosen.error(player, f"no object {result[player]!r}")
    chosen.done()
    return result


def some_strings(scope: Scope, table: Table, key: str, args: dict) -> list[str]:
    return list(table.strings(key))


def a_value(scope: Scope, table: Table, key: str, args: dict) -> object:
    return scope.count(table, key, 0)


def some_mana(scope: Scope, table: Table, key: str, args: dict) -> str:
    from ..engine.mana import ManaCost

    raw = table.str(key, required=True)
    scope.check_names(table, key, raw)
    text = str(interpolated(table, raw, scope.default_params()))  # a choice parameter may give the mana
    try:
        symbols = ManaCost.parse(text).symbols
    except ValueError as error:
        raise table.error(key, str(error)) from None
    if any(s.text not in ("W", "U", "B", "R", "G", "C") for s in symbols):
        raise table.error(key, "mana is {W}, {U}, {B}, {R}, {G} or {C} (rule 106.1)")
    return raw


def an_optional_filter(scope: Scope, table: Table, key: str, args: dict) -> dict | None:
    return a_filter(scope, table, key, args) if table.has(key) else None


def a_yes(scope: Scope, table: Table, key: str, args: dict) -> bool:
    return table.bool(key, True)


def mana_pools(scope: Scope, table: Table, key: str, args: dict) -> dict:
    pools = table.table(key)
    found = {}
    if pools:
        for player in list(pools.data):
            if player not in scope.players:
                raise pools.error(player, "not a player")
            found[player] = some_mana(scope, pools, player, args)
        pools.done()
    return found


# -- setup ------------------------------------------------------------------------------------


def a_turn(scope: Scope, table: Table, key: str, args: dict) -> dict | None:
    turn = table.table(key)
    if turn is None:
        return None
    value = {
        "number": turn.int("number", 1, minimum=1),
        "active": scope.player_ref(turn, "active", next(iter(scope.players))),
        "step": turn.str("step", "main1" if scope.game == "mtg" else "main"),
    }
    turn.done()
    return value


def life_totals(scope: Scope, table: Table, key: str, args: dict) -> dict:
    life = table.table(key)
    totals = {}
    if life:
        for player in list(life.data):
            if player not in scope.players:
                raise life.error(player, "not a player")
            totals[player] = life.int(player)
        life.done()
    return totals


def placements(scope: Scope, table: Table, key: str, args: dict) -> list[dict]:
    return [placement(scope, t) for t in table.tables(key)]


def placement(scope: Scope, table: Table) -> dict:
    card = scope.card_ref(table, "card")
    zone = table.str("zone", required=True)
    if zone not in ZONES:
        raise table.error("zone", f"{zone!r} is not a zone ({', '.join(ZONES)})")
    owner = scope.player_ref(table, "owner", "you")
    controller = scope.player_ref(table, "controller", owner) if table.has("controller") else owner
    count = scope.count(table, "count")
    object_id = table.str("id", card)
    if not ID_RE.match(object_id):
        raise table.error("id", "object ids use lower-case letters, digits, - and _")
    if object_id in scope.object_ids:
        raise table.error("id", f"object id {object_id!r} is used twice; give this one an id")
    scope.add_objects(object_id, count)
    placed = {
        "card": card,
        "zone": zone,
        "owner": owner,
        "controller": controller,
        "count": count,
        "id": object_id,
        "tapped": table.bool("tapped"),
        "this_turn": table.bool("this_turn"),
        "attached_to": table.str("attached_to"),
        "counters": {},
        "choices": {},
        # Statuses (110.5): face down (708), flipped (710), back face up (712).
        "face_down": table.bool("face_down"),
        "flipped": table.bool("flipped"),
        "transformed": table.bool("transformed"),
        "half": table.str("half", ""),  # a split card on the stack, cast as this half (709.3)
    }
    if placed["attached_to"] and placed["attached_to"] not in scope.object_ids:
        raise table.error("attached_to", f"no object {placed['attached_to']!r} placed before this one")
    counters = table.table("counters")
    if counters:
        for kind in list(counters.data):
            placed["counters"][kind] = scope.count(counters, kind)
        counters.done()
    choices = table.table("choices")
    if choices:
        placed["choices"] = scope.choices(choices)
    if zone != "battlefield" and (placed["tapped"] or placed["attached_to"] or placed["counters"]):
        raise table.error("zone", "only permanents on the battlefield are tapped, attached or have counters")
    table.done()
    return placed


# -- the vocabulary -----------------------------------------------------------------------------

ACTIONS: dict[str, dict[str, Reader]] = {
    "setup": {"turn": a_turn, "life": life_totals, "place": placements, "mana": mana_pools},
    "move": {"object": an_object, "to": a_zone_off_the_battlefield, "top": a_flag},
    "enter": {
        "object": an_object,
        "controller": an_entering_controller,
        "choices": some_choices,
        "attached_to": an_optional_object,
    },
    "create": {"card": a_card, "count": a_count, "controller": you_by_default, "id": created_ids},
    "draw": {"player": you_by_default, "count": a_count},
    "discard": {"player": you_by_default, "count": a_hand_count},
    "crew": {"vehicle": an_object, "crew": crew_members},
    "resolve": {"count": a_count, "pay": a_yes, "choose": some_choices_of_objects},
    "apply": {
        "id": a_new_effect_id,
        "label": a_text,
        "source": an_optional_object,
        "controller": you_by_default,
        "duration": a_duration,
        "effect": an_effect,
    },
    "end_effect": {"effect": an_applied_effect},
    "counters": {"object": an_object, "kind": a_text, "count": a_count},
    "damage": {"source": a_text, "target": an_object_or_player, "amount": a_count},
    "lose_life": {"player": you_by_default, "amount": a_count},
    "attach": {"object": an_object, "to": an_object},
    "tap": {"object": an_object},
    "untap": {"object": an_object},
    "gain_control": {"object": an_object, "player": a_player, "duration": a_duration, "label": a_label},
    "give_ability": {
        "object": an_object,
        "ability": an_ability,
        "duration": a_duration,
        "label": a_label,
        "id": an_optional_effect_id,
    },
    "destroy": {"object": an_object},
    "destroy_all": {"filter": a_filter, "controller": you_by_default},
    "mill": {"player": you_by_default, "count": a_count},
    "end_turn": {},
    "go_to": {"step": a_text},
    "begin_resolution": {"label": a_text},
    "end_resolution": {"spell": an_optional_object},
    "attempt": {"action": a_text, "object": an_object, "target": an_optional_object},
    # Copies and faces (engine/copies.py).
    "become_copy": {
        "object": an_object,
        "of": an_object,
        "except": some_exceptions,
        "id": an_optional_effect_id,
        "label": a_label,
        "duration": a_duration,
    },
    "create_copy": {"of": an_object, "controller": you_by_default, "choices": some_choices, "id": a_copy_id},
    "transform": {"object": an_optional_object, "all": everything_matching},
    "flip": {"object": an_object},
    "turn_face_up": {"object": an_object},
    "enter_together": {"objects": some_objects, "controller": an_entering_controller},
    "put_sticker": {"object": an_object, "word": a_text, "after": a_count},
    # Casting and activating (engine/casting.py).
    "cast": {
        "object": an_object,
        "player": an_entering_controller,
        "targets": some_targets,
        "modes": some_strings,
        "x": a_value,
        "kicked": a_flag,
        "sacrifice": optional_objects,
        "convoke": optional_objects,
        "free": a_flag,
    },
    "activate": {
        "object": an_object,
        "ability": a_text,
        "targets": some_targets,
        "modes": some_strings,
        "x": a_value,
    },
    "add_mana": {"player": you_by_default, "mana": some_mana, "only_for": an_optional_filter},
    "change_targets": {"spell": an_object, "targets": some_targets},
    "gain_life": {"player": you_by_default, "amount": a_count},
}
ACTIONS.update(
    combat_actions(
        {
            "card": a_card,
            "player": a_player,
            "object": an_object,
            "count": a_count,
            "filter": a_filter,
            "text": a_text,
            "you": you_by_default,
            "flag": a_flag,
            "optional object": an_optional_object,
        }
    )
)
# The fields every step has besides its action's.
# ``when``: the parameter values the step is taken with. ``trigger_targets``: the targets a triggered
# ability this step puts on the stack takes (603.3d), by target name; without it the engine takes the
# first legal ones. ``replacement_order``: which replacement effect applies first where two or more would
# modify one event (616.1; engine/replacements.py); without it, the battlefield's order.
COMMON_FIELDS = ("do", "text", "expect", "when", "trigger_targets", "replacement_order")


def read_step(scope: Scope, index: int, table: Table) -> Step:
    do = table.str("do", required=True)
    if do not in ACTIONS:
        raise table.error("do", f"{do!r} is not an action; actions: {', '.join(ACTIONS)}")
    if do == "setup" and index:
        raise table.error("do", "only the first step is a setup")
    texts = scope.texts(table.table("text", required=True))
    when = read_when(scope, table)
    args = step_args(scope, do, table)
    if table.has("trigger_targets"):
        args["trigger_targets"] = some_targets(scope, table, "trigger_targets", args)
    if table.has("replacement_order"):
        args["replacement_order"] = replacement_choices(scope, table, "replacement_order", args)
    expects = []
    for n, expect in enumerate(table.tables("expect")):
        expects.extend(read_expectations(scope, n, expect, do))
    table.done()
    return Step(index, do, args, texts, tuple(expects), when)


def step_args(scope: Scope, do: str, table: Table) -> dict:
    """The action's fields, read in order; a field the action does not take is an error."""
    fields = ACTIONS[do]
    for key in table.data:
        if key not in fields and key not in COMMON_FIELDS:
            raise table.error(key, f"unknown field for {do} (fields: {', '.join(sorted(fields)) or 'none'})")
    args: dict = {}
    for key, reader in fields.items():
        args[key] = reader(scope, table, key, args)
    return args
