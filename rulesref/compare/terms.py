"""Glossary terms in rule text: find them, and mark them with one colour per concept.

The term list is the bundled glossary (``rules_data/glossary/terms.toml``, stored as
:class:`~rulesref.rules.models.Term` / ``TermForm``): one concept such as
``toughness`` with its forms per language (toughness / costituzione / タフネス).

Matching is case-insensitive; in alphabetic scripts a form matches whole words
only ("power" not in "empowered"), in Chinese and Japanese anywhere. Where forms
overlap the longest wins ("forza e costituzione" is *power and toughness*, not
*power*). Marking escapes every piece of the rule text and adds only our own
``<mark>`` elements around the matched pieces, so text is never interpreted as HTML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.selectors import game_terms, glossary_editions, printed_glossary_terms

from .textdiff import by_character

# How many distinct colours the stylesheet defines (compare.css: .term.t0 … .term.t23).
PALETTE_SIZE = 24


@dataclass(frozen=True)
class TermSpan:
    start: int
    end: int
    key: str


def unspaced(language: str) -> bool:
    language_info = CONTENT_LANGUAGES.get(language)
    return bool(language_info) and by_character(language_info.script)


def forms_pattern(forms, *, whole_words: bool, word_starts: bool = False) -> re.Pattern | None:
    """One regular expression for ``forms``, longest first; with ``word_starts`` (and
    ``whole_words``) a form may run on into a longer word ("Spieler" in "Spielers")."""
    forms = sorted({form for form in forms if form}, key=lambda form: (-len(form), form))
    if not forms:
        return None
    body = "|".join(re.escape(form) for form in forms)
    if whole_words:
        body = rf"(?<!\w)(?:{body})" + ("" if word_starts else r"(?!\w)")
    return re.compile(body, re.IGNORECASE)


class TermMatcher:
    """Finds the forms of a set of terms in texts of one language."""

    def __init__(self, language: str, forms: dict[str, str], *, word_starts: bool = False):
        # forms: form as written → term key. Two terms with the same form: the first key wins.
        self.language = language
        self.keys = {}
        for form, key in forms.items():
            self.keys.setdefault(form.casefold(), key)
        self.pattern = forms_pattern(forms, whole_words=not unspaced(language), word_starts=word_starts)

    def spans(self, text: str) -> list[TermSpan]:
        if self.pattern is None or not text:
            return []
        return [
            TermSpan(match.start(), match.end(), self.keys[match.group(0).casefold()])
            for match in self.pattern.finditer(text)
        ]

    def keys_in(self, text: str) -> set[str]:
        return {span.key for span in self.spans(text)}


@dataclass
class Glossary:
    """The terms of one game in the languages of one page, with a colour for each term shown."""

    game: str
    forms: dict[str, dict[str, list[str]]]  # term key → language → forms, preferred first
    # Terms read from printed glossaries (no accepted forms of a term list): a translation uses
    # one where a word starts with its form ("Spielers", "Tintenvorrat"), as the join counted it.
    printed: frozenset[str] = frozenset()
    matchers: dict[str, TermMatcher] = field(default_factory=dict)
    colours: dict[str, int] = field(default_factory=dict)

    @classmethod
    def load(cls, game: str, languages, editions=None) -> Glossary:
        """The bundled terms of ``game`` (in ``languages``, or all), then the terms of the printed
        glossaries of ``editions`` (default: ``glossary_editions``) joined across their languages
        (``printed_glossary_terms``: Lorcana has no bundled terms), but for a form the bundled
        terms already give in that language."""
        forms: dict[str, dict[str, list[str]]] = {}
        for term in game_terms(game, languages):
            for form in term.forms.all():
                forms.setdefault(term.key, {}).setdefault(form.language, []).append(form.form)
        game_keys = set(forms)
        claimed = {
            (lang, form.casefold()) for by_language in forms.values() for lang, fs in by_language.items() for form in fs
        }
        printed = printed_glossary_terms(glossary_editions(game) if editions is None else list(editions))
        for key, by_language in printed.items():
            kept = {
                lang: [form for form in fs if (lang, form.casefold()) not in claimed]
                for lang, fs in by_language.items()
                if languages is None or lang in languages
            }
            kept = {lang: fs for lang, fs in kept.items() if fs}
            if len(kept) >= 2 and key not in forms:
                forms[key] = kept
        return cls(game=game, forms=forms, printed=frozenset(printed) - set(game_keys))

    def matcher(self, language: str) -> TermMatcher:
        if language not in self.matchers:
            self.matchers[language] = TermMatcher(
                language,
                {form: key for key, by_language in self.forms.items() for form in by_language.get(language, [])},
            )
        return self.matchers[language]

    def term_matcher(self, key: str, language: str) -> TermMatcher:
        """A matcher for the forms of one term only (a form inside a longer term's form counts)."""
        forms = {form: key for form in self.forms.get(key, {}).get(language, [])}
        return TermMatcher(language, forms, word_starts=key in self.printed)

    def colour(self, key: str) -> int:
        """The colour of ``key`` on this page: terms get colours in the order they first appear."""
        if key not in self.colours:
            self.colours[key] = len(self.colours) % PALETTE_SIZE
        return self.colours[key]

    def key_of(self, text: str, language: str) -> str | None:
        """The term one of whose forms in ``language`` is ``text`` (case-insensitive)."""
        wanted = text.strip().casefold()
        for key, by_language in self.forms.items():
            if any(form.casefold() == wanted for form in by_language.get(language, [])):
                return key
        return None

    def legend(self) -> list[dict]:
        """The terms marked so far, in colour order, with their forms per language."""
        return [
            {"key": key, "colour": colour, "forms": self.forms.get(key, {})}
            for key, colour in sorted(self.colours.items(), key=lambda item: item[1])
        ]

    def mark(self, text: str, language: str, matcher: TermMatcher | None = None) -> SafeString:
        """``text`` escaped, with every term (or every match of ``matcher``) in a coloured ``<mark>``."""
        return mark_spans(text, (matcher or self.matcher(language)).spans(text), self.colour)


def mark_spans(text: str, spans: list[TermSpan], colour) -> SafeString:
    pieces = []
    cursor = 0
    for span in spans:
        pieces.append(escape(text[cursor : span.start]))
        pieces.append(
            format_html(
                '<mark class="term t{}" data-term="{}" title="{}">{}</mark>',
                colour(span.key),
                span.key,
                span.key,
                text[span.start : span.end],
            )
        )
        cursor = span.end
    pieces.append(escape(text[cursor:]))
    return mark_safe("".join(str(piece) for piece in pieces))
