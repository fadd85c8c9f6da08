"""Rule numbers as printed: what kind they are, their parent and a natural sort key, per numbering scheme.

A game's rulebook numbers its rules in one of these schemes (``SCHEMES``; a game names its own in
``rules_data/games.toml``):

- ``"cr"``, the Comprehensive Rules' layout: ``2`` (chapter), ``208`` (section), ``208.2`` (rule),
  ``208.2a`` / ``704.5aa`` (subrule); Берсерк's dotted levels ``104.3`` (rule) and ``104.3.1``
  (a subrule of ``104.3``);
- ``"dotted"``, multi-level dotted numbers (Disney Lorcana): ``1`` (chapter), ``1.1`` (section),
  ``1.1.1`` (rule), ``1.1.1.1`` (subrule); a deeper level such as ``1.7.6.1.1`` is a subrule of the
  one above it. Every component sorts as a number: ``1.9`` < ``1.10`` < ``2``.

:func:`get_scheme` returns an object with ``kind``, ``parent``, ``sort_key``, ``is_number``,
``is_section`` and ``in_text`` (a pattern of its numbers as cited in running text). The module-level
functions are the ``"cr"`` scheme's, for the callers that know they read Comprehensive-Rules numbers.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from rulesref.core import rulenumbers

NUMBER_RE = re.compile(r"^(?P<section>\d{3})(?:\.(?P<rule>\d+)(?P<rest>(?:\.\d+)*)(?P<letters>[a-z]{1,2})?)?$")
CHAPTER_RE = re.compile(r"^\d{1,2}$")
# Components after the first never start with 0 ("Version 2.2.0" is not a rule number).
DOTTED_RE = re.compile(r"^\d{1,2}(?:\.[1-9]\d{0,3})*$")

CHAPTER = "chapter"
SECTION = "section"
RULE = "rule"
SUBRULE = "subrule"


def normalise(raw: str) -> str:
    """Turn what a user typed into a number as printed: ``２０８．２ａ`` → ``208.2a``, ``CR 208.2a`` → ``208.2a``.

    The words before a number are the games' ``prefixes`` (``rules_data/games.toml``).
    """
    text = unicodedata.normalize("NFKC", raw).strip().lower()
    return rulenumbers.split_prefix(text)[1].rstrip(".")


class CRScheme:
    """The Comprehensive Rules' numbers: ``2``, ``208``, ``208.2``, ``208.2a``; Берсерк's ``104.3.1``."""

    name = "cr"
    # A number of this scheme cited in running text ("see rule 613.1d", "104.3.1"): what comparisons of
    # two editions mask, since a renumbering changes the citations too. Three digits: "2 cards" is not one.
    in_text = re.compile(r"\b\d{3}(?:\.\d+)*[a-z]{0,2}\b")

    def is_number(self, text: str) -> bool:
        return bool(NUMBER_RE.match(text) or CHAPTER_RE.match(text))

    def is_section(self, number: str) -> bool:
        match = NUMBER_RE.match(number)
        return bool(match and match["rule"] is None)

    def kind(self, number: str) -> str | None:
        if CHAPTER_RE.match(number):
            return CHAPTER
        match = NUMBER_RE.match(number)
        if not match:
            return None
        if match["rule"] is None:
            return SECTION
        return SUBRULE if match["letters"] or match["rest"] else RULE

    def parent(self, number: str, kind: str = "") -> str | None:
        """The number of the entry this one belongs to, or None for a chapter's child."""
        match = NUMBER_RE.match(number)
        if not match or match["rule"] is None:
            return None
        if match["letters"]:
            return number[: -len(match["letters"])]
        if match["rest"]:
            return number.rsplit(".", 1)[0]
        return match["section"]

    def sort_key(self, number: str, kind: str = "") -> str:
        """A string that sorts numbers naturally.

        Chapter ``2`` sorts just before section ``200``; ``704.5z`` before ``704.5aa``;
        ``104.3`` before ``104.3.1`` before ``104.4``. Notes (no number) get an empty key.
        """
        if not number:
            return ""
        if CHAPTER_RE.match(number) and kind in (CHAPTER, ""):
            return f"{int(number) * 100:05d}"
        match = NUMBER_RE.match(number)
        if not match:
            return number
        key = f"{int(match['section']):05d}."
        if match["rule"] is not None:
            key += f"{int(match['rule']):05d}"
            for part in filter(None, (match["rest"] or "").split(".")):
                key += f".{int(part):05d}"
            letters = match["letters"]
            if letters:
                # Length first so that 704.5z sorts before 704.5aa.
                key += f"~{len(letters)}{letters}"
        return key


class DottedScheme:
    """Multi-level dotted numbers: chapter ``1``, section ``1.1``, rule ``1.1.1``, subrule ``1.1.1.1`` and deeper."""

    name = "dotted"
    KINDS = (CHAPTER, SECTION, RULE)
    # A dotted number cited in running text, a section's too ("see 4.3.4", "(1.9.2.2)", "1.8.1.4.の条件",
    # "siehe 1.10"): one or two digits, then at least one dotted component; a bare chapter ("section 9")
    # is not masked, since a lone digit is as often a count.
    in_text = re.compile(r"(?<![\w.])\d{1,2}(?:\.\d{1,4})+(?!\d)")

    def is_number(self, text: str) -> bool:
        return bool(DOTTED_RE.match(text))

    def is_section(self, number: str) -> bool:
        return self.kind(number) == SECTION

    def kind(self, number: str) -> str | None:
        if not DOTTED_RE.match(number):
            return None
        depth = number.count(".")
        return self.KINDS[depth] if depth < len(self.KINDS) else SUBRULE

    def parent(self, number: str, kind: str = "") -> str | None:
        """The number one level up: ``1.7.6.1.1`` → ``1.7.6.1``, ``1.1`` → ``1``; None for a chapter."""
        if not DOTTED_RE.match(number) or "." not in number:
            return None
        return number.rsplit(".", 1)[0]

    def sort_key(self, number: str, kind: str = "") -> str:
        """Each component as a number: ``1`` < ``1.1`` < ``1.9`` < ``1.10`` < ``2``; notes get an empty key."""
        if not number:
            return ""
        if not DOTTED_RE.match(number):
            return number
        return ".".join(f"{int(part):05d}" for part in number.split("."))


SCHEMES: dict[str, CRScheme | DottedScheme] = {scheme.name: scheme for scheme in (CRScheme(), DottedScheme())}
CR = SCHEMES["cr"]


class UnknownScheme(ValueError):
    pass


def get_scheme(name: str | None) -> CRScheme | DottedScheme:
    """The scheme called ``name`` (``None`` or ``""``: the Comprehensive Rules')."""
    if not name:
        return CR
    try:
        return SCHEMES[name]
    except KeyError:
        raise UnknownScheme(f"unknown numbering {name!r}; known numberings: {', '.join(SCHEMES)}") from None


def guess_scheme(printed: Iterable[str]) -> str:
    """The scheme a rulebook's numbers look like: ``"dotted"`` or ``"cr"``.

    Dotted when every top-level number (before the first dot) has one or two digits and some
    section looks like ``1.1``; otherwise the Comprehensive Rules' (``100.1``, ``100.1a``).
    """
    numbers = [number for number in printed if number]
    tops = [number.split(".", 1)[0] for number in numbers]
    if not numbers or not all(top.isdigit() and len(top) <= 2 for top in tops):
        return "cr"
    return "dotted" if any(DOTTED_RE.match(number) and number.count(".") == 1 for number in numbers) else "cr"


# The Comprehensive Rules' scheme as functions, for the callers that read only its numbers.
is_number = CR.is_number
is_section = CR.is_section
sort_key = CR.sort_key


def parent_number(number: str, kind: str) -> str | None:
    """The number of the entry this one belongs to, or None for a chapter's child (the ``"cr"`` scheme)."""
    return CR.parent(number, kind)
