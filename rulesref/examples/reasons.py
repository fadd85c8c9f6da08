"""Why a rule example has no scenario: ``rules_data/examples/coverage.toml``, read and checked.

Examples are named by rule number (``603.8``: every example under it; a section such as
``603`` or a rule such as ``701.19`` also names the subrules under it), with a 0-based
position (``107.1b#1``), by a range of sections (``800-811``), or ``(unnumbered)``. The
first reason naming an example wins. No Django here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .scenarios import GAMES, LANGUAGES, ScenarioError, Table, field_lines, line_of, read_toml

PATTERN_RE = re.compile(r"^(?:\(unnumbered\)|\d{3}-\d{3}|\d{1,3}(?:\.\d+[a-z]{0,2})?(?:#\d+)?)$")


@dataclass(frozen=True)
class Need:
    key: str
    labels: dict[str, str]

    def label(self, language: str) -> str:
        return self.labels.get(language) or self.labels["en"]


@dataclass(frozen=True)
class Reason:
    game: str
    patterns: tuple[str, ...]
    needs: tuple[str, ...]

    def names(self, game: str, rule: str, position: int) -> bool:
        return game == self.game and any(pattern_matches(p, rule, position) for p in self.patterns)


def pattern_matches(pattern: str, rule: str, position: int) -> bool:
    if pattern == "(unnumbered)":
        return not rule
    if not rule:
        return False
    if re.fullmatch(r"\d{3}-\d{3}", pattern):
        low, high = (int(part) for part in pattern.split("-"))
        section = rule.split(".")[0]
        return section.isdigit() and low <= int(section) <= high
    number, _, wanted = pattern.partition("#")
    if wanted and int(wanted) != position:
        return False
    if rule == number:
        return True
    # "603" names 603.1, 603.2c …; "701.19" names 701.19b (never 701.190).
    return rule.startswith(number) and not rule[len(number)].isdigit()


@dataclass(frozen=True)
class Reasons:
    path: Path
    needs: dict[str, Need]
    reasons: tuple[Reason, ...]

    def reason_for(self, game: str, rule: str, position: int) -> Reason | None:
        return next((reason for reason in self.reasons if reason.names(game, rule, position)), None)

    def text(self, reason: Reason, language: str) -> str:
        return "; ".join(self.needs[key].label(language) for key in reason.needs)


def load_reasons(path: str | Path) -> Reasons:
    """The file's reasons; a problem is a ScenarioError naming file, line and reason."""
    path = Path(path)
    text, data = read_toml(path)
    try:
        return read_reasons(path, data)
    except ScenarioError as error:
        if error.line is None:
            error.line = line_of(field_lines(text), error.where)
        raise


def read_reasons(path: Path, data: dict) -> Reasons:
    root = Table(path, "", data)
    needs_table = root.table("needs", required=True)
    needs = {}
    for key in list(needs_table.data):
        labels_table = needs_table.table(key, required=True)
        labels = {}
        for language in list(labels_table.data):
            if language not in LANGUAGES:
                raise labels_table.error(language, "unknown language")
            labels[language] = labels_table.str(language)
        if "en" not in labels:
            raise labels_table.error("en", "is required")
        labels_table.done()
        needs[key] = Need(key, labels)
    needs_table.done()
    reasons = []
    for table in root.tables("reason"):
        game = table.str("game", required=True)
        if game not in GAMES:
            raise table.error("game", f"{game!r} is not one of {', '.join(GAMES)}")
        patterns = table.strings("examples")
        if not patterns:
            raise table.error("examples", "name at least one example")
        for pattern in patterns:
            if not PATTERN_RE.match(pattern):
                raise table.error("examples", f"{pattern!r} is not 603.8, 107.1b#1, 800-811 or (unnumbered)")
        keys = table.strings("needs")
        if not keys:
            raise table.error("needs", "say what is needed")
        for key in keys:
            if key not in needs:
                raise table.error("needs", f"{key!r} is not a [needs.{key}] of this file")
        table.done()
        reasons.append(Reason(game, patterns, keys))
    root.done()
    return Reasons(path, needs, tuple(reasons))
