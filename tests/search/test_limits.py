"""What one query may cost is bounded; hostile input gets a reading and a notice, never a failure."""

import pytest

from rulesref.search import clear_cache, limits, search
from rulesref.search.queries import parse_user_query

pytestmark = pytest.mark.usefixtures("search_index")


def notices(results):
    return [str(n) for n in results.notices]


def test_a_wildcard_needs_two_letters_before_the_star():
    query = parse_user_query("a* toughness")
    assert query.text == "a toughness"
    assert [str(n) for n in query.notices] == [
        "A wildcard needs at least 2 letters before the *: “a*” was searched without it."
    ]
    assert parse_user_query("to*").text == "to*"
    assert parse_user_query("右*").text == "右*"


def test_a_wildcard_that_matches_too_many_words_searches_the_most_frequent():
    results = search("co*", languages=["en"])
    assert results.error is None and results.hits
    assert "Your query matched too many words: only the most frequent ones were searched." in notices(results)


def test_lone_surrogates_and_controls_read_as_spaces():
    assert parse_user_query("tough\ud800ness\udfff").text == "tough ness"
    results = search("\ud800toughness\udc00", languages=["en"])
    assert results.error is None
    assert results.hits[0].number == "208.1"


def test_a_long_phrase_is_read_as_words():
    query = parse_user_query('"a b c d e f g h i j"')
    assert query.text == "a b c d e f g h i j"
    assert [str(n) for n in query.notices] == ["A phrase of more than 8 words was searched as words."]


def test_repeated_words_count_once_and_long_queries_are_shortened():
    assert parse_user_query("turn turn Turn card").text == "turn card"
    # A word repeated further on stays: the phrase "at the same time" keeps its "the".
    assert parse_user_query("lose the game at the same time").text == "lose the game at the same time"
    words = " ".join(f"w{i}" for i in range(30))
    query = parse_user_query(words)
    assert len(query.text.split()) == limits.MAX_WORDS
    assert "Your query was shortened to its first 20 words." in [str(n) for n in query.notices]


def test_a_tangle_of_operators_the_parser_cannot_read_still_searches_its_words():
    results = search('creature ) player OR OR ( ( ability OR AND ( OR " rule ) NOT AND card NOT ( to')
    assert results.error is None


def test_a_search_past_its_time_budget_answers_with_what_it_has(monkeypatch):
    monkeypatch.setattr(limits, "QUERY_BUDGET_SECONDS", 0.0)
    clear_cache()
    results = search("creature")
    assert results.error is None
    assert "The search took too long and shows what it found in time." in notices(results)
    clear_cache()


def test_a_search_whose_budget_ran_out_before_it_began_still_answers_from_one_language(monkeypatch):
    """A machine busy enough to use up the whole budget before anything was searched: the first
    language searched gets a window of its own, so the page shows 208.1, not nothing."""
    monkeypatch.setattr(limits, "QUERY_BUDGET_SECONDS", -1.0)
    monkeypatch.setattr(limits, "FIRST_LANGUAGE_SECONDS", 5.0)
    clear_cache()
    results = search("costituzione", languages=["it"])
    assert results.hits[0].number == "208.1"
    assert results.hits[0].texts["it"].url == "/rules/mtg/it/2024-10-02/208.1/"
    assert "The search took too long and shows what it found in time." in notices(results)
    clear_cache()


def test_a_long_question_goes_to_best_match_over_its_rarest_words():
    question = "when does a player who has to draw from an empty library lose the game in magic"
    results = search(question, languages=["en"])
    assert "121.4" in [hit.number for hit in results.hits[:5]]
    assert "No rule contains all of your words; showing the rules that contain most of them." in notices(results)


def test_operator_soup_is_read_as_plain_words():
    query = parse_user_query('( NOT ( of creature NOT damage " NOT the ability " ( AND ) OR spell')
    assert query.text == "of creature damage the ability spell"
    assert "More than 4 operators: your query was searched as plain words." in [str(n) for n in query.notices]


def test_only_three_wildcards_are_expanded():
    query = parse_user_query("bu* sa* tu* co* ro*")
    assert query.text == "bu* sa* tu* co ro"
    assert "Only the first 3 wildcards were expanded; the rest were searched as words." in [
        str(n) for n in query.notices
    ]


def test_a_query_past_300_characters_is_cut_at_a_word_with_a_notice_naming_the_limit():
    query = parse_user_query("toughness " * 40)
    assert len(query.text) <= limits.MAX_QUERY_CHARS
    assert [str(n) for n in query.notices] == [
        "A query can be at most 300 characters long: yours was cut to its first 299."
    ]


def test_control_characters_are_named_once_each_in_a_notice():
    query = parse_user_query("tough\x00ness\x00 \x1b[31m \u200b")
    assert query.text == "tough ness [31m"
    assert [str(n) for n in query.notices] == [
        "Control characters in your query (U+0000, U+001B, U+200B) were read as spaces."
    ]
    assert parse_user_query("toughness\tpower\r\n").notices == []
