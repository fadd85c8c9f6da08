"""The public API the rule pages call to show a "Run" link (or why there is none) under each
example paragraph, in every language and edition.

A scenario names the example it runs by game, rule number and the example's 0-based position
under that rule (optionally only in some editions), never by a database row, so a re-import
keeps every binding. Where the alignment of editions (concepts) exists, the rule page can
pass the number the concept has in the edition at hand; these functions take that number.

    >>> scenario_for("mtg", "208.3a", 0).slug
    'veteran-motorist'
    >>> scenario_url("veteran-motorist")
    '/examples/veteran-motorist/'
    >>> scenario_url("veteran-motorist", language="it")
    '/examples/veteran-motorist/?lang=it'
    >>> not_executable_reason("mtg", "616.1g", 0)
    'replacement effects on an event contained in another: creating tokens, then their entering (rule 616.1g)'
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from . import registry
from .scenarios import LANGUAGE_PARAMETER, Scenario


def scenario_for(game: str, rule_number: str, position: int, edition: str | None = None) -> Scenario | None:
    """The scenario that runs this example, or None.

    ``edition`` is the edition's slug (``2024-09-20``, ``pre-ed15``); a binding limited to some
    editions applies only there. Without it, every binding of that number applies.
    """
    for binding, scenario in registry.binding_index().get((game, rule_number, position), []):
        if binding.applies_to(edition):
            return scenario
    return None


def scenarios_for_rule(game: str, rule_number: str, edition: str | None = None) -> list[tuple[int, Scenario]]:
    """Every executable example of one rule: (position, scenario), by position."""
    found = []
    for (bound_game, rule, position), pairs in registry.binding_index().items():
        if bound_game == game and rule == rule_number:
            for binding, scenario in pairs:
                if binding.applies_to(edition):
                    found.append((position, scenario))
                    break
    return sorted(found, key=lambda pair: pair[0])


def not_executable_reason(
    game: str, rule_number: str, position: int, edition: str | None = None, language: str | None = None
) -> str | None:
    """Why this example has no scenario ("needs the stack …"), in ``language`` (default: the
    interface language, English where the data has no translation); None when it has one."""
    if scenario_for(game, rule_number, position, edition) is not None:
        return None
    reasons = registry.reasons()
    reason = reasons.reason_for(game, rule_number, position)
    if reason is None:
        return _("not analysed yet")
    return reasons.text(reason, (language or get_language() or "en").lower())


def scenario_url(slug: str, language: str | None = None) -> str:
    """The scenario's page; with ``language`` (the rule's), the page speaks it (``?lang=it``): the
    scenario's texts and the rule's text in it, and its interface unless the reader chose another."""
    url = reverse("examples:detail", args=[slug])
    return f"{url}?{urlencode({LANGUAGE_PARAMETER: language})}" if language else url
