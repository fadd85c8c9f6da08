"""Cross-references written in rule text, in every registered language.

What counts as a citation:

- a dotted rule number anywhere in the text: "(see 601.3d)", "an exception to 608.2h",
  "as described in 608.2b", "参见603.7d-f", "(см. 107.2)", Berserk's "104.3.1";
- a bare section number only after a citation word of some language (``Citations.words`` in
  ``rulesref.core.langdata``): "See rule 614", "See 718, “Prototype…”", "Vedi regola 707",
  "规则613";
- ranges: "601.2a–h" and "603.7d-f" (letters, which skip l and o as the rules do),
  "712.9–10" and "903.6–903.11" (numbers), "601.2a through 601.2h";
- lists: "rules 701.28a–f, 712.9–10, and 712.18", "规则601.2b与601.2f-h", "310.2 и 310.3", and the
  Japanese translation's "rule 614〔置換効果〕と615〔軽減効果〕" (a section's title in 〔〕 after its number).

Dotted rulebooks (the ``"dotted"`` numbering scheme of ``numbers``, Disney Lorcana) cite their
numbers the same way, with their own shapes:

- a number with two dots or more anywhere in the text: "(see 4.3.4)", "siehe 1.7.6.2",
  "(1.9.2.2)", "1.8.1.4.の条件"; a final period belongs to the number or the sentence;
- a section ``1.10`` or a chapter ``9`` only after a citation word: "(see 1.10, “Materials”)",
  "See section 9, “Multiplayer,”", "voir la section 4.4"; "6.3 cm" is not a reference;
- ranges "4.6.4 through 4.6.6", "4.6.4 bis 4.6.6", "de la section 4.6.4 à 4.6.6", "5.4.1～5.4.3":
  every number of the edition at that level between the two ends (when the edition's numbers
  are given; otherwise the numbers counted between them);
- lists joined by the language's joiners, commas, or a slash: "1.9.4.1/1.9.4.2", "1.9.2.1./1.9.2.4.".

:func:`extract` returns ``(target number, citing phrase)`` pairs in the order they are printed,
a range expanded to every rule it covers. Each pair's phrase is the whole citation (the citing
word, if any, and the whole list), so every target of one list shares one phrase. A target is
printed inside its phrase except for the inner members of a range: "601.2a–h" yields 601.2b …
601.2g too, which are stored as references but have no printed position (a renderer looking
for the number inside the phrase does not find them and leaves them unlinked); "712.9–10"
yields 712.10, printed only as "10".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection
from dataclasses import dataclass

from rulesref.core.langdata import LANGUAGES, RANGE_MARKS

from . import numbers

# The letters subrules use, in order: a–z without l and o, then two letters (704.5aa).
SINGLE_LETTERS = [chr(code) for code in range(ord("a"), ord("z") + 1) if chr(code) not in "lo"]
LETTERS = SINGLE_LETTERS + [first + second for first in SINGLE_LETTERS for second in SINGLE_LETTERS]
LETTER_INDEX = {letters: index for index, letters in enumerate(LETTERS)}
# A range that would cover more rules than this is kept as its two printed ends.
MAX_RANGE = 60

# Rule numbers as cited. A number never continues into ASCII letters or digits ("规则108.3中"
# cites 108.3) and a final period belongs to the sentence ("(Vedi regola 707.2.)"). Numbers after
# the dot never start with 0, which keeps "100.000" (a hundred thousand, in Russian or Italian
# digits) out.
BEFORE = r"(?<![0-9A-Za-z.])"
AFTER = r"(?![0-9A-Za-z_/])"
DOTTED = r"\d{3}(?:\.[1-9]\d*)+(?:(?<=\d)[a-z]{1,2})?"
SECTION = r"\d{3}(?!\.[1-9])"
THREE_DIGITS_RE = re.compile(r"\d{3}")
# The cited section's title, as the Japanese translation prints it after the number: "rule 614〔置換効果〕と
# 615〔軽減効果〕" is one list (the title is not part of the number).
TITLE = r"〔[^〔〕]{1,40}〕"
# Dotted rulebooks: "1.7.6.1", "1.10", "9"; the number never stops before a further ".digit".
DOTTED_LEVELS = r"\d{1,2}(?:\.[1-9]\d{0,3})*(?!\.?\d)"
DOTTED_AFTER = r"(?![0-9A-Za-z_])"
DIGIT_RE = re.compile(r"\d")
# How far before a number a citation word may start ("subrules" and the spaces after it).
WORD_REACH = 40


def _words(words: set[str]) -> str:
    """An alternation of words, longest first; a cased word (Latin, Cyrillic) must start a word."""
    parts = []
    for word in sorted(words, key=len, reverse=True):
        pattern = r"\s+".join(re.escape(part) for part in word.split())
        if word[0].lower() != word[0].upper():
            pattern = r"(?<![^\W\d_])" + pattern
            if word[-1].isalpha():
                pattern += r"(?![^\W\d_])"
        parts.append(pattern)
    # An empty alternation would match everywhere; no words means nothing to match.
    return "|".join(parts) or "(?!)"


@dataclass(frozen=True)
class Patterns:
    item: re.Pattern  # one cited number or range: "601.2a–h"
    separator: re.Pattern  # what joins the items of a list: ", and ", "、及", " и "
    word_before: re.Pattern  # a citation word that ends where a search ends
    word_after: re.Pattern | None = None  # a word after a cited section of a dotted rulebook: "1.5 節"


@functools.cache
def patterns(scheme: str = "cr") -> Patterns:
    """The regexes of every registered language's citation words, joiners and range words."""
    citations = [lang.citations for lang in LANGUAGES.values()]
    words = _words({word for c in citations for word in c.words})
    joiners = _words({word for c in citations for word in c.joiners})
    range_words = _words({word for c in citations for word in c.ranges})
    marks = "|".join(re.escape(mark) for mark in RANGE_MARKS)
    range_join = rf"(?:{marks}|\s*(?:{range_words})\s*)"
    if scheme == "dotted":
        end = rf"(?:{DOTTED_LEVELS}){DOTTED_AFTER}"
        return Patterns(
            item=re.compile(rf"{BEFORE}(?P<start>{DOTTED_LEVELS}){DOTTED_AFTER}(?:\.?{range_join}(?P<end>{end}))?"),
            separator=re.compile(rf"\.?(?:\s*[,，、/]\s*(?:(?:{joiners})\s*)?|\s*(?:{joiners})\s*)"),
            word_before=re.compile(rf"(?:{words})\s*\Z", re.IGNORECASE),
            word_after=re.compile(rf"\s*(?:{_words({word for c in citations for word in c.after})})"),
        )
    # A range end: letters after a subrule ("601.2a–h"), a whole number ("903.6–903.11") or the
    # last number alone ("712.9–10"); expand() makes sense of it.
    end = rf"(?:{DOTTED}|[a-z]{{1,2}}|\d+){AFTER}"
    return Patterns(
        item=re.compile(rf"{BEFORE}(?P<start>{DOTTED}|{SECTION}){AFTER}(?:{range_join}(?P<end>{end}))?"),
        separator=re.compile(rf"(?:{TITLE})?(?:\s*[,，、]\s*(?:(?:{joiners})\s*)?|\s*(?:{joiners})\s*)"),
        word_before=re.compile(rf"(?:{words})\s*\Z", re.IGNORECASE),
    )


def extract(text: str, *, scheme: str = "cr", known: Collection[str] | None = None) -> list[tuple[str, str]]:
    """Return ``(target number, citing phrase)`` pairs in the order they appear.

    ``scheme`` is the numbering of the rulebook (``numbers.SCHEMES``); ``known``, the numbers of
    its edition, which a dotted range covers (the Comprehensive Rules' ranges are counted).
    """
    found: list[tuple[str, str]] = []
    for items, phrase in citations(text, scheme=scheme):
        for item in items:
            if scheme == "dotted":
                targets = expand_dotted(item["start"], item["end"], known)
            else:
                targets = expand(item["start"], item["end"])
            found.extend((number, phrase) for number in targets)
    return found


def _alone(number: str, scheme: str) -> bool:
    """Whether a number is a citation without a citation word: any dotted CR number, a dotted one of 2+ dots."""
    return number.count(".") >= 2 if scheme == "dotted" else "." in number


def citations(text: str, *, scheme: str = "cr") -> list[tuple[list[re.Match], str]]:
    """The citations of ``text``: their items (numbers and ranges) and their phrase.

    Items joined only by separators form one list. A dotted number always counts (in a dotted
    rulebook, one with two dots or more); a section counts after a citation word or after
    another section of the same list ("rules 614 and 615"), never on its own ("100 cards").
    The phrase runs from the citation word, if any, to the end of the list's last item.
    """
    if not (DIGIT_RE if scheme == "dotted" else THREE_DIGITS_RE).search(text):
        return []
    regexes = patterns(scheme)
    groups: list[list[re.Match]] = []
    for item in regexes.item.finditer(text):
        if groups and regexes.separator.fullmatch(text, groups[-1][-1].end(), item.start()):
            groups[-1].append(item)
        else:
            groups.append([item])
    result: list[tuple[list[re.Match], str]] = []
    for group in groups:
        first = group[0].start()
        word = regexes.word_before.search(text, max(0, first - WORD_REACH), first)
        lists: list[list[re.Match]] = [[]]
        for index, item in enumerate(group):
            current = lists[-1]
            alone = _alone(item["start"], scheme)
            after = regexes.word_after is not None and regexes.word_after.match(text, item.end())
            if alone or (current and not _alone(current[-1]["start"], scheme)) or (index == 0 and word) or after:
                current.append(item)
            elif current:
                lists.append([])
        for items in filter(None, lists):
            start = word.start() if word and items[0] is group[0] else items[0].start()
            result.append((items, text[start : items[-1].end()]))
    return result


def expand(start: str, end: str | None) -> list[str]:
    """The rules a printed item covers: ``601.2a``–``h`` → 601.2a, 601.2b, …, 601.2h."""
    if end is None:
        return [start]
    first = split(start)
    if end.isdigit() and "." in start and not first[2]:
        # "712.9–10": the end replaces the last number.
        last = (first[0], int(end), "")
    elif end.isalpha():
        last = (first[0], first[1], end)
    else:
        last = split(end)
    members = between(first, last)
    if members is None:
        # Not a range we can enumerate: keep the ends that are printed whole.
        return [start] + ([end] if last == split(end) and end != start else [])
    return members


def split(number: str) -> tuple[str, int | None, str]:
    """``601.2a`` → ("601.", 2, "a"); ``104.3.1`` → ("104.3.", 1, ""); ``614`` → ("", 614, "")."""
    match = re.fullmatch(r"(?P<prefix>(?:\d+\.)*)(?P<last>\d+)(?P<letters>[a-z]*)", number)
    if match is None:
        return (number, None, "")
    return (match["prefix"], int(match["last"]), match["letters"])


def join(prefix: str, last: int, letters: str) -> str:
    return f"{prefix}{last:03d}" if not prefix else f"{prefix}{last}{letters}"


def between(first: tuple[str, int | None, str], last: tuple[str, int | None, str]) -> list[str] | None:
    prefix, number, letters = first
    if number is None or last[1] is None or prefix != last[0]:
        return None
    if letters or last[2]:
        if number != last[1] or letters not in LETTER_INDEX or last[2] not in LETTER_INDEX:
            return None
        low, high = LETTER_INDEX[letters], LETTER_INDEX[last[2]]
        if not low < high <= low + MAX_RANGE:
            return None
        return [f"{prefix}{number}{LETTERS[index]}" for index in range(low, high + 1)]
    if not number < last[1] <= number + MAX_RANGE:
        return None
    return [join(prefix, value, "") for value in range(number, last[1] + 1)]


def expand_dotted(start: str, end: str | None, known: Collection[str] | None = None) -> list[str]:
    """The numbers a dotted item covers: ``4.6.4`` through ``4.6.6`` → 4.6.4, 4.6.5, 4.6.6.

    With the edition's numbers (``known``), every one at the level of the ends that sorts between
    them (the printed ends always); without, the numbers counted between two ends of one parent.
    """
    start = _ascii(start.rstrip("."))
    if end is None:
        return [start]
    end = _ascii(end.rstrip("."))
    if "." in start and "." not in end:
        # "4.6.4–6": the end replaces the last number.
        end = f"{start.rsplit('.', 1)[0]}.{end}"
    scheme = numbers.get_scheme("dotted")
    low, high = scheme.sort_key(start), scheme.sort_key(end)
    if start.count(".") != end.count(".") or not low < high:
        return [start] if start == end else [start, end]
    if known is not None:
        depth = start.count(".")
        inside = [
            number
            for number in known
            if number.count(".") == depth and scheme.is_number(number) and low < scheme.sort_key(number) < high
        ]
        if len(inside) <= MAX_RANGE:
            return [start, *sorted(inside, key=scheme.sort_key), end]
        return [start, end]
    if "." not in start:
        # Chapters: "chapters 4 through 6".
        first, last = int(start), int(end)
        return [str(value) for value in range(first, last + 1)] if last - first <= MAX_RANGE else [start, end]
    members = between(split(start), split(end))
    return members if members is not None else [start, end]


def _ascii(number: str) -> str:
    """Full-width and other digits as ASCII: ``４`` → ``4`` (a Japanese text's chapter)."""
    return number if number.isascii() else ".".join(str(int(part)) for part in number.split("."))
