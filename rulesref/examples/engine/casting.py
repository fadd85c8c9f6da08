"""Part of :class:`~.game.Game`: casting spells (601) and activating abilities (602), with their modes,
targets and costs; mana (106, 107.4, 605); and what a spell or ability does as it resolves (608.2).

Casting follows 601.2 in order: the card moves to the stack (601.2a); modes, X and additional costs are
announced (601.2b); targets are chosen (601.2c: the same object once per word "target"); the total cost is
locked in, with cost increases and reductions (601.2f); then it is paid (601.2g-h: mana from the pool,
{T}, sacrifices, life). An illegal announcement is undone and raises :class:`IllegalAction` (rule 730.1:
the game goes back to before it began). A mana ability resolves at once (605.3a), and so does a mana
ability that it triggers (605.4a).

As a spell or ability resolves, its targets are checked again (608.2b): if every target is illegal it
does not resolve; otherwise an instruction does nothing to an illegal target. Values are read as they
resolve (608.2h): the sacrificed creature's power from its last known information.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import switches
from .definitions import EffectSpec, Selector
from .errors import IllegalAction
from .mana import COLORS, ManaCost, ManaSymbol
from .spells import Amount, Cost, Instruction, Program
from .state import StackItem

MANA_TYPES = COLORS + ("C",)
# "for as long as you control [this]" (rule 611.2b): an effect's duration as well as "end_of_turn".
WHILE_CONTROLLED = "while_you_control_source"


@dataclass(frozen=True)
class Mana:
    """One mana in a pool (rule 106.4): its type, and the spells it may be spent on (106.6)."""

    type: str
    only_for: object = None  # a Filter the spell must match, or None
    convoked: str = ""  # convoke (702.51a): not mana, a creature tapped to pay for {1} or one of its colours


def mana_text(pool: list[Mana]) -> str:
    """A pool as symbols in WUBRG order, then colourless: ``{R}{R}{G}``."""
    order = {t: n for n, t in enumerate(MANA_TYPES)}
    return "".join(f"{{{m.type}}}" for m in sorted(pool, key=lambda m: order[m.type]))


class Casting:
    """Mixed into Game: ``self`` is the game."""

    # -- mana ---------------------------------------------------------------------------------

    def pool(self, player: str) -> list[Mana]:
        return self.mana_pool.setdefault(player, [])

    def add_mana(self, player: str, symbols: str, *, only_for=None) -> None:
        """Add mana written as symbols (``{R}{G}``, ``{C}``) to a player's pool (rule 106.4)."""
        cost = ManaCost.parse(symbols)
        added = []
        for symbol in cost.symbols:
            if symbol.text not in MANA_TYPES:
                raise IllegalAction(f"{{{symbol.text}}} is not a type of mana", code="bad-mana", rule="106.1")
            added.append(Mana(symbol.text, only_for))
        self.pool(player).extend(added)
        if added:
            self.emit("mana", rule="106.4", player=self.player_name(player), mana=mana_text(added))
        self.changed()

    def empty_pools(self) -> None:
        """Rule 500.4: mana empties from pools at the end of each step and phase."""
        if not switches.on("500.4"):
            return
        for player in self.mana_pool:
            self.mana_pool[player] = []

    def payable(self, player: str, cost: ManaCost, *, spell: str | None = None, x: int = 0):
        """How a cost can be paid from the pool: (the mana used, life paid), or None. Colored and hybrid
        symbols take mana first (107.4e); a Phyrexian symbol takes its colour, else 2 life (107.4f);
        {2/B} takes {B}, else two mana; generic and X take any mana left."""
        pool = [m for m in self.pool(player) if m.only_for is None or (spell and self.matches(m.only_for, spell))]
        symbols = [s for s in cost.symbols if s.text != "X"]
        generic = sum(int(s.text) for s in symbols if s.text.isdigit()) + x * sum(
            1 for s in cost.symbols if s.text == "X"
        )
        special = sorted((s for s in symbols if not s.text.isdigit()), key=lambda s: len(s.parts))
        life_left = self.players[player].life

        def options(symbol: ManaSymbol):
            parts = symbol.parts
            if parts[-1] == "P":
                yield from ((frozenset(parts[:-1]), 1, 0), (frozenset(), 0, 2))
            elif len(parts) == 2 and parts[0].isdigit():
                yield from ((frozenset({parts[1]}), 1, 0), (frozenset(MANA_TYPES), int(parts[0]), 0))
            else:
                yield (frozenset(p for p in parts if p in MANA_TYPES), 1, 0)

        def search(index: int, free: list[Mana], used: list[Mana], life: int):
            self.budget.tick()
            if index == len(special):
                if len(free) < generic:
                    return None
                # Generic mana: convoking creatures and restricted mana first, so unrestricted mana stays (106.6).
                rest = sorted(free, key=lambda m: (not m.convoked, m.only_for is None))
                return used + rest[:generic], life
            for kinds, count, life_cost in options(special[index]):
                if life_cost:
                    if life + life_cost > life_left:
                        continue
                    found = search(index + 1, free, used, life + life_cost)
                else:
                    picks = [m for m in free if m.type in kinds][:count]
                    if len(picks) < count:
                        continue
                    remaining = list(free)
                    for m in picks:
                        remaining.remove(m)
                    found = search(index + 1, remaining, used + picks, life)
                if found is not None:
                    return found
            return None

        return search(0, pool, [], 0)

    def pay_mana(
        self, player: str, cost: ManaCost, *, spell: str | None = None, x: int = 0, spent: list | None = None
    ) -> int:
        """Pay a mana cost from the pool (rule 601.2h); returns how much mana was spent (and adds it to
        ``spent``). Unpayable: IllegalAction."""
        found = self.payable(player, cost, spell=spell, x=x)
        if found is None:
            have = mana_text(self.pool(player)) or "nothing"
            raise IllegalAction(
                f"{self.player_name(player)} cannot pay {cost_text(cost, x)} with {have}", code="unpaid", rule="601.2h"
            )
        used, life = found
        for mana in used:
            self.pool(player).remove(mana)
            if mana.convoked:
                self.tap(mana.convoked)
            elif spent is not None:
                spent.append(mana)
        if life:
            self.lose_life(player, life)
        self.emit("paid", rule="601.2h", player=self.player_name(player), cost=cost_text(cost, x))
        self.changed()
        return sum(1 for mana in used if not mana.convoked)

    # -- casting --------------------------------------------------------------------------------

    def spell_program(self, object_id: str) -> Program:
        for inst in self.computed(object_id).abilities:
            if inst.ability.spell and inst.ability.program is not None:
                return inst.ability.program
        return Program()

    def cast(
        self,
        object_id: str,
        *,
        targets: dict[str, list[str]] | None = None,
        modes: tuple[str, ...] = (),
        x: int = 0,
        kicked: bool = False,
        sacrifice: tuple[str, ...] = (),
        convoke: tuple[str, ...] = (),
        free: bool = False,
        player: str | None = None,
    ) -> StackItem:
        """Cast a spell (rule 601.2). Everything is checked before anything is paid; an illegal choice
        puts the card back where it was and raises IllegalAction."""
        card = self.get(object_id)
        player = player or card.owner
        from_zone, top = card.zone, False
        if from_zone not in ("hand", "library", "graveyard", "exile", "command"):
            raise IllegalAction(f"{card.name} cannot be cast from the {from_zone}", code="not-castable", rule="601.2")
        if "Land" in self.computed(object_id).types:
            raise IllegalAction(f"{card.name} is a land: lands are played, not cast", code="land", rule="305.9")
        self.check_timing(object_id, player)
        top = from_zone == "library"
        self.leave(card)
        self.place(card, "stack")
        self.changed()
        self.emit("cast", rule="601.2a", player=self.player_name(player), name=card.name)
        try:
            program = self.spell_program(object_id)
            item = StackItem(self.next_id("spell"), card.name, player, object_id, "spell", program=program)
            if free:
                item.context["free"] = "yes"  # "without paying its mana cost": an alternative cost (118.9)
            self.announce(item, program, modes=modes, x=x, kicked=kicked)
            self.choose_targets(item, program, targets or {})
            total = self.total_cost(item, program)
            self.pay_cost(item, total, sacrifice=sacrifice, source=object_id, convoke=convoke)
        except IllegalAction:
            self.mana_pool[player] = [m for m in self.pool(player) if not m.convoked]
            self.leave(card, remember=False)
            self.place(card, from_zone, top=top)
            self.changed()
            raise
        self.stack.append(item)
        self.casting_colors[object_id] = item.context.get("colors_spent", "")
        self.emit("stack", rule="601.2i", label=item.label)
        self.fire("cast", object_id, player=player)
        self.changed()
        self.check_state_triggers()  # rule 603.8: the hand it left may now be empty
        return item

    def check_timing(self, object_id: str, player: str) -> None:
        """Rule 117.1a: an instant (or a spell with flash, 702.8a) any time; a noninstant spell only in its
        caster's own main phase with the stack empty. A spell cast while another resolves is cast as that one
        instructs (608.2g), so at any time; so are Берсерк's, which has no stack."""
        view = self.computed(object_id)
        if self.rules != "mtg" or self.resolving or not switches.on("117.1a"):
            return
        if "Instant" in view.types or view.has_keyword("flash"):
            return
        if self.turn.active != player or self.turn.step not in ("main1", "main2") or self.stack:
            raise IllegalAction(
                f"{view.name} can be cast only in its caster’s main phase while the stack is empty",
                code="sorcery-timing",
                rule="117.1a",
            )

    def announce(self, item: StackItem, program: Program, *, modes, x: int, kicked: bool) -> None:
        """Rule 601.2b: modes (700.2; any number when kicked, 601.4), X, additional costs."""
        modes = tuple(modes)
        if program.modes:
            unknown = [m for m in modes if m not in program.modes]
            if unknown:
                raise IllegalAction(f"{unknown[0]!r} is not a mode of {item.label}", code="bad-mode", rule="700.2")
            if len(set(modes)) != len(modes):
                raise IllegalAction("a mode is chosen once", code="mode-twice", rule="700.2d")
            if kicked and program.kicked_modes:
                if not modes:
                    raise IllegalAction("choose at least one mode", code="mode-count", rule="601.4")
            elif len(modes) != program.choose:
                raise IllegalAction(
                    f"{item.label}: choose {program.choose} mode(s), not {len(modes)}", code="mode-count", rule="700.2"
                )
        elif modes:
            raise IllegalAction(f"{item.label} has no modes", code="bad-mode", rule="700.2")
        if kicked and program.kicker is None:
            raise IllegalAction(f"{item.label} has no kicker", code="no-kicker", rule="702.33")
        item.modes, item.x, item.kicked = modes, max(0, x), kicked

    def choose_targets(self, item: StackItem, program, chosen: dict[str, list[str]]) -> None:
        """Rule 601.2c: each target the chosen modes require, of the kind it describes; the same object
        only once for one word "target", but again for another (115.3)."""
        required = [spec for spec in program.targets if not spec.mode or spec.mode in item.modes]
        names = {spec.name for spec in required}
        for name in chosen:
            if name not in names:
                raise IllegalAction(f"{item.label} has no target {name!r}", code="bad-target", rule="601.2c")
        for spec in required:
            picks = list(chosen.get(spec.name, []))
            if len(picks) != spec.count:
                raise IllegalAction(
                    f"{item.label}: {spec.count} target(s) for “{spec.name}”, not {len(picks)}",
                    code="target-count",
                    rule="601.2c",
                )
            if len(set(picks)) != len(picks):
                raise IllegalAction(
                    f"{item.label}: the same object is chosen twice for one word “target”",
                    code="target-twice",
                    rule="601.2c",
                )
            refs = []
            for pick in picks:
                if spec.different_from and pick in chosen.get(spec.different_from, []):
                    raise IllegalAction(
                        f"{item.label}: “{spec.name}” must be another target than “{spec.different_from}”",
                        code="target-not-another",
                        rule="115.3",
                    )
                ref = self.target_ref(pick)
                if not self.legal_target(item, spec, ref):
                    what = self.player_name(pick) if pick in self.players else self.name(pick)
                    raise IllegalAction(
                        f"{what} is not a legal target for “{spec.name}”", code="illegal-target", rule="115.1"
                    )
                refs.append(ref)
            item.targets[spec.name] = refs

    def target_ref(self, pick: str) -> tuple:
        if pick in self.players:
            return ("player", pick)
        obj = self.get(pick)
        return ("object", obj.id, obj.incarnation)

    def legal_target(self, item: StackItem, spec, ref: tuple) -> bool:
        if ref[0] == "player":
            return spec.players and not self.players[ref[1]].lost and not self.players[ref[1]].left
        _, oid, incarnation = ref
        obj = self.objects.get(oid)
        if obj is None or obj.incarnation != incarnation or spec.filter is None:
            return False  # rule 608.2b: an object that changed zones is a new object
        if oid == item.source and obj.zone == "stack":
            return False  # rule 115.5: a spell can't target itself
        return self.matches(spec.filter, oid, source=item.source, controller=item.controller)

    def total_cost(self, item: StackItem, program: Program) -> Cost:
        """Rule 601.2f: the mana cost (or ability cost), plus additional costs and increases, minus
        reductions (generic mana only); the result is locked in before anything is paid."""
        symbols = (
            [] if item.context.get("free") else list((self.get(item.source).card.mana_cost or ManaCost(())).symbols)
        )
        extra = [c for c in (program.additional, program.kicker if item.kicked else None) if c is not None]
        for cost in extra:
            if cost.mana:
                symbols.extend(cost.mana.symbols)
        generic = 0
        for holder in self.in_zone("battlefield") if switches.on("601.2f") else ():
            for ability in self.computed(holder.id).abilities_with("cost_change"):
                change = ability.cost_change
                if change.generic and self.matches(change.spells, item.source, source=holder.id):
                    if change.caster == "any" or self.computed(holder.id).controller == item.controller:
                        generic += change.generic
                        self.emit("cost-changed", rule="601.2f", label=holder.name, amount=f"{change.generic:+d}")
        symbols = adjust_generic(symbols, generic)
        sacrifice = next((c.sacrifice for c in extra if c.sacrifice is not None), None)
        total = Cost(mana=ManaCost(tuple(symbols)), sacrifice=sacrifice, life=sum(c.life for c in extra))
        return total

    def pay_cost(
        self, item: StackItem, cost: Cost, *, sacrifice: tuple[str, ...] = (), source: str, convoke: tuple = ()
    ) -> None:
        """Rule 601.2g-h: everything is checked first (partial payments are not allowed), then paid."""
        player = item.controller
        self.convoking(item, source, convoke)
        chosen = []
        if cost.sacrifice is not None:
            if len(sacrifice) != 1:
                raise IllegalAction("name the permanent to sacrifice", code="sacrifice-missing", rule="601.2b")
            victim = self.get(sacrifice[0])
            if (
                victim.zone != "battlefield"
                or self.computed(victim.id).controller != player
                or not self.matches(cost.sacrifice, victim.id, controller=player)
            ):
                raise IllegalAction(
                    f"{victim.name} cannot be sacrificed for this cost", code="bad-sacrifice", rule="701.17a"
                )
            chosen.append(victim)
        elif sacrifice:
            raise IllegalAction(f"{item.label} asks for no sacrifice", code="bad-sacrifice", rule="601.2b")
        obj = self.get(source)
        if cost.tap:
            if obj.zone != "battlefield" or obj.tapped:
                raise IllegalAction(f"{obj.name} is tapped: {{T}} can't be paid", code="tapped", rule="602.5a")
            view = self.computed(source)
            since = obj.control_since
            continuous = since is not None and since[0] == view.controller and since[1] < self.turn.number
            if view.is_creature and not continuous and not view.has_keyword("haste"):
                raise IllegalAction(f"{obj.name} has summoning sickness", code="summoning-sick", rule="302.6")
        if cost.sacrifice_self and obj.zone != "battlefield":
            raise IllegalAction(f"{obj.name} is not on the battlefield", code="not-on-battlefield", rule="602.2")
        if cost.discard_self and obj.zone != "hand":
            raise IllegalAction(f"{obj.name} is not in a hand", code="not-in-hand", rule="602.2")
        if cost.life and self.players[player].life < cost.life:
            raise IllegalAction(f"{self.player_name(player)} cannot pay {cost.life} life", code="life", rule="119.4")
        for kind, change in cost.counters:
            have = obj.counters[kind].count if kind in obj.counters else 0
            if have + change < 0:
                raise IllegalAction(f"{obj.name} has {have} {kind} counter(s)", code="counters", rule="606.4")
        mana = cost.mana or ManaCost(())
        spell = source if obj.zone == "stack" else None
        if self.payable(player, mana, spell=spell, x=item.x) is None:
            self.pay_mana(player, mana, spell=spell, x=item.x)  # raises, naming the cost
        # Pay: mana first (mana abilities were activated before, 601.2g), then the rest.
        paid: list[Mana] = []
        spent = self.pay_mana(player, mana, spell=spell, x=item.x, spent=paid) if mana.symbols or item.x else 0
        # Rule 702.44a (sunburst) counts the colours of the mana spent to cast it.
        item.context["colors_spent"] = "".join(c for c in COLORS if any(m.type == c for m in paid))
        for mana in [m for m in self.pool(player) if m.convoked]:
            self.pool(player).remove(mana)  # convoking creatures left unused are not mana
        if spell:
            self.expend(player, spent)
        if cost.tap:
            self.tap(source)
        for kind, change in cost.counters:
            if change > 0:
                self.add_counters(source, kind, change)
            else:
                self.remove_counters(source, kind, -change)
                self.emit("counters-removed", count=-change, kind=kind, name=obj.name)
        if cost.life:
            self.lose_life(player, cost.life)
        for victim in chosen:
            item.sacrificed = self.sacrifice(victim.id)
        if cost.sacrifice_self:
            item.sacrificed = self.sacrifice(source)
        if cost.discard_self:
            self.to_graveyard(obj)
            self.emit("discarded", player=self.player_name(player), name=obj.name)
        if cost.exile_self:
            self.move(source, "exile")
        self.changed()

    def convoking(self, item: StackItem, source: str, convoke: tuple) -> None:
        """Rule 702.51a: each creature tapped for convoke pays {1} or one mana of its colour; it is offered
        to the payment as one more "mana" and tapped if the payment uses it (702.51b: after the total
        cost is determined)."""
        if not convoke:
            return
        if not self.computed(source).has_keyword("convoke"):
            raise IllegalAction(f"{item.label} has no convoke", code="no-convoke", rule="702.51a")
        for oid in convoke:
            view = self.computed(oid)
            obj = self.get(oid)
            if obj.zone != "battlefield" or obj.tapped or not view.is_creature or view.controller != item.controller:
                raise IllegalAction(
                    f"{obj.name} can't convoke: an untapped creature you control", code="convoke", rule="702.51a"
                )
            color = view.colors[0] if view.colors else "C"
            self.pool(item.controller).insert(0, Mana(color, convoked=oid))

    def expend(self, player: str, spent: int) -> None:
        """Rule 700.14: "whenever you expend N" as the mana spent on spells this turn reaches N."""
        before = self.spent_this_turn.get(player, 0)
        self.spent_this_turn[player] = before + spent
        self.fire("expend", None, player=player, before=before, after=before + spent)

    def sacrifice(self, object_id: str) -> dict:
        """Rule 701.17a: put a permanent you control into its owner's graveyard; returns its last known
        information (608.2h)."""
        obj = self.on_battlefield(object_id)
        self.emit("sacrificed", rule="701.17a", name=obj.name)
        self.put_into_graveyard([obj])
        return dict(self.last_known[object_id], id=object_id)

    # -- activating -----------------------------------------------------------------------------

    def activated_ability(self, object_id: str, key: str):
        for inst in self.computed(object_id).abilities:
            if inst.ability.cost is not None and key in (inst.key, inst.ability.key, inst.ability.keyword):
                return inst.ability
        raise IllegalAction(f"{self.name(object_id)} has no activated ability {key!r}", code="no-ability", rule="602.1")

    def activate(
        self,
        object_id: str,
        key: str,
        *,
        targets: dict[str, list[str]] | None = None,
        x: int = 0,
        modes: tuple[str, ...] = (),
        player: str | None = None,
    ) -> StackItem | None:
        """Activate an ability (rule 602.2): announce, choose targets, pay its cost. A mana ability
        resolves at once (605.3a); any other goes on the stack."""
        obj = self.get(object_id)
        ability = self.activated_ability(object_id, key)
        controller = self.controller_of(object_id) or obj.owner
        player = player or controller
        if player != controller:
            raise IllegalAction("only its controller activates it", code="not-controller", rule="602.2")
        if obj.zone != ability.zone:
            raise IllegalAction(
                f"{obj.name}: this ability works only in the {ability.zone}", code="wrong-zone", rule="113.6m"
            )
        if ability.once_per_turn and ability.key in obj.used_this_turn:
            raise IllegalAction("it has already been activated this turn", code="once-per-turn", rule="602.5b")
        program = ability.program or Program()
        label = f"{obj.name}: {ability.label}"
        item = StackItem(
            self.next_id("ability"),
            label,
            player,
            object_id,
            "ability",
            context={"incarnation": obj.incarnation},
            program=program,
        )
        self.announce(item, program, modes=modes, x=x, kicked=False)
        self.choose_targets(item, program, targets or {})
        cost = ability.cost
        if cost.mana_of_card:
            cost = replace(cost, mana=obj.card.mana_cost or ManaCost(()), mana_of_card=False)
        loyalty = self.loyalty_change(player)
        if loyalty and any(kind == "loyalty" for kind, _ in cost.counters):
            cost = Cost(
                mana=cost.mana,
                tap=cost.tap,
                life=cost.life,
                counters=tuple((k, c + loyalty if k == "loyalty" else c) for k, c in cost.counters),
            )
        self.emit("activated", rule="602.2", player=self.player_name(player), label=label)
        source_zone = obj.zone
        self.pay_cost(item, cost, source=object_id)
        obj.used_this_turn.add(ability.key)
        if ability.keyword == "cycling":
            self.fire("cycled", object_id, player=player)
        if ability.mana_ability:
            self.resolve_program(item)
            if source_zone == "battlefield" and cost.tap:
                self.fire("tapped_for_mana", object_id, player=player, mana=item.mana)
                self.resolve_mana_triggers()
            return None
        self.stack.append(item)
        self.emit("stack", rule="602.2a", label=label)
        self.changed()
        return item

    def loyalty_change(self, player: str) -> int:
        """Rule 606.5: "loyalty abilities cost an additional [+N]" combines with the ability's own cost."""
        total = 0
        for holder in self.in_zone("battlefield"):
            view = self.computed(holder.id)
            for ability in view.abilities_with("cost_change"):
                if ability.cost_change.loyalty and view.controller == player:
                    total += ability.cost_change.loyalty
        return total

    def resolve_mana_triggers(self) -> None:
        """Rule 605.4a: a triggered mana ability resolves right after the mana ability that triggered it."""
        waiting = [item for item in self.pending_triggers if item.trigger and item.trigger.on == "tapped_for_mana"]
        for item in waiting:
            self.pending_triggers.remove(item)
            self.emit("resolved", rule="605.4a", label=item.label)
            self.resolve_program(item)

    # -- resolving --------------------------------------------------------------------------------

    def target_legal_now(self, item: StackItem, name: str, ref: tuple) -> bool:
        spec = next(s for s in item.program.targets if s.name == name)
        return self.legal_target(item, spec, ref)

    def resolve_program(self, item: StackItem) -> None:
        """Rule 608.2: check targets (608.2b) and an intervening "if" (603.4), then follow the
        instructions in order; a spell then goes to the graveyard, or a permanent spell enters."""
        program: Program = item.program or Program()
        illegal = {
            (name, ref)
            for name, refs in item.targets.items()
            for ref in refs
            if switches.on("608.2b") and not self.target_legal_now(item, name, ref)
        }
        all_refs = [(name, ref) for name, refs in item.targets.items() for ref in refs]
        for _, ref in sorted(illegal, key=str):
            who = self.player_name(ref[1]) if ref[0] == "player" else self.get(ref[1]).name
            self.emit("target-illegal", rule="608.2b", label=item.label, target=who)
        if all_refs and len(illegal) == len(all_refs):
            self.emit("fizzled", rule="608.2b", label=item.label)
            self.finish_spell(item, countered=True)
            return
        trigger = item.trigger
        if (
            trigger is not None
            and trigger.condition is not None
            and switches.on("603.4")
            and not self.condition_holds(item, trigger.condition)
        ):
            self.emit("condition-false", rule="603.4", label=item.label)
            return
        if not trigger_resolved_here(item):
            self.emit("resolved", label=item.label)
        context = {"illegal": illegal, "pay": self.decisions.get("pay", True)}
        self.run_instructions(item, program.instructions, context)
        self.finish_spell(item)

    def finish_spell(self, item: StackItem, *, countered: bool = False) -> None:
        if item.kind != "spell":
            return
        card = self.get(item.source)
        if card.zone != "stack":
            return
        view = self.computed(card.id)
        if not countered and any(
            t in view.types for t in ("Artifact", "Creature", "Enchantment", "Planeswalker", "Battle")
        ):
            self.resolve_permanent_spell(card)
            return
        to_zone = self.to_graveyard(card)
        self.emit("moved", name=card.name, from_zone="stack", to_zone=to_zone)
        self.changed()

    def resolve_permanent_spell(self, card) -> None:
        """Rule 608.3: a permanent spell becomes a permanent; an effect that changed it as a spell goes on
        applying to the permanent (112.4)."""
        old = card.key
        changed = [effect for effect in self.effects if effect.locked and old in effect.locked]
        extra = {}
        view = self.computed(card.id)
        if view.has_keyword("sunburst"):
            # Rule 702.44a: a +1/+1 counter (a charge counter if not a creature) per colour spent on it.
            kind = "+1/+1" if view.is_creature else "charge"
            extra[kind] = len(self.casting_colors.get(card.id, ""))
        self.enter(card.id, controller=card.owner, extra_counters=extra or None)
        for effect in changed:
            effect.locked = (effect.locked - {old}) | {card.key}
            self.changed()

    def left_since(self, item: StackItem) -> bool:
        """Has the source of this ability changed zones since the ability triggered or was activated?"""
        incarnation = item.context.get("incarnation")
        obj = self.objects.get(item.source)
        return incarnation is not None and obj is not None and obj.incarnation != incarnation

    def condition_holds(self, item: StackItem, condition) -> bool:
        """An "if" (spells.Condition) for an ability of ``item.source`` controlled by ``item.controller``."""
        you = item.controller
        if condition.life_at_least is not None and self.players[you].life < condition.life_at_least:
            return False
        if condition.controls is not None:
            if not any(
                self.matches(condition.controls, obj.id, source=item.source, controller=you)
                for obj in self.in_zone("battlefield")
            ):
                return False
        if condition.count is None and not condition.counters:
            return True
        if condition.count is not None:
            zone = condition.count.zone
            pool = self.objects.values() if zone == "any" else self.in_zone(zone)
            number = sum(1 for obj in pool if self.matches(condition.count, obj.id, source=item.source, controller=you))
        elif self.left_since(item) or self.objects[item.source].zone != "battlefield":
            # Rule 603.10a: "if it had no +1/+1 counters on it" looks at the permanent as it last existed.
            number = self.last_known.get(item.source, {}).get("counters", {}).get(condition.counters, 0)
        else:
            counter = self.objects[item.source].counters.get(condition.counters)
            number = counter.count if counter else 0
        if condition.at_least is not None and number < condition.at_least:
            return False
        return condition.at_most is None or number <= condition.at_most

    def run_instructions(self, item: StackItem, instructions, context: dict) -> None:
        for instruction in instructions:
            if instruction.mode and instruction.mode not in item.modes:
                continue
            self.budget.tick()
            done = self.run_instruction(item, instruction, context)
            if done and instruction.then:
                self.run_instructions(item, instruction.then, context)
            if not done and instruction.otherwise:
                self.run_instructions(item, instruction.otherwise, context)

    # References (see spells.py): objects and players an instruction acts on.

    def objects_for(self, item: StackItem, ref: str, context: dict) -> list[str]:
        if ref == "self":
            obj = self.objects.get(item.source)
            return [item.source] if obj is not None else []
        if ref == "chosen":
            # "you may sacrifice another creature": the step's choice (``choose``), if it takes the option.
            pick = self.decisions.get("choose", {}).get(item.controller) if context.get("pay", True) else None
            if pick is None:
                return []
            if not any(self.matches(f, pick, source=item.source, controller=item.controller) for f in context["each"]):
                raise IllegalAction(f"{self.name(pick)} can't be chosen", code="bad-choice", rule="608.2d")
            return [pick]
        if ref == "each":
            return [
                obj.id
                for obj in self.in_zone("battlefield")
                if any(self.matches(f, obj.id, source=item.source, controller=item.controller) for f in context["each"])
            ]
        if ref == "subject":
            if item.subject is None:
                return []
            oid, incarnation = item.subject
            obj = self.objects.get(oid)
            # Rule 603.7c: an object that left its zone is a new object; the ability won't affect it.
            return [oid] if obj is not None and obj.incarnation == incarnation else []
        if ref in item.targets:
            found = []
            for target in item.targets[ref]:
                if target[0] != "object" or (ref, target) in context["illegal"]:
                    continue
                obj = self.objects.get(target[1])
                if obj is not None and obj.incarnation == target[2]:
                    found.append(target[1])
            return found
        if ref in self.objects:
            return [ref]
        raise IllegalAction(f"{item.label}: unknown object reference {ref!r}", code="bad-reference")

    def players_for(self, item: StackItem, ref: str, context: dict) -> list[str]:
        if ref in ("you", ""):
            return [item.controller]
        if ref == "each_opponent":
            return self.opponents_of(item.controller)
        if ref == "each_player":
            return self.in_game()  # rule 800.4a: not a player who has left
        if ref == "that_player":  # the player whose action triggered it ("that player", 603.2)
            return [item.context.get("player") or item.controller]
        if ref == "that_players_opponents":
            return self.opponents_of(item.context.get("player") or item.controller)
        if ref in item.targets:
            return [t[1] for t in item.targets[ref] if t[0] == "player" and (ref, t) not in context["illegal"]]
        if ref in self.players:
            return [ref]
        raise IllegalAction(f"{item.label}: unknown player reference {ref!r}", code="bad-reference")

    def amount(self, item: StackItem, amount: Amount, context: dict) -> int:
        """Rule 107.1b: a negative result is 0."""
        value = amount.constant
        if amount.of == "x":
            value += item.x
        elif amount.of == "life":
            value += self.players[item.controller].life
        elif amount.of in ("power", "toughness"):
            if amount.ref == "sacrificed":
                known = item.sacrificed or {}
                pt = known.get("pt") or "0/0"
                value += int(pt.split("/")[0 if amount.of == "power" else 1])
            else:
                ids = self.objects_for(item, amount.ref, context)
                if ids:
                    value += getattr(self.computed(ids[0]), amount.of) or 0
        elif amount.of == "count":
            value += sum(
                1
                for obj in self.in_zone("battlefield")
                if self.matches(amount.count, obj.id, source=item.source, controller=item.controller)
            )
        elif amount.of == "that_much":  # the amount of the event a replacement effect replaces (616.2)
            value += item.context.get("that_much", 0)
        elif amount.of == "counters":
            if amount.ref == "self" and self.left_since(item):
                # Rule 608.2h: the permanent that left: its last known information.
                value += self.last_known.get(item.source, {}).get("counters", {}).get(amount.kind, 0)
            else:
                ids = self.objects_for(item, amount.ref, context)
                if ids and amount.kind in self.get(ids[0]).counters:
                    value += self.get(ids[0]).counters[amount.kind].count
        return max(0, value)

    def run_instruction(self, item: StackItem, ins: Instruction, context: dict) -> bool:
        """One instruction; True when it was done (for "if you do", rule 118.12)."""
        do = ins.do
        context["each"] = ins.each
        if do == "sacrifice" and ins.what == "each" and ins.who != "you":
            return self.each_sacrifices(item, ins, context)
        if do == "destroy" and ins.what == "each":
            # "Destroy all …": every one at once (rule 608.2j), so leave-the-battlefield abilities see them all.
            doomed = [self.get(oid) for oid in self.objects_for(item, "each", context)]
            doomed = [obj for obj in doomed if not self.computed(obj.id).has_keyword("indestructible")]
            doomed = [obj for obj in doomed if not self.regenerates(obj)]
            for obj in doomed:
                self.emit("destroyed", name=obj.name)
            if doomed:
                self.put_into_graveyard(doomed)
            return bool(doomed)
        if do == "regenerate":
            objects = [o for o in self.objects_for(item, ins.what, context) if self.objects[o].zone == "battlefield"]
            for oid in objects:
                label = f"{item.label}: the next time {self.name(oid)} would be destroyed this turn, it regenerates"
                self.regeneration_shields.append({"key": self.get(oid).key, "turn": self.turn.number, "label": label})
                self.emit("effect", rule="614.8", label=label)
            return bool(objects)
        if do == "gets":
            objects = [o for o in self.objects_for(item, ins.what, context) if self.objects[o].zone == "battlefield"]
            value = self.amount(item, ins.amount, context)
            for oid in objects:
                self.create_effect(
                    self.next_id("effect"),
                    f"{item.label}: +{value}/+{value} until end of turn",
                    EffectSpec(affects=Selector("ids", (oid,)), modify_pt=(value, value)),
                    controller=item.controller,
                    source=item.source,
                    duration=ins.duration or "end_of_turn",
                )
            return bool(objects)
        if do in ("damage", "destroy", "exile", "bounce", "sacrifice", "counters", "tap", "untap", "effect"):
            if do == "damage" and ins.what in item.targets and any(t[0] == "player" for t in item.targets[ins.what]):
                players = self.players_for(item, ins.what, context)
                for player in players:
                    self.damage(item.source, player, self.amount(item, ins.amount, context), source_label=item.label)
                objects = [oid for oid in self.objects_for(item, ins.what, context)]
                for oid in objects:
                    self.damage(item.source, oid, self.amount(item, ins.amount, context), source_label=item.label)
                return bool(players or objects)
            objects = self.objects_for(item, ins.what, context)
            on_field = [oid for oid in objects if self.objects[oid].zone == "battlefield"]
            if do == "effect":
                if not on_field and ins.what != "self":
                    return False
                spec = ins.effect
                ids = tuple(on_field) if ins.what != "self" else (item.source,)
                self.create_effect(
                    self.next_id("effect"),
                    f"{item.label}: {spec.describe()}"
                    + (" until end of turn" if ins.duration == "end_of_turn" else ""),
                    EffectSpec(**{**spec.__dict__, "affects": Selector("ids", ids)})
                    if spec.affects.kind in ("self", "ids")
                    else spec,
                    controller=item.controller,
                    source=item.source,
                    duration=ins.duration,
                )
                return True
            if not on_field:
                return False
            for oid in on_field:
                if do == "damage":
                    self.damage(item.source, oid, self.amount(item, ins.amount, context), source_label=item.label)
                elif do == "destroy":
                    self.destroy(oid)
                elif do == "exile":
                    self.move(oid, "exile")
                elif do == "bounce":
                    self.move(oid, "hand")
                elif do == "sacrifice":
                    if self.computed(oid).controller != item.controller:
                        return False
                    item.sacrificed = self.sacrifice(oid)
                elif do == "counters":
                    count = ins.amount.constant if not ins.amount.of else self.amount(item, ins.amount, context)
                    if count >= 0:
                        self.add_counters(oid, ins.kind, count)
                    else:
                        self.remove_counters(oid, ins.kind, -count)
                elif do == "tap":
                    self.tap(oid)
                elif do == "untap":
                    self.untap(oid)
            return True
        if do in ("gain_life", "lose_life", "draw", "win"):
            players = self.players_for(item, ins.who, context)
            for player in players:
                count = self.amount(item, ins.amount, context)
                if do == "gain_life":
                    self.gain_life(player, count, source=item.label)  # engine/combat.py
                elif do == "lose_life":
                    self.lose_life(player, count)
                elif do == "draw":
                    self.draw(player, count)
                else:
                    self.win(player)
            return bool(players)
        if do == "add_mana":
            return self.produce_mana(item, ins, context)
        if do == "copy_mana":
            if item.context.get("mana"):
                self.add_mana(item.context.get("player") or item.controller, item.context["mana"][:3])
                return True
            return False
        if do == "gain_control":
            objects = [o for o in self.objects_for(item, ins.what, context) if self.objects[o].zone == "battlefield"]
            if ins.duration == WHILE_CONTROLLED and not self.still_controls(item.controller, item.source):
                # Rule 611.2b: a "for as long as" duration that ended before the effect began: nothing.
                self.emit("duration-over", rule="611.2b", label=item.label)
                return False
            for oid in objects:
                label = f"{item.label}: {self.name(oid)}"
                self.gain_control(oid, item.controller, duration=ins.duration, label=label, source=item.source)
            return bool(objects)
        if do == "exchange_control":
            first = self.objects_for(item, ins.what, context)
            pair = first + self.objects_for(item, ins.other, context) if ins.other else first
            pair = [oid for oid in pair if self.objects[oid].zone == "battlefield"]
            if len(pair) != 2:
                self.emit("exchange-failed", rule="701.10a", label=item.label)
                return False
            a, b = pair
            owner_a, owner_b = self.computed(a).controller, self.computed(b).controller
            self.gain_control(a, owner_b, label=f"{item.label}: {self.name(a)}")
            self.gain_control(b, owner_a, label=f"{item.label}: {self.name(b)}")
            return True
        if do == "counter":
            objects = [o for o in self.objects_for(item, ins.what, context) if self.objects[o].zone == "stack"]
            for oid in objects:
                self.counter_spell(oid)
            return bool(objects)
        if do == "delayed":
            about = None
            ids = self.objects_for(item, ins.what, context) if ins.what else []
            if ins.what and ins.what != "self" and not ids and ins.what in item.targets:
                return False
            if ins.what == "self" and item.kind != "spell":
                # "this creature": the object the ability came from, as it was then (603.7a, 400.7)
                about = (item.source, item.context.get("incarnation", self.get(item.source).incarnation))
            elif ids:
                about = self.get(ids[0]).key
            self.create_delayed(item, ins.trigger, about, context)
            return True
        if do == "pay":
            return self.pay_on_resolution(item, ins, context)
        if do == "reflexive":
            # Rule 603.12: created by this resolution, it triggers at once on what happened in it.
            reflexive = StackItem(
                self.next_id("trigger"),
                f"{item.label} (reflexive)",
                item.controller,
                item.source,
                "trigger",
                ins.trigger,
                dict(item.context),
                program=ins.trigger.program,
                sacrificed=item.sacrificed,
            )
            if reflexive.program.targets and not self.choose_trigger_targets(reflexive):
                self.emit("no-targets", rule="603.3d", label=reflexive.label)
                return False
            self.pending_triggers.append(reflexive)
            self.emit("trigger-waits", rule="603.12", label=reflexive.label)
            return True
        if do == "set_life":  # "your life total becomes N" (rule 119.5)
            players = self.players_for(item, ins.who, context)
            for player in players:
                self.players[player].life = self.amount(item, ins.amount, context)
                self.emit("life", player=self.player_name(player), life=self.players[player].life)
            self.changed()
            return bool(players)
        if do == "shuffle_into_library":
            players = self.players_for(item, ins.who, context)
            for player in players:
                self.shuffle_into_library(player)  # engine/sba.py
            return bool(players)
        if do == "return_to_hand":  # "return [a] card from your graveyard to your hand"
            moved = 0
            for player in self.players_for(item, ins.who, context):
                for card in self.in_zone("graveyard", player)[: self.amount(item, ins.amount, context)]:
                    self.move(card.id, "hand")
                    moved += 1
            return bool(moved)
        if do == "return_to_battlefield":
            # "Return it to the battlefield under its owner's control" (undying, 702.93a): the card that was
            # put into a graveyard, if it is still there (400.7: it is the object the ability knows).
            cards = [oid for oid in self.objects_for(item, ins.what, context) if self.objects[oid].zone == "graveyard"]
            for oid in cards:
                counters = {ins.kind: self.amount(item, ins.amount, context)} if ins.kind else None
                self.enter(oid, controller=self.objects[oid].owner, extra_counters=counters)
            return bool(cards)
        if do == "put_onto_battlefield":
            objects = self.objects_for(item, ins.what, context)
            for oid in objects:
                if ins.effect is not None:
                    self.entering_effects[oid] = (item, ins.effect)
                self.enter(oid, controller=item.controller)
            return bool(objects)
        raise IllegalAction(f"unknown instruction {do!r}", code="bad-instruction")

    def each_sacrifices(self, item: StackItem, ins: Instruction, context: dict) -> bool:
        """ "Each player sacrifices a creature" (rule 101.4): the active player chooses first, then each other
        player in turn order; then every chosen permanent is sacrificed at the same time. A choice is the
        step's (``choose = { you = "bear" }``), else the first the player controls."""
        players = self.players_for(item, ins.who, context)
        order = list(self.players)
        start = order.index(self.turn.active)
        players = sorted(players, key=lambda p: (order.index(p) - start) % len(order))
        chosen = []
        for player in players:
            candidates = [
                obj.id
                for obj in self.in_zone("battlefield")
                if self.computed(obj.id).controller == player
                and any(self.matches(f, obj.id, source=item.source, controller=player) for f in ins.each)
            ]
            pick = self.decisions.get("choose", {}).get(player)
            if pick is not None and pick not in candidates:
                raise IllegalAction(f"{self.name(pick)} can't be chosen", code="bad-choice", rule="101.4")
            pick = pick or (candidates[0] if candidates else None)
            if pick is not None:
                self.emit("sacrifice-chosen", rule="101.4", player=self.player_name(player), name=self.name(pick))
                chosen.append(self.get(pick))
        for obj in chosen:
            self.emit("sacrificed", rule="701.17a", name=obj.name)
        if chosen:
            self.put_into_graveyard(chosen)
        return bool(chosen)

    def produce_mana(self, item: StackItem, ins: Instruction, context: dict) -> bool:
        """Rule 106.5: an ability that would produce mana of an undefined type produces none; 106.7:
        "mana of any color that [lands] could produce"."""
        if ins.mana in ("chosen_color_of_permanent",):
            colors = set()
            for obj in self.in_zone("battlefield"):
                view = self.computed(obj.id)
                if view.controller == item.controller:
                    colors |= set(view.colors)
            if not colors:
                self.emit("no-mana", rule="106.5", label=item.label)
                return False
            symbol = "{" + sorted(colors, key=COLORS.index)[0] + "}"
        elif ins.mana == "could_produce":
            types = self.could_produce(item.controller, opponents=True, seen=set())
            if not types:
                self.emit("no-mana", rule="106.7", label=item.label)
                return False
            symbol = "{" + sorted(types, key=MANA_TYPES.index)[0] + "}"
        elif ins.mana == "double_pool":
            pool = list(self.pool(item.controller))
            for mana in pool:
                self.pool(item.controller).append(Mana(mana.type))
            self.emit("mana", rule="106.6", player=self.player_name(item.controller), mana=mana_text(pool))
            self.changed()
            return bool(pool)
        else:
            symbol = ins.mana
        count = self.amount(item, ins.amount, context) if ins.amount.of else ins.amount.constant
        if count <= 0:
            self.emit("no-mana", rule="107.1b", label=item.label)
            return False
        self.add_mana(item.controller, symbol * count)
        item.mana = symbol
        return True

    def could_produce(self, player: str, *, opponents: bool, seen: set) -> set[str]:
        """Rule 106.7: the types of mana the lands of ``player``'s opponents (or their own) could produce,
        ignoring costs; an Exotic Orchard asks the other side in turn (each land once)."""
        types: set[str] = set()
        for obj in self.in_zone("battlefield"):
            view = self.computed(obj.id)
            if "Land" not in view.types or obj.id in seen:
                continue
            if (view.controller != player) != opponents:
                continue
            for inst in view.abilities:
                program = inst.ability.program
                if not inst.ability.mana_ability or program is None:
                    continue
                for ins in program.instructions:
                    if ins.do != "add_mana":
                        continue
                    if ins.mana == "could_produce":
                        types |= self.could_produce(view.controller, opponents=True, seen=seen | {obj.id})
                    elif ins.mana.startswith("{"):
                        types |= {s.text for s in ManaCost.parse(ins.mana).symbols}
        return types

    def pay_on_resolution(self, item: StackItem, ins: Instruction, context: dict) -> bool:
        """ "[Pay cost]. If you don't, …" (rules 118.12, 702.24a echo and cumulative upkeep): the cost
        times ``amount``, paid if the controller chose to (``context['pay']``, default yes) and can."""
        if not context.get("pay", True):
            return False
        times = self.amount(item, ins.amount, context)
        cost = ins.cost
        player = item.controller
        if cost.life:
            life = cost.life * times
            if self.players[player].life < life:
                return False
            self.lose_life(player, life)
            self.emit("paid", rule="118.3", player=self.player_name(player), cost=f"{life} life")
            return True
        if cost.mana is not None:
            symbols = []
            for _ in range(times):
                symbols.extend(cost.mana.symbols)
            total = ManaCost(tuple(symbols))
            x = self.amount(item, ins.x, context) if ins.x is not None else 0
            if self.payable(player, total, x=x) is None:
                return False
            self.pay_mana(player, total, x=x)
            return True
        return False

    def regenerates(self, obj) -> bool:
        """Rule 614.8: the next time a permanent with a shield this turn would be destroyed, instead its
        damage is removed and it is tapped; an attacking or blocking creature is removed from combat (701.15a,
        506.4). Uses the shield; False when there is none."""
        turn = self.turn.number
        shield = next((s for s in self.regeneration_shields if s["key"] == obj.key and s["turn"] == turn), None)
        if shield is None or not switches.on("614.8"):
            return False
        self.regeneration_shields.remove(shield)
        obj.damage = 0
        self.tap(obj.id)
        self.emit("regenerated", rule="701.15", name=obj.name)
        self.remove_one_from_combat(obj.id, rule="701.15a")  # engine/combat.py
        self.changed()
        return True

    def still_controls(self, player: str, object_id: str | None) -> bool:
        obj = self.objects.get(object_id) if object_id else None
        return obj is not None and obj.zone == "battlefield" and self.computed(object_id).controller == player

    def end_lapsed_effects(self) -> None:
        """Rule 611.2b: a "for as long as you control [this]" effect ends when that stops being true."""
        for effect in [e for e in self.effects if e.duration == WHILE_CONTROLLED]:
            if not self.still_controls(effect.controller, effect.source):
                self.effects.remove(effect)
                self.emit("effect-ended", rule="611.2b", label=effect.label)
                self.changed()

    def win(self, player: str) -> None:
        """Rule 104.2b: an effect says a player wins; the others lose."""
        self.players[player].won = True
        self.emit("won", rule="104.2b", player=self.player_name(player))
        for other in self.opponents_of(player):
            self.players[other].lost = True
        self.changed()

    def counter_spell(self, object_id: str) -> None:
        """Rule 701.5a: a countered spell is removed from the stack to its owner's graveyard."""
        item = next((i for i in self.stack if i.kind == "spell" and i.source == object_id), None)
        if item is None:
            return
        self.stack.remove(item)
        self.emit("countered", rule="701.5a", label=item.label)
        card = self.get(object_id)
        self.to_graveyard(card)
        self.changed()

    def change_targets(self, spell_id: str, targets: dict[str, list[str]]) -> None:
        """Rule 115.7e: only the final set of targets is checked (each word "target" once)."""
        item = next((i for i in self.stack if i.source == spell_id), None)
        if item is None:
            raise IllegalAction(f"{self.name(spell_id)} is not on the stack", code="not-on-stack", rule="115.7")
        previous = dict(item.targets)
        chosen = {name: [ref[1] for ref in refs] for name, refs in previous.items()}
        chosen.update(targets)
        item.targets = {}
        try:
            self.choose_targets(item, item.program, chosen)
        except IllegalAction:
            item.targets = previous
            raise
        self.emit("targets-changed", rule="115.7", label=item.label)
        self.changed()


def trigger_resolved_here(item: StackItem) -> bool:
    return item.kind == "trigger" and item.trigger is not None and item.trigger.on == "tapped_for_mana"


def adjust_generic(symbols: list[ManaSymbol], change: int) -> list[ManaSymbol]:
    """Add or remove generic mana (rule 601.2f: a reduction only reduces the generic part, 118.7d)."""
    generic = sum(int(s.text) for s in symbols if s.text.isdigit()) + change
    others = [s for s in symbols if not s.text.isdigit()]
    return ([ManaSymbol(str(generic))] if generic > 0 else []) + others


def cost_text(cost: ManaCost, x: int) -> str:
    symbols = [s for s in cost.symbols if s.text != "X"]
    generic = sum(int(s.text) for s in symbols if s.text.isdigit()) + x * sum(1 for s in cost.symbols if s.text == "X")
    rest = "".join(f"{{{s.text}}}" for s in symbols if not s.text.isdigit())
    return (f"{{{generic}}}" if generic else "") + rest or "{0}"


__all__ = ["Casting", "Mana", "mana_text"]
