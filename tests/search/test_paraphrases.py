"""Paraphrases: a reader's wording also searches the rulebook's (rules_data/search/paraphrases.toml)."""

import pytest

from rulesref.search import paraphrases


def test_a_typed_wording_is_searched_as_itself_or_the_rulebooks():
    assert paraphrases.rewrite("en", "draw several cards at once") == (
        'draw (several OR multiple) cards ("at once" OR simultaneously)'
    )
    # Not inside quotes, not inside a word.
    assert paraphrases.rewrite("en", '"several cards" severally') == '"several cards" severally'
    assert paraphrases.rewrite("it", "diverse carte") == "diverse carte"
    assert paraphrases.rewrite("en", "text that goes against the rules") == (
        'text that ("goes against" OR contradicts) the rules'
    )
    # Unspaced: the rulebook's word in place of the reader's, as a word of its own.
    assert paraphrases.rewrite("zh-hans", "能挡住进攻的生物吗") == "能 阻挡  攻击 的生物吗"


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
