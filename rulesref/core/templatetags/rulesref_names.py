"""Names for pages: languages, games, editions and their dates in the interface language.

The one template library every app loads for them (``{% load rulesref_names %}``); each filter
calls :mod:`rulesref.core.formatting`, so a page never shows ``it``, ``mtg``, ``ja-viewer`` or
``2024-10-02`` where a reader expects "Italian", "Magic: The Gathering", "Japanese · 総合ルールビューア
(undated)" or "2 October 2024". Slugs stay in addresses and form values.
"""

from __future__ import annotations

from django import template

from rulesref.core import formatting

register = template.Library()


@register.filter
def language_name(code: str) -> str:
    """``it`` → "Italiano" in an Italian interface, "Italian" in an English one."""
    return formatting.language_name(code)


@register.filter
def game_name(slug: str) -> str:
    """``berserk`` → "Berserk" in English, "Берсерк" in Russian."""
    return formatting.game_name(slug)


@register.filter
def edition_date(edition) -> str:
    """ "2 ottobre 2024", or "総合ルールビューア (undated)" for an edition that states no date."""
    return formatting.edition_date(edition)


@register.filter
def edition_label(edition) -> str:
    """ "Italiano · 2 ottobre 2024"."""
    return formatting.edition_label(edition)


@register.filter
def edition_key_label(key: str) -> str:
    """A source edition known only by its key: ``en:2023-06-16`` → "English · 16 June 2023"."""
    return formatting.edition_key_label(key)


@register.filter
def slug_date(slug: str) -> str:
    """``2024-10-02`` → "2 October 2024"; a slug that is not a date → "undated edition"."""
    return formatting.slug_date(slug)
