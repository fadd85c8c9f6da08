"""What a search returns: immutable results that views, commands and the API show as they are.

Results are cached and shared between requests, so nothing here can be changed after it is built:
frozen dataclasses, tuples and read-only mappings. A hit carries, for each language shown, its
text's edition, number, a ready link to the rule page and an escaped snippet (``SafeString``, made when
first read, then kept in the generation's snippet cache).
Messages (notices) are lazy translations: each request shows them in its own language; so are the
lines saying a hit is shown in another language than the ones asked for (``SearchHit.fallback_note``,
``fallback_count_note``), built from language codes when they are shown.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache, partial
from types import MappingProxyType

from babel.lists import format_list
from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.safestring import SafeString
from django.utils.translation import get_language, ngettext, to_locale
from django.utils.translation import gettext as _

from rulesref.core import gamedata
from rulesref.core.formatting import language_name_in_text
from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.glossary import term_slug


def rule_url(game: str, language: str, edition: str, kind: str, number: str) -> str:
    """The page of a document: the rule's own page (``/rules/<game>/<lang>/<edition>/<number>/``),
    a glossary entry's term page, or an unnumbered note's edition contents. The one place search
    builds rule links."""
    # Django's reverse() costs 20–25 µs a link, and a search shows each rule in every language that has
    # it: 0.9 ms a search, a third of a prefix search's 2.8 ms (benchmarks.search's mix, CPU clock,
    # 2026-12-01). A link depends on nothing but its arguments, the script prefix and the URLconf, so it
    # is built once per those.
    return _rule_url(get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF, game, language, edition, kind, number)


# Bounded: keyed by documents (every rule of every edition and language fits a few times over).
@lru_cache(maxsize=65536)
def _rule_url(prefix: str, urlconf: str, game: str, language: str, edition: str, kind: str, number: str) -> str:
    if kind == "glossary":
        return reverse("rules:glossary-term", args=[game, language, edition, term_slug(number)])
    if kind == "note" or not number:
        return reverse("rules:edition-detail", args=[game, language, edition])
    return reverse("rules:entry-detail", args=[game, language, edition, number])


@dataclass(frozen=True)
class LanguageText:
    """One language's text of a hit."""

    lang: str
    edition: str
    number: str
    kind: str
    # Makes the escaped, marked snippet: called when the snippet is first shown, so a page marks the
    # ten hits it shows, not the hundred it counts (marking them all took up to 190 ms of a wildcard
    # query, past its time budget).
    make_snippet: Callable[[], SafeString] = field(repr=False, compare=False)
    url: str
    # The section the text is in, (number, title): ("121", "Drawing a Card"); () when it has none.
    section: tuple[str, ...] = ()
    # An archive search's: the editions in which this rule's text matched, newest first (the text shown
    # is the best-matching wording, in the newest edition printing it). Empty in other searches.
    matched: tuple[str, ...] = ()

    @property
    def snippet(self) -> SafeString:
        return self.make_snippet()

    @property
    def label(self):
        return CONTENT_LANGUAGES[self.lang].label

    def as_json(self) -> dict:
        data = {"edition": self.edition, "number": self.number, "snippet": str(self.snippet), "url": self.url}
        if self.matched:
            data["matched_editions"] = list(self.matched)
        return data


@dataclass(frozen=True)
class SearchHit:
    game: str
    number: str
    kind: str
    key: str
    score: float
    matched_lang: str
    # language → LanguageText, in the order the languages are shown
    texts: Mapping[str, LanguageText] = field(default_factory=lambda: MappingProxyType({}))
    # The languages asked for, none of which has a text of this rule: it is shown in another one
    # (``shown_in``) instead. Empty when it is shown in a language asked for.
    not_in: tuple[str, ...] = ()

    @property
    def rows(self) -> tuple[LanguageText, ...]:
        return tuple(self.texts.values())

    @property
    def shown_in(self) -> str | None:
        """The language a hit none of the languages asked for has is shown in instead (else None)."""
        return next(iter(self.texts), None) if self.not_in else None

    @property
    def fallback_note(self) -> str:
        """ "not in Italian yet; shown in English", in the interface language ("" when not shown elsewhere)."""
        if not self.not_in or not self.texts:
            return ""
        # Translators: one search result, which none of the languages the reader asked for has yet.
        # %(languages)s: those languages ("Italian", "Italian or Japanese"); %(language)s: the one it is
        # shown in instead ("English"); both as they stand in a sentence.
        return _("not in %(languages)s yet; shown in %(language)s") % {
            "languages": _name_list(self.not_in),
            "language": language_name_in_text(self.shown_in),
        }

    def as_json(self) -> dict:
        fallback = None
        if self.not_in and self.texts:
            fallback = {"not_in": list(self.not_in), "shown_in": self.shown_in, "note": self.fallback_note}
        return {
            "game": self.game,
            "number": self.number,
            "kind": self.kind,
            "score": round(self.score, 6),
            "matched_lang": self.matched_lang,
            "texts": {lang: text.as_json() for lang, text in self.texts.items()},
            # Set when no language asked for has this rule: which they were and the one it is shown in.
            "fallback": fallback,
        }


@dataclass(frozen=True)
class SearchResults:
    query: str
    hits: tuple[SearchHit, ...] = ()
    corrected: str | None = None
    error: object | None = None  # a (lazy) message
    notices: tuple = ()  # (lazy) messages
    languages: tuple[str, ...] = ()  # the languages shown

    def as_json(self) -> dict:
        data = {"query": self.query, "corrected": self.corrected, "hits": [hit.as_json() for hit in self.hits]}
        if self.error:
            data["error"] = str(self.error)
        if self.notices:
            data["notices"] = [str(notice) for notice in self.notices]
        counts = fallback_counts(self.hits)
        if counts:
            # language → how many hits are shown in it because no language asked for has them
            data["fallbacks"] = counts
        return data


def fallback_counts(hits: Iterable[SearchHit]) -> dict[str, int]:
    """language → how many of ``hits`` are shown in it instead of the languages asked for, most first."""
    counts = Counter(hit.shown_in for hit in hits if hit.shown_in)
    return dict(counts.most_common())


def fallback_count_note(counts: Mapping[str, int]) -> str:
    """What follows the result count when some hits are shown in another language: ", 2 of them shown
    in English" (one part per language, most first), in the interface language; "" when none is."""
    parts = []
    for language, count in counts.items():
        parts.append(
            # Translators: follows the number of results ("3 results"), hence the leading comma: how many of
            # them are shown in %(language)s (as it stands in a sentence) because the languages the reader
            # asked for do not have them yet.
            ngettext(", %(count)s of them shown in %(language)s", ", %(count)s of them shown in %(language)s", count)
            % {"count": count, "language": language_name_in_text(language)}
        )
    return "".join(parts)


def _name_list(languages: Iterable[str]) -> str:
    """ "Italian", "Italian or Japanese": language names in a sentence, joined as the interface language joins them."""
    names = [language_name_in_text(language) for language in languages]
    return format_list(names, style="or", locale=to_locale(get_language() or "en"))


def frozen_texts(texts: dict[str, LanguageText]) -> Mapping[str, LanguageText]:
    return MappingProxyType(dict(texts))


def group(run, fused, snippet_for) -> list[SearchHit]:
    """The group stage: each fused rule once, in the run's languages shown, each in the edition aligned
    with the one that matched, with a link and a snippet (made by ``snippet_for``, the snippet stage's
    ``makers``); then, when there is room, the rules none of them has a text of, each in the first of its
    ``fallback_languages`` that has one. Both in the order of their scores: the reader asked for rules in
    these languages ("右" with the Japanese filter finds 208.1 first, not ten rules matched in Chinese),
    and a rule they lack is still shown rather than an empty page. At most ``run.limit`` hits."""
    hits, lacking = [], []
    # rule_url's script prefix and URLconf, asked once for the page's forty-odd links.
    link = partial(_rule_url, get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF)
    for found in fused:
        texts = {lang: text for lang in run.shown if (text := _text_in(run, found, lang, snippet_for, link))}
        if not texts:
            lacking.append(found)
            continue
        hits.append(_hit(found, texts))
        if len(hits) == run.limit:
            return hits
    for found in lacking:
        for language in fallback_languages(found, run.shown, run.interface):
            text = _text_in(run, found, language, snippet_for, link)
            if text is not None:
                hits.append(_hit(found, {language: text}, not_in=tuple(run.shown)))
                break
        # else: a rule lifted by a glossary entry may not exist in the searched scope.
        if len(hits) == run.limit:
            break
    return hits


def fallback_languages(found, shown, interface: str | None) -> list[str]:
    """The languages a hit is shown in, in this order, when none of ``shown`` has its text: the
    interface language (the reader reads the page in it), the game's original language (the text
    every edition translates), the language it matched in (which always has it)."""
    data = gamedata.games().get(found.game)
    # A game registered by an import (in the database) has no original language here: a search reads no table.
    original = data.original_language if data else None
    languages = [interface, original, found.anchor[0]]
    return [lang for lang in dict.fromkeys(languages) if lang and lang not in shown]


def _text_in(run, found, language: str, snippet_for, link=rule_url) -> LanguageText | None:
    """``found`` in ``language``: the row that matched there, else the edition aligned with the one it
    matched in (None when that language has no text of it, or not in the edition asked for)."""
    generation = run.generation
    if language not in generation.languages:
        return None
    anchor_language, anchor_edition = found.anchor
    index = generation[language]
    row = found.rows.get(language)
    matched: tuple[str, ...] = ()
    if language == anchor_language and row is not None:
        docnum = row["doc"]
        # An archive document stands for several editions: the one the row names (``edition:``'s, or the
        # newest printing this wording), and those it matched in.
        edition = row["edition"]
        matched = row.get("matched", ()) if generation.is_archive else ()
    else:
        slug = generation.aligned_edition(found.game, anchor_language, anchor_edition, language)
        if slug is None or (run.edition and slug != run.edition):
            return None
        docnum = index.by_key_edition.get((found.key, slug))
        if docnum is None and not run.edition and not generation.is_archive:
            # The aligned edition is an older one (its documents are in the archive index): a default
            # search shows the newest edition of each language, so the rule is shown in that one.
            slug = index.newest.get(found.game)
            docnum = index.by_key_edition.get((found.key, slug)) if slug else None
        if docnum is None:
            return None
        edition = slug
    stored = index.stored_fields(docnum)
    return LanguageText(
        lang=language,
        edition=edition,
        number=stored["number"],
        kind=stored["kind"],
        make_snippet=snippet_for(index, language, docnum, stored["text"]),
        url=link(found.game, language, edition, stored["kind"], stored["number"]),
        # Indexes built before sections were stored have none.
        section=tuple(stored.get("section") or ()),
        matched=matched,
    )


def _hit(found, texts: dict[str, LanguageText], not_in: tuple[str, ...] = ()) -> SearchHit:
    first = next(iter(texts.values()))
    anchor_text = texts.get(found.anchor[0])
    return SearchHit(
        game=found.game,
        number=found.number or (anchor_text.number if anchor_text else "") or first.number,
        kind=found.kind or first.kind,
        key=found.key,
        score=found.score,
        matched_lang=found.language,
        texts=frozen_texts(texts),
        not_in=not_in,
    )
