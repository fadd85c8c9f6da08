"""What a page depends on: the version of one game's data (its ETag and Last-Modified, and the key
every cached read is kept under), and of the whole site's."""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass

from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from ..models import Card, CardName, Edition, Game, Term, TermForm


@dataclass
class ContentVersion:
    """What a page of one game depends on: its editions (re-imports) and the term and card lists."""

    last_modified: datetime.datetime | None
    fingerprint: str


def content_version(game: str) -> ContentVersion:
    """One query's worth of state that changes whenever a page of ``game`` could change.

    Editions keep their ids across re-imports but get a new ``imported_at``; a glossary
    sync recreates terms and cards with new ids. Every page asks this first (for its ETag),
    so it is one plain SQL statement: compiling ORM queries costs more than running them.
    """
    tables = {
        "edition": Edition._meta.db_table,
        "game": Game._meta.db_table,
        "term": Term._meta.db_table,
        "form": TermForm._meta.db_table,
        "card": Card._meta.db_table,
        "name": CardName._meta.db_table,
    }
    sql = """
        SELECT MAX(e.imported_at), COUNT(e.id), SUM(e.id), SUM(e.translates_id),
          (SELECT COUNT(f.id) FROM {form} f JOIN {term} t ON t.id = f.term_id WHERE t.game_id = g.id),
          (SELECT MAX(f.id) FROM {form} f JOIN {term} t ON t.id = f.term_id WHERE t.game_id = g.id),
          (SELECT COUNT(n.id) FROM {name} n JOIN {card} c ON c.id = n.card_id WHERE c.game_id = g.id),
          (SELECT MAX(n.id) FROM {name} n JOIN {card} c ON c.id = n.card_id WHERE c.game_id = g.id)
        FROM {game} g LEFT JOIN {edition} e ON e.game_id = g.id
        WHERE g.slug = %s GROUP BY g.id
    """.format(**tables)
    with connection.cursor() as cursor:
        cursor.execute(sql, [game])
        row = cursor.fetchone()
    if row is None:
        return ContentVersion(None, "none")
    last = row[0]
    if isinstance(last, str):
        last = parse_datetime(last)
    if last is not None and timezone.is_naive(last):
        last = timezone.make_aware(last, datetime.UTC)
    return ContentVersion(last, hashlib.sha256(repr(row).encode()).hexdigest()[:20])


def game_fingerprint(game: str) -> str:
    """The version the cached reads of ``game`` are kept under (see ``cache.py``)."""
    return content_version(game).fingerprint


def site_fingerprint() -> str:
    """The version of every game's data at once (the home page lists them all)."""
    return "|".join(content_version(slug).fingerprint for slug in Game.objects.values_list("slug", flat=True))
