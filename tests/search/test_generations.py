"""Per-generation caches are bounded, scopes are docnum ranges, and what a generation remembers of its
postings reads as Whoosh reads them."""

from rulesref.search.generations import LRU, Scope, _ranges


def test_the_lru_cache_forgets_the_least_recently_used_entry():
    cache = LRU(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1
    cache.put("c", 3)
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (1, None, 3)
    assert len(cache) == 2


def test_a_scope_is_a_few_ranges_of_document_numbers():
    ranges = _ranges([7, 3, 4, 5, 10, 11])
    assert ranges == ((3, 6), (7, 8), (10, 12))
    scope = Scope(ranges, 6, frozenset({"mtg"}))
    assert [d for d in range(13) if d in scope] == [3, 4, 5, 7, 10, 11]


def _tiny_index(path):
    """300 documents: "alpha" in every one (three blocks of postings), "beta" in every third."""
    from whoosh import index as whoosh_index
    from whoosh.fields import TEXT, Schema

    ix = whoosh_index.create_in(str(path), Schema(text=TEXT(stored=False)))
    writer = ix.writer()
    for n in range(300):
        writer.add_document(text=" ".join(["alpha"] * (1 + n % 4) + (["beta"] if n % 3 == 0 else []) + ["gamma"]))
    writer.commit()
    return ix


def _walk(matcher):
    postings = []
    while matcher.is_active():
        spans = [(span.start, span.end) for span in matcher.spans()]
        postings.append((matcher.id(), matcher.weight(), tuple(matcher.value_as("positions")), spans))
        matcher.next()
    return postings


def test_postings_read_from_remembered_blocks_are_whooshs_own_also_from_memory(tmp_path):
    from rulesref.search.generations import RememberedBlocks

    ix = _tiny_index(tmp_path)
    with ix.searcher() as searcher:
        expected = _walk(searcher.postings("text", "alpha"))
        blocks = LRU(16)

        def remembered():
            matcher = searcher.postings("text", "alpha")
            matcher.__class__ = RememberedBlocks
            matcher.remembered = blocks
            matcher.reset()
            return matcher

        assert len(expected) == 300
        assert _walk(remembered()) == expected
        assert len(blocks) == 3
        assert _walk(remembered()) == expected  # every block from memory
        skipped = remembered()
        landed = []
        for target in (5, 5, 130, 255, 256, 299):  # inside the first block, across blocks, to the last
            skipped.skip_to(target)
            landed.append(skipped.id())
        assert landed == [5, 5, 130, 255, 256, 299]
        skipped = remembered()
        skipped.skip_to(250)
        assert _walk(skipped) == expected[250:]
        skipped.reset()
        skipped.skip_to(300)
        assert not skipped.is_active()


def test_the_documents_a_typed_term_matched_are_those_whooshs_terms_collector_names(tmp_path):
    from whoosh.collectors import TermsCollector, TopCollector
    from whoosh.query import Or, Term

    from rulesref.search.generations import TypedTermsCollector

    ix = _tiny_index(tmp_path)
    query = Or([Term("text", "beta"), Term("text", "gamma")])
    with ix.searcher() as searcher:
        terms = TermsCollector(TopCollector(50))
        searcher.search_with_collector(query, terms)
        named = {doc for doc, found in terms.results().docterms.items() if ("text", b"beta") in found}
        typed = TypedTermsCollector(TopCollector(50), frozenset({("text", b"beta")}))
        searcher.search_with_collector(query, typed)
        results = typed.results()
    assert results.typed_docs == named
    assert len(named) == 100  # every document collected that holds "beta" (every third), not only the top 50
    assert [hit.docnum for hit in results] == [hit.docnum for hit in terms.results()]
