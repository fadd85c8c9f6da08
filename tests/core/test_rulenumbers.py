"""The words that may stand before a rule number, and the game each points to."""

import pytest

from rulesref.core.rulenumbers import game_of_prefix, split_prefix


@pytest.mark.parametrize(
    "text, prefix, rest, game",
    [
        ("CR 208.2a", "cr", "208.2a", "mtg"),
        ("r208.2a", "r", "208.2a", "mtg"),
        ("rules 704.5k", "rules", "704.5k", "mtg"),
        ("regola 208.3a", "regola", "208.3a", "mtg"),
        ("规则 614.1", "规则", "614.1", "mtg"),
        # Traditional Chinese and Japanese 規則: the same prefix in other character forms.
        ("規則 614.1", "规则", "614.1", "mtg"),
        ("규칙 702.9", "규칙", "702.9", "mtg"),
        ("правило 108.4", "правило", "108.4", "berserk"),
        ("п. 108.4", "п.", "108.4", "berserk"),
        ("208.2a", None, "208.2a", None),
        ("rule of law", None, "rule of law", None),
    ],
)
def test_a_prefix_is_split_off_and_names_its_game(text, prefix, rest, game):
    assert split_prefix(text) == (prefix, rest)
    assert game_of_prefix(prefix) == game
