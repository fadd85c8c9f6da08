"""Executable examples as data: the scenarios, and one run with the reader's parameters (read as the
scenario page reads them: ``examples.views.read_params``, the same bounds and messages; the same
budget), its trace as the ``run_example`` command prints it (``Trace.as_json``)."""

from __future__ import annotations

from django.urls import reverse
from ninja import Router

from rulesref.examples import registry
from rulesref.examples.runner import run
from rulesref.examples.views import budget, page_language, read_params

from .. import schemas
from ..problems import ApiError
from ..resources import api_url

router = Router(tags=["executable examples"])


def _scenario(scenario) -> dict:
    return {
        "slug": scenario.slug,
        "game": scenario.game,
        "titles": dict(scenario.titles),
        "summaries": dict(scenario.summaries),
        "examples": [
            {"game": b.game, "rule": b.rule, "position": b.position, "editions": list(b.editions)}
            for b in scenario.bindings
        ],
        "parameters": [
            {
                "name": name,
                "kind": param.kind,
                "default": param.default,
                "minimum": param.minimum,
                "maximum": param.maximum,
                "choices": list(param.choices),
                "labels": dict(param.labels),
            }
            for name, param in scenario.params.items()
        ],
        "links": {
            "self": api_url("scenario-run", slug=scenario.slug),
            "html": reverse("examples:detail", args=[scenario.slug]),
        },
    }


@router.get("/scenarios", response=schemas.ScenarioList, url_name="scenarios", summary="Every executable scenario")
def scenarios(request):
    return {
        "scenarios": [_scenario(s) for s in registry.scenarios().values()],
        "links": {"self": api_url("scenarios"), "html": reverse("examples:index")},
    }


@router.get(
    "/scenarios/{slug}/run", response=schemas.RunOut, url_name="scenario-run", summary="Run a scenario with parameters"
)
def scenario_run(request, slug: str):
    """Run the scenario; every other query parameter is one of its parameters (``?life=5``), bounded
    and checked as on its page (an unknown or out-of-bounds one: 400)."""
    scenario = registry.scenarios().get(slug)
    if scenario is None:
        raise ApiError(404, "unknown_scenario", f"no scenario {slug!r}; scenarios: {', '.join(registry.scenarios())}")
    values, _shown, errors = read_params(request, scenario, page_language(request))
    if errors:
        raise ApiError(400, "bad_parameter", " ".join(errors))
    trace = run(scenario, values, budget=budget()).as_json()
    return {
        "scenario": _scenario(scenario),
        "parameters": trace["params"],
        "passed": trace["passed"],
        "stopped": trace.get("stopped"),
        "first_failure": trace.get("first_failure"),
        "steps": trace["steps"],
        "links": {
            "self": request.get_full_path(),
            "html": reverse("examples:detail", args=[slug]) + ("?" + request.GET.urlencode() if request.GET else ""),
        },
    }
