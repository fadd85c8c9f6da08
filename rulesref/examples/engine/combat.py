"""Part of :class:`~.game.Game`: combat (rules 506–511).

Declaring attackers (508.1) and blockers (509.1) is checked as a whole declaration: each creature's
own limits (untapped, its controller's, summoning sickness 302.6, defender 702.3b), the restrictions
(508.1c, 509.1b: "can't attack alone", "no more than one creature can attack", flying 702.9b, reach
702.17b, shadow 702.28b, landwalk 702.14c, protection 702.16b, menace 702.111b) and the requirements
(508.1d, 509.1c): a declaration must obey as many requirements as any declaration that breaks no
restriction could, found by trying every one (the examples have a handful of creatures).

Then the damage assignment order (509.2, 509.3, 509.7), and the combat damage steps (510): a first
one when an attacking or blocking creature has first strike or double strike (510.4), lethal damage
taking into account damage already marked and the damage other creatures assign in the same step,
deathtouch making any damage lethal (510.1c-d, 702.2c), trample and trample over planeswalkers
(702.19b-c). The damage is dealt at once (510.2): protection prevents it (702.16e), wither and infect
turn it into -1/-1 counters or poison counters (702.80, 702.90), damage to a planeswalker removes
loyalty counters (120.3c), lifelink gains life, one event per source (702.15b, 702.15e). Every combat
damage event is kept in :attr:`CombatState.damage_log` for abilities that trigger on it.

This module imports no other part of the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

from . import switches
from .errors import IllegalAction

# Keywords by the rules' own words; landwalk and protection carry a value ("snow forestwalk",
# "protection from green").
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")

# What an ability's ``combat`` field may say (rules 508.1c-d, 509.1a-c).
COMBAT_RULES = {
    "cant_attack": "508.1c",
    "cant_attack_alone": "508.1c",
    "attacks_if_able": "508.1d",
    "cant_block": "509.1b",
    "blocks_if_able": "509.1c",
    "block_additional": "509.1a",
    "cant_be_blocked": "509.1b",
    "one_attacker": "508.1c",  # "No more than one creature can attack each combat"
    "one_blocker": "509.1b",  # "No more than one creature can block each combat"
}
# Why a declaration or an assignment is illegal, by code (the interface's words: messages.ILLEGAL).
REASON_TEXT = {
    "defender": "it has defender",
    "cant-attack": "it can’t attack",
    "cant-attack-alone": "it can’t attack alone",
    "one-attacker": "no more than one creature can attack",
    "bad-defender": "it can attack only an opponent or a planeswalker an opponent controls",
    "requirement": "it obeys fewer requirements (“… if able”) than a declaration could",
    "not-attacking": "that creature is not attacking",
    "not-defending": "its controller is not the player that creature attacks",
    "cant-block": "it can’t block",
    "cant-be-blocked": "that creature can’t be blocked",
    "flying": "that creature has flying; this one has neither flying nor reach",
    "shadow": "only creatures with shadow block creatures with shadow, and only those",
    "landwalk": "landwalk: the defending player controls a land of that type",
    "protection": "that creature has protection from this creature’s color",
    "block-limit": "it blocks more creatures than it can",
    "menace": "menace: that creature can’t be blocked except by two or more creatures",
    "one-blocker": "no more than one creature can block",
    "no-attackers": "no creature is attacking",
    "assignment-total": "it must assign combat damage equal to its power",
    "assignment-target": "it can’t assign combat damage to that player or object",
    "assignment-order": "each creature before it in the damage assignment order must first be assigned lethal damage",
    "not-dealing": "that creature deals no combat damage in this step",
    "band": "a band is creatures attacking the same player, all but one of them with banding",
    "not-on-battlefield": "it is not on the battlefield",
    "not-a-creature": "it is not a creature",
    "not-your-turn": "it is not its controller’s turn",
    "tapped": "it is tapped",
    "summoning-sick": (
        "it has not been under its controller’s control since their most recent turn began, and it has no haste"
    ),
}
# The most declarations tried to find the most requirements any legal one obeys.
MAX_TRIES = 4096


@dataclass
class Declaration:
    """Whether a declaration (or an assignment of combat damage) is legal, and why not."""

    action: str
    legal: bool = True
    reasons: list[tuple[str, str]] = field(default_factory=list)  # (code, rule)

    @property
    def reason_codes(self) -> list[str]:
        return list(dict.fromkeys(code for code, _ in self.reasons))

    def refuse(self, code: str, rule: str) -> None:
        self.legal = False
        if (code, rule) not in self.reasons:
            self.reasons.append((code, rule))

    def text(self) -> str:
        if self.legal:
            return "legal"
        return "illegal: " + "; ".join(f"{REASON_TEXT.get(code, code)} ({rule})" for code, rule in self.reasons)


@dataclass
class Shield:
    """A prevention effect from a resolved spell or ability (rule 615): "prevent the next N damage that
    would be dealt to [target] this turn" (``amount`` N, ``target``), or "prevent all [combat] damage
    that would be dealt this turn" (no target, no amount)."""

    label: str
    controller: str
    target: str | None = None
    amount: int | None = None  # None: all
    combat_only: bool = False
    # "The next time [source] would deal damage this turn, prevent that damage": one damage event.
    source: str | None = None
    gain: bool = False  # "You gain life equal to the damage prevented this way"
    spent: bool = False
    # "… is dealt to [another target] instead" (a redirection, 615.1 / 614.1a), for the same amount.
    redirect_to: str | None = None


@dataclass
class CombatState:
    """Who attacks what, who blocks whom, and the damage assignment orders (rule 506.4: a creature
    that leaves the battlefield or changes controller is removed from combat)."""

    attackers: dict[str, str] = field(default_factory=dict)  # attacker → player or planeswalker it attacks
    blockers: dict[str, list[str]] = field(default_factory=dict)  # blocker → the attackers it blocks
    order: dict[str, list[str]] = field(default_factory=dict)  # attacker (or blocker) → its order (509.2-3)
    blocked: set[str] = field(default_factory=set)  # attackers that became blocked (509.1h)
    bands: list[list[str]] = field(default_factory=list)  # attacking bands (702.22)
    since: dict[str, tuple[int, str]] = field(default_factory=dict)  # object → (incarnation, controller)
    damage_steps: int = 0
    had_first_strike: set[str] | None = None  # creatures with first or double strike as the first step began
    damage_log: list[dict] = field(default_factory=list)


def keyword_values(computed, suffix: str) -> list[str]:
    return [
        inst.ability.keyword[: -len(suffix)].strip()
        for inst in computed.abilities
        if inst.ability.keyword.endswith(suffix)
    ]


def protections(computed) -> set[str]:
    """The colors a permanent has protection from (702.16a)."""
    found = set()
    for inst in computed.abilities:
        word = inst.ability.keyword
        if word.startswith("protection from "):
            found.add(COLOR_WORDS.get(word[len("protection from ") :].strip(), word))
    return found


def combat_rules(computed) -> set[str]:
    return {inst.ability.combat for inst in computed.abilities if inst.ability.combat}


class Combat:
    """Mixed into Game: ``self`` is the game."""

    # -- who is in combat -----------------------------------------------------------------

    def combat_state(self) -> CombatState:
        if self.combat is None:
            self.combat = CombatState()
        return self.combat

    def in_combat(self, object_id: str) -> bool:
        combat = self.combat
        if combat is None or object_id not in combat.since or object_id not in self.objects:
            return False
        obj = self.objects[object_id]
        incarnation, controller = combat.since[object_id]
        return obj.zone == "battlefield" and obj.incarnation == incarnation and self.controller_of(obj.id) == controller

    def attacking(self) -> dict[str, str]:
        combat = self.combat
        return {a: d for a, d in combat.attackers.items() if self.in_combat(a)} if combat else {}

    def blocking(self) -> dict[str, list[str]]:
        combat = self.combat
        if combat is None:
            return {}
        attacking = self.attacking()
        return {
            b: [a for a in attackers if a in attacking] for b, attackers in combat.blockers.items() if self.in_combat(b)
        }

    def blockers_of(self, attacker: str) -> list[str]:
        """The creatures blocking an attacker now, in its damage assignment order."""
        blocking = self.blocking()
        order = (self.combat.order.get(attacker) if self.combat else None) or []
        return [b for b in order if attacker in blocking.get(b, [])]

    def defending_player(self, attacked: str) -> str:
        return attacked if attacked in self.players else self.controller_of(attacked)

    def remove_from_combat(self) -> None:
        """Rule 511.3: as the end of combat step ends."""
        if self.combat is not None:
            self.combat = None
            self.changed()

    def remove_one_from_combat(self, object_id: str, *, rule: str) -> None:
        """Rule 506.4: it stops being an attacking, blocking, blocked or unblocked creature; a creature it
        blocked stays blocked (509.1h)."""
        if self.in_combat(object_id):
            del self.combat.since[object_id]
            self.emit("left-combat", rule=rule, name=self.name(object_id))
            self.changed()

    # -- declaring attackers (508.1) -------------------------------------------------------

    def can_attack_alone(self, object_id: str, declaration: Declaration) -> None:
        """A creature's own limits as an attacker (508.1a, 302.6, 702.3b)."""
        obj = self.get(object_id)
        if obj.zone != "battlefield":
            declaration.refuse("not-on-battlefield", "508.1a")
            return
        computed = self.computed(object_id)
        if not computed.is_creature:
            declaration.refuse("not-a-creature", "508.1a")
            return
        if computed.controller != self.turn.active:
            declaration.refuse("not-your-turn", "508.1a")
        if obj.tapped:
            declaration.refuse("tapped", "508.1a")
        since = obj.control_since
        continuous = since is not None and since[0] == computed.controller and since[1] < self.turn.number
        if not continuous and not computed.has_keyword("haste"):
            declaration.refuse("summoning-sick", "302.6")
        if computed.has_keyword("defender"):
            declaration.refuse("defender", "702.3b")
        if "cant_attack" in combat_rules(computed):
            declaration.refuse("cant-attack", "508.1c")

    def attack_restrictions(self, attackers: dict[str, str], declaration: Declaration) -> None:
        """Restrictions on the declaration as a whole (508.1c)."""
        for attacker in attackers:
            if "cant_attack_alone" in combat_rules(self.computed(attacker)) and len(attackers) == 1:
                declaration.refuse("cant-attack-alone", "508.1c")
        for obj in self.in_zone("battlefield"):
            if "one_attacker" in combat_rules(self.computed(obj.id)) and len(attackers) > 1:
                declaration.refuse("one-attacker", "508.1c")

    def check_attackers(self, attackers: dict[str, str]) -> Declaration:
        declaration = Declaration("declare_attackers")
        if self.rules != "mtg":
            raise IllegalAction("combat is declared in Magic only", code="not-magic")
        active = self.turn.active
        for attacker, attacked in attackers.items():
            self.can_attack_alone(attacker, declaration)
            if attacked in self.players:
                if attacked == active or self.players[attacked].left:
                    declaration.refuse("bad-defender", "508.1b")
            elif attacked not in self.objects or not self.is_planeswalker(attacked):
                declaration.refuse("bad-defender", "508.1b")
            elif self.controller_of(attacked) == active:
                declaration.refuse("bad-defender", "508.1b")
        self.attack_restrictions(attackers, declaration)
        # Rule 508.1d: a declaration may break a restriction and fall short of the requirements at once.
        self.check_requirements(declaration, self.attack_requirements(attackers), self.best_attack())
        return declaration

    def is_planeswalker(self, object_id: str) -> bool:
        obj = self.get(object_id)
        return obj.zone == "battlefield" and "Planeswalker" in self.computed(object_id).types

    def attack_requirements(self, attackers) -> int:
        """Requirements obeyed (508.1d): each "attacks if able" creature that attacks."""
        return sum(1 for a in attackers if "attacks_if_able" in combat_rules(self.computed(a)))

    def best_attack(self) -> int:
        """The most requirements a declaration that breaks no restriction could obey."""
        active = self.turn.active
        able = []
        for obj in self.in_zone("battlefield"):
            probe = Declaration("probe")
            if self.computed(obj.id).is_creature and self.computed(obj.id).controller == active:
                self.can_attack_alone(obj.id, probe)
                if probe.legal:
                    able.append(obj.id)
        opponent = next((p for p in self.opponents_of(active) if not self.players[p].left), None)
        best = 0
        for choice in product((False, True), repeat=min(len(able), 12)):
            self.budget.tick()
            chosen = {a: opponent for a, on in zip(able, choice, strict=False) if on}
            probe = Declaration("probe")
            self.attack_restrictions(chosen, probe)
            if probe.legal:
                best = max(best, self.attack_requirements(chosen))
        return best

    def check_requirements(self, declaration: Declaration, obeyed: int, best: int) -> None:
        if obeyed < best:
            rule = "508.1d" if declaration.action == "declare_attackers" else "509.1c"
            declaration.refuse("requirement", rule)

    def check_bands(self, attackers: dict[str, str], bands: list[list[str]], declaration: Declaration) -> None:
        """Rule 702.22c: a band is attacking creatures that attack the same player or planeswalker, all
        but at most one of them with banding; a creature is in one band at most."""
        seen: set[str] = set()
        for band in bands:
            without = [a for a in band if not self.computed(a).has_keyword("banding")]
            same = len({attackers.get(a) for a in band}) == 1 and all(a in attackers for a in band)
            if len(band) < 2 or len(without) > 1 or not same or seen & set(band):
                declaration.refuse("band", "702.22c")
            seen |= set(band)

    def declare_attackers(self, attackers: dict[str, str], bands: list[list[str]] | None = None) -> Declaration:
        """Rule 508.1: an illegal declaration changes nothing (the verdict says why)."""
        declaration = self.check_attackers(attackers)
        self.check_bands(attackers, bands or [], declaration)
        if not declaration.legal:
            return declaration
        self.turn.step = "declare_attackers"
        self.emit("step", step="declare_attackers")
        combat = self.combat_state()
        combat.bands = [list(band) for band in bands or []]
        for attacker, attacked in attackers.items():
            obj = self.get(attacker)
            combat.attackers[attacker] = attacked
            combat.since[attacker] = (obj.incarnation, self.controller_of(attacker))
            if not self.computed(attacker).has_keyword("vigilance"):
                self.tap(attacker)  # rule 508.1f
            target = self.player_name(attacked) if attacked in self.players else self.name(attacked)
            self.emit("attacked", rule="508.1", name=obj.name, target=target)
        self.changed()
        return declaration

    # -- declaring blockers (509.1) --------------------------------------------------------

    def can_block(self, blocker: str, attacker: str, declaration: Declaration) -> None:
        """Whether this creature may block that attacker, by the restrictions on the two of them."""
        obj = self.get(blocker)
        if obj.zone != "battlefield" or not self.computed(blocker).is_creature:
            declaration.refuse("not-a-creature", "509.1a")
            return
        computed = self.computed(blocker)
        attacked = self.attacking().get(attacker)
        if attacked is None:
            declaration.refuse("not-attacking", "509.1a")
            return
        if computed.controller != self.defending_player(attacked):
            declaration.refuse("not-defending", "509.1a")
        if obj.tapped:
            declaration.refuse("tapped", "509.1a")
        own = combat_rules(computed)
        if "cant_block" in own:
            declaration.refuse("cant-block", "509.1b")
        theirs = self.computed(attacker)
        if "cant_be_blocked" in combat_rules(theirs):
            declaration.refuse("cant-be-blocked", "509.1b")
        if theirs.has_keyword("flying") and not (computed.has_keyword("flying") or computed.has_keyword("reach")):
            declaration.refuse("flying", "702.9b")
        if theirs.has_keyword("shadow") != computed.has_keyword("shadow"):
            declaration.refuse("shadow", "702.28b")
        defender = self.defending_player(attacked)
        for walk in keyword_values(theirs, "walk"):
            if self.controls_land(defender, walk):
                declaration.refuse("landwalk", "702.14c")
        if protections(theirs) & set(computed.colors):
            declaration.refuse("protection", "702.16b")

    def controls_land(self, player: str, walk: str) -> bool:
        """Landwalk (702.14a): "snow forestwalk" needs a snow Forest."""
        words = walk.split()
        subtype = words[-1].capitalize()
        supertypes = [w.capitalize() for w in words[:-1]]
        for obj in self.in_zone("battlefield"):
            computed = self.computed(obj.id)
            if computed.controller != player or "Land" not in computed.types:
                continue
            if subtype in computed.subtypes and all(s in computed.supertypes for s in supertypes):
                return True
        return False

    def block_restrictions(self, blocks: dict[str, list[str]], declaration: Declaration) -> None:
        """Restrictions on the declaration as a whole (509.1b): menace, how many each may block."""
        for blocker, attackers in blocks.items():
            allowed = 1 + sum(
                1 for inst in self.computed(blocker).abilities if inst.ability.combat == "block_additional"
            )
            if len(attackers) > allowed:
                declaration.refuse("block-limit", "509.1a")
            if len(set(attackers)) != len(attackers):
                declaration.refuse("block-limit", "509.1a")
        for attacker in self.attacking():
            count = sum(1 for attackers in blocks.values() if attacker in attackers)
            if count == 1 and self.computed(attacker).has_keyword("menace"):
                declaration.refuse("menace", "702.111b")
        for obj in self.in_zone("battlefield"):
            if "one_blocker" in combat_rules(self.computed(obj.id)) and len(blocks) > 1:
                declaration.refuse("one-blocker", "509.1b")

    def block_requirements(self, blocks) -> int:
        return sum(1 for b in blocks if "blocks_if_able" in combat_rules(self.computed(b)))

    def best_block(self) -> int:
        attacking = self.attacking()
        defenders = {self.defending_player(attacked) for attacked in attacking.values()}
        options = []
        for obj in self.in_zone("battlefield"):
            computed = self.computed(obj.id)
            if not computed.is_creature or computed.controller not in defenders:
                continue
            possible = [None]
            for attacker in attacking:
                probe = Declaration("probe")
                self.can_block(obj.id, attacker, probe)
                if probe.legal:
                    possible.append(attacker)
            options.append((obj.id, possible))
        best = 0
        tries = 0
        for choice in product(*(possible for _, possible in options)):
            tries += 1
            if tries > MAX_TRIES:
                break
            self.budget.tick()
            chosen = {blocker: [a] for (blocker, _), a in zip(options, choice, strict=True) if a is not None}
            probe = Declaration("probe")
            self.block_restrictions(chosen, probe)
            if probe.legal:
                best = max(best, self.block_requirements(chosen))
        return best

    def check_blockers(self, blocks: dict[str, list[str]]) -> Declaration:
        declaration = Declaration("declare_blockers")
        if not self.attacking():
            declaration.refuse("no-attackers", "509.1")
            return declaration
        for blocker, attackers in blocks.items():
            for attacker in attackers:
                self.can_block(blocker, attacker, declaration)
        self.block_restrictions(blocks, declaration)
        self.check_requirements(declaration, self.block_requirements(blocks), self.best_block())
        return declaration

    def declare_blockers(self, blocks: dict[str, list[str]], orders: dict[str, list[str]] | None = None) -> Declaration:
        """Rule 509.1, then each blocked attacker's damage assignment order (509.2; the order the
        blockers are named unless ``orders`` says otherwise) and each blocker's of several attackers
        (509.3)."""
        declaration = self.check_blockers(blocks)
        if not declaration.legal:
            return declaration
        orders = dict(orders or {})
        combat = self.combat_state()
        self.turn.step = "declare_blockers"
        self.emit("step", step="declare_blockers")
        blocks = {blocker: self.with_bands(attackers) for blocker, attackers in blocks.items()}
        for blocker, attackers in blocks.items():
            obj = self.get(blocker)
            combat.blockers[blocker] = list(attackers)
            combat.since[blocker] = (obj.incarnation, self.controller_of(blocker))
            for attacker in attackers:
                self.emit("blocked", rule="509.1", name=obj.name, target=self.name(attacker))
        for attacker in self.attacking():
            if any(attacker in attackers for attackers in blocks.values()):
                # One event, however many creatures block it (rules 509.1h, 700.1).
                combat.blocked.add(attacker)
                self.emit("became-blocked", rule="509.1h", name=self.name(attacker))
        for attacker in self.attacking():
            mine = [b for b, attackers in blocks.items() if attacker in attackers]
            if mine:
                self.set_order(attacker, mine, orders.get(attacker))
        for blocker, attackers in blocks.items():
            if len(attackers) > 1:
                self.set_order(blocker, attackers, orders.get(blocker))
        self.changed()
        return declaration

    def with_bands(self, attackers: list[str]) -> list[str]:
        """Rule 702.22h: blocking one creature of a band blocks every creature in it."""
        found = list(attackers)
        for band in self.combat.bands:
            if set(band) & set(found):
                found.extend(a for a in band if a not in found and a in self.attacking())
        return found

    def set_order(self, creature: str, among: list[str], chosen: list[str] | None) -> None:
        if chosen is not None and sorted(chosen) != sorted(among):
            raise IllegalAction(
                f"the damage assignment order of {self.name(creature)} must name exactly "
                + ", ".join(self.name(o) for o in among),
                code="bad-order",
                rule="509.2",
            )
        order = list(chosen or among)
        self.combat.order[creature] = order
        self.emit(
            "assignment-order", rule="509.2", name=self.name(creature), order=", ".join(self.name(o) for o in order)
        )

    def put_blocking(self, blocker: str, attacker: str, position: int | None = None) -> None:
        """Rule 509.7: a creature put onto the battlefield blocking; the active player puts it in
        the attacker's damage assignment order (at ``position``, 0-based; last by default). It is
        blocking, but it never "blocked"."""
        combat = self.combat_state()
        if attacker not in self.attacking():
            raise IllegalAction(f"{self.name(attacker)} is not attacking", code="not-attacking", rule="509.7")
        obj = self.get(blocker)
        combat.blockers[blocker] = [attacker]
        combat.since[blocker] = (obj.incarnation, self.controller_of(blocker))
        combat.blocked.add(attacker)
        order = [b for b in combat.order.get(attacker, []) if b != blocker]
        order.insert(len(order) if position is None else max(0, min(position, len(order))), blocker)
        combat.order[attacker] = order
        self.emit(
            "assignment-order", rule="509.7", name=self.name(attacker), order=", ".join(self.name(o) for o in order)
        )
        self.changed()

    # -- combat damage (510) ----------------------------------------------------------------

    def strikes_first(self, object_id: str) -> bool:
        computed = self.computed(object_id)
        return computed.has_keyword("first strike") or computed.has_keyword("double strike")

    def damage_dealers(self) -> tuple[list[str], bool]:
        """The creatures that deal damage in the next combat damage step, and whether it is the
        first-strike one (510.4)."""
        combat = self.combat_state()
        fighters = list(self.attacking()) + [b for b in self.blocking() if b not in self.attacking()]
        if combat.damage_steps == 0:
            first = {f for f in fighters if self.strikes_first(f)} if switches.on("510.4") else set()
            if first:
                combat.had_first_strike = first
                return [f for f in fighters if f in first], True
            combat.had_first_strike = set()
            return fighters, False
        if combat.damage_steps == 1 and combat.had_first_strike:
            return [
                f for f in fighters if f not in combat.had_first_strike or self.computed(f).has_keyword("double strike")
            ], False
        raise IllegalAction("this combat has no more combat damage steps", code="no-damage-step", rule="510.4")

    def recipients(self, creature: str) -> list[str]:
        """Whom a creature may assign combat damage to: its blockers in order (or the attackers it
        blocks), then, with trample, what it attacks (702.19b) and, with trample over planeswalkers
        attacking one, that planeswalker's controller (702.19c)."""
        attacking = self.attacking()
        if creature in attacking:
            attacked = attacking[creature]
            computed = self.computed(creature)
            over = computed.has_keyword("trample over planeswalkers")
            if creature not in self.combat.blocked:
                if over and attacked not in self.players:
                    return [attacked, self.controller_of(attacked)]
                return [attacked]
            found = self.blockers_of(creature)
            if (computed.has_keyword("trample") or over) and switches.on("702.19b"):
                # Rule 702.19e: with no creature blocking it any more, it assigns all its damage on.
                found = found + [attacked]
                if over and attacked not in self.players:
                    found.append(self.controller_of(attacked))
            return found
        blocking = self.blocking().get(creature, [])
        order = self.combat.order.get(creature) or blocking
        return [a for a in order if a in blocking]

    def lethal_needed(self, target: str, others: int, source: str) -> int:
        """Damage this source must assign to ``target`` for it to count as lethal, with ``others``
        assigned to it by other creatures in the same step and the damage already marked (510.1c-d);
        with deathtouch any nonzero amount is lethal (702.2c); a planeswalker needs its loyalty
        (702.19c)."""
        if target in self.players:
            return 0
        obj = self.get(target)
        computed = self.computed(target)
        if not computed.is_creature:
            loyalty = obj.counters["loyalty"].count if "loyalty" in obj.counters else 0
            return max(0, loyalty - others)
        toughness = computed.toughness or 0
        if self.computed(source).has_keyword("deathtouch") and switches.on("702.2c"):
            return 0 if obj.damage + others >= toughness else 1
        return max(0, toughness - obj.damage - others)

    def check_assignment(self, creature: str, assignment: dict[str, int], everyone: dict[str, dict[str, int]]):
        """Rule 510.1: all its power, only to whom it may assign it, and nothing to one in its order
        unless each before it is assigned lethal damage."""
        verdict = Declaration("combat_damage")
        allowed = self.recipients(creature)
        power = max(0, self.computed(creature).power or 0) if allowed else 0
        if sum(assignment.values()) != power:
            verdict.refuse("assignment-total", "510.1a")
        for target, amount in assignment.items():
            if amount and target not in allowed:
                verdict.refuse("assignment-target", "510.1b")
        last = max((i for i, r in enumerate(allowed) if assignment.get(r)), default=0)
        blocker = creature not in self.attacking()
        for target in allowed[:last]:
            if target in self.players:
                continue
            others = sum(plan.get(target, 0) for who, plan in everyone.items() if who != creature)
            if assignment.get(target, 0) < self.lethal_needed(target, others, creature):
                beyond = allowed[last]
                if blocker:
                    rule = "510.1d"
                elif not self.computed(target).is_creature:
                    rule = "702.19c"
                elif beyond in self.players or not self.computed(beyond).is_creature:
                    rule = "702.19b"
                else:
                    rule = "510.1c"
                verdict.refuse("assignment-order", rule)
        return verdict

    def default_assignment(self, creature: str, everyone: dict[str, dict[str, int]]) -> dict[str, int]:
        """Lethal damage to each in order, the rest to the last (or, with trample, to what it attacks)."""
        power = max(0, self.computed(creature).power or 0)
        allowed = self.recipients(creature)
        plan: dict[str, int] = {}
        for target in allowed:
            if not power:
                break
            others = sum(p.get(target, 0) for p in everyone.values())
            give = min(power, self.lethal_needed(target, others, creature)) if target != allowed[-1] else power
            if give:
                plan[target] = give
                power -= give
        if power and allowed:
            plan[allowed[-1]] = plan.get(allowed[-1], 0) + power
        return plan

    def legal_assignments(self, creature: str) -> list[dict[str, int]]:
        """Every legal way this creature can assign its combat damage, with no other creature
        assigning damage (a check of rule 510.1c's examples)."""
        power = max(0, self.computed(creature).power or 0)
        allowed = self.recipients(creature)
        found = []

        def split(left: int, slots: int):
            if slots == 1:
                yield (left,)
                return
            for n in range(left, -1, -1):
                for rest in split(left - n, slots - 1):
                    yield (n, *rest)

        if not allowed:
            return [{}] if not power else []
        for amounts in split(power, len(allowed)):
            self.budget.tick()
            plan = {t: n for t, n in zip(allowed, amounts, strict=True) if n}
            if self.check_assignment(creature, plan, {creature: plan}).legal:
                found.append(plan)
        return found

    def combat_damage(self, assignments: dict[str, dict[str, int]] | None = None) -> Declaration:
        """One combat damage step (510.1-510.2). An illegal assignment changes nothing."""
        if not self.attacking() and not (self.combat and self.combat.attackers):
            raise IllegalAction("no creature is attacking", code="no-attackers", rule="510.1")
        dealers, first = self.damage_dealers()
        everyone: dict[str, dict[str, int]] = {}
        given = dict(assignments or {})
        for creature in dealers:
            if creature in given:
                everyone[creature] = {t: n for t, n in given[creature].items() if n}
        for creature in dealers:
            if creature not in everyone:
                everyone[creature] = self.default_assignment(creature, everyone)
        verdict = Declaration("combat_damage")
        for creature in dealers:
            for reason in self.check_assignment(creature, everyone[creature], everyone).reasons:
                verdict.refuse(*reason)
        for creature in given:
            if creature not in dealers:
                verdict.refuse("not-dealing", "510.4")
        if not verdict.legal:
            self.combat.had_first_strike = None if self.combat.damage_steps == 0 else self.combat.had_first_strike
            return verdict
        self.combat.damage_steps += 1
        self.turn.step = "first_strike_damage" if first else "combat_damage"
        self.emit("step", step=self.turn.step)
        for creature in dealers:
            if creature in self.attacking() and creature in self.combat.blocked and not self.recipients(creature):
                self.emit("no-blockers", rule="510.1c", name=self.name(creature))
        # Rule 510.2: every assigned amount is dealt at once.
        events = [(creature, target, amount) for creature in dealers for target, amount in everyone[creature].items()]
        self.deal_damage_at_once(events, combat=True)
        return verdict

    def deal_damage_at_once(self, events: list[tuple[str, str, int]], *, combat: bool = False) -> None:
        """Deal several damage events at once (510.2): characteristics are read before any is dealt, then
        the event goes through prevention, its results, and the replacements of those (120.4)."""
        looks = {source: self.computed(source) for source, _, _ in events}
        gained: dict[str, int] = {}
        self.prevention_gains = []
        kept = []
        for source, target, amount in events:
            self.budget.tick()
            source_view = looks[source]
            if target not in self.players and self.get(target).zone != "battlefield":
                continue
            protected = protections(self.computed(target)) if target not in self.players else set()
            if protected & set(source_view.colors) and switches.on("702.16e"):
                self.emit("prevented", rule="702.16e", source=source_view.name, amount=amount, target=self.name(target))
                continue
            event = self.replace("damage", source=source, target=target, amount=amount)  # 614
            if not event.happens:
                continue
            amount = self.after_prevention(source, target, event.amount, combat=combat)
            if amount:
                kept.append((source, target, amount))
        self.shields = [shield for shield in self.shields if not shield.spent]
        kept = self.life_floors(kept, looks)
        # The event's results happen at once (120.4d); the life gained by prevention is shown first.
        gains, self.prevention_gains = self.prevention_gains, None
        for player, amount, label in gains:
            self.gain_life(player, amount, source=label)
        for source, target, amount in kept:
            source_view = looks[source]
            self.receive_damage(source, source_view, target, amount)
            if combat:
                self.combat_state().damage_log.append({"source": source, "target": target, "amount": amount})
            if source_view.has_keyword("lifelink") and switches.on("702.15b"):
                gained[source] = gained.get(source, 0) + amount
        for source, amount in gained.items():
            # Rule 702.15e: each source with lifelink is its own life gain event.
            self.gain_life(looks[source].controller, amount, source=looks[source].name, rule="702.15b")
        self.changed()

    def life_floors(self, events: list[tuple[str, str, int]], looks: dict) -> list[tuple[str, str, int]]:
        """Worship (614.1a): damage that would reduce a player's life total below 1 reduces it to 1, if
        they control a creature; the whole event counts, life gained in it included (120.4d)."""
        for player in self.players:
            floors = [
                (obj, ability.life.floor)
                for obj, ability in self.life_replacements(player)
                if ability.life.floor is not None
            ]
            if not floors:
                continue
            holder, floor = max(floors, key=lambda pair: pair[1])
            mine = [(s, t, n) for s, t, n in events if t == player and not looks[s].has_keyword("infect")]
            gains = sum(n for p, n, _ in self.prevention_gains if p == player)
            loss = sum(n for _, _, n in mine)
            life = self.players[player].life
            if life - loss + gains >= floor:
                continue
            allowed = max(0, life + gains - floor)
            self.emit("life-floor", rule="614.1a", label=holder.name, player=self.player_name(player))
            adjusted = []
            for source, target, amount in events:
                if (source, target, amount) in mine:
                    amount, allowed = min(amount, allowed), allowed - min(amount, allowed)
                if amount:
                    adjusted.append((source, target, amount))
            events = adjusted
        return events

    def receive_damage(self, source: str, source_view, target: str, amount: int) -> None:
        """The results of damage (120.3): life loss or poison for a player, loyalty loss for a
        planeswalker, damage marked or -1/-1 counters for a creature; deathtouch is remembered."""
        infect = source_view.has_keyword("infect")
        if target in self.players:
            self.emit("damage", rule="120.3a", source=source_view.name, amount=amount, target=self.player_name(target))
            if infect:
                self.players[target].poison += amount
                self.emit("poison", rule="120.3b", player=self.player_name(target), count=amount)
            else:
                self.lose_life(target, amount)
            return
        obj = self.get(target)
        computed = self.computed(target)
        self.emit("damage", rule="120.3", source=source_view.name, amount=amount, target=obj.name)
        if "Planeswalker" in computed.types:
            self.remove_counters(target, "loyalty", amount)  # rule 120.3c
        if computed.is_creature:
            if infect or source_view.has_keyword("wither"):
                self.add_counters(target, "-1/-1", amount)  # rule 120.3d
            else:
                obj.damage += amount  # rule 120.3e
            if source_view.has_keyword("deathtouch"):
                self.deathtouched.add(obj.key)
        self.changed()

    def life_replacements(self, player: str) -> list:
        """(permanent, ability) for each replacement effect on the player's life total that applies now."""
        found = []
        for obj in self.in_zone("battlefield"):
            computed = self.computed(obj.id)
            if computed.controller != player:
                continue
            for ability in computed.abilities_with("life"):
                condition = ability.life.while_you_control
                if condition is None or any(
                    self.controller_of(other.id) == player and self.matches(condition, other.id, source=obj.id)
                    for other in self.in_zone("battlefield")
                ):
                    found.append((obj, ability))
        return found

    def gain_life(self, player: str, amount: int, *, source: str = "", rule: str = "") -> None:
        """Gain life (119.9), after the replacement effects that modify it (engine/replacements.py); then
        "whenever you gain life" triggers (603.2, engine/stack.py), once per life gain event."""
        event = self.replace("gain_life", player=player, amount=amount)
        if not event.happens:
            return
        amount = event.amount
        self.players[player].life += amount
        if source:
            self.emit("life-gained", rule=rule, player=self.player_name(player), amount=amount, source=source)
        self.emit("life", player=self.player_name(player), life=self.players[player].life)
        self.changed()
        if amount > 0:
            self.fire("gain_life", None, player=player)

    # -- prevention (615) and ranges of influence (801.13b) ---------------------------------

    def prevent(
        self,
        label: str,
        *,
        controller: str,
        target: str | None,
        amount: int | None,
        combat_only: bool,
        source: str | None = None,
        gain: bool = False,
        redirect_to: str | None = None,
    ):
        self.shields.append(
            Shield(label, controller, target, amount, combat_only, source, gain, redirect_to=redirect_to)
        )
        self.emit("effect", rule="615.1", label=label)
        self.changed()

    def after_prevention(self, source: str, target: str, amount: int, *, combat: bool = False) -> int:
        """The damage left once prevention effects apply (615.1), each only within its controller's
        range of influence (801.13b): one that names a recipient, if the recipient is in range; one
        that names the sources, if the source is; one that names neither, if both are."""
        source_holder = self.controller_of(source) if source in self.objects else None
        if source in self.objects and source_holder is None:
            source_holder = self.get(source).owner
        target_holder = target if target in self.players else self.controller_of(target)
        for obj in self.in_zone("battlefield"):
            for ability in self.computed(obj.id).abilities_with("prevent"):
                if not amount:
                    return 0
                controller = self.controller_of(obj.id)
                if source not in self.objects or not self.matches(ability.prevent, source, source=obj.id):
                    continue
                if source_holder not in self.in_range_of(controller):
                    continue
                self.emit("prevented-by", rule="615.1a", label=f"{obj.name}: {ability.label}", amount=amount)
                amount = 0
        for shield in list(self.shields):
            if not amount:
                break
            if shield.combat_only and not combat:
                continue
            reach = self.in_range_of(shield.controller)
            if shield.source is not None:
                if shield.source != source or source_holder not in reach:
                    continue
            elif shield.target is not None:
                if shield.target != target or target_holder not in reach:
                    continue
            elif source_holder not in reach or target_holder not in reach:
                continue
            stopped = amount if shield.amount is None else min(amount, shield.amount)
            amount -= stopped
            if shield.amount is not None:
                shield.amount -= stopped
                if not shield.amount:
                    self.shields.remove(shield)
            if shield.redirect_to is not None:
                self.redirect(source, shield, stopped, source_holder)
                continue
            self.emit("prevented-by", rule="615.7", label=shield.label, amount=stopped)
            if shield.gain and self.prevention_gains is None:
                self.gain_life(shield.controller, stopped, source=shield.label)
            elif shield.gain:
                # Rule 120.4d: the life gain is part of the same damage event.
                self.prevention_gains.append((shield.controller, stopped, shield.label))
            if shield.source is not None:
                shield.spent = True  # the next time it deals damage: this whole event
        return amount

    def redirect(self, source: str, shield, amount: int, source_holder: str | None) -> None:
        """The redirected damage is dealt to the new recipient instead, unless that recipient is outside
        the range of influence of the source's controller: then that part does nothing (801.13a)."""
        new = shield.redirect_to
        holder = new if new in self.players else self.controller_of(new)
        if source_holder is not None and holder not in self.in_range_of(source_holder):
            self.emit("redirect-out-of-range", rule="801.13a", label=shield.label, amount=amount)
            return
        self.emit("redirected", rule="614.1a", label=shield.label, amount=amount)
        self.damage(source, new, amount)

    def damage_each(self, source: str, flt, amount: int, *, controller: str) -> list[str]:
        """ "[Source] deals N damage to each [matching permanent]": at once (rule 120.2), and only
        to permanents whose controllers are within its controller's range of influence (801.10)."""
        reach = self.in_range_of(controller)
        targets = [
            obj.id
            for obj in self.in_zone("battlefield")
            if self.matches(flt, obj.id, controller=controller) and self.controller_of(obj.id) in reach
        ]
        self.deal_damage_at_once([(source, target, amount) for target in targets])
        return targets

    def end_combat(self) -> None:
        """The end of combat step (511); as it ends, everything is removed from combat (511.3)."""
        self.turn.step = "end_of_combat"
        self.emit("step", step="end_of_combat")
        self.remove_from_combat()
        self.emit("removed-from-combat", rule="511.3")
