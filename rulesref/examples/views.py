"""Scenario pages: the index, one scenario run with the reader's parameters, coverage.

Everything is computed on the server and rendered as HTML that works without JavaScript.
Parameters come from a GET form; bad ones give a 400 page that says which and why; a run
that exceeds its budget stops with a message. Views only read: scenarios from disk, the
example texts from the database.
"""

from __future__ import annotations

import functools

from django.conf import settings
from django.db.models import F
from django.http import Http404
from django.shortcuts import render
from django.utils import translation
from django.utils.translation import get_language

from rulesref.core.games import GAMES
from rulesref.core.languages import CONTENT_LANGUAGES
from rulesref.rules.models import Edition, Example

from . import coverage as coverage_service
from . import messages, registry
from .bindings import LANGUAGE_PARAMETER
from .display import CONTENT_LANGUAGE, text_in, trace_context
from .engine.budget import Budget
from .runner import run
from .scenarios import ParameterError, Scenario


def linked_language(request) -> str | None:
    """The content language the link named (``?lang=it``), or None (no such parameter, or not a language)."""
    code = request.GET.get(LANGUAGE_PARAMETER, "")
    return code if code in CONTENT_LANGUAGES else None


def page_language(request) -> str:
    """The language of the page's texts: the rule's it was opened from (the Run link's ``?lang=``),
    else the interface language."""
    language = linked_language(request) or (get_language() or "en").lower()
    return language if language in CONTENT_LANGUAGES else "en"


def chosen_interface(request) -> str | None:
    """The interface language the reader chose with the switch (its cookie), or None."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def in_the_rules_language(view):
    """A page opened from a rule's Run link speaks the rule's language: its interface too, through
    Django's own translation machinery, unless the reader chose an interface language with the switch,
    which every page honours (or the switch could not change this page). Without ``?lang=`` the page
    follows the interface language, as every other page does."""

    @functools.wraps(view)
    def page(request, *args, **kwargs):
        language = linked_language(request)
        if language is None or chosen_interface(request) is not None:
            return view(request, *args, **kwargs)
        try:
            interface = translation.get_supported_language_variant(language)
        except LookupError:
            return view(request, *args, **kwargs)
        with translation.override(interface):
            request.LANGUAGE_CODE = interface
            response = view(request, *args, **kwargs)
        # LocaleMiddleware only fills in a Content-Language that is missing.
        response["Content-Language"] = interface
        return response

    return page


@in_the_rules_language
def index(request):
    language = page_language(request)
    items = []
    for scenario in registry.scenarios().values():
        title, title_lang = text_in(scenario.titles, language)
        items.append(
            {
                "scenario": scenario,
                "title": title,
                "title_lang": title_lang,
                "game": GAMES[scenario.game].label,
                "bindings": scenario.bindings,
            }
        )
    return render(request, "examples/scenario_list.html", {"items": items, "page_lang": language})


def budget() -> Budget:
    return Budget(
        operations=getattr(settings, "RULESREF_EXAMPLES_OPERATIONS", 200_000),
        seconds=getattr(settings, "RULESREF_EXAMPLES_SECONDS", 2.0),
    )


def parameter_message(error: ParameterError, scenario: Scenario, value: object, language: str) -> str:
    param = scenario.params.get(error.name)
    values = {
        "name": error.name,
        "label": param.label(language) if param else error.name,
        "value": str(value)[:40],
        "min": getattr(param, "minimum", ""),
        "max": getattr(param, "maximum", ""),
    }
    template = messages.PARAMETER_ERRORS.get(error.code, messages.PARAMETER_ERRORS["invalid"])
    return str(template) % values


def read_params(request, scenario: Scenario, language: str) -> tuple[dict, dict, list[str]]:
    """(parameters for the run, values to show in the form, error messages)."""
    values = scenario.defaults()
    shown = {name: str(value) for name, value in values.items()}
    errors = []
    for name in request.GET:
        if name == LANGUAGE_PARAMETER:
            continue
        raw = request.GET.get(name, "")
        if name in scenario.params:
            shown[name] = raw[:40]
        try:
            if name not in scenario.params:
                raise ParameterError(name, "unknown parameter", code="unknown")
            values[name] = scenario.params[name].parse(raw)
        except ParameterError as error:
            errors.append(parameter_message(error, scenario, raw, language))
    return values, shown, errors


@in_the_rules_language
def detail(request, slug: str):
    scenario = registry.scenarios().get(slug)
    if scenario is None:
        raise Http404("no such scenario")
    language = page_language(request)
    values, shown, errors = read_params(request, scenario, language)
    context = {
        "scenario": scenario,
        "title": text_in(scenario.titles, language),
        "summary": text_in(scenario.summaries, language) if scenario.summaries else None,
        "content_lang": CONTENT_LANGUAGE[scenario.game],
        "page_lang": language,
        "linked_lang": linked_language(request),
        "is_mtg": scenario.game == "mtg",
        "form": form_fields(scenario, shown, language),
        "errors": errors,
        "examples": bound_examples(scenario, language),
    }
    if errors:
        return render(request, "examples/scenario_detail.html", context, status=400)
    trace = run(scenario, values, budget=budget())
    context.update(trace_context(trace, scenario, language))
    return render(request, "examples/scenario_detail.html", context)


def form_fields(scenario: Scenario, shown: dict, language: str) -> list[dict]:
    fields = []
    for name, param in scenario.params.items():
        label, label_lang = text_in(param.labels, language)
        fields.append(
            {
                "name": name,
                "kind": param.kind,
                "label": label,
                "label_lang": label_lang,
                "value": shown.get(name, str(param.default)),
                "min": param.minimum,
                "max": param.maximum,
                "choices": [(choice, messages.COLORS.get(choice, choice)) for choice in param.choices],
            }
        )
    return fields


def bound_examples(scenario: Scenario, language: str) -> list[dict]:
    """The examples the scenario runs, with their text from the newest imported edition in the
    interface language (else in the game's own language), linked to the rule."""
    found = []
    for binding in scenario.bindings:
        item = {"binding": binding, "text": "", "lang": "", "url": ""}
        for lang in dict.fromkeys((language, CONTENT_LANGUAGE[scenario.game])):
            editions = Edition.objects.for_game(binding.game).in_language(lang).newest_first()
            if binding.editions:
                editions = editions.filter(slug__in=binding.editions)
            example = (
                Example.objects.filter(entry__edition__in=editions, entry__number=binding.rule, order=binding.position)
                .select_related("entry__edition__game")
                .order_by(F("entry__edition__effective_date").desc(nulls_last=True))
                .first()
            )
            if example is not None:
                item.update(text=example.text, lang=lang, url=example.entry.get_absolute_url())
                break
        found.append(item)
    return found


def coverage(request):
    language = (get_language() or "en").lower()
    game, lang, slug = coverage_service.DEFAULT_EDITION
    edition = coverage_service.find_edition(game, lang, slug)
    context = {"game": game, "language": lang, "edition_slug": slug, "report": None}
    # Broken files by name, line and reason (the page does not show the server's folders).
    context["broken"] = [error.short() for error in registry.problems()]
    if edition is not None:
        context["report"] = coverage_service.edition_coverage(edition, language=language)
    return render(request, "examples/coverage.html", context)
