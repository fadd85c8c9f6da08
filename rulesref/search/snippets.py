"""Snippets: escape the text, then mark the matches; the result is safe HTML.

The analyzer that indexed a field tokenises the stored text again; every token
whose indexed form is one of the query's terms marks its span of the original
text. Overlapping spans (character bigrams) are merged, so CJK matches come out
as one mark per matched run. A snippet is built once per generation, document
and set of marked terms (the generation's LRU cache), and is a ``SafeString``:
templates show it as it is, with no ``|safe`` on HTML built elsewhere.
"""

from __future__ import annotations

import re

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rulesref.core.han import fold_char

from .analysis import BIGRAMS, analysed, analysis_key, remember_analyzer
from .budget import hurried

ELLIPSIS = "…"
MAX_CHARS = 480


def plain(text: str) -> SafeString:
    """``text`` escaped, in a snippet's window, with nothing marked."""
    return mark_safe(render(text, []))


def snippet(language: str, text: str, terms, *, analyzer=None) -> SafeString:
    """``text`` escaped, with every match of ``terms`` (a plan's terms) marked, in a window.

    ``analyzer``: the one the index holds for ``text`` (it may carry a vocabulary: the parts of German
    compounds are marked only by the analyzer that split them).
    """
    kind = language
    if analyzer is not None:
        kind = remember_analyzer(analysis_key(language, analyzer), analyzer)
    spans = []
    if terms.get("text"):
        spans += match_spans(analysed(kind, text), terms["text"])
    if terms.get("bigrams"):
        spans += match_spans(analysed(BIGRAMS, text), terms["bigrams"])
    for phrase in terms.get("phrase:text", ()):
        spans += match_phrase(analysed(kind, text), phrase)
    for phrase in terms.get("phrase:bigrams", ()):
        spans += match_phrase(analysed(BIGRAMS, text), phrase)
    for char in terms.get("chars", ()):
        # A one-character query is its folded key (撃 → 击): the character as printed is marked.
        spans += [(i, i + 1) for i, ch in enumerate(text) if fold_char(ch) == char]
    for word in terms.get("literal", ()):
        # A Latin word as typed, inside a text of another script (a card name in a Japanese rule).
        pattern = rf"(?<![A-Za-zÀ-ɏ]){re.escape(word)}(?![A-Za-zÀ-ɏ])"
        spans += [match.span() for match in re.finditer(pattern, text, re.IGNORECASE)]
    return mark_safe(render(text, merge(spans, text)))


def match_spans(found: tuple[tuple[str, int, int], ...], terms) -> list[tuple[int, int]]:
    """Spans whose indexed form is one of ``terms``; ``found`` is ``analysed(...)`` of the text."""
    return merge([(start, end) for token, start, end in found if token in terms])


def match_phrase(found: tuple[tuple[str, int, int], ...], words: tuple[str, ...]) -> list[tuple[int, int]]:
    """Spans where the phrase's indexed words follow one another (dropped stop words aside).

    Character bigrams overlap by one character, so the bigram tokens of a CJK text
    interleave with its run-final unigrams; those are skipped when matching.
    """
    if not words:
        return []
    kept = [t for t in found if len(words) == 1 or len(t[0]) > 1 or t[0] == words[0]]
    n = len(words)
    spans = []
    for i in range(len(kept) - n + 1):
        if all(kept[i + j][0] == words[j] for j in range(n)):
            spans.append((kept[i][1], kept[i + n - 1][2]))
    return spans


def merge(spans: list[tuple[int, int]], text: str = "") -> list[tuple[int, int]]:
    """Overlapping spans become one; with ``text``, so do spans one letter apart.

    The second rule joins a Japanese phrase whose particle is not indexed
    (経験豊富 + な + 操縦者) into one mark; a space or punctuation never joins.
    """
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and (start <= merged[-1][1] or (text and _joinable(text[merged[-1][1] : start]))):
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _joinable(gap: str) -> bool:
    return len(gap) == 1 and gap.isalpha()


def window(text: str, spans: list[tuple[int, int]], max_chars: int) -> tuple[int, int]:
    """The part of ``text`` to show: all of it if short, else around the first match."""
    if len(text) <= max_chars:
        return 0, len(text)
    first = spans[0][0] if spans else 0
    start = max(0, first - max_chars // 4)
    end = min(len(text), start + max_chars)
    start = max(0, end - max_chars)
    # Start and end at a word (or, for unspaced scripts, a sentence) boundary when one is
    # near; otherwise at a character, never inside a word of a spaced script.
    if start > 0:
        boundary = max(text.rfind(" ", start - 30, start + 1), *(text.rfind(p, start - 30, start) for p in STOPS))
        if boundary >= 0:
            start = boundary + 1
    if end < len(text):
        stop = max((text.rfind(p, end - 40, end) for p in STOPS), default=-1)
        space = text.rfind(" ", end - 40, end + 1)
        if stop >= 0 and stop + 1 > space:
            end = stop + 1
        elif space > start:
            end = space
    return start, end


# Sentence ends of unspaced scripts (and a full stop or semicolon before a space elsewhere).
STOPS = ("。", "！", "？", "；")


def render(text: str, spans: list[tuple[int, int]], *, max_chars: int = MAX_CHARS) -> str:
    """HTML: the escaped snippet with ``<mark>`` around each span inside the window."""
    lo, hi = window(text, spans, max_chars)
    pieces = [ELLIPSIS] if lo > 0 else []
    cursor = lo
    for start, end in spans:
        start, end = max(start, lo), min(end, hi)
        if start >= end:
            continue
        pieces.append(escape(text[cursor:start]))
        pieces.append(f"<mark>{escape(text[start:end])}</mark>")
        cursor = end
    pieces.append(escape(text[cursor:hi].rstrip()))
    if hi < len(text):
        pieces.append(ELLIPSIS)
    return "".join(pieces)


def makers(cache, terms):
    """The snippet stage: a function ``(index, language, docnum, text) -> make`` where ``make()`` returns
    the text's snippet with the plans' ``terms`` (language → field → terms) marked. Each snippet is made
    when the page first shows it (a page marks the ten hits it shows, not the hundred it counts) and kept
    in ``cache`` (the generation's); once the page's time is up (``budget.hurried``) it is shown unmarked
    and not kept, and the next request that has time marks it. The functions hold that cache and each
    index's analyzer, not the generation: a cached result does not keep an old generation's indexes open.
    """

    def maker(index, language: str, docnum: int, text: str):
        marked = terms.get(language) or {}
        analyzer = index.text_analyzer

        def make() -> SafeString:
            cache_key = (language, docnum, tuple(sorted((k, tuple(sorted(v))) for k, v in marked.items())))
            html = cache.get(cache_key)
            if html is None:
                if hurried():
                    # The page's time is up: this one unmarked, and marked by the next request that has time.
                    return plain(text)
                html = snippet(language, text, marked, analyzer=analyzer)
                cache.put(cache_key, html)
            return html

        return make

    return maker
