"""The games whose rules we hold. A registry in code, mirrored by a row per game."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str
    # The language the rules are written in; editions in other languages translate one of its editions.
    original_language: str


GAMES: dict[str, GameInfo] = {
    game.slug: game
    for game in (
        GameInfo("mtg", "Magic: The Gathering", "en"),
        GameInfo("berserk", "Берсерк", "ru"),
    )
}


class UnknownGame(ValueError):
    pass


def get_game(slug: str) -> GameInfo:
    try:
        return GAMES[slug.strip().lower()]
    except KeyError:
        raise UnknownGame(f"unknown game {slug!r}; known games: {', '.join(GAMES)}") from None
