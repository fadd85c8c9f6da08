"""What a source says about its own edition: a name and an effective date.

Month names come from Babel's locale data: Babel's own ``parse_date`` cannot read
"2 ottobre 2024", so we build a month lookup per locale instead.
"""

from __future__ import annotations

import datetime
import functools
import re

from babel.dates import get_month_names

from .base import EditionStatement


@functools.cache
def month_lookup(locale: str) -> dict[str, int]:
    """Every spelling of every month in ``locale`` (wide and abbreviated, both contexts)."""
    names: dict[str, int] = {}
    for width in ("wide", "abbreviated"):
        for context in ("format", "stand-alone"):
            for number, name in get_month_names(width, context=context, locale=locale).items():
                names[name.lower().rstrip(".")] = number
    return names


def make_date(year: int, month: int, day: int) -> datetime.date | None:
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None


def parse_month_date(text: str, locale: str) -> datetime.date | None:
    """Read "02 Ottobre 2024" (it), "September 20, 2024" (en), "31 мая 2024" (ru)."""
    months = month_lookup(locale)
    day_first = re.search(r"(\d{1,2})\s+([^\W\d_]+)\.?\s+(\d{4})", text)
    if day_first and day_first[2].lower() in months:
        return make_date(int(day_first[3]), months[day_first[2].lower()], int(day_first[1]))
    month_first = re.search(r"([^\W\d_]+)\.?\s+(\d{1,2}),?\s+(\d{4})", text)
    if month_first and month_first[1].lower() in months:
        return make_date(int(month_first[3]), months[month_first[1].lower()], int(month_first[2]))
    return None


EN_RE = re.compile(r"These rules are effective as of (?P<date>[A-Z][a-z]+ \d{1,2}, \d{4})\.")
ZH_RE = re.compile(r"此规则于(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})日起生效")
IT_RE = re.compile(r"Aggiornato a (?P<name>.+?),\s*(?P<date>\d{1,2}\s+[^\W\d_]+\s+\d{4})\)?")
RU_RE = re.compile(r"Дата публикации\s+(?P<d>\d{1,2})\.(?P<m>\d{1,2})\.(?P<y>\d{4})")


def find_statement(lines: list[tuple[int, str]], *, limit: int = 80) -> EditionStatement | None:
    """Look at the first ``limit`` lines for an edition statement in any language."""
    for number, line in lines[:limit]:
        if match := EN_RE.search(line):
            return EditionStatement("", parse_month_date(match["date"], "en"), number, match.group())
        if match := ZH_RE.search(line):
            date = make_date(int(match["y"]), int(match["m"]), int(match["d"]))
            return EditionStatement("", date, number, match.group())
        if match := IT_RE.search(line):
            return EditionStatement(match["name"].strip(), parse_month_date(match["date"], "it"), number, match.group())
        if match := RU_RE.search(line):
            date = make_date(int(match["y"]), int(match["m"]), int(match["d"]))
            return EditionStatement("", date, number, match.group())
    return None
