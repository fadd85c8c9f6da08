"""Template helpers for rule text: escape first, then add links."""

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

register = template.Library()


@register.simple_tag
def linked_text(text: str, references, links: dict) -> str:
    """``text`` escaped, with each cited rule number turned into a link where it leads somewhere.

    References were extracted from the text in order, so each one is searched
    for after the previous one.
    """
    pieces = []
    cursor = 0
    for ref in references:
        phrase_at = text.find(ref.text, cursor)
        if phrase_at < 0:
            continue
        number_at = text.find(ref.target_number, phrase_at, phrase_at + len(ref.text))
        if number_at < 0:
            continue
        end = number_at + len(ref.target_number)
        pieces.append(escape(text[cursor:number_at]))
        url = links.get(ref.pk)
        if url:
            pieces.append(format_html('<a href="{}" class="xref">{}</a>', url, ref.target_number))
        else:
            title = gettext("Rule %(number)s is not in any imported edition") % {"number": ref.target_number}
            pieces.append(format_html('<span class="xref unresolved" title="{}">{}</span>', title, ref.target_number))
        cursor = end
    pieces.append(escape(text[cursor:]))
    return mark_safe("".join(str(p) for p in pieces))
