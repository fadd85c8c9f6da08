"""Template helpers for the reference pages: rule text with its links, and what other apps
contribute to the rule page. Names and dates are ``rulesref_names``' (core)."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from rulesref.core import panels
from rulesref.core.languages import CONTENT_LANGUAGES

from .. import selectors
from ..glossary import term_slug

register = template.Library()


@register.simple_tag
def marked_text(marker, text: str, references=(), scope=None) -> SafeString:
    """The one place rule text becomes HTML: escaped, then references, cards and terms linked
    (and, for a source with structure, its lists and emphasis). A term is linked once per
    ``scope`` (an entry's pk: its text and its examples)."""
    return marker.render_text(text, references, scope)


@register.simple_tag(takes_context=True)
def entry_panels(context, entry) -> SafeString:
    """What other apps registered to show with ``entry`` (see ``rulesref.core.panels``)."""
    shown = panels.entry_panels(context.get("request"), entry)
    return SafeString(
        "".join(str(format_html('<div class="panel" data-panel="{}">{}</div>', name, html)) for name, html in shown)
    )


@register.simple_tag(takes_context=True)
def example_annotations(context, entry, example) -> SafeString:
    """What other apps add to an example ("Run this example"): a paragraph of its own after the
    example's text, never run on with it ("…becomes a creature.Run this example")."""
    shown = panels.example_annotations(context.get("request"), entry, example)
    if not shown:
        return SafeString("")
    spans = "".join(
        str(format_html('<span class="annotation" data-panel="{}">{}</span>', n, html)) for n, html in shown
    )
    return format_html('<p class="example-annotations" lang="{}">{}</p>', get_language(), SafeString(spans))


@register.filter
def example_label(language: str) -> str:
    """How this language's rule texts introduce an example ("Esempio:", "例：")."""
    lang = CONTENT_LANGUAGES.get(language)
    return lang.example_label if lang else ""


@register.simple_tag
def page_terms(marker, edition) -> list[dict]:
    """The glossary terms marked on this page (call it after the texts are rendered): each
    with its form here, its definition, its forms in the other languages and its page."""
    keys = list(marker.used_terms)
    if not keys:
        return []
    game = edition.game.slug
    ids = selectors.term_ids(game, keys)
    forms = selectors.terms_with_forms(ids.values(), game)
    words = [form for by_language in forms.values() for lang_forms in by_language.values() for form in lang_forms]
    definitions = selectors.definitions_for(edition, words)
    terms = []
    for key in keys:
        by_language = forms.get(ids.get(key), {})
        own = by_language.get(edition.language, [key])
        definition = selectors.definition_of(definitions, by_language, edition.language)
        terms.append(
            {
                "key": key,
                "form": own[0],
                "definition": definition,
                "others": [(lang, f) for lang, f in sorted(by_language.items()) if lang != edition.language],
                "url": reverse("rules:glossary-term", args=[game, edition.language, edition.slug, term_slug(own[0])]),
            }
        )
    return terms


@register.filter(name="term_slug")
def term_slug_filter(term: str) -> str:
    return term_slug(term)
