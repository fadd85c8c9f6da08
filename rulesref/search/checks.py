"""System check: every content language names an analyzer this package provides."""

from __future__ import annotations

from django.core.checks import Error

from rulesref.core.languages import CONTENT_LANGUAGES

from .analysis import ANALYZERS


def check_content_languages(app_configs, **kwargs):
    """A content language without an analyzer is a startup error, never a silent fallback."""
    errors = []
    for lang in CONTENT_LANGUAGES.values():
        if lang.analyzer not in ANALYZERS:
            errors.append(
                Error(
                    f"content language {lang.code!r} has no search analyzer ({lang.analyzer!r} is unknown)",
                    hint="add an analyzer for it in rulesref/search/analysis.py",
                    id="rulesref.E001",
                )
            )
    return errors
