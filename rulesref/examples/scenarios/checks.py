"""Checks: the values a step's ``[[steps.expect]]`` tables expect, checked when the file is read.

A check is about an object, a player, the game or the step's attempt; :data:`EXPECTED` gives, for
each value a check may name, the function that checks the expected value's shape (the runner
compares it with the game). Expected values may use parameters; they are checked with the
parameters' defaults.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.definitions import ZONES
from ..engine.events import EVENT_TEXT
from ..engine.mana import COLORS
from .combat_steps import VERDICT_STEPS
from .model import PT_RE, Expectation
from .scope import Scope
from .tables import Table, interpolated

LAYER_NAMES = ("1a", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")

Validator = Callable[[Scope, Table, str, object], None]


def a_pt(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, str) or not (value == "none" or PT_RE.match(value) or "${" in value):
        raise table.error(key, 'expected a string such as "4/4", or "none" for no power and toughness')


def a_name(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, str):
        raise table.error(key, 'expected a name, or "" for no name (a face-down permanent, 708.2a)')


def a_number(scope: Scope, table: Table, key: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise table.error(key, "expected a whole number or ${expression}")


def a_truth(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, bool):
        raise table.error(key, "expected true or false")


def strings(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise table.error(key, "expected a list of strings")


def colors(scope: Scope, table: Table, key: str, value: object) -> None:
    strings(scope, table, key, value)
    for color in value:
        if color not in COLORS:
            raise table.error(key, f"{color!r} is not a color (W, U, B, R, G)")


def event_codes(scope: Scope, table: Table, key: str, value: object) -> None:
    strings(scope, table, key, value)
    for code in value:
        if code not in EVENT_TEXT:
            raise table.error(key, f"{code!r} is not an event the engine reports")


def a_mana_text(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, str) or not all(part in "WUBRGC" for part in value.replace("{", "").replace("}", "")):
        raise table.error(key, 'expected mana such as "{R}{R}{G}", or "" for an empty pool')


def a_zone(scope: Scope, table: Table, key: str, value: object) -> None:
    if value not in ZONES:
        raise table.error(key, f"{value!r} is not a zone")


def a_player_or_none(scope: Scope, table: Table, key: str, value: object) -> None:
    if value not in scope.players and value != "none":
        raise table.error(key, f"{value!r} is not a player")


def counter_numbers(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, dict) or not all(isinstance(v, int) for v in value.values()):
        raise table.error(key, "expected a table of counter kinds and numbers")


def layers_of_effects(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, dict):
        raise table.error(key, "expected a table: effect id = [layers]")
    for effect, layers in value.items():
        if not isinstance(layers, list) or any(layer not in LAYER_NAMES for layer in layers):
            raise table.error(f"{key}.{effect}", f"expected a list of layers ({', '.join(LAYER_NAMES)})")


def an_order_in_layer(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, dict) or set(value) != {"layer", "effects"}:
        raise table.error(key, 'expected { layer = "6", effects = [...] }')


def pts_after_layers(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, dict) or any(layer not in LAYER_NAMES for layer in value):
        raise table.error(key, 'expected a table: layer = "p/t", e.g. { "7c" = "6/4" }')


def an_effect_timestamp(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, dict) or set(value) not in ({"effect", "same_as"}, {"effect", "after"}):
        raise table.error(
            key, 'expected { effect = "…", same_as = "object id" } or { effect = "…", after = "object id" }'
        )


def actions_and_verdicts(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, dict) or not all(isinstance(v, bool) for v in value.values()):
        raise table.error(key, "expected a table of actions and true/false")


def an_attacked_or_none(scope: Scope, table: Table, key: str, value: object) -> None:
    if value != "none" and value not in scope.players and value not in scope.object_ids:
        raise table.error(key, f"{value!r} is neither a player, an object nor none")


def assignments(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, list) or not all(
        isinstance(plan, dict) and all(isinstance(n, int) and not isinstance(n, bool) for n in plan.values())
        for plan in value
    ):
        raise table.error(key, "expected a list of tables { recipient = amount }")


def event_counts(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, dict) or not all(isinstance(n, int) and not isinstance(n, bool) for n in value.values()):
        raise table.error(key, "expected a table: event = how many times")
    event_codes(scope, table, key, list(value))


def a_choice_in_range(scope: Scope, table: Table, key: str, value: object) -> None:
    if not isinstance(value, dict) or set(value) != {"for", "choices"} or value["for"] not in scope.players:
        raise table.error(key, 'expected { for = "player who controls the spell", choices = ["player or object", …] }')
    strings(scope, table, f"{key}.choices", value["choices"])
    for item in value["choices"]:
        if item not in scope.players and item not in scope.object_ids:
            raise table.error(f"{key}.choices", f"{item!r} is neither a player nor an object")


def player_ids(scope: Scope, table: Table, key: str, value: object) -> None:
    strings(scope, table, key, value)
    for player in value:
        if player not in scope.players:
            raise table.error(key, f"{player!r} is not a player")


OBJECT_CHECKS: dict[str, Validator] = {
    "pt": a_pt,
    "power": a_number,
    "toughness": a_number,
    "base_pt": a_pt,
    "creature": a_truth,
    "types": strings,
    "subtypes": strings,
    "supertypes": strings,
    "colors": colors,
    "has": strings,
    "lacks": strings,
    "zone": a_zone,
    "controller": a_player_or_none,
    "owner": a_player_or_none,
    "tapped": a_truth,
    "damage": a_number,
    "counters": counter_numbers,
    "mana_value": a_number,
    "layers": layers_of_effects,
    "order_in_layer": an_order_in_layer,
    "pt_after_layer": pts_after_layers,
    "can": actions_and_verdicts,
    "exists": a_truth,
    "last_known_counters": counter_numbers,
    "waiting_effects": strings,
    # Combat (506–511): what it attacks, whom it blocks, whether it became blocked, its damage
    # assignment order (509.2) and every legal assignment of its combat damage (510.1c-d).
    "attacking": an_attacked_or_none,
    "blocking": strings,
    "blocked": a_truth,
    "assignment_order": strings,
    "legal_assignments": assignments,
    # Copies and faces.
    "name": a_name,
    "texts": strings,
    "face_down": a_truth,
    "transformed": a_truth,
    "every_creature_type": a_truth,
    "mana_cost": a_name,
    "restrictions": strings,
}
PLAYER_CHECKS: dict[str, Validator] = {
    "life": a_number,
    "hand": a_number,
    "library": a_number,
    "graveyard": a_number,
    "lost": a_truth,
    "poison": a_number,
    "in_game": a_truth,
    "in_range": player_ids,
    "choosable": a_choice_in_range,
    "won": a_truth,
    "mana_pool": a_mana_text,
}
GAME_CHECKS: dict[str, Validator] = {
    "stack": strings,
    "waiting_triggers": strings,
    "effect_timestamp": an_effect_timestamp,
    "events_include": event_codes,
    "turn_order": player_ids,
    "event_count": event_counts,
}
ATTEMPT_CHECKS: dict[str, Validator] = {"legal": a_truth, "reasons": strings}
# The steps whose legality a check may state (an attempt, a combat declaration, a cast or an activation):
# an illegal one is then recorded, not fatal.
ATTEMPTS = VERDICT_STEPS + ("cast", "activate", "change_targets")
# The fields of an expect table besides the checks.
SUBJECT_FIELDS = ("object", "player", "says")


def read_expectations(scope: Scope, n: int, table: Table, do: str) -> list[Expectation]:
    says = table.str("says", "")
    if table.has("object"):
        subject, target, allowed = "object", table.str("object"), OBJECT_CHECKS
        if target not in scope.object_ids:
            raise table.error("object", f"no object {target!r}")
    elif table.has("player"):
        subject, target, allowed = "player", scope.player_ref(table, "player"), PLAYER_CHECKS
    elif any(key in table.data for key in ATTEMPT_CHECKS):
        if do not in ATTEMPTS:
            raise table.error(
                None, f"legal and reasons check the step's attempt, cast or declaration ({', '.join(ATTEMPTS)})"
            )
        subject, target, allowed = "attempt", "", ATTEMPT_CHECKS
    else:
        subject, target, allowed = "game", "", GAME_CHECKS
    found = []
    for key in list(table.data):
        if key in SUBJECT_FIELDS:
            continue
        if key not in allowed:
            raise table.error(key, f"cannot check {key!r} here (checks: {', '.join(sorted(allowed))})")
        value = table.raw(key)
        scope.check_names(table, key, value)
        allowed[key](scope, table, key, interpolated(table, value, scope.default_params()))
        found.append(Expectation(n, subject, target, key, value, says))
    if not found:
        raise table.error(None, "says nothing to check")
    table.done()
    return found
