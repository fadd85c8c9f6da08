"""System checks: languages are data, validated at startup."""

from pathlib import Path

from django.conf import settings
from django.core.checks import Error, Tags, register

from .languages import CONTENT_LANGUAGES

KNOWN_ANALYZERS = {"snowball-en", "snowball-it", "snowball-ru", "japanese", "cjk-bigram"}


@register(Tags.compatibility)
def check_content_languages(app_configs, **kwargs):
    """Every content language must name an analyzer the search package provides."""
    errors = []
    for lang in CONTENT_LANGUAGES.values():
        if lang.analyzer not in KNOWN_ANALYZERS:
            errors.append(
                Error(
                    f"content language {lang.code!r} has no search analyzer ({lang.analyzer!r} is unknown)",
                    hint="add an analyzer for it in rulesref/search/analysis.py",
                    id="rulesref.E001",
                )
            )
    return errors


@register(Tags.translation)
def check_ui_catalogs(app_configs, **kwargs):
    """Every UI language other than English (the source language) must have a catalog."""
    errors = []
    for code, _name in settings.LANGUAGES:
        if code == "en":
            continue
        po = Path(settings.LOCALE_PATHS[0]) / code.replace("-", "_") / "LC_MESSAGES" / "django.po"
        if not po.exists():
            errors.append(
                Error(
                    f"UI language {code!r} has no catalog at {po}",
                    hint="add the .po file, or remove the language from settings.LANGUAGES",
                    id="rulesref.E002",
                )
            )
    return errors
