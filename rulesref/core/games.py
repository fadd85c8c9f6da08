"""The games whose rules we hold. A registry in code, mirrored by a row per game."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str  # as the publisher prints it
    # The language the rules are written in; editions in other languages translate one of its editions.
    original_language: str
    label: object = ""  # translatable name for the interface


GAMES: dict[str, GameInfo] = {
    game.slug: game
    for game in (
        GameInfo("mtg", "Magic: The Gathering", "en", _("Magic: The Gathering")),
        # Translators: the Russian card game «Берсерк» (Berserk), by Hobby World.
        GameInfo("berserk", "Берсерк", "ru", _("Berserk")),
    )
}


class UnknownGame(ValueError):
    pass


def get_game(slug: str) -> GameInfo:
    try:
        return GAMES[slug.strip().lower()]
    except KeyError:
        raise UnknownGame(f"unknown game {slug!r}; known games: {', '.join(GAMES)}") from None
