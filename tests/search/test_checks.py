"""The analyzer check belongs to the search package and runs with the system checks."""

from django.core.checks import run_checks

from rulesref.core import languages
from rulesref.search import checks


def test_a_content_language_without_an_analyzer_fails_the_system_check(monkeypatch):
    broken = dict(languages.CONTENT_LANGUAGES)
    broken["de"] = languages.Language("de", "Latn", "")
    monkeypatch.setattr(checks, "CONTENT_LANGUAGES", broken)
    errors = checks.check_content_languages(None)
    assert [e.id for e in errors] == ["rulesref.E001"]
    assert errors[0].msg == "content language 'de' has no search analyzer ('' is unknown)"
    # Registered by SearchConfig.ready(): the project's own checks report it too.
    assert [e.id for e in run_checks() if e.level >= 40] == ["rulesref.E001"]
