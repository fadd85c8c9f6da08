"""Template helpers of the history and release pages: links to rules and to a change's difference."""

from django import template
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html_join

register = template.Library()


def _edition_url(name: str, edition, number: str) -> str:
    try:
        return reverse(name, args=[edition.game.slug, edition.language, edition.slug, number])
    except NoReverseMatch:
        return ""


@register.simple_tag
def rule_url(edition, number: str) -> str:
    """The rule page of ``number`` in ``edition`` ("" for a number the rule pages cannot address)."""
    return _edition_url("rules:entry-detail", edition, number)


@register.simple_tag
def history_url(edition, number: str) -> str:
    """The history page of ``number`` in ``edition``."""
    return _edition_url("compare:history", edition, number)


@register.simple_tag
def release_index(items: list[dict], page: int, per_page: int) -> str:
    """The ``<li>`` of every change of one kind, each linking to its difference: an anchor on this page,
    else ``?page=N`` with the anchor (built here, not in a template loop: a release lists up to a few
    hundred changes on every page; see ``compare_tags.change_index``)."""

    def rows():
        for item in items:
            on = item["index"] // per_page + 1
            href = f"#{item['anchor']}" if on == page else f"?page={on}#{item['anchor']}"
            if item["kind"] == "moved":
                label = f"{item['old_number']} → {item['new_number']}"
            else:
                label = item["new_number"] or item["old_number"]
            yield href, label

    return format_html_join("", '<li><a href="{}">{}</a></li>', rows())
