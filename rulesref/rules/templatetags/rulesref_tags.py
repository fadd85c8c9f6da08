"""Template helpers for rule text: escape first, then add links."""

import re

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

register = template.Library()


def _printed_number(number: str) -> re.Pattern:
    """``number`` as printed on its own: 601.2 is not found inside 601.2b or 104.3 inside 104.3.1."""
    return re.compile(rf"(?<![0-9.]){re.escape(number)}(?![0-9a-z]|\.[0-9])")


@register.simple_tag
def linked_text(text: str, references, links: dict) -> str:
    """``text`` escaped, with each cited rule number turned into a link where it leads somewhere.

    References were extracted from the text in order, so each one is searched for after the
    previous one. The targets of one list or range share one phrase ("rules 701.28a–f, 712.9–10,
    and 712.18"), so a phrase is searched again from where the previous reference's phrase began.
    A range's inner members (601.2b in "601.2a–h", 712.10 in "712.9–10") are not printed: they have
    no place in the text and are skipped.
    """
    pieces = []
    cursor = 0
    phrase_from = 0
    for ref in references:
        found = None
        search_from = phrase_from
        while found is None:
            phrase_at = text.find(ref.text, search_from)
            if phrase_at < 0:
                break
            found = _printed_number(ref.target_number).search(text, max(cursor, phrase_at), phrase_at + len(ref.text))
            if phrase_at >= cursor:
                break
            search_from = phrase_at + 1
        if found is None:
            continue
        phrase_from = phrase_at
        number_at, end = found.span()
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
