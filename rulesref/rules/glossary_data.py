"""Reading rules_data/glossary: term equivalents and card names per language.

Pure Python (no Django). ``terms.toml`` holds ``[[term]]`` tables with a ``key``, a
``game`` and one list of forms per language code (the first form is the preferred
one); ``cards.toml`` holds ``[[card]]`` tables with a ``key``, a ``game`` and one
name per language code.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from rulesref.core import gamedata
from rulesref.core.langdata import LANGUAGES

# Forms and names may be given in any registered content language.
LANGUAGE_CODES = tuple(LANGUAGES)
# The games of rules_data/games.toml (bundled data is written for those, not for registered ones).
GAMES = tuple(gamedata.games())
KEY_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class GlossaryDataError(Exception):
    pass


@dataclass
class TermData:
    key: str
    game: str
    forms: dict[str, list[str]]
    note: str = ""


@dataclass
class CardData:
    key: str
    game: str
    names: dict[str, str]


@dataclass
class GlossaryData:
    terms: list[TermData] = field(default_factory=list)
    cards: list[CardData] = field(default_factory=list)


def _read(path: Path) -> tuple[dict, str]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise GlossaryDataError(f"{path}: no such file") from None
    except UnicodeDecodeError as error:
        raise GlossaryDataError(f"{path}: not UTF-8 (byte offset {error.start})") from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as error:
        raise GlossaryDataError(f"{path}: {error}") from None


def _line_of(text: str, key: str) -> int:
    match = re.search(rf'^\s*key\s*=\s*"{re.escape(key)}"', text, re.MULTILINE)
    return text.count("\n", 0, match.start()) + 1 if match else 0


def _check_common(path: Path, text: str, table: dict, kind: str, seen: set) -> tuple[str, str, int]:
    key = table.get("key")
    if not isinstance(key, str) or not KEY_RE.match(key):
        raise GlossaryDataError(f"{path}: a [[{kind}]] has no valid key (lower-case letters, digits, '-'): {key!r}")
    line = _line_of(text, key)
    where = f"{path}:{line}"
    game = table.get("game")
    if game not in GAMES:
        raise GlossaryDataError(f"{where}: {kind} {key!r} has unknown game {game!r}; known: {', '.join(GAMES)}")
    if (game, key) in seen:
        raise GlossaryDataError(f"{where}: {kind} {key!r} is defined twice for {game}")
    seen.add((game, key))
    unknown = set(table) - {"key", "game", "note", *LANGUAGE_CODES}
    if unknown:
        raise GlossaryDataError(
            f"{where}: {kind} {key!r} has unknown fields or languages: {', '.join(sorted(unknown))}"
        )
    return key, game, line


def load_terms(path: Path) -> list[TermData]:
    data, text = _read(path)
    terms, seen = [], set()
    for table in data.get("term", []):
        key, game, line = _check_common(path, text, table, "term", seen)
        forms = {}
        for lang in LANGUAGE_CODES:
            value = table.get(lang, [])
            if isinstance(value, str):
                value = [value]
            if not all(isinstance(v, str) and v.strip() for v in value):
                raise GlossaryDataError(f"{path}:{line}: term {key!r}: forms for {lang} must be non-empty strings")
            if value:
                forms[lang] = [v.strip() for v in value]
        if len(forms) < 2:
            raise GlossaryDataError(f"{path}:{line}: term {key!r} needs forms in at least two languages")
        terms.append(TermData(key=key, game=game, forms=forms, note=table.get("note", "")))
    return terms


def load_cards(path: Path) -> list[CardData]:
    data, text = _read(path)
    cards, seen = [], set()
    for table in data.get("card", []):
        key, game, line = _check_common(path, text, table, "card", seen)
        names = {lang: table[lang].strip() for lang in LANGUAGE_CODES if lang in table}
        if not names or not all(isinstance(v, str) and v for v in names.values()):
            raise GlossaryDataError(f"{path}:{line}: card {key!r} needs a name in at least one language")
        cards.append(CardData(key=key, game=game, names=names))
    return cards


def load(directory: Path) -> GlossaryData:
    return GlossaryData(terms=load_terms(directory / "terms.toml"), cards=load_cards(directory / "cards.toml"))
