"""«Берсерк. Герои» glossary as a Sphinx ``.. glossary::`` ("berserk-glossary-rst").

A glossary carries no rules: it is imported into an existing edition
(``rulesref.rules.services.edition_glossary_import``), never as an edition of its own. Layout
(``berserk_heroes_glossary_ru.rst`` in the corpora)::

    Глоссарий                          <- document title, then its "====" underline
    ============

    **А**                              <- a letter heading, then its "-----" underline
    -----
    .. glossary::                      <- the directive that opens each letter's block

      **Авангард Х.**                  <- a term: bold, indented, a final period
        :term:`Срабатывающая способность.` После розыгрыша …   <- its definition, indented more

A term line may carry text after the bold ("**Добывает.** [X] добывает [Y]."): it is the first
line of the definition. ``:term:`…``` roles (links to other terms) keep their text. Definitions
keep their lines ("\\n" between them) and list the rule numbers they cite.
"""

from __future__ import annotations

import re

from . import xrefs
from .base import ParsedGlossaryEntry, ParseError, ParseResult
from .source import SourceText

FORMAT = "berserk-glossary-rst"
GAME = "berserk"

UNDERLINE_RE = re.compile(r"^([=\-~^\"'`#*+])\1{2,}\s*$")
LETTER_RE = re.compile(r"^\*\*\S{1,2}\*\*\s*$")
DIRECTIVE_RE = re.compile(r"^\.\.\s+glossary::\s*$")
TERM_RE = re.compile(r"^(?P<indent>[ \t]+)\*\*(?P<term>[^*]+?)\*\*(?P<rest>.*)$")
ROLE_RE = re.compile(r":term:`(?P<text>[^`]*)`")

DETECT_RE = re.compile(r"^\.\.\s+glossary::\s*$", re.MULTILINE)
DETECT_TERM_RE = re.compile(r"^[ \t]+\*\*[^*\n]+\*\*", re.MULTILINE)


def detect(source: SourceText) -> bool:
    # A PDF is never a Sphinx source (and its text layer is not read for the question).
    return source.kind == "text" and bool(DETECT_RE.search(source.text) and DETECT_TERM_RE.search(source.text))


def parse(source: SourceText) -> ParseResult:
    result = ParseResult(format=FORMAT)
    report = result.report
    lines = source.numbered()
    term: ParsedGlossaryEntry | None = None
    term_indent = 0
    for index, (number, raw) in enumerate(lines):
        text = raw.rstrip()
        following = lines[index + 1][1] if index + 1 < len(lines) else ""
        if not text.strip():
            continue
        if UNDERLINE_RE.match(text):
            report.skip(number, text, "heading underline")
        elif UNDERLINE_RE.match(following) and not text[0].isspace():
            report.skip(number, text, "letter heading" if LETTER_RE.match(text) else "document title")
            term = None
        elif DIRECTIVE_RE.match(text.strip()):
            report.skip(number, text, "glossary directive")
            term = None
        elif match := TERM_RE.match(text):
            term = ParsedGlossaryEntry(term=term_of(match["term"]), definition="", line=number)
            term_indent = len(match["indent"].expandtabs())
            if match["rest"].strip():
                add_definition_line(term, match["rest"])
            result.glossary.append(term)
        elif term is not None and indent_of(text) > term_indent:
            add_definition_line(term, text)
        else:
            report.unplace(number, text)
    if not result.glossary:
        raise ParseError("no glossary term such as '  **Термин.**' found", path=source.path, line=len(lines) or None)
    first_line: dict[str, int] = {}
    for entry in result.glossary:
        if entry.term in first_line:
            report.warn(
                entry.line,
                f"glossary term {entry.term!r} is printed twice (first on line {first_line[entry.term]}); "
                "both entries are kept",
            )
        first_line.setdefault(entry.term, entry.line)
        if not entry.definition:
            report.warn(entry.line, f"glossary term {entry.term!r} has no definition")
        entry.rules = list(dict.fromkeys(target for target, _ in xrefs.extract(entry.definition)))
    return result


def term_of(bold: str) -> str:
    """``Авангард Х.`` → ``Авангард Х``: the final period (and spaces) are not part of the term."""
    return bold.strip().rstrip(".").strip()


def indent_of(text: str) -> int:
    expanded = text.expandtabs()
    return len(expanded) - len(expanded.lstrip())


def add_definition_line(entry: ParsedGlossaryEntry, text: str) -> None:
    line = ROLE_RE.sub(lambda match: match["text"], text).strip()
    entry.definition = f"{entry.definition}\n{line}" if entry.definition else line
