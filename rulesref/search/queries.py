"""Reading what a user typed: filters, rule numbers, cleanup of malformed input.

Pure functions: nothing here touches the index. A query that cannot be read gets
a :class:`QueryError` whose message is shown to the user as it is.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from rulesref.core.games import UnknownGame, get_game
from rulesref.core.languages import UnknownLanguage, get_language
from rulesref.rules.parsers import numbers

MAX_QUERY_CHARS = 300
FILTER_RE = re.compile(r"(?<!\S)(lang|game|edition):(\S*)", re.IGNORECASE)
EDITION_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
OPERATORS = {"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"}
# "CR 208.2a", "r208.2a", "rule 208.2a", "regola 208.2a", "２０８．２ａ".
NUMBER_QUERY_RE = re.compile(
    r"^(?:cr|r|rule|rules|regola|правило|п\.|规则|ルール)?\s*(\d{1,3}(?:\.\d+)*[a-z]{0,2})\.?$", re.IGNORECASE
)


class QueryError(ValueError):
    """A query we cannot run; the message says what to type instead."""


@dataclass
class UserQuery:
    raw: str
    text: str
    languages: list[str] = field(default_factory=list)
    game: str | None = None
    edition: str | None = None
    number: str | None = None
    # The game a number query's wording points to: "правило 108.4" is Берсерк's.
    game_hint: str | None = None
    notices: list[str] = field(default_factory=list)


def _clean(raw: str) -> str:
    text = unicodedata.normalize("NFKC", raw)
    # Control and format characters read as spaces.
    return "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") else ch for ch in text)


def _balance_quotes(text: str, notices: list[str]) -> str:
    if text.count('"') % 2:
        last = text.rfind('"')
        text = text[:last] + text[last + 1 :]
        notices.append("An unmatched quote was ignored.")
    return text


def _balance_parentheses(text: str, notices: list[str]) -> str:
    depth = 0
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                break
    if depth != 0:
        notices.append("Unbalanced parentheses were ignored.")
        return text.replace("(", " ").replace(")", " ")
    return text


def _drop_stray_operators(text: str, notices: list[str]) -> str:
    """``AND`` at either end, or two operators in a row, read as nothing."""
    words = text.split()
    kept: list[str] = []
    for word in words:
        if word in OPERATORS and (not kept or kept[-1] in OPERATORS or kept[-1].endswith("(")):
            continue
        kept.append(word)
    while kept and kept[-1] in OPERATORS:
        kept.pop()
    if len(kept) != len(words):
        notices.append("Operators with nothing to join were ignored.")
    return " ".join(kept)


def parse_user_query(raw: str) -> UserQuery:
    """Split a raw query into free text and filters, and repair what can be repaired."""
    notices: list[str] = []
    text = _clean(raw or "")
    if len(text) > MAX_QUERY_CHARS:
        cut = text[:MAX_QUERY_CHARS]
        text = cut.rsplit(" ", 1)[0] if " " in cut[-40:] else cut
        notices.append(f"Your query was shortened to its first {len(text)} characters.")
    query = UserQuery(raw=raw, text="")
    for match in FILTER_RE.finditer(text):
        name, value = match[1].lower(), match[2]
        if not value:
            raise QueryError(f"“{name}:” needs a value, for example {name}:{_EXAMPLES[name]}.")
        if name == "lang":
            try:
                query.languages.append(get_language(value).code)
            except UnknownLanguage as error:
                raise QueryError(f"{error} (in “{match[0]}”)") from None
        elif name == "game":
            try:
                query.game = get_game(value).slug
            except UnknownGame as error:
                raise QueryError(f"{error} (in “{match[0]}”)") from None
        else:
            value = value.lower()
            if not EDITION_RE.match(value):
                raise QueryError(f"“{match[0]}” is not an edition: use a date like edition:2023-06-16.")
            query.edition = value
    text = FILTER_RE.sub(" ", text)
    text = _balance_quotes(text, notices)
    text = _balance_parentheses(text, notices)
    text = _drop_stray_operators(text, notices)
    text = " ".join(text.split())
    if not re.search(r"[^\W_]", text):
        if text.strip():
            raise QueryError("Type at least one word or rule number: “*” or punctuation alone would match everything.")
        if query.languages or query.game or query.edition:
            raise QueryError("Add a word, a phrase or a rule number to the filters.")
        raise QueryError("Type a word, a phrase or a rule number to search.")
    query.text = text
    query.number = rule_number(text)
    if query.number:
        if re.match(r"(?i)^\s*(правило|п\.)", text):
            query.game_hint = "berserk"
        elif re.match(r"(?i)^\s*(cr|r|rules?|regola|规则|ルール)\b", text) or text.startswith(("规则", "ルール")):
            query.game_hint = "mtg"
    query.notices = notices
    return query


_EXAMPLES = {"lang": "ja", "game": "berserk", "edition": "2023-06-16"}


def rule_number(text: str) -> str | None:
    """The rule number ``text`` names, if it is nothing but a rule number."""
    match = NUMBER_QUERY_RE.match(text.strip())
    if not match:
        return None
    number = match[1].lower()
    # A bare "2" is a word, not chapter 2; "208" (a section) and "208.2a" are numbers.
    if not numbers.is_number(number) or ("." not in number and len(number) != 3):
        return None
    return number
