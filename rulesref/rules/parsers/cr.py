"""The official Magic: The Gathering Comprehensive Rules as plain text ("cr-text").

The English TXT published by Wizards of the Coast and its translations (Simplified
Chinese, Korean, …) share one layout:

1. a title line and the effective-date line;
2. "Introduction" / "前言" / "소개" and its paragraphs (kept as notes);
3. "Contents" / "目录" / "목차", a table of contents repeating every heading (skipped);
4. the rules body: ``1. Game Concepts``, ``100. General``, ``100.1. text``,
   ``100.1a text``, ``Example: …`` / ``例如：…`` / ``예시: …`` lines;
5. "Glossary" / "词汇表" / "용어집": a term line, definition lines, a blank line;
6. "Credits" / "版权信息" / "크레딧" and the legal notices (skipped).

What each language calls these parts, how it labels an example and how it states the
effective date is data (``rulesref.core.langdata``), not code: a file in any registered
language reads the same way. Older editions leave parts out (no table of contents, no
introduction heading); a part that is missing is simply not there. The Japanese translation
(和訳) opens with its translator's header (its version is the edition's revision), prints its
introduction as chapter ``0. はじめに`` after the table of contents, and glosses terms in English
("毒カウンター／poison counter": the pairs are collected in ``ParseResult.term_pairs``).

The headings of 4 to 6 are also listed in the table of contents, so each part
starts at the first matching heading *after* the previous part. Official typos
in rule numbers are read as the number meant and reported as warnings.

Every English edition since 1999 reads this way (docs/importing.md, "Older editions"): the
wrapped text of 1999–2004 (:func:`is_wrapped`), the 1999 text conversion with its dated banner
and rule lines, indented sections and subrules, ``EXAMPLE:`` in capitals, the index of 1999 after
the glossary, glossary terms spanning several blocks. The Fifth Edition rulings summary is refused
(:func:`refusal`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from rulesref.core import langdata, scripts

from . import editions, glosses, xrefs
from .base import (
    CHAPTER,
    NOTE,
    RULE,
    SECTION,
    SUBRULE,
    EditionStatement,
    ParsedEntry,
    ParsedExample,
    ParsedGlossaryEntry,
    ParsedTermPair,
    ParseError,
    ParseReport,
    ParseResult,
)
from .source import LINE_BREAK_RE, SourceText

FORMAT = "cr-text"
GAME = "mtg"
# The official layout is published per language for one effective date: a translation in
# it follows the original-language edition of the same date.
SAME_DATE_AS_SOURCE = True
# A file of this format states its own edition (date) and language: quickstart imports it as it is.
STATES_EDITION = True


CHAPTER_RE = re.compile(r"^(?P<number>\d{1,2})\.\s+(?P<title>\S.*)$")
# A letter of a script other than Latin: a section title in such a script may follow the number's
# period without a space ("100.ゲームに必要なもの", the CR-like layout of other games).
NON_LATIN_LETTER = rf"(?![{scripts.LATIN}])[^\W\d_]"
SECTION_RE = re.compile(rf"^(?P<number>\d{{3}})\.(?:\s+|(?={NON_LATIN_LETTER}))(?P<title>\S.*)$")
# Rules are printed "100.1. text" and subrules "100.1a text". The period and the
# space are optional here so that the official typos ("606.5 If", "119.1d. In",
# "901.4.All") are still read, and then reported.
NUMBERED_RE = re.compile(
    r"^(?P<number>\d{3}\.\d+(?P<letters>[a-z]{1,2})?)"
    r"(?P<period>\.?)(?P<space>\s*)(?P<text>.*)$"
)
# A subrule printed with a space before its letter ("701.23 b text"); read as one only right after its
# rule (or a sibling subrule), so that a rule whose text starts with a lower-case word stays a rule.
SPACED_SUBRULE_RE = re.compile(r"^(?P<rule>\d{3}\.\d+) (?P<letters>[a-z]{1,2})(?:\s+(?P<text>\S.*))?$")
# A subrule printed with a space after its section's period ("606. 8b text", "702. 37a text"): read as
# one only inside that section, where it cannot be the section's own heading printed again.
# A subrule printed without its rule's number ("408.f" for 408.2f, 1999-11): read as one only right
# after a rule of that section or one of its subrules.
RULELESS_SUBRULE_RE = re.compile(r"^(?P<section>\d{3})\.(?P<letters>[a-z]{1,2})\s+(?P<text>\S.*)$")
SPACED_NUMBER_RE = re.compile(r"^(?P<section>\d{3})\. (?P<rest>\d+(?P<letters>[a-z]{1,2})?)\.?\s+(?P<text>\S.*)$")
# A numbered sense of a glossary term ("2. Untap is the first step …").
SENSE_RE = re.compile(r"^(?P<number>[1-9])\.\s+\S")
INDEX_HEADINGS = frozenset({"Index"})
# The headings of the publisher's addresses, printed before the contents in 1999-11 (English only).
CONTACT_HEADINGS = frozenset({"Questions?", "Contact Information"})
# The dated banner of 1999-04's text conversion: "COMPREHENSIVE RULES      04/23/99".
BANNER_RE = re.compile(r"^COMPREHENSIVE RULES\s+(?P<month>\d{1,2})/(?P<day>\d{1,2})/(?P<year>\d{2}|\d{4})$")
# An entry of that index: a term, a comma and rule numbers ("Abilities, 402", "Tap, 308.2").
INDEX_ENTRY_RE = re.compile(r"^\S.*, \d{3}(?:\.\d+[a-z]?)?(?:\W|$)")
LETTERS = "abcdefghijklmnopqrstuvwxyz"
# A line of rule characters only ("========"), framing a title.
DECORATION_RE = re.compile(r"^[\s=\-_*~#─━＝]+$")
# A line holding one letter or digit and nothing else: a stray keystroke ("f" between 702.148b and
# 702.149 in the edition of 2021-11-19), not text of the rule before it.
STRAY_RE = re.compile(r"^\s*[^\W_]\s*$")
# A line opening with a label this layout does not know ("Beispiel: …" in a language not registered):
# probably an example, so it is reported rather than read as more of the rule's text.
UNKNOWN_LABEL_RE = re.compile(r"^[^\W\d_]+:\s")
# A file is read as one whose line breaks were all doubled only when it has this many lines, all of
# them apart (a short file of one-line paragraphs is not).
DOUBLED_MIN_LINES = 200
# Editions of 1999–2004 wrap every paragraph onto lines of at most about 110 characters; a body whose
# lines are all this short, and more of whose lines go on from the line before than start an entry,
# is read as wrapped text (editions from 2004 on print a paragraph per line, up to 1,900 characters).
WRAP_WIDTH = 120
# A legal notice: the trademark and copyright lines printed after the rules.
LEGAL_RE = re.compile(r"©|™|®|\(c\)|Wizards of the Coast", re.IGNORECASE)

# detect() reads only the start of a file: the table of contents and the first
# rules end well within these limits (line 183, about 6 KB, in every edition).
DETECT_CHARS = 64_000
DETECT_LINES = 400
FIRST_CHAPTER_RE = re.compile(r"^1\.\s+\S")
FIRST_SECTION_RE = re.compile(rf"^100\.(?:\s+\S|{NON_LATIN_LETTER})")
FIRST_RULE_RE = re.compile(r"^100\.1\.?\s+\S")
# A section of the Fifth Edition rulings summary ("A.1 - General Rulings on Abilities"): a file with
# this many of them near its top, and no rule 100.1, is refused as not the Comprehensive Rules.
SUMMARY_SECTION_RE = re.compile(r"^[A-Z]\.\d{1,2} - \S")
SUMMARY_SECTIONS = 3

Lines = list[tuple[int, str]]


@dataclass(frozen=True)
class Vocabulary:
    """The words of the layout in every registered language (``rulesref.core.langdata``)."""

    headings: dict[str, frozenset[str]]
    example_re: re.Pattern
    # A slip for an example label → the label meant ("例如，" → "例如：").
    slips: dict[str, str]
    slip_re: re.Pattern


@functools.cache
def vocabulary() -> Vocabulary:
    languages = langdata.LANGUAGES.values()
    headings = {
        part: frozenset(spaced(heading) for lang in languages for heading in getattr(lang.cr_headings, part))
        for part in ("introduction", "contents", "glossary", "credits", "title", "omitted")
    }
    # Editions of 1999 print the label in capitals ("EXAMPLE:").
    labels = {label for lang in languages for label in lang.example_labels}
    labels = sorted(labels | {label.upper() for label in labels}, key=len, reverse=True)
    slips = {slip: lang.example_label for lang in languages for slip in lang.example_label_slips}
    return Vocabulary(
        headings=headings,
        example_re=re.compile("^(?:" + "|".join(map(re.escape, labels)) + r")\s*(?P<text>.*)$"),
        slips=slips,
        slip_re=re.compile("^(?P<slip>" + "|".join(map(re.escape, slips)) + r")\s*(?P<text>.*)$" if slips else "(?!)"),
    )


def spaced(text: str) -> str:
    """``text`` with every run of spaces (U+3000 too) as one space and none at the ends."""
    return " ".join(text.split())


def is_heading(part: str, *, numbered: bool = False) -> Callable[[str], bool]:
    """Whether a line is the heading of ``part``; ``numbered`` accepts it printed as a chapter too
    (the Japanese translation's table of contents lists "10. 用語集")."""
    headings = vocabulary().headings[part]

    def test(text: str) -> bool:
        if spaced(text) in headings:
            return True
        match = CHAPTER_RE.match(text.strip()) if numbered else None
        return bool(match and spaced(match["title"]) in headings)

    return test


def is_introduction(text: str) -> bool:
    """An introduction heading, or the introduction printed as chapter 0 ("0. はじめに")."""
    if is_heading("introduction")(text):
        return True
    match = CHAPTER_RE.match(text)
    return bool(match and match["number"] == "0" and is_heading("introduction")(match["title"]))


@dataclass
class Layout:
    """Where each part of the document starts, as indexes into the line list.

    Fields are in document order, except that the introduction may come after the table of
    contents; a part ends where the next present part starts and the last one runs to the end
    of the file.
    """

    introduction: int | None
    contents: int | None
    body: int
    glossary: int | None
    credits: int | None
    # The index of terms to rule numbers that editions of 1999 print after the glossary.
    index: int | None = None

    def parts(self, size: int) -> dict[str, slice]:
        # The introduction may follow the table of contents (the Japanese translation's chapter 0).
        present = sorted((start, name) for name, start in vars(self).items() if start is not None)
        starts = {name: start for start, name in present}
        ends = [*list(starts.values())[1:], size]
        return {name: slice(start, end) for (name, start), end in zip(starts.items(), ends, strict=True)}


def detect(source: SourceText) -> bool:
    """Whether the file starts like the Comprehensive Rules.

    Looks for ``1. …`` directly followed by ``100. …`` near the top, together
    with either the effective-date sentence or rule ``100.1.`` right after them.
    """
    head = LINE_BREAK_RE.split(source.text[:DETECT_CHARS])[:DETECT_LINES]
    # Rule lines framing the headings (1999-04) are left out, and a section may be indented (1999-11).
    lines = [line.rstrip() for line in head if line.strip() and not DECORATION_RE.match(line)]
    starts = [
        index
        for index, line in enumerate(lines[:-1])
        if FIRST_CHAPTER_RE.match(line) and FIRST_SECTION_RE.match(lines[index + 1].lstrip())
    ]
    if not starts:
        return False
    if any(editions.looks_like_statement(line) for line in lines[:5]):
        return True
    return any(index + 2 < len(lines) and FIRST_RULE_RE.match(lines[index + 2]) for index in starts)


def refusal(source: SourceText) -> ParseError | None:
    """Why a file that no format reads is not the Comprehensive Rules, when it is a known neighbour:
    the rulings summary of the Fifth Edition rules (1999), whose sections are "A.1 - General Rulings
    on Abilities", not numbered rules. None for any other file."""
    head = LINE_BREAK_RE.split(source.text[:DETECT_CHARS])[:DETECT_LINES]
    sections = [(number, line.strip()) for number, line in enumerate(head, start=1) if SUMMARY_SECTION_RE.match(line)]
    if len(sections) < SUMMARY_SECTIONS or any(FIRST_RULE_RE.match(line) for line in head):
        return None
    line, first = sections[0]
    return ParseError(
        f"not the Comprehensive Rules but a rulings summary: its sections are lettered ({first!r}), "
        "with no numbered rules such as '100.1.'",
        path=source.path,
        line=line,
    )


def parse(source: SourceText) -> ParseResult:
    """Read every part of the document; finish() is left to the caller."""
    result = ParseResult(format=FORMAT)
    report = result.report
    # Trailing spaces carry no meaning; leading ones mark continuation lines.
    lines = undoubled([(number, text.rstrip()) for number, text in source.numbered()], report)
    parts = find_layout(lines, source.path).parts(len(lines))
    front_matter = lines[: min(part.start for part in parts.values())]

    read_front_matter(front_matter, result)
    if "introduction" in parts:
        parse_introduction(lines[parts["introduction"]], result)
    if "contents" in parts:
        skip_contents(lines[parts["contents"]], report)
    wrapped = parse_body(lines[parts["body"]], result)
    if "glossary" in parts:
        parse_glossary(lines[parts["glossary"]], result, wrapped=wrapped)
    else:
        report.warn(lines[-1][0], "no glossary after the rules")
    if "index" in parts:
        skip_part(lines[parts["index"]], report, "index")
    if "credits" in parts:
        skip_part(lines[parts["credits"]], report, "credits")
    result.edition = read_edition(front_matter, report)
    result.term_pairs = term_pairs(result)
    return result


def undoubled(lines: Lines, report: ParseReport) -> Lines:
    """The lines of a file whose every line break was doubled (2016-08-26: each CR LF became two LFs,
    so every line is followed by a blank one and a paragraph break is three), with one blank line of
    each run left out; the others as they are. Known by no two non-blank lines being adjacent and every
    run of blank lines being odd; the line numbers stay the file's."""
    runs: list[int] = []
    run = 0
    seen = False
    for _, text in lines:
        if text.strip():
            if seen:
                runs.append(run)
            seen, run = True, 0
        else:
            run += 1
    if len(runs) < DOUBLED_MIN_LINES or any(run % 2 == 0 for run in runs):
        return lines
    report.warn(
        lines[0][0], "every line break is doubled (each line is followed by a blank line); read with one of each"
    )
    kept: Lines = []
    run = 0
    for number, text in lines:
        if text.strip():
            run = 0
            kept.append((number, text))
        else:
            run += 1
            if run % 2 == 0:
                kept.append((number, text))
    return kept


def find_layout(lines: Lines, path: str) -> Layout:
    """Locate the parts; raise ParseError when there is no rules body.

    The body starts at the first ``1. …`` chapter heading that rules follow (``100. …`` and then
    ``100.1. …``): a table of contents lists the same heading without rules after it. Some
    editions print the first chapter under another name in the table of contents than in the
    body, and an edition may have a table of contents without its heading: the lines from its
    first chapter heading to the body are then the table of contents all the same.
    """
    first_chapter = first_index(lines, 0, is_first_chapter)
    if first_chapter is None:
        raise ParseError("no chapter heading such as '1. Game Concepts' found", path=path)
    body = next((index for index in range(first_chapter, len(lines)) if starts_rules(lines, index)), None)
    contents = first_index(lines, 0, is_heading("contents"), stop=body)
    if body is None:
        if contents is not None:
            heading = lines[first_chapter][1]
            raise ParseError(
                f"no rules body: the chapter heading {heading!r} appears only in the table of contents",
                path=path,
                line=lines[first_chapter][0],
            )
        body = first_chapter
    if contents is None and first_chapter < body:
        contents = first_chapter
    front_end = body if contents is None else contents
    introduction = first_index(lines, 0, is_introduction, stop=front_end)
    if introduction is None and contents is not None:
        introduction = introduction_after_contents(lines, contents + 1, body)
    glossary = first_index(lines, body + 1, is_heading("glossary", numbered=True))
    after = body if glossary is None else glossary
    credits = first_index(lines, after + 1, is_heading("credits", numbered=True))
    index = None if glossary is None else find_index(lines, glossary + 1, credits)
    return Layout(introduction, contents, body, glossary, credits, index)


def find_index(lines: Lines, start: int, stop: int | None) -> int | None:
    """The heading of 1999's index ("Index"), known by the entry after it ("Abilities, 402"); only
    English editions of 1999 print one, so its heading is not in every language's data."""
    for index in range(start, len(lines) if stop is None else stop):
        if lines[index][1].strip() in INDEX_HEADINGS:
            following = (text for _, text in lines[index + 1 : index + 6] if text.strip())
            if INDEX_ENTRY_RE.match(next((text for text in following if not DECORATION_RE.match(text)), "")):
                return index
    return None


def introduction_after_contents(lines: Lines, start: int, body: int) -> int | None:
    """The introduction printed between the table of contents and the rules ("0. はじめに" and its
    paragraphs): the last introduction heading there that a paragraph, not a heading, follows (the
    table of contents lists the same heading, followed by the next chapter's)."""
    for index in range(body - 1, start - 1, -1):
        if is_introduction(lines[index][1].strip()):
            following = next((text.strip() for _, text in lines[index + 1 : body] if text.strip()), "")
            if following and not (CHAPTER_RE.match(following) or SECTION_RE.match(following)):
                return index
            return None
    return None


def starts_rules(lines: Lines, index: int) -> bool:
    """Whether ``lines[index]`` is chapter 1 followed by a section and a numbered rule."""
    if not is_first_chapter(lines[index][1].strip()):
        return False
    following = (
        text.strip() for _, text in lines[index + 1 : index + 40] if text.strip() and not DECORATION_RE.match(text)
    )
    section, rule = next(following, ""), next(following, "")
    return bool(SECTION_RE.match(section) and NUMBERED_RE.match(rule))


def is_first_chapter(text: str) -> bool:
    match = CHAPTER_RE.match(text)
    return bool(match and match["number"] == "1")


def first_index(lines: Lines, start: int, test: Callable[[str], bool], stop: int | None = None) -> int | None:
    """Index of the first line from ``start`` (before ``stop``) whose text passes."""
    for index in range(start, len(lines) if stop is None else stop):
        if test(lines[index][1].strip()):
            return index
    return None


def read_front_matter(lines: Lines, result: ParseResult) -> None:
    """The title line and the effective-date line come before the introduction; an edition
    whose introduction has no heading prints its paragraphs here, and they become notes.

    Editions of 1999 print more here: a title over two lines in capitals ("COMPREHENSIVE" /
    "RULES"), the publisher's addresses under "Questions?" (skipped as contact information), and the
    text conversion of the Word document a dated banner ("COMPREHENSIVE RULES 04/23/99") and the
    converter's notes (skipped as notes of the conversion)."""
    report = result.report
    title_seen = banner = contacts = False
    rest: Lines = []
    # Whether the line before was the title's (a title may go on in capitals on the next line).
    after_title = False
    for number, text in lines:
        stripped = text.strip()
        if after_title and stripped.isupper() and not DECORATION_RE.match(text):
            report.skip(number, text, "document title")
            continue
        after_title = False
        if not stripped:
            rest.append((number, text))
        elif DECORATION_RE.match(text):
            report.skip(number, text, "rule line")
        elif contacts or stripped in CONTACT_HEADINGS:
            report.skip(number, text, "contact information")
            contacts = True
        elif not title_seen and editions.read_revision(text):
            # "マジック総合ルール(和訳 20260116.0 版)": the title names the translation's version.
            report.skip(number, text, "document title and translation version")
            title_seen = True
        elif editions.looks_like_statement(text):
            report.skip(number, text, "edition statement")
        elif not title_seen:
            report.skip(number, text, "document title")
            title_seen = after_title = True
            banner = bool(BANNER_RE.match(stripped))
        elif banner:
            report.skip(number, text, "note of the text conversion")
        else:
            rest.append((number, text))
    for paragraph in paragraphs_of(rest):
        text = "\n".join(text.strip() for _, text in paragraph)
        result.entries.append(ParsedEntry(kind=NOTE, number="", text=text, line=paragraph[0][0]))


def parse_introduction(lines: Lines, result: ParseResult) -> None:
    """Each paragraph becomes a note; the first note carries the heading as title."""
    heading_line, heading = lines[0]
    title = heading.strip()
    content: Lines = []
    for number, text in lines[1:]:
        if text.strip() and DECORATION_RE.match(text):
            result.report.skip(number, text, "rule line")
            text = ""
        content.append((number, text))
    paragraphs = paragraphs_of(content)
    if not paragraphs:
        paragraphs = [[(heading_line, "")]]
    for paragraph in paragraphs:
        text = "\n".join(text.strip() for _, text in paragraph)
        result.entries.append(ParsedEntry(kind=NOTE, number="", title=title, text=text, line=paragraph[0][0]))
        title = ""


def paragraphs_of(lines: Lines) -> list[Lines]:
    """Runs of non-blank lines separated by blank (or space-only) lines."""
    paragraphs: list[Lines] = []
    current: Lines = []
    for number, text in lines:
        if text.strip():
            current.append((number, text))
        elif current:
            paragraphs.append(current)
            current = []
    if current:
        paragraphs.append(current)
    return paragraphs


def skip_contents(lines: Lines, report: ParseReport) -> None:
    """The table of contents; the document title printed again after it is skipped as a title."""
    is_title = is_heading("title")
    for number, text in lines:
        if text.strip():
            report.skip(number, text, "document title" if is_title(text) else "table of contents")


def skip_part(lines: Lines, report: ParseReport, reason: str) -> None:
    for number, text in lines:
        if text.strip():
            report.skip(number, text, reason)


def parse_body(lines: Lines, result: ParseResult) -> bool:
    """Headings, rules, subrules, their examples and continuation lines; whether the body is wrapped.

    Two layouts: a paragraph per line (2004 on), where a line that is not an entry or an example
    continues the entry it follows; and wrapped text (1999–2004, :func:`is_wrapped`), where an entry
    starts only after a blank line and every other line goes on with the paragraph it follows (a
    line that starts with a rule number there is a citation wrapped onto it: "see rule" / "212.2c).").
    """
    report = result.report
    wrapped = is_wrapped(lines)
    # The rule or subrule that examples and continuation lines belong to, the last rule and section.
    current: ParsedEntry | None = None
    rule = section = ""
    chapter = ""
    # Whether the line starts a paragraph (follows a blank line), and that paragraph's indentation.
    starts_paragraph, margin = True, 0
    # Whether the line before went into an entry (a line after an unplaced one does not go on from it).
    placed = False
    for number, text in lines:
        if not text.strip():
            starts_paragraph = True
            continue
        if DECORATION_RE.match(text):
            report.skip(number, text, "rule line")
            starts_paragraph = True
            continue
        if STRAY_RE.match(text):
            report.skip(number, text, "stray character")
            report.warn(number, f"a line holding only {text.strip()!r} is a stray character; skipped")
            continue
        indent = len(text) - len(text.lstrip())
        opens, starts_paragraph = starts_paragraph, False
        if opens:
            margin = indent
        entry = None
        if opens or not wrapped:
            entry = read_entry(number, text, (rule, section, chapter), report, warn=not wrapped)
        if entry is not None:
            result.entries.append(entry)
            current = entry if entry.kind in (RULE, SUBRULE) else None
            if entry.kind != SUBRULE:
                rule = entry.number if entry.kind == RULE else ""
            if entry.kind in (SECTION, CHAPTER):
                section = entry.number if entry.kind == SECTION else ""
            if entry.kind == CHAPTER:
                chapter = entry.number
            placed = True
            continue
        example = read_example(number, text, report)
        if example is not None and current is not None:
            current.examples.append(example)
        elif example is not None or current is None:
            report.unplace(number, text)
            placed = False
            continue
        elif wrapped and not opens:
            append_continuation(current, text.strip(), wrap=indent <= margin)
        elif text[0].isspace():
            append_continuation(current, text.strip())
        elif not wrapped and not opens and placed and not UNKNOWN_LABEL_RE.match(text):
            # A paragraph printed on the line after its entry's (2002-10 and 2003-03, after an example).
            append_continuation(current, text.strip())
        else:
            report.unplace(number, text)
            placed = False
            continue
        placed = True
    mend_numbers(result.entries, report)
    return wrapped


def mend_numbers(entries: list[ParsedEntry], report: ParseReport) -> None:
    """Read two official typos in numbers as the numbers meant, warned: a rule printed with another
    number than its subrules name ("505.54." followed by 505.5a and 505.5b, no rule 505.5: 2010-06),
    then a subrule whose rule does not exist, printed where the next subrule of the rule before is due
    ("432.2b" after 423.2a, no rule 432.2: 2006-10 to 2007-09)."""
    numbers = {entry.number for entry in entries if entry.kind in (RULE, SUBRULE)}
    with_subrules = {entry.number.rstrip(LETTERS) for entry in entries if entry.kind == SUBRULE}
    for index, entry in enumerate(entries):
        if entry.kind != RULE or entry.number in with_subrules:
            continue
        following = next((item for item in entries[index + 1 :] if item.kind in (RULE, SUBRULE)), None)
        if following is None or following.kind != SUBRULE:
            continue
        meant = following.number.rstrip(LETTERS)
        if meant not in numbers and meant.split(".")[0] == entry.number.split(".")[0]:
            report.warn(
                entry.line,
                f"rule {meant} is printed as {entry.number!r}, the number its subrules name; read as {meant}",
            )
            numbers.discard(entry.number)
            entry.number = meant
            numbers.add(meant)
    previous: ParsedEntry | None = None
    for entry in entries:
        if entry.kind not in (RULE, SUBRULE):
            continue
        rule = entry.number.rstrip(LETTERS)
        if entry.kind == SUBRULE and rule not in numbers and previous is not None:
            before = previous.number.rstrip(LETTERS)
            due = chr(ord(previous.number[-1]) + 1) if previous.kind == SUBRULE else "a"
            letters = entry.number[len(rule) :]
            if letters == due and before in numbers and f"{before}{letters}" not in numbers:
                report.warn(
                    entry.line,
                    f"subrule {before}{letters} is printed as {entry.number!r} (there is no rule {rule}; it follows"
                    f" {previous.number}); read as {before}{letters}",
                )
                entry.number = f"{before}{letters}"
                numbers.add(entry.number)
        previous = entry


def is_wrapped(lines: Lines) -> bool:
    """Whether the body is wrapped text: no line longer than ``WRAP_WIDTH``, and more lines that go on
    from the non-blank line before them (other than examples) than lines that start a paragraph."""
    if max((len(text) for _, text in lines), default=0) > WRAP_WIDTH:
        return False
    going_on = starting = 0
    previous = ""
    for _, text in lines:
        stripped = "" if DECORATION_RE.match(text) else text.strip()
        if stripped and not previous:
            starting += 1
        elif stripped and not vocabulary().example_re.match(stripped):
            going_on += 1
        previous = stripped
    return going_on > starting


def read_entry(
    line: int, text: str, where: tuple[str, str, str], report: ParseReport, *, warn: bool
) -> ParsedEntry | None:
    """The entry a line starts, if any, ``where`` being the current rule, section and chapter. An
    indented line starts one only where it belongs (a rule of the current section, a section of the
    current chapter): ``warn`` says the indentation is a slip (" 509.1c" in 2009), not the layout
    (subrules indented in 1999, sections in 1999-11)."""
    rule, section, chapter = where
    stripped = text.strip()
    indented = text[0].isspace()
    # An indented line's typo warnings count only if it is read as an entry.
    heard = ParseReport() if indented else report
    entry = (
        read_spaced_subrule(line, stripped, rule, heard)
        or read_ruleless_subrule(line, stripped, rule, heard)
        or read_spaced_number(line, stripped, section, heard)
        or read_numbered(line, stripped, heard)
        or read_heading(line, stripped)
    )
    if entry is None or not indented:
        return entry
    if entry.kind in (RULE, SUBRULE) and entry.number.split(".")[0] == section:
        report.warnings.extend(heard.warnings)
        if warn:
            report.warn(line, f"{entry.kind} {entry.number} is printed indented; read as {entry.kind} {entry.number}")
        return entry
    if entry.kind == SECTION and chapter and entry.number[:-2] == chapter:
        return entry
    return None


def read_ruleless_subrule(line: int, text: str, rule: str, report: ParseReport) -> ParsedEntry | None:
    """A subrule of ``rule`` printed without the rule's number (``408.f`` after 408.2e), warned."""
    match = RULELESS_SUBRULE_RE.match(text)
    if match is None or not rule or rule.split(".")[0] != match["section"]:
        return None
    number = rule + match["letters"]
    printed = f"{match['section']}.{match['letters']}"
    report.warn(line, f"subrule {number} is printed without its rule's number ({printed!r}); read as {number}")
    return ParsedEntry(kind=SUBRULE, number=number, text=match["text"], line=line)


def read_spaced_number(line: int, text: str, section: str, report: ParseReport) -> ParsedEntry | None:
    """A rule or subrule of ``section`` printed with a space after the section's period (``606. 8b``)."""
    match = SPACED_NUMBER_RE.match(text)
    if match is None or match["section"] != section:
        return None
    number = f"{section}.{match['rest']}"
    kind = SUBRULE if match["letters"] else RULE
    printed = f"{section}. {match['rest']}"
    report.warn(line, f"{kind} {number} is printed with a space after {section}. ({printed!r}); read as {number}")
    return ParsedEntry(kind=kind, number=number, text=match["text"], line=line)


def read_numbered(line: int, text: str, report: ParseReport) -> ParsedEntry | None:
    """A rule (``100.1. text``) or subrule (``100.1a text``), typos reported."""
    match = NUMBERED_RE.match(text)
    if match is None:
        return None
    number = match["number"]
    kind = SUBRULE if match["letters"] else RULE
    printed = text.split(maxsplit=1)[0]
    if kind == SUBRULE and match["period"]:
        report.warn(
            line,
            f"subrule {number} is printed with a stray period ({printed!r}); read as subrule {number}",
        )
    if kind == RULE and not match["period"]:
        report.warn(
            line,
            f"rule {number} is printed without the period after its number ({printed!r}); read as rule {number}",
        )
    if match["text"] and not match["space"]:
        report.warn(
            line,
            f"{kind} {number} has no space between its number and its text ({printed!r}); read as {kind} {number}",
        )
    if not match["text"]:
        report.warn(line, f"{kind} {number} has no text")
    return ParsedEntry(kind=kind, number=number, text=match["text"], line=line)


def read_spaced_subrule(line: int, text: str, rule: str, report: ParseReport) -> ParsedEntry | None:
    """A subrule of ``rule`` printed with a space before its letter (``701.23 b text``), warned."""
    match = SPACED_SUBRULE_RE.match(text)
    if match is None or match["rule"] != rule:
        return None
    number = match["rule"] + match["letters"]
    printed = f"{match['rule']} {match['letters']}"
    report.warn(line, f"subrule {number} is printed with a space before its letter ({printed!r}); read as {number}")
    if not match["text"]:
        report.warn(line, f"{SUBRULE} {number} has no text")
    return ParsedEntry(kind=SUBRULE, number=number, text=match["text"] or "", line=line)


def read_heading(line: int, text: str) -> ParsedEntry | None:
    """A chapter (``1. Game Concepts``) or section (``100. General``) heading."""
    for kind, pattern in ((SECTION, SECTION_RE), (CHAPTER, CHAPTER_RE)):
        if match := pattern.match(text):
            return ParsedEntry(
                kind=kind,
                number=match["number"],
                title=match["title"],
                text="",
                line=line,
            )
    return None


def read_example(line: int, text: str, report: ParseReport) -> ParsedExample | None:
    """An ``Example: …`` / ``例如：…`` line, without its label (some editions indent it)."""
    text = text.lstrip()
    words = vocabulary()
    if match := words.example_re.match(text):
        return ParsedExample(text=match["text"], line=line)
    if match := words.slip_re.match(text):
        slip = match["slip"]
        report.warn(line, f"example labelled {slip!r} instead of {words.slips[slip]!r}; read as an example")
        return ParsedExample(text=match["text"], line=line)
    return None


def append_continuation(entry: ParsedEntry, text: str, *, wrap: bool = False) -> None:
    """A paragraph continues the entry, or its last example if it has one; a wrapped line (``wrap``)
    goes on with the paragraph it follows."""
    if entry.examples:
        entry.examples[-1].text = joined(entry.examples[-1].text, text, wrap=wrap)
    else:
        entry.text = joined(entry.text, text, wrap=wrap)


def joined(text: str, more: str, *, wrap: bool) -> str:
    """``more`` after ``text``: a new paragraph, or the same one (a word hyphenated at the end of a
    wrapped line, "comes-into-" / "play", keeps its hyphen and no space)."""
    if not wrap:
        return text + "\n" + more
    if not text:
        return more
    if text.endswith("-") and text[-2:-1].isalpha():
        return text + more
    return text + " " + more


def parse_glossary(lines: Lines, result: ParseResult, *, wrapped: bool = False) -> None:
    """The heading line, then blank-separated blocks: a term and its definition.

    Older glossaries print more than one block for a term: a paragraph indented under it (1999), and a
    list under a caption ("Expansions and Editions", then one indented line per set, 2001–2003): a
    block that starts indented, or a caption line followed by one, goes on with the term before it.
    ``wrapped`` (the rules are wrapped, 1999–2004) joins a definition's wrapped lines into paragraphs.
    """
    report = result.report
    heading_line, heading = lines[0]
    report.skip(heading_line, heading, "glossary heading")
    content: Lines = []
    for number, text in lines[1:]:
        if text.strip() and DECORATION_RE.match(text):
            report.skip(number, text, "rule line")
            text = ""
        content.append((number, text))
    blocks = paragraphs_of(content)
    omitted = False
    for index, block in enumerate(blocks):
        if is_heading("omitted")(block[0][1]):
            # A translation that leaves its glossary out says so ("<생략>", "omitted").
            report.skip(block[0][0], block[0][1], "glossary omitted in this translation")
            omitted, block = True, block[1:]
        if omitted and block and any(LEGAL_RE.search(text) for _, text in block):
            skip_part(block, report, "legal notice")
        elif omitted:
            for number, text in block:
                report.unplace(number, text)
        elif result.glossary and goes_on(block, blocks[index + 1] if index + 1 < len(blocks) else None, result):
            item = result.glossary[-1]
            item.definition += "\n" + definition_of(block, wrapped=wrapped)
            item.rules = rules_cited(item.definition)
        else:
            result.glossary.append(glossary_entry(block, report, wrapped=wrapped))


def goes_on(block: Lines, following: Lines | None, result: ParseResult) -> bool:
    """Whether a glossary block continues the term before it: it starts indented, it is the next
    numbered sense of a term whose definition starts with "1." (1999-11 prints a blank line between
    senses), or it is one line (a caption) that an indented block follows."""
    first = block[0][1]
    if first[:1].isspace():
        return True
    sense = SENSE_RE.match(first)
    if sense and f"\n{int(sense['number']) - 1}. " in "\n" + result.glossary[-1].definition:
        return True
    return len(block) == 1 and following is not None and following[0][1][:1].isspace()


def glossary_entry(block: Lines, report: ParseReport, *, wrapped: bool = False) -> ParsedGlossaryEntry:
    line, term = block[0]
    definition = definition_of(block[1:], wrapped=wrapped)
    if not definition:
        report.warn(line, f"glossary term {term.strip()!r} has no definition")
    return ParsedGlossaryEntry(term=term.strip(), definition=definition, line=line, rules=rules_cited(definition))


def definition_of(lines: Lines, *, wrapped: bool) -> str:
    """The lines of a definition, a paragraph per line; ``wrapped``: a line goes on with the one before
    unless it is indented further than the first, an example or a numbered sense ("2. Untap is …")."""
    text = ""
    margin = len(lines[0][1]) - len(lines[0][1].lstrip()) if lines else 0
    for index, (_, line) in enumerate(lines):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        new_paragraph = (
            not wrapped or indent > margin or vocabulary().example_re.match(stripped) or CHAPTER_RE.match(stripped)
        )
        text = stripped if index == 0 else joined(text, stripped, wrap=not new_paragraph)
    return text


def rules_cited(definition: str) -> list[str]:
    return list(dict.fromkeys(target for target, _ in xrefs.extract(definition)))


def term_pairs(result: ParseResult) -> list[ParsedTermPair]:
    """Every term printed with a gloss ("毒カウンター／poison counter"), once, in source order: in
    headings and glossary terms (a whole name), rule texts, examples and glossary definitions. A pair
    printed again with the gloss in other capitals ("毒カウンター／Poison Counter") is the same pair."""
    found: dict[tuple[str, str], ParsedTermPair] = {}

    def add(pairs: list[tuple[str, str]], line: int) -> None:
        for term, gloss in pairs:
            found.setdefault((term, gloss.casefold()), ParsedTermPair(term, gloss, line))

    for entry in result.entries:
        if entry.title:
            pair = glosses.whole(entry.title)
            add([pair] if pair else glosses.extract(entry.title), entry.line)
        add(glosses.extract(entry.text), entry.line)
        for example in entry.examples:
            add(glosses.extract(example.text), example.line)
    for item in result.glossary:
        pair = glosses.whole(item.term)
        add([pair] if pair else glosses.extract(item.term), item.line)
        add(glosses.extract(item.definition), item.line)
    return sorted(found.values(), key=lambda pair: pair.line)


def read_edition(lines: Lines, report: ParseReport) -> EditionStatement | None:
    """The effective-date statement of the front matter; warn when unreadable."""
    statement = editions.find_statement(lines)
    if statement is not None and statement.date is not None:
        return statement
    if statement is None and (banner := read_banner(lines)) is not None:
        return banner
    for number, text in lines:
        if editions.looks_like_statement(text):
            report.warn(number, f"cannot read the effective date in {text.strip()!r}")
            return statement
    report.warn(lines[0][0] if lines else 1, "no effective-date statement found")
    return statement


def read_banner(lines: Lines) -> EditionStatement | None:
    """The date of the dated banner that stands for the title in 1999-04 ("COMPREHENSIVE RULES
    04/23/99", month first; a year of two digits is of the 1900s from 90 on)."""
    for number, text in lines:
        if match := BANNER_RE.match(text.strip()):
            year = int(match["year"])
            if year < 100:
                year += 1900 if year >= 90 else 2000
            date = editions.make_date(year, int(match["month"]), int(match["day"]))
            if date is not None:
                return EditionStatement(name="", date=date, line=number, text=" ".join(text.split()))
    return None
