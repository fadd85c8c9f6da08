"""Names and dates in the interface language, never raw codes."""

import datetime

import pytest
from django.utils import translation

from rulesref.core.formatting import (
    edition_date,
    edition_key_label,
    edition_label,
    format_day,
    game_name,
    language_name,
    language_name_in_text,
    printable,
    slug_date,
)
from rulesref.core.languages import CONTENT_LANGUAGES

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


@pytest.mark.parametrize(
    "ui, chinese, in_text",
    [
        ("en", "Chinese (Simplified)", "Chinese (Simplified)"),
        ("it", "Cinese (semplificato)", "cinese (semplificato)"),
        ("ja", "中国語 (簡体字)", "中国語 (簡体字)"),
        ("ru", "Китайский (упрощенная)", "китайский (упрощенная)"),
    ],
)
def test_chinese_has_one_name_per_interface_language(ui, chinese, in_text):
    """One source: the formatter, the content languages' labels and the interface-language list agree
    (no "Simplified Chinese" beside "Chinese (Simplified)")."""
    with translation.override(ui):
        assert language_name("zh-hans") == chinese
        assert str(CONTENT_LANGUAGES["zh-hans"].label) == chinese
        assert language_name_in_text("zh-hans") == in_text


def test_an_unknown_language_code_is_shown_as_it_is_not_capitalised():
    assert language_name("xx", "en") == "xx"


class FakeEdition:
    def __init__(self, language, slug, effective_date=None, name=""):
        self.language, self.slug, self.effective_date, self.name = language, slug, effective_date, name


ITALIAN = FakeEdition("it", "2024-10-02", DAY, "Duskmourn: La Casa degli Orrori")
VIEWER = FakeEdition("ja", "ja-viewer", None, "総合ルールビューア")
NAMELESS = FakeEdition("ru", "pre-ed15")


@pytest.mark.parametrize(
    "ui, italian, viewer, nameless",
    [
        ("en", "Italian · October 2, 2024", "Japanese · 総合ルールビューア (undated)", "Russian · undated edition"),
        (
            "it",
            "Italiano · 2 ottobre 2024",
            "Giapponese · 総合ルールビューア (senza data)",
            "Russo · edizione senza data",
        ),
        ("ja", "イタリア語 · 2024年10月2日", "日本語 · 総合ルールビューア（日付なし）", "ロシア語 · 日付のない版"),
        (
            "ru",
            "Итальянский · 2 октября 2024\u202fг.",
            "Японский · 総合ルールビューア (без даты)",
            "Русский · редакция без даты",
        ),
    ],
)
def test_editions_are_named_by_language_and_date_never_by_slug(ui, italian, viewer, nameless):
    with translation.override(ui):
        assert [edition_label(e) for e in (ITALIAN, VIEWER, NAMELESS)] == [italian, viewer, nameless]
        assert edition_date(ITALIAN) == italian.split(" · ")[1]


@pytest.mark.parametrize(
    "ui, key, expected",
    [
        ("en", "en:2023-06-16", "English · June 16, 2023"),
        ("it", "en:2023-06-16", "Inglese · 16 giugno 2023"),
        ("ja", "en:2023-06-16", "英語 · 2023年6月16日"),
        ("ru", "en:2023-06-16", "Английский · 16 июня 2023\u202fг."),
        ("it", "ja:ja-viewer", "Giapponese · edizione senza data"),
    ],
)
def test_a_source_edition_known_only_by_its_key_is_named_too(ui, key, expected):
    with translation.override(ui):
        assert edition_key_label(key) == expected


def test_a_slug_is_shown_as_its_date_or_as_undated():
    with translation.override("it"):
        assert (slug_date("2024-10-02"), slug_date("ja-viewer")) == ("2 ottobre 2024", "edizione senza data")


def test_game_names_come_from_the_registry():
    assert game_name("mtg") == "Magic: The Gathering"
    assert game_name("berserk") == "Berserk"


def test_control_characters_are_never_echoed():
    assert printable("toughness\x00\x1b[31m\u200bx") == "toughness  [31m x"
