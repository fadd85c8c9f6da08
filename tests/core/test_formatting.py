"""Names and dates in the interface language, never raw codes."""

import datetime

import pytest
from django.utils import translation

from rulesref.core.formatting import format_day, game_name, language_name, printable

DAY = datetime.date(2024, 10, 2)


@pytest.mark.parametrize(
    "ui, italian, date",
    [
        ("en", "Italian", "October 2, 2024"),
        ("it", "Italiano", "2 ottobre 2024"),
        ("ja", "イタリア語", "2024年10月2日"),
        ("ru", "Итальянский", "2 октября 2024\u202fг."),
    ],
)
def test_language_names_and_dates_follow_the_interface_language(ui, italian, date):
    with translation.override(ui):
        assert language_name("it") == italian
        assert format_day(DAY) == date


def test_chinese_names_its_script():
    assert language_name("zh-hans", "en") == "Simplified Chinese"


def test_game_names_come_from_the_registry():
    assert game_name("mtg") == "Magic: The Gathering"
    assert game_name("berserk") == "Berserk"


def test_control_characters_are_never_echoed():
    assert printable("toughness\x00\x1b[31m\u200bx") == "toughness  [31m x"
