"""Which player actions are legal now, and why not.

Magic: declaring an attacker (rule 508.1a) and activating a {T} ability need a creature
that has been under its controller's control continuously since their most recent turn
began, unless it has haste (rule 302.6).

Берсерк, the additional properties of creatures in the bundled fragment (rules 107.2–107.5;
Heroes ed. 15: 108.2–108.5): a strike attack ("1 раз за ход: если открыт, атаковать ударом
персонажа противника, закрыться") only in the Main stage of its controller's turn; defender
assignment ("1 раз за ход противника: если открыт, выступить защитником от простого удара;
закрыться") after an enemy strike is declared, the defender then taking the strike; strike
parry ("если они открыты, сражаться ударами с атакующими их существами") by the open creature
being struck; and first-turn weakness: a creature that came under a player's control this turn
can neither strike nor use its activated abilities, unless it has Рывок. Weakness does not stop
it defending (Heroes 108.5 says so outright). Strike damage itself is not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import IllegalAction
from .game import Game

RUSH = "Рывок"

REASON_TEXT = {
    "not-on-battlefield": "it is not on the battlefield",
    "not-a-creature": "it is not a creature",
    "not-your-turn": "it is not its controller’s turn",
    "wrong-step": "this can be declared only in the main stage (choice phase) of its controller’s turn",
    "tapped": "it is tapped (closed)",
    "summoning-sick": (
        "it has not been under its controller’s control since their most recent turn began, and it has no haste"
    ),
    "first-turn-weakness": "first-turn weakness: it came under its controller’s control this turn and has no Рывок",
    "once-per-turn": "it has already done this this turn",
    "no-ability": "it has no such ability",
    "no-target": "there is no enemy character to attack",
    "no-enemy-attack": "no enemy strike is being declared",
    "own-creature-attacked": "only the attacked player’s creatures can defend",
    "not-attacked": "it is not the creature being struck",
    "defender": "it has defender",
    "not-face-down": "it is not face down",
    "no-morph": "its face-up characteristics have no morph cost to pay",
    "target-twice": "the same object is chosen twice for one word “target”",
    "mode-count": "the number of modes chosen is not allowed",
    "unpaid": "the cost can’t be paid with the mana available",
    "wrong-zone": "this ability works only in another zone",
}

ACTIONS = {"mtg": ("attack", "tap", "turn_face_up"), "berserk": ("attack", "shot", "defend", "parry")}


@dataclass
class Verdict:
    action: str
    legal: bool
    reasons: list[tuple[str, str]] = field(default_factory=list)  # (code, rule)

    @property
    def reason_codes(self) -> list[str]:
        return [code for code, _ in self.reasons]

    def text(self) -> str:
        if self.legal:
            return "legal"
        parts = [
            f"{REASON_TEXT.get(code, code)} ({rule})" if rule else REASON_TEXT.get(code, code)
            for code, rule in self.reasons
        ]
        return "illegal: " + "; ".join(parts)


def check(game: Game, action: str, object_id: str) -> Verdict:
    if action not in ACTIONS[game.rules]:
        known = ", ".join(ACTIONS[game.rules])
        raise IllegalAction(f"unknown action {action!r} for {game.rules}; actions: {known}", code="unknown-action")
    obj = game.get(object_id)
    verdict = Verdict(action, True)

    def refuse(code: str, rule: str = "") -> None:
        verdict.legal = False
        verdict.reasons.append((code, rule))

    if obj.zone != "battlefield":
        refuse("not-on-battlefield")
        return verdict
    if action == "turn_face_up":  # a special action (702.37e): engine/copies.py
        for code, rule in game.face_up_reasons(object_id):
            refuse(code, rule)
        return verdict
    computed = game.computed(object_id)
    controller = computed.controller
    if game.rules == "mtg":
        check_mtg(game, action, obj, computed, controller, refuse)
    else:
        check_berserk(game, action, obj, computed, controller, refuse)
    return verdict


def check_mtg(game, action, obj, computed, controller, refuse) -> None:
    if not computed.is_creature:
        refuse("not-a-creature", "302.6")
        return
    if action == "attack" and controller != game.turn.active:
        refuse("not-your-turn", "508.1a")
    if obj.tapped:
        refuse("tapped", "508.1a" if action == "attack" else "602.5a")
    since = obj.control_since
    continuous = since is not None and since[0] == controller and since[1] < game.turn.number
    if not continuous and not computed.has_keyword("haste"):
        refuse("summoning-sick", "302.6")
    if action == "attack" and computed.has_keyword("defender"):
        refuse("defender", "702.3b")  # as a declaration of attackers checks it (combat.py)


def check_berserk(game, action, obj, computed, controller, refuse) -> None:
    weakness_rule = "107.5"
    if action in ("attack", "shot"):
        if controller != game.turn.active:
            refuse("not-your-turn", "107.2")
        elif game.turn.step != "main":
            refuse("wrong-step", "107.2")
        if action == "shot" and not any(a.activated == "shot" for a in computed.abilities_with("activated")):
            refuse("no-ability")
            return
        tap_cost = action == "attack" or any(
            a.tap_cost for a in computed.abilities_with("activated") if a.activated == action
        )
        if tap_cost and obj.tapped:
            refuse("tapped", "107.2")
        if action in obj.used_this_turn:
            refuse("once-per-turn", "107.2")
        if action == "attack" and not enemy_characters(game, controller):
            refuse("no-target", "107.2")
        since = obj.control_since
        if since is not None and since == (controller, game.turn.number) and not computed.has_keyword(RUSH):
            refuse("first-turn-weakness", weakness_rule)
    elif action == "defend":
        if game.attack is None:
            refuse("no-enemy-attack", "107.3")
            return
        attacker, _ = game.attack
        if controller == game.controller_of(attacker):
            refuse("own-creature-attacked", "107.3")
        if obj.tapped:
            refuse("tapped", "107.3")
        if "defend" in obj.used_this_turn:
            refuse("once-per-turn", "107.3")
    elif action == "parry":
        # 107.4: an open creature fights back against the creature striking it.
        if game.attack is None or game.attack[1] != obj.id:
            refuse("not-attacked", "107.4")
        if obj.tapped:
            refuse("tapped", "107.4")


def enemy_characters(game: Game, player: str) -> list[str]:
    view = game.view()
    return [
        obj.id
        for obj in game.in_zone("battlefield")
        if view[obj.id].controller not in (player, None) and "Существо" in view[obj.id].types
    ]


def perform(game: Game, action: str, object_id: str, *, target: str | None = None) -> Verdict:
    """Take the action if it is legal; an illegal one raises :class:`IllegalAction`."""
    verdict = check(game, action, object_id)
    if not verdict.legal:
        raise IllegalAction(f"{game.name(object_id)}: {action} is {verdict.text()}", code="illegal-" + action)
    obj = game.get(object_id)
    if action == "turn_face_up":
        game.turn_face_up(object_id)
    elif game.rules == "berserk":
        if action == "attack":
            targets = enemy_characters(game, game.controller_of(object_id))
            target = target or targets[0]
            if target not in targets:
                raise IllegalAction(f"{game.name(target)} is not an enemy character", code="bad-target", rule="107.2")
            game.tap(object_id)
            game.attack = (object_id, target)
            game.emit("attacked", rule="107.2", rules_of="berserk", name=obj.name, target=game.name(target))
        elif action == "shot":
            if any(a.tap_cost for a in game.computed(object_id).abilities_with("activated") if a.activated == "shot"):
                game.tap(object_id)
            game.emit("used", rule="107.5", rules_of="berserk", name=obj.name, ability=action)
        elif action == "defend":
            game.tap(object_id)
            attacker, _ = game.attack
            game.attack = (attacker, object_id)  # the defender takes the strike
            game.emit("defended", rule="107.3", rules_of="berserk", name=obj.name)
        elif action == "parry":
            attacker, _ = game.attack
            game.emit("parried", rule="107.4", rules_of="berserk", name=obj.name, target=game.name(attacker))
        obj.used_this_turn.add(action)
    else:
        game.tap(object_id)
        if action == "attack":
            game.emit(
                "attacked",
                rule="508.1",
                name=obj.name,
                target=game.player_name(game.opponents_of(game.controller_of(object_id))[0]),
            )
        else:
            game.emit("used", rule="602.2", name=obj.name, ability="{T}")
    game.changed()
    return verdict
