"""The Italian Magic wiki's rule pages, where rules are a nested bullet list.

Layout (``rules_data/sources/001_…``)::

    Magic: the Gathering Wiki                      <- page chrome
    Costituzione (Toughness) è un parametro …       <- introduction
    Regolamento[]                                  <- heading with edit-link marker
    Tratto dal Regolamento (Aggiornato a …, 16 Giugno 2023)
      • 208.1 Una carta creatura ha …
        • 208.2a La carta può avere …
          • Esempio: L'Ordine Perduto di Jarkeld …
    BordoColoreDifesa…                             <- navigation row (chrome)

The page-level pieces (chrome, introduction notes, the "Regolamento" heading) are
shared with :mod:`.it_runon`, which reads the same wiki's run-on pages.
"""

from __future__ import annotations

import re

from . import editions
from .base import NOTE, RULE, SECTION, SUBRULE, ParsedEntry, ParsedExample, ParseError, ParseResult
from .source import SourceText

FORMAT = "it-wiki-bullets"
GAME = "mtg"

# The wiki's "Regolamento" heading; fandom prints an edit link after every heading,
# which survives copying as a literal "[]".
RULES_HEADING_RE = re.compile(r"^Regolamento(?:\[\])?$")
# "Tratto dal Regolamento (Aggiornato a <set>, <date>)": the quoted rules follow.
LEAD_IN_RE = re.compile(r"^Tratto dal Regolamento\s*\([^()]*\)")
ITALIAN_MARKER_RE = re.compile(r"^(?:Regolamento(?:\[\])?|Tratto dal Regolamento\b.*)$", re.MULTILINE)

BULLET_RE = re.compile(r"^(?P<indent>\s*)•\s*(?P<body>.*?)\s*$")
NUMBERED_RE = re.compile(r"^(?P<number>\d{3}(?:\.\d+[a-z]{0,2})?)\.?(?:\s+(?P<text>.*))?$")
RULE_BULLET_RE = re.compile(r"^\s*•\s*\d{3}\.", re.MULTILINE)
EXAMPLE_RE = re.compile(r"^Esempio:\s*(?P<text>.*)$")

# Fixed lines of the fandom page around the article, by exact text.
CHROME = {
    "magic: the gathering wiki": "page chrome: site name",
    "iscriviti": "page chrome: sign-up link",
    "advertisement": "page chrome: advertisement",
    "pubblicità": "page chrome: advertisement",
}
# The navigation box at the foot of an article loses its separators when copied:
# its links run together ("BordoColoreDifesaIndicatore di colore…").
RUN_TOGETHER_RE = re.compile(r"[a-zà-ù'][A-Z]")
CARD_PARTS = (
    "Bordo",
    "Costo di mana",
    "Riquadro del testo",
    "Riga del tipo",
    "Illustrazione",
)


def detect(source: SourceText) -> bool:
    """Bullets that start with a rule number, on a page with the wiki's Italian headings."""
    text = source.text
    return bool(ITALIAN_MARKER_RE.search(text) and RULE_BULLET_RE.search(text))


def parse(source: SourceText) -> ParseResult:
    result = ParseResult(format=FORMAT, edition=editions.find_statement(source.numbered()))
    # The last numbered bullet and its indent: nested examples belong to it.
    above: tuple[int, ParsedEntry] | None = None
    rules_started = False
    for line_no, text in source.numbered():
        if not text.strip():
            continue
        if reason := chrome_reason(text):
            result.report.skip(line_no, text, reason)
        elif bullet := BULLET_RE.match(text):
            rules_started = True
            indent = len(bullet["indent"])
            above = add_bullet(result, above, line_no, indent, bullet["body"])
        else:
            result.entries.append(page_note(line_no, text))
            if rules_started:
                result.report.warn(line_no, "text after the rule list is kept as a note")
    require_rules(result, source)
    return result


def chrome_reason(text: str) -> str:
    """Why a line is wiki page chrome rather than article text ("" when it is not)."""
    stripped = text.strip()
    if reason := CHROME.get(stripped.lower()):
        return reason
    if is_navigation_row(stripped):
        if sum(part in stripped for part in CARD_PARTS) >= 2:
            return "page chrome: card-parts navigation row"
        return "page chrome: navigation row"
    return ""


def is_navigation_row(text: str) -> bool:
    return len(RUN_TOGETHER_RE.findall(text)) >= 4 and not re.search(r"[.!?;:]\s", text)


def page_note(line_no: int, text: str) -> ParsedEntry:
    """A line of the article outside the rules: a heading or a paragraph, kept as a note."""
    stripped = text.strip()
    if RULES_HEADING_RE.match(stripped):
        # Drop the fandom edit-link marker "[]": it is a link, not part of the title.
        return ParsedEntry(NOTE, "", "", line_no, title="Regolamento")
    if is_heading(stripped):
        return ParsedEntry(NOTE, "", "", line_no, title=stripped)
    return ParsedEntry(NOTE, "", stripped, line_no)


def is_heading(text: str) -> bool:
    """Short and without closing punctuation: a page title such as "Forza/Costituzione"."""
    return len(text) <= 60 and not text.endswith((".", ":", ";", "!", "?", ")", "»", '"', "”"))


def rule_kind(number: str) -> str:
    """Rules end in a digit (208.2); subrules in letters (208.2a, 704.5aa)."""
    return RULE if number[-1].isdigit() else SUBRULE


def add_bullet(
    result: ParseResult,
    above: tuple[int, ParsedEntry] | None,
    line_no: int,
    indent: int,
    body: str,
) -> tuple[int, ParsedEntry] | None:
    """Add one bullet: a rule, an example of the numbered bullet above, or a note.

    Returns the last numbered bullet and its indent.
    """
    if numbered := NUMBERED_RE.match(body):
        number, text = numbered["number"], numbered["text"] or ""
        if "." in number:
            entry = ParsedEntry(rule_kind(number), number, text, line_no)
        else:
            entry = ParsedEntry(SECTION, number, "", line_no, title=text)
        result.entries.append(entry)
        return indent, entry
    if (example := EXAMPLE_RE.match(body)) and above:
        above_indent, owner = above
        owner.examples.append(ParsedExample(example["text"], line_no))
        if indent <= above_indent:
            result.report.warn(line_no, f"example not indented under {owner.number}: attached to it")
        return above
    result.entries.append(ParsedEntry(NOTE, "", body, line_no))
    result.report.warn(line_no, "a bullet that is neither numbered nor an example is kept as a note")
    return above


def require_rules(result: ParseResult, source: SourceText) -> None:
    if any(entry.kind in (RULE, SUBRULE) for entry in result.entries):
        return
    bullets = [line_no for line_no, text in source.numbered() if BULLET_RE.match(text)]
    raise ParseError(
        "the bullet list holds no numbered rule (expected bullets such as '• 208.1 …')",
        path=source.path,
        line=bullets[0] if bullets else None,
    )
