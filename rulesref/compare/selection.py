"""What a translator asked to see: a game, columns (language and edition), a scope.

The same reading serves the pages (``?game=mtg&c=en:2024-09-20&c=it&scope=208``)
and the commands (``--game mtg --langs en,it --editions en:2024-09-20 --scope 208``).
A column is ``LANG:EDITION`` (the edition by its effective date or its slug) or a
bare ``LANG``: a bare language is shown in the edition that lines up with the
first column named with an edition, or, when no column names one, with the newest
edition of the first translated language, so that a translation always stands
beside the source it translates (English 2024-09-20 beside Italian 2024-10-02,
not English 2025-04-04).

Every problem is a :class:`SelectionError` whose message names the value and the reason.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from rulesref.core.formatting import edition_label, game_name, language_name_in_text
from rulesref.core.games import GAMES, UnknownGame, get_game
from rulesref.core.languages import UnknownLanguage, get_language
from rulesref.rules.models import Edition
from rulesref.rules.selectors import aligned_edition, edition_by_slug

MAX_COLUMNS = 8
SCOPE_RE = re.compile(r"^\d{1,3}(?:\.\d+)*[a-z]{0,2}(?:\.\d+)*$")


class SelectionError(ValueError):
    """A selection that cannot be shown; ``str()`` is one line naming the value and the reason."""


@dataclass(frozen=True)
class ColumnRequest:
    language: str
    edition: str | None  # a slug or "newest"; None: the edition aligned with the others


def read_game(value: str | None) -> str:
    if not value:
        return next(iter(GAMES))
    try:
        return get_game(value).slug
    except UnknownGame:
        raise SelectionError(
            _("Unknown game %(game)s; known games: %(known)s")
            % {"game": repr(value), "known": ", ".join(game_name(slug) for slug in GAMES)}
        ) from None


def read_column(value: str) -> ColumnRequest:
    language, _sep, edition = value.strip().partition(":")
    try:
        code = get_language(language).code
    except UnknownLanguage:
        raise SelectionError(
            _("Column %(value)s: unknown language %(language)s") % {"value": repr(value), "language": repr(language)}
        ) from None
    return ColumnRequest(code, edition.strip() or None)


def read_columns(values, editions=()) -> list[ColumnRequest]:
    """Columns from ``values`` ("en", "it:2024-10-02"); ``editions`` name editions of the bare ones,
    either as ``LANG:EDITION`` or in column order."""
    requests = [read_column(value) for value in values if value.strip()]
    by_position = [e.strip() for e in editions if e.strip() and ":" not in e]
    by_language = dict(e.strip().split(":", 1) for e in editions if ":" in e)
    filled = []
    for index, request in enumerate(requests):
        edition = request.edition or by_language.get(request.language)
        if edition is None and index < len(by_position):
            edition = by_position[index]
        filled.append(ColumnRequest(request.language, edition))
    unique = list(dict.fromkeys(filled))
    if len(unique) > MAX_COLUMNS:
        raise SelectionError(_("At most %(n)d columns can be compared at once") % {"n": MAX_COLUMNS})
    return unique


def read_scope(value: str | None) -> str:
    """A rule, section or chapter number as printed ("208", "208.3a", "2"); "" when none is given."""
    scope = (value or "").strip().rstrip(".").lower()
    scope = re.sub(r"^(?:cr|r|rule|regola)\s*", "", scope)
    if scope and not SCOPE_RE.match(scope):
        raise SelectionError(
            _("Scope %(scope)s is not a rule, section or chapter number such as 208, 208.3a or 2")
            % {"scope": repr(value)}
        )
    return scope


def find_edition(game: str, language: str, slug: str) -> Edition:
    if slug in ("newest", "latest"):
        edition = Edition.objects.newest(game, language)
    else:
        edition = edition_by_slug(game, language, slug)
    if edition is None:
        # The reader's own value is echoed as typed; what exists is named, never listed as slugs.
        editions = Edition.objects.for_game(game).by_game_and_language()
        known = ", ".join(edition_label(e) for e in editions)
        raise SelectionError(
            _("%(edition)s: no such edition of %(game)s; imported: %(known)s")
            % {"edition": f"{language}:{slug}", "game": game_name(game), "known": known or _("none")}
        )
    return edition


def resolve_columns(game: str, requests: list[ColumnRequest]) -> list[Edition]:
    """The edition of every column, in the order asked."""
    if not requests:
        return []
    explicit = {
        index: find_edition(game, request.language, request.edition)
        for index, request in enumerate(requests)
        if request.edition
    }
    if explicit:
        anchor = explicit[min(explicit)]
    else:
        original = get_game(game).original_language
        first = next((r for r in requests if r.language != original), requests[0])
        anchor = Edition.objects.newest(game, first.language)
        if anchor is None:
            raise SelectionError(
                _("No edition of %(game)s in %(language)s is imported")
                % {"game": game_name(game), "language": language_name_in_text(first.language)}
            )
    editions = []
    for index, request in enumerate(requests):
        edition = explicit.get(index) or aligned_edition(anchor, request.language)
        if edition is None:
            raise SelectionError(
                _("No edition of %(game)s in %(language)s is imported")
                % {"game": game_name(game), "language": language_name_in_text(request.language)}
            )
        if edition not in editions:
            editions.append(edition)
    return editions


def edition_key(edition: Edition) -> str:
    return f"{edition.language}:{edition.slug}"
