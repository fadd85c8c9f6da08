"""The scenario model: what a scenario file says once it is read and checked, as frozen data, and the
errors reading or running one raises. No Django here."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.core import gamedata

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
    """An invalid scenario file: ``str()`` is one line naming file, line, field and reason
    (``…/gray-ogre.toml:41: steps[3].expect[0].pt: expected a string such as "4/4" …``); the line is
    the field's, or the nearest table around it, where the file shows one."""

    def __init__(self, path: str | Path, where: str, reason: str, *, line: int | None = None):
        self.path = str(path)
        self.where = where
        self.reason = reason
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        return self.located(self.path)

    def short(self) -> str:
        """The same line with the file's name only (for pages: they do not show the server's folders)."""
        return self.located(Path(self.path).name)

    def located(self, name: str) -> str:
        place = f"{name}:{self.line}" if self.line else name
        return f"{place}: {self.where}: {self.reason}" if self.where else f"{place}: {self.reason}"


def line_of(lines: dict[str, int], where: str) -> int | None:
    """The line of a field (``steps[3].expect[0].pt``), else of the nearest enclosing one that has a
    line of its own (a key inside an inline table: the line of the table's key)."""
    while where:
        if where in lines:
            return lines[where]
        where = re.sub(r"(?:\.[^.\[\]]+|\[\d+\])$", "", where) if re.search(r"[.\[]", where) else ""
    return None


class ParameterError(ValueError):
    """A parameter value a user gave that the scenario does not accept."""

    def __init__(self, name: str, reason: str, *, code: str = "invalid"):
        self.name = name
        self.reason = reason
        self.code = code
        super().__init__(f"parameter {name}: {reason}")


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
    when: dict = field(default_factory=dict)  # parameter → value: the step is taken only then

    def applies(self, params: dict) -> bool:
        return all(params.get(name) == value for name, value in self.when.items())

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
    # Field path → line in the file, to name the line of a problem found when the scenario runs.
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def error(self, where: str, reason: str) -> ScenarioError:
        """A problem with the file found at run time (a count that a parameter made negative)."""
        return ScenarioError(self.path, where, reason, line=line_of(self.lines, where))

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
