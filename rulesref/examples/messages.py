"""The interface's words for what the engine reports by code: checks, zones, layers, turn
steps, events and why an action is illegal. The engine's own texts are English; these are
the same texts, translatable."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

CHECKS = {
    "pt": _("power/toughness"),
    "power": _("power"),
    "toughness": _("toughness"),
    "base_pt": _("base power/toughness"),
    "creature": _("is a creature"),
    "types": _("card types"),
    "subtypes": _("subtypes"),
    "supertypes": _("supertypes"),
    "colors": _("colors"),
    "has": _("has"),
    "lacks": _("lacks"),
    "zone": _("zone"),
    "controller": _("controller"),
    "owner": _("owner"),
    "tapped": _("tapped"),
    "damage": _("damage marked"),
    "counters": _("counters"),
    "mana_value": _("mana value"),
    "layers": _("layers its effects applied in"),
    "order_in_layer": _("order of effects in a layer"),
    "pt_after_layer": _("power/toughness after a layer"),
    "effect_timestamp": _("an effect’s timestamp"),
    "can": _("legal actions"),
    "exists": _("exists"),
    "last_known_counters": _("counters when it last existed on the battlefield"),
    "waiting_effects": _("effects that exist but do nothing to it yet"),
    "life": _("life total"),
    "hand": _("cards in hand"),
    "library": _("cards in library"),
    "graveyard": _("cards in graveyard"),
    "lost": _("has lost the game"),
    "won": _("has won the game"),
    "mana_pool": _("mana pool"),
    "stack": _("the stack (bottom to top)"),
    "waiting_triggers": _("triggered abilities waiting to be put on the stack"),
    "events_include": _("what happened in this step"),
    "legal": _("the action is legal"),
    "reasons": _("why it is illegal"),
}

ZONES = {
    "library": pgettext_lazy("zone", "library"),
    "hand": pgettext_lazy("zone", "hand"),
    "battlefield": pgettext_lazy("zone", "battlefield"),
    "graveyard": pgettext_lazy("zone", "graveyard"),
    "stack": pgettext_lazy("zone", "stack"),
    "exile": pgettext_lazy("zone", "exile"),
    "command": pgettext_lazy("zone", "command"),
}

LAYERS = {
    "printed": _("printed"),
    "1a": _("layer 1a: copiable values"),
    "2": _("layer 2: control"),
    "3": _("layer 3: text"),
    "4": _("layer 4: type"),
    "5": _("layer 5: color"),
    "6": _("layer 6: abilities"),
    "7a": _("layer 7a: characteristic-defining"),
    "7b": _("layer 7b: setting power/toughness"),
    "7c": _("layer 7c: modifying power/toughness"),
    "7d": _("layer 7d: switching"),
}

# Why a layer's result is what it is (the engine's ``Applied.note``).
LAYER_NOTES = {
    "no-chosen-player": _(
        "it is not on the battlefield, so there is no chosen player: a number that can’t be determined is 0 "
        "(rule 208.2a)"
    ),
}

STEPS = {
    "untap": pgettext_lazy("turn step", "untap"),
    "upkeep": pgettext_lazy("turn step", "upkeep"),
    "draw": pgettext_lazy("turn step", "draw"),
    "main1": pgettext_lazy("turn step", "first main phase"),
    "combat": pgettext_lazy("turn step", "combat"),
    "main2": pgettext_lazy("turn step", "second main phase"),
    "end": pgettext_lazy("turn step", "end"),
    "cleanup": pgettext_lazy("turn step", "cleanup"),
    "start": pgettext_lazy("turn step", "start of turn stage"),
    "main": pgettext_lazy("turn step", "main stage"),
}

COLORS = {"W": _("white"), "U": _("blue"), "B": _("black"), "R": _("red"), "G": _("green")}

PLAYERS = {"you": _("You"), "opponent": _("Opponent")}

ACTIONS = {
    "attack": _("attack"),
    "tap": _("tap ability"),
    "shot": _("shot"),
    "defend": _("defend"),
    "parry": _("fight back"),
}

# Translators: each keeps its {placeholders} (names, numbers) as they are.
EVENTS = {
    "moved": _("{name} moved from the {from_zone} to the {to_zone}"),
    "entered": _("{name} entered the battlefield (controller: {player})"),
    "entered-tapped": _("{name} entered the battlefield tapped"),
    "chose": _("As {name} entered, {player} chose {choice}"),
    "created": _("{name} was created (controller: {player})"),
    "drew": _("{player} drew {name}"),
    "drew-empty": _("{player} tried to draw from an empty library"),
    "discarded": _("{player} discarded {name}"),
    "tapped": _("{name} became tapped"),
    "untapped": _("{name} became untapped"),
    "attached": _("{name} became attached to {target} and got a new timestamp"),
    "counters": _("{count} {kind} counter(s) put on {name}"),
    "counters-removed": _("{count} {kind} counter(s) removed from {name}"),
    "effect": _("Effect created: {label}"),
    "effect-ended": _("Effect ended: {label}"),
    "stack": _("Put on the stack: {label}"),
    "trigger-waits": _("Triggered, waiting to be put on the stack: {label}"),
    "resolved": _("Resolved: {label}"),
    "damage": _("{source} dealt {amount} damage to {target}"),
    "damage-replaced": _("{label}: the damage was doubled to {amount}"),
    "life": _("{player}: life total {life}"),
    "sba-toughness": _("{name} was put into its owner’s graveyard: toughness {toughness}"),
    "sba-lethal": _("{name} was destroyed: {damage} damage marked, toughness {toughness}"),
    "sba-counters": _("{count} +1/+1 and {count} -1/-1 counters were removed from {name}"),
    "sba-token": _("{name} ceased to exist"),
    "sba-life": _("{player} would lose the game: life total {life}"),
    "sba-draw": _("{player} would lose the game: drew from an empty library"),
    "lost": _("{player} lost the game"),
    "loss-replaced": _("{label}: the game loss was replaced"),
    "shuffled": _("{player} shuffled {count} card(s) into their library"),
    "cleanup": _("Cleanup step: damage removed and “until end of turn” effects ended"),
    "turn": _("Turn {number} began (active player: {player})"),
    "step": _("The turn moved on: {step}"),
    "control": _("{player} gained control of {name}"),
    "attacked": _("{name} attacked {target}"),
    "used": _("{name} used {ability}"),
    "defended": _("{name} became the defender"),
    "parried": _("{name} fought back against {target}"),
    "resolution-begins": _("A spell or ability began to resolve: {label}"),
    "resolution-ends": _("It finished resolving"),
    "destroyed": _("{name} was destroyed"),
    "cast": _("{player} cast {name}"),
    "activated": _("{player} activated {label}"),
    "paid": _("{player} paid {cost}"),
    "mana": _("{player} added {mana} to their mana pool"),
    "no-mana": _("{label} produced no mana"),
    "cost-changed": _("{label} changed the total cost by {amount}"),
    "sacrificed": _("{name} was sacrificed"),
    "target-illegal": _("{label}: {target} is no longer a legal target"),
    "fizzled": _("{label} did not resolve: all its targets are illegal"),
    "condition-false": _("{label}: its “if” condition is false, so it does nothing"),
    "delayed": _("Delayed triggered ability created: {label}"),
    "countered": _("Countered: {label}"),
    "won": _("{player} won the game"),
    "exchange-failed": _("{label}: the exchange can’t be completed, so nothing is exchanged"),
    "targets-changed": _("{label}: its targets were changed"),
    "no-targets": _("{label}: no legal target, so it is removed"),
    "sacrifice-chosen": _("{player} chose {name} to sacrifice"),
    "regenerated": _("{name} regenerated: instead of being destroyed, its damage was removed and it was tapped"),
    "duration-over": _("{label}: its “for as long as” duration ended before it began, so it does nothing"),
}

ILLEGAL = {
    "not-on-battlefield": _("it is not on the battlefield"),
    "not-a-creature": _("it is not a creature"),
    "not-your-turn": _("it is not its controller’s turn"),
    "wrong-step": _("this can be declared only in the main stage (choice phase) of its controller’s turn"),
    "tapped": _("it is tapped (closed)"),
    "summoning-sick": _(
        "it has not been under its controller’s control since their most recent turn began, and it has no haste"
    ),
    "first-turn-weakness": _("first-turn weakness: it came under its controller’s control this turn and has no Рывок"),
    "once-per-turn": _("it has already done this this turn"),
    "no-ability": _("it has no such ability"),
    "no-target": _("there is no enemy character to attack"),
    "no-enemy-attack": _("no enemy strike is being declared"),
    "own-creature-attacked": _("only the attacked player’s creatures can defend"),
    "not-attacked": _("it is not the creature being struck"),
    "target-twice": _("the same object is chosen twice for one word “target”"),
    "mode-count": _("the number of modes chosen is not allowed"),
    "unpaid": _("the cost can’t be paid with the mana available"),
    "wrong-zone": _("this ability works only in another zone"),
}

PARAMETER_ERRORS = {
    "unknown": _("“%(name)s” is not a parameter of this scenario."),
    "not-a-number": _("%(label)s: “%(value)s” is not a whole number."),
    "out-of-bounds": _("%(label)s: %(value)s is out of bounds (%(min)s–%(max)s)."),
    "not-a-bool": _("%(label)s: “%(value)s” is neither yes nor no."),
    "not-a-choice": _("%(label)s: “%(value)s” is not one of the choices."),
    "invalid": _("%(label)s: the value is not valid."),
}

STOPPED = {
    "budget-operations": _("The run was stopped: it used more operations than its budget allows."),
    "budget-time": _("The run was stopped: it took longer than its time budget allows."),
}


def event_text(event, player_names: dict[str, str]) -> str:
    """An engine event in the interface language (player names translated)."""
    template = EVENTS.get(event.code)
    values = {
        key: player_names.get(value, value) if isinstance(value, str) else value for key, value in event.values.items()
    }
    if "from_zone" in values:
        values["from_zone"] = ZONES.get(values["from_zone"], values["from_zone"])
    if "to_zone" in values:
        values["to_zone"] = ZONES.get(values["to_zone"], values["to_zone"])
    if "step" in values:
        values["step"] = STEPS.get(values["step"], values["step"])
    if "ability" in values:
        values["ability"] = ACTIONS.get(values["ability"], values["ability"])
    if template is None:
        return event.code
    try:
        text = str(template).format(**values)
    except (KeyError, IndexError, ValueError):
        text = str(template)
    if event.rule:
        # Translators: an event followed by the rule that made it happen.
        text = gettext("%(text)s (rule %(rule)s)") % {"text": text, "rule": event.rule}
    return text
