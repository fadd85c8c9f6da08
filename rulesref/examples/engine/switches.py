"""Rule switches: a small, explicit registry of the rules the engine applies that a test may turn off.

Every rule here is on in every game. ``tests/examples/test_mutations.py`` turns each off in turn
and runs the bundled scenarios: a rule a scenario demonstrates must turn at least one of them red
when it is off, or no scenario really checks it. The engine asks :func:`on` at the one place each
rule is applied; nothing else reads this module. The switches live in a context variable, so
turning one off in a test never reaches another thread or request.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# Rule number → what the engine does because of it (what stops when it is off).
RULES: dict[str, str] = {
    "613.2a": "layer 1a: copy effects and copiable “as enters” choices",
    "613.2b": "layer 1b: face-down permanents are 2/2 with no name, types, abilities or mana cost",
    "613.1b": "layer 2: control-changing effects",
    "613.1c": "layer 3: text-changing effects",
    "613.1d": "layer 4: type-changing effects",
    "613.1e": "layer 5: color-changing effects",
    "613.1f": "layer 6: ability-adding and -removing effects",
    "613.4a": "layer 7a: characteristic-defining abilities that define power and toughness",
    "613.4b": "layer 7b: effects that set power and toughness",
    "613.4c": "layer 7c: effects and counters that modify power and toughness",
    "613.4d": "layer 7d: effects that switch power and toughness",
    "613.3": "characteristic-defining abilities apply first within layers 2–6",
    "613.6": "an effect that starts to apply keeps applying to the same objects in later layers",
    "613.7a": "a granted static ability’s timestamp: the later of the two, kept in order when restamped",
    "613.7c": "counters of one kind share the timestamp of the newest",
    "613.7e": "an Aura or Equipment gets a new timestamp each time it becomes attached",
    "613.7m": "objects entering at once get timestamps in APNAP order",
    "613.8": "dependency: an effect that depends on another applies after it",
    "704.5a": "a player with 0 or less life loses",
    "704.5b": "a player who drew from an empty library loses",
    "704.5c": "a player with ten or more poison counters loses",
    "704.5d": "a token off the battlefield ceases to exist",
    "704.5f": "a creature with toughness 0 or less goes to the graveyard",
    "704.5g": "a creature with lethal damage is destroyed",
    "704.5h": "a creature dealt damage by a source with deathtouch is destroyed",
    "704.5i": "a planeswalker with no loyalty counters goes to the graveyard",
    "704.5j": "the legend rule: of legendary permanents with one name and controller, all but one go",
    "704.5m": "an Aura attached to nothing (or to itself) goes to the graveyard",
    "704.5n": "an Equipment attached to a permanent that is not a creature becomes unattached",
    "704.5q": "+1/+1 and -1/-1 counters annihilate",
    "510.4": "creatures with first strike or double strike deal combat damage in a step of their own",
    "702.2c": "with deathtouch, any nonzero damage assigned to a creature counts as lethal",
    "702.15b": "damage dealt by a source with lifelink makes its controller gain that much life",
    "702.16e": "damage from a source of a color a permanent has protection from is prevented",
    "702.19b": "a blocked creature with trample may assign the rest of its damage to what it attacks",
    "800.4a": "the objects a player owns leave the game with them",
    "603.3b": "waiting triggered abilities go on the stack in APNAP order",
    "608.1": "the top object of the stack resolves first",
    "500.4": "mana empties from each player's mana pool at the end of each step and phase",
    "601.2f": "cost increases and reductions change a spell's total cost",
    "603.4": "an intervening “if” is checked as the ability triggers and again as it resolves",
    "603.7b": "a delayed triggered ability triggers only once",
    "603.10a": "leaves-the-battlefield abilities look back: decided on the game before the event",
    "608.2b": "targets are checked again on resolution: illegal ones are not affected, all illegal fizzles",
    "614.8": "a regeneration shield replaces the next destruction this turn",
    "117.1a": "a noninstant spell can be cast only in its caster's main phase with the stack empty",
    "614.1": "replacement effects of permanents modify the events they watch (each once, 614.5)",
    "616.1": "the affected player chooses the order of the replacement effects that apply to one event",
}

_OFF: ContextVar[frozenset[str]] = ContextVar("rulesref_rules_off", default=frozenset())


def on(rule: str) -> bool:
    """Is ``rule`` applied? Always, except inside :func:`switched_off` (tests)."""
    return rule not in _OFF.get()


@contextmanager
def switched_off(*rules: str) -> Iterator[None]:
    """Run the block with ``rules`` not applied (for mutation tests only)."""
    unknown = [rule for rule in rules if rule not in RULES]
    if unknown:
        raise ValueError(f"no rule switch {', '.join(unknown)}; switches: {', '.join(RULES)}")
    token = _OFF.set(_OFF.get() | frozenset(rules))
    try:
        yield
    finally:
        _OFF.reset(token)
