"""Template helpers of the translator workbench: differences and edition labels."""

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

from rulesref.core.languages import CONTENT_LANGUAGES

from ..textdiff import DELETE, INSERT

register = template.Library()


@register.filter
def diff_html(pieces) -> str:
    """Pieces of a text difference as HTML: each piece escaped, deletions in ``<del>``, insertions in ``<ins>``."""
    out = []
    for piece in pieces:
        if piece.op == DELETE:
            out.append(format_html("<del>{}</del>", piece.text))
        elif piece.op == INSERT:
            out.append(format_html("<ins>{}</ins>", piece.text))
        else:
            out.append(escape(piece.text))
    return mark_safe("".join(str(part) for part in out))


@register.filter
def language_label(code: str) -> str:
    language = CONTENT_LANGUAGES.get(code)
    return str(language.label) if language else code


@register.filter
def edition_label(edition) -> str:
    """ "Italian 2024-10-02" in the interface language."""
    return f"{language_label(edition.language)} {edition.slug}"


@register.filter
def edition_key(edition) -> str:
    return f"{edition.language}:{edition.slug}"
