"""Build time: the archive index of a language, one document per distinct text of every edition.

The current index of a language (``<generation>/<lang>/``) holds the newest edition of each game: what a
search reads by default, with the statistics (idf, field lengths) of those editions only, so importing
older editions changes neither its answers nor its speed. The archive index
(``<generation>/archive/<lang>/``) holds every edition, built only for a language that has older
editions. Consecutive editions print nearly the same rules, so it holds each document once per distinct
text: the documents of ``documents.documents_for_language`` that are equal in everything but their
edition (the same rule, number, heading, section and words) are one, with the editions that print it,
newest first, in ``editions`` (searched by ``edition:``), ``edition_list`` (a column: each document's
editions, read once per generation) and ``rows`` (how many database rows it stands for, which the build
and ``build_index --check`` count against the database). Its ``edition`` is the newest of them.
"""

from __future__ import annotations

from collections.abc import Iterator

from rulesref.rules.models import Edition

from . import documents
from .names import EDITION_SEPARATOR

# What differs between the documents of one text in two editions (and is not part of the text).
PER_EDITION = ("doc_id", "edition", "latest", "order")


def has_archive(language: str, latest: set[int]) -> bool:
    """Whether ``language`` has editions besides the newest of each game (else no archive index)."""
    return Edition.objects.filter(language=language).exclude(pk__in=sorted(latest)).exists()


def archive_documents(language: str) -> Iterator[dict]:
    """The archive index's documents of ``language``: one per distinct document of all its editions,
    in the order their texts first appear (editions by import, rules in order)."""
    # game → edition slug → its rank, newest first (the order of Edition.objects.newest_first()).
    rank: dict[tuple[str, str], int] = {}
    for position, (game, slug) in enumerate(
        Edition.objects.filter(language=language).newest_first().values_list("game__slug", "slug")
    ):
        rank.setdefault((game, slug), position)
    distinct: dict[tuple, dict] = {}
    editions: dict[tuple, list[str]] = {}
    for doc in documents.documents_for_language(language):
        key = tuple((name, value) for name, value in doc.items() if name not in PER_EDITION)
        first = distinct.get(key)
        if first is None:
            distinct[key] = doc
            editions[key] = [doc["edition"]]
        else:
            editions[key].append(doc["edition"])
    for key, doc in distinct.items():
        game = doc["game"]
        slugs = sorted(dict.fromkeys(editions[key]), key=lambda slug: rank.get((game, slug), len(rank)))
        yield {
            **doc,
            "doc_id": f"a{doc['doc_id']}",
            "edition": slugs[0],
            "latest": "1",
            "editions": EDITION_SEPARATOR.join(slugs),
            "edition_list": EDITION_SEPARATOR.join(slugs).encode(),
            "rows": len(editions[key]),
        }
