"""Reading a typed rule number with the numbering of the game the query names."""

import pytest

from rulesref.search.queries import parse_user_query, rule_number


@pytest.mark.parametrize(
    "typed, number, game, hint",
    [
        ("4.3.4 game:lorcana", "4.3.4", "lorcana", None),
        ("1.7.6.1 game:lorcana", "1.7.6.1", "lorcana", None),
        ("1.10 game:lorcana", "1.10", "lorcana", None),
        ("regel 4.3.4", "4.3.4", None, "lorcana"),
        ("Règle 1.10", "1.10", None, "lorcana"),
        # Two dots or more are a dotted rule number in any case.
        ("1.7.6.1", "1.7.6.1", None, None),
        # The Comprehensive Rules' numbers, as before.
        ("208.2a", "208.2a", None, None),
        ("CR 208.2a", "208.2a", None, "mtg"),
        ("208.2a game:lorcana", "208.2a", "lorcana", None),
    ],
)
def test_a_dotted_rule_number_is_read_as_a_number(typed, number, game, hint):
    query = parse_user_query(typed)
    assert (query.number, query.game, query.game_hint) == (number, game, hint)


@pytest.mark.parametrize("typed", ["1.10", "4.3", "4 game:lorcana", "2.2.0", "6.3 cm"])
def test_a_decimal_or_a_bare_digit_is_not_a_rule_number(typed):
    assert parse_user_query(typed).number is None


def test_rule_number_reads_a_section_only_in_a_dotted_game():
    assert rule_number("1.10") is None
    assert rule_number("1.10", numbering="dotted") == "1.10"
    assert rule_number("1.10", numbering="cr") is None
