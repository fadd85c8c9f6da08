"""How people write "rule 208.2a": the words that may stand before a rule number.

Pure Python (no Django). The words are data: each game's ``prefixes`` in ``rules_data/games.toml``,
so each prefix also says which game it points to: "правило 108.4" is Берсерк's (the Russian texts
are Берсерк's), "CR 108.4" and "regola 108.4" are Magic's, "Regel 4.3.4" Disney Lorcana's.
"""

from __future__ import annotations

import re

from . import gamedata, han


def _prefixes() -> dict[str, str]:
    """prefix (lower case, its Han characters folded: ``han.fold``) → the game it points to (the first game
    of rules_data/games.toml that lists it)."""
    found: dict[str, str] = {}
    for game in gamedata.games().values():
        for prefix in game.prefixes:
            found.setdefault(han.fold(prefix), game.key)
    return found


PREFIXES: dict[str, str] = _prefixes()
# Longest first, so that "rules" is not read as "rule" + "s".
PREFIX_PATTERN = "(?:" + "|".join(re.escape(p) for p in sorted(PREFIXES, key=len, reverse=True)) + ")"
_PREFIX_RE = re.compile(rf"^\s*({PREFIX_PATTERN})\s*(?=\d)", re.IGNORECASE)


def split_prefix(text: str) -> tuple[str | None, str]:
    """(the prefix in lower case, its Han characters folded, or None; the rest): "CR 208.2a" → ("cr",
    "208.2a"). A prefix is read in any of its characters' forms: Traditional Chinese and Japanese 規則 is
    规则 (``han.fold`` keeps the length, so the rest is cut where it stands in ``text``)."""
    match = _PREFIX_RE.match(han.fold(text))
    if not match:
        return None, text.strip()
    return match[1].lower(), text[match.end() :].strip()


def game_of_prefix(prefix: str | None) -> str | None:
    return PREFIXES.get(prefix) if prefix else None
