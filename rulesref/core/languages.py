"""The content languages rule texts come in: one registry, validated at startup.

Each language names its Babel locale, its script and the search analyzer that
indexes it. A content language without an analyzer is a startup error (see
``checks.py``), never a silent fallback.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import to_locale


@dataclass(frozen=True)
class Language:
    code: str  # as Django writes it: "en", "zh-hans"
    name: str  # the language's own name, for language pickers
    english_name: str
    script: str  # ISO 15924
    analyzer: str  # key into the search package's analyzer table
    label: object = ""  # translatable UI name
    example_label: str = "Example:"  # how the rule texts of this language introduce an example

    @property
    def babel_locale(self) -> str:
        """Babel's locale name: ``zh-hans`` → ``zh_Hans``."""
        return to_locale(self.code)


CONTENT_LANGUAGES: dict[str, Language] = {
    lang.code: lang
    for lang in (
        Language("en", "English", "English", "Latn", "snowball-en", _("English"), "Example:"),
        Language("it", "Italiano", "Italian", "Latn", "snowball-it", _("Italian"), "Esempio:"),
        Language("ja", "日本語", "Japanese", "Jpan", "japanese", _("Japanese"), "例："),
        Language("ru", "Русский", "Russian", "Cyrl", "snowball-ru", _("Russian"), "ПРИМЕР."),
        Language(
            "zh-hans", "简体中文", "Chinese (Simplified)", "Hans", "cjk-bigram", _("Chinese (Simplified)"), "例如："
        ),
    )
}

# Spellings users and files use for the same language.
ALIASES = {"zh": "zh-hans", "zh_hans": "zh-hans", "zh-cn": "zh-hans", "cn": "zh-hans", "jp": "ja"}


class UnknownLanguage(ValueError):
    pass


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
