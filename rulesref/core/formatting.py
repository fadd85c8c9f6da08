"""Names and dates in the interface language, from Babel's locale data.

Language names, dates, game names and editions are shown in the language the reader chose for
the interface, never as raw codes: ``it`` + ``2024-10-02`` reads "Italiano · 2 ottobre 2024"
in an Italian interface and "イタリア語 · 2024年10月2日" in a Japanese one. This module is the one
home of those names: the pages' template filters (``core/templatetags/rulesref_names.py``), the
content languages' labels (``core/languages.py``) and the messages call it. Codes and slugs stay
in addresses and machine outputs (JSON, TMX, CSV).
"""

from __future__ import annotations

import datetime
import functools
import unicodedata

from babel import Locale, UnknownLocaleError
from babel.dates import format_date
from django.utils.translation import get_language, to_locale
from django.utils.translation import gettext as _

from .games import GAMES
from .langdata import display_name


def _ui_locale(ui: str | None) -> str:
    return to_locale(ui or get_language() or "en")


@functools.lru_cache(maxsize=64)
def _locale(name: str) -> Locale:
    return Locale.parse(name)


def _capitalised(text: str) -> str:
    # Babel gives language names as they stand mid-sentence ("italiano"); ours stand alone.
    return text[:1].upper() + text[1:]


@functools.lru_cache(maxsize=256)
def _language_name_in_text(code: str, ui_locale: str) -> str:
    # One source for every language name on a page: Babel's display name ("Chinese (Simplified)",
    # as the interface-language switch's catalogs name it too), never a second table beside it.
    try:
        return display_name(code, ui_locale)
    except (ValueError, UnknownLocaleError):
        return code


def language_name(code: str, ui: str | None = None) -> str:
    """``it`` → "Italiano" (Italian interface), "Italian" (English), "イタリア語" (Japanese)."""
    name = _language_name_in_text(code, _ui_locale(ui))
    return code if name == code else _capitalised(name)


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


def language_name_in_text(code: str, ui: str | None = None) -> str:
    """A language's name as it stands in a sentence: "italiano" in an Italian one ("regole in italiano"),
    "Italian" in English, "Italienisch" in German (CLDR writes each as the language does)."""
    return _language_name_in_text(code, _ui_locale(ui))


def edition_date(edition) -> str:
    """An edition's effective date in the interface language ("2 ottobre 2024"), or its name and
    "undated" for a source that states no date ("総合ルールビューア (undated)"): never its slug."""
    if edition.effective_date:
        return format_day(edition.effective_date)
    if edition.name:
        # Translators: an edition whose source states no date, by its name as printed.
        return _("%(name)s (undated)") % {"name": edition.name}
    return _("undated edition")


def edition_label(edition) -> str:
    """An edition as pages name it: its language and date, "Italiano · 2 ottobre 2024"
    ("Japanese · 総合ルールビューア (undated)" for an undated one)."""
    return f"{language_name(edition.language)} · {edition_date(edition)}"


def edition_key_label(key: str) -> str:
    """A source edition named by its key only (``en:2023-06-16``, not imported):
    "English · 16 June 2023", "English · undated edition"."""
    language, _sep, slug = key.partition(":")
    return f"{language_name(language)} · {slug_date(slug)}"


def slug_date(slug: str) -> str:
    """An edition slug's date in the interface language ("2024-10-02" → "2 ottobre 2024"),
    or "undated edition" for a slug that is not a date (``ja-viewer``)."""
    try:
        return format_day(datetime.date.fromisoformat(slug))
    except ValueError:
        return _("undated edition")
