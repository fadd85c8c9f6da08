"""What every page's header needs: the interface languages for the switch."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language, get_language_info


def interface(request) -> dict:
    languages = [get_language_info(code) for code, _name in settings.LANGUAGES]
    return {
        "UI_LANG": get_language(),
        "interface_languages": languages,
    }
