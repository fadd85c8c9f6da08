"""How readers word what the rulebook words otherwise (``rules_data/search/paraphrases.toml``): a query's
typed wording also searches the rulebook's ("several" → "multiple", "at the same time" →
"simultaneously", 玩家 → 牌手), as one word of the query.

Read once per process at query time; a damaged file disables the paraphrases, never a search: the
problem is kept for the system check (``checks``) and the log, naming file, line and reason.
"""

from __future__ import annotations

import logging
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings

from rulesref.core.scripts import has_cjk

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Paraphrase:
    language: str
    typed: tuple[str, ...]
    rulebook: str


def path() -> Path:
    return Path(settings.RULES_DATA_DIR) / "search" / "paraphrases.toml"


def read(file: Path) -> list[Paraphrase]:
    """The paraphrases of ``file``; raises ValueError naming file, line and reason."""
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"{file}: cannot be read: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{file}: {error}") from None
    found = []
    text = file.read_text(encoding="utf-8")
    for number, table in enumerate(data.get("paraphrase", []), start=1):
        line = _line_of(text, number)
        language, typed, rulebook = table.get("language"), table.get("typed"), table.get("rulebook")
        if not isinstance(language, str) or not language:
            raise ValueError(f"{file}:{line}: paraphrase {number} has no language")
        if not isinstance(typed, list) or not typed or not all(isinstance(t, str) and t.strip() for t in typed):
            raise ValueError(f"{file}:{line}: paraphrase {number}: typed must be a list of wordings")
        if not isinstance(rulebook, str) or not rulebook.strip():
            raise ValueError(f"{file}:{line}: paraphrase {number}: rulebook must be a wording")
        found.append(Paraphrase(language, tuple(t.strip() for t in typed), rulebook.strip()))
    return found


def _line_of(text: str, number: int) -> int:
    """The line of the ``number``-th ``[[paraphrase]]`` table."""
    seen = 0
    for line_number, line in enumerate(text.splitlines(), start=1):
        if line.strip() == "[[paraphrase]]":
            seen += 1
            if seen == number:
                return line_number
    return 1


@cache
def _loaded() -> tuple[tuple[Paraphrase, ...], str]:
    try:
        return tuple(read(path())), ""
    except ValueError as error:
        logger.warning("paraphrases disabled: %s", error)
        return (), str(error)


def problem() -> str:
    """Why the paraphrases are disabled ("" when they are not)."""
    return _loaded()[1]


def for_language(language: str) -> tuple[tuple[str, str], ...]:
    """(typed, rulebook) pairs of ``language``, longest typed wording first."""
    pairs = [(typed, p.rulebook) for p in _loaded()[0] if p.language == language for typed in p.typed]
    return tuple(sorted(pairs, key=lambda pair: -len(pair[0])))


def _as_query(wording: str) -> str:
    return f'"{wording}"' if " " in wording else wording


def rewrite(language: str, text: str) -> str:
    """``text`` with each typed wording (outside quotes) searched as itself or the rulebook's:
    "draw several cards" → "draw (several OR multiple) cards". A language written without spaces gets
    the rulebook's wording in its place (its questions are read as character pairs)."""
    pairs = for_language(language)
    if not pairs:
        return text
    for typed, rulebook in pairs:
        if has_cjk(typed):
            # As a word of its own: its characters do not pair with the neighbouring ones (每位玩家 → 每位
            # 牌手, not the pair 位牌, which the rulebook prints in other words).
            text = text.replace(typed, f" {rulebook} ")
            continue
        pattern = re.compile(rf"(?<![\w\"]){re.escape(typed)}(?![\w\"])", re.IGNORECASE)
        # Only outside quotes: a phrase the reader quoted, or one written here, is searched as it stands.
        pieces = re.split(r'("[^"]*")', text)
        for i in range(0, len(pieces), 2):
            pieces[i] = pattern.sub(lambda m, r=rulebook: f"({_as_query(m.group(0))} OR {_as_query(r)})", pieces[i])
        text = "".join(pieces)
    return text


def same_word(language: str, analyzer) -> dict[str, str]:
    """Indexed forms of each typed wording and of its rulebook wording → one key: a question counts
    them as one of its words. Multi-word wordings as their words joined by spaces."""
    same = {}
    for typed, rulebook in for_language(language):
        key = " ".join(token.text for token in analyzer(rulebook, mode="query"))
        if not key:
            continue
        same[key] = key
        typed_key = " ".join(token.text for token in analyzer(typed, mode="query"))
        if typed_key:
            same[typed_key] = key
    return same
