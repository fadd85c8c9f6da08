"""Per-generation caches are bounded, and scopes are docnum ranges."""

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
