"""Names and dates in the interface language, from Babel's locale data.

Language names, dates and game names are shown in the language the reader chose for
the interface, never as raw codes: ``it`` + ``2024-10-02`` reads "Italiano · 2 ottobre 2024"
in an Italian interface and "イタリア語 · 2024年10月2日" in a Japanese one.
"""

from __future__ import annotations

import datetime
import functools
import unicodedata

from babel import Locale
from babel.dates import format_date
from django.utils.translation import get_language, to_locale

from .games import GAMES


def _ui_locale(ui: str | None) -> str:
    return to_locale(ui or get_language() or "en")


@functools.lru_cache(maxsize=64)
def _locale(name: str) -> Locale:
    return Locale.parse(name)


def _capitalised(text: str) -> str:
    # Babel gives language names as they stand mid-sentence ("italiano"); ours stand alone.
    return text[:1].upper() + text[1:]


@functools.lru_cache(maxsize=256)
def _language_name(code: str, ui_locale: str) -> str:
    locale = _locale(ui_locale)
    name = locale.languages.get(to_locale(code)) or locale.languages.get(code.split("-")[0])
    return _capitalised(name) if name else code


def language_name(code: str, ui: str | None = None) -> str:
    """``it`` → "Italiano" (Italian interface), "Italian" (English), "イタリア語" (Japanese)."""
    return _language_name(code, _ui_locale(ui))


def format_day(day: datetime.date, ui: str | None = None) -> str:
    """A date in the interface language's long form: "2 ottobre 2024", "2024年10月2日"."""
    return format_date(day, format="long", locale=_locale(_ui_locale(ui)))


def game_name(slug: str) -> str:
    """A game's name in the interface language (the registry's translatable label)."""
    game = GAMES.get(slug)
    return str(game.label) if game else slug


def printable(text: str, limit: int = 300) -> str:
    """``text`` fit to echo back on a page: control and format characters become spaces.

    A query is shown again in the search box and the page title; a NUL or an escape
    sequence a user pasted must never come back in the page.
    """
    cleaned = "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") else ch for ch in text)
    return cleaned[:limit]


@functools.lru_cache(maxsize=256)
def _language_name_in_text(code: str, ui_locale: str) -> str:
    locale = _locale(ui_locale)
    return locale.languages.get(to_locale(code)) or locale.languages.get(code.split("-")[0]) or code


def language_name_in_text(code: str, ui: str | None = None) -> str:
    """A language's name as it stands in a sentence: "italiano" in an Italian one ("regole in italiano"),
    "Italian" in English, "Italienisch" in German (CLDR writes each as the language does)."""
    return _language_name_in_text(code, _ui_locale(ui))
