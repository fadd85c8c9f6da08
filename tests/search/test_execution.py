"""Execute: best-match's candidates, read from each word's documents (pure, no index)."""

from types import SimpleNamespace

from rulesref.search.execution import _holding_most
from rulesref.search.generations import Scope


def test_best_match_takes_the_documents_holding_the_rarest_words_in_scope_then_in_rulebook_order():
    # "first" in every document, "draw" in 2, 3 and 9, "skips" (rare) in 3 and 8.
    words = {("first",): {1, 2, 3, 4, 8, 9}, ("draw",): {2, 3, 9}, ("skips",): {3, 8}}
    index = SimpleNamespace(doc_count=1000, documents_with=lambda group: frozenset(words[group]))
    groups = (("first",), ("draw",), ("skips",))
    everything = Scope(((0, 10),), 10, frozenset({"mtg"}))
    # 3 holds all three; 8 the rare one; 2 and 9 the two common ones (rulebook order between them).
    assert _holding_most(index, groups, everything, 4) == [3, 8, 2, 9]
    # Out of scope (another edition's documents, 8 and 9) is never a candidate.
    assert _holding_most(index, groups, Scope(((0, 5),), 5, frozenset({"mtg"})), 10) == [3, 2, 1, 4]


def test_best_match_also_reads_the_names_of_two_words_or_more_the_query_is():
    from rulesref.search.execution import _candidate_groups

    # "sublayer 7b": 613.4b defines "sublayer 7b" without holding "sublayer"; a one-word name is a word.
    plan = SimpleNamespace(
        groups=((("term", "text", "sublay"),), (("term", "text", "7b"),)), defines={"sublay 7b", "7b"}
    )
    assert _candidate_groups(plan) == (*plan.groups, (("term", "defines", "sublay 7b"),))
