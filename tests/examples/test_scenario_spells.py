"""Spells and abilities in scenario files (scenarios/cards.py): a mistake in a cost, a target or an
instruction names its file, line and field; a good file runs its cast."""

import pytest

from rulesref.examples.runner import run
from rulesref.examples.scenarios import ScenarioError, load_scenario

BOLT = """slug = "bolt"
game = "mtg"
title = { en = "Bolt", it = "Bolt", ja = "Bolt", ru = "Bolt" }

[[example]]
rule = "120.5"
position = 0

[cards.bolt]
name = "Lightning Bolt"
mana_cost = "{R}"
type_line = "Instant"

[[cards.bolt.abilities]]
key = "spell"
text = "Lightning Bolt deals 3 damage to any target."
spell = true
targets = [{ name = "target", players = true, filter = { types = ["Creature"] } }]
resolve = [{ do = "damage", what = "target", amount = 3 }]

[[steps]]
do = "setup"
text = { en = "Bolt in hand, {R} in the pool." }
place = [{ card = "bolt", zone = "hand" }]
mana = { you = "{R}" }

[[steps]]
do = "cast"
text = { en = "Bolt the opponent." }
object = "bolt"
targets = { target = "opponent" }

[[steps]]
do = "resolve"
text = { en = "It resolves." }

[[steps.expect]]
player = "opponent"
life = 17
"""


def write(tmp_path, text):
    path = tmp_path / "bolt.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_cast_spell_resolves_from_its_file(tmp_path):
    trace = run(load_scenario(write(tmp_path, BOLT)))
    assert (trace.passed, [check.actual for check in trace.checks]) == (True, [17])


@pytest.mark.parametrize(
    ("change", "line", "where", "reason"),
    [
        (
            ('do = "damage"', 'do = "zap"'),
            19,
            "cards.bolt.abilities[0].resolve[0].do",
            "'zap' is not an instruction; instructions: damage, destroy, exile, bounce, sacrifice, counters, tap, "
            "untap, effect, gain_life, lose_life, draw, win, add_mana, copy_mana, gain_control, exchange_control, "
            "counter, delayed, pay, put_onto_battlefield, gets, reflexive, regenerate, set_life, shuffle_into_library, "
            "return_to_hand, return_to_battlefield",
        ),
        (
            ('players = true, filter = { types = ["Creature"] }', "count = 1"),
            18,
            "cards.bolt.abilities[0].targets[0].filter",
            "say what it may target: a filter, or players = true",
        ),
        (
            ('mana = { you = "{R}" }', 'mana = { you = "{R/P}" }'),
            25,
            "steps[0].mana.you",
            "mana is {W}, {U}, {B}, {R}, {G} or {C} (rule 106.1)",
        ),
        (
            ("spell = true", "spell = true\ncost = { tap = true }"),
            18,
            "cards.bolt.abilities[0].cost",
            "a spell ability has no activation cost: the card's mana cost is paid",
        ),
        (
            ('targets = { target = "opponent" }', 'targets = { target = "nobody" }'),
            31,
            "steps[1].targets.target",
            "'nobody' is neither an object nor a player",
        ),
    ],
)
def test_a_mistake_names_file_line_field_and_reason(tmp_path, change, line, where, reason):
    path = write(tmp_path, BOLT.replace(*change))
    with pytest.raises(ScenarioError) as error:
        load_scenario(path)
    assert str(error.value) == f"{path}:{line}: {where}: {reason}"


def test_an_illegal_cast_without_a_legality_check_stops_the_run_with_its_reason(tmp_path):
    trace = run(load_scenario(write(tmp_path, BOLT.replace('mana = { you = "{R}" }', 'mana = { you = "{G}" }'))))
    assert trace.passed is False
    assert trace.stopped == "step 2 (Bolt the opponent.): You cannot pay {R} with {G} (rule 601.2h)"
    assert trace.stopped_code == "unpaid"
