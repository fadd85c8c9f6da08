"""Russian «Берсерк» rules copied from a web page as plain text ("berserk-text").

The layout (seed ``003_…``) is one paragraph per line, blank lines between:

- ``107.2. Атака ударом имеет вид …``: a numbered rule; ``107.2.1. …`` a subrule;
- ``ПРИМЕР. …``: an example of the paragraph before it (the label is not stored);
- ``· …``: a list item, continuing the paragraph before it;
- any other paragraph: an unnumbered note. The page drops the numbers of some
  rules, so these are real rule text and are never thrown away;
- ``Не нашли, что искали? Воспользуйтесь поиском:``: the site's search prompt.
"""

from __future__ import annotations

import re

from . import editions
from .base import (
    NOTE,
    RULE,
    SUBRULE,
    ParsedEntry,
    ParsedExample,
    ParseError,
    ParseResult,
)
from .source import SourceText

FORMAT = "berserk-text"
GAME = "berserk"

# "107.2. Текст", "107.2.1. Текст"; the final period is sometimes missing.
RULE_RE = re.compile(r"^(?P<number>\d{3}(?:\.\d+)+)\.?\s+(?P<text>\S.*)$")
EXAMPLE_RE = re.compile(r"^ПРИМЕР[.:]\s*(?P<text>.*)$")
LIST_ITEM_RE = re.compile(r"^[·•]\s*\S")
CHROME = {
    "Не нашли, что искали? Воспользуйтесь поиском:": "page chrome: site search prompt",
}

# What detect() looks for: a numbered rule followed by Russian text, and no
# Markdown headings (those belong to berserk-md).
DETECT_RULE_RE = re.compile(r"^\d{3}(?:\.\d+)+\.?[ \t]+[«\"(]?[А-ЯЁа-яё]", re.MULTILINE)
DETECT_MARKDOWN_RE = re.compile(r"^#{1,6}[ \t]", re.MULTILINE)


def detect(source: SourceText) -> bool:
    return bool(DETECT_RULE_RE.search(source.text)) and not DETECT_MARKDOWN_RE.search(source.text)


def parse(source: SourceText) -> ParseResult:
    result = ParseResult(format=FORMAT)
    lines = source.numbered()
    result.edition = editions.find_statement(lines)
    # The paragraph that list items continue: an entry or an example.
    current: ParsedEntry | ParsedExample | None = None
    for number, raw in lines:
        text = raw.strip()
        if text:
            current = read_paragraph(result, current, number, text)
    if not any(entry.kind in (RULE, SUBRULE) for entry in result.entries):
        raise ParseError(
            "no numbered rule such as '107.2. …' found",
            path=source.path,
            line=len(lines) or None,
        )
    return result


def read_paragraph(
    result: ParseResult,
    current: ParsedEntry | ParsedExample | None,
    number: int,
    text: str,
) -> ParsedEntry | ParsedExample | None:
    """Place one paragraph; return what a following list item would continue."""
    if text in CHROME:
        result.report.skip(number, text, CHROME[text])
        return None
    if match := RULE_RE.match(text):
        kind = RULE if match["number"].count(".") == 1 else SUBRULE
        return add_entry(result, kind, match["number"], match["text"], number)
    if match := EXAMPLE_RE.match(text):
        return add_example(result, match["text"], number, text)
    if LIST_ITEM_RE.match(text) and current is not None:
        current.text += "\n" + text
        return current
    return add_entry(result, NOTE, "", text, number)


def add_entry(result: ParseResult, kind: str, number: str, text: str, line: int) -> ParsedEntry:
    entry = ParsedEntry(kind=kind, number=number, text=text, line=line)
    result.entries.append(entry)
    return entry


def add_example(result: ParseResult, text: str, line: int, raw: str) -> ParsedExample | None:
    """Attach an example to the entry before it (a note counts too)."""
    if not result.entries:
        result.report.unplace(line, raw)
        return None
    example = ParsedExample(text=text, line=line)
    result.entries[-1].examples.append(example)
    return example
