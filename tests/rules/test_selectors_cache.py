"""The store's reads keep what pages repeat in one cache: a value is served while the data it was read
from is unchanged, read again once an import or a sync changed it, and the cache stays bounded."""

import ast
import datetime
from pathlib import Path

import pytest
from django.utils import timezone

from rulesref.rules import selectors
from rulesref.rules.models import Edition
from rulesref.rules.selectors.cache import VersionedCache, clear_all, versioned


def test_a_value_is_read_once_per_version_and_again_when_the_version_changes():
    cache = VersionedCache("test", size=4)
    reads = []

    def read(value):
        reads.append(value)
        return value

    assert cache.get("mtg", "v1", lambda: read("first")) == "first"
    assert cache.get("mtg", "v1", lambda: read("second")) == "first"
    assert cache.get("mtg", "v2", lambda: read("third")) == "third"
    assert cache.get("mtg", "v2", lambda: read("fourth")) == "third"
    assert reads == ["first", "third"]


def test_the_least_recently_used_key_goes_first_when_the_cache_is_full():
    cache = VersionedCache("test", size=2)
    cache.get("mtg", "v", lambda: "mtg editions")
    cache.get("berserk", "v", lambda: "berserk editions")
    cache.get("mtg", "v", lambda: "read again")  # mtg is now the most recently used
    cache.get("lorcana", "v", lambda: "lorcana editions")
    assert len(cache) == 2
    assert cache.get("mtg", "v", lambda: "read again") == "mtg editions"
    assert cache.get("berserk", "v", lambda: "read again") == "read again"


def test_a_decorated_read_is_kept_under_its_own_key_and_version_and_clear_all_forgets_it():
    calls = []

    @versioned(key=lambda game, language: game, version=lambda game, language: language, size=8)
    def read(game, language):
        calls.append((game, language))
        return f"{game}:{language}"

    assert read("mtg", "en") == "mtg:en"
    assert read("mtg", "en") == "mtg:en"
    assert read("mtg", "it") == "mtg:it"  # another version of the same key replaces it
    assert read("mtg", "en") == "mtg:en"
    assert calls == [("mtg", "en"), ("mtg", "it"), ("mtg", "en")]
    clear_all()
    assert len(read.cache) == 0
    read("mtg", "en")
    assert len(calls) == 4


@pytest.mark.usefixtures("site")
def test_a_games_editions_are_read_once_until_an_import_changes_them(django_assert_num_queries):
    clear_all()
    with django_assert_num_queries(2):  # the content version, then the editions
        first = selectors.editions_of("mtg")
    with django_assert_num_queries(1):  # the content version only
        assert selectors.editions_of("mtg") is first
    assert [(e.language, e.slug) for e in first] == [
        ("it", "2024-10-02"),
        ("en", "2024-09-20"),
        ("it", "2023-06-16"),
        ("ja", "ja-viewer"),
    ]
    # A re-import keeps the edition's id and gives it a new import time: the next read sees it.
    italian = Edition.objects.get(game__slug="mtg", language="it", slug="2024-10-02")
    reimported = timezone.now() + datetime.timedelta(seconds=1)
    Edition.objects.filter(pk=italian.pk).update(imported_at=reimported)
    with django_assert_num_queries(2):
        again = selectors.editions_of("mtg")
    assert again is not first
    assert next(e for e in again if e.pk == italian.pk).imported_at == reimported


@pytest.mark.usefixtures("site")
def test_an_editions_glossary_terms_are_read_again_after_it_is_reimported(django_assert_num_queries):
    clear_all()
    english = Edition.objects.get(game__slug="mtg", language="en", slug="2024-09-20")
    with django_assert_num_queries(1):
        assert selectors.has_glossary(english)
    with django_assert_num_queries(0):
        assert selectors.has_glossary(english)
    english.imported_at += datetime.timedelta(seconds=1)
    with django_assert_num_queries(1):
        assert selectors.has_glossary(english)


def test_the_store_reads_keep_values_in_the_process_only_through_the_one_cache():
    """No read module holds a dict, list or set of its own at module level (constants are UPPER_CASE),
    nor caches with functools: a new cached read uses ``cache.versioned`` and gets its bound and its
    invalidation with it."""
    package = Path(selectors.__file__).parent
    found = [place for path in sorted(package.glob("*.py")) if path.name != "cache.py" for place in own_caches(path)]
    assert found == []


MUTABLE_CALLS = {"dict", "list", "set", "OrderedDict", "collections.OrderedDict", "defaultdict"}
CACHING_DECORATORS = {"lru_cache", "functools.lru_cache", "cache", "functools.cache"}


def own_caches(path: Path) -> list[str]:
    """Module-level mutable values (not UPPER_CASE constants) and functools caches of one module."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            names = [ast.unparse(t) for t in (node.targets if isinstance(node, ast.Assign) else [node.target])]
            value = node.value
            mutable = isinstance(value, ast.Dict | ast.List | ast.Set) or (
                isinstance(value, ast.Call) and ast.unparse(value.func) in MUTABLE_CALLS
            )
            if mutable and not all(name.isupper() or name == "__all__" for name in names):
                found.append(f"{path.name}:{node.lineno} {', '.join(names)}")
        if isinstance(node, ast.FunctionDef):
            for decorator in node.decorator_list:
                called = decorator.func if isinstance(decorator, ast.Call) else decorator
                if ast.unparse(called) in CACHING_DECORATORS:
                    found.append(f"{path.name}:{node.lineno} {node.name}")
    return found
