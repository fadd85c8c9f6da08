"""Rows of the store as the API's resources: their stable ids and their links.

Ids are natural keys, which survive re-imports and are the same on every copy of the site: a game by
its slug, an edition by ``game:language:slug`` (``mtg:en:2024-09-20``), an entry by its edition's id
and its number as printed (``mtg:en:2024-09-20:208.1``; the second of a number printed twice adds
``~`` and its order in the source). A rule's identity across editions and languages is its concept
id, which every re-import keeps (``rules/concepts.py`` reuses them by majority).
"""

from __future__ import annotations

from django.urls import reverse

from rulesref.rules.models import Edition, Entry

NAMESPACE = "api-v1"


def api_url(name: str, **kwargs) -> str:
    return reverse(f"{NAMESPACE}:{name}", kwargs=kwargs)


def edition_id(edition: Edition) -> str:
    return f"{edition.game.slug}:{edition.language}:{edition.slug}"


def edition_args(edition: Edition) -> dict:
    return {"game": edition.game.slug, "language": edition.language, "edition": edition.slug}


def edition_ref(edition: Edition) -> dict:
    args = edition_args(edition)
    return {
        "id": edition_id(edition),
        "game": edition.game.slug,
        "language": edition.language,
        "slug": edition.slug,
        "effective_date": edition.effective_date,
        "name": edition.name,
        "links": {
            "self": api_url("edition", **args),
            "html": edition.get_absolute_url(),
            "contents": api_url("contents", **args),
        },
    }


def entry_id(entry: Entry, edition: Edition | None = None) -> str:
    edition = edition or entry.edition
    suffix = f"~{entry.order}" if entry.duplicate_of_id else ""
    return f"{edition_id(edition)}:{entry.number or f'note-{entry.order}'}{suffix}"


def entry_ref(entry: Entry, edition: Edition | None = None) -> dict:
    edition = edition or entry.edition
    links = {"html": entry.get_absolute_url()}
    if entry.number and entry.kind != Entry.Kind.NOTE:
        args = {**edition_args(edition), "number": entry.number}
        links["self"] = api_url("rule", **args)
        links["history"] = api_url("rule-history", **args)
    if entry.concept_id is not None:
        links["concept"] = api_url("concept", game=edition.game.slug, concept=entry.concept_id)
    return {
        "id": entry_id(entry, edition),
        "number": entry.number,
        "kind": entry.kind,
        "title": entry.title,
        "edition": edition_id(edition),
        "concept": entry.concept_id,
        "links": links,
    }
