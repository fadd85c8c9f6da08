"""«Берсерк. Герои» full rules as Markdown converted from the official DOCX ("berserk-md").

What the converter left us (see ``SOURCES.md``):

- parts ``# Часть 1. Основные принципы игры…`` (chapters), sections ``## 101\\. Общие
  сведения об игре`` (the dot escaped; ``302.Этап`` and a few plain paragraphs too);
- rules ``### 101.1. …``, ``##### 107.1.1. …``: the heading level means nothing, the
  dotted number does (one dot: rule, more: subrule). 19 rules are plain paragraphs and
  a few lack the final period (``116.3 При…``);
- ``ПРИМЕР.`` / ``ПРИМЕР:`` paragraphs (once as a ``####`` heading): examples;
- lists, tables and unnumbered paragraphs (some as headings: ``### 1) Игрок…``):
  the text of the rule above them;
- front matter: title lines, «Разработчики» and «Вступление» (notes), «Оглавление»
  (a table of contents, skipped);
- Part 7 «Терминология»: ``**Термин.** определение`` glossary paragraphs;
- Part 8: cards that are created or placed during play (``**Яйцо.** Нейтральное
  существо…``), grouped under ``1. **Созданный - Модули**``. They are card texts, not
  terms, so they are kept as notes of chapter 8, titled with the card's name.

Titles and glossary terms are plain text. Texts (rules, examples, notes, definitions) keep the
document's structure in the small markup of ``rulesref.rules.markup``: list items stay lines
starting "- " (or "1. "), table rows stay "| … |" lines, emphasis becomes ``*…*`` and bold
``**…**``, and an inline icon (a base64 ``![](data:…)`` or ``![](image)``, none with alt text)
becomes ``[image]``. Escapes, entities, ``<br>`` and hard line breaks are undone. A heading stores
its title only (its text is empty), a created card its name as title and the rest of its line
as text. The title page's line of pictures (39 icons, no text) is skipped with its reason.
"""

from __future__ import annotations

import dataclasses
import html
import re

from . import editions, xrefs
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
    ParseError,
    ParseResult,
)
from .source import SourceText

FORMAT = "berserk-md"
# Entry texts keep the Markdown structure in the subset of ``rulesref/rules/markup.py``.
MARKUP = True
GAME = "berserk"
# A file of this format states its own edition (date) and language: quickstart imports it as it is.
STATES_EDITION = True

# Regions of the document, in order.
FRONT = "front matter"
CONTENTS = "table of contents"
BODY = "rules"
GLOSSARY = "glossary"
CARDS = "created cards"

CONTENTS_TITLE = "Оглавление"
GLOSSARY_TITLE = "Терминология"
CARDS_TITLE_WORD = "Созданный"

IMAGE_PLACEHOLDER = "[image]"
IMAGE_RE = re.compile(r"!\[(?P<alt>[^\]]*)\]\([^)]*\)")
IMAGES_ONLY_RE = re.compile(r"^(?:\s*!\[\s*\]\([^)]*\))+\s*$")
# A backslash escape keeps its character; emphasis markers go (plain) or become the markup's.
ESCAPE_OR_EMPHASIS_RE = re.compile(r"\\([!-/:-@\[-`{-~])|\*\*|__|\*|_")
ENTITY_RE = re.compile(r"&(?:[a-z]+|#\d+);")
BREAKS_RE = re.compile(r"\s*(?:<br\s*/?>\s*)+", re.IGNORECASE)
HEADING_MARK_RE = re.compile(r"^#{1,6}\s+")

PART_HEADING_RE = re.compile(r"^#\s+(?P<text>.+)$")
CHAPTER_RE = re.compile(r"^Часть\s+(?P<number>\d+)\.\s*(?P<title>.+)$")
CONTENTS_LINK_RE = re.compile(r"^\[.+\]\(#_Toc\d+\)$")
SECTION_RE = re.compile(r"^(?:#{1,6}\s+)?(?P<number>\d{3})\\?\.(?!\d)\s*(?P<title>.+)$")
RULE_RE = re.compile(r"^(?:#{1,6}\s+)?(?P<number>\d{3}(?:\\?\.\d+)+)\\?\.?(?:\s+(?P<text>.*))?$")
EXAMPLE_RE = re.compile(r"^(?:#{1,6}\s+)?ПРИМЕР[.:]\s*(?P<text>.*)$")
TABLE_ROW_RE = re.compile(r"^\|.*\|$")
TABLE_DELIMITER_RE = re.compile(r"^\|(?:\s*:?-{3,}:?\s*\|)+$")
CARD_GROUP_RE = re.compile(r"^\d+\.\s+\*\*(?P<name>[^*]+)\*\*$")
BOLD_RUN_RE = re.compile(r"\*\*(.+?)\*\*")
# A term's period outside its bold: "**Амулет**." or "**Не может … (Нельзя** …).".
TERM_TAIL_RE = re.compile(r"^[^.*]{0,4}\.(?=\s|$)")
# Leading bold runs joined by a short word belong to one term: "**Дар жизни,** или **Дар жизни X**".
TERM_JOINER_MAX = 5
# A rule number cited in a glossary definition, whatever words precede it ("пункт 309.1").
EDITION_NAME_RE = re.compile(r"^[^\W\d_][\w\s-]*\bредакция$", re.IGNORECASE)

DETECT_PART_RE = re.compile(r"^# Часть \d+\.", re.MULTILINE)
DETECT_SECTION_RE = re.compile(r"^#{1,6} \d{3}\\?\.", re.MULTILINE)

Paragraph = ParsedEntry | ParsedExample | ParsedGlossaryEntry


@dataclasses.dataclass
class Reader:
    """Where the parser is: the region, the front-matter heading and the open paragraph."""

    result: ParseResult
    region: str = FRONT
    front_title: str = ""
    # What an unnumbered line continues; None right after a heading.
    current: Paragraph | None = None
    # True when a blank line came before this one.
    new_paragraph: bool = True


def detect(source: SourceText) -> bool:
    return bool(DETECT_PART_RE.search(source.text) and DETECT_SECTION_RE.search(source.text))


def parse(source: SourceText) -> ParseResult:
    lines = source.numbered()
    reader = Reader(ParseResult(format=FORMAT))
    reader.result.edition = read_edition(lines)
    for number, raw in lines:
        text = raw.strip()
        read_line(reader, number, text)
        reader.new_paragraph = not text
    if not any(entry.kind in (RULE, SUBRULE) for entry in reader.result.entries):
        raise ParseError(
            "no numbered rule such as '### 101.1. …' found",
            path=source.path,
            line=len(lines) or None,
        )
    return reader.result


def read_line(reader: Reader, number: int, raw: str) -> None:
    """Place one line: the first matching reader wins."""
    if not raw:
        return
    if TABLE_DELIMITER_RE.match(raw):
        reader.result.report.skip(number, raw, "markdown table delimiter row")
        return
    if IMAGES_ONLY_RE.match(raw):
        reader.result.report.skip(number, raw, "pictures without text")
        return
    if match := PART_HEADING_RE.match(raw):
        read_part_heading(reader, number, raw, match["text"])
    elif reader.region == CONTENTS:
        read_contents_line(reader, number, raw)
    elif match := SECTION_RE.match(raw):
        reader.current = None
        add_entry(reader, SECTION, match["number"], "", number, title=clean(match["title"]))
    elif match := RULE_RE.match(raw):
        rule_number = match["number"].replace("\\", "")
        kind = RULE if rule_number.count(".") == 1 else SUBRULE
        reader.current = add_entry(reader, kind, rule_number, markup(match["text"] or ""), number)
    elif match := EXAMPLE_RE.match(raw):
        read_example(reader, number, raw, markup(match["text"]))
    elif reader.region == GLOSSARY and raw.startswith("**"):
        read_term(reader, number, raw)
    elif reader.region == CARDS and (raw.startswith("**") or CARD_GROUP_RE.match(raw)):
        read_card(reader, number, raw)
    else:
        read_text(reader, number, raw)


def read_part_heading(reader: Reader, number: int, raw: str, text: str) -> None:
    """``# Часть 1. …`` starts a chapter; other ``#`` headings are front matter."""
    reader.current = None
    text = clean(text)
    if text == CONTENTS_TITLE:
        reader.region = CONTENTS
        reader.result.report.skip(number, raw, "table of contents")
    elif match := CHAPTER_RE.match(text):
        title = match["title"]
        add_entry(reader, CHAPTER, match["number"], "", number, title=title)
        reader.region = part_region(title)
    else:
        reader.region = FRONT
        reader.front_title = text
        add_entry(reader, NOTE, "", "", number, title=text)


def part_region(title: str) -> str:
    if title.startswith(GLOSSARY_TITLE):
        return GLOSSARY
    if CARDS_TITLE_WORD in title:
        return CARDS
    return BODY


def read_contents_line(reader: Reader, number: int, raw: str) -> None:
    if CONTENTS_LINK_RE.match(raw):
        reader.result.report.skip(number, raw, "table of contents")
    else:
        reader.result.report.unplace(number, raw)


def read_example(reader: Reader, number: int, raw: str, text: str) -> None:
    """An example belongs to the entry before it; what follows it continues it."""
    if not reader.result.entries:
        reader.result.report.unplace(number, raw)
        return
    example = ParsedExample(text=text, line=number)
    reader.result.entries[-1].examples.append(example)
    reader.current = example


def read_term(reader: Reader, number: int, raw: str) -> None:
    term, definition = split_term(raw)
    entry = ParsedGlossaryEntry(term=term, definition=definition, line=number, rules=cited_rules(definition))
    reader.result.glossary.append(entry)
    reader.current = entry


def read_card(reader: Reader, number: int, raw: str) -> None:
    """Part 8: a group line (``1. **Созданный - Модули**``) or a card (``**Яйцо.** …``)."""
    if match := CARD_GROUP_RE.match(raw):
        reader.current = add_entry(reader, NOTE, "", "", number, title=clean(match["name"]))
    else:
        name, text = split_term(raw)
        reader.current = add_entry(reader, NOTE, "", text, number, title=name)


def read_text(reader: Reader, number: int, raw: str) -> None:
    """An unnumbered line: it continues the open paragraph or becomes a note.

    In the body every list, table and paragraph continues the rule (or example, or
    note) above it; right after a heading it opens a note. In the front matter each
    paragraph is its own note.
    """
    text = clean_block_line(raw)
    if reader.region == FRONT and reader.new_paragraph:
        reader.current = None
    if reader.current is None:
        if reader.region == GLOSSARY:
            reader.result.report.unplace(number, raw)
            return
        title = reader.front_title if reader.region == FRONT else ""
        reader.current = add_entry(reader, NOTE, "", text, number, title=title)
    else:
        append(reader.current, text)


def add_entry(reader: Reader, kind: str, number: str, text: str, line: int, *, title: str = "") -> ParsedEntry:
    entry = ParsedEntry(kind=kind, number=number, text=text, line=line, title=title)
    reader.result.entries.append(entry)
    return entry


def append(paragraph: Paragraph, text: str) -> None:
    if isinstance(paragraph, ParsedGlossaryEntry):
        paragraph.definition += "\n" + text
        paragraph.rules = cited_rules(paragraph.definition)
    else:
        paragraph.text = f"{paragraph.text}\n{text}" if paragraph.text else text


def clean(raw: str) -> str:
    """One line as plain text (titles, terms): icons, escapes, emphasis, entities, ``<br>`` undone."""
    return _undo(raw, lambda match: match[1] or "")


def markup(raw: str) -> str:
    """One line in the stored markup: emphasis as ``*…*`` / ``**…**``, a literal asterisk ``\\*``."""

    def mark(match: re.Match) -> str:
        if match[1] is not None:
            return "\\*" if match[1] == "*" else match[1]
        return "**" if len(match[0]) == 2 else "*"

    return _undo(raw, mark)


def _undo(raw: str, emphasis) -> str:
    text = IMAGE_RE.sub(lambda match: match["alt"].strip() or IMAGE_PLACEHOLDER, raw)
    text = ESCAPE_OR_EMPHASIS_RE.sub(emphasis, text)
    text = ENTITY_RE.sub(lambda match: html.unescape(match[0]), text)
    return BREAKS_RE.sub(" ", text).strip()


def clean_block_line(raw: str) -> str:
    """Clean a line of running text, a list item or a table row.

    Headings without a number (``### 1) Игрок…``) lose their ``#`` marks; table rows
    keep their ``|`` cells, trimmed.
    """
    if TABLE_ROW_RE.match(raw):
        cells = [markup(cell) for cell in raw[1:-1].split("|")]
        return "| " + " | ".join(cells) + " |"
    return markup(HEADING_MARK_RE.sub("", raw))


def split_term(raw: str) -> tuple[str, str]:
    """``**Амулет**. Класс карты…`` → ``("Амулет", "Класс карты…")``.

    The term is the leading bold text: one run ending with a period, or runs joined by
    a short word (``**Дар жизни,** или **Дар жизни X**``), plus a period just outside
    the bold (``**Амулет**.``, ``**Не может … (Нельзя** …).``).
    """
    end = 0
    for run in BOLD_RUN_RE.finditer(raw):
        if run.start() != end and len(raw[end : run.start()].strip()) > TERM_JOINER_MAX:
            break
        end = run.end()
        if run[1].rstrip().endswith("."):
            break
    head, rest = raw[:end], raw[end:]
    if not clean(head).endswith(".") and (tail := TERM_TAIL_RE.match(rest)):
        head, rest = head + tail[0], rest[tail.end() :]
    return clean(head).rstrip(" .,:"), markup(rest)


def cited_rules(definition: str) -> list[str]:
    """Rule numbers a definition cites («см. 107.2», «(пункт 309.1)»), in order, once each."""
    return list(dict.fromkeys(target for target, _ in xrefs.extract(definition)))


def read_edition(lines: list[tuple[int, str]]) -> EditionStatement | None:
    """«Дата публикации 31.05.2024», named after the title page's «… редакция» line."""
    statement = editions.find_statement(lines)
    if statement is None:
        return None
    for _, raw in lines[: statement.line]:
        if EDITION_NAME_RE.match(name := clean(raw)):
            return dataclasses.replace(statement, name=name)
    return statement
