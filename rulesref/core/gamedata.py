"""The games of ``rules_data/games.toml``: plain data, no Django.

One table per game (names per language, original language, numbering scheme, the words that
stand before its rule numbers and that name it in a title block). The parsers, the scenario and
glossary readers and ``rulenumbers`` read this module directly, so they stay free of Django;
``rulesref.core.games`` builds the registry the rest of the project uses on it (translated labels,
and the games users registered by importing their rulebooks, which live in the database).

A broken file fails at import with one line naming the file, the line and the reason: every
page depends on the list of games.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .langdata import LANGUAGES

GAMES_FILE = Path(__file__).resolve().parents[2] / "rules_data" / "games.toml"
KEY_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
# The numbering schemes of rulesref.rules.parsers.numbers (a system check keeps the two equal).
NUMBERINGS = ("cr", "dotted")
# How far into a file its title block may reach.
TITLE_LINES = 40
FIELDS = {"names", "original_language", "numbering", "label", "prefixes", "title_words", "official_rules"}


class GameDataError(Exception):
    pass


@dataclass(frozen=True)
class GameData:
    key: str
    original_language: str
    numbering: str
    names: dict[str, str] = field(default_factory=dict, hash=False)
    label: str = ""
    prefixes: tuple[str, ...] = ()
    title_words: tuple[str, ...] = ()
    # Where the publisher puts its current rules, per content language (``fetch_rules``): a text file, or
    # the page that links to it.
    official_rules: dict[str, str] = field(default_factory=dict, hash=False)

    @property
    def name(self) -> str:
        """The name as the publisher prints it in the original language."""
        return self.names.get(self.original_language) or next(iter(self.names.values()), self.key)


def _line_of(text: str, key: str) -> int:
    """The line of ``[games.<key>]`` in the file (1 when not found), for messages."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip().startswith(f"[games.{key}"):
            return number
    return 1


def _strings(value, where: str, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) and item.strip() for item in value):
        raise GameDataError(f"{where}: {what} must be a list of non-empty strings")
    return tuple(value)


def parse(text: str, path: Path | str = GAMES_FILE) -> dict[str, GameData]:
    """The games of a ``games.toml`` text, validated, in file order."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise GameDataError(f"{path}: {error}") from None
    tables = data.get("games")
    if not isinstance(tables, dict) or not tables:
        raise GameDataError(f"{path}: no [games.<key>] tables")
    games: dict[str, GameData] = {}
    for key, table in tables.items():
        where = f"{path}:{_line_of(text, key)}"
        if not KEY_RE.match(key):
            raise GameDataError(f"{where}: game key {key!r} must be lower-case letters, digits and '-'")
        unknown = set(table) - FIELDS
        if unknown:
            raise GameDataError(f"{where}: game {key!r} has unknown fields {', '.join(sorted(unknown))}")
        names = table.get("names")
        if not isinstance(names, dict) or not names or not all(isinstance(n, str) and n for n in names.values()):
            raise GameDataError(f"{where}: game {key!r} needs [games.{key}.names] with a name per language")
        strange = sorted(set(names) - set(LANGUAGES))
        if strange:
            raise GameDataError(f"{where}: game {key!r} names languages that are not registered: {', '.join(strange)}")
        original = table.get("original_language")
        if original not in LANGUAGES:
            raise GameDataError(
                f"{where}: game {key!r} has original_language {original!r}; registered: {', '.join(LANGUAGES)}"
            )
        if original not in names:
            raise GameDataError(f"{where}: game {key!r} has no name in its original language {original!r}")
        numbering = table.get("numbering")
        if numbering not in NUMBERINGS:
            raise GameDataError(f"{where}: game {key!r} has numbering {numbering!r}; known: {', '.join(NUMBERINGS)}")
        label = table.get("label", "")
        if not isinstance(label, str):
            raise GameDataError(f"{where}: game {key!r}: label must be a string")
        official = table.get("official_rules", {})
        if not isinstance(official, dict) or not all(
            isinstance(url, str) and url.startswith(("https://", "http://")) for url in official.values()
        ):
            raise GameDataError(f"{where}: game {key!r}: official_rules must map languages to http(s) URLs")
        strange = sorted(set(official) - set(LANGUAGES))
        if strange:
            raise GameDataError(
                f"{where}: game {key!r} has official rules in languages that are not registered: {', '.join(strange)}"
            )
        games[key] = GameData(
            key=key,
            original_language=original,
            numbering=numbering,
            names=dict(names),
            label=label,
            prefixes=tuple(prefix.lower() for prefix in _strings(table.get("prefixes", []), where, "prefixes")),
            title_words=_strings(table.get("title_words", []), where, "title_words"),
            official_rules=dict(official),
        )
    return games


@functools.cache
def games() -> dict[str, GameData]:
    """The games of ``rules_data/games.toml``."""
    try:
        text = GAMES_FILE.read_text(encoding="utf-8")
    except OSError as error:
        raise GameDataError(f"{GAMES_FILE}: {error.strerror or error}") from None
    return parse(text, GAMES_FILE)


def _mentions(text: str, words: Iterable[str]) -> bool:
    """Whether ``text`` holds one of ``words`` as a whole word (case-insensitive)."""
    for word in words:
        pattern = re.escape(word)
        if word[:1].isalnum():
            pattern = r"(?<!\w)" + pattern
        if word[-1:].isalnum():
            pattern += r"(?!\w)"
        if re.search(pattern, text, re.IGNORECASE):
            return True
    return False


def games_in_title(lines: Iterable[str], known: Iterable[GameData] | None = None) -> list[str]:
    """The keys of the games whose names or title words a file's first 40 lines hold."""
    head = "\n".join(line for _, line in zip(range(TITLE_LINES), lines, strict=False))
    candidates = games().values() if known is None else known
    return [game.key for game in candidates if _mentions(head, (*game.names.values(), *game.title_words))]
