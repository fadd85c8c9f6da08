"""What the engine reports, by code. The English texts here are the source; the web layer and
``run_example`` translate the same codes (rulesref/examples/messages.py) and name the players, so
no text here says "You’s": a player's name is never put in a possessive."""

from __future__ import annotations

from .state import Event

EVENT_TEXT = {
    "moved": "{name} moved from the {from_zone} to the {to_zone}",
    "entered": "{name} entered the battlefield (controller: {player})",
    "entered-tapped": "{name} entered the battlefield tapped",
    "chose": "As {name} entered, {player} chose {choice}",
    "created": "{name} was created (controller: {player})",
    "drew": "{player} drew {name}",
    "drew-empty": "{player} tried to draw from an empty library",
    "discarded": "{player} discarded {name}",
    "tapped": "{name} became tapped",
    "untapped": "{name} became untapped",
    "attached": "{name} became attached to {target} and got a new timestamp",
    "counters": "{count} {kind} counter(s) put on {name}",
    "counters-removed": "{count} {kind} counter(s) removed from {name}",
    "effect": "Effect created: {label}",
    "effect-ended": "Effect ended: {label}",
    "stack": "Put on the stack: {label}",
    "trigger-waits": "Triggered, waiting to be put on the stack: {label}",
    "resolved": "Resolved: {label}",
    "damage": "{source} dealt {amount} damage to {target}",
    "damage-replaced": "{label}: the damage was doubled to {amount}",
    "life": "{player}: life total {life}",
    "sba-toughness": "{name} was put into its owner’s graveyard: toughness {toughness}",
    "sba-lethal": "{name} was destroyed: {damage} damage marked, toughness {toughness}",
    "sba-counters": "{count} +1/+1 and {count} -1/-1 counters were removed from {name}",
    "sba-token": "{name} ceased to exist",
    "sba-life": "{player} would lose the game: life total {life}",
    "sba-draw": "{player} would lose the game: drew from an empty library",
    "lost": "{player} lost the game",
    "loss-replaced": "{label}: the game loss was replaced",
    "shuffled": "{player} shuffled {count} card(s) into their library",
    "cleanup": "Cleanup step: damage removed and “until end of turn” effects ended",
    "turn": "Turn {number} began (active player: {player})",
    "step": "The turn moved on: {step}",
    "control": "{player} gained control of {name}",
    "attacked": "{name} attacked {target}",
    "used": "{name} used {ability}",
    "defended": "{name} became the defender",
    "parried": "{name} fought back against {target}",
    "resolution-begins": "A spell or ability began to resolve: {label}",
    "resolution-ends": "It finished resolving",
    "destroyed": "{name} was destroyed",
    "cast": "{player} cast {name}",
    "activated": "{player} activated {label}",
    "paid": "{player} paid {cost}",
    "mana": "{player} added {mana} to their mana pool",
    "no-mana": "{label} produced no mana",
    "cost-changed": "{label} changed the total cost by {amount}",
    "sacrificed": "{name} was sacrificed",
    "target-illegal": "{label}: {target} is no longer a legal target",
    "fizzled": "{label} did not resolve: all its targets are illegal",
    "condition-false": "{label}: its “if” condition is false, so it does nothing",
    "delayed": "Delayed triggered ability created: {label}",
    "countered": "Countered: {label}",
    "won": "{player} won the game",
    "exchange-failed": "{label}: the exchange can’t be completed, so nothing is exchanged",
    "targets-changed": "{label}: its targets were changed",
    "no-targets": "{label}: no legal target, so it is removed",
    "sacrifice-chosen": "{player} chose {name} to sacrifice",
    "regenerated": "{name} regenerated: instead of being destroyed, its damage was removed and it was tapped",
    "duration-over": "{label}: its “for as long as” duration ended before it began, so it does nothing",
}


def event_text(event: Event) -> str:
    template = EVENT_TEXT.get(event.code, event.code)
    try:
        text = template.format(**event.values)
    except (KeyError, IndexError):
        text = template
    return f"{text} (rule {event.rule})" if event.rule else text
