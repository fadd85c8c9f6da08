"""Scenario files (``rules_data/examples/*.toml``): reading and validating them.

A scenario is data: the rule example it runs, its cards, its parameters with defaults and
bounds, and its steps with the values expected after each one. Everything is checked when
the file is read; a problem is a :class:`ScenarioError` whose message names the file, the
field (``steps[3].expect[0].pt``) and the reason. The format is described in
docs/examples.md. Nothing here imports Django.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.core import gamedata

from . import expressions
from .engine.definitions import (
    PERMANENT_TYPES,
    ZONES,
    Ability,
    AsEnters,
    CardSpec,
    EffectSpec,
    Filter,
    LossReplacement,
    Quantity,
    Selector,
    Trigger,
    TypeLine,
    valid_printed_value,
)
from .engine.events import EVENT_TEXT
from .engine.mana import COLORS, ManaCost

# The games of rules_data/games.toml (bundled data is written for those, not for registered ones).
GAMES = tuple(gamedata.games())
LANGUAGES = ("en", "it", "ja", "ru", "zh-hans")
TITLE_LANGUAGES = ("en", "it", "ja", "ru")
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
RULE_RE = re.compile(r"^\d{1,3}(?:\.\d+)*[a-z]{0,2}$")
PT_RE = re.compile(r"^(-?\d+)/(-?\d+)$")
MAX_COUNT = 100
# The query parameter a scenario's page reads the rule's language from (``?lang=it``): no scenario
# parameter may take its name.
LANGUAGE_PARAMETER = "lang"


class ScenarioError(ValueError):
    """An invalid scenario file: ``str()`` is one line naming file, field and reason."""

    def __init__(self, path: str | Path, where: str, reason: str):
        self.path = str(path)
        self.where = where
        self.reason = reason
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.path}: {self.where}: {self.reason}" if self.where else f"{self.path}: {self.reason}"


class ParameterError(ValueError):
    """A parameter value a user gave that the scenario does not accept."""

    def __init__(self, name: str, reason: str, *, code: str = "invalid"):
        self.name = name
        self.reason = reason
        self.code = code
        super().__init__(f"parameter {name}: {reason}")


# -- the reader: typed access to a TOML table, with the field path for errors ---------------


class Table:
    def __init__(self, path: Path, where: str, data: object):
        self.path = path
        self.where = where
        if not isinstance(data, dict):
            raise ScenarioError(path, where, f"expected a table, got {type_name(data)}")
        self.data = data
        self.used: set[str] = set()

    def error(self, key: str | None, reason: str) -> ScenarioError:
        return ScenarioError(self.path, self.field(key), reason)

    def field(self, key: str | None) -> str:
        if key is None:
            return self.where
        return f"{self.where}.{key}" if self.where else key

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default=None):
        self.used.add(key)
        return self.data.get(key, default)

    def require(self, key: str):
        if key not in self.data:
            raise self.error(key, "is required")
        return self.raw(key)

    def str(self, key: str, default: str | None = None, *, required: bool = False) -> str | None:
        value = self.require(key) if required else self.raw(key, default)
        if value is not None and not isinstance(value, str):
            raise self.error(key, f"expected a string, got {type_name(value)}")
        return value

    def bool(self, key: str, default: bool = False) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {type_name(value)}")
        return value

    def int(self, key: str, default: int | None = None, *, required: bool = False, minimum: int | None = None) -> int:
        value = self.require(key) if required else self.raw(key, default)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, f"expected a whole number, got {type_name(value)}")
        if minimum is not None and value < minimum:
            raise self.error(key, f"must be {minimum} or more")
        return value

    def strings(self, key: str, *, choices: tuple[str, ...] | None = None) -> tuple[str, ...]:
        value = self.raw(key, [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self.error(key, "expected a list of strings")
        if choices is not None:
            for item in value:
                if item not in choices:
                    raise self.error(key, f"{item!r} is not one of {', '.join(choices)}")
        return tuple(value)

    def table(self, key: str, *, required: bool = False) -> Table | None:
        value = self.require(key) if required else self.raw(key)
        if value is None:
            return None
        return Table(self.path, self.field(key), value)

    def tables(self, key: str) -> list[Table]:
        value = self.raw(key, [])
        if isinstance(value, dict):
            value = [value]
        if not isinstance(value, list):
            raise self.error(key, f"expected a list of tables, got {type_name(value)}")
        return [Table(self.path, f"{self.field(key)}[{n}]", item) for n, item in enumerate(value)]

    def done(self) -> None:
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise self.error(unknown[0], "unknown field (a typo?)")


def type_name(value: object) -> str:
    return {
        str: "a string",
        int: "a number",
        float: "a number",
        bool: "true/false",
        list: "a list",
        dict: "a table",
    }.get(type(value), type(value).__name__)


# -- the scenario ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # "int", "choice", "bool"
    default: object
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    labels: dict[str, str] = field(default_factory=dict)

    def label(self, language: str) -> str:
        return self.labels.get(language) or self.labels.get("en") or self.name

    def parse(self, raw: object) -> object:
        """A value as a user typed it (a string from a form or ``--set``), checked."""
        if self.kind == "int":
            if isinstance(raw, bool):
                raise ParameterError(self.name, "must be a whole number", code="not-a-number")
            if isinstance(raw, int):
                value = raw
            else:
                text = str(raw).strip()
                if not re.fullmatch(r"[+-]?\d{1,9}", text):
                    raise ParameterError(self.name, f"{str(raw)[:40]!r} is not a whole number", code="not-a-number")
                value = int(text)
            if not self.minimum <= value <= self.maximum:
                raise ParameterError(
                    self.name, f"{value} is out of bounds ({self.minimum}–{self.maximum})", code="out-of-bounds"
                )
            return value
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise ParameterError(self.name, f"{str(raw)[:40]!r} is not true or false", code="not-a-bool")
        text = str(raw).strip()
        if text not in self.choices:
            raise ParameterError(
                self.name, f"{text[:40]!r} is not one of {', '.join(self.choices)}", code="not-a-choice"
            )
        return text


@dataclass(frozen=True)
class Binding:
    """The rule example a scenario runs: game, rule number, 0-based position under it."""

    game: str
    rule: str
    position: int
    editions: tuple[str, ...] = ()  # empty: every edition of the game where the example exists

    def applies_to(self, edition: str | None) -> bool:
        return not self.editions or edition is None or edition in self.editions


@dataclass(frozen=True)
class Expectation:
    index: int
    subject: str  # "object", "player", "game", "attempt"
    target: str  # object or player id ("" for game and attempt)
    key: str
    expected: object
    says: str = ""


@dataclass(frozen=True)
class Step:
    index: int
    do: str
    args: dict
    texts: dict[str, str]
    expects: tuple[Expectation, ...]

    def text(self, language: str) -> str:
        return self.texts.get(language) or self.texts["en"]


@dataclass(frozen=True)
class Scenario:
    slug: str
    path: Path
    game: str
    titles: dict[str, str]
    summaries: dict[str, str]
    bindings: tuple[Binding, ...]
    params: dict[str, Param]
    players: dict[str, dict]
    cards: dict[str, dict]  # raw card tables; built into CardSpecs per run (they may use parameters)
    steps: tuple[Step, ...]

    def title(self, language: str) -> str:
        return self.titles.get(language) or self.titles["en"]

    def summary(self, language: str) -> str:
        return self.summaries.get(language) or self.summaries.get("en", "")

    def defaults(self) -> dict[str, object]:
        return {name: param.default for name, param in self.params.items()}

    def parse_params(self, raw: dict[str, object]) -> dict[str, object]:
        """The run's parameters: defaults, overridden by ``raw`` (unknown names are errors)."""
        values = self.defaults()
        for name, value in raw.items():
            if name not in self.params:
                known = ", ".join(self.params) or "none"
                raise ParameterError(name, f"unknown parameter (known: {known})", code="unknown")
            values[name] = self.params[name].parse(value)
        return values


# -- reading a file --------------------------------------------------------------------------

STEP_FIELDS = {
    "setup": {"turn", "place", "life"},
    "move": {"object", "to", "top"},
    "enter": {"object", "controller", "choices", "attached_to"},
    "create": {"card", "id", "count", "controller"},
    "draw": {"player", "count"},
    "discard": {"player", "count"},
    "crew": {"vehicle", "crew"},
    "resolve": {"count"},
    "apply": {"id", "label", "source", "controller", "duration", "effect"},
    "end_effect": {"effect"},
    "counters": {"object", "kind", "count"},
    "damage": {"source", "target", "amount"},
    "lose_life": {"player", "amount"},
    "attach": {"object", "to"},
    "tap": {"object"},
    "untap": {"object"},
    "gain_control": {"object", "player", "duration", "label"},
    "give_ability": {"object", "ability", "duration", "label", "id"},
    "destroy": {"object"},
    "destroy_all": {"filter", "controller"},
    "mill": {"player", "count"},
    "end_turn": set(),
    "go_to": {"step"},
    "begin_resolution": {"label"},
    "end_resolution": {"spell"},
    "attempt": {"action", "object", "target"},
}
OBJECT_CHECKS = {
    "pt",
    "power",
    "toughness",
    "base_pt",
    "creature",
    "types",
    "subtypes",
    "supertypes",
    "colors",
    "has",
    "lacks",
    "zone",
    "controller",
    "owner",
    "tapped",
    "damage",
    "counters",
    "mana_value",
    "layers",
    "order_in_layer",
    "pt_after_layer",
    "can",
    "exists",
    "last_known_counters",
    "waiting_effects",
}
PLAYER_CHECKS = {"life", "hand", "library", "graveyard", "lost"}
GAME_CHECKS = {"stack", "waiting_triggers", "effect_timestamp", "events_include"}
ATTEMPT_CHECKS = {"legal", "reasons"}
DURATIONS = ("", "end_of_turn")
TRIGGER_EVENTS = ("crews", "hand_empty")
LAYER_NAMES = ("1a", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")


def load_scenario(path: str | Path) -> Scenario:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ScenarioError(path, "", "no such file") from None
    except UnicodeDecodeError as error:
        raise ScenarioError(path, "", f"not UTF-8 ({error.reason} at byte {error.start})") from None
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(path, "", f"not valid TOML: {error}") from None
    return ScenarioReader(path, data).read()


def load_directory(directory: str | Path) -> dict[str, Scenario]:
    """Every ``*.toml`` scenario in a folder (not ``coverage.toml``), by slug."""
    scenarios: dict[str, Scenario] = {}
    for path in sorted(Path(directory).glob("*.toml")):
        if path.name == "coverage.toml":
            continue
        scenario = load_scenario(path)
        if scenario.slug in scenarios:
            raise ScenarioError(path, "slug", f"{scenario.slug!r} is also the slug of {scenarios[scenario.slug].path}")
        scenarios[scenario.slug] = scenario
    return scenarios


class ScenarioReader:
    def __init__(self, path: Path, data: dict):
        self.path = path
        self.root = Table(path, "", data)
        self.params: dict[str, Param] = {}
        self.players: dict[str, dict] = {}
        self.card_keys: set[str] = set()
        self.object_ids: set[str] = set()
        self.effect_ids: set[str] = set()

    def read(self) -> Scenario:
        root = self.root
        slug = root.str("slug", required=True)
        if not SLUG_RE.match(slug):
            raise root.error("slug", "use lower-case letters, digits and hyphens")
        if slug != self.path.stem:
            raise root.error("slug", f"must match the file name ({self.path.stem!r})")
        game = root.str("game", required=True)
        if game not in GAMES:
            raise root.error("game", f"{game!r} is not one of {', '.join(GAMES)}")
        self.game = game
        titles = self.texts(root.table("title", required=True), required=TITLE_LANGUAGES)
        summary_table = root.table("summary")
        summaries = self.texts(summary_table) if summary_table else {}
        bindings = tuple(self.binding(t, game) for t in root.tables("example"))
        if not bindings:
            raise root.error("example", "name at least one rule example ([[example]] with rule and position)")
        self.read_players(root.table("players"))
        params_table = root.table("params")
        if params_table:
            for name in list(params_table.data):
                self.params[name] = self.param(name, params_table.table(name, required=True))
            params_table.done()
        cards_table = root.table("cards", required=True)
        cards = {}
        for key in list(cards_table.data):
            if not ID_RE.match(key):
                raise cards_table.error(key, "card keys use lower-case letters, digits, - and _")
            cards[key] = cards_table.raw(key)
            self.card_keys.add(key)
        cards_table.done()
        # Build every card once with the default parameters, so a bad card fails here.
        build_cards(self.path, cards, self.default_params())
        steps = tuple(self.step(n, t) for n, t in enumerate(root.tables("steps")))
        if not steps:
            raise root.error("steps", "a scenario needs at least one step")
        if steps[0].do != "setup":
            raise ScenarioError(self.path, "steps[0].do", "the first step must be a setup")
        root.done()
        return Scenario(slug, self.path, game, titles, summaries, bindings, self.params, self.players, cards, steps)

    def default_params(self) -> dict[str, object]:
        return {name: param.default for name, param in self.params.items()}

    def texts(self, table: Table, *, required: tuple[str, ...] = ("en",)) -> dict[str, str]:
        result = {}
        for language in list(table.data):
            if language not in LANGUAGES:
                raise table.error(language, f"unknown language (use {', '.join(LANGUAGES)})")
            text = table.str(language)
            if not text.strip():
                raise table.error(language, "is empty")
            result[language] = text
        for language in required:
            if language not in result:
                raise table.error(language, "is required")
        table.done()
        return result

    def binding(self, table: Table, game: str) -> Binding:
        rule = table.str("rule", required=True)
        if not RULE_RE.match(rule):
            raise table.error("rule", f"{rule!r} is not a rule number such as 208.2a")
        position = table.int("position", required=True, minimum=0)
        editions = table.strings("editions")
        binding_game = table.str("game", game)
        if binding_game != game:
            raise table.error("game", f"must be the scenario's game ({game})")
        table.done()
        return Binding(game, rule, position, editions)

    def read_players(self, table: Table | None) -> None:
        if table is None:
            self.players = {"you": {"name": "You", "life": 20}, "opponent": {"name": "Opponent", "life": 20}}
            return
        for player_id in list(table.data):
            if not ID_RE.match(player_id):
                raise table.error(player_id, "player ids use lower-case letters, digits, - and _")
            player = table.table(player_id)
            self.players[player_id] = {"name": player.str("name", player_id), "life": player.int("life", 20)}
            player.done()
        if len(self.players) != 2:
            raise table.error(None, "a scenario has exactly two players")
        table.done()

    def param(self, name: str, table: Table) -> Param:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise table.error(None, "parameter names use lower-case letters, digits and _")
        if name == LANGUAGE_PARAMETER:
            raise table.error(None, f"{name!r} is reserved: the page reads the rule's language from ?{name}=")
        kind = table.str("type", "int")
        labels_table = table.table("label", required=True)
        labels = self.texts(labels_table)
        if kind == "int":
            minimum = table.int("min", required=True)
            maximum = table.int("max", required=True)
            default = table.int("default", required=True)
            if minimum > maximum:
                raise table.error("max", "must be at least min")
            if not minimum <= default <= maximum:
                raise table.error("default", f"{default} is outside {minimum}–{maximum}")
            param = Param(name, kind, default, minimum, maximum, labels=labels)
        elif kind == "choice":
            choices = table.strings("choices")
            if not choices:
                raise table.error("choices", "list the choices")
            default = table.str("default", required=True)
            if default not in choices:
                raise table.error("default", f"{default!r} is not one of the choices")
            param = Param(name, kind, default, choices=choices, labels=labels)
        elif kind == "bool":
            param = Param(name, kind, table.bool("default"), labels=labels)
        else:
            raise table.error("type", f"{kind!r} is not one of int, choice, bool")
        table.done()
        return param

    # -- values that may use parameters -------------------------------------------------------

    def check_names(self, table: Table, key: str, value: object) -> None:
        """Every ``${…}`` in a value (and every bare expression) names known parameters."""
        texts = []
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, list):
            texts.extend(item for item in value if isinstance(item, str))
        elif isinstance(value, dict):
            for item in value.values():
                self.check_names(table, key, item)
        for text in texts:
            try:
                unknown = expressions.interpolated_names(text) - set(self.params)
            except expressions.ExpressionError as error:
                raise table.error(key, str(error)) from None
            if unknown:
                raise table.error(key, f"unknown parameter {sorted(unknown)[0]!r}")

    def count(self, table: Table, key: str, default: int = 1) -> object:
        value = table.raw(key, default)
        self.check_names(table, key, value)
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise table.error(key, "expected a whole number or ${expression}")
        if isinstance(value, int) and not 0 <= value <= MAX_COUNT:
            raise table.error(key, f"must be between 0 and {MAX_COUNT}")
        if isinstance(value, str) and not expressions.INTERPOLATION_RE.fullmatch(value.strip()):
            raise table.error(key, "write an expression as ${…}")
        return value

    def object_ref(self, table: Table, key: str, *, required: bool = True) -> str | None:
        value = table.str(key, required=required)
        if value is None:
            return None
        if value not in self.object_ids:
            known = ", ".join(sorted(self.object_ids)) or "none yet"
            raise table.error(key, f"no object {value!r} at this point (objects: {known})")
        return value

    def player_ref(self, table: Table, key: str, default: str | None = None) -> str:
        value = table.str(key, default)
        if value not in self.players:
            raise table.error(key, f"{value!r} is not a player ({', '.join(self.players)})")
        return value

    # -- steps ------------------------------------------------------------------------------

    def step(self, index: int, table: Table) -> Step:
        do = table.str("do", required=True)
        if do not in STEP_FIELDS:
            raise table.error("do", f"{do!r} is not an action; actions: {', '.join(STEP_FIELDS)}")
        if do == "setup" and index:
            raise table.error("do", "only the first step is a setup")
        texts = self.texts(table.table("text", required=True))
        args = self.step_args(do, table)
        expects = []
        for n, expect in enumerate(table.tables("expect")):
            expects.extend(self.expectations(n, expect, do))
        table.done()
        return Step(index, do, args, texts, tuple(expects))

    def step_args(self, do: str, table: Table) -> dict:
        allowed = STEP_FIELDS[do] | {"do", "text", "expect"}
        for key in table.data:
            if key not in allowed:
                raise table.error(
                    key, f"unknown field for {do} (fields: {', '.join(sorted(STEP_FIELDS[do])) or 'none'})"
                )
        args: dict = {}
        if do == "setup":
            turn = table.table("turn")
            if turn:
                args["turn"] = {
                    "number": turn.int("number", 1, minimum=1),
                    "active": self.player_ref(turn, "active", next(iter(self.players))),
                    "step": turn.str("step", "main1" if self.game == "mtg" else "main"),
                }
                turn.done()
            life = table.table("life")
            args["life"] = {}
            if life:
                for player in list(life.data):
                    if player not in self.players:
                        raise life.error(player, "not a player")
                    args["life"][player] = life.int(player)
                life.done()
            args["place"] = [self.placement(t) for t in table.tables("place")]
        elif do in ("move", "enter", "tap", "untap", "destroy", "counters", "attach", "gain_control", "give_ability"):
            args["object"] = self.object_ref(table, "object")
            if do == "move":
                args["to"] = table.str("to", required=True)
                if args["to"] not in ZONES or args["to"] == "battlefield":
                    raise table.error("to", "a zone other than the battlefield (use enter)")
                args["top"] = table.bool("top")
            if do == "enter":
                args["controller"] = self.player_ref(table, "controller", "you") if table.has("controller") else None
                choices = table.table("choices")
                args["choices"] = self.choices(choices) if choices else {}
                args["attached_to"] = self.object_ref(table, "attached_to", required=False)
            if do == "counters":
                args["kind"] = table.str("kind", required=True)
                args["count"] = self.count(table, "count")
            if do == "attach":
                args["to"] = self.object_ref(table, "to")
            if do == "gain_control":
                args["player"] = self.player_ref(table, "player")
                args["duration"] = self.duration(table)
                args["label"] = table.str("label", "")
            if do == "give_ability":
                args["ability"] = self.ability(table.table("ability", required=True))
                args["duration"] = self.duration(table)
                args["label"] = table.str("label", "")
                args["id"] = self.new_effect_id(table, "id", required=False)
        elif do == "create":
            card = table.str("card", required=True)
            if card not in self.card_keys:
                raise table.error("card", f"no card {card!r} in [cards]")
            args["card"] = card
            args["count"] = self.count(table, "count")
            args["controller"] = self.player_ref(table, "controller", "you")
            base = table.str("id", card)
            args["id"] = base
            self.object_ids.add(base)
            if args["count"] != 1:
                for n in range(1, MAX_COUNT + 1):
                    self.object_ids.add(f"{base}-{n}")
        elif do == "destroy_all":
            flt = table.table("filter", required=True)
            build_filter(flt)
            args["filter"] = dict(flt.data)
            args["controller"] = self.player_ref(table, "controller", "you")
        elif do in ("draw", "discard", "mill"):
            args["player"] = self.player_ref(table, "player", "you")
            # A discard without a count discards the whole hand.
            args["count"] = self.count(table, "count") if do != "discard" or table.has("count") else None
        elif do == "crew":
            args["vehicle"] = self.object_ref(table, "vehicle")
            args["crew"] = list(table.strings("crew"))
            for member in args["crew"]:
                if member not in self.object_ids:
                    raise table.error("crew", f"no object {member!r}")
            if not args["crew"]:
                raise table.error("crew", "name the crewing creatures")
        elif do == "resolve":
            args["count"] = self.count(table, "count")
        elif do == "apply":
            args["id"] = self.new_effect_id(table, "id", required=True)
            args["label"] = table.str("label", required=True)
            args["source"] = self.object_ref(table, "source", required=False)
            args["controller"] = self.player_ref(table, "controller", "you")
            args["duration"] = self.duration(table)
            args["effect"] = self.effect(table.table("effect", required=True))
        elif do == "end_effect":
            effect = table.str("effect", required=True)
            if effect not in self.effect_ids:
                raise table.error("effect", f"no effect {effect!r} was applied before this step")
            args["effect"] = effect
        elif do == "damage":
            source = table.str("source", required=True)
            args["source"] = source
            target = table.str("target", required=True)
            if target not in self.object_ids and target not in self.players:
                raise table.error("target", f"{target!r} is neither an object nor a player")
            args["target"] = target
            args["amount"] = self.count(table, "amount")
        elif do == "lose_life":
            args["player"] = self.player_ref(table, "player", "you")
            args["amount"] = self.count(table, "amount")
        elif do == "go_to":
            args["step"] = table.str("step", required=True)
        elif do == "begin_resolution":
            args["label"] = table.str("label", required=True)
        elif do == "end_resolution":
            args["spell"] = self.object_ref(table, "spell", required=False)
        elif do == "attempt":
            args["action"] = table.str("action", required=True)
            args["object"] = self.object_ref(table, "object")
            args["target"] = self.object_ref(table, "target", required=False)
        return args

    def new_effect_id(self, table: Table, key: str, *, required: bool) -> str | None:
        value = table.str(key, required=required)
        if value is None:
            return None
        if not ID_RE.match(value):
            raise table.error(key, "effect ids use lower-case letters, digits, - and _")
        if value in self.effect_ids:
            raise table.error(key, f"effect id {value!r} is used twice")
        self.effect_ids.add(value)
        return value

    def duration(self, table: Table) -> str:
        value = table.str("duration", "")
        if value not in DURATIONS:
            raise table.error("duration", f"{value!r} is not a duration (end_of_turn, or leave it out)")
        return value

    def choices(self, table: Table) -> dict:
        result = {}
        for key in list(table.data):
            value = table.raw(key)
            if key == "opponent":
                if value not in self.players:
                    raise table.error(key, f"{value!r} is not a player")
                result[key] = value
            elif key == "color":
                self.check_names(table, key, value)
                result[key] = value
            elif key == "pt":
                self.check_names(table, key, value)
                result[key] = value
            else:
                raise table.error(key, "choices: opponent, color or pt")
        table.done()
        return result

    def placement(self, table: Table) -> dict:
        card = table.str("card", required=True)
        if card not in self.card_keys:
            raise table.error("card", f"no card {card!r} in [cards]")
        zone = table.str("zone", required=True)
        if zone not in ZONES:
            raise table.error("zone", f"{zone!r} is not a zone ({', '.join(ZONES)})")
        owner = self.player_ref(table, "owner", "you")
        controller = self.player_ref(table, "controller", owner) if table.has("controller") else owner
        count = self.count(table, "count")
        object_id = table.str("id", card)
        if not ID_RE.match(object_id):
            raise table.error("id", "object ids use lower-case letters, digits, - and _")
        if object_id in self.object_ids:
            raise table.error("id", f"object id {object_id!r} is used twice; give this one an id")
        self.object_ids.add(object_id)
        if count != 1:
            for n in range(1, MAX_COUNT + 1):
                self.object_ids.add(f"{object_id}-{n}")
        placement = {
            "card": card,
            "zone": zone,
            "owner": owner,
            "controller": controller,
            "count": count,
            "id": object_id,
            "tapped": table.bool("tapped"),
            "this_turn": table.bool("this_turn"),
            "attached_to": table.str("attached_to"),
            "counters": {},
            "choices": {},
        }
        if placement["attached_to"] and placement["attached_to"] not in self.object_ids:
            raise table.error("attached_to", f"no object {placement['attached_to']!r} placed before this one")
        counters = table.table("counters")
        if counters:
            for kind in list(counters.data):
                placement["counters"][kind] = self.count(counters, kind)
            counters.done()
        choices = table.table("choices")
        if choices:
            placement["choices"] = self.choices(choices)
        if zone != "battlefield" and (placement["tapped"] or placement["attached_to"] or placement["counters"]):
            raise table.error("zone", "only permanents on the battlefield are tapped, attached or have counters")
        table.done()
        return placement

    # -- expectations ------------------------------------------------------------------------

    def expectations(self, n: int, table: Table, do: str) -> list[Expectation]:
        says = table.str("says", "")
        if table.has("object"):
            subject, target, allowed = "object", table.str("object"), OBJECT_CHECKS
            if target not in self.object_ids:
                raise table.error("object", f"no object {target!r}")
        elif table.has("player"):
            subject, target, allowed = "player", self.player_ref(table, "player"), PLAYER_CHECKS
        elif any(key in table.data for key in ATTEMPT_CHECKS):
            if do != "attempt":
                raise table.error(None, "legal and reasons check the step's attempt; this step is not an attempt")
            subject, target, allowed = "attempt", "", ATTEMPT_CHECKS
        else:
            subject, target, allowed = "game", "", GAME_CHECKS
        found = []
        for key in list(table.data):
            if key in ("object", "player", "says"):
                continue
            if key not in allowed:
                raise table.error(key, f"cannot check {key!r} here (checks: {', '.join(sorted(allowed))})")
            value = table.raw(key)
            self.check_names(table, key, value)
            self.validate_expected(table, key, interpolated(table, value, self.default_params()))
            found.append(Expectation(n, subject, target, key, value, says))
        if not found:
            raise table.error(None, "says nothing to check")
        table.done()
        return found

    def validate_expected(self, table: Table, key: str, value: object) -> None:
        strings = (
            "types",
            "subtypes",
            "supertypes",
            "colors",
            "has",
            "lacks",
            "stack",
            "waiting_triggers",
            "reasons",
            "events_include",
            "waiting_effects",
        )
        if key in ("pt", "base_pt"):
            if not isinstance(value, str) or not (value == "none" or PT_RE.match(value) or "${" in value):
                raise table.error(key, 'expected a string such as "4/4", or "none" for no power and toughness')
        elif key in ("power", "toughness", "damage", "mana_value", "life", "hand", "library", "graveyard"):
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise table.error(key, "expected a whole number or ${expression}")
        elif key in ("creature", "tapped", "exists", "lost", "legal"):
            if not isinstance(value, bool):
                raise table.error(key, "expected true or false")
        elif key in strings:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise table.error(key, "expected a list of strings")
            if key == "colors":
                for color in value:
                    if color not in COLORS:
                        raise table.error(key, f"{color!r} is not a color (W, U, B, R, G)")
            if key == "events_include":
                for code in value:
                    if code not in EVENT_TEXT:
                        raise table.error(key, f"{code!r} is not an event the engine reports")
        elif key in ("zone",):
            if value not in ZONES:
                raise table.error(key, f"{value!r} is not a zone")
        elif key in ("controller", "owner"):
            if value not in self.players and value != "none":
                raise table.error(key, f"{value!r} is not a player")
        elif key in ("counters", "last_known_counters"):
            if not isinstance(value, dict) or not all(isinstance(v, int) for v in value.values()):
                raise table.error(key, "expected a table of counter kinds and numbers")
        elif key == "layers":
            if not isinstance(value, dict):
                raise table.error(key, "expected a table: effect id = [layers]")
            for effect, layers in value.items():
                if not isinstance(layers, list) or any(layer not in LAYER_NAMES for layer in layers):
                    raise table.error(f"{key}.{effect}", f"expected a list of layers ({', '.join(LAYER_NAMES)})")
        elif key == "order_in_layer":
            if not isinstance(value, dict) or set(value) != {"layer", "effects"}:
                raise table.error(key, 'expected { layer = "6", effects = [...] }')
        elif key == "pt_after_layer":
            if not isinstance(value, dict) or any(layer not in LAYER_NAMES for layer in value):
                raise table.error(key, 'expected a table: layer = "p/t", e.g. { "7c" = "6/4" }')
        elif key == "effect_timestamp":
            if not isinstance(value, dict) or set(value) != {"effect", "same_as"}:
                raise table.error(key, 'expected { effect = "…", same_as = "object id" }')
        elif key == "can":
            if not isinstance(value, dict) or not all(isinstance(v, bool) for v in value.values()):
                raise table.error(key, "expected a table of actions and true/false")

    # -- cards, abilities, effects -----------------------------------------------------------

    def ability(self, table: Table) -> dict:
        """Abilities given by a step are checked by building them (parameters at defaults)."""
        build_ability(self.with_defaults(table), self.default_params())
        return dict(table.data)

    def effect(self, table: Table) -> dict:
        build_effect(self.with_defaults(table), self.default_params())
        return dict(table.data)

    def with_defaults(self, table: Table) -> Table:
        self.check_names(table, None, table.data)
        return Table(table.path, table.where, interpolated(table, table.data, self.default_params()))


# -- building definitions from tables (run time, with the run's parameters) ------------------


def interpolated(table: Table, data: object, params: dict[str, object]) -> object:
    try:
        return expressions.interpolate(data, params)
    except expressions.ExpressionError as error:
        raise table.error(None, str(error)) from None


def build_cards(path: Path, raw_cards: dict[str, dict], params: dict[str, object]) -> dict[str, CardSpec]:
    cards = {}
    for key, raw in raw_cards.items():
        where = Table(path, f"cards.{key}", raw)
        cards[key] = build_card(Table(path, f"cards.{key}", interpolated(where, raw, params)), key, params)
    return cards


def build_card(table: Table, key: str, params: dict[str, object]) -> CardSpec:
    name = value_with(table, "name", params, required=True)
    mana_cost = None
    cost = table.str("mana_cost")
    if cost is not None:
        try:
            mana_cost = ManaCost.parse(cost)
        except ValueError as error:
            raise table.error("mana_cost", str(error)) from None
    type_line = table.str("type_line")
    if type_line is not None:
        try:
            types = TypeLine.parse(type_line)
        except ValueError as error:
            raise table.error("type_line", str(error)) from None
    else:
        types = TypeLine(table.strings("supertypes"), table.strings("types"), table.strings("subtypes"))
        if not types.types:
            raise table.error("type_line", "give a type_line, or types")
    colors = table.strings("colors", choices=COLORS) if table.has("colors") else None
    power = value_with(table, "power", params)
    toughness = value_with(table, "toughness", params)
    for which, value in (("power", power), ("toughness", toughness)):
        if value is not None and not valid_printed_value(str(value)):
            raise table.error(which, f"{value!r} is not a printed value such as 3, * or 1+*")
    abilities = tuple(build_ability(t, params) for t in table.tables("abilities"))
    keys = [a.key for a in abilities]
    if len(set(keys)) != len(keys):
        raise table.error("abilities", "two abilities share a key")
    token = table.bool("token")
    table.done()
    return CardSpec(
        key=key,
        name=str(name),
        mana_cost=mana_cost,
        color_indicator=colors,
        supertypes=types.supertypes,
        types=types.types,
        subtypes=types.subtypes,
        power=None if power is None else str(power),
        toughness=None if toughness is None else str(toughness),
        abilities=abilities,
        token=token,
    )


def value_with(table: Table, key: str, params: dict, *, required: bool = False):
    value = table.require(key) if required else table.raw(key)
    if value is None:
        return None
    try:
        return expressions.interpolate(value, params)
    except expressions.ExpressionError as error:
        raise table.error(key, str(error)) from None


def build_ability(table: Table, params: dict) -> Ability:
    key = table.str("key", required=True)
    text = table.str("text", "")
    keyword = table.str("keyword", "")
    if not (text or keyword):
        raise table.error("text", "give the ability's text (or a keyword)")
    crew = table.int("crew", minimum=0)
    static = table.table("static")
    cda = table.table("cda")
    as_enters = table.table("as_enters")
    trigger = table.table("trigger")
    damage_double = table.table("damage_double")
    loss = table.table("loss_replacement")
    counters = table.table("counters_on_enter")
    counters_on_enter = ()
    if counters:
        counters_on_enter = tuple((kind, counters.int(kind, minimum=0)) for kind in list(counters.data))
        counters.done()
    ability = Ability(
        key=key,
        text=text,
        keyword=keyword,
        crew=crew,
        static=build_effect(static, params) if static else None,
        cda=build_cda(cda, params) if cda else None,
        as_enters=build_as_enters(as_enters) if as_enters else None,
        enters_tapped=table.bool("enters_tapped"),
        permanents_enter_tapped=table.bool("permanents_enter_tapped"),
        counters_on_enter=counters_on_enter,
        trigger=build_trigger(trigger, params) if trigger else None,
        activated=table.str("activated", ""),
        tap_cost=table.bool("tap_cost"),
        damage_double=build_filter(damage_double) if damage_double else None,
        loss_replacement=build_loss(loss) if loss else None,
    )
    table.done()
    return ability


def build_cda(table: Table, params: dict) -> tuple[Quantity, Quantity]:
    both = build_quantity(table, "each", params) if table.has("each") else None
    power = both or build_quantity(table, "power", params, required=True)
    toughness = both or build_quantity(table, "toughness", params, required=True)
    table.done()
    return (power, toughness)


def build_as_enters(table: Table) -> AsEnters:
    choose = table.str("choose", required=True)
    if choose not in ("opponent", "color", "pt"):
        raise table.error("choose", "one of opponent, color, pt")
    options = []
    for text in table.strings("options"):
        match = PT_RE.match(text)
        if not match:
            raise table.error("options", f"{text!r} is not a power/toughness such as 3/3")
        options.append((int(match.group(1)), int(match.group(2))))
    if choose == "pt" and len(options) < 2:
        raise table.error("options", "list two or more power/toughness values (rule 208.2b)")
    table.done()
    return AsEnters(choose, tuple(options))


def build_trigger(table: Table, params: dict) -> Trigger:
    on = table.str("on", required=True)
    if on not in TRIGGER_EVENTS:
        raise table.error("on", f"{on!r} is not one of {', '.join(TRIGGER_EVENTS)}")
    effect = table.table("effect")
    duration = table.str("duration", "")
    if duration not in DURATIONS:
        raise table.error("duration", f"{duration!r} is not a duration")
    trigger = Trigger(
        on=on,
        effect=build_effect(effect, params) if effect else None,
        duration=duration,
        draw=table.int("draw", 0, minimum=0),
    )
    table.done()
    return trigger


def build_loss(table: Table) -> LossReplacement:
    loss = LossReplacement(
        shuffle_into_library=table.bool("shuffle_into_library", True),
        draw=table.int("draw", 0, minimum=0),
        life=table.int("life"),
    )
    table.done()
    return loss


FILTER_KEYS = {
    "zone",
    "types",
    "not_types",
    "subtypes",
    "colors",
    "not_colors",
    "controller",
    "owner",
    "no_abilities",
    "cards",
    "other",
}
PLAYER_WORDS = ("you", "opponent", "chosen_player")


def build_filter(table: Table) -> Filter:
    zone = table.str("zone", "battlefield")
    if zone not in ZONES and zone != "any":
        raise table.error("zone", f"{zone!r} is not a zone (or any)")
    for key in ("controller", "owner"):
        word = table.data.get(key)
        if word is not None and word not in PLAYER_WORDS:
            raise table.error(key, f"{word!r} is not one of {', '.join(PLAYER_WORDS)}")
    flt = Filter(
        zone=zone,
        types=table.strings("types"),
        not_types=table.strings("not_types"),
        subtypes=table.strings("subtypes"),
        colors=table.strings("colors", choices=COLORS),
        not_colors=table.strings("not_colors", choices=COLORS),
        controller=table.str("controller", ""),
        owner=table.str("owner", ""),
        no_abilities=table.bool("no_abilities"),
        cards=table.bool("cards"),
        other=table.bool("other"),
    )
    table.done()
    return flt


def build_quantity(table: Table, key: str, params: dict, *, required: bool = False) -> Quantity:
    value = table.require(key) if required else table.raw(key, 0)
    if isinstance(value, str):
        try:
            value = expressions.interpolate(value, params)
        except expressions.ExpressionError as error:
            raise table.error(key, str(error)) from None
    if isinstance(value, bool):
        raise table.error(key, "expected a number or { plus = n, count = {…} }")
    if isinstance(value, int):
        return Quantity(value)
    if isinstance(value, dict):
        inner = Table(table.path, table.field(key), value)
        quantity = Quantity(inner.int("plus", 0), build_filter(inner.table("count", required=True)))
        inner.done()
        return quantity
    raise table.error(key, "expected a number or { plus = n, count = {…} }")


def build_selector(table: Table, key: str) -> Selector:
    value = table.raw(key, "self")
    if isinstance(value, str):
        if value not in ("self", "attached", "crewed"):
            raise table.error(key, f"{value!r}: use self, attached, crewed, a list of object ids or a filter table")
        return Selector(value)
    if isinstance(value, list):
        if not all(isinstance(item, str) for item in value):
            raise table.error(key, "expected a list of object ids")
        return Selector("ids", tuple(value))
    if isinstance(value, dict):
        if set(value) == {"attached"}:
            condition = Table(table.path, f"{table.field(key)}.attached", value["attached"])
            return Selector("attached", filter=build_filter(condition))
        return Selector("filter", filter=build_filter(Table(table.path, table.field(key), value)))
    raise table.error(key, "use self, attached, crewed, a list of object ids or a filter table")


def pair_of_ints(table: Table, key: str, params: dict) -> tuple[int, int] | None:
    value = table.raw(key)
    if value is None:
        return None
    try:
        value = expressions.interpolate(value, params)
    except expressions.ExpressionError as error:
        raise table.error(key, str(error)) from None
    if isinstance(value, str):
        match = PT_RE.match(value.replace("+", ""))
        if match:
            return (int(match.group(1)), int(match.group(2)))
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    raise table.error(key, "expected [power, toughness], e.g. [1, 1]")


def build_effect(table: Table, params: dict) -> EffectSpec:
    affects = build_selector(table, "affects")
    set_pt = None
    if table.has("set_pt"):
        raw = table.raw("set_pt")
        if isinstance(raw, list) and len(raw) == 2:
            holder = Table(table.path, table.field("set_pt"), {"power": raw[0], "toughness": raw[1]})
            set_pt = (build_quantity(holder, "power", params), build_quantity(holder, "toughness", params))
            holder.done()
        else:
            raise table.error("set_pt", "expected [power, toughness]; each a number or { plus = n, count = {…} }")
    add_abilities = tuple(build_ability(t, params) for t in table.tables("add_abilities"))
    set_colors = table.strings("set_colors", choices=COLORS) if table.has("set_colors") else None
    control = table.str("control", "")
    if control and control != "you":
        raise table.error("control", 'only "you" (the effect\'s controller); use gain_control for a player')
    spec = EffectSpec(
        affects=affects,
        control=control,
        add_types=table.strings("add_types"),
        remove_types=table.strings("remove_types"),
        add_subtypes=table.strings("add_subtypes"),
        add_supertypes=table.strings("add_supertypes"),
        set_colors=set_colors,
        add_colors=table.strings("add_colors", choices=COLORS),
        add_abilities=add_abilities,
        remove_abilities=table.strings("remove_abilities"),
        remove_all_abilities=table.bool("remove_all_abilities"),
        set_pt=set_pt,
        modify_pt=pair_of_ints(table, "modify_pt", params),
        switch_pt=table.bool("switch_pt"),
    )
    for name in spec.add_types + spec.remove_types:
        if name not in PERMANENT_TYPES + ("Instant", "Sorcery", "Kindred", "Существо"):
            raise table.error("add_types", f"{name!r} is not a card type")
    if not spec.layers():
        raise table.error(None, "the effect does nothing (no layer part)")
    table.done()
    return spec
