"""Which editions there are, and fetching one: by (game, language, slug), the newest of a language,
a game's editions per language, the home page's listing, where to look for a cited rule an edition
lacks.

The queries are ``EditionQuerySet`` methods (``models.py``); the reads that pages repeat answer from
``editions_of``, one snapshot of a game's editions per content version (``cache.py``).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Count

from ..models import Edition, Entry
from .cache import versioned
from .versions import game_fingerprint, site_fingerprint


@versioned(version=game_fingerprint, size=32)
def editions_of(game: str) -> list[Edition]:
    """Every edition of ``game``, newest first (game and source edition loaded), read once per
    change of the data (``content_version``) and kept in the process: pages ask for them
    many times, and there are a handful."""
    return list(Edition.objects.for_game(game).for_pages().newest_first())


def current_edition_ids(game: str) -> set[int]:
    """The newest edition of each language of ``game`` (``newest_edition`` for every language at once):
    what the sitemap lists and what an import computes ahead, an older edition waiting for its reader."""
    found: dict[str, int] = {}
    for edition in editions_of(game):
        found.setdefault(edition.language, edition.pk)
    return set(found.values())


def edition_named(game: str, language: str, slug: str) -> Edition | None:
    """The edition of (game, language, slug) in the game's snapshot (``editions_of``: no query while the
    data is unchanged, the import report left out); ``edition_by_slug`` asks the database."""
    return next((e for e in editions_of(game) if e.language == language and e.slug == slug), None)


def newest_edition(game: str, language: str) -> Edition | None:
    """The newest edition of ``language`` in the game's snapshot; ``newest_edition_like`` asks the database."""
    return next((e for e in editions_of(game) if e.language == language), None)


def newest_edition_like(edition: Edition) -> Edition:
    """The newest edition of ``edition``'s game and language (``edition`` itself if none is newer)."""
    return Edition.objects.newest(edition.game.slug, edition.language) or edition


def edition_by_slug(game: str, language: str, slug: str) -> Edition | None:
    """One edition by its (game, language, slug); the slug is the effective date where there is one."""
    return Edition.objects.named(game, language, slug)


@versioned(version=game_fingerprint, size=32)
def edition_counts(game: str) -> dict[int, tuple[int, int]]:
    """Per edition of ``game`` (by pk): its entries and its rules (rules and subrules), from one
    grouped count over the entries' (edition, kind) index, kept while the data is unchanged. With the
    archive imported (125 English editions, 300,000 entries) a count joined to the editions and made
    distinct took seconds; this takes a fraction of one, once per import."""
    counts: dict[int, list[int]] = {}
    rules = {Entry.Kind.RULE, Entry.Kind.SUBRULE}
    grouped = Entry.objects.filter(edition__game__slug=game).values("edition_id", "kind").annotate(n=Count("pk"))
    for edition_id, kind, n in grouped.values_list("edition_id", "kind", "n"):
        found = counts.setdefault(edition_id, [0, 0])
        found[0] += n
        if kind in rules:
            found[1] += n
    return {pk: (entries, rules) for pk, (entries, rules) in counts.items()}


def with_counts(game: str, editions) -> list[Edition]:
    """``editions`` of ``game`` with ``entry_count`` and ``rule_count`` set (``edition_counts``)."""
    counts = edition_counts(game)
    found = []
    for edition in editions:
        edition.entry_count, edition.rule_count = counts.get(edition.pk, (0, 0))
        found.append(edition)
    return found


@versioned(version=game_fingerprint, size=32)
def game_editions(game: str) -> dict[str, list[Edition]]:
    """Every edition of ``game`` per language, newest first, with entry counts."""
    by_language: dict[str, list[Edition]] = {}
    for edition in with_counts(game, Edition.objects.for_game(game).with_source().newest_first()):
        by_language.setdefault(edition.language, []).append(edition)
    return dict(sorted(by_language.items()))


@versioned(key=lambda: "listing", version=site_fingerprint, size=1)
def home_listing() -> list[dict]:
    """Every game with its editions (newest first per language) and their rule counts.

    Counting a few tens of thousands of entries costs more than the rest of the home page,
    so the counts are kept per process until an import or a sync changes the data.
    """
    counts: dict[int, int] = {}
    for edition_id, n in (
        Entry.objects.rules().values("edition_id").annotate(n=Count("pk")).values_list("edition_id", "n")
    ):
        counts[edition_id] = n
    games: dict[int, dict] = {}
    editions = Edition.objects.with_source().by_game_and_language()
    for edition in editions:
        game = games.setdefault(edition.game_id, {"slug": edition.game.slug, "languages": {}})
        edition.rule_count = counts.get(edition.pk, 0)
        game["languages"].setdefault(edition.language, []).append(edition)
    return list(games.values())


def editions_by_key() -> dict[tuple[str, str, str], Edition]:
    """Every imported edition by (game, language, slug), in one query: what a page of search results
    needs to name its rows' editions (and which languages have one)."""
    rows = Edition.objects.select_related("game").only("game__slug", "language", "slug", "effective_date", "name")
    return {(edition.game.slug, edition.language, edition.slug): edition for edition in rows}


def editions_by_slug(game: str | None = None) -> dict[str, Edition]:
    """Every imported edition slug (of ``game``) with one edition that has it (newest first, an
    undated one last), for checking an ``edition:`` filter and naming what it may be."""
    editions = Edition.objects.for_game(game) if game else Edition.objects.all()
    ordered = editions.order_by(models.F("effective_date").desc(nulls_last=True), "slug", "language")
    found: dict[str, Edition] = {}
    for edition in ordered.only("slug", "language", "effective_date", "name"):
        found.setdefault(edition.slug, edition)
    return found


def fallback_editions(edition: Edition) -> list[Edition]:
    """Where to look for a rule this edition cites but does not contain.

    First the edition it translates, then the same language's other editions,
    then every other edition of the game, newest first.
    """
    others = [e for e in editions_of(edition.game.slug) if e.pk != edition.pk]
    order = []
    if edition.translates_id:
        order.extend(e for e in others if e.pk == edition.translates_id)
    order.extend(e for e in others if e.language == edition.language and e not in order)
    order.extend(e for e in others if e not in order)
    return order
