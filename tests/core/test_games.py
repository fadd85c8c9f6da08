"""Games are data (rules_data/games.toml), and the games users registered are games too."""

import pytest
from django.utils import translation

from rulesref.core import gamedata, rulenumbers
from rulesref.core.games import GAMES, UnknownGame, get_game
from rulesref.rules.models import Game
from rulesref.rules.parsers import numbers
from tests.conftest import ROOT

# GAMES holds the games imports registered, which are read from the database.
pytestmark = pytest.mark.django_db


def test_the_data_file_holds_magic_berserk_and_lorcana_in_its_order():
    assert list(gamedata.games()) == ["mtg", "berserk", "lorcana"]
    assert gamedata.GAMES_FILE == ROOT / "rules_data" / "games.toml"


def test_the_data_files_numberings_are_the_parsers_schemes():
    assert gamedata.NUMBERINGS == tuple(numbers.SCHEMES)


def test_lorcana_is_one_entry_of_data():
    lorcana = get_game("Lorcana ")
    assert (lorcana.slug, lorcana.name, lorcana.original_language, lorcana.numbering) == (
        "lorcana",
        "Disney Lorcana",
        "en",
        "dotted",
    )
    assert lorcana.names == {
        "en": "Disney Lorcana",
        "de": "Disney Lorcana",
        "fr": "Disney Lorcana",
        "it": "Disney Lorcana",
        "ja": "ディズニー・ロルカナ",
        "zh-hans": "迪士尼洛卡纳",
    }
    assert lorcana.registered is False


def test_the_games_keep_their_names_languages_and_numbering():
    assert [(g.slug, g.name, g.original_language, g.numbering) for g in GAMES.values()] == [
        ("mtg", "Magic: The Gathering", "en", "cr"),
        ("berserk", "Берсерк", "ru", "cr"),
        ("lorcana", "Disney Lorcana", "en", "dotted"),
    ]


@pytest.mark.parametrize(
    "ui, labels",
    [
        ("en", ["Magic: The Gathering", "Berserk", "Disney Lorcana"]),
        ("ja", ["マジック：ザ・ギャザリング", "ベルセルク", "ディズニー・ロルカナ"]),
        ("ru", ["Magic: The Gathering", "Берсерк", "Disney Lorcana"]),
        ("it", ["Magic: The Gathering", "Berserk", "Disney Lorcana"]),
    ],
)
def test_a_games_label_is_its_name_in_the_interface_language(ui, labels):
    """Magic's and Берсерк's labels are translated by the catalogs; Lorcana's come from its names."""
    with translation.override(ui):
        assert [str(game.label) for game in GAMES.values()] == labels


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownGame, match=r"^unknown game 'poker'; known games: mtg, berserk, lorcana$"):
        get_game("poker")


@pytest.mark.parametrize(
    "change, message",
    [
        (('numbering = "dotted"', 'numbering = "roman"'), "game 'lorcana' has numbering 'roman'; known: cr, dotted"),
        (
            ('original_language = "ru"', 'original_language = "xx"'),
            "game 'berserk' has original_language 'xx'; registered:",
        ),
        (('[games.lorcana.names]\nen = "Disney Lorcana"\n', "[games.lorcana.names]\n"), "no name in its original"),
        (('prefixes = ["regel", "règle"]', 'prefixes = ["regel", 7]'), "prefixes must be a list of non-empty"),
        (("[games.lorcana]\n", "[games.lorcana]\ncolour = 'blue'\n"), "game 'lorcana' has unknown fields colour"),
        (("[games.mtg]", "[games.MTG]"), "game key 'MTG' must be lower-case"),
        (('en = "https://magic.wizards.com/en/rules"', 'en = "ftp://x/cr.txt"'), "official_rules must map languages"),
        (('en = "https://magic.wizards.com/en/rules"', 'xx = "https://x/cr.txt"'), "official rules in languages that"),
    ],
)
def test_a_broken_games_file_fails_in_one_line_with_file_line_and_reason(change, message, tmp_path):
    text = gamedata.GAMES_FILE.read_text(encoding="utf-8")
    assert change[0] in text
    path = tmp_path / "games.toml"
    broken = text.replace(change[0], change[1])
    with pytest.raises(gamedata.GameDataError) as error:
        gamedata.parse(broken, path)
    assert str(error.value).startswith(f"{path}:")
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_a_toml_syntax_error_names_the_file(tmp_path):
    with pytest.raises(gamedata.GameDataError, match=r"games.toml: .*line 1"):
        gamedata.parse("[games.mtg\n", tmp_path / "games.toml")


def test_the_rule_number_prefixes_are_the_games_data():
    assert rulenumbers.PREFIXES == {
        prefix: game.key for game in reversed(gamedata.games().values()) for prefix in game.prefixes
    }
    assert rulenumbers.split_prefix("Regel 4.3.4") == ("regel", "4.3.4")
    assert rulenumbers.game_of_prefix("regel") == "lorcana"
    assert rulenumbers.game_of_prefix("règle") == "lorcana"


@pytest.mark.parametrize(
    "title, games",
    [
        ("                COMPREHENSIVE RULES\n  Disney Lorcana TCG", ["lorcana"]),
        ("総合ルール\nディズニー・ロルカナ・トレーディングカードゲーム", ["lorcana"]),
        ("Magic: The Gathering Comprehensive Rules", ["mtg"]),
        ("**Берсерк. Герои**", ["berserk"]),
        ("Lorcana and Magic: The Gathering side by side", ["mtg", "lorcana"]),
        ("The Rules of Skyward\nBerserker rage is a keyword", []),
    ],
)
def test_the_games_named_in_a_title_block(title, games):
    assert gamedata.games_in_title(title.splitlines()) == games


def test_only_the_first_40_lines_are_a_title_block():
    lines = ["Rules"] * 40 + ["Disney Lorcana"]
    assert gamedata.games_in_title(lines) == []
    assert gamedata.games_in_title(lines[1:]) == ["lorcana"]


@pytest.mark.parametrize(
    "name",
    ["lorcana_cr_en_20260709_v2.2.0.txt", "lorcana_cr_de_20260430_v2.1.0.txt", "lorcana_cr_ja_20260710_v2.2.0.txt"],
)
def test_each_lorcana_file_names_lorcana_in_its_title_block(corpus, name):
    lines = corpus(name).read_text(encoding="utf-8").splitlines()
    assert gamedata.games_in_title(lines) == ["lorcana"]


def test_a_game_registered_in_the_database_is_a_game_everywhere():
    Game.objects.create(
        slug="skyward",
        name="Skyward",
        original_language="en",
        numbering="dotted",
        names={"en": "Skyward", "ja": "スカイワード"},
        registered=True,
    )
    # A data game's row is not a registered game (the data file answers for it).
    Game.objects.create(slug="mtg", name="Magic: The Gathering")
    assert list(GAMES) == ["mtg", "berserk", "lorcana", "skyward"]
    assert "skyward" in GAMES
    skyward = get_game("skyward")
    assert (skyward.name, skyward.original_language, skyward.numbering, skyward.registered) == (
        "Skyward",
        "en",
        "dotted",
        True,
    )
    with translation.override("ja"):
        assert str(skyward.label) == "スカイワード"
    with translation.override("ru"):
        assert str(skyward.label) == "Skyward"
    with pytest.raises(UnknownGame, match="known games: mtg, berserk, lorcana, skyward$"):
        get_game("poker")
