"""Finding what a request names — a game, a language's editions, an edition, a rule — or the 404
problem that says which is unknown and what there is instead."""

from __future__ import annotations

from rulesref.core.games import GAMES
from rulesref.rules import selectors
from rulesref.rules.models import Edition, Entry

from .problems import ApiError, not_found

LATEST = ("latest", "newest")


def game_editions(game: str) -> list[Edition]:
    """The game's editions (newest first), or a 404 naming the games there are."""
    editions = selectors.editions_of(game) if game in GAMES else []
    if not editions:
        known = [slug for slug in GAMES if selectors.editions_of(slug)]
        raise not_found("game", f"no game {game!r} with an imported edition; games: {', '.join(known)}")
    return editions


def edition(game: str, language: str, slug: str) -> Edition:
    """The edition (``latest``: the newest of the language), or a 404 naming what there is."""
    editions = game_editions(game)
    of_language = [e for e in editions if e.language == language]
    if not of_language:
        languages = sorted({e.language for e in editions})
        raise not_found("language", f"{game} has no edition in {language!r}; languages: {', '.join(languages)}")
    found = of_language[0] if slug in LATEST else selectors.edition_named(game, language, slug)
    if found is None:
        slugs = ", ".join(e.slug for e in of_language)
        raise not_found("edition", f"{game} has no {language} edition {slug!r}; editions: {slugs}")
    return found


def entries(edition_row: Edition, number: str) -> list[Entry]:
    """Every entry printed with ``number`` (two where the source repeats it), or a 404 naming the
    numbers on either side of it."""
    found = selectors.entries_numbered(edition_row, number)
    if not found:
        before, after = selectors.nearest_numbers(edition_row, number)
        near = ", ".join(e.number for e in before + after)
        detail = f"no rule {number!r} in {edition_row.game.slug}:{edition_row.language}:{edition_row.slug}"
        raise ApiError(404, "unknown_rule", detail + (f"; nearest: {near}" if near else ""))
    return found
