"""Template helpers of the translator workbench: differences and edition keys (form values).
Names and dates are ``rulesref_names``' (core)."""

from django import template
from django.utils.html import escape, format_html, format_html_join
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


@register.simple_tag
def change_index(changes: list[dict], page: int, per_page: int, base_query: str) -> str:
    """The ``<li>`` of every change of a diff (stored data, ``compare/stored.py``), each linking to its
    difference: an anchor on this page, else ``base_query`` with its page.

    Built here rather than in a template loop: a diff lists up to 550 changes on every page, and
    Django's template engine took 30 ms of a 75 ms page to render them (one ``format_html`` each: 2 ms).
    """

    def items():
        for index, change in enumerate(changes):
            on = index // per_page + 1
            href = f"#{change['anchor']}" if on == page else f"{base_query}&page={on}#{change['anchor']}"
            label = (
                f"{change['old_number']} → {change['new_number']}"
                if change["kind"] == "moved"
                else change["new_number"] or change["old_number"]
            )
            yield change["kind"], href, label

    return format_html_join("", '<li class="{}"><a href="{}">{}</a></li>', items())


@register.filter
def edition_key(edition) -> str:
    """``it:2024-10-02``: a form's value and a data attribute, never shown as text."""
    return f"{edition.language}:{edition.slug}"
