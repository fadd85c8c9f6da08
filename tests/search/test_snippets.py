"""Snippets: escape first, then mark; a window around the first match; made when shown, kept, or
shown unmarked once the page's time is up."""

import time
from types import SimpleNamespace

from django.utils.safestring import SafeString

from rulesref.search.analysis import analysed, analyzer_for
from rulesref.search.budget import marking_until
from rulesref.search.generations import LRU
from rulesref.search.snippets import makers, match_phrase, merge, plain, render, snippet, window


def test_the_text_is_escaped_before_its_matches_are_marked():
    html = snippet("en", "<b>Toughness</b> & power", {"text": frozenset({"tough"})})
    assert html == "&lt;b&gt;<mark>Toughness</mark>&lt;/b&gt; &amp; power"
    assert isinstance(html, SafeString)


def test_every_inflected_form_of_a_term_is_marked():
    html = snippet("en", "A creature's toughness; creatures' toughnesses.", {"text": frozenset({"creatur", "tough"})})
    assert html == (
        "A <mark>creature</mark>&#x27;s <mark>toughness</mark>; <mark>creatures</mark>&#x27; <mark>toughnesses</mark>."
    )


def test_a_phrase_is_marked_only_where_its_words_stand_together():
    text = "Replacement effects are effects. An effect of replacement is not."
    html = snippet("en", text, {"phrase:text": frozenset({("replac", "effect")})})
    assert html == "<mark>Replacement effects</mark> are effects. An effect of replacement is not."
    assert match_phrase(analysed("en", text), ("replac", "effect")) == [(0, 19)]


def test_one_cjk_character_and_a_latin_word_in_another_script_are_marked_as_typed():
    assert snippet("ja", "右下の数字", {"chars": frozenset({"右"})}) == "<mark>右</mark>下の数字"
    html = snippet("ja", "ジャーケルドの遺産（Lost Order of Jarkeld）", {"literal": frozenset({"Jarkeld"})})
    assert html == "ジャーケルドの遺産（Lost Order of <mark>Jarkeld</mark>）"


def test_overlapping_spans_merge_and_so_do_spans_one_letter_apart_but_never_across_a_space():
    assert merge([(6, 8), (0, 2), (1, 4)]) == [(0, 4), (6, 8)]
    assert merge([(0, 4), (5, 8)], "経験豊富な操縦者") == [(0, 8)]
    assert merge([(0, 4), (5, 8)], "abcd efgh") == [(0, 4), (5, 8)]


def test_a_long_text_is_shown_in_a_window_around_its_first_match_cut_at_words():
    text = " ".join(f"w{i:03d}" for i in range(200))  # 999 characters, words of 4
    start = text.index("w150")
    # Near the end: the window ends with the text and starts 480 characters before, at a word.
    assert window(text, [(start, start + 4)], 480) == (520, 999)
    html = render(text, [(start, start + 4)])
    assert html.startswith("…w104 w105")
    assert "<mark>w150</mark>" in html
    assert html.endswith("w199")
    assert window("short", [], 480) == (0, 5)
    assert render(text, []).endswith("w095…")


def test_a_snippet_is_made_when_shown_kept_and_shown_unmarked_once_the_pages_time_is_up():
    cache = LRU(8)
    index = SimpleNamespace(text_analyzer=analyzer_for("en"))
    make = makers(cache, {"en": {"text": frozenset({"deathtouch"})}})(index, "en", 7, "Deathtouch")
    assert len(cache) == 0  # nothing is made before it is shown
    with marking_until(time.monotonic() - 1.0):
        assert make() == plain("Deathtouch") == "Deathtouch"
    assert len(cache) == 0  # an unmarked snippet is not kept
    assert make() == "<mark>Deathtouch</mark>"
    assert len(cache) == 1
    with marking_until(time.monotonic() - 1.0):
        assert make() == "<mark>Deathtouch</mark>"  # kept: shown marked even when hurried


def test_a_language_the_plans_do_not_mark_shows_its_text_escaped():
    index = SimpleNamespace(text_analyzer=analyzer_for("it"))
    make = makers(LRU(8), {"en": {"text": frozenset({"deathtouch"})}})(index, "it", 3, "Tocco <letale>")
    assert make() == "Tocco &lt;letale&gt;"
