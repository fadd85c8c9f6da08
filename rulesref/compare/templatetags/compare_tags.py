"""Template helpers of the translator workbench: differences and edition keys (form values).
Names and dates are ``rulesref_names``' (core)."""

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe

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
def edition_key(edition) -> str:
    """``it:2024-10-02``: a form's value and a data attribute, never shown as text."""
    return f"{edition.language}:{edition.slug}"
