"""Reading what a user typed: filters, repairs, rule numbers (with the numbering of the game the query
names), plain words and questions."""

import pytest

from rulesref.search.queries import is_question, is_unspaced_run, parse_user_query, plain_words, rule_number


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


def test_filters_are_read_and_the_rest_is_the_text_with_what_was_repaired_said():
    query = parse_user_query('lang:ja game:berserk edition:2024-05-31 "слабость  первого хода')
    assert (query.text, query.languages, query.game, query.edition) == (
        "слабость первого хода",
        ["ja"],
        "berserk",
        "2024-05-31",
    )
    assert [str(notice) for notice in query.notices] == ["An unmatched quote was ignored."]
    assert query.number is None


def test_a_language_is_named_by_its_code_its_alias_or_its_name():
    # In the interface language (English here), in English, or in the language itself.
    assert parse_user_query("lang:jp lang:Japanese lang:日本語 toughness").languages == ["ja", "ja", "ja"]


def test_a_repeated_word_is_searched_once_and_operators_with_nothing_to_join_are_dropped():
    assert parse_user_query("Trample trample over").text == "Trample over"
    query = parse_user_query("AND trample OR OR haste NOT")
    assert query.text == "trample OR haste"
    assert [str(notice) for notice in query.notices] == ["Operators with nothing to join were ignored."]


def test_plain_words_are_the_words_of_a_query_without_syntax():
    assert plain_words("state-based actions") == ["state-based", "actions"]
    assert plain_words('"mana value"') == []
    assert plain_words("trample AND planeswalker") == []
    assert plain_words("costitu*") == []


def test_a_question_is_four_plain_words_or_more():
    assert is_question("can you respond to a triggered ability")
    assert is_question("what is an emblem")
    assert not is_question("end of turn")
    assert not is_question("what is an (emblem)")
    # Commas, semicolons and colons between its clauses.
    assert is_question("Kann ich meinen Charakter bewegen, wenn er erschöpft ist")
    assert is_question("what happens, if I lose")
    assert not is_question("end, of")


def test_an_unspaced_run_is_three_cjk_characters_or_more_without_syntax():
    assert is_unspaced_run("衍生物离开战场会怎样")
    assert is_unspaced_run("替代性效应")  # a term, read as its pairs when nothing holds it whole
    assert is_unspaced_run("徽记是什么")
    assert is_unspaced_run("連續效應")
    assert not is_unspaced_run("什么")
    assert not is_unspaced_run('"衍生物离开战场会怎样"')
    assert not is_unspaced_run("衍生物 AND 离开战场会怎样")


@pytest.mark.parametrize(
    "typed, game, text",
    [
        ("what does exerted mean in lorcana", "lorcana", "what does exerted mean"),
        ("was heißt erschöpft genau bei Disney Lorcana", "lorcana", "was heißt erschöpft genau"),
        ("how does a player win in Berserk", "berserk", "how does a player win"),
        ("can I block two creatures in magic", "mtg", "can I block two creatures"),
        ("что такое рывок в берсерк", "berserk", "что такое рывок"),
    ],
)
def test_a_question_naming_its_game_asks_that_games_rules_alone(typed, game, text):
    query = parse_user_query(typed)
    assert (query.game, query.text) == (game, text)


@pytest.mark.parametrize(
    "typed",
    [
        "what does the berserk card do",  # Berserk is also a Magic card: no preposition, no game
        "exerted in lorcana",  # three words: not a question
        "how does trample work game:mtg in lorcana",  # the filter says which game
    ],
)
def test_a_game_name_is_a_game_only_after_a_preposition_in_a_question_without_a_game_filter(typed):
    query = parse_user_query(typed)
    assert query.text == " ".join(typed.replace("game:mtg", "").split())
    assert query.game == ("mtg" if "game:mtg" in typed else None)
