"""What the executable examples add to a rule's page: under each example paragraph, a "Run" link
to its scenario, or "not executable yet: needs …".

Registered as a rule-page example annotation (``rulesref.core.panels``) in ``ExamplesConfig.ready()``,
so the rules app never imports this one. A scenario names its example by game, rule number and
position; the example of the same rule in another language or edition (the same concept) shows the
same link, also where its edition numbers the rule differently (Берсерк's fragment 107.5 is Heroes
108.5).
"""

from __future__ import annotations

from django.template.loader import render_to_string

from rulesref.rules.models import Entry
from rulesref.rules.selectors import content_version

from . import bindings, registry
from .scenarios import Scenario

_by_concept: dict[str, tuple[str, dict]] = {}


def concept_bindings(game: str) -> dict[tuple[int, int], Scenario]:
    """(concept id, example position) → scenario, for every example a scenario is bound to.

    A binding names a rule number (in the editions it lists, or in every edition of the game);
    the concepts of the entries printed with that number are the rule it means, in every other
    language and edition too. Read once per change of the data (``content_version``).
    """
    fingerprint = content_version(game).fingerprint
    cached = _by_concept.get(game)
    if cached is not None and cached[0] == fingerprint:
        return cached[1]
    found: dict[tuple[int, int], Scenario] = {}
    for (bound_game, number, position), pairs in registry.binding_index().items():
        if bound_game != game:
            continue
        for binding, scenario in pairs:
            entries = Entry.objects.filter(edition__game__slug=game, number=number).exclude(concept=None)
            if binding.editions:
                entries = entries.filter(edition__slug__in=binding.editions)
            for concept in entries.values_list("concept_id", flat=True).distinct():
                found.setdefault((concept, position), scenario)
    _by_concept[game] = (fingerprint, found)
    return found


def scenario_for_example(entry, example) -> Scenario | None:
    """The scenario that runs ``example`` (of ``entry``): bound to its number here, or to the
    same rule (concept) anywhere."""
    if not entry.number:
        return None
    game, edition = entry.edition.game.slug, entry.edition.slug
    own = bindings.scenario_for(game, entry.number, example.order, edition)
    if own is not None or entry.concept_id is None:
        return own
    return concept_bindings(game).get((entry.concept_id, example.order))


def run_link(request, entry, example) -> str | None:
    """The annotation: a Run link, or why the example is not executable yet."""
    if not entry.number:
        return None
    scenario = scenario_for_example(entry, example)
    if scenario is not None:
        # The example page follows the language of the rule it is opened from.
        url = bindings.scenario_url(scenario.slug, language=entry.edition.language)
        context = {"url": url, "scenario": scenario, "reason": None}
    else:
        game, edition = entry.edition.game.slug, entry.edition.slug
        if registry.reasons().reason_for(game, entry.number, example.order) is None:
            # Nobody has looked at what this example would need yet: say so, not "needs …".
            context = {"url": None, "scenario": None, "reason": None, "unanalysed": True}
        else:
            reason = bindings.not_executable_reason(game, entry.number, example.order, edition)
            context = {"url": None, "scenario": None, "reason": reason}
    return render_to_string("examples/_example_run.html", context, request=request)
