"""Running a scenario: build the game, take each step, check what the example says.

``run(scenario, params)`` returns a :class:`Trace`: the state after each step (as plain
data), the checks with expected and actual values, and whether everything held. A step
the rules forbid, or a run over its budget, stops the run with a message instead of
raising. Parameters are validated first (:class:`~.scenarios.ParameterError`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import expressions
from .engine import legality
from .engine.budget import Budget
from .engine.casting import mana_text
from .engine.definitions import EffectSpec, Selector
from .engine.errors import BudgetExceeded, EngineError, IllegalAction
from .engine.events import event_text
from .engine.game import Game
from .engine.mana import ordered_colors
from .engine.snapshot import snapshot
from .engine.state import Event, timestamp_label
from .scenarios import (
    MAX_COUNT,
    PT_RE,
    Scenario,
    ScenarioError,
    Step,
    Table,
    build_ability,
    build_cards,
    build_copy_except,
    build_effect,
    build_filter,
    interpolated,
    line_of,
)

CHECK_LABELS = {
    "pt": "power/toughness",
    "power": "power",
    "toughness": "toughness",
    "base_pt": "base power/toughness",
    "creature": "is a creature",
    "types": "card types",
    "subtypes": "subtypes",
    "supertypes": "supertypes",
    "colors": "colors",
    "has": "has",
    "lacks": "lacks",
    "zone": "zone",
    "controller": "controller",
    "owner": "owner",
    "tapped": "tapped",
    "damage": "damage marked",
    "counters": "counters",
    "mana_value": "mana value",
    "layers": "layers its effects applied in",
    "order_in_layer": "order of effects in a layer",
    "effect_timestamp": "an effect's timestamp",
    "can": "legal actions",
    "exists": "exists",
    "last_known_counters": "counters when it last existed on the battlefield",
    "waiting_effects": "effects that exist but do nothing to it yet",
    "life": "life total",
    "hand": "cards in hand",
    "library": "cards in library",
    "graveyard": "cards in graveyard",
    "lost": "has lost the game",
    "won": "has won the game",
    "mana_pool": "mana pool",
    "stack": "the stack (bottom to top)",
    "events_include": "what happened in this step",
    "waiting_triggers": "triggered abilities waiting to be put on the stack",
    "attacking": "what it attacks",
    "blocking": "the creatures it blocks",
    "blocked": "is blocked",
    "assignment_order": "damage assignment order",
    "legal_assignments": "the legal assignments of its combat damage",
    "poison": "poison counters",
    "in_game": "is in the game",
    "in_range": "the players within their range of influence",
    "choosable": "what they may choose for another player's spell or ability",
    "turn_order": "the players in the game, in turn order",
    "event_count": "how many times each thing happened in this step",
    "legal": "the action is legal",
    "reasons": "why it is illegal",
    "name": "name",
    "texts": "rules text",
    "face_down": "is face down",
    "transformed": "has its back face up",
    "every_creature_type": "has every creature type",
    "mana_cost": "mana cost",
    "restrictions": "effects on the game's rules that apply to it",
}


@dataclass
class Check:
    step: int
    subject: str
    target: str
    key: str
    what: str
    expected: object
    actual: object
    ok: bool
    says: str = ""

    def as_json(self) -> dict:
        return {"what": self.what, "expected": self.expected, "actual": self.actual, "ok": self.ok}


@dataclass
class StepResult:
    step: Step
    state: dict
    checks: list[Check] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    error: str = ""
    error_code: str = ""

    @property
    def ok(self) -> bool:
        return not self.error and all(check.ok for check in self.checks)

    @property
    def action(self) -> str:
        return self.step.text("en")

    def as_json(self) -> dict:
        data = {
            "action": self.action,
            "do": self.step.do,
            "state": self.state,
            "checks": [check.as_json() for check in self.checks],
            "events": [event_text(event) for event in self.events],
        }
        if self.error:
            data["error"] = self.error
        return data


@dataclass
class Trace:
    scenario: Scenario
    params: dict[str, object]
    steps: list[StepResult] = field(default_factory=list)
    stopped: str = ""  # why the run stopped early (an illegal step, the budget)
    stopped_code: str = ""

    @property
    def passed(self) -> bool:
        return not self.stopped and all(step.ok for step in self.steps)

    @property
    def checks(self) -> list[Check]:
        return [check for step in self.steps for check in step.checks]

    def first_failure(self) -> str:
        """The first failed expectation, naming the step and the values; '' when all held."""
        for number, step in enumerate(self.steps, start=1):
            if step.error:
                return f"step {number} ({step.action}): {step.error}"
            for check in step.checks:
                if not check.ok:
                    return (
                        f"step {number} ({step.action}): {check.what}: expected {show(check.expected)}, "
                        f"got {show(check.actual)}"
                    )
        return self.stopped

    def as_json(self) -> dict:
        data = {
            "slug": self.scenario.slug,
            "passed": self.passed,
            "params": dict(self.params),
            "steps": [step.as_json() for step in self.steps],
        }
        if self.stopped:
            data["stopped"] = self.stopped
        if not self.passed:
            data["first_failure"] = self.first_failure()
        return data


def show(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)


def run(scenario: Scenario, params: dict[str, object] | None = None, *, budget: Budget | None = None) -> Trace:
    values = scenario.parse_params(params or {})
    trace = Trace(scenario, values)
    game = Game(rules="mtg" if scenario.game == "mtg" else "berserk", budget=budget or Budget())
    try:
        cards = build_cards(scenario.path, scenario.cards, values)
        for player_id, player in scenario.players.items():
            game.add_player(player_id, player["name"], player["life"])
            game.players[player_id].range = player.get("range")
        for step in scenario.steps:
            if not step.applies(values):
                continue  # an "if, instead" branch these parameters do not take
            result = StepResult(step, {})
            trace.steps.append(result)
            try:
                verdict = take(game, scenario, step, values, cards)
                game.settle()
                game.note_control_changes()
            except BudgetExceeded:
                raise
            except EngineError as error:
                result.error, result.error_code = str(error), error.code
                result.events = game.take_events()
                result.state = snapshot(game)
                trace.stopped = f"step {step.index + 1} ({step.text('en')}): {error}"
                trace.stopped_code = error.code
                break
            except ScenarioError as error:  # a value the parameters make impossible: the file's line
                located(scenario, error)
                result.error, result.error_code = error.short(), "scenario"
                result.events = game.take_events()
                trace.stopped = error.short()  # pages show it: the file's name, not the server's folders
                trace.stopped_code = "scenario"
                break
            except ValueError as error:  # a reference the scenario makes that the game cannot follow
                result.error, result.error_code = str(error), "scenario"
                result.events = game.take_events()
                trace.stopped = f"step {step.index + 1} ({step.text('en')}): {error}"
                trace.stopped_code = "scenario"
                break
            result.events = game.take_events()
            result.state = snapshot(game)
            result.checks = [
                evaluate(game, step, expectation, values, verdict, result.events) for expectation in step.expects
            ]
    except ScenarioError as error:  # a card the parameters make impossible ({${n - 3}} with n = 1)
        trace.stopped = located(scenario, error).short()
        trace.stopped_code = "scenario"
    except BudgetExceeded as error:
        trace.stopped = str(error)
        trace.stopped_code = error.code
        if trace.steps and not trace.steps[-1].state:
            trace.steps[-1].error = str(error)
            trace.steps[-1].error_code = error.code
    return trace


def located(scenario: Scenario, error: ScenarioError) -> ScenarioError:
    """The error with the line of its field in the scenario's file (the run's tables know no lines)."""
    if error.line is None:
        error.line = line_of(scenario.lines, error.where)
    return error


# -- steps ---------------------------------------------------------------------------------


def number(value: object, params: dict) -> int:
    value = expressions.interpolate(value, params)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a whole number")
    return value


def how_many(scenario: Scenario, where: str, raw: object, params: dict) -> int:
    """A count or an amount: a whole number from 0 to MAX_COUNT. The reader checks written numbers; one
    computed from the parameters (``${n - 2}``) is checked here, and names the file's line."""
    value = number(raw, params)
    if not 0 <= value <= MAX_COUNT:
        raise scenario.error(where, f"{raw} is {value} with these parameters; it must be between 0 and {MAX_COUNT}")
    return value


def ids_for(base: str, raw_count: object, count: int) -> list[str]:
    return [base] if raw_count == 1 else [f"{base}-{n}" for n in range(1, count + 1)]


def choices_for(raw: dict, params: dict) -> dict:
    choices = {}
    for key, value in raw.items():
        value = expressions.interpolate(value, params)
        if key == "pt":
            match = PT_RE.match(str(value))
            if not match:
                raise ValueError(f"{value!r} is not a power/toughness choice such as 3/3")
            value = (int(match.group(1)), int(match.group(2)))
        choices[key] = value
    return choices


def take(game: Game, scenario: Scenario, step: Step, params: dict, cards: dict):
    """Take one step; returns the legality verdict of an attempt, else None. The step's choices for the
    game (the targets of the triggers it causes; the order of replacement effects; what is chosen as something
    resolves) last as it does."""
    game.decisions = {
        "targets": step.args.get("trigger_targets", {}),
        "replacements": step.args.get("replacement_order", []),
    }
    try:
        return take_step(game, scenario, step, params, cards)
    finally:
        game.decisions = {}


def take_step(game: Game, scenario: Scenario, step: Step, params: dict, cards: dict):
    args = step.args
    do = step.do
    path = scenario.path

    def count(key: str) -> int:
        return how_many(scenario, f"steps[{step.index}].{key}", args[key], params)

    if do == "setup":
        setup(game, scenario, args, params, cards)
    elif do == "move":
        game.move(args["object"], args["to"], top=args["top"])
    elif do == "enter":
        game.enter(
            args["object"],
            controller=args["controller"],
            choices=choices_for(args["choices"], params),
            attached_to=args["attached_to"],
        )
    elif do == "create":
        for object_id in ids_for(args["id"], args["count"], count("count")):
            game.create_token(object_id, cards[args["card"]], controller=args["controller"])
    elif do == "draw":
        game.draw(args["player"], count("count"))
    elif do == "discard":
        game.discard(args["player"], None if args["count"] is None else count("count"))
    elif do == "crew":
        game.crew(args["vehicle"], args["crew"])
    elif do == "resolve":
        game.decisions.update(pay=args["pay"], choose=args["choose"])
        for _ in range(count("count")):
            game.resolve()
    elif do in ("cast", "activate", "change_targets"):
        return cast_or_activate(game, scenario, step, params)
    elif do == "add_mana":
        only = args["only_for"]
        only_for = build_filter(built(path, f"steps[{step.index}].only_for", only, params)) if only else None
        game.add_mana(args["player"], str(expressions.interpolate(args["mana"], params)), only_for=only_for)
    elif do == "apply":
        spec = build_effect(built(path, f"steps[{step.index}].effect", args["effect"], params), params)
        game.create_effect(
            args["id"],
            args["label"],
            spec,
            controller=args["controller"],
            source=args["source"],
            duration=args["duration"],
        )
    elif do == "end_effect":
        game.end_effect(args["effect"])
    elif do == "counters":
        game.add_counters(args["object"], args["kind"], count("count"))
    elif do == "damage":
        game.damage(args["source"], args["target"], count("amount"))
    elif do == "lose_life":
        game.lose_life(args["player"], count("amount"))
    elif do == "gain_life":
        game.gain_life(args["player"], count("amount"))
    elif do == "attach":
        game.attach(args["object"], args["to"])
    elif do == "tap":
        game.tap(args["object"])
    elif do == "untap":
        game.untap(args["object"])
    elif do == "gain_control":
        game.gain_control(args["object"], args["player"], duration=args["duration"], label=args["label"])
    elif do == "give_ability":
        ability = build_ability(built(path, f"steps[{step.index}].ability", args["ability"], params), params)
        target = game.get(args["object"])
        label = args["label"] or f"{target.name} gains {ability.label}"
        game.create_effect(
            args["id"] or game.next_id("ability"),
            label,
            EffectSpec(affects=Selector("ids", (target.id,)), add_abilities=(ability,)),
            controller=game.controller_of(target.id) or target.owner,
            duration=args["duration"],
        )
    elif do == "destroy":
        game.destroy(args["object"])
    elif do == "destroy_all":
        flt = build_filter(built(path, f"steps[{step.index}].filter", args["filter"], params))
        game.destroy_all(flt, controller=args["controller"])
    elif do == "mill":
        game.mill(args["player"], count("count"))
    elif do == "end_turn":
        game.end_turn()
    elif do == "go_to":
        game.go_to(args["step"])
    elif do == "begin_resolution":
        game.begin_resolution(args["label"])
    elif do == "end_resolution":
        game.end_resolution(spell=args["spell"])
    elif do in COPY_STEPS:
        take_copy_step(game, scenario, step, params)
    elif do in COMBAT_STEPS:
        verdict = combat_step(game, scenario, step, params, cards)
        if verdict is not None and not verdict.legal and not any(e.subject == "attempt" for e in step.expects):
            raise IllegalAction(f"the {do.replace('_', ' ')} step is {verdict.text()}", code="illegal-" + do)
        return verdict
    elif do == "attempt":
        verdict = legality.check(game, args["action"], args["object"])
        if verdict.legal:
            legality.perform(game, args["action"], args["object"], target=args["target"])
        return verdict
    return None


COMBAT_STEPS = (
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "put_blocking",
    "end_combat",
    "leave_game",
    "damage_each",
    "prevent",
)


def combat_step(game: Game, scenario: Scenario, step: Step, params: dict, cards: dict):
    """The combat and multiplayer steps; a declaration returns its verdict."""
    args = step.args
    if step.do == "declare_attackers":
        attackers = args["attackers"]
        if isinstance(attackers, list):
            opponent = game.next_player(game.turn.active)
            attackers = dict.fromkeys(attackers, opponent)
        return game.declare_attackers(attackers, args["bands"])
    if step.do == "declare_blockers":
        return game.declare_blockers(args["blocks"], args["order"])
    if step.do == "combat_damage":
        return game.combat_damage(args["assign"])
    if step.do == "put_blocking":
        game.create_token(args["id"], cards[args["card"]], controller=args["controller"])
        game.put_blocking(args["id"], args["attacker"], args["position"])
    elif step.do == "end_combat":
        game.end_combat()
    elif step.do == "leave_game":
        game.leave_game(args["player"])
    elif step.do == "prevent":
        amount = args["amount"]
        if amount is not None:
            amount = how_many(scenario, f"steps[{step.index}].amount", amount, params)
        game.prevent(
            args["label"],
            controller=args["controller"],
            target=args["target"],
            amount=amount,
            combat_only=args["combat"],
            source=args["source"],
            gain=args["gain"],
            redirect_to=args["redirect_to"],
        )
    elif step.do == "damage_each":
        flt = build_filter(built(scenario.path, f"steps[{step.index}].filter", args["filter"], params))
        amount = how_many(scenario, f"steps[{step.index}].amount", args["amount"], params)
        game.damage_each(args["source"], flt, amount, controller=args["controller"])
    return None


COPY_STEPS = ("become_copy", "create_copy", "transform", "flip", "turn_face_up", "enter_together", "put_sticker")


def take_copy_step(game: Game, scenario: Scenario, step: Step, params: dict) -> None:
    """The steps of copies and faces (engine/copies.py)."""
    args, do = step.args, step.do
    if do == "become_copy":
        where = f"steps[{step.index}].except"
        exceptions = build_copy_except(built(scenario.path, where, args["except"], params), params)
        game.become_copy(
            args["object"],
            args["of"],
            exceptions=exceptions,
            effect_id=args["id"] or "",
            label=args["label"],
            duration=args["duration"],
        )
    elif do == "create_copy":
        game.create_copy_token(
            args["id"], args["of"], controller=args["controller"], choices=choices_for(args["choices"], params)
        )
    elif do == "transform":
        if args["object"]:
            game.transform(args["object"])
        else:
            flt = build_filter(built(scenario.path, f"steps[{step.index}].all", args["all"], params))
            for obj in [o for o in game.in_zone("battlefield") if game.matches(flt, o.id)]:
                game.transform(obj.id)
    elif do == "flip":
        game.flip(args["object"])
    elif do == "turn_face_up":
        game.turn_face_up(args["object"])
    elif do == "enter_together":
        game.enter_together(args["objects"], controller=args["controller"])
    elif do == "put_sticker":
        after = how_many(scenario, f"steps[{step.index}].after", args["after"], params)
        game.put_name_sticker(args["object"], args["word"], after)
    else:  # pragma: no cover - COPY_STEPS names the steps above
        raise IllegalAction(f"unknown step {do!r}", code="scenario")


def cast_or_activate(game: Game, scenario: Scenario, step: Step, params: dict):
    """Cast a spell, activate an ability or change a spell's targets. When the step checks whether it is
    legal, an illegal one is recorded (the game is as before it began, rule 730.1); else it stops the run."""
    args = step.args
    checks_legality = any(e.subject == "attempt" for e in step.expects)
    try:
        if step.do == "cast":
            game.cast(
                args["object"],
                targets=args["targets"],
                modes=tuple(args["modes"]),
                x=how_many(scenario, f"steps[{step.index}].x", args["x"], params),
                kicked=args["kicked"],
                sacrifice=tuple(args["sacrifice"]),
                convoke=tuple(args["convoke"]),
                free=args["free"],
                player=args["player"],
            )
        elif step.do == "activate":
            game.activate(
                args["object"],
                args["ability"],
                targets=args["targets"],
                modes=tuple(args["modes"]),
                x=how_many(scenario, f"steps[{step.index}].x", args["x"], params),
            )
        else:
            game.change_targets(args["spell"], args["targets"])
    except IllegalAction as error:
        if not checks_legality:
            raise
        return legality.Verdict(step.do, False, [(error.code, error.rule)])
    return legality.Verdict(step.do, True)


def built(path, where: str, raw: dict, params: dict) -> Table:
    return Table(path, where, interpolated(Table(path, where, raw), raw, params))


def setup(game: Game, scenario: Scenario, args: dict, params: dict, cards: dict) -> None:
    turn = args.get("turn")
    if turn:
        game.turn.number = turn["number"]
        game.turn.active = turn["active"]
        game.turn.step = turn["step"]
    for player, mana in args.get("mana", {}).items():
        game.add_mana(player, str(expressions.interpolate(mana, params)))
    for player, life in args["life"].items():
        game.players[player].life = life
        game.players[player].starting_life = max(game.players[player].starting_life, life)
    for n, place in enumerate(args["place"]):
        where = f"steps[0].place[{n}]"
        count = how_many(scenario, f"{where}.count", place["count"], params)
        for object_id in ids_for(place["id"], place["count"], count):
            card = cards[place["card"]]
            obj = game.create_object(
                object_id, card, owner=place["owner"], zone=place["zone"], controller=place["controller"]
            )
            if place["zone"] == "battlefield":
                # Already there when the scenario starts, unless it came this turn.
                obj.control_since = (obj.controller, game.turn.number if place["this_turn"] else 0)
                obj.tapped = place["tapped"]
                obj.attached_to = place["attached_to"]
                for kind, raw in place["counters"].items():
                    game.add_counters(object_id, kind, how_many(scenario, f"{where}.counters.{kind}", raw, params))
                if place["choices"]:
                    obj.choices = choices_for(place["choices"], params)
                obj.face_down, obj.flipped = place["face_down"], place["flipped"]
                obj.transformed = place["transformed"]
            if place["half"]:
                if place["half"] not in [half.name for half in card.halves] or place["zone"] != "stack":
                    raise ValueError(f"{place['half']!r} is not a half of {card.name} on the stack")
                obj.cast_half = place["half"]
    game.changed()
    game.take_events()  # the setup's own bookkeeping is not news


# -- checks ---------------------------------------------------------------------------------


def evaluate(game: Game, step: Step, expectation, params: dict, verdict, events) -> Check:
    expected = expressions.interpolate(expectation.expected, params)
    key = expectation.key
    label = CHECK_LABELS.get(key, key)
    if expectation.subject == "object":
        name = game.objects[expectation.target].name if expectation.target in game.objects else expectation.target
        what = f"{name}: {label}"
        actual, ok = object_value(game, expectation.target, key, expected)
    elif expectation.subject == "player":
        what = f"{game.players[expectation.target].name}: {label}"
        actual = player_value(game, expectation.target, key, expected)
        if key == "choosable":
            expected = {"for": expected["for"], "choices": sorted(expected["choices"])}
        ok = actual == expected
    elif expectation.subject == "attempt":
        what = label
        actual = verdict.legal if key == "legal" else verdict.reason_codes
        ok = actual == expected
    elif key == "effect_timestamp":
        what = label
        actual, ok = effect_timestamp(game, expected)
    elif key == "event_count":
        what = label
        codes = [event.code for event in events]
        actual = {code: codes.count(code) for code in expected}
        ok = actual == expected
    elif key == "turn_order":
        what = label
        actual = game.in_game()
        ok = actual == expected
    elif key == "events_include":
        what = label
        actual = [event.code for event in events]
        ok = all(code in actual for code in expected)
    else:
        what = label
        items = game.stack if key == "stack" else game.pending_triggers
        actual = [item.label for item in items]
        ok = actual == expected
    if key in ("types", "subtypes", "supertypes", "has", "lacks", "colors") and isinstance(expected, list):
        expected = list(expected)
    return Check(step.index, expectation.subject, expectation.target, key, what, expected, actual, ok, expectation.says)


def player_value(game: Game, player_id: str, key: str, expected=None):
    player = game.players[player_id]
    if key == "life":
        return player.life
    if key == "lost":
        return player.lost
    if key == "poison":
        return player.poison
    if key == "in_game":
        return not player.left
    if key == "in_range":
        return game.in_range_of(player_id)
    if key == "choosable":
        return {"for": expected["for"], "choices": sorted(game.choosable(player_id, expected["for"]))}
    if key == "won":
        return player.won
    if key == "mana_pool":
        return mana_text(game.pool(player_id))
    return len(game.in_zone(key, player_id))


def keyword_names(computed) -> list[str]:
    return [inst.ability.keyword or inst.key for inst in computed.abilities]


def has_ability(computed, name: str) -> bool:
    """By keyword ("flying"), by the ability's key, or by its key as granted ("rune:grant>…")."""
    return any(name in (inst.ability.keyword, inst.ability.key, inst.key) for inst in computed.abilities)


def object_value(game: Game, object_id: str, key: str, expected):
    if key == "exists":
        actual = object_id in game.objects
        return actual, actual == expected
    if key == "last_known_counters":
        actual = game.last_known.get(object_id, {}).get("counters", {})
        return actual, actual == expected
    if object_id not in game.objects:
        return "no such object", False
    obj = game.objects[object_id]
    computed = game.computed(object_id)
    if key == "pt":
        actual = computed.pt or "none"
    elif key == "base_pt":
        actual = computed.base_pt or "none"
    elif key in ("power", "toughness"):
        actual = getattr(computed, key)
    elif key == "creature":
        actual = computed.is_creature
    elif key in ("types", "subtypes", "supertypes"):
        actual = list(getattr(computed, key))
        return actual, sorted(actual) == sorted(expected)
    elif key == "colors":
        actual = computed.colors
        return actual, actual == ordered_colors(expected)
    elif key == "has":
        return keyword_names(computed), all(has_ability(computed, name) for name in expected)
    elif key == "lacks":
        return keyword_names(computed), not any(has_ability(computed, name) for name in expected)
    elif key == "zone":
        actual = obj.zone
    elif key == "controller":
        actual = computed.controller or "none"
    elif key == "owner":
        actual = obj.owner
    elif key == "tapped":
        actual = obj.tapped
    elif key == "damage":
        actual = obj.damage
    elif key == "counters":
        actual = {kind: counter.count for kind, counter in obj.counters.items() if counter.count}
    elif key == "mana_value":
        actual = computed.mana_value
    elif key == "layers":
        actual = {effect: computed.layers_of(effect) for effect in expected}
    elif key == "waiting_effects":
        # Rule 208.3a: created, applied to this object, doing nothing until it is a creature.
        actual = list(dict.fromkeys(applied.effect for applied in computed.applied if applied.waiting))
    elif key == "order_in_layer":
        actual = {"layer": expected["layer"], "effects": computed.order_in_layer(expected["layer"])}
    elif key == "pt_after_layer":
        actual = {layer: pt_after(computed, layer) for layer in expected}
    elif key == "attacking":
        actual = game.attacking().get(object_id, "none")
    elif key == "blocking":
        actual = game.blocking().get(object_id, [])
    elif key == "blocked":
        actual = bool(game.combat) and object_id in game.combat.blocked and object_id in game.attacking()
    elif key == "assignment_order":
        actual = game.blockers_of(object_id) if object_id in game.attacking() else game.recipients(object_id)
    elif key == "legal_assignments":
        actual = game.legal_assignments(object_id)
        return actual, sorted(map(sorted_items, actual)) == sorted(map(sorted_items, expected))
    elif key == "can":
        actual = {action: legality.check(game, action, object_id).legal for action in expected}
    elif key == "name":
        actual = computed.name
    elif key == "texts":
        actual = [computed.ability_text(inst) for inst in computed.abilities]
    elif key == "face_down":
        actual = obj.face_down
    elif key == "transformed":
        actual = obj.transformed
    elif key == "every_creature_type":
        actual = computed.every_creature_type
    elif key == "mana_cost":
        actual = computed.mana_cost
    elif key == "restrictions":
        actual = list(computed.restrictions)
    else:  # pragma: no cover - the loader allows only the keys above
        raise ValueError(f"unknown check {key!r}")
    return actual, actual == expected


def sorted_items(plan: dict) -> list:
    return sorted((target, amount) for target, amount in plan.items() if amount)


def effect_timestamp(game: Game, expected: dict):
    """The timestamp of an effect, whether or not it applies to anything now: the same as an object's,
    or later than it (``after``)."""
    relation = "after" if "after" in expected else "same_as"
    stamps = [active.timestamp for active in game.effects_now() if active.key == expected["effect"]]
    other = game.objects.get(expected[relation])
    actual = {
        "effect": expected["effect"],
        "timestamp": timestamp_label(stamps[0]) if stamps else "no such effect",
        relation: timestamp_label(other.timestamp) if other else "no such object",
    }
    if not stamps or other is None:
        return actual, False
    return actual, stamps[0] > other.timestamp if relation == "after" else stamps[0] == other.timestamp


def pt_after(computed, layer: str) -> str:
    """Power/toughness as it stood after a layer (the "unswitched" values before 7d)."""
    from .engine.layers import LAYERS

    value = None
    for applied in computed.applied:
        if applied.waiting:
            continue
        if applied.layer == "printed" or (
            applied.layer in ("7a", "7b", "7c", "7d") and LAYERS.index(applied.layer) <= LAYERS.index(layer)
        ):
            value = applied.result
    return value or "none"
