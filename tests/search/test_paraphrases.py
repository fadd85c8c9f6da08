"""Paraphrases: a reader's wording also searches the rulebook's (rules_data/search/paraphrases.toml)."""

import pytest

from rulesref.search import paraphrases, search

pytestmark = pytest.mark.usefixtures("search_index")


def test_a_typed_wording_is_searched_as_itself_or_the_rulebooks():
    assert paraphrases.rewrite("en", "draw several cards at once") == (
        'draw (several OR multiple) cards ("at once" OR simultaneously)'
    )
    # Not inside quotes, not inside a word.
    assert paraphrases.rewrite("en", '"several cards" severally') == '"several cards" severally'
    assert paraphrases.rewrite("it", "diverse carte") == "diverse carte"


def test_the_bundled_paraphrases_read_without_a_problem():
    assert paraphrases.problem() == ""
    assert ("at the same time", "simultaneously") in paraphrases.for_language("en")


def test_a_damaged_file_names_its_line_and_reason(tmp_path):
    broken = tmp_path / "paraphrases.toml"
    broken.write_text(
        '[[paraphrase]]\nlanguage = "en"\ntyped = ["a"]\nrulebook = "b"\n\n'
        '[[paraphrase]]\nlanguage = "en"\ntyped = "several"\nrulebook = "multiple"\n',
        encoding="utf-8",
    )
    with pytest.raises(ValueError) as error:
        paraphrases.read(broken)
    assert str(error.value) == f"{broken}:6: paraphrase 2: typed must be a list of wordings"
    broken.write_text("[[paraphrase]\n", encoding="utf-8")
    with pytest.raises(ValueError) as error:
        paraphrases.read(broken)
    assert str(error.value).startswith(f"{broken}: ")
    assert "line 1" in str(error.value)


def test_a_question_in_other_words_finds_the_rule_worded_otherwise():
    # 121.2 "Cards may only be drawn one at a time. If a player is instructed to draw multiple cards …"
    found = search("can a player draw several cards at once", game="mtg", languages=["en"])
    assert found.hits[0].number == "121.2"
    assert "draw <mark>multiple</mark> <mark>cards</mark>" in found.hits[0].texts["en"].snippet.replace(
        "<mark>draw</mark>", "draw"
    )


def test_a_damaged_file_disables_the_paraphrases_not_the_search(tmp_path, settings):
    from django.core.checks import run_checks

    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "paraphrases.toml").write_text('[[paraphrase]]\nlanguage = "en"\n', encoding="utf-8")
    settings.RULES_DATA_DIR = tmp_path
    paraphrases._loaded.cache_clear()
    try:
        file = tmp_path / "search" / "paraphrases.toml"
        assert [(m.id, m.msg) for m in run_checks() if m.id == "rulesref.W031"] == [
            (
                "rulesref.W031",
                f"search paraphrases are disabled: {file}:1: paraphrase 1: typed must be a list of wordings",
            )
        ]
        assert paraphrases.rewrite("en", "several cards") == "several cards"
        assert search("several cards at once", game="mtg", languages=["en"]).hits
    finally:
        paraphrases._loaded.cache_clear()
