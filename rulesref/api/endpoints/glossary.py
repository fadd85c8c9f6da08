"""Glossaries and terms as data: an edition's glossary (as its page lists it), the game's term list with
every language's forms (the workbench's term page), one term, cards and the rules that name them."""

from __future__ import annotations

from django.urls import reverse
from ninja import Path, Query, Router
from ninja.decorators import decorate_view

from rulesref.compare.terms import Glossary
from rulesref.rules import selectors
from rulesref.rules.glossary import term_slug
from rulesref.rules.models import Card, GlossaryEntry
from rulesref.rules.views import _glossary_items

from .. import lookup, schemas
from ..conditional import for_game
from ..paging import DEFAULT_PER_PAGE, MAX_PER_PAGE, page_of
from ..problems import ApiError
from ..resources import api_url, edition_args, edition_ref, entry_ref

router = Router(tags=["glossary and cards"])

# A term's or card's key: a slug (toughness, lost-order-of-jarkeld).
KEY = Path(..., pattern=r"^[-a-zA-Z0-9_]+$", description="A slug: toughness, lost-order-of-jarkeld")


@router.get(
    "/editions/{game}/{language}/{edition}/glossary",
    response=schemas.GlossaryOut,
    url_name="glossary",
    summary="An edition's glossary, in the language's order",
)
@decorate_view(for_game)
def glossary(
    request,
    game: str,
    language: str,
    edition: str,
    page: int = Query(1, ge=1),
    per_page: int = Query(DEFAULT_PER_PAGE * 2, ge=1, le=MAX_PER_PAGE),
):
    """The terms of the edition's printed glossary and of the bundled term list, one per slug, as the
    glossary page lists them (collated for the language)."""
    row = lookup.edition(game, language, edition)
    items = _glossary_items(row)
    shown, pagination = page_of(request, items, page, per_page)
    printed: dict[str, list[GlossaryEntry]] = {}
    for entry in GlossaryEntry.objects.filter(edition=row).order_by("source", "position"):
        printed.setdefault(entry.term, []).append(entry)
    found = []
    for item in shown:
        entries = [g for term in item["entries"] for g in printed.get(term, [])]
        found.append(
            {
                "slug": item["slug"],
                "term": item["term"],
                "definitions": [g.definition for g in entries],
                "rules": list(dict.fromkeys(n for g in entries for n in g.rules)),
                "links": {"html": reverse("rules:glossary-term", args=[game, row.language, row.slug, item["slug"]])},
            }
        )
    return {
        "edition": edition_ref(row),
        "items": found,
        "pagination": pagination,
        "links": {
            "self": api_url("glossary", **edition_args(row)),
            "html": reverse("rules:glossary-index", args=[game, row.language, row.slug]),
            "terms": api_url("terms", game=game),
        },
    }


def _term(key: str, forms: dict[str, list[str]]) -> dict:
    return {"key": key, "forms": {language: list(f) for language, f in sorted(forms.items())}}


@router.get("/games/{game}/terms", response=schemas.TermList, url_name="terms", summary="Terms and their equivalents")
@decorate_view(for_game)
def terms(
    request,
    game: str,
    page: int = Query(1, ge=1),
    per_page: int = Query(DEFAULT_PER_PAGE * 2, ge=1, le=MAX_PER_PAGE),
):
    """Every term of the game's term list (and of its printed glossaries that pair), with its forms in
    every language: the workbench's terms page (and its TBX) as data."""
    lookup.game_editions(game)
    forms = Glossary.load(game, None).forms
    shown, pagination = page_of(request, sorted(forms.items()), page, per_page)
    return {
        "game": game,
        "terms": [_term(key, by_language) for key, by_language in shown],
        "pagination": pagination,
        "links": {"self": api_url("terms", game=game), "html": reverse("compare:terms", args=[game])},
    }


@router.get("/games/{game}/terms/{key}", response=schemas.TermDetail, url_name="term", summary="One term")
@decorate_view(for_game)
def term(request, game: str, key: str = KEY):
    """A term's forms in every language, and its glossary page in each language's newest edition."""
    lookup.game_editions(game)
    forms = Glossary.load(game, None).forms.get(key)
    if forms is None:
        raise ApiError(404, "unknown_term", f"{game} has no term {key!r}")
    data = _term(key, forms)
    pages = []
    for language, names in data["forms"].items():
        newest = selectors.newest_edition(game, language)
        if newest is not None and names:
            html = reverse("rules:glossary-term", args=[game, language, newest.slug, term_slug(names[0])])
            pages.append({"language": language, "edition": f"{game}:{language}:{newest.slug}", "html": html})
    data["glossary"] = pages
    data["links"] = {"self": api_url("term", game=game, key=key), "terms": api_url("terms", game=game)}
    return data


def _card(card: Card) -> dict:
    names: dict[str, list[str]] = {}
    for name in card.names.all():
        names.setdefault(name.language, []).append(name.name)
    game = card.game.slug
    return {
        "key": card.key,
        "names": dict(sorted(names.items())),
        "links": {
            "self": api_url("card", game=game, key=card.key),
            "html": reverse("rules:card-detail", args=[game, card.key]),
        },
    }


@router.get("/games/{game}/cards", response=schemas.CardList, url_name="cards", summary="The game's cards")
@decorate_view(for_game)
def cards(
    request,
    game: str,
    page: int = Query(1, ge=1),
    per_page: int = Query(DEFAULT_PER_PAGE * 2, ge=1, le=MAX_PER_PAGE),
):
    """The cards whose names the rule texts link, with their printed names per language."""
    lookup.game_editions(game)
    rows = list(Card.objects.filter(game__slug=game).select_related("game").prefetch_related("names").order_by("key"))
    shown, pagination = page_of(request, rows, page, per_page)
    return {
        "game": game,
        "cards": [_card(card) for card in shown],
        "pagination": pagination,
        "links": {"self": api_url("cards", game=game)},
    }


@router.get("/games/{game}/cards/{key}", response=schemas.CardDetail, url_name="card", summary="One card")
@decorate_view(for_game)
def card(request, game: str, key: str = KEY):
    """A card's names and every rule, in every edition, whose text or examples name it."""
    lookup.game_editions(game)
    row = selectors.card_named(game, key)
    if row is None:
        raise ApiError(404, "unknown_card", f"{game} has no card {key!r}")
    data = _card(row)
    data["mentions"] = [
        {"edition": edition_ref(edition), "entries": [entry_ref(e, edition) for e in entries]}
        for edition, entries in selectors.entries_mentioning(row)
    ]
    return data
