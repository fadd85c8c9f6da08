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
    "attacking": _("what it attacks"),
    "blocking": _("the creatures it blocks"),
    "blocked": _("is blocked"),
    "assignment_order": _("damage assignment order"),
    "legal_assignments": _("the legal assignments of its combat damage"),
    "poison": _("poison counters"),
    "in_game": _("is in the game"),
    "in_range": _("the players within their range of influence"),
    "choosable": _("what they may choose for another player’s spell or ability"),
    "turn_order": _("the players in the game, in turn order"),
    "event_count": _("how many times each thing happened in this step"),
    "legal": _("the action is legal"),
    "reasons": _("why it is illegal"),
    "name": _("name"),
    "texts": _("rules text"),
    "face_down": _("is face down"),
    "transformed": _("has its back face up"),
    "every_creature_type": _("has every creature type"),
    "mana_cost": _("mana cost"),
    "restrictions": _("effects on the game’s rules that apply to it"),
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
    "1b": _("layer 1b: face down"),
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
    "beginning_of_combat": pgettext_lazy("turn step", "beginning of combat"),
    "declare_attackers": pgettext_lazy("turn step", "declare attackers"),
    "declare_blockers": pgettext_lazy("turn step", "declare blockers"),
    "first_strike_damage": pgettext_lazy("turn step", "first-strike combat damage"),
    "combat_damage": pgettext_lazy("turn step", "combat damage"),
    "end_of_combat": pgettext_lazy("turn step", "end of combat"),
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
    "turn_face_up": _("turn face up"),
}

# Effects on the game's rules (rule 613.11), by the engine's code.
RESTRICTIONS = {
    "cant_be_blocked": _("can’t be blocked"),
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
    "replacement-chosen": _("{player} chose which of {count} replacement effects applies first: {label}"),
    "amount-replaced": _("{label}: it becomes {amount} instead"),
    "event-replaced": _("{label}: that does not happen; what the ability says happens instead"),
    "zone-replaced": _("{label}: {name} is put into the {to_zone} instead"),
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
    "blocked": _("{name} blocked {target}"),
    "became-blocked": _("{name} became blocked"),
    "assignment-order": _("Damage assignment order of {name}: {order}"),
    "no-blockers": _("{name} is blocked, but no creature blocks it any more: it assigns no combat damage"),
    "prevented": _("{amount} damage from {source} to {target} was prevented (protection)"),
    "prevented-by": _("{label}: {amount} damage prevented"),
    "poison": _("{player} got {count} poison counter(s)"),
    "life-gained": _("{player} gained {amount} life ({source})"),
    "life-gain-replaced": _("{label}: the life gain was doubled to {amount}"),
    "life-floor": _("{label}: the damage leaves {player} at 1 life instead"),
    "redirected": _("{label}: {amount} damage dealt to another recipient instead"),
    "redirect-out-of-range": _(
        "{label}: {amount} damage would go outside the range of influence, so that part does nothing"
    ),
    "removed-from-combat": _("Every creature was removed from combat"),
    "left-combat": _("{name} was removed from combat"),
    "left-game": _("{player} left the game"),
    "left-with-owner": _("{name} left the game with its owner, {player}"),
    "ceased": _("{label} ceased to exist"),
    "sba-poison": _("{player} would lose the game: {count} poison counters"),
    "sba-deathtouch": _("{name} was destroyed: dealt damage by a source with deathtouch"),
    "sba-loyalty": _("{name} was put into its owner’s graveyard: no loyalty counters"),
    "sba-aura": _("{name} was put into its owner’s graveyard: it is an Aura attached to nothing"),
    "sba-equipment": _("{name} became unattached: it is attached to a permanent that is not a creature"),
    "sba-legend": _("Legend rule: {count} {name} put into the graveyard"),
    "copied": _("{name} became a copy of {copied}"),
    "transformed": _("{name} transformed"),
    "transform-nothing": _("{name} did not transform: it is not a transforming double-faced card or token"),
    "flipped": _("{name} flipped"),
    "flip-nothing": _("{name} did not flip: it is not a flip card"),
    "turned-face-up": _("{name} was turned face up"),
    "sticker": _("A name sticker was put on it: its name is now {name}"),
    "cant-enter": _("{name} can’t enter the battlefield and is put into its owner’s graveyard"),
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
    "defender": _("it has defender"),
    "cant-attack": _("it can’t attack"),
    "cant-attack-alone": _("it can’t attack alone"),
    "one-attacker": _("no more than one creature can attack"),
    "bad-defender": _("it can attack only an opponent or a planeswalker an opponent controls"),
    "requirement": _("it obeys fewer requirements (“… if able”) than a declaration could"),
    "not-attacking": _("that creature is not attacking"),
    "not-defending": _("its controller is not the player that creature attacks"),
    "cant-block": _("it can’t block"),
    "cant-be-blocked": _("that creature can’t be blocked"),
    "flying": _("that creature has flying; this one has neither flying nor reach"),
    "shadow": _("only creatures with shadow block creatures with shadow, and only those"),
    "landwalk": _("landwalk: the defending player controls a land of that type"),
    "protection": _("that creature has protection from this creature’s color"),
    "block-limit": _("it blocks more creatures than it can"),
    "menace": _("menace: that creature can’t be blocked except by two or more creatures"),
    "one-blocker": _("no more than one creature can block"),
    "no-attackers": _("no creature is attacking"),
    "assignment-total": _("it must assign combat damage equal to its power"),
    "assignment-target": _("it can’t assign combat damage to that player or object"),
    "assignment-order": _(
        "each creature before it in the damage assignment order must first be assigned lethal damage"
    ),
    "not-dealing": _("that creature deals no combat damage in this step"),
    "band": _("a band is creatures attacking the same player, all but one of them with banding"),
    "not-face-down": _("it is not face down"),
    "no-morph": _("its face-up characteristics have no morph cost to pay"),
    "target-twice": _("the same object is chosen twice for one word “target”"),
    "mode-count": _("the number of modes chosen is not allowed"),
    "unpaid": _("the cost can’t be paid with the mana available"),
    "sorcery-timing": _(
        "only an instant or a spell with flash can be cast now: "
        "others need their caster’s main phase and an empty stack"
    ),
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
