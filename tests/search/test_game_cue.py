"""A question naming no game, asked of a site holding two games in one language (MTG and Lorcana in
English and Japanese): the game its words point to comes first (``execution.game_cue``)."""

import pytest

from rulesref.search import search
from tests.search.conftest import bundled_and

# The bundled site (MTG in English, Italian and Japanese — the Japanese edition is rule 208 — and the
# Берсерк fragment), and Lorcana 2.2.0 in English and Japanese.
LORCANA = [
    ("lorcana_cr_en_20260709_v2.2.0.txt", "lorcana", "en", None),
    ("lorcana_cr_ja_20260710_v2.2.0.txt", "lorcana", "ja", "en:2026-07-09"),
]


@pytest.fixture(scope="module")
def two_games(django_db_blocker, tmp_path_factory):
    with bundled_and(django_db_blocker, tmp_path_factory, LORCANA, "two-games") as data_dir:
        yield data_dir


@pytest.fixture(autouse=True)
def site(two_games, settings, db):
    settings.DATA_DIR = two_games


def cue(text):
    """The game ``execution.game_cue`` reads ``text`` as asking about, from what its first reading found."""
    import time

    from rulesref.search import execution, service
    from rulesref.search.generations import open_generation
    from rulesref.search.pipeline import Found, Reading
    from rulesref.search.queries import parse_user_query

    run = service._start(open_generation(), parse_user_query(text), ["ja"], None, None, 10, time.monotonic())
    attempt = service._search(run, Reading(run.user.text))
    return execution.game_cue(run, Found(text=run.user.text, lists=attempt.lists, plans=attempt.plans))


def games(results, n=3):
    return [hit.game for hit in results.hits[:n]]


def test_a_word_printed_far_more_often_in_one_games_rules_points_to_it():
    # "character": 214 of Lorcana's English rules, 4 of MTG's. MTG's 703.4p and 514.2 (damage wearing off
    # in the cleanup step) came first.
    results = search("does damage on my character go away at the end of the turn", languages=["en"])
    assert games(results) == ["lorcana", "lorcana", "lorcana"]


def test_a_known_term_of_one_game_points_to_it_where_the_other_game_has_a_fragment():
    # 護衛 is Lorcana's Bodyguard; the Japanese MTG edition is rule 208, too small to compare words with.
    # On the corpora's whole site (the Chinese MTG edition among them), MTG's 701.21a ("To tap a permanent,
    # turn it sideways") came first, through 横向き's translation.
    question = "護衛を持つキャラクターって、横向きにして場に出してもいいの？"
    results = search(question, languages=["ja"])
    assert games(results) == ["lorcana", "lorcana", "lorcana"]
    # On this site the words alone already rank Lorcana first; the cue is what the term gives.
    assert cue(question) == "lorcana"
    # "マリガン" is MTG's term (its Japanese edition a fragment).
    assert cue("マリガン 何枚をライブラリーの下に置く") == "mtg"


def test_words_both_games_print_point_to_neither():
    results = search("does the first player draw a card on their first turn", languages=["en"])
    assert set(games(results, 10)) == {"mtg", "lorcana"}


def test_a_word_the_fragment_never_prints_points_to_the_other_game():
    from rulesref.search.questions import cued_game

    sizes = {"mtg": 10, "lorcana": 669}
    # A word in 97 of the 669 rules of one game and in none of the ten of the other (a fragment).
    assert cued_game([{"lorcana": 97}], sizes, fragments=frozenset({"mtg"})) == "lorcana"
    # "カード" is in both: no game.
    assert cued_game([{"lorcana": 300, "mtg": 2}], sizes, fragments=frozenset({"mtg"})) is None
    # Compared as a whole rulebook, ten rules make any share look large.
    assert cued_game([{"lorcana": 97}], sizes) is None
    # The fragment itself is pointed to by no word.
    assert cued_game([{"mtg": 5}], sizes, fragments=frozenset({"mtg"})) is None


def test_a_japanese_question_about_a_lorcana_character_asks_about_lorcana():
    # 変身 is Lorcana's Shift and MTG's transform (Japanese glossary); キャラクター is in no rule of the
    # Japanese MTG edition (rule 208). The cue was None: ten rules were compared as a rulebook.
    question = "変身させたら、下のキャラクターに乗っていたダメージはどうなりますか？"
    assert cue(question) == "lorcana"
