"""The content languages rule texts come in: one registry, validated at startup.

The registry itself is plain data in :mod:`rulesref.core.langdata` (the parsers read it
without Django); this module re-exports it for the rest of the project and adds what needs
Django: each language's label in the active user-interface language, from Babel's locale
data. A content language without an analyzer is a startup error (see ``checks.py``), never
a silent fallback.
"""

from __future__ import annotations

import dataclasses

from django.utils.functional import lazy

from . import langdata
from .formatting import language_name
from .langdata import UnknownLanguage

__all__ = ["ALIASES", "CONTENT_LANGUAGES", "Language", "UnknownLanguage", "get_language", "language_choices"]


# The one source of language names on pages (core/formatting.py), evaluated when shown.
_lazy_label = lazy(language_name, str)


@dataclasses.dataclass(frozen=True)
class Language(langdata.Language):
    """A registry entry, with its name in the active user-interface language for pages."""

    @property
    def label(self):
        """Babel's name in the active UI language ("Korean", "Coreano", "韓国語"), evaluated lazily."""
        return _lazy_label(self.code)


CONTENT_LANGUAGES: dict[str, Language] = {
    code: Language(**{f.name: getattr(lang, f.name) for f in dataclasses.fields(lang)})
    for code, lang in langdata.LANGUAGES.items()
}
ALIASES = langdata.ALIASES


def get_language(code: str) -> Language:
    """The registered language for ``code`` (case-insensitive, common aliases accepted)."""
    normalised = code.strip().lower().replace("_", "-")
    normalised = ALIASES.get(normalised, normalised)
    try:
        return CONTENT_LANGUAGES[normalised]
    except KeyError:
        known = ", ".join(CONTENT_LANGUAGES)
        raise UnknownLanguage(f"unknown language {code!r}; known languages: {known}") from None


def language_choices() -> list[tuple[str, str]]:
    return [(lang.code, lang.english_name) for lang in CONTENT_LANGUAGES.values()]
