"""Respelling: when nothing matched, each word a language's index does not know is replaced by its
closest known word ("costituzine" → "costituzione"). Results are cached per generation."""

from __future__ import annotations

import re

from rapidfuzz.distance import DamerauLevenshtein

from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.core.scripts import has_cjk, uses_script

from . import limits
from .analysis import analysed
from .budget import past

WORD_RE = re.compile(rf"(?<![^\W\d_])[^\W\d_]{{3,{limits.MAX_SPELLED_WORD}}}(?![^\W\d_])")
OPERATORS = ("AND", "OR", "NOT")
# Words asked of Whoosh per word. Whoosh's own order is not by distance (every word within ``MAX_DISTANCE``
# scores the same distance) but by the frequency of the unstemmed word looked up among the stemmed ones,
# so "protecion" got "protector" (a stem too) before "protection": ask for enough, and order them here
# (``_closest``).
SUGGESTIONS = 25
MAX_DISTANCE = 2
# A typo rarely hits the first letter: keeping it makes the suggester 5× faster.
SAME_PREFIX = 1


def languages_to_try(text: str, languages: list[str]) -> list[str]:
    """Languages whose script the text uses first: their index knows its words, if any does."""
    return sorted(languages, key=lambda lang: not uses_script(text, CONTENT_LANGUAGES[lang].script))


def respell(generation, language: str, text: str, deadline: float | None = None) -> str | None:
    """``text`` with each word the index does not know replaced by its closest known word, or None.
    Past ``deadline`` (``time.monotonic()``) no further word is looked up, and nothing is cached."""
    key = (language, text)
    cached = generation.spellings.get(key, False)
    if cached is not False:
        return cached
    corrected, complete = _respell(generation[language].searcher(), language, text, deadline)
    if complete:
        generation.spellings.put(key, corrected)
    return corrected


def _respell(searcher, language: str, text: str, deadline: float | None) -> tuple[str | None, bool]:
    reader = searcher.reader()
    corrector = searcher.corrector("text")
    changed = False
    complete = True

    def replace(match):
        nonlocal changed, complete
        word = match.group()
        if word.upper() in OPERATORS or has_cjk(word):
            return word
        if past(deadline):
            complete = False
            return word
        found = analysed(language, word)
        if not found or any(("text", token) in reader for token, _, _ in found):
            # A stop word (nothing indexed), or a word the index knows.
            return word
        suggestions = corrector.suggest(word.lower(), limit=SUGGESTIONS, maxdist=MAX_DISTANCE, prefix=SAME_PREFIX)
        if not suggestions:
            return word
        changed = True
        best = _closest(reader, language, word.lower(), suggestions)
        return best.capitalize() if word[:1].isupper() else best

    corrected = WORD_RE.sub(replace, text)
    return (corrected if changed else None), complete


def _closest(reader, language: str, word: str, suggestions: list[str]) -> str:
    """The suggestion fewest edits away (a swap of two letters is one), then the one whose indexed forms
    the most documents hold, then the first in alphabetical order."""

    def documents(suggestion: str) -> int:
        return max((reader.doc_frequency("text", token) for token, _, _ in analysed(language, suggestion)), default=0)

    return min(suggestions, key=lambda s: (DamerauLevenshtein.distance(word, s), -documents(s), s))
