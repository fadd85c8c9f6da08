"""The games that imports registered (``import_rules … --game KEY --game-name "Name"``).

A game of ``rules_data/games.toml`` is data; a user's own game is a :class:`~.models.Game` row
with ``registered=True``. The rules app installs :func:`registered_games` as a loader of
``rulesref.core.games`` in its ``ready()``, so ``GAMES`` and ``get_game`` answer for both.
Registration itself is a write: :func:`game_register`, called inside an import's transaction.
"""

from __future__ import annotations

from django.db import DatabaseError

from rulesref.core.games import SLUG_RE, GameInfo, game_info

from .models import Game


def _info(row: Game) -> GameInfo:
    return game_info(
        row.slug,
        names=row.names or {row.original_language: row.name},
        original_language=row.original_language,
        numbering=row.numbering or "cr",
        registered=True,
    )


def registered_games() -> list[GameInfo]:
    """Every registered game, in slug order (none before the database has its tables)."""
    try:
        return [_info(row) for row in Game.objects.filter(registered=True).order_by("slug")]
    except DatabaseError:
        # Before `migrate` (a command's --help, the system checks): no table, no registered game.
        return []


def valid_slug(slug: str) -> bool:
    return bool(SLUG_RE.match(slug)) and len(slug) <= 50


def game_register(*, info: GameInfo) -> Game:
    """Store a new game (inside the caller's transaction: a failed import registers nothing)."""
    return Game.objects.create(
        slug=info.slug,
        name=info.name,
        original_language=info.original_language,
        numbering=info.numbering,
        names=dict(info.names),
        registered=True,
    )
