"""Pairing two glossaries that cite no rules by the aligned rules that print their terms."""

from rulesref.rules.glossary_usage import UsagePair, pair_by_usage, term_forms, usages


def test_a_heading_names_its_forms_without_parentheses_slashes_or_icon_symbols():
    assert term_forms("Encre / Encrer") == ["Encre", "Encrer"]
    assert term_forms("Action (carte)") == ["Action"]
    assert term_forms("inkwell symbol &") == ["inkwell symbol"]
    assert term_forms("Épuisé(e)") == ["Épuisé"]
    assert term_forms("「コストを支払わずに」") == ["コストを支払わずに"]
    assert term_forms("&") == []


def test_a_term_is_used_where_a_word_starts_with_it_or_anywhere_in_an_unspaced_script():
    texts = {
        "c1": "Der Tintenvorrat eines Spielers",
        "c2": "in den Tintenvorrat-Symbol",
        "c3": "des Tintenvorrats",
        "c4": "ein Haupttintenvorrat",  # inside a word: not this term
    }
    assert usages({7: "Tintenvorrat"}, texts, unspaced=False) == {7: frozenset({"c1", "c2", "c3"})}
    assert usages({8: "インクウェル"}, {"c1": "プレイヤーのインクウェルは"}, unspaced=True) == {8: frozenset({"c1"})}


def test_french_apostrophes_match_in_either_spelling():
    texts = {"c1": "la réserve d’encre", "c2": "la réserve d'encre", "c3": "une encre"}
    assert usages({1: "Réserve d'encre"}, texts, unspaced=False) == {1: frozenset({"c1", "c2"})}


def test_terms_pair_when_each_is_the_others_unique_best_match_above_the_threshold():
    english = {
        1: frozenset({"a", "b", "c", "d"}),  # inkwell
        2: frozenset({"a", "b", "c", "d", "e", "f", "g", "h"}),  # ink: uses all of inkwell's rules and more
        3: frozenset({"x", "y"}),  # a term whose rules the other glossary's term shares only in part
        4: frozenset({"p"}),  # used once: too little to go on
    }
    german = {
        10: frozenset({"a", "b", "c", "d", "e"}),  # Tintenvorrat
        11: frozenset({"a", "b", "c", "d", "e", "f", "g", "h", "i"}),  # Tinte
        12: frozenset({"x", "q", "r", "s"}),
        13: frozenset({"p"}),
    }
    assert pair_by_usage(english, german) == [UsagePair(1, 10, 0.8, 4), UsagePair(2, 11, 0.889, 8)]


def test_a_tie_pairs_nothing():
    assert pair_by_usage({1: frozenset({"a", "b"})}, {2: frozenset({"a", "b"}), 3: frozenset({"a", "b"})}) == []
