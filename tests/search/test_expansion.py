"""The vocabulary: hand-written terms, card names and term pairs derived from aligned editions."""

import json

import pytest

from rulesref.rules.models import Entry
from rulesref.search.expansion import Concept, Vocabulary
from rulesref.search.store import VOCABULARY, current_generation


def test_the_longest_form_wins_and_only_whole_words_match():
    power = Concept("term:power", "mtg", {"en": ("power",), "it": ("forza",)})
    base = Concept("term:base-power", "mtg", {"en": ("base power",), "it": ("forza base",)})
    vocabulary = Vocabulary([power, base])
    assert vocabulary.rewrite("base power", "it", games={"mtg"}) == ("((base power) OR (forza base))", [base])
    assert vocabulary.rewrite("powerful", "it", games={"mtg"}) == ("powerful", [])
    assert vocabulary.rewrite("power", "it", games={"berserk"}) == ("power", [])


def test_a_quoted_phrase_is_rewritten_whole_or_not_at_all():
    trample = Concept("term:trample", "mtg", {"en": ("trample",), "zh-hans": ("践踏",)})
    planeswalker = Concept("term:planeswalker", "mtg", {"en": ("planeswalker", "planeswalkers")})
    vocabulary = Vocabulary([trample, planeswalker])
    # Inside a longer quoted phrase a term stays as typed: an OR there would break the phrase up.
    assert vocabulary.rewrite('"trample over planeswalkers"', "en", games={"mtg"}) == (
        '"trample over planeswalkers"',
        [],
    )
    assert vocabulary.rewrite('"trample over planeswalkers" trample', "zh-hans", games={"mtg"}) == (
        '"trample over planeswalkers" ((trample) OR 践踏)',
        [trample],
    )
    # A quoted phrase that is the term is replaced whole.
    assert vocabulary.rewrite('"trample"', "zh-hans", games={"mtg"}) == ('(("trample") OR 践踏)', [trample])


def test_a_cjk_form_matches_inside_a_longer_run():
    concept = Concept("term:toughness", "mtg", {"en": ("toughness",), "zh-hans": ("防御力",)})
    rewritten, used = Vocabulary([concept]).rewrite("基础防御力", "en", games={"mtg"})
    assert rewritten == "基础((防御力) OR toughness)"


@pytest.mark.usefixtures("search_index")
def test_keyword_titles_and_glossary_entries_of_aligned_editions_become_derived_pairs():
    data = json.loads((current_generation() / VOCABULARY).read_text(encoding="utf-8"))
    derived = [c for c in data if c.get("derived")]
    flying = [c for c in derived if c["forms"].get("en") == ["Flying"]]
    # 702.9 "Flying" ↔ "飞行" (the keyword rule's title), and the glossary entries citing 702.9:
    # both keyed by the rule's concept (the same rule in every edition and language).
    concept = Entry.objects.get(edition__language="en", edition__slug="2024-09-20", number="702.9").concept_id
    assert {c["key"] for c in flying} == {f"derived:title:mtg:c{concept}", f"derived:glossary:mtg:c{concept}"}
    assert all(c["forms"] == {"en": ["Flying"], "zh-hans": ["飞行"]} for c in flying)
    # Glossary entries that cite the same rules pair up too ("Hexproof" ↔ "辟邪" both cite 702.11).
    assert any(c["forms"] == {"en": ["Hexproof"], "zh-hans": ["辟邪"]} for c in derived if "glossary" in c["key"])
    # A form the hand-written list has is left to it: no derived concept claims "Toughness" in English.
    assert not any("toughness" in [f.casefold() for f in c["forms"].get("en", [])] for c in derived)
    hand_written = [c for c in data if not c.get("derived")]
    assert any(c["key"] == "term:toughness" for c in hand_written)


@pytest.mark.django_db
def test_terms_a_translation_prints_with_their_gloss_expand_queries(tmp_path):
    """The Japanese CR's "毒カウンター／poison counter": kept by the import, read into the vocabulary."""
    from django.conf import settings

    from rulesref.rules.services import edition_import, glossary_sync
    from rulesref.search.derivation import vocabulary_concepts
    from tests.rules.test_parsers_cr_ja import JAPANESE_CR

    # With the hand-written term list, as every site has it (a gloss it already holds is not derived).
    glossary_sync(directory=settings.RULES_DATA_DIR / "glossary")
    path = tmp_path / "ja.txt"
    path.write_text(JAPANESE_CR, encoding="utf-8")
    edition_import(path=path, game="mtg", language="ja")
    # Only the Japanese ones: a module's index may hold other editions (the Chinese CR glosses 循环/Loop).
    glossed = {c.key: c.forms for c in vocabulary_concepts() if c.key.startswith("derived:gloss:") and "ja" in c.forms}
    # 状況起因処理 / State-Based Actions is in the hand-written term list (rules_data/glossary/terms.toml).
    assert glossed == {
        "derived:gloss:mtg:infect": {"en": ("Infect",), "ja": ("感染",)},
        "derived:gloss:mtg:poison-counter": {"en": ("poison counter",), "ja": ("毒カウンター",)},
    }
    rewritten, used = Vocabulary(vocabulary_concepts()).rewrite("poison counter", "ja", games={"mtg"})
    assert "毒カウンター" in rewritten
    assert "derived:gloss:mtg:poison-counter" in [c.key for c in used]


def test_a_readers_term_drops_the_forms_another_games_rules_print_in_that_language(settings, tmp_path):
    from rulesref.search import readers_terms

    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "terms.toml").write_text(
        '[[term]]\nkey = "defender"\ngame = "mtg"\nen = ["defender"]\nru = ["защитник"]\nja = ["防衛"]\n\n'
        '[[term]]\nkey = "hexproof"\ngame = "mtg"\nen = ["hexproof"]\nru = ["порчеустойчивость"]\n',
        encoding="utf-8",
    )
    settings.RULES_DATA_DIR = tmp_path
    readers_terms._loaded.cache_clear()
    try:
        printed = {("ru", "защитник"), ("en", "hexproof")}
        kept = readers_terms.filling_gaps(lambda language, form, game: (language, form) in printed)
        assert [(c.key, c.forms) for c in kept] == [
            ("typed:defender", {"en": ("defender",), "ja": ("防衛",)}),
        ]
    finally:
        readers_terms._loaded.cache_clear()
