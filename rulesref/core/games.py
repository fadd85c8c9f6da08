"""The games whose rules we hold: ``rules_data/games.toml``, and the games users registered.

``GAMES`` is a read-only mapping slug → :class:`GameInfo`. Its games are the data file's
(:mod:`rulesref.core.gamedata`) followed by those that imports registered (``import_rules …
--game KEY --game-name "Name"``), which live in the database: the rules app installs a loader
for them in its ``ready()`` (:func:`add_loader`), since core never imports the rules models. A
data game is answered without a query; the registered ones are read again at every look-up that
needs them (one small query), so a game an import registered in another process is seen at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from django.utils.functional import lazy
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from . import gamedata

SLUG_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")

# The interface names of the data file's `label`s, for the catalogs (makemessages reads them here).
LABELS = (
    _("Magic: The Gathering"),
    # Translators: the Russian card game «Берсерк» (Berserk), by Hobby World.
    _("Berserk"),
)


@dataclass(frozen=True)
class GameInfo:
    slug: str
    name: str  # as the publisher prints it
    # The language the rules are written in; editions in other languages translate one of its editions.
    original_language: str
    label: object = ""  # the name for the interface, in its language
    numbering: str = "cr"  # a scheme of rulesref.rules.parsers.numbers.SCHEMES
    names: dict[str, str] = field(default_factory=dict, hash=False)  # language → name
    registered: bool = False  # registered by an import (in the database), not in rules_data/games.toml


def _name_in_interface(names: dict[str, str], original: str) -> str:
    """The name in the active interface language (``zh-hans`` also as ``zh``), else the original one."""
    language = (get_language() or "en").lower()
    for code in (language, language.split("-")[0]):
        if names.get(code):
            return names[code]
    return names.get(original) or next(iter(names.values()), "")


_interface_name = lazy(_name_in_interface, str)


def game_info(
    slug: str,
    *,
    names: dict[str, str],
    original_language: str,
    numbering: str,
    label: str = "",
    registered: bool = False,
) -> GameInfo:
    """A :class:`GameInfo` whose label is ``label`` translated, or the name in the interface language."""
    name = names.get(original_language) or next(iter(names.values()), slug)
    shown = _(label) if label else _interface_name(dict(names), original_language)
    return GameInfo(slug, name, original_language, shown, numbering, dict(names), registered)


def _from_data(game: gamedata.GameData) -> GameInfo:
    return game_info(
        game.key,
        names=game.names,
        original_language=game.original_language,
        numbering=game.numbering,
        label=game.label,
    )


# Callables that return the registered games (installed by the rules app's ready()).
_LOADERS: list[Callable[[], Iterable[GameInfo]]] = []


def add_loader(loader: Callable[[], Iterable[GameInfo]]) -> None:
    """Add a source of registered games (once per loader)."""
    if loader not in _LOADERS:
        _LOADERS.append(loader)


class Games(Mapping):
    """slug → :class:`GameInfo`: the data file's games, then the registered ones."""

    def __init__(self, data: dict[str, GameInfo]):
        self.data = data

    def registered(self) -> dict[str, GameInfo]:
        found: dict[str, GameInfo] = {}
        for loader in _LOADERS:
            for info in loader():
                if info.slug not in self.data:
                    found.setdefault(info.slug, info)
        return found

    def _all(self) -> dict[str, GameInfo]:
        return {**self.data, **self.registered()} if _LOADERS else self.data

    def __getitem__(self, slug: str) -> GameInfo:
        if slug in self.data:
            return self.data[slug]
        return self.registered()[slug]

    def __contains__(self, slug) -> bool:
        return slug in self.data or (isinstance(slug, str) and slug in self.registered())

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def keys(self):
        return self._all().keys()

    def values(self):
        return self._all().values()

    def items(self):
        return self._all().items()


GAMES = Games({key: _from_data(game) for key, game in gamedata.games().items()})


class UnknownGame(ValueError):
    pass


def get_game(slug: str) -> GameInfo:
    key = slug.strip().lower()
    try:
        return GAMES[key]
    except KeyError:
        raise UnknownGame(f"unknown game {slug!r}; known games: {', '.join(GAMES)}") from None


def scheme_name(slug: str) -> str:
    """The numbering scheme of a game (``"cr"`` for a game no longer known)."""
    try:
        return get_game(slug).numbering
    except UnknownGame:
        return "cr"
