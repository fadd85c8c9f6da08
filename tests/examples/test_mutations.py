"""Mutation test of the engine: a rule a scenario demonstrates, switched off, turns that scenario red.

Each rule the engine can switch off (``engine/switches.py``) is either guarded (``GUARDED``: the
scenario, the step and the check that fail without it) or listed with the reason no scenario
guards it yet (``UNGUARDED``). A guarded rule that loses its guard fails here; so does a listed
one that gains a guard (move it to ``GUARDED``), so the list stays the true one. Every run of every
bundled scenario takes about 0.15 s, so the whole module takes a few seconds.
"""

import pytest

from rulesref.examples.engine import switches
from rulesref.examples.runner import run
from rulesref.examples.scenarios import load_directory
from tests.conftest import ROOT

SCENARIOS = load_directory(ROOT / "rules_data" / "examples")

# Rule → (scenario, step number, check) that fails first when the rule is off.
GUARDED = {
    "613.2a": ("clone-chimeric-staff", 3, "name"),
    "613.2b": ("clone-face-down-demon", 2, "pt"),
    "613.1b": ("act-of-treason", 2, "controller"),
    "613.1c": ("name-sticker-bear-cub", 4, "name"),
    "613.1d": ("all-lands-creatures", 2, "types"),
    "613.1e": ("honor-of-the-pure", 2, "colors"),
    "613.1f": ("flying-auras", 2, "has"),
    "613.4a": ("lost-order-of-jarkeld", 3, "pt"),
    "613.4b": ("gray-ogre", 5, "pt"),
    "613.4c": ("gray-ogre", 2, "pt"),
    "613.4d": ("pt-switch-twice", 3, "pt"),
    "613.7a": ("rune-of-flight", 3, "order_in_layer"),
    "613.7e": ("rune-of-flight", 3, "effect_timestamp"),
    "704.5a": ("lichs-mirror", 5, "events_include"),
    "704.5b": ("lichs-mirror", 5, "events_include"),
    "704.5d": ("midnight-scavengers-token", 4, "exists"),
    "704.5f": ("young-wolf", 4, "zone"),
    "704.5g": ("lightning-bolt", 4, "zone"),
    "704.5i": ("trample-over-planeswalkers", 4, "zone"),
    "702.15b": ("boon-reflection-wither-lifelink", 5, "life"),
    "702.16e": ("trample-protection-from-green", 5, "zone"),
    "702.19b": ("trample-and-an-additional-block", 4, "legal"),
    "800.4a": ("mind-control-leaves-the-game", 2, "exists"),
    "608.1": ("veteran-motorist", 3, "creature"),
    "601.2f": ("spells-cost-more", 2, "mana_pool"),
    "603.4": ("felidar-sovereign", 4, "won"),
    "603.10a": ("each-player-sacrifices", 3, "stack"),
    "608.2b": ("sorins-thirst", 4, "life"),
    "614.8": ("quicksilver-elemental", 5, "zone"),
    "614.1": ("double-damage", 2, "life"),
    "616.1": ("exile-or-shuffle", 3, "zone"),
}

# Rules no scenario guards yet, and why.
UNGUARDED = {
    "613.3": "changeling (glasspool-mimic-changeling) is the only layer-4 effect on its object: nothing to go before",
    "613.6": "the examples of 613.6 are resolved effects, whose objects are fixed when created (611.2c) anyway",
    "613.7c": "additions in layer 7c commute: the counters' timestamps change no value a scenario checks",
    "613.7m": "no rulebook example of objects entering at once (tested in test_engine_copies.py)",
    "613.8": "the 2024-09-20 rulebook has no example of a dependency; the scenarios' ties are by timestamp",
    "704.5q": "Young Wolf dies with its counters either way: no scenario checks counters after they annihilate",
    "603.3b": "no scenario has triggered abilities of two players waiting at once (tested in test_engine_casting.py)",
    "500.4": "no scenario checks a mana pool after its step ends (tested in test_engine_casting.py)",
    "603.7b": "no scenario's delayed trigger meets its event twice (tested in test_engine_casting.py)",
    "704.5c": "no rulebook example of poison counters (tested in test_engine_combat.py)",
    "704.5h": "no rulebook example of deathtouch (tested in test_engine_combat.py)",
    "704.5j": "no rulebook example of the legend rule (tested in test_engine_combat.py)",
    "704.5m": "no rulebook example of an Aura attached to nothing (tested in test_engine_combat.py)",
    "704.5n": "no rulebook example of an Equipment on a noncreature (tested in test_engine_combat.py)",
    "510.4": "no rulebook example of first strike or double strike (tested in test_engine_combat.py)",
    "702.2c": "no rulebook example of deathtouch (tested in test_engine_combat.py)",
    "117.1a": "every scenario casts its spells when they may be cast (tested in test_engine_casting.py)",
}


def first_failure(trace) -> tuple[int, str] | None:
    for number, step in enumerate(trace.steps, start=1):
        for check in step.checks:
            if not check.ok:
                return number, check.key
    return None


def test_every_rule_switch_is_guarded_or_listed():
    assert set(GUARDED) | set(UNGUARDED) == set(switches.RULES)
    assert not set(GUARDED) & set(UNGUARDED)


def test_with_every_rule_on_every_scenario_passes():
    assert [slug for slug, scenario in SCENARIOS.items() if not run(scenario).passed] == []


@pytest.mark.parametrize("rule", sorted(GUARDED))
def test_a_guarded_rule_switched_off_turns_its_scenario_red(rule):
    slug, step, key = GUARDED[rule]
    with switches.switched_off(rule):
        trace = run(SCENARIOS[slug])
    assert trace.stopped == ""  # red because a check fails, not because the run broke
    assert first_failure(trace) == (step, key)


def test_the_rules_no_scenario_guards_are_the_listed_ones():
    """Switched off one at a time, these turn no scenario red: the scenarios do not check them."""
    gained = {}
    for rule in UNGUARDED:
        with switches.switched_off(rule):
            red = [slug for slug, scenario in SCENARIOS.items() if not run(scenario).passed]
        if red:
            gained[rule] = red
    assert gained == {}, f"these rules have a guard now: move them to GUARDED: {gained}"


def test_a_switch_is_back_on_after_its_block_and_unknown_rules_are_refused():
    with switches.switched_off("613.7a", "704.5g"):
        assert not switches.on("613.7a") and not switches.on("704.5g") and switches.on("613.8")
    assert switches.on("613.7a") and switches.on("704.5g")
    with pytest.raises(ValueError, match=r"no rule switch 999\.9; switches: 613\.2a, 613\.2b"):
        with switches.switched_off("999.9"):
            pass
