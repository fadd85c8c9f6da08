"""``{% language_mark text_language page_language %}``: a text shown on a page of another language says
so. Where a page falls back to another language's text (a definition only the English glossary has, on
an Italian or Japanese rule page; a scenario step written only in English, on an example page opened
from an Italian rule), the text's element carries its real ``lang`` and this tag adds a visible label
in the interface language: "(in English)", "(in inglese)", "（英語）"."""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language, gettext

from rulesref.core.formatting import language_name_in_text

register = template.Library()


def language_label(code: str) -> str:
    """ "(in English)" for ``en`` in an English interface, "(in inglese)" in an Italian one."""
    # Translators: after a text shown in another language than the page's (a definition only the
    # English glossary has); %(language)s is that language's name as it stands in a sentence ("inglese").
    return gettext("(in %(language)s)") % {"language": language_name_in_text(code)}


@register.simple_tag
def language_mark(text_language: str, page_language: str) -> str:
    """A space and the label, when ``text_language`` is not ``page_language``; nothing otherwise.

    The label carries the interface language as its own ``lang``: it stands inside the element that
    says the text's language (``<dd lang="en">…``)."""
    if not text_language or not page_language or text_language == page_language:
        return ""
    return format_html(' <small class="lang-mark" lang="{}">{}</small>', get_language(), language_label(text_language))
