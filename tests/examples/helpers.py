"""Small builders for engine tests: cards and games without a scenario file."""

from rulesref.examples.engine.definitions import (
    Ability,
    AsEnters,
    CardSpec,
    EffectSpec,
    Filter,
    Quantity,
    Selector,
    TypeLine,
)
from rulesref.examples.engine.game import Game
from rulesref.examples.engine.mana import ManaCost
from rulesref.examples.engine.spells import Condition


def card(name, type_line, power=None, toughness=None, *, abilities=(), colors=None, cost=None, token=False):
    if type_line.startswith("Существо"):
        types = TypeLine(types=("Существо",))
    else:
        types = TypeLine.parse(type_line)
    return CardSpec(
        key=name.lower().replace(" ", "-"),
        name=name,
        mana_cost=ManaCost.parse(cost) if cost else None,
        color_indicator=tuple(colors) if colors is not None else None,
        supertypes=types.supertypes,
        types=types.types,
        subtypes=types.subtypes,
        power=power,
        toughness=toughness,
        abilities=tuple(abilities),
        token=token,
    )


def game(rules="mtg", *, turn=3, budget=None):
    g = Game(rules=rules, budget=budget) if budget else Game(rules=rules)
    g.add_player("you", "You")
    g.add_player("opponent", "Opponent")
    g.turn.number = turn
    g.turn.active = "you"
    g.turn.step = "main1" if rules == "mtg" else "main"
    return g


def put(g, object_id, spec, *, zone="battlefield", owner="you", controller=None, earlier=True):
    """Put an object somewhere; on the battlefield it has been there since before this turn."""
    obj = g.create_object(object_id, spec, owner=owner, zone=zone, controller=controller)
    if zone == "battlefield" and earlier:
        obj.control_since = (obj.controller, 0)
    return obj


def static(key, text, **effect):
    affects = effect.pop("affects", Selector("self"))
    return Ability(key=key, text=text, static=EffectSpec(affects=affects, **effect))


def every(**filter_fields):
    return Selector("filter", filter=Filter(**filter_fields))


def ids(*object_ids):
    return Selector("ids", tuple(object_ids))


# "Whenever you have no cards in hand" (a state trigger's condition, 603.8).
EMPTY_HAND = Condition(count=Filter(zone="hand", owner="you"), at_most=0)


def bear(name="Runeclaw Bear"):
    return card(name, "Creature — Bear", "2", "2", cost="{1}{G}")


__all__ = ["AsEnters", "Quantity", "Filter", "EffectSpec", "Ability"]
