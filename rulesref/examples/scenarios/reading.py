"""Reading a scenario file: the TOML, then its parts in order (slug, titles, the examples it runs,
players, parameters, cards, steps), each checked; the first problem raises a
:class:`~.model.ScenarioError`."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from .cards import build_cards
from .model import (
    GAMES,
    ID_RE,
    LANGUAGE_PARAMETER,
    RULE_RE,
    SLUG_RE,
    TITLE_LANGUAGES,
    Binding,
    Param,
    Scenario,
    ScenarioError,
    line_of,
)
from .scope import Scope
from .steps import read_step
from .tables import Table, field_lines, read_toml

MAX_PLAYERS = 8
# The folder's file of reasons (rulesref.examples.reasons), not a scenario.
COVERAGE_FILE = "coverage.toml"


def load_scenario(path: str | Path) -> Scenario:
    path = Path(path)
    text, data = read_toml(path)
    lines = field_lines(text)
    try:
        scenario = ScenarioReader(path, data).read()
    except ScenarioError as error:
        if error.line is None:
            error.line = line_of(lines, error.where)
        raise
    return replace(scenario, lines=lines)


@dataclass(frozen=True)
class Directory:
    """The scenarios of a folder that read well, by slug, and one error for each file that does not:
    a broken file leaves only itself out."""

    scenarios: dict[str, Scenario]
    errors: tuple[ScenarioError, ...]


def read_directory(directory: str | Path) -> Directory:
    """Every ``*.toml`` scenario in a folder (not ``coverage.toml``), in slug order, and the errors."""
    scenarios: dict[str, Scenario] = {}
    errors = []
    for path in sorted(Path(directory).glob("*.toml")):
        if path.name == COVERAGE_FILE:
            continue
        try:
            scenario = load_scenario(path)
        except ScenarioError as error:
            errors.append(error)
            continue
        if scenario.slug in scenarios:
            where = f"{scenario.slug!r} is also the slug of {scenarios[scenario.slug].path}"
            errors.append(ScenarioError(path, "slug", where, line=scenario.lines.get("slug")))
            continue
        scenarios[scenario.slug] = scenario
    return Directory(dict(sorted(scenarios.items())), tuple(errors))


def load_directory(directory: str | Path) -> dict[str, Scenario]:
    """Every scenario of a folder, by slug; the first broken file raises its ScenarioError (for
    tests and tools that want all or nothing; pages use :func:`read_directory`)."""
    found = read_directory(directory)
    if found.errors:
        raise found.errors[0]
    return found.scenarios


class ScenarioReader:
    def __init__(self, path: Path, data: dict):
        self.path = path
        self.root = Table(path, "", data)
        self.scope = Scope(path)

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
        self.scope.game = game
        titles = self.scope.texts(root.table("title", required=True), required=TITLE_LANGUAGES)
        summary_table = root.table("summary")
        summaries = self.scope.texts(summary_table) if summary_table else {}
        bindings = tuple(self.binding(t, game) for t in root.tables("example"))
        if not bindings:
            raise root.error("example", "name at least one rule example ([[example]] with rule and position)")
        self.read_players(root.table("players"))
        params_table = root.table("params")
        if params_table:
            for name in list(params_table.data):
                self.scope.params[name] = self.param(name, params_table.table(name, required=True))
            params_table.done()
        cards_table = root.table("cards", required=True)
        cards = {}
        for key in list(cards_table.data):
            if not ID_RE.match(key):
                raise cards_table.error(key, "card keys use lower-case letters, digits, - and _")
            cards[key] = cards_table.raw(key)
            self.scope.card_keys.add(key)
        cards_table.done()
        # Build every card once with the default parameters, so a bad card fails here.
        build_cards(self.path, cards, self.scope.default_params())
        steps = tuple(read_step(self.scope, n, t) for n, t in enumerate(root.tables("steps")))
        if not steps:
            raise root.error("steps", "a scenario needs at least one step")
        if steps[0].do != "setup":
            raise ScenarioError(self.path, "steps[0].do", "the first step must be a setup")
        root.done()
        scope = self.scope
        return Scenario(slug, self.path, game, titles, summaries, bindings, scope.params, scope.players, cards, steps)

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
            self.scope.players = {
                "you": {"name": "You", "life": 20, "range": None},
                "opponent": {"name": "Opponent", "life": 20, "range": None},
            }
            return
        for player_id in list(table.data):
            if not ID_RE.match(player_id):
                raise table.error(player_id, "player ids use lower-case letters, digits, - and _")
            player = table.table(player_id)
            self.scope.players[player_id] = {
                "name": player.str("name", player_id),
                "life": player.int("life", 20),
                # A range of influence (rule 801.2); none given: unlimited.
                "range": player.int("range", minimum=1) if player.has("range") else None,
            }
            player.done()
        # Two players, or a multiplayer game (rule 800.1), seated in the order they are written (101.4).
        if not 2 <= len(self.scope.players) <= MAX_PLAYERS:
            raise table.error(None, f"a scenario has 2 to {MAX_PLAYERS} players")
        table.done()

    def param(self, name: str, table: Table) -> Param:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise table.error(None, "parameter names use lower-case letters, digits and _")
        if name == LANGUAGE_PARAMETER:
            raise table.error(None, f"{name!r} is reserved: the page reads the rule's language from ?{name}=")
        kind = table.str("type", "int")
        labels_table = table.table("label", required=True)
        labels = self.scope.texts(labels_table)
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
