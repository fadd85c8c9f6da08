"""What a source says about its own edition: a name and an effective date.

The statements are data: each registered language lists its templates
(``rulesref.core.langdata``: "These rules are effective as of {month} {day}, {year}.",
"이 규칙은 {year}년 {month}월 {day}일부터 적용됩니다."). Month names come from Babel's locale
data: Babel's own ``parse_date`` cannot read "2 ottobre 2024", so we build a month lookup per
locale instead.
"""

from __future__ import annotations

import datetime
import re

from rulesref.core import langdata

from .base import EditionStatement

month_lookup = langdata.month_lookup


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


def _templates() -> list[tuple[langdata.Language, str]]:
    """Every language's statement templates, then the same without their final full stop (the
    editions of 2023-11-17 and 2024-02-06 print "These rules are effective as of November 17, 2023"):
    a statement with its stop is read with it."""
    templates = [(lang, template) for lang in langdata.LANGUAGES.values() for template in lang.edition_statements]
    return templates + [(lang, template[:-1]) for lang, template in templates if template.endswith(".")]


def read_statement(line: str, number: int) -> EditionStatement | None:
    """The edition statement on ``line`` in any registered language; its date is None when the
    statement is there but its date cannot be read ("effective as of Novembre 14, 2025")."""
    for lang, template in _templates():
        match = langdata.statement_pattern(template).search(line)
        if match is None:
            continue
        fields = match.groupdict()
        date = None
        if fields.get("year") and fields.get("month") and fields.get("day"):
            month_text = fields["month"].lower().rstrip(".")
            month = int(month_text) if month_text.isdigit() else month_lookup(lang.babel_locale).get(month_text)
            if month is not None:
                date = make_date(int(fields["year"]), month, int(fields["day"]))
        return EditionStatement((fields.get("name") or "").strip(), date, number, match.group())
    return None


def looks_like_statement(line: str) -> bool:
    """Whether ``line`` holds an edition statement, readable or not."""
    return any(langdata.statement_pattern(template, loose=True).search(line) for _, template in _templates())


def find_statement(lines: list[tuple[int, str]], *, limit: int = 80) -> EditionStatement | None:
    """Look at the first ``limit`` lines for an edition statement in any language; a translation's
    own version ("和訳 20260116.0 版"), printed on a line of its own, is its ``revision``."""
    found = None
    for number, line in lines[:limit]:
        if statement := read_statement(line, number):
            found = statement
            break
    revision = find_revision(lines, limit=limit)
    if found is not None and revision:
        found.revision = revision
    return found


def read_revision(line: str) -> str | None:
    """The translation version stated on ``line`` ("20260116.0" of "(和訳 20260116.0 版)"), or None."""
    for lang in langdata.LANGUAGES.values():
        for template in lang.revision_statements:
            if match := langdata.statement_pattern(template).search(line):
                return match["revision"]
    return None


def find_revision(lines: list[tuple[int, str]], *, limit: int = 80) -> str:
    for _number, line in lines[:limit]:
        if revision := read_revision(line):
            return revision
    return ""
