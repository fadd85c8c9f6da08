"""A Japanese Comprehensive Rules viewer page (総合ルールビューア), copied as text.

Layout (``rules_data/sources/002_…``)::

    総合ルールビューア                 <- the viewer's name (page chrome)
    2. カードの部分                    <- chapter
    208. パワー／タフネス              <- section
    - 208.1 クリーチャー・カードの…    <- rule
    - 208.2a カードは、…               <- subrule
    例:《Lost Order of Jarkeld》…      <- example of the rule above ("例:" or "例：")

The rules quote English templates ("[This creature's] power …"): they are rule text
and are kept as printed. The page states no edition.
"""

from __future__ import annotations

import re

from . import editions
from .base import CHAPTER, NOTE, RULE, SECTION, SUBRULE, ParsedEntry, ParsedExample, ParseError, ParseResult
from .source import SourceText

FORMAT = "ja-viewer"
GAME = "mtg"

# The viewer's own title, not a heading of the rules: it names the tool that
# displayed the page, so it is skipped rather than stored as a note.
VIEWER_NAME = "総合ルールビューア"
CHAPTER_RE = re.compile(r"^(?P<number>\d{1,2})\.\s+(?P<title>\S.*)$")
SECTION_RE = re.compile(r"^(?P<number>\d{3})\.\s+(?P<title>\S.*)$")
RULE_RE = re.compile(r"^-\s+(?P<number>\d{3}\.\d+[a-z]{0,2})\.?(?:\s+(?P<text>.*))?$")
# Both colons occur in the same page: "例:" and "例：".
EXAMPLE_RE = re.compile(r"^例\s*[:：]\s*(?P<text>.*)$")
# Kana, which Chinese text (same numbering, same digits) never uses.
JAPANESE_RULE_RE = re.compile(r"^-\s+\d{3}\.\d+[a-z]{0,2}\.?\s.*[\u3040-\u30ff]", re.MULTILINE)


def detect(source: SourceText) -> bool:
    """The viewer's title line, or "- 208.1 …" rule lines written in Japanese."""
    text = source.text
    return bool(re.search(rf"^{VIEWER_NAME}\s*$", text, re.MULTILINE) or JAPANESE_RULE_RE.search(text))


def parse(source: SourceText) -> ParseResult:
    result = ParseResult(format=FORMAT, edition=editions.find_statement(source.numbered()))
    for line_no, raw in source.numbered():
        text = raw.strip()
        if not text:
            continue
        if text == VIEWER_NAME:
            result.report.skip(line_no, raw, "page chrome: viewer name")
        else:
            add_line(result, line_no, text)
    require_rules(result, source)
    return result


def add_line(result: ParseResult, line_no: int, text: str) -> None:
    """Add one line as a heading, a rule, an example of the last rule, or a note."""
    if match := RULE_RE.match(text):
        number = match["number"]
        kind = RULE if number[-1].isdigit() else SUBRULE
        result.entries.append(ParsedEntry(kind, number, match["text"] or "", line_no))
    elif match := SECTION_RE.match(text):
        result.entries.append(ParsedEntry(SECTION, match["number"], "", line_no, title=match["title"]))
    elif match := CHAPTER_RE.match(text):
        result.entries.append(ParsedEntry(CHAPTER, match["number"], "", line_no, title=match["title"]))
    elif (match := EXAMPLE_RE.match(text)) and (rule := last_rule(result)):
        rule.examples.append(ParsedExample(match["text"], line_no))
    else:
        result.entries.append(ParsedEntry(NOTE, "", text, line_no))
        result.report.warn(line_no, "not a heading, rule or example of a rule: kept as a note")


def last_rule(result: ParseResult) -> ParsedEntry | None:
    """The last entry if it is a rule: an example never reaches past a heading."""
    if result.entries and result.entries[-1].kind in (RULE, SUBRULE):
        return result.entries[-1]
    return None


def require_rules(result: ParseResult, source: SourceText) -> None:
    if any(entry.kind in (RULE, SUBRULE) for entry in result.entries):
        return
    # The line where rules were still expected: the last one of the page.
    last = max((line_no for line_no, text in source.numbered() if text.strip()), default=None)
    raise ParseError(
        "no '- 208.1 …' rule lines after the viewer's headings",
        path=source.path,
        line=last,
    )
