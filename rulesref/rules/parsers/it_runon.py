"""The Italian Magic wiki's rule pages whose quoted rules run together in one paragraph.

Layout (``rules_data/sources/000_…``)::

    Forza/Costituzione                             <- page title
    Forza e Costituzione (Power and …) sono …      <- introduction
    Regolamento
    Tratto dal Regolamento (Aggiornato a …, 02 Ottobre 2024) 208. forza/Costituzione
    208.1. Una carta … 208.2a La carta … (Vedi regola 604.3.) … Esempio: L'Ordine …

(the last two lines above are one line in the source). The paragraph is split at
rule numbers, which are told apart from numbers cited in the text by
:func:`is_rule_start`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import editions, numbers
from .base import NOTE, RULE, SECTION, SUBRULE, ParsedEntry, ParsedExample, ParseError, ParseResult
from .it_bullets import ITALIAN_MARKER_RE, LEAD_IN_RE, chrome_reason, page_note, rule_kind
from .source import SourceText

FORMAT = "it-wiki-runon"
GAME = "mtg"

# A rule number standing as a word: "208.1." (rules) or "208.2a" (subrules).
RULE_TOKEN_RE = re.compile(r"(?<!\S)(?P<number>\d{3}\.\d+[a-z]{0,2})\.?(?=\s|$)")
SECTION_HEADING_RE = re.compile(r"^(?P<number>\d{3})\.\s+")
# Words after which a number is cited, not started: "Vedi regola 704.5k",
# "regole 702.19a e 702.19b", "come in 208.3a".
CITED_BEFORE_RE = re.compile(
    r"(?:\b(?:regol[ae]|vedi|vedere|rules?|e|ed|o|od|a|ad|da|di|in|con|su|per|tra|fra"
    r"|(?:a|da|de|ne|su)(?:l|ll[aeo]|i|gli))|[,–-])\s*$",
    re.IGNORECASE,
)
# Sentence ends, and the colon that introduces a list of subrules ("sono:").
SENTENCE_END = tuple('.!?:;)"”»')
EXAMPLE_RE = re.compile(r"\bEsempio:\s*")
# Subrule letters skip "l" and "o" (they look like 1 and 0).
LETTERS = "abcdefghijkmnpqrstuvwxyz"


@dataclass
class RunOn:
    """Where the split has got to, carried from one paragraph to the next."""

    section: str = ""
    previous: str = ""
    rules_started: bool = False


def detect(source: SourceText) -> bool:
    """A wiki page with the Italian "Regolamento" headings and a line running rules together."""
    if not ITALIAN_MARKER_RE.search(source.text):
        return False
    return any(is_run_on(text) for _, text in source.numbered())


def is_run_on(text: str) -> bool:
    """Two or more rule numbers in one line, outside a bullet list."""
    if text.lstrip().startswith("•"):
        return False
    tokens = [m for m in RULE_TOKEN_RE.finditer(text) if not CITED_BEFORE_RE.search(text[: m.start()])]
    return len(tokens) >= 2


def parse(source: SourceText) -> ParseResult:
    result = ParseResult(format=FORMAT, edition=editions.find_statement(source.numbered()))
    state = RunOn()
    for line_no, text in source.numbered():
        if not text.strip():
            continue
        if reason := chrome_reason(text):
            result.report.skip(line_no, text, reason)
        elif is_rules_paragraph(text, state):
            parse_paragraph(result, state, line_no, text.strip())
        else:
            result.entries.append(page_note(line_no, text))
            if state.rules_started:
                result.report.warn(line_no, "text after the rules is kept as a note")
    require_rules(result, source)
    return result


def is_rules_paragraph(text: str, state: RunOn) -> bool:
    """A run-on line, or a later paragraph that opens with the next rule number."""
    return is_run_on(text) or (state.rules_started and bool(RULE_TOKEN_RE.match(text.strip())))


def parse_paragraph(result: ParseResult, state: RunOn, line_no: int, text: str) -> None:
    """Split one run-on paragraph into its lead-in, section heading and rules."""
    if lead_in := LEAD_IN_RE.match(text):
        result.entries.append(ParsedEntry(NOTE, "", lead_in.group(), line_no))
        text = text[lead_in.end() :].lstrip()
    heading = SECTION_HEADING_RE.match(text)
    if heading:
        state.section, state.previous = heading["number"], ""
        text = text[heading.end() :]
    starts = rule_starts(text, state)
    head = text[: starts[0].start()] if starts else text
    if heading:
        result.entries.append(ParsedEntry(SECTION, state.section, "", line_no, title=head.strip()))
    elif head.strip():
        result.entries.append(ParsedEntry(NOTE, "", head.strip(), line_no))
        result.report.warn(line_no, "text before the first rule number is kept as a note")
    for index, start in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        result.entries.append(rule_entry(start["number"], text[start.end() : end], line_no))
    if starts:
        state.rules_started = True


def rule_starts(text: str, state: RunOn) -> list[re.Match]:
    """The rule numbers that start a rule, in order; updates ``state``."""
    starts = []
    for match in RULE_TOKEN_RE.finditer(text):
        number = match["number"]
        if is_rule_start(text[: match.start()], number, state):
            starts.append(match)
            state.section = state.section or section_of(number)
            state.previous = number
    return starts


def is_rule_start(before: str, number: str, state: RunOn) -> bool:
    """Whether ``number``, preceded by ``before``, starts a rule rather than being cited.

    A rule number belongs to the quoted section (without a heading: the first rule's),
    is greater than the previous rule's, and is not preceded by a citing word
    ("regola", "Vedi", "e", "in" …). It follows the end of a sentence, unless it is
    the next number in sequence: a keyword rule such as "702.19. Travolgere" has no
    closing period before 702.19a.
    """
    if state.section and section_of(number) != state.section:
        return False
    if state.previous and numbers.sort_key(number) <= numbers.sort_key(state.previous):
        return False
    if CITED_BEFORE_RE.search(before):
        return False
    if not state.previous or before.rstrip().endswith(SENTENCE_END):
        return True
    return number in successors(state.previous)


def section_of(number: str) -> str:
    return numbers.NUMBER_RE.match(number)["section"]


def successors(number: str) -> set[str]:
    """The numbers that may come right after ``number``: 208.2 → 208.2a, 208.3."""
    match = numbers.NUMBER_RE.match(number)
    rule = f"{match['section']}.{match['rule']}"
    following = f"{match['section']}.{int(match['rule']) + 1}"
    letters = match["letters"]
    return {following, rule + (next_letters(letters) if letters else "a")}


def next_letters(letters: str) -> str:
    """z → aa, ak → am: the letter sequence of subrules, skipping l and o."""
    if letters[-1] != LETTERS[-1]:
        return letters[:-1] + LETTERS[LETTERS.index(letters[-1]) + 1]
    if len(letters) == 1:
        return "aa"
    return next_letters(letters[0]) + "a"


def rule_entry(number: str, body: str, line_no: int) -> ParsedEntry:
    """A rule from its text; each "Esempio:" in it starts an example."""
    text, *examples = EXAMPLE_RE.split(body)
    entry = ParsedEntry(rule_kind(number), number, text.strip(), line_no)
    entry.examples = [ParsedExample(example.strip(), line_no) for example in examples]
    return entry


def require_rules(result: ParseResult, source: SourceText) -> None:
    if any(entry.kind in (RULE, SUBRULE) for entry in result.entries):
        return
    run_on = [line_no for line_no, text in source.numbered() if is_run_on(text)]
    raise ParseError(
        "no rule of the quoted section was found in the run-on paragraph",
        path=source.path,
        line=run_on[0] if run_on else None,
    )
