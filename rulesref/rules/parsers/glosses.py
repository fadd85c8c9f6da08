"""Terms printed with a gloss in the language they are translated from: "毒カウンター／poison counter".

The Japanese translation of the Comprehensive Rules prints the English term after a slash (full-width
``／`` or ``/``) where a term is defined or first used: in headings and glossary terms (``接死／Deathtouch``)
and in running text, inside quotation brackets (``「培養器／Incubator」・トークン``) or not
(``…は毒カウンター／poison counterを…``). The text stays as printed; this module only reads the pairs
out of it, for cross-language query expansion.

Where the Japanese term starts:

- a heading or a glossary term that is ``term／gloss`` as a whole: all of it before the slash;
- after an opening bracket (「『《〔（【) with no space or sentence punctuation in between: all of it;
- elsewhere in running text: the run of kanji, katakana, ー, ・ and ＝ just before the slash (hiragana
  are particles there: "そのプレイヤーは毒カウンター／poison counter" glosses 毒カウンター).

The gloss is the run of Latin words (letters, digits, ``'``, ``-``, single spaces) after the slash. A
slash between two CJK words (``パワー/タフネス``) or after a digit (``+1/+1``) is not a gloss.
"""

from __future__ import annotations

import re

from rulesref.core import scripts

SLASHES = "／/"
OPENERS = "「『《〔（(【"
WORD = r"[A-Za-z0-9][A-Za-z0-9'’\-]*"
GLOSS = rf"[A-Za-z][A-Za-z0-9'’\-]*(?: {WORD})*"
# A slash after a CJK letter (or ・) and before a Latin letter.
SLASH_RE = re.compile(rf"(?<=[{scripts.CJK}・＝])[{SLASHES}](?P<gloss>{GLOSS})")
# The term of a gloss in running text: kanji, katakana and their marks, no hiragana.
TERM_RUN_RE = re.compile(rf"[{scripts.HAN}\u30a1-\u30fa\u30fc-\u30ff\uff66-\uff9f々・＝]+\Z")
# What ends a term on its left: space, sentence punctuation, an opening bracket.
BOUNDARY = re.compile(rf"[\s、。，．,.:：;；{re.escape(OPENERS)}]")
FIELD_RE = re.compile(rf"^(?P<term>[^{SLASHES}\s][^{SLASHES}]*?)\s*[{SLASHES}]\s*(?P<gloss>{GLOSS})\.?$")


def whole(field: str) -> tuple[str, str] | None:
    """``(term, gloss)`` when the whole of a name (a heading, a glossary term) is a glossed term
    ("接死／Deathtouch", "戦場に出る／Enter")."""
    match = FIELD_RE.match(field.strip())
    if match is None or not scripts.has_cjk(match["term"]):
        return None
    return match["term"], match["gloss"]


def extract(text: str) -> list[tuple[str, str]]:
    """The ``(term, gloss)`` pairs printed in running text, in order."""
    if not any(slash in text for slash in SLASHES):
        return []
    pairs = []
    for match in SLASH_RE.finditer(text):
        before = text[: match.start()]
        boundaries = list(BOUNDARY.finditer(before))
        start = boundaries[-1].end() if boundaries else 0
        span = before[start:]
        if start and before[start - 1] in OPENERS:
            term = span
        else:
            run = TERM_RUN_RE.search(span)
            term = run.group() if run else ""
        if term:
            pairs.append((term, match["gloss"]))
    return pairs
