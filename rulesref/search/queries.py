"""Reading what a user typed: filters, rule numbers, cleanup of malformed input, bounds on cost.

Pure functions: nothing here touches the index. A query that cannot be read gets a
:class:`QueryError` whose message is shown to the user as it is. Every message is a lazy
translation: it is shown in the language of the request that shows it, even from a cached result.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field

from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from rulesref.core import rulenumbers
from rulesref.core.formatting import game_name, language_name, language_name_in_text
from rulesref.core.games import GAMES, UnknownGame, get_game, scheme_name
from rulesref.core.languages import CONTENT_LANGUAGES, UnknownLanguage, get_language
from rulesref.core.scripts import CJK_RUN_RE, has_cjk
from rulesref.rules.parsers.numbers import get_scheme

from . import limits
from .weights import RANKING

MAX_QUERY_CHARS = limits.MAX_QUERY_CHARS
FILTER_RE = re.compile(r"(?<!\S)(lang|game|edition):(\S*)", re.IGNORECASE)
EDITION_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
OPERATORS = {"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"}
# "CR 208.2a", "r208.2a", "rule 208.2a", "regola 208.2a", "２０８．２ａ" (after NFKC).
NUMBER_RE = re.compile(r"^(\d{1,3}(?:\.\d+)*[a-z]{0,2})\.?$", re.IGNORECASE)
SECTION_OR_RULE_RE = re.compile(r"^(?P<section>\d{3})(?:\.\d+(?:\.\d+)*[a-z]{0,2})?$")
DOTTED = get_scheme("dotted")
WILDCARD_RE = re.compile(r'(?<![\w*])([^\s()"*]*)\*+')
# A question mark in the middle of a word is Whoosh's single-character wildcard: read as a space.
QUESTION_RE = re.compile(r"\?")
# Unicode categories read as spaces: controls, format characters, line and paragraph separators, and
# lone surrogates (not text at all: they cannot even be encoded).
SPACE_CATEGORIES = ("Cc", "Cf", "Zl", "Zp", "Cs")
# Control characters a notice names; more are shown as "…".
CONTROL_CODES_SHOWN = 3


def _interpolate(message, params) -> str:
    return str(message) % params


message = lazy(_interpolate, str)


class QueryError(ValueError):
    """A query we cannot run; the message says what to type instead."""

    def __init__(self, text):
        super().__init__(text)
        self.message = text


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
    notices: list = field(default_factory=list)

    @property
    def plain_words(self) -> list[str]:
        """The words of a query that uses no syntax (no quotes, operators, wildcards, groups)."""
        return plain_words(self.text)


def plain_words(text: str) -> list[str]:
    """The words of ``text`` when it uses no syntax (no quotes, operators, wildcards, groups); else none."""
    return [] if uses_syntax(text) else text.split()


PLAIN_WORDS_RE = re.compile(r"^[^\W_]+(?:[ '’-][^\W_]+)+$")
# A question or a term in a script written without spaces ("衍生物离开战场会怎样", "連續效應") is one long
# word: with at least this many CJK characters and no search syntax, a strict reading that found nothing
# reads its character pairs instead.
UNSPACED_MIN_CHARS = 3


def is_question(text: str) -> bool:
    """Plain words, at least ``RANKING.thin_min_words`` of them, commas and the like between them
    allowed ("Kann ich …, wenn …", "Quand …, qui …"): read as a question."""
    words = question_words(text)
    return len(words) >= RANKING.thin_min_words and PLAIN_WORDS_RE.match(" ".join(words)) is not None


# A comma, semicolon or colon after a word: a question's punctuation, not search syntax.
_CLAUSE_PUNCTUATION = re.compile(r"[,;:](?=\s|$)")


def question_words(text: str) -> list[str]:
    """``text``'s words, the punctuation between a question's clauses left out."""
    return _CLAUSE_PUNCTUATION.sub(" ", text).split()


def is_unspaced_run(text: str) -> bool:
    """At least ``UNSPACED_MIN_CHARS`` CJK characters and no search syntax: a question or a term
    typed without spaces, which a strict reading takes as one word ("連續效應")."""
    if uses_syntax(text):
        return False
    return sum(len(run) for run in CJK_RUN_RE.findall(text)) >= UNSPACED_MIN_CHARS


def uses_syntax(text: str) -> bool:
    """Whether a query uses search syntax: quotes, groups, wildcards or operators."""
    return any(ch in text for ch in '"()*') or any(word in OPERATORS for word in text.split())


def _clean(raw: str) -> str:
    text = unicodedata.normalize("NFKC", "".join(" " if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in raw))
    return "".join(" " if unicodedata.category(ch) in SPACE_CATEGORIES else ch for ch in text)


def control_characters(raw: str) -> list[str]:
    """The control and format characters of ``raw`` a reader did not mean to type, as ``U+0000``, once each.

    Tabs and line breaks (a pasted paragraph) are spaces a reader expects, so they are not named.
    """
    found = (ch for ch in raw if unicodedata.category(ch) in SPACE_CATEGORIES and ch not in "\t\n\r\u2028\u2029")
    return [f"U+{ord(ch):04X}" for ch in dict.fromkeys(found)]


def _codes(codes: list[str]) -> str:
    return ", ".join(codes[:CONTROL_CODES_SHOWN]) + (", …" if len(codes) > CONTROL_CODES_SHOWN else "")


def _balance_quotes(text: str, notices: list) -> str:
    if text.count('"') % 2:
        last = text.rfind('"')
        text = text[:last] + text[last + 1 :]
        notices.append(_("An unmatched quote was ignored."))
    return text


def _balance_parentheses(text: str, notices: list) -> str:
    depth = deepest = 0
    for ch in text:
        if ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == ")":
            depth -= 1
            if depth < 0:
                break
    if depth != 0:
        notices.append(_("Unbalanced parentheses were ignored."))
        return text.replace("(", " ").replace(")", " ")
    if deepest > limits.MAX_NESTING:
        notices.append(
            message(
                _("Parentheses nested more than %(count)d deep were ignored: your query was searched without them."),
                {"count": limits.MAX_NESTING},
            )
        )
        return text.replace("(", " ").replace(")", " ")
    return text


def _drop_stray_operators(text: str, notices: list) -> str:
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
        notices.append(_("Operators with nothing to join were ignored."))
    return " ".join(kept)


def _bound_wildcards(text: str, notices: list) -> str:
    """A wildcard needs ``MIN_PREFIX_CHARS`` letters before it (one for CJK); otherwise it is dropped."""
    dropped = []

    def check(match):
        stem = match[1]
        letters = re.sub(r"[\W_]", "", stem)
        if not letters or len(letters) >= limits.MIN_PREFIX_CHARS or has_cjk(letters):
            # Without letters there is nothing to expand: "*" alone gets its own message.
            return match[0]
        dropped.append(stem + "*")
        return stem

    text = WILDCARD_RE.sub(check, QUESTION_RE.sub(" ", text))
    if dropped:
        notices.append(
            message(
                _("A wildcard needs at least %(count)d letters before the *: “%(words)s” was searched without it."),
                {"count": limits.MIN_PREFIX_CHARS, "words": " ".join(dropped)},
            )
        )
    return text


def _bound_phrases(text: str, notices: list) -> str:
    """A quoted phrase of more than ``MAX_PHRASE_WORDS`` words is read as words."""
    long_phrase = False

    def check(match):
        nonlocal long_phrase
        if len(match[1].split()) > limits.MAX_PHRASE_WORDS:
            long_phrase = True
            return match[1]
        return match[0]

    text = re.sub(r'"([^"]*)"', check, text)
    if long_phrase:
        notices.append(
            message(
                _("A phrase of more than %(count)d words was searched as words."), {"count": limits.MAX_PHRASE_WORDS}
            )
        )
    return text


def _bound_operators(text: str, notices: list) -> str:
    """Empty quotes read as nothing; more than ``MAX_OPERATORS`` operators make a query plain words."""
    text = re.sub(r'"\s*"', " ", text)
    words = text.split()
    if sum(1 for w in words if w in OPERATORS) <= limits.MAX_OPERATORS:
        return text
    notices.append(
        message(
            _("More than %(count)d operators: your query was searched as plain words."), {"count": limits.MAX_OPERATORS}
        )
    )
    return " ".join(w for w in re.sub(r'["()]', " ", text).split() if w not in OPERATORS)


def _bound_wildcard_count(text: str, notices: list) -> str:
    seen = 0

    def check(match):
        nonlocal seen
        seen += 1
        return match[0] if seen <= limits.MAX_WILDCARDS else match[0].rstrip("*")

    text = re.sub(r"\S+\*", check, text)
    if seen > limits.MAX_WILDCARDS:
        notices.append(
            message(
                _("Only the first %(count)d wildcards were expanded; the rest were searched as words."),
                {"count": limits.MAX_WILDCARDS},
            )
        )
    return text


def _bound_words(text: str, notices: list) -> str:
    words = text.split()
    if not any(ch in text for ch in '"()') and not any(w in OPERATORS for w in words):
        # Plain words: a word typed twice in a row adds nothing but cost. One repeated further on is
        # kept ("lose the game at the same time": the paraphrase "at the same time" needs its "the"),
        # unless the query is too long, when every repeat goes before any word is cut.
        words = [w for i, w in enumerate(words) if i == 0 or w.casefold() != words[i - 1].casefold()]
        if len(words) > limits.MAX_WORDS:
            seen: set[str] = set()
            words = [w for w in words if not (w.casefold() in seen or seen.add(w.casefold()))]
        text = " ".join(words)
    if len(words) <= limits.MAX_WORDS:
        return text
    notices.append(message(_("Your query was shortened to its first %(count)d words."), {"count": limits.MAX_WORDS}))
    return " ".join(words[: limits.MAX_WORDS])


def language_code(value: str) -> str | None:
    """The content language ``value`` names: a code or alias (``ja``, ``jp``), or a one-word name in the
    interface language, in English or in the language itself (``Japanese``, ``giapponese``, ``日本語``)."""
    try:
        return get_language(value).code
    except UnknownLanguage:
        pass
    wanted = value.casefold()
    for code in CONTENT_LANGUAGES:
        if wanted in {language_name(code, ui).casefold() for ui in (None, "en", code)}:
            return code
    return None


def _names(values) -> str:
    return ", ".join(values)


# The names are looked up when a message is shown, in the interface language of that request.
_known_languages = lazy(lambda: _names(language_name_in_text(code) for code in CONTENT_LANGUAGES), str)
_known_games = lazy(lambda: _names(f"{game_name(slug)} (game:{slug})" for slug in GAMES), str)

_EXAMPLES = {"lang": "ja", "game": "berserk", "edition": "2023-06-16"}


def parse_user_query(raw: str) -> UserQuery:
    """Split a raw query into free text and filters, and repair what can be repaired."""
    notices: list = []
    controls = control_characters(raw or "")
    if controls:
        notices.append(
            message(_("Control characters in your query (%(codes)s) were read as spaces."), {"codes": _codes(controls)})
        )
    text = _clean(raw or "")
    if len(text) > MAX_QUERY_CHARS:
        cut = text[:MAX_QUERY_CHARS]
        text = cut.rsplit(" ", 1)[0] if " " in cut[-40:] else cut
        notices.append(
            message(
                _("A query can be at most %(limit)d characters long: yours was cut to its first %(count)d."),
                {"limit": MAX_QUERY_CHARS, "count": len(text)},
            )
        )
    query = UserQuery(raw=raw, text="")
    for match in FILTER_RE.finditer(text):
        name, value = match[1].lower(), match[2]
        if not value:
            raise QueryError(
                message(
                    _("“%(name)s:” needs a value, for example %(example)s."),
                    {"name": name, "example": f"{name}:{_EXAMPLES[name]}"},
                )
            )
        if name == "lang":
            code = language_code(value)
            if code is None:
                raise QueryError(
                    message(
                        _("There is no language “%(value)s” (in “%(filter)s”); you can search %(known)s."),
                        {"value": value, "filter": match[0], "known": _known_languages()},
                    )
                )
            query.languages.append(code)
        elif name == "game":
            try:
                query.game = get_game(value).slug
            except UnknownGame:
                raise QueryError(
                    message(
                        _("There is no game “%(value)s” (in “%(filter)s”); you can search %(known)s."),
                        {"value": value, "filter": match[0], "known": _known_games()},
                    )
                ) from None
        else:
            value = value.lower()
            if not EDITION_RE.match(value):
                raise QueryError(
                    message(
                        _("“%(filter)s” is not an edition: use a date like edition:2023-06-16."), {"filter": match[0]}
                    )
                )
            query.edition = value
    text = FILTER_RE.sub(" ", text)
    text = _balance_quotes(text, notices)
    text = _balance_parentheses(text, notices)
    text = _bound_operators(text, notices)
    text = _drop_stray_operators(text, notices)
    text = _bound_wildcards(text, notices)
    text = _bound_wildcard_count(text, notices)
    text = _bound_phrases(text, notices)
    text = _bound_words(text, notices)
    text = " ".join(text.split())
    if not re.search(r"[^\W_]", text):
        if text.strip():
            raise QueryError(
                _("Type at least one word or rule number: “*” or punctuation alone would match everything.")
            )
        if query.languages or query.game or query.edition:
            raise QueryError(_("Add a word, a phrase or a rule number to the filters."))
        if controls:
            raise QueryError(
                message(
                    _("Your query holds only control characters (%(codes)s): type a word, a phrase or a rule number."),
                    {"codes": _codes(controls)},
                )
            )
        raise QueryError(_("Type a word, a phrase or a rule number to search."))
    if query.game is None and is_question(text):
        query.game, text = _game_named(text)
    query.text = text
    prefix, rest = rulenumbers.split_prefix(text)
    hint = rulenumbers.game_of_prefix(prefix)
    numbering = scheme_name(query.game or hint) if (query.game or hint) else None
    query.number = rule_number(rest if prefix else text, numbering=numbering)
    if query.number:
        query.game_hint = hint
    query.notices = notices
    return query


# A question naming its game after one of these ("can I challenge a ready character in Lorcana", "wie viele
# Legenden braucht man bei Lorcana") asks about that game's rules alone, as game: would.
GAME_PREPOSITIONS = ("in", "for", "of", "bei", "im", "für", "dans", "en", "pour", "à", "per", "nel", "в", "во", "для")
# A word of a game's name that is too common to name it.
GAME_NAME_COMMON = frozenset({"the", "game", "trading", "card", "tcg"})


@functools.cache
def _game_names() -> tuple[re.Pattern, dict[str, str]]:
    """A question's game name after a preposition, as one pattern (built once: the data file's games do not
    change while a process runs), and each name's slug by its case-folded form. The names are each game's
    slug, its names in every language, and each word of its names (four letters or more) that no other
    game's names hold ("Lorcana", "Magic"). A game registered with an import is named by ``game:`` (reading
    them asks the database)."""
    names = {slug: {slug, *game.names.values(), game.name} for slug, game in GAMES.data.items()}
    words = {
        slug: {w for name in forms for w in re.findall(r"[^\W\d_]{4,}", name.casefold())}
        for slug, forms in names.items()
    }
    slugs: dict[str, str] = {}
    for slug in names:
        others = set().union(*(w for other, w in words.items() if other != slug))
        for form in {name.casefold() for name in names[slug]} | (words[slug] - others - GAME_NAME_COMMON):
            slugs.setdefault(form, slug)
    # Longest first: "disney lorcana" before "lorcana".
    alternatives = "|".join(re.escape(form) for form in sorted(slugs, key=lambda form: (-len(form), form)))
    pattern = re.compile(rf"(?<!\w)(?:{'|'.join(GAME_PREPOSITIONS)})\s+({alternatives})(?!\w)", re.IGNORECASE)
    return pattern, slugs


def _game_named(text: str) -> tuple[str | None, str]:
    """The game a question names after a preposition, and the question without them; else (None, text)."""
    pattern, slugs = _game_names()
    match = pattern.search(text)
    if match is None:
        return None, text
    rest = " ".join((text[: match.start()] + " " + text[match.end(1) :]).split())
    return slugs[match[1].casefold()], rest


def rule_number(text: str, *, numbering: str | None = None) -> str | None:
    """The rule number ``text`` is, if it is nothing but a rule number (its prefix already split off).

    ``numbering`` is the scheme of the game the query names (``game:lorcana``, "Regel 4.3.4"): in a
    dotted rulebook ``1.10`` is a number too; ``4.3.4`` and ``1.7.6.1`` (two dots or more) are in any case.
    """
    match = NUMBER_RE.match(text.strip())
    if not match:
        return None
    number = match[1].lower()
    # A bare "2" is a word, not chapter 2; "208" (a section) and "208.2a" are numbers.
    if SECTION_OR_RULE_RE.match(number):
        return number
    if (numbering == "dotted" and "." in number or number.count(".") >= 2) and DOTTED.is_number(number):
        return number
    return None
