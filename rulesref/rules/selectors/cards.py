"""Cards: one card with its printed names, the names of a language for linking rule text (from the
game's vocabulary, read once per content version), and every rule that mentions a card."""

from __future__ import annotations

from django.db.models import F, Q

from ..models import Card, Edition, Entry
from .glossary import _vocabulary


def card_named(game: str, key: str) -> Card | None:
    return Card.objects.filter(game__slug=game, key=key).prefetch_related("names").first()


def some_cards(game: str, count: int = 10) -> tuple[list[Card], int]:
    """The first ``count`` cards of ``game`` (by key, names loaded) and how many it has: what a page for a
    card that does not exist offers instead."""
    cards = Card.objects.filter(game__slug=game)
    return list(cards.order_by("key").prefetch_related("names")[:count]), cards.count()


def card_names(game: str, language: str) -> dict[str, str]:
    """{name as printed in ``language``: card key}, for linking card names in rule text."""
    return dict(_vocabulary(game)[1].get(language, {}))


def entries_mentioning(card: Card) -> list[tuple[Edition, list[Entry]]]:
    """Every entry, in every edition, whose text or examples name the card in any language."""
    condition = Q()
    for name in card.names.all():
        condition |= Q(text__contains=name.name) | Q(examples__text__contains=name.name)
    if not condition:
        return []
    rows = (
        Entry.objects.filter(condition, edition__game_id=card.game_id)
        .select_related("edition__game")
        .defer("edition__report")
        .distinct()
        .order_by("edition__language", F("edition__effective_date").desc(nulls_last=True), "edition_id", "order")
    )
    grouped: dict[int, tuple[Edition, list[Entry]]] = {}
    for entry in rows:
        grouped.setdefault(entry.edition_id, (entry.edition, []))[1].append(entry)
    return list(grouped.values())
