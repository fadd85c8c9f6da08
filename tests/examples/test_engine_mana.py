"""Mana costs: colours (rule 202.2) and mana value (rule 202.3)."""

import pytest

from rulesref.examples.engine.mana import ManaCost


@pytest.mark.parametrize(
    ("cost", "value", "colors"),
    [
        ("{2}{W}", 3, {"W"}),
        ("{2}", 2, set()),
        ("{2}{W}{B}", 4, {"W", "B"}),
        ("{3}{U}{U}", 5, {"U"}),
        ("{1}{W/U}{W/U}", 3, {"W", "U"}),
        ("{2/B}{2/B}{2/B}", 6, {"B"}),
        ("{1}{W/P}{W/P}", 3, {"W"}),
        ("{X}{R}{R}", 2, {"R"}),
        ("{C}{S}", 2, set()),
        ("", 0, set()),
    ],
)
def test_mana_value_and_colors(cost, value, colors):
    parsed = ManaCost.parse(cost)
    assert parsed.mana_value == value
    assert set(parsed.colors) == colors
    assert str(parsed) == cost


@pytest.mark.parametrize(
    ("cost", "message"),
    [
        ("{Q}", "unknown mana symbol {Q} in '{Q}'"),
        ("2{W}", "cannot read '2' in mana cost '2{W}'"),
        ("{W}{", "cannot read '{' in mana cost '{W}{'"),
        ("{W/P/U}", "unknown mana symbol {W/P/U} in '{W/P/U}'"),
    ],
)
def test_an_unreadable_cost_names_the_symbol(cost, message):
    with pytest.raises(ValueError) as error:
        ManaCost.parse(cost)
    assert str(error.value) == message
