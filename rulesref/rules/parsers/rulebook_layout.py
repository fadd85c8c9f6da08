"""Numbered rulebooks as publishers lay them out, in text that keeps the layout ("rulebook-layout").

The Disney Lorcana Comprehensive Rules are published as one PDF per language; run through a
layout-keeping text extractor (or read by the ``pdf`` format, which hands its lines to
:func:`parse_lines`) they read:

1. a centred title block: the title, ``Version 2.1.0`` and the effective date ("Effective April
   30, 2026", "Gültig ab 30. April 2026", "Date de mise à jour : 30 avril 2026", "2026 年 7 月 10
   日施行"): skipped, and read into the edition statement;
2. front matter ("A Note for New Players", "INTRODUCTION"): a note per paragraph, the short line
   that heads it as the note's title;
3. a table of contents in two columns on the same lines (CONTENTS / INHALT / SOMMAIRE / 目次):
   skipped, from the top of its page to the first chapter that rules follow;
4. the rules, numbered in dots: ``1.`` a chapter, ``1.1.`` a section, ``1.1.1.`` a rule,
   ``1.1.1.1.`` and deeper a subrule (the "dotted" numbering scheme). The kind is read from the
   number; lines are wrapped, and a wrapped line is indented deeper than the number it continues,
   by an amount that differs from page to page. A wrapped line can begin with a cited number
   ("… in\\n1.8.1.4. and …"): it continues the paragraph when it is indented as a continuation on
   its page, when its number does not follow the numbering, or when the number runs into the text
   ("1.8.1.4.の条件"). Examples ("Example:", "Example A:", "Beispiel:", "Exemple :", "例:") belong
   to the entry above them; figure labels (a diagram's words in capitals and its digits, after a
   blank line) are skipped;
5. the glossary (Glossary / Glossar / Glossaire / 用語集): a term line and its definition lines,
   with no blank line between entries in the Latin-script editions (a term line is short, does not
   end a sentence and follows a line that did; the Japanese edition indents definitions too);
6. the change log after the glossary ("Update Summary", "更新履歴"): skipped.

Every page ends with furniture: ``disneylorcana.com``, ``©Disney`` and the page number (the
Japanese edition prints ``©Disney`` alone). Furniture is found as what repeats on most pages, not
by its words, so another publisher's footer is found too; each line is reported as skipped.

Wrapped lines are joined with a space, with none where either side is Chinese or Japanese
script, and with none after a hyphen ending a line (the files break only at real hyphens:
"high-\\nlevel" is "high-level"; "Gegenstand- und Ort-\\nEffekte"), unless the next line starts
with a word that joins a list ("und", "and", "et").

What each language calls the parts, labels an example and states the edition is data
(``rulesref.core.langdata``), as for the Comprehensive Rules: a file in any registered language
reads the same way. The game is not in the file: the caller names it (``--game``).
"""

from __future__ import annotations

import collections
import functools
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from rulesref.core import langdata

from . import editions, xrefs
from .base import (
    CHAPTER,
    HEADING_KINDS,
    NOTE,
    RULE,
    SECTION,
    SUBRULE,
    EditionStatement,
    ParsedEntry,
    ParsedExample,
    ParsedGlossaryEntry,
    ParseError,
    ParseReport,
    ParseResult,
)
from .source import LINE_BREAK_RE, SourceText

FORMAT = "rulebook-layout"
# The rules of any game laid out this way: the caller names the game.
GAME = None

# "1.", "1.1.", "1.7.6.1.", with the text after it. The final period is required and may not be
# followed by a digit, so that a wrapped line starting "8.12 “À l'unisson”" or "6.5 節" is text.
NUMBER_RE = re.compile(r"^(?P<number>\d{1,3}(?:\.\d{1,3})*)\.(?!\d)(?P<gap>\s*)(?P<text>.*)$")
# A page number alone, or at the end of a footer line ("©Disney      14").
PAGE_NUMBER_RE = re.compile(r"(?:^|\s)\d{1,3}$")
# An example label with a letter ("Example A:", "Exemple B :", "例C:").
LETTERED_RE = re.compile(r"[A-Z]\s?[:：.]$")
# What ends a sentence (closing quotes and brackets after it are looked through).
SENTENCE_END_RE = re.compile(r"[.!?。！？…]$")
CLOSERS = "\"'”’“‘»«)）」』】]"
# Letters of scripts written without spaces between words.
UNSPACED_RE = re.compile(
    r"[\u3000-\u303f\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]"
)
# Figure labels: cells this short, lines indented this far (text is indented 30 columns at most).
FIGURE_CELL = 40
FIGURE_INDENT = 40
# A front-matter heading is shorter than this share of the longest line.
HEADING_SHARE = 0.6
# A glossary term is a short line; a longer one is a definition's.
TERM_MAX = 60
# A line repeated on this share of the pages (and on 3 at least) is page furniture.
FURNITURE_SHARE = 0.5
FURNITURE_MINIMUM = 3
# A footer takes this many lines at most (Lorcana 2.2.0: four).
FOOTER_LINES = 6

DETECT_CHARS = 64_000
DETECT_LINES = 400


@dataclass(frozen=True)
class Line:
    number: int
    text: str
    page: int = 0

    @property
    def stripped(self) -> str:
        return self.text.strip()

    @property
    def indent(self) -> int:
        return len(self.text) - len(self.text.lstrip())

    @property
    def blank(self) -> bool:
        return not self.text.strip()


@dataclass(frozen=True)
class Vocabulary:
    """The words of the layout in every registered language (``rulesref.core.langdata``)."""

    contents: frozenset[str]
    glossary: frozenset[str]
    changes: frozenset[str]
    example_re: re.Pattern
    joiners: frozenset[str]
    statements: tuple[tuple[langdata.Language, str], ...]


@functools.cache
def vocabulary() -> Vocabulary:
    languages = list(langdata.LANGUAGES.values())
    labels = sorted({label for lang in languages for label in lang.example_labels}, key=len, reverse=True)
    return Vocabulary(
        contents=frozenset(h.casefold() for lang in languages for h in lang.cr_headings.contents),
        glossary=frozenset(h.casefold() for lang in languages for h in lang.cr_headings.glossary),
        changes=frozenset(h.casefold() for lang in languages for h in lang.change_log_headings),
        example_re=re.compile("^(?P<label>" + "|".join(map(label_pattern, labels)) + r")\s*(?P<text>.*)$"),
        joiners=frozenset(j.casefold() for lang in languages for j in lang.citations.joiners),
        statements=tuple(
            (lang, template) for lang in languages for template in (*lang.rulebook_statements, *lang.edition_statements)
        ),
    )


def label_pattern(label: str) -> str:
    """An example label that may carry a letter before its colon: "Example:" also reads
    "Example A:", "Exemple :" reads "Exemple B :", "例:" reads "例C:"."""
    match = re.match(r"^(?P<stem>.*?)(?P<tail>\s?[:：.])$", label)
    if match is None:
        return re.escape(label)
    return re.escape(match["stem"]) + r"(?:\s?[A-Z])?" + re.escape(match["tail"]).replace(r"\ ", r"\s?")


def ends_sentence(text: str) -> bool:
    return bool(SENTENCE_END_RE.search(text.rstrip().rstrip(CLOSERS)))


def join(text: str, more: str, joiners: Iterable[str] = ()) -> str:
    """Join a wrapped line to the text before it (see the module docstring)."""
    if not text:
        return more
    if not more:
        return text
    if UNSPACED_RE.match(text[-1]) or UNSPACED_RE.match(more[0]):
        return text + more
    if len(text) > 1 and text[-1] == "-" and text[-2].isalpha():
        first_word = more.split(maxsplit=1)[0].casefold()
        if first_word not in joiners:
            return text + more
    return f"{text} {more}"


def depth_kind(number: str) -> str:
    """The kind of a dotted number: 1 chapter, 1.1 section, 1.1.1 rule, deeper subrule."""
    return (CHAPTER, SECTION, RULE)[number.count(".")] if number.count(".") < 3 else SUBRULE


# Detection -------------------------------------------------------------------------


def detect(source: SourceText) -> bool:
    """Whether the file holds chapter ``1.`` followed by ``1.1.`` and rule ``1.1.1.`` (indented or not)."""
    head = LINE_BREAK_RE.split(source.text[:DETECT_CHARS])[:DETECT_LINES]
    return find_body([Line(n, t) for n, t in enumerate(head, 1)], set()) is not None


def find_body(lines: list[Line], furniture: set[int]) -> int | None:
    """Index of the chapter ``1.`` line that section ``1.1.`` and rule ``1.1.1.`` follow."""
    numbered = [
        (index, match["number"])
        for index, line in enumerate(lines)
        if index not in furniture and (match := NUMBER_RE.match(line.stripped)) and match["text"]
    ]
    for position, (index, number) in enumerate(numbered):
        if number == "1" and [n for _, n in numbered[position + 1 : position + 3]] == ["1.1", "1.1.1"]:
            return index
    return None


# Parsing ---------------------------------------------------------------------------


def parse(source: SourceText) -> ParseResult:
    """Read the file's lines; finish() is left to the caller."""
    return parse_lines(source.path, source.numbered(), source.sha256)


def parse_lines(
    path: str, lines: list[tuple[int, str]], sha256: str, *, changed: set[int] | None = None
) -> ParseResult:
    """Read a rulebook from its lines (``(line number, text)``, in reading order).

    ``changed`` holds the numbers of the lines the publisher printed as updated (a PDF's coloured
    text): their entries are marked ``changed_by_publisher``. ``sha256`` names the source the
    lines come from; the import service stores it with the edition, not the parser.
    """
    del sha256  # part of the contract shared with the pdf format; the parser needs no digest
    result = ParseResult(format=FORMAT, scheme="dotted")
    report = result.report
    rows = [Line(number, text.rstrip()) for number, text in lines]
    furniture = find_furniture(rows, report)
    rows = paginate(rows, furniture)
    body = find_body(rows, furniture)
    if body is None:
        raise ParseError("no rules body: no chapter '1.' followed by section '1.1.' and rule '1.1.1.'", path=path)
    words = vocabulary()
    contents = find_contents(rows, furniture, body)
    glossary = first_heading(rows, furniture, body + 1, len(rows), words.glossary)
    changes = first_heading(rows, furniture, (glossary or body) + 1, len(rows), words.changes)
    end_of_rules = glossary if glossary is not None else (changes if changes is not None else len(rows))

    def part(start: int, stop: int) -> list[Line]:
        return [row for index, row in enumerate(rows[start:stop], start) if index not in furniture]

    front_end = contents if contents is not None else body
    result.edition = read_front_matter(part(0, front_end), result)
    if contents is not None:
        skip_lines(part(contents, body), report, "table of contents")
    Body(result, part(body, end_of_rules), changed or set()).read()
    if glossary is not None:
        parse_glossary(part(glossary, changes if changes is not None else len(rows)), result)
    else:
        report.warn(rows[-1].number if rows else 1, "no glossary after the rules")
    if changes is not None:
        skip_lines(part(changes, len(rows)), report, "change log (update summary)")
    return result


def find_furniture(rows: list[Line], report: ParseReport) -> set[int]:
    """Indexes of page furniture, each reported as skipped.

    A footer is printed on every page: a line (its page number set aside) that repeats on at least
    half as many pages as the most repeated one, and on three at least, is furniture; so is a page
    number alone next to it.
    """
    keys = [furniture_key(row.stripped) if not NUMBER_RE.match(row.stripped) else "" for row in rows]
    counts = collections.Counter(key for key in keys if key)
    if not counts:
        return set()
    most = counts.most_common(1)[0][1]
    threshold = max(FURNITURE_MINIMUM, int(most * FURNITURE_SHARE))
    found = {index for index, key in enumerate(keys) if key and counts[key] >= threshold}
    # A page number on a line of its own, next to a footer line (blank lines between them allowed)
    # that carries none: a figure's digit may stand next to a footer too.
    numbered_footers = {index for index in found if PAGE_NUMBER_RE.search(rows[index].stripped)}
    for index, row in enumerate(rows):
        if index in found or not row.stripped.isdigit() or len(row.stripped) > 3:
            continue
        near = range(index - FOOTER_LINES, index + FOOTER_LINES + 1)
        if any(n in found for n in nearest_non_blank(rows, index)) and not numbered_footers.intersection(near):
            found.add(index)
    for index in sorted(found):
        row = rows[index]
        reason = "page number" if row.stripped.isdigit() else "page furniture (footer)"
        report.skip(row.number, row.text, reason)
    return found


def furniture_key(text: str) -> str:
    return PAGE_NUMBER_RE.sub("", " ".join(text.split())).strip().casefold()


def nearest_non_blank(rows: list[Line], index: int) -> list[int]:
    found = []
    for step in (-1, 1):
        other = index + step
        while 0 <= other < len(rows) and rows[other].blank:
            other += step
        if 0 <= other < len(rows):
            found.append(other)
    return found


def paginate(rows: list[Line], furniture: set[int]) -> list[Line]:
    """Number the pages: a page ends with its furniture."""
    page, in_furniture, paged = 0, False, []
    for index, row in enumerate(rows):
        if index in furniture:
            in_furniture = True
        elif not row.blank and in_furniture:
            page, in_furniture = page + 1, False
        paged.append(Line(row.number, row.text, page))
    return paged


def find_contents(rows: list[Line], furniture: set[int], body: int) -> int | None:
    """Where the table of contents starts: the top of the page of its heading ("CONTENTS", alone
    or as the first of two columns), since the other column's lines may come first."""
    words = vocabulary()
    for index in range(body):
        first_cell = re.split(r"\s{3,}", rows[index].stripped)[0].casefold()
        if index not in furniture and first_cell in words.contents:
            start = index
            while start > 0 and (start - 1 not in furniture):
                start -= 1
            return start
    return None


def first_heading(rows: list[Line], furniture: set[int], start: int, stop: int, headings: frozenset[str]) -> int | None:
    for index in range(start, stop):
        if index not in furniture and rows[index].stripped.casefold() in headings:
            return index
    return None


def skip_lines(lines: list[Line], report: ParseReport, reason: str) -> None:
    for line in lines:
        if not line.blank:
            report.skip(line.number, line.text, reason)


# Front matter -------------------------------------------------------------------------


def read_front_matter(lines: list[Line], result: ParseResult) -> EditionStatement | None:
    """The title block (skipped, read for the edition statement), then notes."""
    report = result.report
    words = vocabulary()
    version: tuple[Line, str] | None = None
    dated: tuple[Line, re.Match, langdata.Language] | None = None
    rest: list[Line] = []
    # The title block is the first run of lines: a blank line ends it, and so does its last
    # statement where no blank line follows (text extracted from a PDF has none).
    first_run = list(itertools.takewhile(lambda line: not line.blank, itertools.dropwhile(Line.blank.fget, lines)))
    stated = [line.number for line in first_run if read_statement(line.stripped, words)]
    title_end = stated[-1] if stated and len(stated) < len(first_run) else None
    title_ended = False
    for line in lines:
        if line.blank:
            title_ended = title_ended or bool(report.skipped)
            rest.append(line)
            continue
        if title_end is not None and line.number > title_end:
            title_ended = True
        statement = read_statement(line.stripped, words)
        if statement is not None:
            lang, match = statement
            if match.groupdict().get("version"):
                version = version or (line, match.group().rstrip("."))
            elif dated is None:
                dated = (line, match, lang)
            report.skip(line.number, line.text, "edition statement")
        elif not title_ended:
            report.skip(line.number, line.text, "document title")
        else:
            rest.append(line)
    read_notes(rest, result)
    return edition_statement(version, dated, report, lines)


def read_statement(text: str, words: Vocabulary) -> tuple[langdata.Language, re.Match] | None:
    for lang, template in words.statements:
        if match := langdata.statement_pattern(template).search(text):
            return lang, match
    return None


def edition_statement(version, dated, report: ParseReport, lines: list[Line]) -> EditionStatement | None:
    name = version[1] if version else ""
    if dated is None:
        report.warn(lines[0].number if lines else 1, "no effective-date statement found in the title block")
        if not version:
            return None
        return EditionStatement(name, None, version[0].number, version[0].stripped)
    line, match, lang = dated
    month_text = match["month"].casefold().rstrip(".")
    month = int(month_text) if month_text.isdigit() else editions.month_lookup(lang.babel_locale).get(month_text)
    date = editions.make_date(int(match["year"]), month, int(match["day"])) if month else None
    if date is None:
        report.warn(line.number, f"cannot read the effective date in {line.stripped!r}")
    return EditionStatement(name, date, line.number, match.group())


def read_notes(lines: list[Line], result: ParseResult) -> None:
    """Paragraphs become notes; a short line heading a paragraph (or alone before one) is its title."""
    joiners = vocabulary().joiners
    # A heading is much shorter than a full line (a Japanese sentence may be short in characters).
    width = max((len(line.stripped) for line in lines), default=0)
    title = ""
    for paragraph in paragraphs_of(lines):
        first = paragraph[0].stripped
        if looks_like_heading(first) and len(first) < HEADING_SHARE * width:
            if len(paragraph) == 1:
                title = first
                continue
            title, paragraph = first, paragraph[1:]
        text = ""
        for line in paragraph:
            text = join(text, line.stripped, joiners)
        result.entries.append(ParsedEntry(kind=NOTE, number="", title=title, text=text, line=paragraph[0].number))
        title = ""
    if title:
        result.entries.append(ParsedEntry(kind=NOTE, number="", title=title, text="", line=lines[-1].number))


def looks_like_heading(text: str) -> bool:
    return len(text) <= TERM_MAX and not ends_sentence(text) and not text.endswith((",", ":", "："))


def paragraphs_of(lines: list[Line]) -> list[list[Line]]:
    """Runs of non-blank lines; a blank line, a new page or a heading after a sentence ends one."""
    width = max((len(line.stripped) for line in lines), default=0)
    paragraphs: list[list[Line]] = []
    current: list[Line] = []
    for line in lines:
        heading = (
            current
            and ends_sentence(current[-1].stripped)
            and looks_like_heading(line.stripped)
            and len(line.stripped) < HEADING_SHARE * width
        )
        if line.blank or (current and line.page != current[-1].page) or heading:
            if current:
                paragraphs.append(current)
            current = [] if line.blank else [line]
        else:
            current.append(line)
    if current:
        paragraphs.append(current)
    return paragraphs


# The rules ---------------------------------------------------------------------------


@dataclass
class Body:
    """Reads the rules, line by line; the state is the entry being read and what is known of the
    numbering and of the current page's indentation."""

    result: ParseResult
    lines: list[Line]
    changed: set[int]
    current: ParsedEntry | None = None
    # Where text goes: the current entry's text, or its last example.
    in_example: bool = False
    seen: set[str] = field(default_factory=set)
    # The last child number printed under each number ("" for chapters).
    last_child: dict[str, int] = field(default_factory=dict)
    # Lines indented this far (less one) on this page continue the current entry.
    threshold: int | None = None
    threshold_page: int = -1
    continued: set[int] = field(default_factory=set)
    after_blank: bool = True
    in_figure: bool = False
    # The least indentation of the lines read so far on each page.
    least_indent: dict[int, int] = field(default_factory=dict)

    def read(self) -> None:
        numbered = [index for index, line in enumerate(self.lines) if NUMBER_RE.match(line.stripped)]
        # Where each number starts a line with a space after it (as entries do).
        self.starts: dict[str, list[int]] = collections.defaultdict(list)
        for index in numbered:
            match = NUMBER_RE.match(self.lines[index].stripped)
            if match["gap"] and match["text"]:
                self.starts[match["number"]].append(index)
        self.next_numbered = {index: self.lines[after].stripped for index, after in itertools.pairwise(numbered)}
        for index, line in enumerate(self.lines):
            self.read_line(index, line)
        for entry in self.result.entries:
            if entry.kind in HEADING_KINDS and entry.text and not entry.title:
                if id(entry) not in self.continued and looks_like_heading(entry.text):
                    entry.title, entry.text = entry.text, ""

    def read_line(self, index: int, line: Line) -> None:
        if line.blank:
            self.after_blank = True
            return
        self.read_text_line(index, line)
        self.least_indent[line.page] = min(self.least_indent.get(line.page, line.indent), line.indent)

    def read_text_line(self, index: int, line: Line) -> None:
        report = self.result.report
        text = line.stripped
        match = NUMBER_RE.match(text)
        if (self.after_blank or self.in_figure) and not match and looks_like_figure(line, self.in_figure):
            self.in_figure = True
            self.after_blank = False
            report.skip(line.number, line.text, "figure label")
            return
        self.in_figure = self.after_blank = False
        if match and self.starts_entry(index, line, match):
            self.add_entry(line, match)
            return
        example = vocabulary().example_re.match(text)
        if self.current is None:
            report.unplace(line.number, line.text)
            return
        if example:
            # The label is kept when it says more than the language's own ("Example A:").
            label = example["label"] if LETTERED_RE.search(example["label"]) else ""
            self.current.examples.append(ParsedExample(text=example["text"], line=line.number, label=label))
            self.in_example = True
        elif self.in_example:
            examples = self.current.examples
            examples[-1].text = join(examples[-1].text, text, vocabulary().joiners)
        else:
            self.current.text = join(self.current.text, text, vocabulary().joiners)
            self.continued.add(id(self.current))
        self.mark_changed(line)
        self.note_indent(line)

    def starts_entry(self, index: int, line: Line, match: re.Match) -> bool:
        """Whether a line that begins with a number starts an entry, or continues the one above.

        A number run into its text ("1.8.1.4.の条件") is cited; so is a number that does not follow
        the numbering. A number that does follow it starts an entry, unless the line is indented as
        the current entry's continuation on this page and the same number starts a line again further
        on ("… the requirements in\n5.3.3.1. and 5.3.3.2." before rule 5.3.3.1): indentation alone
        cannot tell, since some pages indent a heading's rules as deep as its wrapped text.
        """
        number = match["number"]
        if match["text"] and not match["gap"]:
            return False
        if self.current is None:
            return True
        threshold = self.threshold if self.threshold_page == line.page else None
        # A page whose lines all start at one column (text a PDF reader extracts) says nothing.
        least = self.least_indent.get(line.page, line.indent)
        indented = threshold is not None and threshold > least and line.indent >= threshold - 1
        if not self.fits(index, number):
            if not indented:
                self.result.report.warn(
                    line.number,
                    f"the line begins with {number}, which does not follow {self.current.number} in the "
                    f"numbering: read as a continuation of {self.current.number}",
                )
            return False
        return not (indented and any(later > index for later in self.starts.get(number, ())))

    def fits(self, index: int, number: str) -> bool:
        """Whether ``number`` can come next: unprinted, its parent printed and on the current path,
        higher than its printed siblings; a chapter must be followed by its own numbers."""
        if number in self.seen:
            return False
        parent, _, last = number.rpartition(".")
        if int(last) <= self.last_child.get(parent, 0):
            return False
        if not parent:
            return self.next_numbered.get(index, "").startswith(f"{number}.")
        current = self.current.number if self.current else ""
        return parent in self.seen and (current == parent or current.startswith(parent + "."))

    def add_entry(self, line: Line, match: re.Match) -> None:
        number = match["number"]
        parent, _, last = number.rpartition(".")
        expected = self.last_child.get(parent, 0) + 1
        if int(last) > expected and self.current is not None and number not in self.seen:
            self.result.report.warn(
                line.number,
                f"{number} follows {self.current.number}: no {parent + '.' if parent else ''}{expected} is printed",
            )
        self.last_child[parent] = max(int(last), self.last_child.get(parent, 0))
        self.seen.add(number)
        entry = ParsedEntry(kind=depth_kind(number), number=number, text=match["text"].strip(), line=line.number)
        self.result.entries.append(entry)
        self.current, self.in_example = entry, False
        self.mark_changed(line)
        # The column of the text tells where wrapped lines go, unless the text is a heading's (a
        # heading's rules may be indented as deep).
        text = match["text"].strip()
        self.threshold = line.indent + len(number) + 1 + len(match["gap"]) if not looks_like_heading(text) else None
        self.threshold_page = line.page

    def note_indent(self, line: Line) -> None:
        if self.threshold_page != line.page or self.threshold is None:
            self.threshold, self.threshold_page = line.indent, line.page
        else:
            self.threshold = min(self.threshold, line.indent)

    def mark_changed(self, line: Line) -> None:
        if line.number in self.changed and self.current is not None:
            self.current.changed_by_publisher = True


def looks_like_figure(line: Line, in_figure: bool) -> bool:
    """A diagram's label, after a blank line: capitals, digits and signs only ("CHALLENGE EXAMPLE A",
    "BANISHED", "2"), short cells far apart on one line ("1       Cost & Inkwell"), a short line far
    to the right of any text ("Ink Key"); inside a figure, also a fragment of a turned label ("wö")."""
    text = line.stripped
    if vocabulary().example_re.match(text):
        return False
    if all(ch.isupper() for ch in text if ch.isalpha()):
        return True
    cells = re.split(r"\s{4,}", text)
    if len(cells) > 1 and all(len(cell) <= FIGURE_CELL for cell in cells):
        return True
    if line.indent >= FIGURE_INDENT and len(text) <= FIGURE_CELL:
        return True
    return in_figure and len(text) <= FIGURE_CELL and not ends_sentence(text)


# The glossary ------------------------------------------------------------------------


def parse_glossary(lines: list[Line], result: ParseResult) -> None:
    """The heading, then entries: a term line and its definition lines (see :func:`is_term`)."""
    report = result.report
    heading, *lines = lines
    report.skip(heading.number, heading.text, "glossary heading")
    joiners = vocabulary().joiners
    # Per page, the least indentation: where a page indents definitions deeper, terms are there.
    least = {}
    deeper = set()
    for line in lines:
        if not line.blank:
            least[line.page] = min(least.get(line.page, line.indent), line.indent)
    for line in lines:
        if not line.blank and line.indent > least[line.page]:
            deeper.add(line.page)
    entry: ParsedGlossaryEntry | None = None
    previous: Line | None = None
    previous_term = False
    after_blank = True
    texts = [line for line in lines if not line.blank]
    following = {id(line): after.stripped for line, after in itertools.pairwise(texts)}
    for line in lines:
        if line.blank:
            after_blank = True
            continue
        text = line.stripped
        indented = line.page in deeper and line.indent > least[line.page]
        if is_term(text, previous, previous_term, after_blank, indented, following.get(id(line), "")):
            entry = ParsedGlossaryEntry(term=text, definition="", line=line.number)
            result.glossary.append(entry)
            previous_term = True
        elif entry is None:
            report.unplace(line.number, line.text)
        else:
            entry.definition = join(entry.definition, text, joiners)
            previous_term = False
        previous, after_blank = line, False
    for entry in result.glossary:
        if not entry.definition:
            report.warn(entry.line, f"glossary term {entry.term!r} has no definition")
        entry.rules = list(dict.fromkeys(target for target, _ in xrefs.extract(entry.definition)))


def is_term(
    text: str, previous: Line | None, previous_term: bool, after_blank: bool, indented: bool, after: str
) -> bool:
    """A term line: short, not ending a sentence, not indented deeper than the page's terms, and
    after a blank line or a line that ended a sentence; or, after a definition line that ends
    without a period ("… folgt ein „+[N]“"), followed by a line that is not short (its definition)."""
    if indented or len(text) > TERM_MAX or ends_sentence(text) or text.endswith((":", "：", ",", "、")):
        return False
    if previous is None or after_blank or ends_sentence(previous.stripped):
        return True
    return not previous_term and (len(after) > TERM_MAX or ends_sentence(after))
