"""The differences between two versions of a text, in the units a reader compares.

Pure Python (no Django). Alphabetic scripts are compared **word by word**, Chinese
and Japanese **character by character** (a CJK sentence has no spaces to split on;
runs of Latin letters and numbers inside it stay whole). Rule numbers
(``706.2``, ``208.2a``) are one unit, so a changed citation reads ``706.2`` →
``707.2`` rather than ``6`` → ``7``.

The comparison is the standard library's :class:`difflib.SequenceMatcher` over
those units, with ``autojunk`` off (its heuristic drops frequent tokens such as
"the" from long texts). Its semantics, since they shape what a reader sees: it
finds the longest run of units the two texts share, then recurses on what lies
before and after it (Ratcliff/Obershelp). The result is not always the shortest
edit script, but it keeps long shared passages together, which is what a
translator scanning a rule wants. A space between two changed words is folded
into the change, so "entra nel campo di battaglia" is one deletion, not five.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from rulesref.core.scripts import UNSPACED_SCRIPTS

# A rule number, a word (with inner apostrophes or hyphens: "dell'Ordine", "non-creature"), spaces,
# or one other character.
WORD_UNITS = re.compile(r"\d+(?:\.\d+)*[a-z]{0,2}|\w+(?:['’-]\w+)*|\s+|[^\w\s]")
# In CJK text: a rule number, a Latin word, spaces, or one character.
CHAR_UNITS = re.compile(r"\d+(?:\.\d+)*[a-z]{0,2}|[A-Za-z]+(?:['’-][A-Za-z]+)*|\s+|.", re.DOTALL)

EQUAL, DELETE, INSERT = "equal", "delete", "insert"


@dataclass(frozen=True)
class Piece:
    """A stretch of text that both versions share (``equal``), or only the old or the new has."""

    op: str
    text: str


def units(text: str, *, by_character: bool) -> list[str]:
    pattern = CHAR_UNITS if by_character else WORD_UNITS
    return pattern.findall(text)


def diff_texts(old: str, new: str, *, by_character: bool = False) -> list[Piece]:
    """The pieces that turn ``old`` into ``new``; joining the equal and deleted pieces gives
    ``old``, the equal and inserted pieces give ``new``."""
    a, b = units(old, by_character=by_character), units(new, by_character=by_character)
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    pieces: list[Piece] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pieces.append(Piece(EQUAL, "".join(a[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(Piece(DELETE, "".join(a[i1:i2])))
        if j2 > j1:
            pieces.append(Piece(INSERT, "".join(b[j1:j2])))
    return _fold_spaces(pieces)


def _fold_spaces(pieces: list[Piece]) -> list[Piece]:
    """Join changes separated only by white space into one deletion and one insertion."""
    out: list[Piece] = []
    deleted: list[str] = []
    inserted: list[str] = []

    def flush() -> None:
        if deleted:
            out.append(Piece(DELETE, "".join(deleted)))
        if inserted:
            out.append(Piece(INSERT, "".join(inserted)))
        deleted.clear()
        inserted.clear()

    for index, piece in enumerate(pieces):
        if piece.op == DELETE:
            deleted.append(piece.text)
        elif piece.op == INSERT:
            inserted.append(piece.text)
        elif (
            not piece.text.strip()
            and (deleted or inserted)
            and index + 1 < len(pieces)
            and pieces[index + 1].op != EQUAL
        ):
            deleted.append(piece.text)
            inserted.append(piece.text)
        else:
            flush()
            out.append(piece)
    flush()
    return out


def changed(pieces: list[Piece]) -> bool:
    return any(piece.op != EQUAL for piece in pieces)


def by_character(script: str) -> bool:
    """Whether texts in ``script`` (ISO 15924) are compared character by character."""
    return script in UNSPACED_SCRIPTS
