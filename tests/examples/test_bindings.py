"""The API the rule pages call: a scenario per example, in every language and edition."""

from django.utils import translation

from rulesref.examples.bindings import not_executable_reason, scenario_for, scenario_url, scenarios_for_rule
from rulesref.rules.models import Example
from rulesref.rules.services import edition_import
from tests.conftest import SEED_IT_2024


def test_a_scenario_is_found_by_game_rule_and_position():
    assert scenario_for("mtg", "208.2a", 0).slug == "lost-order-of-jarkeld"
    assert scenario_for("mtg", "208.3a", 0).slug == "veteran-motorist"
    assert scenario_for("mtg", "208.3a", 1) is None
    assert scenario_for("berserk", "208.3a", 0) is None
    assert scenario_url("veteran-motorist") == "/examples/veteran-motorist/"
    assert [(p, s.slug) for p, s in scenarios_for_rule("mtg", "613.4d")] == [
        (0, "pt-switch-then-pump"),
        (1, "pt-switch-outlasted"),
        (2, "pt-switch-twice"),
    ]


def test_a_binding_limited_to_editions_applies_only_there():
    assert scenario_for("berserk", "107.5", 1, "pre-ed15").slug == "berserk-elf-rider-first-turn"
    assert scenario_for("berserk", "107.5", 1, "2024-05-31") is None
    assert scenario_for("berserk", "108.5", 0, "2024-05-31").slug == "berserk-elf-rider-first-turn"


def test_an_example_without_a_scenario_says_what_it_needs_in_the_interface_language():
    assert not_executable_reason("mtg", "208.3a", 0) is None
    assert (
        not_executable_reason("mtg", "702.164b", 0, language="en")
        == "keyword abilities with values that add up (toxic N)"
    )
    with translation.override("ru"):
        assert (
            not_executable_reason("mtg", "702.164b", 0)
            == "ключевые способности со складывающимися значениями (токсичность N)"
        )
    with translation.override("it"):
        assert not_executable_reason("mtg", "999.9", 0) == "non ancora analizzato"


def test_the_italian_and_japanese_208_examples_get_the_same_scenarios(seed_editions):
    for language in ("it", "ja"):
        examples = Example.objects.filter(entry__edition__language=language).select_related("entry")
        found = {(e.entry.number, e.order): scenario_for("mtg", e.entry.number, e.order).slug for e in examples}
        assert found == {("208.2a", 0): "lost-order-of-jarkeld", ("208.3a", 0): "veteran-motorist"}, language


def test_a_reimport_keeps_every_binding(seed_editions, tmp_path):
    """Bindings are data (game, number, position), not rows; a re-import keeps the rows too."""
    before = set(Example.objects.filter(entry__edition__language="it").values_list("id", flat=True))
    changed = tmp_path / "it.txt"
    text = SEED_IT_2024.read_text(encoding="utf-8").replace("forza e costituzione", "forza e la costituzione", 1)
    changed.write_text(text, encoding="utf-8")
    edition_import(path=changed, game="mtg", language="it", edition="2024-10-02")
    after = Example.objects.filter(entry__edition__language="it").select_related("entry")
    assert set(after.values_list("id", flat=True)) == before
    assert {scenario_for("mtg", e.entry.number, e.order).slug for e in after} == {
        "lost-order-of-jarkeld",
        "veteran-motorist",
    }
