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
    "blocked": "{name} blocked {target}",
    "became-blocked": "{name} became blocked",
    "assignment-order": "Damage assignment order of {name}: {order}",
    "no-blockers": "{name} is blocked, but no creature blocks it any more: it assigns no combat damage",
    "prevented": "{amount} damage from {source} to {target} was prevented (protection)",
    "prevented-by": "{label}: {amount} damage prevented",
    "poison": "{player} got {count} poison counter(s)",
    "life-gained": "{player} gained {amount} life ({source})",
    "life-gain-replaced": "{label}: the life gain was doubled to {amount}",
    "life-floor": "{label}: the damage leaves {player} at 1 life instead",
    "redirected": "{label}: {amount} damage dealt to another recipient instead",
    "redirect-out-of-range": (
        "{label}: {amount} damage would go outside the range of influence, so that part does nothing"
    ),
    "removed-from-combat": "Every creature was removed from combat",
    "left-game": "{player} left the game",
    "left-with-owner": "{name} left the game with its owner, {player}",
    "ceased": "{label} ceased to exist",
    "sba-poison": "{player} would lose the game: {count} poison counters",
    "sba-deathtouch": "{name} was destroyed: dealt damage by a source with deathtouch",
    "sba-loyalty": "{name} was put into its owner’s graveyard: no loyalty counters",
    "sba-aura": "{name} was put into its owner’s graveyard: it is an Aura attached to nothing",
    "sba-equipment": "{name} became unattached: it is attached to a permanent that is not a creature",
    "sba-legend": "Legend rule: {count} {name} put into the graveyard",
    "copied": "{name} became a copy of {copied}",
    "transformed": "{name} transformed",
    "transform-nothing": "{name} did not transform: it is not a transforming double-faced card or token",
    "flipped": "{name} flipped",
    "flip-nothing": "{name} did not flip: it is not a flip card",
    "turned-face-up": "{name} was turned face up",
    "sticker": "A name sticker was put on it: its name is now {name}",
    "cant-enter": "{name} can’t enter the battlefield and is put into its owner’s graveyard",
}


def event_text(event: Event) -> str:
    template = EVENT_TEXT.get(event.code, event.code)
    try:
        text = template.format(**event.values)
    except (KeyError, IndexError):
        text = template
    return f"{text} (rule {event.rule})" if event.rule else text
