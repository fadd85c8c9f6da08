"""The steps of combat and of a multiplayer game, field by field (merged into :data:`.steps.ACTIONS`):

``declare_attackers``  ``attackers = { bear = "opponent", cub = "jace" }`` (what each attacks: a player
                       or a planeswalker) or a list of creatures (each attacks the active player's next
                       opponent); ``bands = [["flyer", "walker"]]`` (702.22);
``declare_blockers``   ``blocks = { wall = "bear", brigade = ["baloth", "boars"] }``, ``order = { gorger =
                       ["angel", "elves", "bear"] }`` (damage assignment orders, rule 509.2; by default
                       the order the blockers are named in);
``combat_damage``      ``assign = { gorger = { guardian = 3, elves = 2 } }`` (any creature left out assigns
                       lethal damage in order, the rest to the last);
``put_blocking``       ``card``, ``id``, ``controller``, ``attacker``, ``position`` (rule 509.7);
``end_combat``         the end of combat step (511.3);
``leave_game``         ``player`` (rule 800.4a);
``prevent``            ``label``, ``controller``, ``target``, ``amount``, ``combat``, ``source``, ``gain``: "prevent
                       the next N damage that would be dealt to [target] this turn", all (combat) damage this
                       turn, or the next damage ``source`` would deal; ``gain``: its controller gains life
                       equal to the damage prevented (615);
``damage_each``        ``source``, ``amount``, ``filter``, ``controller``: damage to each matching permanent
                       within the controller's range of influence (801.10).

The three declarations are checked like an ``attempt``: a step may expect ``legal`` and ``reasons``.
"""

from __future__ import annotations

from .model import ID_RE
from .scope import Scope
from .tables import Table

# The steps whose legality a step's checks may read (``legal``, ``reasons``).
VERDICT_STEPS = ("attempt", "declare_attackers", "declare_blockers", "combat_damage")


def an_object_id(scope: Scope, table: Table, key: str, value: object) -> str:
    if not isinstance(value, str) or value not in scope.object_ids:
        raise table.error(key, f"no object {value!r} at this point")
    return value


def attacked(scope: Scope, table: Table, key: str, value: object) -> str:
    if not isinstance(value, str) or (value not in scope.players and value not in scope.object_ids):
        raise table.error(key, f"{value!r} is neither a player nor a planeswalker placed before this step")
    return value


def some_attackers(scope: Scope, table: Table, key: str, args: dict) -> dict | list:
    value = table.raw(key)
    if isinstance(value, list):
        return [an_object_id(scope, table, key, item) for item in value]
    if isinstance(value, dict):
        return {
            an_object_id(scope, table, f"{key}.{creature}", creature): attacked(
                scope, table, f"{key}.{creature}", target
            )
            for creature, target in value.items()
        }
    raise table.error(key, 'name the attacking creatures: ["bear"] or { bear = "opponent" } ([] for none)')


def some_bands(scope: Scope, table: Table, key: str, args: dict) -> list[list[str]]:
    value = table.raw(key, [])
    if not isinstance(value, list) or not all(isinstance(band, list) for band in value):
        raise table.error(key, 'expected a list of bands: [["flyer", "walker"]]')
    return [[an_object_id(scope, table, key, a) for a in band] for band in value]


def some_blocks(scope: Scope, table: Table, key: str, args: dict) -> dict:
    value = table.raw(key, {})
    if not isinstance(value, dict):
        raise table.error(key, 'expected { blocker = "attacker" } or { blocker = ["attacker", …] }')
    blocks = {}
    for blocker, attackers in value.items():
        an_object_id(scope, table, f"{key}.{blocker}", blocker)
        attackers = [attackers] if isinstance(attackers, str) else attackers
        if not isinstance(attackers, list) or not attackers:
            raise table.error(f"{key}.{blocker}", "name the attacker (or attackers) it blocks")
        blocks[blocker] = [an_object_id(scope, table, f"{key}.{blocker}", a) for a in attackers]
    return blocks


def some_orders(scope: Scope, table: Table, key: str, args: dict) -> dict:
    value = table.raw(key, {})
    if not isinstance(value, dict):
        raise table.error(key, 'expected { attacker = ["first blocker", "second blocker"] }')
    orders = {}
    for creature, order in value.items():
        an_object_id(scope, table, f"{key}.{creature}", creature)
        if not isinstance(order, list):
            raise table.error(f"{key}.{creature}", "expected a list of the creatures it assigns damage to, in order")
        orders[creature] = [an_object_id(scope, table, f"{key}.{creature}", o) for o in order]
    return orders


def some_assignments(scope: Scope, table: Table, key: str, args: dict) -> dict:
    value = table.raw(key, {})
    if not isinstance(value, dict):
        raise table.error(key, "expected { creature = { recipient = amount } }")
    plans = {}
    for creature, plan in value.items():
        where = f"{key}.{creature}"
        an_object_id(scope, table, where, creature)
        if not isinstance(plan, dict):
            raise table.error(where, "expected { recipient = amount }")
        for target, amount in plan.items():
            attacked(scope, table, f"{where}.{target}", target)
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                raise table.error(f"{where}.{target}", "expected an amount of damage (0 or more)")
        plans[creature] = dict(plan)
    return plans


def a_blocking_token(scope: Scope, table: Table, key: str, args: dict) -> str:
    object_id = table.str(key, args["card"])
    if not ID_RE.match(object_id):
        raise table.error(key, "object ids use lower-case letters, digits, - and _")
    if object_id in scope.object_ids:
        raise table.error(key, f"object id {object_id!r} is already in use")
    scope.add_objects(object_id, 1)
    return object_id


def a_position(scope: Scope, table: Table, key: str, args: dict) -> int | None:
    return table.int(key, minimum=0) if table.has(key) else None


def a_target_or_none(scope: Scope, table: Table, key: str, args: dict) -> str | None:
    if not table.has(key):
        return None
    return attacked(scope, table, key, table.raw(key))


def an_amount_or_all(scope: Scope, table: Table, key: str, args: dict) -> object:
    return scope.count(table, key) if table.has(key) else None


def read_when(scope: Scope, table: Table) -> dict:
    """``when = { who_leaves = "bianca" }``: the step (and its checks) only when the run's parameters say
    so, for an example's "if, instead, …"."""
    when = table.table("when")
    if when is None:
        return {}
    found = {}
    for name in list(when.data):
        if name not in scope.params:
            raise when.error(name, f"{name!r} is not a parameter")
        param = scope.params[name]
        value = when.raw(name)
        try:
            found[name] = param.parse(value)
        except ValueError as error:
            raise when.error(name, str(error)) from None
    when.done()
    return found


def actions(readers: dict) -> dict:
    """The combat and multiplayer steps, with the field readers of :mod:`.steps` they share."""
    return {
        "declare_attackers": {"attackers": some_attackers, "bands": some_bands},
        "declare_blockers": {"blocks": some_blocks, "order": some_orders},
        "combat_damage": {"assign": some_assignments},
        "put_blocking": {
            "card": readers["card"],
            "controller": readers["player"],
            "attacker": readers["object"],
            "position": a_position,
            "id": a_blocking_token,
        },
        "end_combat": {},
        "leave_game": {"player": readers["player"]},
        "prevent": {
            "label": readers["text"],
            "controller": readers["you"],
            "target": a_target_or_none,
            "amount": an_amount_or_all,
            "combat": readers["flag"],
            "source": readers["optional object"],
            "gain": readers["flag"],
            "redirect_to": a_target_or_none,
        },
        "damage_each": {
            "source": readers["object"],
            "amount": readers["count"],
            "filter": readers["filter"],
            "controller": readers["player"],
        },
    }
