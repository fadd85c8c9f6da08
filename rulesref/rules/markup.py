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

:func:`to_html` escapes the text first, then renders the subset; :func:`to_plain` drops the
marks (for search and comparisons).
"""

from __future__ import annotations

import html
import re

BULLET_RE = re.compile(r"^- (?P<item>.*)$")
NUMBERED_RE = re.compile(r"^(?P<number>\d{1,3})\. (?P<item>.*)$")
ROW_RE = re.compile(r"^\|(?P<cells>.*)\|$")

_OPENS_AFTER = r"(?<![^\s(«\"“„'\[—–/-])"
_OPEN_BEFORE = r"(?=[\w«\"“„(\[+])"
_CLOSE_AFTER = r"(?<=[\w.,!?:;…»\"”')\]+])"
# Read on escaped text too: only "&", "<" and ">" are escaped there (quotes are left as they are).
INLINE_RE = re.compile(
    rf"{_OPENS_AFTER}\*\*{_OPEN_BEFORE}(?P<strong>.+?){_CLOSE_AFTER}\*\*"
    rf"|{_OPENS_AFTER}\*{_OPEN_BEFORE}(?P<em>(?:[^*\\]|\\.)+?){_CLOSE_AFTER}\*(?!\*)"
)
LITERAL_ASTERISK = "\\*"


def to_html(text: str) -> str:
    """``text`` escaped, then its lists, tables, paragraphs and emphasis as HTML ("" for no text)."""
    if not text:
        return ""
    blocks: list[str] = []
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        for pattern, render in ((BULLET_RE, _bullets), (NUMBERED_RE, _numbered), (ROW_RE, _table)):
            run = _run(lines, index, pattern)
            if run:
                blocks.append(render(run))
                index += len(run)
                break
        else:
            blocks.append(f"<p>{_inline(line)}</p>")
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


def _bullets(run: list[re.Match]) -> str:
    return "<ul>" + "".join(f"<li>{_inline(m['item'])}</li>" for m in run) + "</ul>"


def _numbered(run: list[re.Match]) -> str:
    first = int(run[0]["number"])
    start = f' start="{first}"' if first != 1 else ""
    return f"<ol{start}>" + "".join(f"<li>{_inline(m['item'])}</li>" for m in run) + "</ol>"


def _table(run: list[re.Match]) -> str:
    rows = ("".join(f"<td>{_inline(cell.strip())}</td>" for cell in m["cells"].split("|")) for m in run)
    return "<table>" + "".join(f"<tr>{row}</tr>" for row in rows) + "</table>"


def _inline(text: str) -> str:
    """One line: escaped, then ``**strong**`` and ``*emphasis*``, then literal asterisks."""

    def replace(match: re.Match) -> str:
        if match["strong"] is not None:
            return f"<strong>{_emphasis(match['strong'])}</strong>"
        return f"<em>{match['em']}</em>"

    return INLINE_RE.sub(replace, html.escape(text, quote=False)).replace(LITERAL_ASTERISK, "*")


def _emphasis(text: str) -> str:
    return INLINE_RE.sub(lambda m: f"<em>{m['em']}</em>" if m["em"] is not None else m[0], text)
