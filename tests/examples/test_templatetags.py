"""The tag the rule pages use under each example paragraph."""

from django.template import Context, Template
from django.utils import translation

TEMPLATE = Template("{% load rulesref_examples %}{% example_run game number position edition %}")


def render(game, number, position, edition=None):
    return TEMPLATE.render(Context({"game": game, "number": number, "position": position, "edition": edition}))


def test_an_executable_example_links_to_its_scenario():
    assert (
        render("mtg", "208.3a", 0) == '<a class="example-run" href="/examples/veteran-motorist/">Run this example</a>\n'
    )
    assert render("berserk", "107.5", 1, "pre-ed15") == (
        '<a class="example-run" href="/examples/berserk-elf-rider-first-turn/">Run this example</a>\n'
    )


def test_another_example_says_what_it_needs():
    with translation.override("it"):
        html = render("mtg", "113.6k", 0)
    assert html == (
        '<span class="example-not-run">non ancora eseguibile: richiede abilità innescate che il motore non conosce '
        "ancora (riflessive, infestare, di combattimento e di copia)</span>\n"
    )
    assert render("berserk", "107.5", 1, "2024-05-31").startswith('<span class="example-not-run">')
