"""The small markup that entry texts may carry, and its renderer (pure Python, no Django).

Most rule texts are plain lines. A source with structure (the «Берсерк. Герои» Markdown) keeps
it in this subset, so that no list, emphasis or table is flattened away:

- lines are separated by ``\\n``;
- a line ``- item`` is an item of a bulleted list; consecutive items form one list;
- a line ``1. item`` (any number, a period, a space) is an item of a numbered list;
- a line ``| cell | cell |`` is a table row; consecutive rows form one table;
- any other line is a paragraph;
- ``**strong**`` and ``*emphasis*`` within a line. An opening mark stands at the start of the
  line, after a space or after opening punctuation, and is followed by a letter, a digit, ``+``
  or opening punctuation; a closing mark follows a letter, a digit, ``+`` or closing
  punctuation. So "1+*/1+*" (a power) and "(*)" stay as printed. ``\\*`` is a literal asterisk;
- an image is its alt text, or ``[image]`` when it has none (the Berserk icons of mana, elements
  and rarity): plain text.

:func:`to_html` reads the structure and the emphasis on the raw text and escapes every run of
text it puts into HTML (or hands it to an ``inline`` renderer that escapes and links);
:func:`to_plain` drops the marks (for search and comparisons between editions).
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable

BULLET_RE = re.compile(r"^- (?P<item>.*)$")
NUMBERED_RE = re.compile(r"^(?P<number>\d{1,3})\. (?P<item>.*)$")
ROW_RE = re.compile(r"^\|(?P<cells>.*)\|$")

_OPENS_AFTER = r"(?<![^\s(«\"“„'\[—–/-])"
_OPEN_BEFORE = r"(?=[\w«\"“„(\[+])"
_CLOSE_AFTER = r"(?<=[\w.,!?:;…»\"”')\]+])"
INLINE_RE = re.compile(
    rf"{_OPENS_AFTER}\*\*{_OPEN_BEFORE}(?P<strong>.+?){_CLOSE_AFTER}\*\*"
    rf"|{_OPENS_AFTER}\*{_OPEN_BEFORE}(?P<em>(?:[^*\\]|\\.)+?){_CLOSE_AFTER}\*(?!\*)"
)
LITERAL_ASTERISK = "\\*"


def escape(text: str) -> str:
    return html.escape(text, quote=False)


def to_html(text: str, *, inline: Callable[[str], str] = escape) -> str:
    """``text`` escaped, then its lists, tables, paragraphs and emphasis as HTML ("" for no text).

    ``inline`` turns the raw text of one paragraph, list item or table cell into escaped HTML
    (by default it only escapes): a page that links cited rule numbers passes a function that
    escapes and adds the links; emphasis is read afterwards, around them.
    """
    if not text:
        return ""
    render = functools.partial(_inline, inline=inline)
    blocks: list[str] = []
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        for pattern, block in ((BULLET_RE, _bullets), (NUMBERED_RE, _numbered), (ROW_RE, _table)):
            run = _run(lines, index, pattern)
            if run:
                blocks.append(block(run, render))
                index += len(run)
                break
        else:
            blocks.append(f"<p>{render(line)}</p>")
            index += 1
    return "\n".join(blocks)


def to_plain(text: str) -> str:
    """``text`` without the marks: "- *Афари* играет" → "- Афари играет"; lines and list
    dashes stay."""
    plain = _unmark(text)
    return plain.replace(LITERAL_ASTERISK, "*")


def _unmark(text: str) -> str:
    def replace(match: re.Match) -> str:
        return _unmark(match["strong"]) if match["strong"] is not None else match["em"]

    return INLINE_RE.sub(replace, text)


def _run(lines: list[str], start: int, pattern: re.Pattern) -> list[re.Match]:
    run = []
    for line in lines[start:]:
        match = pattern.match(line)
        if match is None:
            break
        run.append(match)
    return run


Render = Callable[[str], str]


def _bullets(run: list[re.Match], render: Render) -> str:
    return "<ul>" + "".join(f"<li>{render(m['item'])}</li>" for m in run) + "</ul>"


def _numbered(run: list[re.Match], render: Render) -> str:
    first = int(run[0]["number"])
    start = f' start="{first}"' if first != 1 else ""
    return f"<ol{start}>" + "".join(f"<li>{render(m['item'])}</li>" for m in run) + "</ol>"


def _table(run: list[re.Match], render: Render) -> str:
    rows = ("".join(f"<td>{render(cell.strip())}</td>" for cell in m["cells"].split("|")) for m in run)
    return "<table>" + "".join(f"<tr>{row}</tr>" for row in rows) + "</table>"


def _inline(text: str, *, inline: Render) -> str:
    """One line: emphasis found on the raw text, each plain run rendered by ``inline``."""
    pieces, last = [], 0
    for match in INLINE_RE.finditer(text):
        pieces.append(_literal(text[last : match.start()], inline))
        if match["strong"] is not None:
            pieces.append(f"<strong>{_inline(match['strong'], inline=inline)}</strong>")
        else:
            pieces.append(f"<em>{_literal(match['em'], inline)}</em>")
        last = match.end()
    pieces.append(_literal(text[last:], inline))
    return "".join(pieces)


def _literal(text: str, inline: Render) -> str:
    return inline(text).replace(LITERAL_ASTERISK, "*") if text else ""
