"""What every page's header needs: the interface languages for the switch, the search box."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language, get_language_info

from .formatting import printable


def interface(request) -> dict:
    languages = [get_language_info(code) for code, _name in settings.LANGUAGES]
    return {
        "UI_LANG": get_language(),
        "interface_languages": languages,
        # The search box keeps the query it was given on the search page only.
        "header_query": printable(request.GET.get("q", "")) if _on_search_page(request) else "",
    }


def _on_search_page(request) -> bool:
    match = getattr(request, "resolver_match", None)
    return match is not None and match.namespace == "search"
