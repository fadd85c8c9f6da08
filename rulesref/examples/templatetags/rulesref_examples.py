"""``{% example_run game number position edition %}``: under an example paragraph of a rule page,
a "Run" link to its scenario, or "not executable yet: needs …". For the rule pages (issue 8),
which load this library; the rules app itself never imports the examples app."""

from django import template

from rulesref.examples import bindings

register = template.Library()


@register.inclusion_tag("examples/_example_run.html")
def example_run(game: str, number: str, position: int, edition: str | None = None) -> dict:
    scenario = bindings.scenario_for(game, number, position, edition)
    if scenario is not None:
        return {"url": bindings.scenario_url(scenario.slug), "scenario": scenario, "reason": None}
    return {"url": None, "scenario": None, "reason": bindings.not_executable_reason(game, number, position, edition)}
