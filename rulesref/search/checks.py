"""System checks: every content language names an analyzer this package provides; the live index
is not damaged."""

from __future__ import annotations

from django.core.checks import Error, Warning

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


def check_live_index(app_configs, **kwargs):
    """A damaged live index (see ``integrity.generation_problem``) is said by ``manage.py check`` too, in
    one line naming the file; the pages keep serving meanwhile."""
    from .store import index_problem

    problem = index_problem(thorough=False)
    if problem is None:
        return []
    return [
        Warning(
            f"the live search index is damaged: {problem}",
            hint="run “python manage.py build_index --if-stale”: it rebuilds it",
            id="rulesref.W030",
        )
    ]


def _disabled(found: str, what: str, check_id: str) -> list:
    """The warning for a damaged search data file (``found``: why it is disabled; "" when it is not)."""
    if not found:
        return []
    return [
        Warning(
            f"search {what} are disabled: {found}",
            hint=f"fix the file; searches run without {what} meanwhile",
            id=check_id,
        )
    ]


def check_paraphrases(app_configs, **kwargs):
    """A damaged paraphrases file disables the paraphrases (searches go on without them) and is said here."""
    from .paraphrases import problem

    return _disabled(problem(), "paraphrases", "rulesref.W031")


def check_readers_terms(app_configs, **kwargs):
    """A damaged readers' terms file disables those terms (searches go on without them) and is said here."""
    from .readers_terms import problem

    return _disabled(problem(), "readers' terms", "rulesref.W032")
