"""Rule text as HTML: escaped, with cross-references, card names and glossary terms marked.

Everything is escaped first; only the spans this module finds become links. Spans
never overlap: a cross-reference wins over a card name, a card name over a term.

- **Cross-references** are the ones the parser extracted (``CrossReference`` rows, in
  text order): the cited number becomes a link to the rule it leads to, with the cited
  text as a preview for the tooltip, and the name of the language it lands in (in the
  interface language) when that is not the page's own (a translation citing its source edition).
- **Card names** as printed in the page's language link to the card's page.
- **Glossary terms** from the bundled term list are marked where they stand as whole
  words (for scripts written with spaces), case-aware (a lower-case form also matches
  with a capital first letter, a capitalised one only as written), and never inside one
  of the language's exclusions (``EXCLUSIONS``): "power" is not marked in "powerful", nor
  パワー in パワーストーン. A term is a link at its first occurrence in a scope (one rule
  entry with its examples: ``scope=entry.pk``; one text without a scope) and plain text after
  it: every occurrence as a link made 523 of the 776 tab stops of a page of 702.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from rulesref.core.formatting import language_name

from .markup import to_html

# Longer words that contain a term's form without being that term, per language.
EXCLUSIONS: dict[str, tuple[str, ...]] = {
    "en": ("powerful", "empower", "overpower", "powerstone", "creature type"),
    "it": ("rafforza", "forzatamente"),
    "ja": ("パワーストーン", "パワー・ストーン"),
    "ru": (),
    "zh-hans": ("力量石",),
}
# Scripts written without spaces: a form there is matched anywhere (exclusions aside).
UNSPACED_LANGUAGES = {"ja", "zh-hans"}
PREVIEW_CHARS = 280


def _case_aware(form: str) -> str:
    first, rest = form[:1], re.escape(form[1:])
    if first.islower() and first.upper() != first:
        return f"[{re.escape(first)}{re.escape(first.upper())}]{rest}"
    return re.escape(first) + rest


def words_pattern(forms, language: str) -> re.Pattern | None:
    """One regular expression for ``forms``: longest first, whole words where words are spaced."""
    forms = sorted({f for f in forms if f}, key=lambda f: (-len(f), f))
    if not forms:
        return None
    body = "|".join(_case_aware(f) for f in forms)
    if language in UNSPACED_LANGUAGES:
        return re.compile(f"(?:{body})")
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w])")


@dataclass
class TermMatcher:
    """Finds a language's glossary terms in text: ``{form (casefolded): term key}``."""

    language: str
    forms: dict[str, str]
    pattern: re.Pattern | None = None
    exclusions: re.Pattern | None = None

    @classmethod
    def build(cls, language: str, forms: dict[str, str]) -> TermMatcher:
        exclusions = EXCLUSIONS.get(language, ())
        excluded = re.compile("|".join(re.escape(w) for w in exclusions), re.IGNORECASE) if exclusions else None
        return cls(language, {f.casefold(): k for f, k in forms.items()}, words_pattern(forms, language), excluded)

    def spans(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, term key) of every marked term."""
        if self.pattern is None:
            return []
        blocked = [m.span() for m in self.exclusions.finditer(text)] if self.exclusions else []
        found = []
        for match in self.pattern.finditer(text):
            start, end = match.span()
            if any(start < b_end and b_start < end for b_start, b_end in blocked):
                continue
            key = self.forms.get(match.group().casefold())
            if key:
                found.append((start, end, key))
        return found


@dataclass
class Marker:
    """What one page needs to mark its texts; collects the terms it marked on the way."""

    language: str
    targets: dict = field(default_factory=dict)  # cross-reference pk → target Entry
    terms: TermMatcher | None = None
    cards: dict[str, str] = field(default_factory=dict)  # printed name → card URL
    page_edition_id: int | None = None
    # Texts carry the markup subset of ``markup.py`` (lists, emphasis, tables: the Берсерк Markdown).
    markup: bool = False
    used_terms: list[str] = field(default_factory=list)
    _scopes: dict = field(default_factory=dict)  # scope → term keys already linked in it
    _card_pattern: re.Pattern | None = None

    def __post_init__(self):
        self._card_pattern = words_pattern(self.cards, self.language)
        self._card_urls = {name: url for name, url in self.cards.items()}

    def render_text(self, text: str, references=(), scope=None) -> SafeString:
        """An entry's text as HTML: its markup (lists, emphasis) if it has any, each run of plain
        text escaped and linked by :meth:`render`."""
        if not self.markup:
            return self.render(text, references, scope)
        references = list(references)
        if scope is None:
            scope = object()  # the runs of one text share one scope
        html = to_html(text, inline=lambda run: str(self.render(run, references, scope)))
        if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1 and "\n" not in html:
            # One paragraph: inline, like a plain text.
            html = html[3:-4]
        return mark_safe(html)

    def render(self, text: str, references=(), scope=None) -> SafeString:
        """``text`` escaped, with its references, card names and terms linked; a term already
        linked in ``scope`` (or earlier in this text) stays plain text."""
        linked = self._scopes.setdefault(scope, set()) if scope is not None else set()
        spans: list[tuple[int, int, int, str, str]] = []  # (start, end, priority, html, term key)
        spans.extend((*span, "") for span in self._reference_spans(text, references))
        if self._card_pattern is not None:
            for match in self._card_pattern.finditer(text):
                url = self._card_urls.get(match.group())
                if url:
                    html = format_html('<a class="card" href="{}">{}</a>', url, match.group())
                    spans.append((*match.span(), 1, html, ""))
        if self.terms is not None:
            for start, end, key in self.terms.spans(text):
                html = format_html('<a class="term" href="#term-{}" data-term="{}">{}</a>', key, key, text[start:end])
                spans.append((start, end, 2, html, key))
        chosen: list[tuple[int, int, str]] = []
        for start, end, _priority, html, key in sorted(spans, key=lambda s: (s[2], s[0])):
            if all(end <= c_start or start >= c_end for c_start, c_end, _ in chosen):
                if key and key in linked:
                    # A repeat keeps its place (no shorter term is marked inside it), unlinked.
                    chosen.append((start, end, escape(text[start:end])))
                    continue
                chosen.append((start, end, html))
                if key:
                    linked.add(key)
                    if key not in self.used_terms:
                        self.used_terms.append(key)
        pieces = []
        cursor = 0
        for start, end, html in sorted(chosen):
            pieces.append(escape(text[cursor:start]))
            pieces.append(html)
            cursor = end
        pieces.append(escape(text[cursor:]))
        return mark_safe("".join(str(p) for p in pieces))

    def _reference_spans(self, text: str, references):
        """Where each cited number is printed, in text order.

        The targets of one list or range share one phrase ("rules 701.28a–f, 712.9–10, and
        712.18"), so a phrase is searched again from where the previous reference's phrase
        began. A range's inner members (601.2b in "601.2a–h") are not printed: they are stored
        as references but have no place in the text, and are skipped here.
        """
        cursor = 0
        phrase_from = 0
        for ref in references:
            found = None
            search_from = phrase_from
            while found is None:
                phrase_at = text.find(ref.text, search_from)
                if phrase_at < 0:
                    break
                found = _printed_number(ref.target_number).search(
                    text, max(cursor, phrase_at), phrase_at + len(ref.text)
                )
                if phrase_at >= cursor:
                    break
                search_from = phrase_at + 1
            if found is None:
                continue
            phrase_from = phrase_at
            number_at, end = found.span()
            cursor = end
            target = self.targets.get(ref.pk)
            if target is None:
                title = gettext("Rule %(number)s is not in any imported edition") % {"number": ref.target_number}
                html = format_html('<span class="xref unresolved" title="{}">{}</span>', title, ref.target_number)
            else:
                html = reference_link(target, ref.target_number, own_language=self.language)
            yield (number_at, end, 0, html)


def _printed_number(number: str) -> re.Pattern:
    """``number`` as printed on its own: 601.2 is not found inside 601.2b, nor 104.3 inside 104.3.1."""
    return re.compile(rf"(?<![0-9.]){re.escape(number)}(?![0-9a-z]|\.[0-9])")


def preview(entry) -> str:
    """The start of a cited entry's text, cut at a word (or, unspaced, a character) boundary."""
    text = " ".join(p for p in (entry.title, entry.text) if p) if entry.title != entry.text else entry.text
    text = " ".join(text.split())
    if len(text) <= PREVIEW_CHARS:
        return text
    cut = text[:PREVIEW_CHARS]
    space = cut.rfind(" ")
    if space > PREVIEW_CHARS * 2 // 3:
        cut = cut[:space]
    return cut.rstrip(" ,;:") + "…"


def reference_link(target, shown: str, *, own_language: str) -> SafeString:
    """A link to a cited entry with its preview; marked with the target's language (its name in the
    interface language, never its code) when it is not the page's."""
    language = target.edition.language
    if language == own_language:
        return format_html(
            '<a class="xref" href="{}" data-preview="{}">{}</a>', target.get_absolute_url(), preview(target), shown
        )
    return format_html(
        '<a class="xref" href="{}" hreflang="{}" data-preview="{}" data-preview-lang="{}">{}'
        '<small class="xref-lang">{}</small></a>',
        target.get_absolute_url(),
        language,
        preview(target),
        language,
        shown,
        language_name(language),
    )
