"""Plain data returned by every parser, and the shared finishing pass.

Nothing here imports Django: parsers turn a :class:`~.source.SourceText` into a
:class:`ParseResult` and the import service decides what to store.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from . import numbers, xrefs

# Entry kinds, in the order a reader meets them.
CHAPTER = "chapter"
SECTION = "section"
RULE = "rule"
SUBRULE = "subrule"
NOTE = "note"
HEADING_KINDS = (CHAPTER, SECTION)


class ParseError(Exception):
    """The source cannot be read as the requested format.

    ``str(error)`` is one line naming the file, the line (when known) and the reason.
    """

    def __init__(self, reason: str, *, path: str = "", line: int | None = None):
        self.reason = reason
        self.path = path
        self.line = line
        super().__init__(reason)

    def __str__(self) -> str:
        where = self.path or "<source>"
        if self.line is not None:
            where = f"{where}:{self.line}"
        return f"{where}: {self.reason}"


@dataclass
class ParsedExample:
    """One example paragraph ("Example:", "Esempio:", "例:", "例如：", "ПРИМЕР.")."""

    text: str
    line: int
    # The label as printed when it says more than the language's label does ("Example A:").
    label: str = ""


@dataclass
class ParsedCrossReference:
    """A reference from an entry's text to a rule number, e.g. "See rule 604.3"."""

    target: str
    text: str


@dataclass
class ParsedEntry:
    """One numbered unit (or an unnumbered note) of a source, as printed."""

    kind: str
    number: str
    text: str
    line: int
    title: str = ""
    examples: list[ParsedExample] = field(default_factory=list)
    # A line of the entry (its number line, text or examples) is printed in the colour the
    # publisher marks updates with (read from a PDF; a text file cannot tell).
    changed_by_publisher: bool = False
    # Filled in by finish(): index of the parent in ParseResult.entries, the
    # index of the first entry with the same number (a duplicate), the sort key
    # and the cross-references found in the text and examples.
    parent: int | None = None
    duplicate_of: int | None = None
    sort_key: str = ""
    cross_references: list[ParsedCrossReference] = field(default_factory=list)


@dataclass
class ParsedGlossaryEntry:
    term: str
    definition: str
    line: int
    rules: list[str] = field(default_factory=list)


@dataclass
class EditionStatement:
    """What a source says about its own edition ("effective as of …")."""

    name: str
    date: datetime.date | None
    line: int
    text: str


@dataclass
class ReportLine:
    line: int
    text: str
    reason: str = ""


@dataclass
class Warning:
    line: int
    message: str


@dataclass
class ParseReport:
    warnings: list[Warning] = field(default_factory=list)
    # Content lines the parser could not attach anywhere: always a bug to fix.
    unplaced: list[ReportLine] = field(default_factory=list)
    # Lines deliberately left out, each with its reason (table of contents,
    # page chrome, credits, legal notice).
    skipped: list[ReportLine] = field(default_factory=list)

    def warn(self, line: int, message: str) -> None:
        self.warnings.append(Warning(line, message))

    def skip(self, line: int, text: str, reason: str) -> None:
        self.skipped.append(ReportLine(line, text, reason))

    def unplace(self, line: int, text: str) -> None:
        self.unplaced.append(ReportLine(line, text))


@dataclass
class ParseResult:
    format: str
    entries: list[ParsedEntry] = field(default_factory=list)
    glossary: list[ParsedGlossaryEntry] = field(default_factory=list)
    edition: EditionStatement | None = None
    report: ParseReport = field(default_factory=ParseReport)
    # The numbering scheme of the entries' numbers (``numbers.SCHEMES``): "cr" or "dotted".
    scheme: str = "cr"

    @property
    def counts(self) -> dict[str, int]:
        kinds = [e.kind for e in self.entries]
        return {
            "chapters": kinds.count(CHAPTER),
            "sections": kinds.count(SECTION),
            "rules": kinds.count(RULE),
            "subrules": kinds.count(SUBRULE),
            "examples": sum(len(e.examples) for e in self.entries),
            "glossary": len(self.glossary),
            "cross_references": sum(len(e.cross_references) for e in self.entries),
            "notes": kinds.count(NOTE),
        }

    @property
    def numbers(self) -> list[str]:
        """Every rule and subrule number, in source order."""
        return [e.number for e in self.entries if e.kind in (RULE, SUBRULE)]


def finish(result: ParseResult) -> ParseResult:
    """Link parents, flag duplicates, compute sort keys and cross-references.

    Every parser calls this last, so these rules are the same for all formats:
    - a subrule's parent is its rule, a rule's its section (or its parent rule for
      dotted numbers), a section's its chapter;
    - a note belongs to the nearest heading before it;
    - a number printed twice is kept twice: the second entry is flagged as a
      duplicate of the first and a warning names both lines.
    """
    by_number: dict[tuple[str, str], int] = {}
    last_heading: int | None = None
    last_chapter: int | None = None
    for index, entry in enumerate(result.entries):
        entry.sort_key = numbers.sort_key(entry.number, entry.kind)
        if entry.kind == NOTE:
            entry.parent = last_heading
        elif entry.kind == CHAPTER:
            entry.parent = None
            last_chapter = index
        else:
            parent_number = numbers.parent_number(entry.number, entry.kind)
            if parent_number is None:
                entry.parent = last_chapter
            else:
                parent_kind = SECTION if numbers.is_section(parent_number) else RULE
                entry.parent = by_number.get((parent_kind, parent_number))
                if entry.parent is None and entry.kind == SECTION:
                    entry.parent = last_chapter
        if entry.kind in HEADING_KINDS:
            last_heading = index
        if entry.kind != NOTE:
            key = (entry.kind if entry.kind != SUBRULE else RULE, entry.number)
            first = by_number.get(key)
            if first is None:
                by_number[key] = index
            else:
                entry.duplicate_of = first
                result.report.warn(
                    entry.line,
                    f"number {entry.number} is printed twice (first on line "
                    f"{result.entries[first].line}); both entries are kept",
                )
        texts = [entry.text] + [example.text for example in entry.examples]
        entry.cross_references = [
            ParsedCrossReference(target, text) for body in texts for target, text in xrefs.extract(body)
        ]
    return result
