"""What a reader sees of a page: its text, and the attributes a browser shows (a tooltip's ``title``,
an ``optgroup``'s ``label``, ``alt``, ``placeholder``, ``aria-label``, a text box's value), without
scripts, styles, addresses, form values and ``lang``/``data-*`` attributes, where codes belong."""

from __future__ import annotations

import re
from html.parser import HTMLParser

SHOWN_ATTRIBUTES = {"title", "alt", "label", "placeholder", "aria-label"}
UNSHOWN_INPUTS = {"hidden", "checkbox", "radio", "submit", "button"}
# What an interface must never show: edition slugs and ISO dates, language-qualified keys, script codes.
RAW_CODES = re.compile(
    r"\b\d{4}-\d{2}-\d{2}\b|\bja-viewer\b|\bpre-ed15\b|\b(?:en|it|ja|ru|de|fr|ko|zh-hans):|\bzh-hans\b"
)


class _Visible(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self.hidden += 1
        shown = dict(attrs)
        self.parts.extend(value for name, value in attrs if name in SHOWN_ATTRIBUTES and value)
        if tag == "input" and shown.get("type", "text") not in UNSHOWN_INPUTS and shown.get("value"):
            self.parts.append(shown["value"])

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.parts.append(data.strip())


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return "\n".join(parser.parts)


def raw_codes(html: str) -> list[str]:
    """Every edition slug, ISO date or language code a reader would see on the page."""
    return RAW_CODES.findall(visible_text(html))
