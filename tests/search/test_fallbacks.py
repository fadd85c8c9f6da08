"""The fallbacks: which strategy takes a query that found nothing or too little, in which order."""

import math

from rulesref.search.fallbacks import STRATEGIES, BestMatch, Respell, UnspacedRun
from rulesref.search.pipeline import ANY, Found, Ranked, Run
from rulesref.search.queries import parse_user_query


def run_of(text, deadline=math.inf):
    user = parse_user_query(text)
    return Run(None, user, ("en",), ("en",), None, None, 10, 50, deadline)


def found(text, *keys):
    rows = tuple({"key": key, "kind": "rule", "doc": i} for i, key in enumerate(keys))
    return Found(text=text, lists=(Ranked("en", rows, True, None, 1000),))


def taken_by(text, *keys):
    run = run_of(text)
    return [type(strategy).__name__ for strategy in STRATEGIES if strategy.applies(run, found(text, *keys))]


def test_the_strategies_are_tried_in_order():
    assert [type(strategy) for strategy in STRATEGIES] == [Respell, BestMatch, UnspacedRun]


def test_a_word_that_found_nothing_is_respelled():
    assert taken_by("costituzine") == ["Respell"]
    assert taken_by("costituzione", "a") == []


def test_a_few_plain_words_that_found_nothing_are_respelled_then_read_as_best_match():
    assert taken_by("trample haste") == ["Respell", "BestMatch"]
    assert taken_by('"trample haste"') == ["Respell"]


def test_a_question_is_not_respelled_and_is_read_as_best_match_whatever_it_found():
    question = "can you respond to a triggered ability"
    assert taken_by(question) == ["BestMatch"]
    assert taken_by(question, "a", "b") == ["BestMatch"]
    # Until 2026-12-02 three rules were enough to keep a question strict.
    assert taken_by(question, "a", "b", "c") == ["BestMatch"]
    # Three words are not a question: found, they stay as they are.
    assert taken_by("respond triggered ability", "a") == []


def test_an_unspaced_question_that_found_nothing_is_read_as_its_character_pairs():
    assert taken_by("衍生物离开战场会怎样") == ["Respell", "UnspacedRun"]
    # Found: a long unspaced run is usually a name.
    assert taken_by("杰卡失落骑士团", "a") == []


def test_an_unspaced_term_that_found_nothing_is_read_as_its_character_pairs_too():
    # "連續效應" (no rule says 连续效应 in one run): its pairs 連續 and 效應 are what the rules hold.
    assert taken_by("連續效應") == ["Respell", "UnspacedRun"]
    assert taken_by("什么") == ["Respell"]


def test_no_best_match_once_read_or_past_the_deadline_but_for_a_question():
    question = "can you respond to a triggered ability"
    read = Found(text=question, lists=found(question).lists, whole=frozenset())
    assert not BestMatch().applies(run_of(question), read)
    assert not UnspacedRun().applies(run_of("衍生物离开战场会怎样"), read)
    assert not BestMatch().applies(run_of("trample haste", deadline=0.0), found("trample haste"))
    # A question's strict reading is skipped: best-match is all it has, past the deadline too.
    assert BestMatch().applies(run_of(question, deadline=0.0), found(question))


def test_best_match_keeps_the_strict_rows_first_and_says_which_rules_held_every_word():
    words = "trample haste"
    strict = found(words, "a")
    loose = (
        Ranked(
            "en",
            (
                {"key": "b", "kind": "rule", "doc": 5},
                {"key": "c", "kind": "rule", "doc": 6, "whole": True},
                {"key": "a", "kind": "rule", "doc": 0},
            ),
            True,
            None,
            1000,
        ),
    )

    class Attempt:
        lists = loose

    taken = BestMatch().take(run_of(words), strict, Attempt())
    assert [row["key"] for row in taken.lists[0].rows] == ["a", "b", "c"]
    # The strict reading's rules, and those best-match marked as holding every word.
    assert (taken.by_question, taken.whole) == (True, frozenset({"a", "c"}))
    assert taken.planned == strict.planned + loose
    # An unspaced run's character pairs are not its word: none of their rules holds it whole.
    assert UnspacedRun().take(run_of("連續效應"), found("連續效應"), Attempt()).whole == frozenset()
    assert list(BestMatch().readings(run_of(words), strict))[0].mode == ANY
