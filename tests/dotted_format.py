"""A stand-in source format for tests: a plain rulebook with dotted numbers, of any game.

The rulebook-layout format (PDF text with its layout kept) is the real reader of dotted
rulebooks; this one is the least a test needs to import a dotted file through the whole
import path (registration of its game, the numbering guess, quickstart's game from the title
block) without depending on that format: one line per entry, ``N. TITLE`` for a chapter,
``N.N. Title`` for a section, ``N.N.N. text`` and deeper for rules and subrules, anything
else a note. Tests install it with :func:`install`; nothing outside the tests knows it.
"""

from __future__ import annotations

import re

from rulesref.rules.parsers import PARSERS, editions
from rulesref.rules.parsers.base import CHAPTER, NOTE, RULE, SECTION, SUBRULE, ParsedEntry, ParseResult

FORMAT = "test-dotted"
GAME = None
STATES_EDITION = True
LINE_RE = re.compile(r"^(?P<number>\d{1,2}(?:\.\d+)*)\.\s+(?P<text>\S.*)$")
KINDS = (CHAPTER, SECTION, RULE)


def detect(source) -> bool:
    return source.text.lstrip().startswith("RULEBOOK")


def parse(source) -> ParseResult:
    result = ParseResult(format=FORMAT)
    lines = source.numbered()
    result.edition = editions.find_statement(lines)
    for number, raw in lines:
        text = raw.strip()
        if not text:
            continue
        if number == lines[0][0] or (result.edition and number == result.edition.line):
            result.report.skip(number, text, "title block")
            continue
        match = LINE_RE.match(text)
        if match is None:
            result.entries.append(ParsedEntry(kind=NOTE, number="", text=text, line=number))
            continue
        depth = match["number"].count(".")
        kind = KINDS[depth] if depth < len(KINDS) else SUBRULE
        heading = kind in (CHAPTER, SECTION)
        result.entries.append(
            ParsedEntry(
                kind=kind,
                number=match["number"],
                text="" if heading else match["text"],
                title=match["text"] if heading else "",
                line=number,
            )
        )
    return result


def install(monkeypatch) -> None:
    """Make the format known to the parsers' registry for one test."""
    import sys

    monkeypatch.setitem(PARSERS, FORMAT, sys.modules[__name__])


# A dotted rulebook of a game no data file knows, in English.
SKYWARD = """RULEBOOK OF SKYWARD
These rules are effective as of July 9, 2026.

1. CONCEPTS
1.1. General
1.1.1. These rules apply to every game of Skyward.
1.1.2. A player who cannot follow a rule loses (see 1.2 and 1.10.2).
1.2. Players
1.2.1. Two players play.
1.9. Tokens
1.9.1. A token is not a card.
1.10. Materials
1.10.1. Each player needs a deck.
1.10.2. A deck holds 60 cards; see 1.10.1 through 1.10.3 and section 2.
1.10.2.1. A deck may hold any number of basic cards.
1.10.2.1.1. A basic card is one printed with a star.
1.10.3. Decks are shuffled.
2. TURNS
2.1. Beginning
2.1.1. The first player skips their first draw (see 1.10.2.1.1).
"""
