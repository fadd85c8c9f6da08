"""System checks: every UI language has a catalog.

The check that every content language names an analyzer lives with the analyzers, in
``rulesref.search.checks`` (registered by ``SearchConfig.ready()``): core does not know them.
"""

from pathlib import Path

from django.conf import settings
from django.core.checks import Error, Tags, register
from django.utils.translation import to_locale


@register(Tags.translation)
def check_ui_catalogs(app_configs, **kwargs):
    """Every UI language other than English (the source language) must have a catalog."""
    errors = []
    for code, _name in settings.LANGUAGES:
        if code == "en":
            continue
        # Where Django looks: zh-hans in zh_Hans (a case-sensitive file system finds no zh_hans).
        po = Path(settings.LOCALE_PATHS[0]) / to_locale(code) / "LC_MESSAGES" / "django.po"
        if not po.exists():
            errors.append(
                Error(
                    f"UI language {code!r} has no catalog at {po}",
                    hint="add the .po file, or remove the language from settings.LANGUAGES",
                    id="rulesref.E002",
                )
            )
    return errors
