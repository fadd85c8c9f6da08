"""``{{ entry.text|rule_markup }}``: an entry's text as HTML (see ``rulesref.rules.markup``)."""

from django import template
from django.utils.safestring import mark_safe

from rulesref.rules.markup import to_html

register = template.Library()


@register.filter
def rule_markup(text) -> str:
    """Escape ``text`` (always: it is rule text, not HTML), then render its lists, tables,
    paragraphs and emphasis. Block-level HTML: place it in a ``<div>``, not a ``<p>`` or ``<span>``."""
    return mark_safe(to_html(str(text or "")))
